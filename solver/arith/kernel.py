"""The Countdown table compiled with Numba: the same value sets as :mod:`solver.valuearrays`,
built once for the whole deck and combined only where a result can land in the target range.

This module imports Numba: only :func:`solver.arith.countdown.countdown_table` imports it, and
only when the table is asked for (``tablecalc countdown table``), so no other command pays for it.
:func:`solver.arith.countdown.countdown_table` with ``engine="pure"`` is the reference it is
tested against (``tests/games/arith/test_countdown_kernel.py``); ``benchmarks/countdown_table.c``
is the same method in C.

The method, for selections of ``n`` numbers drawn from a deck:

1. every distinct sub-multiset of the deck of up to ``n - 2`` numbers gets its whole value set
   (sorted, unique), built level by level from the sets of its two parts, split every way;
2. every sub-multiset of ``n - 1`` numbers gets only its values in ``[-R, R]``: it is only ever
   combined with one number ``x`` (``|x| <= M``, the largest tile), and ``x op v`` can land in
   the targets only when ``|v| <= R = H·M + M`` (``H``: the largest target, in size);
3. each selection ORs the targets its parts of ``n - 1`` numbers reach (every part keeps them,
   one bit a target, its own and its parts'), then combines the two parts of each of its
   splits only where the result can land in the targets: for ``a + b`` the ``b`` in
   ``[lo - a, hi - a]``, for ``a × b`` those in ``[lo / a, hi / a]``, for ``a ÷ b`` the ``a`` in
   ``[lo·b, hi·b]``... each a binary search in a sorted set, so the work follows the targets
   reached rather than the pairs of values; when few targets are still missing, it asks instead,
   target by target, whether some ``a`` of the smaller part has its partner in the other.

The helpers called in the inner loops are compiled without Numba's reference counting
(``_nrt=False``: they allocate nothing): with it, every call counted its array arguments with
atomic instructions, and the table took 2.5 times as long.

A multiset is a sorted tuple of indices into the deck's distinct values, packed into one
``int64`` key (:func:`pack`); sets are found by binary search in the sorted keys. Values are
stored as ``int32``: :func:`solver.arith.countdown.compiled_serves` says when every value fits
(and when the deck has no 0, whose products the clipped sets of step 2 would not keep).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numba import njit

from solver.expr import Intermediates, Order, SearchRules
from solver.multisets import sub_multisets

__all__ = ["table_marks", "pack"]


def pack(indices: Sequence[int], bits: int) -> int:
    """One key for a sorted tuple of indices: each index + 1 in ``bits`` bits, first index highest.

    >>> pack((0, 2), 4), pack((1,), 4)
    (19, 2)
    """
    key = 0
    for i in indices:
        key = (key << bits) | (i + 1)
    return key


def table_marks(tiles: Sequence[int], size: int, sels: Sequence[tuple[int, ...]], lo: int, hi: int,
                rules: SearchRules) -> np.ndarray:
    """For each selection of ``sels`` (sorted tuples of ``size`` of ``tiles``), a row of
    ``hi - lo + 1`` marks: 1 where a calculation over some of its numbers equals the target.

    The caller checks :func:`solver.arith.countdown.compiled_serves` first.
    """
    values = sorted(set(tiles))
    where = {v: i for i, v in enumerate(values)}
    bits = len(values).bit_length()
    counts = [list(tiles).count(v) for v in values]
    deck = tuple(i for i, c in enumerate(counts) for _ in range(c))
    parts = [ms for k in range(1, max(size - 1, 1) + 1) for ms in sub_multisets(deck, k)]
    parts.sort(key=lambda ms: pack(ms, bits))
    keys = np.array([pack(ms, bits) for ms in parts], dtype=np.int64)
    flat = np.full((len(parts), 7), -1, dtype=np.int64)
    sizes = np.array([len(ms) for ms in parts], dtype=np.int64)
    for row, ms in enumerate(parts):
        flat[row, : len(ms)] = ms
    chosen = np.array([[where[v] for v in sel] for sel in sels], dtype=np.int64).reshape(len(sels), size)
    natural = rules.intermediates is Intermediates.NATURAL
    ops = np.array(["+" in rules.ops, "-" in rules.ops, "*" in rules.ops, "/" in rules.ops], dtype=np.bool_)
    reach = max(abs(lo), abs(hi)) * max(values) + max(values)
    out = np.zeros((len(sels), max(hi - lo + 1, 0)), dtype=np.uint8)
    first = max(lo, 0) if natural else lo  # whole numbers ≥ 0 never reach a target below 0
    if sels and first <= hi:
        words = _table(np.array(values, dtype=np.int64), keys, flat, sizes, bits, size, chosen, first, hi, reach,
                       natural, rules.order is Order.CHAIN, ops)
        bitrows = np.unpackbits(words.astype("<u8").view(np.uint8), axis=1, bitorder="little")
        out[:, first - lo :] = bitrows[:, : hi - first + 1]
    return out


# ---------------------------------------------------------------- compiled


@njit(cache=True, _nrt=False)
def _key(idx, mask, bits):
    """The key of the sub-multiset of the sorted indices ``idx`` that ``mask`` picks."""
    key = 0
    for j in range(len(idx)):
        if mask >> j & 1:
            key = (key << bits) | (idx[j] + 1)
    return key


@njit(cache=True, _nrt=False)
def _canonical(idx, mask):
    """Whether ``mask`` picks the first copies of each repeated index (one mask per sub-multiset)."""
    for j in range(1, len(idx)):
        if idx[j] == idx[j - 1] and (mask >> j & 1) and not (mask >> (j - 1) & 1):
            return False
    return True


@njit(cache=True, _nrt=False)
def _find(keys, key):
    return _lower(keys, key)


@njit(cache=True, _nrt=False)
def _lower(xs, v):
    """The first index of the sorted ``xs`` whose value is ≥ ``v`` (``len(xs)`` if none)."""
    first, last = 0, len(xs)
    while first < last:
        mid = (first + last) >> 1
        if xs[mid] < v:
            first = mid + 1
        else:
            last = mid
    return first


_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, _nrt=False)
def _put(v, lo, hi, marks, n):
    """Mark ``v`` in the bit set ``marks`` (bit ``i``: the value ``lo + i``) if it is in ``[lo, hi]``
    and not marked yet; the count of marked values."""
    if lo <= v <= hi:
        i = v - lo
        bit = np.uint64(1) << np.uint64(i & 63)
        if not marks[i >> 6] & bit:
            marks[i >> 6] |= bit
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _is_marked(marks, i):
    return (marks[i >> 6] >> np.uint64(i & 63)) & np.uint64(1)


@njit(cache=True, _nrt=False)
def _count(marks):
    n = 0
    for w in range(len(marks)):
        x = marks[w]
        while x:
            x &= x - np.uint64(1)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _quotient(a, b, inv):
    """``a ÷ b`` rounded to the nearest whole number, with ``inv = 1 / b``: one multiplication, no
    division (the hot loops divide millions of times). It is ``a ÷ b`` exactly when ``q × b == a``,
    which the caller checks: the rounding error is far below one half for values below 2**52
    (they are below 2**31 here)."""
    return np.int64(np.floor(a * inv + 0.5))


@njit(cache=True, _nrt=False)
def _ceil_div(x, a):
    return -((-x) // a)


@njit(cache=True, _nrt=False)
def _mark_pair(va, vb, lo, hi, marks, n, natural, chain, ops):
    """Mark every result of ``a op b`` (and ``b op a`` unless ``chain``) that lands in ``[lo, hi]``,
    searching only the operands that can (both sets sorted)."""
    nb = len(vb)
    for i in range(len(va)):
        a = np.int64(va[i])
        if ops[0]:  # a + b in [lo, hi]
            j = _lower(vb, lo - a)
            while j < nb and a + vb[j] <= hi:
                n = _put(a + vb[j], lo, hi, marks, n)
                j += 1
        if ops[1]:  # a - b in [lo, hi]: b in [a - hi, a - lo]; b - a: b in [a + lo, a + hi]
            j = _lower(vb, a - hi)
            while j < nb and vb[j] <= a - lo:
                n = _put(a - vb[j], lo, hi, marks, n)
                j += 1
            if not chain:
                j = _lower(vb, a + lo)
                while j < nb and vb[j] <= a + hi:
                    n = _put(vb[j] - a, lo, hi, marks, n)
                    j += 1
        if ops[2]:  # a × b in [lo, hi]
            if a == 0:
                if nb > 0:
                    n = _put(np.int64(0), lo, hi, marks, n)
            else:
                if a > 0:
                    first, last = _ceil_div(lo, a), hi // a
                else:
                    first, last = _ceil_div(hi, a), lo // a
                j = _lower(vb, first)
                while j < nb and vb[j] <= last:
                    n = _put(a * vb[j], lo, hi, marks, n)
                    j += 1
    if ops[3]:
        n = _mark_quotients(va, vb, lo, hi, marks, n)
        if not chain:
            n = _mark_quotients(vb, va, lo, hi, marks, n)
    return n


@njit(cache=True, _nrt=False)
def _mark_quotients(va, vb, lo, hi, marks, n):
    """Mark every exact ``a ÷ b`` in ``[lo, hi]``: for each ``b``, only the ``a`` in ``[lo·b, hi·b]``."""
    na = len(va)
    for k in range(len(vb)):
        b = np.int64(vb[k])
        if b == 0:
            continue
        first, last = (lo * b, hi * b) if b > 0 else (hi * b, lo * b)
        inv = 1.0 / b
        i = _lower(va, first)
        while i < na and va[i] <= last:
            a = np.int64(va[i])
            q = _quotient(a, b, inv)
            if q * b == a:
                n = _put(q, lo, hi, marks, n)
            i += 1
    return n


@njit(cache=True, _nrt=False)
def _log2(x):
    k = 0
    while x > 1:
        x >>= 1
        k += 1
    return k


@njit(cache=True, _nrt=False)
def _has(xs, v):
    i = _lower(xs, v)
    return i < len(xs) and xs[i] == v


@njit(cache=True, _nrt=False)
def _reached(t, va, vb, chain, ops):
    """Whether some ``a op b`` (or ``b op a`` unless ``chain``) equals ``t``: one search in ``vb``
    per ``a`` and operation."""
    for i in range(len(va)):
        a = np.int64(va[i])
        if ops[0] and _has(vb, t - a):
            return True
        if ops[1] and (_has(vb, a - t) or (not chain and _has(vb, t + a))):
            return True
        if ops[2]:
            if a == 0:
                if t == 0 and len(vb) > 0:
                    return True
            else:
                q = _quotient(t, a, 1.0 / a)
                if q * a == t and _has(vb, q):
                    return True
        if ops[3]:
            if t != 0:
                q = _quotient(a, t, 1.0 / t)
                if q * t == a and q != 0 and _has(vb, q):
                    return True
            elif a == 0:
                for j in range(len(vb)):
                    if vb[j] != 0:
                        return True
            if not chain and a != 0 and _has(vb, t * a):
                return True
    return False


@njit(cache=True, _nrt=False)
def _mark_targets(va, vb, lo, hi, marks, n, chain, ops):
    """Mark each target of ``[lo, hi]`` not marked yet that some ``a op b`` reaches; the new count."""
    small_first = chain or len(va) <= len(vb)
    width = hi - lo + 1
    for w in range(len(marks)):
        if marks[w] == _ALL:
            continue  # every target of this word reached already: skip 64 at once
        for i in range(64 * w, min(64 * w + 64, width)):
            if _is_marked(marks, i):
                continue
            t = lo + i
            if small_first:
                hit = _reached(t, va, vb, chain, ops)
            else:
                hit = _reached(t, vb, va, chain, ops)
            if hit:
                n = _put(t, lo, hi, marks, n)
    return n


@njit(cache=True, _nrt=False)
def _combine_all(va, vb, out, n, natural, chain, ops):
    """Append every result of ``a op b`` (and ``b op a`` unless ``chain``) to ``out``."""
    for i in range(len(va)):
        a = np.int64(va[i])
        inv_a = 1.0 / a if a != 0 else 0.0
        for j in range(len(vb)):
            b = np.int64(vb[j])
            if ops[0]:
                out[n] = a + b
                n += 1
            if ops[2]:
                out[n] = a * b
                n += 1
            if ops[1]:
                if chain:
                    if a >= b or not natural:
                        out[n] = a - b
                        n += 1
                elif natural:
                    out[n] = abs(a - b)
                    n += 1
                else:
                    out[n] = a - b
                    out[n + 1] = b - a
                    n += 2
            if ops[3]:
                if b != 0:
                    q = _quotient(a, b, 1.0 / b)
                    if q * b == a:
                        out[n] = q
                        n += 1
                if not chain and a != 0:
                    q = _quotient(b, a, inv_a)
                    if q * a == b:
                        out[n] = q
                        n += 1
    return n


@njit(cache=True, _nrt=False)
def _splits(idx, keys, bits, chain, lefts, rights):
    """The ids of the two parts of every split of the multiset ``idx`` (each unordered split once;
    with ``chain``, (the rest, one number) for each distinct number). Returns how many."""
    m = len(idx)
    full = (1 << m) - 1
    count = 0
    if chain:
        for j in range(m):
            if j > 0 and idx[j] == idx[j - 1]:
                continue
            one = 1 << j
            lefts[count] = _find(keys, _key(idx, full ^ one, bits))
            rights[count] = _find(keys, _key(idx, one, bits))
            count += 1
        return count
    for mask in range(1, full):
        other = full ^ mask
        if not _canonical(idx, mask):
            continue
        pa, pb = 0, 0
        for j in range(m):
            pa += mask >> j & 1
        pb = m - pa
        if pa > pb:
            continue
        ka, kb = _key(idx, mask, bits), _key(idx, other, bits)
        if pa == pb and ka > kb:
            continue
        lefts[count] = _find(keys, ka)
        rights[count] = _find(keys, kb)
        count += 1
    return count


@njit(cache=True)
def _table(values, keys, parts, sizes, bits, size, chosen, lo, hi, reach, natural, chain, ops):
    nparts = len(keys)
    starts = np.zeros(nparts, dtype=np.int64)
    ends = np.zeros(nparts, dtype=np.int64)
    store = np.empty(1 << 16, dtype=np.int32)
    used = 0
    lefts = np.empty(128, dtype=np.int64)
    rights = np.empty(128, dtype=np.int64)
    clip_lo = 0 if natural else -reach
    wide = np.zeros((reach - clip_lo + 64) // 64, dtype=np.uint64)
    width = hi - lo + 1
    words = (width + 63) // 64
    seen = np.zeros((nparts, words), dtype=np.uint64)  # each part's targets reached by it or a part of it
    scratch = np.empty(1 << 16, dtype=np.int64)
    top = max(size - 1, 1)
    # 1-2. the sets of the parts, smallest first
    for k in range(1, top + 1):
        for p in range(nparts):
            if sizes[p] != k:
                continue
            idx = parts[p, :k]
            if k == 1:
                got = np.empty(1, dtype=np.int64)
                got[0] = values[idx[0]]
            elif k < size - 1:
                nsplit = _splits(idx, keys, bits, chain, lefts, rights)
                need = 0
                for s in range(nsplit):
                    need += (ends[lefts[s]] - starts[lefts[s]]) * (ends[rights[s]] - starts[rights[s]]) * 6
                if need > len(scratch):
                    scratch = np.empty(need * 2, dtype=np.int64)
                n = 0
                for s in range(nsplit):
                    n = _combine_all(store[starts[lefts[s]]:ends[lefts[s]]], store[starts[rights[s]]:ends[rights[s]]],
                                     scratch, n, natural, chain, ops)
                got = np.unique(scratch[:n])
            else:
                nsplit = _splits(idx, keys, bits, chain, lefts, rights)
                n = 0
                for s in range(nsplit):
                    n = _mark_pair(store[starts[lefts[s]]:ends[lefts[s]]], store[starts[rights[s]]:ends[rights[s]]],
                                   clip_lo, reach, wide, n, natural, chain, ops)
                got = np.empty(n, dtype=np.int64)
                n = 0
                for w in range(len(wide)):
                    x = wide[w]
                    b = 0
                    while x:
                        if not x & np.uint64(255):
                            x >>= np.uint64(8)
                            b += 8
                            continue
                        if x & np.uint64(1):
                            got[n] = clip_lo + 64 * w + b
                            n += 1
                        x >>= np.uint64(1)
                        b += 1
                    wide[w] = 0
            if used + len(got) > len(store):
                bigger = np.empty(max(2 * len(store), used + len(got)), dtype=np.int32)
                bigger[:used] = store[:used]
                store = bigger
            for t in range(len(got)):
                store[used + t] = got[t]
            starts[p] = used
            used += len(got)
            ends[p] = used
            j = _lower(got, lo)
            while j < len(got) and got[j] <= hi:
                _put(got[j], lo, hi, seen[p], 0)
                j += 1
            for j in range(k):
                if j == 0 or idx[j] != idx[j - 1]:
                    q = _find(keys, _key(idx, ((1 << k) - 1) ^ (1 << j), bits)) if k > 1 else -1
                    if q >= 0:
                        for w in range(words):
                            seen[p, w] |= seen[q, w]
    # 3. each selection: the targets its parts reach, then its own splits where they can land
    out = np.zeros((len(chosen), words), dtype=np.uint64)
    full = (1 << size) - 1
    for s in range(len(chosen)):
        idx = chosen[s]
        marks = out[s]
        if size == 1:
            _put(values[idx[0]], lo, hi, marks, 0)
            continue
        for j in range(size):
            if j == 0 or idx[j] != idx[j - 1]:
                q = _find(keys, _key(idx, full ^ (1 << j), bits))
                for w in range(words):
                    marks[w] |= seen[q, w]
        n = _count(marks)
        nsplit = _splits(idx, keys, bits, chain, lefts, rights)
        for one in (True, False):  # the splits off one number first: they mark the most
            for t in range(nsplit):
                if n == width:
                    break
                va = store[starts[lefts[t]]:ends[lefts[t]]]
                vb = store[starts[rights[t]]:ends[rights[t]]]
                if (sizes[lefts[t]] == 1 or sizes[rights[t]] == 1) != one:
                    continue
                # by value (every pair that can land) or by target (each target still missed)
                small = min(len(va), len(vb))
                near = _lower(vb, hi + (va[-1] if len(va) else 0) + 1) + _lower(va, hi + (vb[-1] if len(vb) else 0) + 1)
                by_value = small * near + len(va) + len(vb)
                by_target = (width - n) * small * 8 * (1 + _log2(max(len(va), len(vb))))
                if by_value <= by_target:
                    n = _mark_pair(va, vb, lo, hi, marks, n, natural, chain, ops)
                else:
                    n = _mark_targets(va, vb, lo, hi, marks, n, chain, ops)
    return out
