/* The Countdown table in plain C: the method of solver/arith/kernel.py (Numba), line for line,
 * for the default rules (any bracketing, + - x /, whole numbers >= 0 on the way), so that
 * benchmarks/bench_countdown_table.py can time both in the same run.
 *
 *   cc -O2 -o countdown_table countdown_table.c -lm
 *   ./countdown_table LO HI SIZE TILE...      e.g. 100 999 6 1 1 2 2 ... 25 50 75 100
 *
 * Prints the number of selections, how many reach every target, then for each target how many
 * selections reach it (one line of numbers). The benchmark builds it only when a C compiler is
 * there; nothing else in tablecalc needs it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;

static int nvalues, bits, size;
static i64 values[64];
static int counts[64];
static i64 lo, hi, reach_;

/* the parts: sub-multisets of up to size - 1 numbers, sorted by key */
static i64 *keys;
static int (*parts)[8];
static int *psize;
static int nparts, cap_parts;
/* the selections */
static int (*chosen)[8];
static int nchosen, cap_chosen;

static i64 key_of(const int *idx, int k) {
    i64 key = 0;
    for (int j = 0; j < k; j++) key = (key << bits) | (idx[j] + 1);
    return key;
}

static void add_part(const int *idx, int k) {
    if (nparts == cap_parts) {
        cap_parts = cap_parts ? 2 * cap_parts : 1024;
        parts = realloc(parts, sizeof *parts * cap_parts);
        psize = realloc(psize, sizeof *psize * cap_parts);
        keys = realloc(keys, sizeof *keys * cap_parts);
    }
    memcpy(parts[nparts], idx, sizeof(int) * k);
    psize[nparts] = k;
    keys[nparts] = key_of(idx, k);
    nparts++;
}

static void add_chosen(const int *idx) {
    if (nchosen == cap_chosen) {
        cap_chosen = cap_chosen ? 2 * cap_chosen : 1024;
        chosen = realloc(chosen, sizeof *chosen * cap_chosen);
    }
    memcpy(chosen[nchosen++], idx, sizeof(int) * size);
}

/* every sub-multiset of k numbers, from value index i on */
static void subs(int *idx, int have, int k, int i, int selections) {
    if (have == k) {
        if (selections) add_chosen(idx); else add_part(idx, k);
        return;
    }
    if (i == nvalues) return;
    for (int take = 0; take <= counts[i] && have + take <= k; take++) {
        for (int t = 0; t < take; t++) idx[have + t] = i;
        subs(idx, have + take, k, i + 1, selections);
    }
}

static long lower(const int32_t *xs, long n, i64 v) {
    long first = 0, last = n;
    while (first < last) {
        long mid = (first + last) >> 1;
        if (xs[mid] < v) first = mid + 1; else last = mid;
    }
    return first;
}

static long lower64(const i64 *xs, long n, i64 v) {
    long first = 0, last = n;
    while (first < last) {
        long mid = (first + last) >> 1;
        if (xs[mid] < v) first = mid + 1; else last = mid;
    }
    return first;
}

static int put(i64 v, i64 l, i64 h, u64 *marks, int n) {
    if (l <= v && v <= h) {
        i64 i = v - l;
        u64 bit = (u64)1 << (i & 63);
        if (!(marks[i >> 6] & bit)) { marks[i >> 6] |= bit; n++; }
    }
    return n;
}

static i64 ceil_div(i64 x, i64 a) { /* a > 0 */
    return x >= 0 ? (x + a - 1) / a : -((-x) / a);
}

/* a / b rounded to the nearest whole number, with inv = 1 / b: exact a / b when q * b == a (as in
   the kernel: one multiplication instead of a division in the inner loops) */
static i64 quotient(i64 a, double inv) { return (i64)floor((double)a * inv + 0.5); }

static int mark_quotients(const int32_t *va, long na, const int32_t *vb, long nb, i64 l, i64 h, u64 *marks, int n) {
    for (long k = 0; k < nb; k++) {
        i64 b = vb[k];
        if (b == 0) continue;
        double inv = 1.0 / (double)b;
        for (long i = lower(va, na, l * b); i < na && va[i] <= h * b; i++) {
            i64 a = va[i], q = quotient(a, inv);
            if (q * b == a) n = put(q, l, h, marks, n);
        }
    }
    return n;
}

