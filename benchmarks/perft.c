/* Nam Nam (awale) perft in plain C: the method of solver/namnam/kernel.py (Numba), for
 * benchmarks/bench_perft.py to time both in the same run. Canonical boards: the mover's row
 * first, in sowing order; the last ply is counted, not played; a grand slam captures nothing
 * (with -f it is legal only when every move is one).
 *
 *   cc -O2 -o perft perft.c
 *   ./perft [-f] DEPTH P0 ... P11        e.g. ./perft 8 4 4 4 4 4 4 4 4 4 4 4 4
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;
static int forbid;

/* sow pit start of b into out (not rotated), take the captures; *slam says a grand slam */
static i64 sow(const i64 *b, int start, i64 *out, int *slam) {
    memcpy(out, b, 12 * sizeof(i64));
    i64 seeds = b[start];
    out[start] = 0;
    int pos = start;
    for (i64 s = 0; s < seeds; s++) {
        if (++pos == 12) pos = 0;
        if (pos == start && ++pos == 12) pos = 0;
        out[pos]++;
    }
    *slam = 0;
    i64 total = 0;
    int k = pos;
    if (seeds > 0 && pos >= 6)
        while (k >= 6 && (out[k] == 2 || out[k] == 3)) total += out[k--];
    if (total == 0) return 0;
    i64 row = 0;
    for (int j = 6; j < 12; j++) row += out[j];
    if (total == row) { *slam = 1; return 0; }
    for (int j = k + 1; j <= pos; j++) out[j] = 0;
    return total;
}

/* the legal moves of b: with make, the boards after them (rotated) in kids; returns how many */
static int children(const i64 *b, i64 kids[6][12], int make) {
    int starving = 1, n = 0, slams = 0, slam_of[6];
    for (int j = 6; j < 12; j++) if (b[j]) { starving = 0; break; }
    i64 tmp[12];
    for (int i = 0; i < 6; i++) {
        if (b[i] == 0 || (starving && b[i] < 6 - i)) continue;
        slam_of[n] = 0;
        if (make || forbid) {
            int slam;
            sow(b, i, tmp, &slam);
            if (forbid && slam) { slams++; slam_of[n] = 1; }
            memcpy(kids[n], tmp + 6, 6 * sizeof(i64));
            memcpy(kids[n] + 6, tmp, 6 * sizeof(i64));
        }
        n++;
    }
    if (forbid && slams > 0 && slams < n) {
        int m = 0;
        for (int k = 0; k < n; k++)
            if (!slam_of[k]) { if (m != k) memcpy(kids[m], kids[k], 12 * sizeof(i64)); m++; }
        n = m;
    }
    return n;
}

static i64 perft(const i64 *b, int depth) {
    i64 kids[6][12];
    if (depth == 0) return 1;
    int n = children(b, kids, depth > 1);
    if (depth == 1) return n;
    i64 total = 0;
    for (int k = 0; k < n; k++) total += perft(kids[k], depth - 1);
    return total;
}

int main(int argc, char **argv) {
    int a = 1;
    if (a < argc && strcmp(argv[a], "-f") == 0) { forbid = 1; a++; }
    if (argc - a != 13) {
        fprintf(stderr, "usage: %s [-f] DEPTH P0 ... P11\n", argv[0]);
        return 2;
    }
    int depth = atoi(argv[a++]);
    i64 b[12];
    for (int j = 0; j < 12; j++) b[j] = atoll(argv[a + j]);
    printf("%lld\n", (long long)perft(b, depth));
    return 0;
}
