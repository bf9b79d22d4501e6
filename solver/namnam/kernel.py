"""Nam Nam's sowing and perft compiled with Numba: the rules of :mod:`solver.namnam.sowing`, on
canonical boards held as 12 ``int64`` in an array.

This module imports Numba: :mod:`solver.namnam.perft` imports it only for a perft deep enough to
be worth it (``engine="auto"``) or when asked (``engine="compiled"``). The pure path of
:mod:`solver.namnam.sowing` and :mod:`solver.namnam.perft` is the reference:
``tests/games/namnam/test_namnam_kernel.py`` checks the same children, captures, grand slams and
perft counts on random boards, and the pinned counts of ``perft.toml``. ``benchmarks/perft.c`` is
the same perft in C.

>>> children((4,) * 12)[0]
(4, 4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4)
>>> perft_count((4,) * 12, 4, False)
1014
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["perft_count", "children", "sown"]


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