/* every a op b (and b op a) landing in [l, h], whole numbers >= 0 */
static int mark_pair(const int32_t *va, long na, const int32_t *vb, long nb, i64 l, i64 h, u64 *marks, int n) {
    for (long i = 0; i < na; i++) {
        i64 a = va[i];
        for (long j = lower(vb, nb, l - a); j < nb && a + vb[j] <= h; j++) n = put(a + vb[j], l, h, marks, n);
        for (long j = lower(vb, nb, a - h); j < nb && vb[j] <= a - l; j++) n = put(a - vb[j], l, h, marks, n);
        for (long j = lower(vb, nb, a + l); j < nb && vb[j] <= a + h; j++) n = put(vb[j] - a, l, h, marks, n);
        if (a == 0) {
            if (nb > 0) n = put(0, l, h, marks, n);
        } else {
            i64 first = ceil_div(l, a), last = h / a;
            for (long j = lower(vb, nb, first); j < nb && vb[j] <= last; j++) n = put(a * vb[j], l, h, marks, n);
        }
    }
    n = mark_quotients(va, na, vb, nb, l, h, marks, n);
    n = mark_quotients(vb, nb, va, na, l, h, marks, n);
    return n;
}

static int has(const int32_t *xs, long n, i64 v) {
    long i = lower(xs, n, v);
    return i < n && xs[i] == v;
}

static int reached(i64 t, const int32_t *va, long na, const int32_t *vb, long nb) {
    for (long i = 0; i < na; i++) {
        i64 a = va[i];
        if (has(vb, nb, t - a) || has(vb, nb, a - t) || has(vb, nb, t + a)) return 1;
        if (a == 0) {
            if (t == 0 && nb > 0) return 1;
        } else {
            i64 q = quotient(t, 1.0 / (double)a);
            if (q * a == t && has(vb, nb, q)) return 1;
        }
        if (t != 0) {
            i64 q = quotient(a, 1.0 / (double)t);
            if (q * t == a && q != 0 && has(vb, nb, q)) return 1;
        } else if (a == 0) {
            for (long j = 0; j < nb; j++) if (vb[j] != 0) return 1;
        }
        if (a != 0 && has(vb, nb, t * a)) return 1;
    }
    return 0;
}

static int mark_targets(const int32_t *va, long na, const int32_t *vb, long nb, u64 *marks, int n) {
    i64 width = hi - lo + 1;
    for (i64 w = 0; w < (width + 63) / 64; w++) {
        if (marks[w] == ~(u64)0) continue; /* every target of this word reached already */
        for (i64 i = 64 * w; i < 64 * w + 64 && i < width; i++) {
            if (marks[i >> 6] >> (i & 63) & 1) continue;
            i64 t = lo + i;
            int hit = na <= nb ? reached(t, va, na, vb, nb) : reached(t, vb, nb, va, na);
            if (hit) n = put(t, lo, hi, marks, n);
        }
    }
    return n;
}

static i64 all_results(const int32_t *va, long na, const int32_t *vb, long nb, i64 *out, i64 n) {
    for (long i = 0; i < na; i++) {
        i64 a = va[i];
        double inv_a = a != 0 ? 1.0 / (double)a : 0.0;
        for (long j = 0; j < nb; j++) {
            i64 b = vb[j], q;
            out[n++] = a + b;
            out[n++] = a * b;
            out[n++] = a > b ? a - b : b - a;
            if (b != 0 && (q = quotient(a, 1.0 / (double)b)) * b == a) out[n++] = q;
            if (a != 0 && (q = quotient(b, inv_a)) * a == b) out[n++] = q;
        }
    }
    return n;
}

static int cmp_i64(const void *a, const void *b) {
    i64 x = *(const i64 *)a, y = *(const i64 *)b;
    return (x > y) - (x < y);
}

static int32_t *store;
static i64 used, cap_store;
static i64 *starts, *ends;

static long find(const int *idx, int k, int mask) {
    int pick[8], m = 0;
    for (int j = 0; j < k; j++) if (mask >> j & 1) pick[m++] = idx[j];
    return lower64(keys, nparts, key_of(pick, m));
}

static int canonical(const int *idx, int k, int mask) {
    for (int j = 1; j < k; j++)
        if (idx[j] == idx[j - 1] && (mask >> j & 1) && !(mask >> (j - 1) & 1)) return 0;
    return 1;
}

