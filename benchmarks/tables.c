/* Nam Nam (awale) endgame tables in plain C: a straightforward retrograde builder of the same
 * tables as solver/namnam/tables.py, for benchmarks/bench_tables.py to time against tablecalc's
 * builders in the same run, and for tests/games/namnam/test_tables_c.py to check them against,
 * bit for bit. Nothing in tablecalc needs it.
 *
 *   cc -O2 -o tables tables.c
 *   ./tables [--forbid] [--jacobi] [--out FILE] N
 *
 * Boards are canonical (the mover's row first, in sowing order: solver/namnam/sowing.py); layer n
 * holds the C(n+11, 11) boards of n seeds, numbered in lexicographic order, first pit slowest
 * (solver.namnam.tables.rank). A board's value is what the player to move will still take minus
 * what the opponent will, under best play: where no move is legal, the seeds of the mover's row
 * minus the opponent's; a move that captures goes to a smaller layer, already solved. A starving
 * opponent must be fed. A grand slam (a capture of every seed of the opponent's row) captures
 * nothing (tablecalc's rule "no-capture"); with --forbid (the rule "forbidden") it is legal only
 * when every legal move is one.
 *
 * Each layer, the classic way: one pass generates every board's moves, keeps the ranks of the
 * children that stay in the layer (int32, 6 a board) and the best capture's value; then sweeps,
 * in place, raise `low` (what the mover can force) and lower `high` (what the opponent cannot
 * stop), from -n and n, until a sweep changes nothing. A board whose bounds do not meet is
 * cyclic; its value is its own-row split clipped into [low, high] (the default cycle rule).
 * With --jacobi each sweep reads only the bounds of the sweep before (two more bytes a board,
 * and more sweeps): the same fixed point, both climbing from the same start by the same
 * monotone equations.
 *
 * With --out, FILE receives the values (int8 a board, layer 0 to N), then each layer's cyclic
 * flags packed 8 to a byte, first board in the highest bit, as numpy.packbits does: the payload
 * of a tablecalc table file. Prints on stdout one JSON line: seeds, grand-slam rule, boards,
 * boards of the last layer, cyclic boards, sweeps, CPU seconds of the build (getrusage, the
 * output file not included) and peak memory in MiB (Linux's VmHWM, the program's own high-water
 * mark; elsewhere getrusage's ru_maxrss, which on Linux would also count the memory of the
 * process that started it, from before the exec).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define PITS 12
#define ROW 6
#define MAX_SEEDS 28 /* layer 28 has 1.68 G boards: its ranks still fit in an int32 */

typedef int64_t i64;

static i64 comb[MAX_SEEDS + PITS + 1][PITS];
static int forbid, jacobi;

