"""Nam Nam's sowing, perft and endgame-table layers compiled with Numba: the rules of
:mod:`solver.namnam.sowing`, on canonical boards held as 12 ``int64`` in an array.

This module imports Numba: :mod:`solver.namnam.perft` imports it only for a perft deep enough to
be worth it, :mod:`solver.namnam.tables` only to build tables (``engine``:
:data:`solver.compiled.ENGINES`). The pure paths of :mod:`solver.namnam.sowing`,
:mod:`solver.namnam.perft` and :mod:`solver.namnam.tables` are the reference:
``tests/games/namnam/test_namnam_kernel.py`` checks the same children, captures, grand slams and
perft counts on random boards, the pinned counts of ``perft.toml``, and the same tables bit for
bit. ``benchmarks/perft.c`` is the same perft in C.

>>> children((4,) * 12)[0]
(4, 4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4)
>>> perft_count((4,) * 12, 4, False)
1014
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

__all__ = ["perft_count", "children", "sown", "solve_layer"]


def perft_count(c: tuple[int, ...], depth: int, forbid: bool) -> int:
    """Perft on the canonical board ``c`` (``forbid``: a grand slam is legal only when every move is one)."""
    return int(_perft(np.array(c, dtype=np.int64), depth, forbid))


def children(c: tuple[int, ...], forbid: bool = False) -> list[tuple[int, ...]]:
    """The canonical board after each legal move, in the order of :func:`solver.namnam.sowing.successors`."""
    kids = np.empty((2, 6, 12), dtype=np.int64)
    kids[0, 0] = c
    n = _children(kids, 0, 0, 1, forbid, np.empty(6, dtype=np.int64), np.empty(12, dtype=np.int64), True)
    return [tuple(int(x) for x in kids[1, k]) for k in range(n)]


def sown(c: tuple[int, ...], start: int) -> tuple[tuple[int, ...], int, bool]:
    """Sow pit ``start`` (0-5) of the canonical board ``c``: the board once the captures are taken
    (not rotated), the seeds captured and whether it was a grand slam, as
    :func:`solver.namnam.sowing.sow` gives them (``board``, ``captured``, ``grand_slam``).

    >>> sown((0, 0, 0, 0, 1, 2, 1, 2, 0, 0, 0, 5), 5)
    ((0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 5), 5, False)
    """
    out = np.empty(12, dtype=np.int64)
    captured, slam = _sow(np.array(c, dtype=np.int64), start, out)
    return tuple(int(x) for x in out), int(captured), bool(slam)


@njit(cache=True, _nrt=False)
def _sow(b, start, out):
    """Sow pit ``start`` of ``b`` into ``out`` (not rotated) and take the captures; returns
    ``(captured, grand_slam)`` as :func:`solver.namnam.sowing.sow` does."""
    for k in range(12):
        out[k] = b[k]
    return _sow_in_place(out, start)


@njit(cache=True, _nrt=False)
def _sow_in_place(out, start):
    """:func:`_sow` on ``out`` itself."""
    seeds = out[start]
    out[start] = 0
    pos = start
    for _ in range(seeds):
        pos += 1
        if pos == 12:
            pos = 0
        if pos == start:
            pos += 1
            if pos == 12:
                pos = 0
        out[pos] += 1
    total = 0
    k = pos
    if seeds > 0 and pos >= 6:
        while k >= 6 and (out[k] == 2 or out[k] == 3):
            total += out[k]
            k -= 1
    if total == 0:
        return 0, False
    row = 0
    for j in range(6, 12):
        row += out[j]
    if total == row:
        return 0, True
    for j in range(k + 1, pos + 1):
        out[j] = 0
    return total, False


@njit(cache=True, _nrt=False)
def _children(kids, sl, si, dl, forbid, starts, tmp, make):
    """The legal moves of the board ``kids[sl, si]`` (:func:`solver.namnam.sowing.legal_starts`):
    their pits in ``starts`` and, with ``make``, the boards after them, rotated for the opponent,
    in ``kids[dl]``. Returns how many. Without ``make`` and ``forbid`` nothing is sown: the moves
    are only counted. (Boards are addressed by index, never by a view of ``kids``: a view counts
    references with atomic instructions, at every node.)"""
    starving = True
    for j in range(6, 12):
        if kids[sl, si, j] != 0:
            starving = False
            break
    n = 0
    slams = 0
    for i in range(6):
        seeds = kids[sl, si, i]
        if seeds == 0 or (starving and seeds < 6 - i):
            continue
        if make or forbid:
            for j in range(12):
                tmp[j] = kids[sl, si, j]
            _, slam = _sow_in_place(tmp, i)
            if forbid and slam:
                slams += 1
                starts[n] = -1 - i  # a grand slam, kept only if every move is one
            else:
                starts[n] = i
            for j in range(6):
                kids[dl, n, j] = tmp[j + 6]
                kids[dl, n, j + 6] = tmp[j]
        else:
            starts[n] = i
        n += 1
    if forbid and 0 < slams < n:  # drop the grand slams: another move exists
        m = 0
        for k in range(n):
            if starts[k] >= 0:
                if m != k:
                    for j in range(12):
                        kids[dl, m, j] = kids[dl, k, j]
                starts[m] = starts[k]
                m += 1
        n = m
    elif forbid:
        for k in range(n):
            if starts[k] < 0:
                starts[k] = -1 - starts[k]
    return n


@njit(cache=True)
def _perft(board, depth, forbid):
    """Perft by depth-first search with an explicit stack (``kids[level + 1]``: the children of the
    board being expanded at ``level``); the last ply is counted, not played (as perft programs do)."""
    if depth == 0:
        return np.int64(1)
    kids = np.empty((depth + 1, 6, 12), dtype=np.int64)
    for j in range(12):
        kids[0, 0, j] = board[j]
    starts = np.empty(6, dtype=np.int64)
    tmp = np.empty(12, dtype=np.int64)
    count = np.zeros(depth + 1, dtype=np.int64)
    nxt = np.zeros(depth + 1, dtype=np.int64)
    count[1] = _children(kids, 0, 0, 1, forbid, starts, tmp, depth > 1)
    if depth == 1:
        return count[1]
    total = np.int64(0)
    level = 1  # expanding the children in kids[level]
    while level >= 1:
        if nxt[level] == count[level]:
            level -= 1
            continue
        k = nxt[level]
        nxt[level] += 1
        if level + 1 == depth:
            total += _children(kids, level, k, level + 1, forbid, starts, tmp, False)
        else:
            count[level + 1] = _children(kids, level, k, level + 1, forbid, starts, tmp, True)
            nxt[level + 1] = 0
            level += 1
    return total


# ---------------------------------------------------------------- the endgame tables, one layer


def solve_layer(n: int, smaller: list[np.ndarray], forbid: bool,
                own_row: bool = True) -> tuple[np.ndarray, np.ndarray, int]:
    """The values (``int8``) and ``cyclic`` flags of every board of ``n`` seeds, in
    :func:`solver.namnam.tables.rank` order, given the values of every smaller layer
    (``smaller[k]`` for ``k < n``); and the sweeps it took. ``own_row``: the cycle rule (rule 5.1,
    :func:`solver.namnam.referee.cycle_value`): a cyclic board's end is its own-row split, else 0.

    The same bounds as :func:`solver.namnam.tables.build` (``low`` rising, ``high`` falling from
    ``-n`` and ``n``), but swept over the layer in place, each board's moves generated again on
    every sweep instead of being stored: two bytes a board while the layer is solved, besides the
    layers below (one byte a board). Updating in place reaches the same bounds as updating a whole
    round at once: both climb from the bottom to the least fixed point of the same monotone
    equations. A board whose bounds have met is never looked at again.

    >>> from solver.namnam.tables import build
    >>> t = build(3)
    >>> v, c, _ = solve_layer(3, list(t.values[:3]), False)
    >>> bool((v == t.values[3]).all() and (c == t.cyclic[3]).all())
    True
    """
    offsets = np.zeros(n + 1, dtype=np.int64)
    for k in range(n):
        offsets[k + 1] = offsets[k] + len(smaller[k])
    flat = np.concatenate([np.asarray(v, dtype=np.int8) for v in smaller[:n]]) if n else np.zeros(0, np.int8)
    values, cyclic, sweeps, _ = _solve_layer(n, flat, offsets, forbid, _COMB, own_row)
    return values, cyclic, int(sweeps)


_COMB = np.array([[comb(a, b) for b in range(12)] for a in range(48 + 12)], dtype=np.int64)


@njit(cache=True, _nrt=False)
def _rank(c, comb):
    m = 0
    for i in range(12):
        m += c[i]
    r = 0
    for i in range(11):
        k = 12 - i
        r += comb[m + k - 1, k - 1] - comb[m - c[i] + k - 1, k - 1]
        m -= c[i]
    return r


@njit(cache=True, _nrt=False)
def _next_board(board):
    """The board after ``board`` in rank order: one more seed in the last pit that can take one."""
    tail = 0
    i = 10
    while True:
        tail += board[i + 1]
        if tail > 0:
            board[i] += 1
            for j in range(i + 1, 12):
                board[j] = 0
            board[11] = tail - 1
            return
        i -= 1


@njit(cache=True)
def _solve_layer(n, flat, offsets, forbid, comb, own_row):
    """Sweep 1 generates every board's moves: a board with no move, or only captures, is settled
    there (its value is the split, or the best capture); the others, whose bounds have not met,
    keep their moves that stay in the layer (ranks) and their best capture. Later sweeps go over
    those alone, in place, dropping each board whose bounds meet, until a sweep changes nothing."""
    size = comb[n + 11, 11]
    low = np.empty(size, dtype=np.int8)
    high = np.empty(size, dtype=np.int8)
    for r in range(size):
        low[r] = -n
        high[r] = n
    board = np.zeros(12, dtype=np.int64)
    board[11] = n
    tmp = np.empty(12, dtype=np.int64)
    child = np.empty(12, dtype=np.int64)
    caps = np.empty(6, dtype=np.int64)
    ranks = np.empty(6, dtype=np.int64)
    slams = np.empty(6, dtype=np.bool_)
    # sweep 1: every board, its moves generated; the unsettled kept with their moves
    # nearly every board has a move that stays in the layer (97% at 10 seeds): room for all at once
    todo = np.empty(size, dtype=np.int32)
    stay = np.empty((size, 6), dtype=np.int32)
    best_capture = np.empty(size, dtype=np.int8)
    pending = 0
    for r in range(size):
        if r > 0:
            _next_board(board)
        starving = True
        for j in range(6, 12):
            if board[j] != 0:
                starving = False
                break
        moves = 0
        plain = False
        for i in range(6):
            seeds = board[i]
            if seeds == 0 or (starving and seeds < 6 - i):
                continue
            for j in range(12):
                tmp[j] = board[j]
            cap, slam = _sow_in_place(tmp, i)
            for j in range(6):
                child[j] = tmp[j + 6]
                child[j + 6] = tmp[j]
            caps[moves] = cap
            ranks[moves] = _rank(child, comb)
            slams[moves] = slam
            plain = plain or not slam
            moves += 1
        if moves == 0:
            split = 0
            for j in range(6):
                split += board[j] - board[j + 6]
            low[r] = split
            high[r] = split
            continue
        best = -1000
        inner = 0
        for k in range(moves):
            if forbid and slams[k] and plain:
                continue
            if caps[k] > 0:
                v = caps[k] - flat[offsets[n - caps[k]] + ranks[k]]
                if v > best:
                    best = v
            else:
                ranks[inner] = ranks[k]
                inner += 1
        if inner == 0:
            low[r] = best
            high[r] = best
            continue
        todo[pending] = r
        for k in range(6):
            stay[pending, k] = ranks[k] if k < inner else -1
        best_capture[pending] = max(best, -n)  # no capture: the bound's floor
        if best > -n:
            low[r] = best
        pending += 1
    # later sweeps: the unsettled boards only, in place
    first = pending
    sweeps = 1
    changed = True
    while changed and pending:
        changed = False
        sweeps += 1
        kept = 0
        for t in range(pending):
            r = todo[t]
            new_low = np.int64(best_capture[t])
            new_high = np.int64(best_capture[t])
            for k in range(6):
                c = stay[t, k]
                if c < 0:
                    break
                if -high[c] > new_low:
                    new_low = -high[c]
                if -low[c] > new_high:
                    new_high = -low[c]
            if new_low != low[r] or new_high != high[r]:
                low[r] = new_low
                high[r] = new_high
                changed = True
            if new_low < new_high:
                todo[kept] = r
                for k in range(6):
                    stay[kept, k] = stay[t, k]
                best_capture[kept] = best_capture[t]
                kept += 1
        pending = kept
    values = np.empty(size, dtype=np.int8)
    cyclic = np.empty(size, dtype=np.bool_)
    for j in range(12):
        board[j] = 0
    board[11] = n
    for r in range(size):
        if r > 0:
            _next_board(board)
        split = 0
        for j in range(6):
            split += board[j] - board[j + 6]
        if not own_row and low[r] < high[r]:  # the cycle rule: the seeds going round are nobody's
            split = 0
        values[r] = min(max(split, low[r]), high[r])
        cyclic[r] = low[r] < high[r]
    return values, cyclic, sweeps, first