/* the splits of idx (k numbers), each unordered split once: ids of both parts */
static int splits(const int *idx, int k, long *lefts, long *rights) {
    int full = (1 << k) - 1, count = 0;
    for (int mask = 1; mask < full; mask++) {
        if (!canonical(idx, k, mask)) continue;
        int pa = __builtin_popcount(mask), pb = k - pa;
        if (pa > pb) continue;
        int pick[8], m = 0, rest[8], r = 0;
        for (int j = 0; j < k; j++) { if (mask >> j & 1) pick[m++] = idx[j]; else rest[r++] = idx[j]; }
        i64 ka = key_of(pick, m), kb = key_of(rest, r);
        if (pa == pb && ka > kb) continue;
        lefts[count] = lower64(keys, nparts, ka);
        rights[count] = lower64(keys, nparts, kb);
        count++;
    }
    return count;
}

static int log2i(long x) { int k = 0; while (x > 1) { x >>= 1; k++; } return k; }

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s LO HI SIZE TILE...\n", argv[0]);
        return 2;
    }
    lo = atoll(argv[1]); hi = atoll(argv[2]); size = atoi(argv[3]);
    i64 tiles[256]; int ntiles = 0;
    for (int i = 4; i < argc && ntiles < 256; i++) tiles[ntiles++] = atoll(argv[i]);
    qsort(tiles, ntiles, sizeof(i64), cmp_i64);
    for (int i = 0; i < ntiles; i++) {
        if (nvalues && values[nvalues - 1] == tiles[i]) counts[nvalues - 1]++;
        else { values[nvalues] = tiles[i]; counts[nvalues++] = 1; }
    }
    for (bits = 0; (1 << bits) <= nvalues; bits++) {}
    i64 most = values[nvalues - 1];
    reach_ = (hi > -lo ? hi : -lo) * most + most;
    if (lo < 0 || hi < lo || size < 1 || size > 7 || ntiles < size) {
        fprintf(stderr, "expected 0 <= LO <= HI, SIZE 1 to 7, at least SIZE tiles\n");
        return 2;
    }
    int idx[8], top = size - 1 > 1 ? size - 1 : 1;
    for (int k = 1; k <= top; k++) subs(idx, 0, k, 0, 0);
    subs(idx, 0, size, 0, 1);
    /* sort the parts by key (selection sort of an index would do; qsort on an index array) */
    {
        /* the parts in key order: sort (key, index) pairs, then move the parts */
        i64 (*pairs)[2] = malloc(sizeof *pairs * nparts);
        for (long i = 0; i < nparts; i++) { pairs[i][0] = keys[i]; pairs[i][1] = i; }
        qsort(pairs, nparts, sizeof *pairs, cmp_i64);
        int (*p2)[8] = malloc(sizeof *p2 * nparts);
        int *s2 = malloc(sizeof(int) * nparts);
        i64 *k2 = malloc(sizeof(i64) * nparts);
        for (long i = 0; i < nparts; i++) {
            long o = pairs[i][1];
            memcpy(p2[i], parts[o], sizeof p2[i]); s2[i] = psize[o]; k2[i] = keys[o];
        }
        free(parts); free(psize); free(keys); free(pairs);
        parts = p2; psize = s2; keys = k2;
    }

    i64 width = hi - lo + 1;
    int words = (int)((width + 63) / 64);
    starts = calloc(nparts, sizeof(i64)); ends = calloc(nparts, sizeof(i64));
    cap_store = 1 << 16; store = malloc(sizeof(int32_t) * cap_store);
    u64 *seen = calloc((size_t)nparts * words, sizeof(u64));
    long wide_words = (reach_ + 64) / 64;
    u64 *wide = calloc(wide_words, sizeof(u64));
    i64 cap_scratch = 1 << 16; i64 *scratch = malloc(sizeof(i64) * cap_scratch);
    long lefts[128], rights[128];
    for (int k = 1; k <= top; k++) {
        for (long p = 0; p < nparts; p++) {
            if (psize[p] != k) continue;
            int *ix = parts[p];
            i64 n = 0;
            i64 *got;
            if (k == 1) {
                got = scratch; got[0] = values[ix[0]]; n = 1;
            } else if (k < size - 1) {
                int ns = splits(ix, k, lefts, rights);
                i64 need = 0;
                for (int s = 0; s < ns; s++) need += (ends[lefts[s]] - starts[lefts[s]]) * (ends[rights[s]] - starts[rights[s]]) * 6;
                if (need > cap_scratch) { cap_scratch = 2 * need; scratch = realloc(scratch, sizeof(i64) * cap_scratch); }
                for (int s = 0; s < ns; s++)
                    n = all_results(store + starts[lefts[s]], ends[lefts[s]] - starts[lefts[s]],
                                    store + starts[rights[s]], ends[rights[s]] - starts[rights[s]], scratch, n);
                qsort(scratch, n, sizeof(i64), cmp_i64);
                i64 m = 0;
                for (i64 i = 0; i < n; i++) if (m == 0 || scratch[i] != scratch[m - 1]) scratch[m++] = scratch[i];
                n = m; got = scratch;
            } else {
                int ns = splits(ix, k, lefts, rights);
                int c = 0;
                for (int s = 0; s < ns; s++)
                    c = mark_pair(store + starts[lefts[s]], ends[lefts[s]] - starts[lefts[s]],
                                  store + starts[rights[s]], ends[rights[s]] - starts[rights[s]], 0, reach_, wide, c);
                if (c > cap_scratch) { cap_scratch = 2 * c; scratch = realloc(scratch, sizeof(i64) * cap_scratch); }
                for (long w = 0; w < wide_words; w++) {
                    u64 x = wide[w];
                    while (x) { int b = __builtin_ctzll(x); scratch[n++] = 64 * w + b; x &= x - 1; }
                    wide[w] = 0;
                }
                got = scratch;
            }
            if (used + n > cap_store) {
                while (used + n > cap_store) cap_store *= 2;
                store = realloc(store, sizeof(int32_t) * cap_store);
            }
            for (i64 i = 0; i < n; i++) store[used + i] = (int32_t)got[i];
            starts[p] = used; used += n; ends[p] = used;
            u64 *sp = seen + (size_t)p * words;
            for (i64 i = 0; i < n; i++) if (got[i] >= lo && got[i] <= hi) put(got[i], lo, hi, sp, 0);
            if (k > 1)
                for (int j = 0; j < k; j++)
                    if (j == 0 || ix[j] != ix[j - 1]) {
                        long q = find(ix, k, ((1 << k) - 1) ^ (1 << j));
                        for (int w = 0; w < words; w++) sp[w] |= seen[(size_t)q * words + w];
                    }
        }
    }
    long *per_target = calloc(width, sizeof(long));
    long every = 0;
    u64 *marks = malloc(sizeof(u64) * words);
    int full = (1 << size) - 1;
    for (long s = 0; s < nchosen; s++) {
        int *ix = chosen[s];
        memset(marks, 0, sizeof(u64) * words);
        if (size == 1) {
            put(values[ix[0]], lo, hi, marks, 0);
        } else {
            for (int j = 0; j < size; j++)
                if (j == 0 || ix[j] != ix[j - 1]) {
                    long q = find(ix, size, full ^ (1 << j));
                    for (int w = 0; w < words; w++) marks[w] |= seen[(size_t)q * words + w];
                }
            int n = 0;
            for (int w = 0; w < words; w++) n += __builtin_popcountll(marks[w]);
            int ns = splits(ix, size, lefts, rights);
            for (int one = 1; one >= 0; one--)
                for (int t = 0; t < ns && n < width; t++) {
                    if ((psize[lefts[t]] == 1 || psize[rights[t]] == 1) != one) continue;
                    const int32_t *va = store + starts[lefts[t]], *vb = store + starts[rights[t]];
                    long na = ends[lefts[t]] - starts[lefts[t]], nb = ends[rights[t]] - starts[rights[t]];
                    long small = na < nb ? na : nb;
                    long near = lower(vb, nb, hi + (na ? va[na - 1] : 0) + 1) + lower(va, na, hi + (nb ? vb[nb - 1] : 0) + 1);
                    i64 by_value = small * near + na + nb;
                    i64 by_target = (width - n) * small * 8 * (1 + log2i(na > nb ? na : nb));
                    if (by_value <= by_target) n = mark_pair(va, na, vb, nb, lo, hi, marks, n);
                    else n = mark_targets(va, na, vb, nb, marks, n);
                }
        }
        int all = 1;
        for (i64 i = 0; i < width; i++) {
            if (marks[i >> 6] >> (i & 63) & 1) per_target[i]++;
            else all = 0;
        }
        every += all;
    }
    printf("%d %ld\n", nchosen, every);
    for (i64 i = 0; i < width; i++) printf(i ? " %ld" : "%ld", per_target[i]);
    printf("\n");
    return 0;
}
