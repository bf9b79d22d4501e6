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

__all__ = ["perft_count", "children", "sown", "solve_layer", "Chunk", "generate", "sweep", "finish"]


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

    The layer as one chunk, solved by the three kernels below, which the table build
    (:mod:`solver.namnam.taskgraph`) runs as tasks, a chunk of a layer each: :func:`generate`,
    then :func:`sweep` until no sweep changes anything, then :func:`finish`.

    >>> from solver.namnam.tables import build
    >>> t = build(3, engine="pure")
    >>> v, c, _ = solve_layer(3, list(t.values[:3]), False)
    >>> bool((v == t.values[3]).all() and (c == t.cyclic[3]).all())
    True
    """
    offsets = np.zeros(n + 2, dtype=np.int64)
    for k in range(n):
        offsets[k + 1] = offsets[k] + len(smaller[k])
    size = comb(n + 11, 11)
    offsets[n + 1] = offsets[n] + size
    flat = np.empty(offsets[n + 1], dtype=np.int8)
    for k in range(n):
        flat[offsets[k]:offsets[k + 1]] = smaller[k]
    high = np.empty(size, dtype=np.int8)
    chunk = generate(n, 0, size, flat, offsets, flat[offsets[n]:], high, forbid)
    sweeps = 1
    while sweep(chunk, flat[offsets[n]:], high):
        sweeps += 1
    cyclic = np.empty(size, dtype=np.bool_)
    finish(n, 0, size, flat[offsets[n]:], high, own_row, cyclic)
    return flat[offsets[n]:].copy(), cyclic, sweeps


class Chunk:
    """The boards ``lo`` to ``hi - 1`` of a layer still unsettled after :func:`generate`: for each,
    ``count[t]`` moves that stay in the layer (0: settled) and its best capture ``best[t]``;
    the children's ranks of those moves one after another in ``moves`` (``used`` of them live).
    :func:`sweep` drops the moves of the boards it settles."""

    __slots__ = ("lo", "hi", "count", "best", "moves", "used", "todo")

    def __init__(self, lo, hi, count, best, moves, used, todo=None):
        self.lo, self.hi, self.count, self.best, self.moves, self.used = lo, hi, count, best, moves, used
        self.todo = todo
        """Once few boards are left: which (``t``), in order; ``None`` before."""

    def __getstate__(self):
        return (self.lo, self.hi, self.count, self.best, self.moves[:self.used].copy(), self.used, self.todo)

    def __setstate__(self, state):
        self.lo, self.hi, self.count, self.best, self.moves, self.used, self.todo = state

    @property
    def nbytes(self) -> int:
        return (self.count.nbytes + self.best.nbytes + self.moves.nbytes
                + (self.todo.nbytes if self.todo is not None else 0))


def generate(n: int, lo: int, hi: int, flat: np.ndarray, offsets: np.ndarray, low: np.ndarray,
             high: np.ndarray, forbid: bool) -> Chunk:
    """Generate the moves of the boards ``lo`` to ``hi - 1`` of layer ``n``: their bounds
    (``low`` and ``high``, each the whole layer, written here for these boards only; ``low`` is
    where the layer's values will be) and their :class:`Chunk`. ``flat`` holds every smaller
    layer ``k`` at ``offsets[k]`` (one byte a board).

    A board with no move, or with captures only, is settled here (its value is the split, or
    the best capture); the others keep their moves that stay in the layer."""
    count = np.empty(hi - lo, dtype=np.uint8)
    best = np.empty(hi - lo, dtype=np.int8)
    room = np.empty(6 * (hi - lo), dtype=np.int32)
    used = _generate(n, lo, hi, flat, offsets, low, high, forbid, _COMB, count, best, room)
    return Chunk(lo, hi, count, best, _shrunk(room, used), used)


def sweep(chunk: Chunk, low: np.ndarray, high: np.ndarray) -> bool:
    """One sweep over the unsettled boards of ``chunk``, in place: each board's bounds from its
    best capture and its children's bounds (``low`` and ``high``: the whole layer); the boards whose
    bounds meet are settled and their moves dropped. Whether any bound moved.

    Bounds only ever rise (``low``) and fall (``high``) towards the same fixed point, whatever
    order the boards and chunks are swept in, and whether a child's bound is read before or after
    another chunk's sweep moved it: chunks may be swept at the same time (``nogil``), and the
    values are the same, bit for bit. A round of sweeps of every chunk that moves nothing ends it."""
    listed = chunk.todo is not None
    todo = chunk.todo if listed else _NO_TODO
    changed, used, pending = _sweep(chunk.lo, low, high, chunk.count, chunk.best, chunk.moves, todo, listed)
    chunk.used = used
    if listed:
        chunk.todo = todo[:pending]
    if used < len(chunk.moves) // 2:  # give the memory of the settled boards back
        chunk.moves = _shrunk(chunk.moves, used)
        if not listed or pending < len(todo) // 2:  # and go over the boards left only (4 bytes each)
            chunk.todo = np.flatnonzero(chunk.count).astype(np.int32)
    return bool(changed)


_NO_TODO = np.zeros(0, dtype=np.int32)


def _shrunk(a: np.ndarray, n: int) -> np.ndarray:
    """The first ``n`` items of ``a``: ``a`` itself, shrunk in place (realloc: no copy, the rest
    given back) when nothing else refers to it, else a copy."""
    try:
        a.resize(n)
        return a
    except ValueError:  # a view, or an array something else holds (numpy's reference check)
        return a[:n].copy()


def finish(n: int, lo: int, hi: int, low: np.ndarray, high: np.ndarray, own_row: bool,
           cyclic: np.ndarray) -> None:
    """The values of the boards ``lo`` to ``hi - 1`` of layer ``n``, written over their ``low``
    bounds, and their ``cyclic`` flags (``cyclic[r]`` for board ``r`` of the layer): a board whose
    bounds have not met is cyclic, and the cycle rule's end (``own_row``: the split; else 0)
    kept between its bounds is its value."""
    _finish(n, lo, hi, low, high, own_row, cyclic, _COMB)


_COMB = np.array([[comb(a, b) for b in range(12)] for a in range(48 + 12)], dtype=np.int64)


@njit(cache=True, _nrt=False, nogil=True)
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


@njit(cache=True, _nrt=False, nogil=True)
def _unrank(n, r, comb, board):
    """Board number ``r`` of ``n`` seeds into ``board`` (the inverse of :func:`_rank`)."""
    m = n
    for i in range(11):
        k = 12 - i
        a = 0
        while True:
            count = comb[m - a + k - 2, k - 2]
            if r < count:
                break
            r -= count
            a += 1
        board[i] = a
        m -= a
    board[11] = m


@njit(cache=True, _nrt=False, nogil=True)
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


@njit(cache=True, nogil=True)
def _generate(n, lo, hi, flat, offsets, low, high, forbid, comb, count, best, room):
    """:func:`generate`; returns how many moves were written to ``room``."""
    board = np.zeros(12, dtype=np.int64)
    _unrank(n, lo, comb, board)
    tmp = np.empty(12, dtype=np.int64)
    child = np.empty(12, dtype=np.int64)
    caps = np.empty(6, dtype=np.int64)
    ranks = np.empty(6, dtype=np.int64)
    slams = np.empty(6, dtype=np.bool_)
    used = 0
    for r in range(lo, hi):
        if r > lo:
            _next_board(board)
        t = r - lo
        count[t] = 0
        low[r] = -n
        high[r] = n
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
            best[t] = split
            continue
        top = -1000
        inner = 0
        for k in range(moves):
            if forbid and slams[k] and plain:
                continue
            if caps[k] > 0:
                v = caps[k] - flat[offsets[n - caps[k]] + ranks[k]]
                if v > top:
                    top = v
            else:
                room[used + inner] = ranks[k]
                inner += 1
        if inner == 0:
            low[r] = top
            high[r] = top
            best[t] = top
            continue
        count[t] = inner
        used += inner
        best[t] = max(top, -n)  # no capture: the bound's floor
        if top > -n:
            low[r] = top
    return used


@njit(cache=True, _nrt=False, nogil=True)
def _sweep(lo, low, high, count, best, moves, todo, listed):
    """:func:`sweep`: over every board of the chunk (skipping the settled), or, ``listed``, over
    those in ``todo`` (compacted here). Returns (whether a bound moved, the moves still live, the
    boards still in ``todo``)."""
    read = 0
    write = 0
    kept = 0
    changed = False
    m = len(todo) if listed else len(count)
    for i in range(m):
        t = todo[i] if listed else i
        c = count[t]
        if c == 0:
            continue
        r = lo + t
        new_low = np.int64(best[t])
        new_high = np.int64(best[t])
        for k in range(read, read + c):
            child = moves[k]
            if -np.int64(high[child]) > new_low:
                new_low = -np.int64(high[child])
            if -np.int64(low[child]) > new_high:
                new_high = -np.int64(low[child])
        if new_low > low[r]:
            low[r] = new_low
            changed = True
        if new_high < high[r]:
            high[r] = new_high
            changed = True
        if low[r] < high[r]:
            if write != read:
                for k in range(c):
                    moves[write + k] = moves[read + k]
            write += c
            if listed:
                todo[kept] = t
                kept += 1
        else:
            count[t] = 0
        read += c
    return changed, write, kept


@njit(cache=True, nogil=True)
def _finish(n, lo, hi, low, high, own_row, cyclic, comb):
    board = np.zeros(12, dtype=np.int64)
    _unrank(n, lo, comb, board)
    for r in range(lo, hi):
        if r > lo:
            _next_board(board)
        split = 0
        for j in range(6):
            split += board[j] - board[j + 6]
        cyc = low[r] < high[r]
        if not own_row and cyc:  # the cycle rule: the seeds going round are nobody's
            split = 0
        low[r] = min(max(split, low[r]), high[r])
        cyclic[r] = cyc