static void *alloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL) {
        fprintf(stderr, "tables: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* the peak resident memory in MiB */
static double peak_mib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    if (f != NULL) {
        while (kib < 0 && fgets(line, sizeof line, f) != NULL)
            if (strncmp(line, "VmHWM:", 6) == 0) kib = atol(line + 6);
        fclose(f);
    }
    if (kib < 0) {
        struct rusage use;
        getrusage(RUSAGE_SELF, &use);
        kib = use.ru_maxrss;
    }
    return kib / 1024.0;
}

/* the number of board c within its layer */
static i64 rank(const int *c) {
    int m = 0;
    for (int i = 0; i < PITS; i++) m += c[i];
    i64 r = 0;
    for (int i = 0; i < PITS - 1; i++) {
        int k = PITS - i;
        r += comb[m + k - 1][k - 1] - comb[m - c[i] + k - 1][k - 1];
        m -= c[i];
    }
    return r;
}

/* the next board in rank order: one more seed in the last pit that can take one */
static void next_board(int *b) {
    int tail = 0;
    for (int i = PITS - 2; i >= 0; i--) {
        tail += b[i + 1];
        if (tail > 0) {
            b[i]++;
            for (int j = i + 1; j < PITS; j++) b[j] = 0;
            b[PITS - 1] = tail - 1;
            return;
        }
    }
}

/* sow pit start of b in place and take the captures; returns the seeds captured, *slam says
 * the capture would have taken the opponent's whole row (then nothing is taken) */
static int sow(int *b, int start, int *slam) {
    int seeds = b[start], pos = start;
    b[start] = 0;
    for (int s = 0; s < seeds; s++) {
        if (++pos == PITS) pos = 0;
        if (pos == start && ++pos == PITS) pos = 0; /* a lap skips the starting pit */
        b[pos]++;
    }
    *slam = 0;
    int total = 0, k = pos;
    if (seeds > 0 && pos >= ROW)
        while (k >= ROW && (b[k] == 2 || b[k] == 3)) total += b[k--];
    if (total == 0) return 0;
    int row = 0;
    for (int j = ROW; j < PITS; j++) row += b[j];
    if (total == row) { *slam = 1; return 0; }
    for (int j = k + 1; j <= pos; j++) b[j] = 0;
    return total;
}

int main(int argc, char **argv) {
    const char *out = NULL;
    int n_max = -1;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--forbid") == 0) forbid = 1;
        else if (strcmp(argv[a], "--jacobi") == 0) jacobi = 1;
        else if (strcmp(argv[a], "--out") == 0 && a + 1 < argc) out = argv[++a];
        else if (n_max < 0 && argv[a][0] >= '0' && argv[a][0] <= '9') n_max = atoi(argv[a]);
        else n_max = -2;
    }
    if (n_max < 0 || n_max > MAX_SEEDS) {
        fprintf(stderr, "usage: %s [--forbid] [--jacobi] [--out FILE] N   (N: 0 to %d seeds)\n", argv[0], MAX_SEEDS);
        return 2;
    }
    for (int a = 0; a <= MAX_SEEDS + PITS; a++)
        for (int b = 0; b < PITS; b++) comb[a][b] = b == 0 ? 1 : a == 0 ? 0 : comb[a - 1][b - 1] + comb[a - 1][b];

    /* every layer's values, one after another; every layer's cyclic flags, packed */
    i64 *offset = alloc(sizeof(i64) * (n_max + 2));
    i64 *bit_offset = alloc(sizeof(i64) * (n_max + 2));
    offset[0] = bit_offset[0] = 0;
    for (int n = 0; n <= n_max; n++) {
        i64 size = comb[n + PITS - 1][PITS - 1];
        offset[n + 1] = offset[n] + size;
        bit_offset[n + 1] = bit_offset[n] + (size + 7) / 8;
    }
    int8_t *values = alloc((size_t)offset[n_max + 1]);
    unsigned char *cyclic = calloc((size_t)bit_offset[n_max + 1] + 1, 1);
    if (cyclic == NULL) { fprintf(stderr, "tables: out of memory\n"); return 1; }
    i64 cyclic_count = 0, sweeps = 0;
    values[0] = 0;

    for (int n = 1; n <= n_max; n++) {
        i64 size = comb[n + PITS - 1][PITS - 1];
        int32_t *stay = alloc(sizeof(int32_t) * ROW * (size_t)size); /* children in the layer, -1 after the last */
        int8_t *bounds = alloc(2 * (size_t)size);                    /* low, high of each board, side by side */
        int8_t *best = alloc((size_t)size);                          /* the best capture's value, or -n */
        int b[PITS], tmp[PITS], child[PITS];
        memset(b, 0, sizeof b);
        b[PITS - 1] = n;
        for (i64 r = 0; r < size; r++) {
            if (r > 0) next_board(b);
            int starving = 1;
            for (int j = ROW; j < PITS; j++) if (b[j]) { starving = 0; break; }
            int moves = 0, plain = 0, caps[ROW], slams[ROW];
            i64 ranks[ROW];
            for (int i = 0; i < ROW; i++) {
                if (b[i] == 0 || (starving && b[i] < ROW - i)) continue; /* a starving opponent is fed */
                memcpy(tmp, b, sizeof tmp);
                caps[moves] = sow(tmp, i, &slams[moves]);
                memcpy(child, tmp + ROW, ROW * sizeof(int));
                memcpy(child + ROW, tmp, ROW * sizeof(int));
                ranks[moves] = rank(child);
                plain |= !slams[moves];
                moves++;
            }
            int32_t *s = stay + ROW * (size_t)r;
            int inner = 0, capture = -1000;
            for (int k = 0; k < moves; k++) {
                if (forbid && slams[k] && plain) continue; /* another move exists: no grand slam */
                if (caps[k] > 0) {
                    int v = caps[k] - values[offset[n - caps[k]] + ranks[k]];
                    if (v > capture) capture = v;
                } else {
                    s[inner++] = (int32_t)ranks[k];
                }
            }
            for (int k = inner; k < ROW; k++) s[k] = -1;
            if (moves == 0) { /* the game ends: each player takes their own row */
                int split = 0;
                for (int j = 0; j < ROW; j++) split += b[j] - b[j + ROW];
                bounds[2 * r] = bounds[2 * r + 1] = (int8_t)split;
            } else if (inner == 0) { /* captures only */
                bounds[2 * r] = bounds[2 * r + 1] = (int8_t)capture;
            } else {
                best[r] = (int8_t)(capture > -n ? capture : -n);
                bounds[2 * r] = (int8_t)-n;
                bounds[2 * r + 1] = (int8_t)n;
            }
        }
        /* the sweeps: low rises, high falls, until nothing moves; in place, or each sweep from
         * the bounds of the one before into `fresh` (--jacobi) */
        int8_t *fresh = jacobi ? alloc(2 * (size_t)size) : bounds;
        int changed = 1;
        while (changed) {
            changed = 0;
            sweeps++;
            if (jacobi) memcpy(fresh, bounds, 2 * (size_t)size);
            for (i64 r = 0; r < size; r++) {
                if (bounds[2 * r] == bounds[2 * r + 1]) continue; /* settled */
                const int32_t *s = stay + ROW * (size_t)r;
                int low = best[r], high = best[r];
                for (int k = 0; k < ROW && s[k] >= 0; k++) {
                    const int8_t *c = bounds + 2 * (size_t)s[k];
                    if (-c[1] > low) low = -c[1];
                    if (-c[0] > high) high = -c[0];
                }
                if (low != bounds[2 * r] || high != bounds[2 * r + 1]) {
                    fresh[2 * r] = (int8_t)low;
                    fresh[2 * r + 1] = (int8_t)high;
                    changed = 1;
                }
            }
            if (jacobi) {
                int8_t *old = bounds;
                bounds = fresh;
                fresh = old;
            }
        }
        if (jacobi) free(fresh);
        /* the values: a cyclic board's own-row split, clipped into its bounds */
        memset(b, 0, sizeof b);
        b[PITS - 1] = n;
        int8_t *v = values + offset[n];
        unsigned char *bits = cyclic + bit_offset[n];
        for (i64 r = 0; r < size; r++) {
            if (r > 0) next_board(b);
            int split = 0;
            for (int j = 0; j < ROW; j++) split += b[j] - b[j + ROW];
            int low = bounds[2 * r], high = bounds[2 * r + 1];
            v[r] = (int8_t)(split < low ? low : split > high ? high : split);
            if (low < high) {
                bits[r >> 3] |= (unsigned char)(0x80 >> (r & 7));
                cyclic_count++;
            }
        }
        free(stay);
        free(bounds);
        free(best);
    }

    struct rusage use;
    getrusage(RUSAGE_SELF, &use);
    double peak = peak_mib();
    double cpu = use.ru_utime.tv_sec + use.ru_utime.tv_usec / 1e6 + use.ru_stime.tv_sec + use.ru_stime.tv_usec / 1e6;
    if (out != NULL) {
        FILE *f = fopen(out, "wb");
        if (f == NULL || fwrite(values, 1, (size_t)offset[n_max + 1], f) != (size_t)offset[n_max + 1] ||
            fwrite(cyclic, 1, (size_t)bit_offset[n_max + 1], f) != (size_t)bit_offset[n_max + 1] || fclose(f) != 0) {
            fprintf(stderr, "tables: cannot write %s\n", out);
            return 1;
        }
    }
    printf("{\"seeds\": %d, \"grand_slam\": \"%s\", \"boards\": %lld, \"last\": %lld, \"cyclic\": %lld, "
           "\"sweeps\": %lld, \"jacobi\": %s, \"cpu\": %.3f, \"peak_mib\": %.1f}\n",
           n_max, forbid ? "forbidden" : "no-capture", (long long)offset[n_max + 1],
           (long long)(offset[n_max + 1] - offset[n_max]), (long long)cyclic_count, (long long)sweeps,
           jacobi ? "true" : "false", cpu, peak);
    free(values);
    free(cyclic);
    free(offset);
    free(bit_offset);
    return 0;
}
