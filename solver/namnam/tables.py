"""Perfect-play endgame tables by retrograde analysis with NumPy.

For every canonical board (:mod:`solver.namnam.sowing`) with at most ``N`` seeds on it,
the table holds the *value* for the player to move: the seeds they will still take
minus those their opponent will still take, under best play by both, until the game ends
(captures, then each player's own row at the end). What was captured before does not
matter, so one table serves every score.

A captures moves into a smaller layer (fewer seeds), already solved; moves that capture
nothing stay in the layer, and those can go round in circles. Each layer is solved by
iterating bounds: ``low`` (what the mover can force in a finite number of moves) rises and
``high`` (what the opponent cannot stop) falls until neither moves. Where they meet the
value is the game's value; where they do not (``low < high``), neither player can force a
better end than an endless cycle, which the cycle rule settles (rule 5.1, the option ``cycle``,
:func:`solver.namnam.referee.cycle_value`): by default each player takes the seeds of their own
row, counted in the position at hand (the position that comes back when neither steers out),
or, with ``cycle=nobody``, nobody takes them; either kept between the two bounds
(:attr:`Tables.cyclic` marks these positions). Only the default rule's tables are saved: the
other's are built in memory when asked for.

The leftover rule does not change the tables: both readings give every seed left to the row's
owner at every end (:class:`~solver.namnam.rules.Leftover`); the grand-slam rule does.

Boards with ``n`` seeds are numbered in lexicographic order (:func:`rank`): layer ``n``
has ``C(n+11, 11)`` of them.

A table file (:func:`save`) holds one signed byte a board and one bit of ``cyclic``, after a
header that says what it holds — format, seed count, grand-slam rule, index scheme, a checksum of
each layer — and is memory-mapped when read: a position's value is read from the disk when it
is needed. :func:`load` refuses, in one line, a file that is damaged or is not the one asked for
(another seed count or rule under this name, values out of range, values the rules contradict);
:func:`find` then answers without it, and ``best`` says so.

>>> t = build(4)
>>> [len(v) for v in t.values]
[1, 12, 78, 364, 1365]
>>> t.value((1,) + (0,) * 11)  # the opponent cannot be fed: the mover keeps their seed
1
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb
from pathlib import Path
from typing import Callable

import numpy as np

from solver.budget import available_memory
from solver.compiled import use_compiled
from solver.errors import SearchTooLarge, TablecalcError, quoted, quoted_path
from solver.files import TABLES_FOLDER, TABLES_MAGIC, data_home, read_head, writing
from solver.i18n import _
from solver.namnam.rules import Cycle, GrandSlam, Rules
from solver.namnam.sowing import PITS, ROW, SEEDS, legal_starts, rotate, sow

__all__ = ["Tables", "PackedFlags", "TablesDamaged", "build", "rank", "rank_many", "unrank", "compositions", "layer_size", "cache_path", "load",
           "save", "load_or_build", "MAX_BUILD", "available", "largest", "lookup", "find", "Lookup", "tables_for",
           "SMALL_TABLES", "build_memory", "check_memory", "check_build", "spot_check", "superseded", "FORMAT", "forget"]

SMALL_TABLES = 8
"""Boards with at most this many seeds are solved exactly even when no tables were built: the
8-seed tables are built in memory on demand (about two seconds), see :func:`tables_for`."""
MAX_BUILD = 28
"""The largest N the build command accepts: layer 28 has 1.68 billion boards, the largest whose
numbers fit in 32 bits. What a build needs is estimated first (:func:`build_memory`): with the
compiled builder 20 seeds take about 1.9 GB and 24 seeds about 11 GB; a build is refused before it
starts when the machine does not have the memory (:func:`check_memory`)."""
_CHUNK = 1 << 20
_COMB = np.array([[comb(a, b) for b in range(PITS)] for a in range(SEEDS + PITS)], dtype=np.int64)
_COMB32 = _COMB[:MAX_BUILD + PITS].astype(np.int32)
_NONE = -1000


def layer_size(n: int) -> int:
    """Boards with exactly ``n`` seeds: ``C(n+11, 11)``."""
    return comb(n + PITS - 1, PITS - 1)


def rank(c: tuple[int, ...]) -> int:
    """The number of board ``c`` within its layer (lexicographic order, first pit slowest).

    >>> rank((0,) * 11 + (3,)), rank((3,) + (0,) * 11) == layer_size(3) - 1
    (0, True)
    """
    m, r = sum(c), 0
    for i in range(PITS - 1):
        k = PITS - i
        r += comb(m + k - 1, k - 1) - comb(m - c[i] + k - 1, k - 1)
        m -= c[i]
    return r


def rank_many(boards: np.ndarray) -> np.ndarray:
    """:func:`rank` of every row of ``boards`` (rows may hold different numbers of seeds, at most
    :data:`MAX_BUILD`: every count involved then fits in 32 bits)."""
    b = boards.astype(np.int32)
    m = b.sum(axis=1, dtype=np.int32)
    r = np.zeros(len(b), dtype=np.int32)
    for i in range(PITS - 1):
        k = PITS - i
        r += _COMB32[m + k - 1, k - 1] - _COMB32[m - b[:, i] + k - 1, k - 1]
        m -= b[:, i]
    return r


def compositions(n: int, parts: int = PITS) -> np.ndarray:
    """Every board with ``n`` seeds in ``parts`` pits, in :func:`rank` order (uint8 rows).

    Built from the last pit backwards: the boards of ``k`` pits holding ``m`` seeds are, for
    each first pit ``a`` from 0 to ``m``, ``a`` followed by the boards of ``k - 1`` pits holding
    ``m - a``.

    >>> compositions(2, 3).tolist()
    [[0, 0, 2], [0, 1, 1], [0, 2, 0], [1, 0, 1], [1, 1, 0], [2, 0, 0]]
    """
    tails = {m: np.array([[m]], dtype=np.uint8) for m in range(n + 1)}  # one pit holding m seeds
    for k in range(2, parts + 1):
        totals = range(n + 1) if k < parts else (n,)
        tails = {m: np.vstack([np.hstack([np.full((len(tails[m - a]), 1), a, dtype=np.uint8), tails[m - a]])
                               for a in range(m + 1)]) for m in totals}
    return tails[n]


class PackedFlags(Sequence):
    """The ``cyclic`` flags of the tables: one bit a board, layer by layer (``flags[n]`` unpacks
    layer ``n``; :meth:`bit` reads one board's)."""

    def __init__(self, packed: tuple, sizes: tuple[int, ...]):
        self.packed, self.sizes = packed, sizes

    def __len__(self) -> int:
        return len(self.packed)

    def __getitem__(self, n):
        if isinstance(n, slice):
            return tuple(self[k] for k in range(len(self))[n])
        return np.unpackbits(np.asarray(self.packed[n]), count=self.sizes[n]).astype(bool)

    def bit(self, n: int, r: int) -> bool:
        return bool((int(self.packed[n][r >> 3]) >> (7 - (r & 7))) & 1)


class TablesDamaged(TablecalcError):
    """A table file's block whose checksum does not match, found as it was first read."""


class _Guard:
    """The data of a table file (values, then flags), memory-mapped, and the CRC-32 of each block
    of :data:`BLOCK_BYTES`: a block is checked the first time anything in it is read."""

    def __init__(self, data: np.ndarray, crcs: np.ndarray, refuse: Callable[[str], TablecalcError], path: Path):
        self.data, self.crcs, self.refuse, self.path = data, crcs, refuse, path
        self.ok = bytearray(len(crcs))

    def check(self, lo: int, hi: int) -> None:
        """Check the blocks of the bytes ``lo`` to ``hi - 1``. A damaged one: the file is refused
        from now on (every caller, drills and the web app included, then goes without it), and
        :class:`TablesDamaged` raised."""
        for b in range(lo // BLOCK_BYTES, (max(hi, lo + 1) - 1) // BLOCK_BYTES + 1):
            if not self.ok[b]:
                if zlib.crc32(self.data[b * BLOCK_BYTES:(b + 1) * BLOCK_BYTES]) != int(self.crcs[b]):
                    why = str(self.refuse(_("it is damaged: its checksum does not match its values")))
                    _forget_file(self.path, why)
                    raise TablesDamaged(why)
                self.ok[b] = 1


class _Checked:
    """One layer's bytes in a table file: what is read of it is checked first (:class:`_Guard`)."""

    __slots__ = ("guard", "at", "view")

    def __init__(self, guard: _Guard, at: int, view: np.ndarray):
        self.guard, self.at, self.view = guard, at, view

    def __len__(self) -> int:
        return len(self.view)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.view.shape

    @property
    def dtype(self):
        return self.view.dtype

    def __getitem__(self, r):
        if isinstance(r, (int, np.integer)):
            r = int(r) + (len(self.view) if r < 0 else 0)
            if not 0 <= r < len(self.view):
                raise IndexError(f"board {r} of a layer of {len(self.view)}")
            self.guard.check(self.at + r, self.at + r + 1)
            return self.view[r]
        self.guard.check(self.at, self.at + len(self.view))
        return self.view[r]

    def __array__(self, dtype=None, copy=None):
        self.guard.check(self.at, self.at + len(self.view))
        a = np.asarray(self.view)
        return a.astype(dtype) if dtype is not None and dtype != a.dtype else a


@dataclass(frozen=True)
class Tables:
    """``values[n][rank(c)]``: the value of board ``c`` with ``n`` seeds (see the module);
    ``cyclic[n]`` the same boards' flags. Built in memory (arrays), or read from a file
    (:func:`load`: its values memory-mapped, read from the disk as they are needed)."""

    values: Sequence[np.ndarray]
    cyclic: Sequence[np.ndarray]
    grand_slam: GrandSlam
    cycle: Cycle = Cycle.OWN_ROW
    """The cycle rule the cyclic positions were valued by (rule 5.1)."""
    summary: tuple[dict, ...] | None = field(default=None, compare=False, repr=False)
    """:meth:`counts`, when a file's header gave them."""
    source: Path | None = field(default=None, compare=False, repr=False)
    """The file the tables were read from."""

    @property
    def max_seeds(self) -> int:
        return len(self.values) - 1

    def covers(self, c: tuple[int, ...]) -> bool:
        return sum(c) <= self.max_seeds

    def value(self, c: tuple[int, ...]) -> int:
        """The value of canonical board ``c`` for the player to move."""
        return int(self.values[sum(c)][rank(c)])

    def is_cyclic(self, c: tuple[int, ...]) -> bool:
        """Whether neither player can steer canonical board ``c`` out of an endless cycle."""
        n, r = sum(c), rank(c)
        return self.cyclic.bit(n, r) if isinstance(self.cyclic, PackedFlags) else bool(self.cyclic[n][r])

    def move_values(self, c: tuple[int, ...]) -> dict[int, int]:
        """Each legal start (sowing order) and its value for the mover: captured − the child's value."""
        out = {}
        for i in legal_starts(c, self.grand_slam is GrandSlam.FORBIDDEN):
            s = sow(c, i)
            out[i] = s.captured - self.value(rotate(s.board))
        return out

    def counts(self) -> list[dict]:
        """Per seed count: boards, and wins, draws and losses for the side to move (value > 0, 0, < 0)."""
        if self.summary is not None:
            return [dict(row) for row in self.summary]
        return [_count(n, v, self.cyclic[n]) for n, v in enumerate(self.values)]

    def save(self, path: Path) -> None:
        """Write the tables to ``path``, atomically (a build killed half-way leaves the file as it was);
        see :func:`save`."""
        save(self, path)

    def verify(self) -> None:
        """Check every block of the file the tables were read from (nothing for tables in memory):
        :class:`TablesDamaged` on the first damaged one. Done before tables are extended."""
        for v in self.values:
            if isinstance(v, _Checked):
                v.guard.check(0, len(v.guard.data))
                return


def _count(n: int, v: np.ndarray, cyclic: np.ndarray) -> dict:
    hist = np.bincount(np.asarray(v, dtype=np.int8).view(np.uint8), minlength=256)  # one pass: 0..127, then -128..-1
    return {"seeds": n, "positions": int(len(v)), "wins": int(hist[1:128].sum()), "draws": int(hist[0]),
            "losses": int(hist[128:].sum()), "cyclic": int(np.count_nonzero(cyclic))}


def _layer(n: int, values: list[np.ndarray], forbid: bool, progress: Callable[[int], None] | None,
           cycle: Cycle = Cycle.OWN_ROW):
    size = layer_size(n)
    fixed = np.full((ROW, size), _NONE, dtype=np.int16)   # value of a capturing move (or terminal)
    inner = np.full((ROW, size), -1, dtype=np.int32)      # child's rank for a move that stays in the layer
    boards = compositions(n)
    split = boards[:, :ROW].sum(axis=1, dtype=np.int16) - boards[:, ROW:].sum(axis=1, dtype=np.int16)
    for lo in range(0, size, _CHUNK):
        _moves(boards[lo:lo + _CHUNK], n, values, forbid, fixed[:, lo:lo + _CHUNK], inner[:, lo:lo + _CHUNK])
        if progress:
            progress(min(_CHUNK, size - lo))
    del boards
    legal = (fixed != _NONE) | (inner >= 0)
    over = ~legal.any(axis=0)
    low = np.full(size, -n, dtype=np.int16)
    high = np.full(size, n, dtype=np.int16)
    low[over] = high[over] = split[over]
    _settle(fixed, inner, low, high, np.flatnonzero(~over))
    if progress:
        progress(size)
    # the end of an endless cycle, by the cycle rule (solver.namnam.referee.cycle_value, vectorised);
    # where no move is left, low == high == split already
    ends = split if cycle is Cycle.OWN_ROW else np.zeros_like(split)
    value = np.clip(ends, low, high).astype(np.int8)
    return value, low < high


def _settle(fixed: np.ndarray, inner: np.ndarray, low: np.ndarray, high: np.ndarray, todo: np.ndarray) -> None:
    """Raise ``low`` and lower ``high`` until they stop moving, in place (see the module).

    Each round recomputes only the positions a move of which leads to a position that changed in
    the round before: the parents, found through the moves reversed (sorted by child)."""
    moves, parents = np.nonzero(inner >= 0)
    children = inner[moves, parents]
    del moves
    order = np.argsort(children, kind="stable")
    parents = parents[order].astype(np.int32)
    ends = np.cumsum(np.bincount(children, minlength=len(low)))
    del order, children
    starts = ends - np.diff(ends, prepend=0)
    while todo.size:
        f, ix = fixed[:, todo], inner[:, todo]
        stay = ix >= 0
        safe = np.where(stay, ix, 0)
        new_low = np.where(stay, -high[safe], f).max(axis=0)
        new_high = np.where(stay, -low[safe], f).max(axis=0)
        changed = todo[(new_low != low[todo]) | (new_high != high[todo])]
        low[todo], high[todo] = new_low, new_high
        count = ends[changed] - starts[changed]
        first = np.repeat(starts[changed] - np.cumsum(count) + count, count)
        mark = np.zeros(len(low), dtype=bool)
        mark[parents[first + np.arange(count.sum())]] = True
        todo = np.flatnonzero(mark & (low < high))


def _moves(b: np.ndarray, n: int, values, forbid: bool, fixed: np.ndarray, inner: np.ndarray) -> None:
    rows = np.arange(len(b))
    starving = b[:, ROW:].sum(axis=1) == 0
    slams, results = [], []
    for i in range(ROW):
        s = b[:, i].astype(np.int64)
        legal = (s > 0) & (~starving | (s >= ROW - i))
        q, r = np.divmod(s, PITS - 1)
        new = b.astype(np.int16)
        new[:, i] = 0
        for off in range(1, PITS):
            new[:, (i + off) % PITS] += (q + (off <= r)).astype(np.int16)
        last = (i + np.where(r == 0, PITS - 1, r)) % PITS
        cap = np.zeros(len(b), dtype=np.int16)
        taken = np.zeros(new.shape, dtype=bool)
        active, idx = legal & (last >= ROW), last.copy()
        for _step in range(ROW):
            ok = active & (idx >= ROW)
            v = new[rows, np.minimum(idx, PITS - 1)]
            ok &= (v == 2) | (v == 3)
            cap += np.where(ok, v, 0).astype(np.int16)
            taken[rows[ok], idx[ok]] = True
            active, idx = ok, idx - 1
        slam = (cap > 0) & (cap == new[:, ROW:].sum(axis=1))
        cap[slam] = 0
        taken[slam] = False
        new[taken] = 0
        slams.append(slam & legal)
        results.append((legal, new, cap))
    if forbid:
        plain_exists = np.zeros(len(b), dtype=bool)
        for i in range(ROW):
            plain_exists |= results[i][0] & ~slams[i]
    for i, (legal, new, cap) in enumerate(results):
        if forbid:
            legal = legal & ~(slams[i] & plain_exists)
        child = np.hstack([new[:, ROW:], new[:, :ROW]])
        ranks = rank_many(child)
        stay = legal & (cap == 0)
        inner[i][stay] = ranks[stay]
        for c in np.unique(cap[legal & (cap > 0)]):
            sel = legal & (cap == c)
            fixed[i][sel] = c - values[n - c][ranks[sel]].astype(np.int16)


def build(max_seeds: int, rules: Rules | None = None, progress: Callable[[int, int], None] | None = None,
          base: Tables | None = None, engine: str = "auto", *, scheduler: str = "local",
          path: Path | str | None = None) -> Tables:
    """The tables for every board with at most ``max_seeds`` seeds under ``rules`` (grand-slam rule).

    ``base``: smaller tables already built under the same rule, extended rather than rebuilt
    (larger ones are cut down). ``progress(n, boards_done)`` is called as each chunk of layer
    ``n`` is generated, then with the layer's size once it is solved (twice the boards in all).
    ``engine`` (:data:`solver.compiled.ENGINES`): ``compiled`` solves each layer as the tasks of
    :mod:`solver.namnam.taskgraph` (Numba; run by ``scheduler``: ``local``, or a Dask cluster's
    address), ``pure`` with NumPy below; both give the same tables, bit for bit; ``auto`` takes the
    compiled one when Numba is installed.

    ``path``: the values are written straight into that file, memory-mapped, as each layer is
    solved (only the layers being read stay in memory, as the system sees fit), and the tables
    returned are read back from it (:func:`load`); the file appears, whole, only at the end.

    >>> build(3, base=build(2)).values[3].shape == build(3).values[3].shape
    True
    """
    from solver.namnam.taskgraph import runner_for

    kept, compiled = check_build(max_seeds, rules, base, engine, scheduler=scheduler, saving=path is not None)
    slam, cycle = (rules or Rules()).grand_slam, (rules or Rules()).cycle
    forbid = slam is GrandSlam.FORBIDDEN
    runner = runner_for(scheduler) if compiled and kept <= max_seeds else None
    sizes = [layer_size(k) for k in range(max_seeds + 1)]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    try:
        if path is None:
            flat = np.empty(int(offsets[-1]), dtype=np.int8)
            packed: list[np.ndarray] = []
            summary = _solve(max_seeds, flat, offsets, base, kept, forbid, cycle, compiled, runner, progress,
                             lambda c: packed.append(np.packbits(c)))
            return Tables(tuple(flat[offsets[k]:offsets[k + 1]] for k in range(max_seeds + 1)),
                          PackedFlags(tuple(packed), tuple(sizes)), slam, cycle, summary)
        with _TableFile(path, max_seeds, slam) as out:
            out.summary = _solve(max_seeds, out.values, offsets, base, kept, forbid, cycle, compiled, runner,
                                 progress, out.put_flags)
    finally:
        if runner is not None and hasattr(runner, "close"):
            runner.close()
    return load(path, max_seeds=max_seeds, grand_slam=slam)


def check_build(max_seeds: int, rules: Rules | None = None, base: Tables | None = None, engine: str = "auto", *,
                scheduler: str = "local", saving: bool = False) -> tuple[int, bool]:
    """Refuse, before any work, a :func:`build` that cannot be made (one line each): a size out of
    range, an unknown engine or scheduler, a cluster without the compiled engine, a cycle rule
    whose tables are not saved, not enough memory. The layers ``base`` gives, and whether the
    compiled engine builds the others."""
    if not 0 <= max_seeds <= MAX_BUILD:
        raise TablecalcError(_("bad table size {n}: expected 0 to {most} seeds").format(n=max_seeds, most=MAX_BUILD))
    from solver.namnam.taskgraph import check_scheduler

    check_scheduler(scheduler)
    slam, cycle = (rules or Rules()).grand_slam, (rules or Rules()).cycle
    kept = 0
    if base is not None and base.grand_slam is slam and base.cycle is cycle:
        kept = min(base.max_seeds, max_seeds) + 1
    compiled = use_compiled(engine, what="table build")
    if scheduler != "local" and not compiled:
        raise TablecalcError(_("a build on a cluster (--scheduler) needs the compiled engine (Numba)"))
    if saving and cycle is not Cycle.OWN_ROW:
        raise _not_saved(cycle)
    check_memory(max_seeds, kept - 1, compiled=compiled, cluster=scheduler != "local")
    return kept, compiled


def _solve(max_seeds, flat, offsets, base, kept, forbid, cycle, compiled, runner, progress, put_flags) -> tuple:
    """Every layer into ``flat`` (the first ``kept`` from ``base``), their flags to ``put_flags``;
    the counts of every layer."""
    rows = []
    for n in range(max_seeds + 1):
        layer = flat[offsets[n]:offsets[n + 1]]
        if n < kept:
            layer[:] = base.values[n]
            c = np.asarray(base.cyclic[n], dtype=bool)
        elif n == 0:
            layer[:] = 0
            c = np.zeros(1, dtype=bool)
            if progress:
                progress(0, 2)  # generated and solved, as every layer counts
        elif compiled:
            from solver.namnam.taskgraph import solve_layer

            c = solve_layer(n, flat, offsets, forbid=forbid, own_row=cycle is Cycle.OWN_ROW, runner=runner,
                            progress=(lambda k, n=n: progress(n, k)) if progress else None)
        else:
            v, c = _layer(n, [flat[offsets[k]:offsets[k + 1]] for k in range(n)], forbid,
                          (lambda k, n=n: progress(n, k)) if progress else None, cycle)
            layer[:] = v
        put_flags(c)
        rows.append(_count(n, layer, c))
    return tuple(rows)


# ---------------------------------------------------------------- memory


BYTES_PER_BOARD = 210
"""Peak memory per board of the largest layer while it is solved (measured: 14 seeds ~180 bytes,
15 seeds 1.5 GB for 7.7 million boards, 18 seeds 6.8 GB for 34.6 million: about 200)."""
COMPILED_BYTES_PER_BOARD = 18
"""The same for the compiled builder (:mod:`solver.namnam.taskgraph`): a byte of value (its lower
bound while solved), one of upper bound, one of move count and one of best capture, and four a
move that stays in the layer (about three and a half a board); the moves of the boards settled
are given back as the sweeps go. Measured: 20 seeds peaked at 1.90 GB (17.4 bytes a board of layer
20, with the smaller layers and Python). Past 20 seeds, 7 % more a seed (more moves a board, and
what the allocator keeps): 24 seeds, extending the 20, peaked at 11.1 to 11.3 GB in two runs
(22.3 to 22.7 bytes a board of layer 24 beyond the smaller layers, the file and Python)."""
CLUSTER_BYTES_PER_BOARD = 4
"""The same on the machine that sends a build to a cluster (``--scheduler ADDRESS``): the moves
are on the workers; here the layer's two bounds, its flags, and a round's answers."""
_BASE_MEMORY = 150 << 20
"""What Python, NumPy and the program take before a build starts."""
_COMPILED_BASE = 170 << 20
"""The same with Numba and the kernels loaded (measured: 14 seeds peaked at 252 MiB, 16 at 403,
18 at 841)."""


def build_memory(max_seeds: int, base_seeds: int = -1, *, compiled: bool = False, cluster: bool = False) -> int:
    """The bytes a build of the tables up to ``max_seeds`` seeds needs at its peak, extending tables
    of ``base_seeds`` seeds (every smaller layer is kept: a byte of value and one of ``cyclic``
    per board, an eighth with the compiled builder; the largest layer solved takes
    :data:`BYTES_PER_BOARD` a board, or :data:`COMPILED_BYTES_PER_BOARD` with the ``compiled``
    builder).

    >>> round(build_memory(20) / 1e9, 1), round(build_memory(15) / 1e9, 1)
    (18.4, 1.8)
    >>> round(build_memory(20, compiled=True) / 1e9, 1), round(build_memory(24, 20, compiled=True) / 1e9, 1)
    (2.0, 11.5)
    """
    if max_seeds <= base_seeds:
        return 0
    boards = sum(layer_size(n) for n in range(max_seeds + 1))
    if compiled:  # the layers below are in the file being written, memory-mapped, and so is the base
        per_board = COMPILED_BYTES_PER_BOARD * (1 + 0.07 * max(0, max_seeds - 20))
        if cluster:  # the moves are on the workers: here the bounds, the flags, a copy of the chunk's bounds
            per_board = CLUSTER_BYTES_PER_BOARD
        base_file = _file_size(base_seeds) if base_seeds >= 0 else 0
        return int(_COMPILED_BASE + boards + boards // 8 + base_file + per_board * layer_size(max_seeds))
    return _BASE_MEMORY + 2 * boards + BYTES_PER_BOARD * layer_size(max_seeds)


def _gigabytes(n: int) -> str:
    return f"{n / 1e9:.1f} GB"


def check_memory(max_seeds: int, base_seeds: int = -1, *, compiled: bool = False, cluster: bool = False) -> None:
    """Refuse (:class:`~solver.errors.SearchTooLarge`, before any work) a build that would not fit in
    the memory available now, saying how much it needs and how large a build would fit."""
    need = build_memory(max_seeds, base_seeds, compiled=compiled, cluster=cluster)
    have = available_memory()
    if have is None or need <= have:
        return
    fits = max((n for n in range(max_seeds) if build_memory(n, base_seeds, compiled=compiled, cluster=cluster) <= have),
               default=None)
    hint = (_("at most --build {n} fits").format(n=fits) if fits is not None and fits > base_seeds
            else _("no larger build fits"))
    raise SearchTooLarge(
        _("building the endgame tables up to {n} seeds needs about {need} of memory (layer {n} alone has "
          "{boards:,} boards), and {have} is available: {hint} on this machine").format(
            n=max_seeds, need=_gigabytes(need), boards=layer_size(max_seeds), have=_gigabytes(have), hint=hint))


# ---------------------------------------------------------------- files


FORMAT = 2
"""The version of the table file format (see :func:`save`); format 1 (values compressed with zlib,
read whole into memory) is refused with the command that rebuilds it."""
INDEX = "12 pits, mover's row first in sowing order, lexicographic by layer, first pit slowest"
"""The index scheme of the values (:func:`rank`): a file numbered another way is refused."""
SUFFIX = ".tables"
HEADER_BYTES = 1 << 16
"""The header's room at the start of a file: the values start there, on a page boundary."""
RANGE_CHECKED = 1 << 24
"""Layers up to this many boards are checked whole when the file is read: checksums, and every
value against its range (the larger ones, block by block as they are read, and the spot checks)."""
BLOCK_BYTES = 1 << 16
"""The bytes of values and flags covered by each CRC-32 of a table file (64 KiB)."""
CHECKED_WHOLE = 64 << 20
"""A table file with at most this many bytes of values and flags is checked whole when read."""


def _sizes(max_seeds: int) -> tuple[list[int], list[int]]:
    """The layers' sizes, and the bytes of their packed ``cyclic`` flags."""
    sizes = [layer_size(n) for n in range(max_seeds + 1)]
    return sizes, [(k + 7) // 8 for k in sizes]


def _data_size(max_seeds: int) -> int:
    """The bytes of values and flags."""
    sizes, packed = _sizes(max_seeds)
    return sum(sizes) + sum(packed)


def _blocks(max_seeds: int) -> int:
    return -(-_data_size(max_seeds) // BLOCK_BYTES)


def _file_size(max_seeds: int) -> int:
    return HEADER_BYTES + _data_size(max_seeds) + 4 * _blocks(max_seeds)


def _canonical(header: dict) -> bytes:
    return json.dumps({k: v for k, v in header.items() if k != "sha256"}, sort_keys=True,
                      separators=(",", ":")).encode("ascii")


class _TableFile:
    """A table file being written (see :func:`save`): ``values``, every layer's values one after
    another, memory-mapped; :meth:`put_flags` takes each layer's ``cyclic`` flags in turn. At the end
    of the ``with`` block the header (with the checksums) is written and the file put in place;
    on an error, or a kill, nothing is."""

    def __init__(self, path: Path | str, max_seeds: int, slam: GrandSlam):
        self.path, self.max_seeds, self.slam = Path(path), max_seeds, slam
        self.summary: tuple = ()

    def __enter__(self) -> "_TableFile":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(self.path.parent)
        self._writing = writing(self.path, _("the endgame tables"), own=True)
        self._file = self._writing.__enter__()
        sizes, packed = _sizes(self.max_seeds)
        try:
            _lock(self._file.fileno())  # this build's: a later build leaves it alone while it runs
            self._file.truncate(_file_size(self.max_seeds))
            if hasattr(os, "posix_fallocate"):  # the disk space taken now: a full disk is an error here, not a SIGBUS mid-build
                os.posix_fallocate(self._file.fileno(), 0, _file_size(self.max_seeds))
            self.values = np.memmap(self._file, dtype=np.int8, mode="r+", offset=HEADER_BYTES, shape=(sum(sizes),))
            self.bits = np.memmap(self._file, dtype=np.uint8, mode="r+", offset=HEADER_BYTES + sum(sizes),
                                  shape=(sum(packed),))
        except BaseException as e:
            self._writing.__exit__(type(e), e, e.__traceback__)
            raise
        self._flags = 0
        return self

    def put_flags(self, cyclic: np.ndarray) -> None:
        sizes, packed = _sizes(self.max_seeds)
        at = sum(packed[:self._flags])
        self.bits[at:at + packed[self._flags]] = np.packbits(np.asarray(cyclic, dtype=bool))
        self._flags += 1

    def __exit__(self, kind, error, trace) -> bool | None:
        try:
            if kind is None:
                self._finish()
        except BaseException as e:
            kind, error, trace = type(e), e, e.__traceback__
        finally:
            for name in ("values", "bits"):
                if hasattr(self, name):
                    delattr(self, name)  # unmapped: the file is closed and renamed (or removed) next
        done = self._writing.__exit__(kind, error, trace)
        if kind is not None and error is not None and not done:
            raise error
        return done

    def _finish(self) -> None:
        if self._flags != self.max_seeds + 1:
            raise ValueError("every layer's cyclic flags must be given")
        self.values.flush()
        self.bits.flush()
        data = np.memmap(self._file, dtype=np.uint8, mode="r", offset=HEADER_BYTES, shape=(_data_size(self.max_seeds),))
        crcs = np.array([zlib.crc32(data[at:at + BLOCK_BYTES]) for at in range(0, len(data), BLOCK_BYTES)],
                        dtype="<u4").tobytes()
        del data
        header = {"format": FORMAT, "game": "namnam", "max_seeds": self.max_seeds,
                  "rules": {"grand_slam": self.slam.value}, "index": INDEX, "layers": _sizes(self.max_seeds)[0],
                  "values": "int8", "cyclic": "bits", "checksum": "crc32", "block_bytes": BLOCK_BYTES,
                  "blocks_sha256": hashlib.sha256(crcs).hexdigest(),
                  "counts": [dict(row) for row in self.summary]}
        header["sha256"] = hashlib.sha256(_canonical(header)).hexdigest()
        head = TABLES_MAGIC + json.dumps(header, sort_keys=True).encode("ascii") + b"\n"
        if len(head) > HEADER_BYTES:
            raise ValueError("the header does not fit")
        self._file.seek(HEADER_BYTES + _data_size(self.max_seeds))
        self._file.write(crcs)
        self._file.seek(0)
        self._file.write(head + b" " * (HEADER_BYTES - len(head)))


def _lock(fd: int) -> bool:
    """Take the lock of a table file being written (where the system has them); whether it was free."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _remove_stale(folder: Path) -> None:
    """Remove the temporary files of table builds that were killed (whose lock is free): each is
    as large as the tables it was to hold. Those of a build still running are left alone."""
    if not folder.is_dir():
        return
    for tmp in folder.glob(".endgame-*.tmp"):
        try:
            fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode) and _lock(fd):
                tmp.unlink(missing_ok=True)
        except OSError:
            pass
        finally:
            os.close(fd)


def save(tables: "Tables", path: Path | str) -> None:
    """Write ``tables`` to ``path``, atomically (a build killed half-way leaves the file as it was):
    :data:`~solver.files.TABLES_MAGIC` and a header of one JSON line (format, seed count,
    grand-slam rule, index scheme, layer sizes, the counts of :meth:`Tables.counts`, the SHA-256
    of the checksums and of the header), padded to :data:`HEADER_BYTES`; then the values (one
    signed byte a board, layer by layer) and the ``cyclic`` flags (one bit a board, each layer
    from a new byte); then a CRC-32 of every :data:`BLOCK_BYTES` of those (little-endian).
    :func:`load` checks all of it and maps the values without reading them whole. Only the default cycle rule's tables are saved
    (the others are built in memory)."""
    if tables.cycle is not Cycle.OWN_ROW:
        raise _not_saved(tables.cycle)
    with _TableFile(path, tables.max_seeds, tables.grand_slam) as out:
        at = 0
        for v, c in zip(tables.values, tables.cyclic):
            out.values[at:at + len(v)] = v
            at += len(v)
            out.put_flags(c)
        out.summary = tuple(tables.counts())


def _not_saved(cycle: Cycle) -> TablecalcError:
    return TablecalcError(_("the tables of the cycle rule {rule} are not saved: they are built in memory when "
                            "asked for").format(rule=repr(cycle.value)))


def _rebuild_hint(max_seeds: int | None, slam: GrandSlam | None) -> str:
    n = max_seeds if max_seeds is not None else 15
    flag = f" --grand-slam {slam.value}" if slam is GrandSlam.FORBIDDEN else ""
    return _("rebuild them: {command}").format(command=f"tablecalc namnam tables --build {n}{flag}")


_COUNT_KEYS = ("seeds", "positions", "wins", "draws", "losses", "cyclic")


def load(path: Path, *, max_seeds: int | None = None, grand_slam: GrandSlam | None = None) -> Tables:
    """The tables saved in ``path``, checked to be what they claim and what was asked: the header
    (format, game, index scheme, seed count ``max_seeds`` and grand-slam rule ``grand_slam`` when
    given, its SHA-256), the file's size, each layer's values and flags against its CRC-32, the
    values of the smaller layers within their bounds, and a sample of boards of every layer
    against the rules themselves (:func:`spot_check`). Anything else is one
    :class:`~solver.errors.TablecalcError` line naming the file and saying how to rebuild it.

    The values are memory-mapped, not read into memory. A file of up to :data:`CHECKED_WHOLE`
    bytes, and the layers of up to :data:`RANGE_CHECKED` boards, are checked whole now; the rest of
    a larger file block by block, the first time a value in a block is read: a damaged block then
    raises :class:`TablesDamaged` (one line, the same words) instead of giving a value."""
    path = Path(path)

    def refuse(why: str) -> TablecalcError:
        return TablecalcError(_("cannot use the endgame tables {path}: {why}; {hint}").format(
            path=quoted_path(path), why=why, hint=_rebuild_hint(max_seeds, grand_slam)))

    try:
        data, file_size = read_head(path, _("the endgame tables"), HEADER_BYTES)
    except TablecalcError as e:  # the words of the error are the learner's
        raise refuse(str(e).split(": ", 1)[-1]) from None
    if not data.startswith(TABLES_MAGIC):
        raise refuse(_("it is not an endgame table file of this tablecalc (no header)"))
    end = data.find(b"\n", len(TABLES_MAGIC))
    try:
        header = json.loads(data[len(TABLES_MAGIC):end]) if end > 0 else None
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict):
        raise refuse(_("its header is damaged"))
    if header.get("format") != FORMAT:
        raise refuse(_("it is in format {format}, expected {expected}").format(format=quoted(header.get("format")), expected=FORMAT))
    if hashlib.sha256(_canonical(header)).hexdigest() != header.get("sha256"):
        raise refuse(_("its header is damaged"))
    if header.get("game") != "namnam" or header.get("index") != INDEX:
        raise refuse(_("its boards are numbered another way than this tablecalc's"))
    n = header.get("max_seeds")
    if type(n) is not int or not 0 <= n <= MAX_BUILD:
        raise refuse(_("its header gives {n} seeds").format(n=quoted(n)))
    if max_seeds is not None and n != max_seeds:
        raise refuse(_("it holds the tables up to {n} seeds, not {wanted}").format(n=n, wanted=max_seeds))
    rules = header.get("rules")
    slam_name = rules.get("grand_slam") if isinstance(rules, dict) else None
    if slam_name not in {g.value for g in GrandSlam}:
        raise refuse(_("its header gives the grand-slam rule {rule}").format(rule=quoted(slam_name)))
    slam = GrandSlam(slam_name)
    if grand_slam is not None and slam is not grand_slam:
        raise refuse(_("it was built for the grand-slam rule {rule}, not {wanted}").format(
            rule=repr(slam.value), wanted=repr(grand_slam.value)))
    sizes, packed = _sizes(n)
    if header.get("layers") != sizes:
        raise refuse(_("its layers do not have the sizes of this index scheme"))
    counts = header.get("counts")
    if not (header.get("block_bytes") == BLOCK_BYTES and isinstance(counts, list) and len(counts) == n + 1
            and all(isinstance(row, dict) and set(row) == set(_COUNT_KEYS)
                    and all(type(row[key]) is int for key in _COUNT_KEYS) for row in counts)):
        raise refuse(_("its header is damaged"))
    if file_size != _file_size(n):
        raise refuse(_("it is truncated or damaged"))
    data_size = _data_size(n)
    try:
        data = np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER_BYTES, shape=(data_size,))
        crcs = np.memmap(path, dtype="<u4", mode="r", offset=HEADER_BYTES + data_size, shape=(_blocks(n),))
    except (OSError, ValueError) as e:
        raise refuse(getattr(e, "strerror", None) or str(e)) from None
    if hashlib.sha256(crcs.tobytes()).hexdigest() != header.get("blocks_sha256"):
        raise refuse(_("it is damaged: its checksum does not match its values"))
    guard = _Guard(data, np.array(crcs), refuse, path)
    try:
        if data_size <= CHECKED_WHOLE:
            guard.check(0, data_size)
        values, flags, at, at_bits = [], [], 0, sum(sizes)
        for k in range(n + 1):
            v = _Checked(guard, at, data[at:at + sizes[k]].view(np.int8))
            f = _Checked(guard, at_bits, data[at_bits:at_bits + packed[k]])
            if sizes[k] <= RANGE_CHECKED:
                v8 = np.asarray(v)
                np.asarray(f)
                if int(v8.min()) < -k or int(v8.max()) > k or ((v8.astype(np.int16) - k) % 2).any():
                    raise refuse(_("layer {k} holds values out of range (expected -{k} to {k}, of the parity of {k})").format(k=k))
            at, at_bits = at + sizes[k], at_bits + packed[k]
            values.append(v)
            flags.append(f)
        tables = Tables(tuple(values), PackedFlags(tuple(flags), tuple(sizes)), slam,
                        summary=tuple({key: int(row[key]) for key in _COUNT_KEYS} for row in counts), source=path)
        wrong = spot_check(tables)
    except TablesDamaged as e:
        raise TablecalcError(str(e)) from None
    if wrong is not None:
        raise refuse(_("its values break the rules at board {board}").format(board=".".join(map(str, wrong))))
    return tables


def unrank(n: int, r: int) -> tuple[int, ...]:
    """The board of ``n`` seeds numbered ``r`` (the inverse of :func:`rank`).

    >>> all(rank(unrank(4, r)) == r for r in range(layer_size(4)))
    True
    """
    board, m = [], n
    for i in range(PITS - 1):
        k = PITS - i
        a = 0
        while r >= (count := comb(m - a + k - 2, k - 2)):
            r -= count
            a += 1
        board.append(a)
        m -= a
    return (*board, m)


SPOT_CHECKS = 48
"""Boards of each layer checked against the rules when a table file is read (8 in a layer of more
than :data:`RANGE_CHECKED` boards: each child read checks a block of the file)."""


def spot_check(tables: Tables, samples: int = SPOT_CHECKS) -> tuple[int, ...] | None:
    """A board whose value the rules contradict, among ``samples`` boards of every layer (the same
    ones each time), or ``None``: where play ends, the value is the split of the seeds left; where
    no cycle is possible, it is the best move's (captured − the child's value); in a cycle, at least
    the best capture's."""
    forbid = tables.grand_slam is GrandSlam.FORBIDDEN
    for n in range(1, tables.max_seeds + 1):
        size = layer_size(n)
        count = samples if size <= RANGE_CHECKED else min(samples, 8)
        for r in sorted({(j * 7919 + size // 2) % size for j in range(count)} | {0, size - 1}):
            c = unrank(n, r)
            v = int(tables.values[n][r])
            starts = legal_starts(c, forbid)
            if not starts:
                if v != sum(c[:ROW]) - sum(c[ROW:]):
                    return c
                continue
            moves = {i: (s.captured, rotate(s.board)) for i in starts for s in (sow(c, i),)}
            if any(sum(child) > tables.max_seeds for _, child in moves.values()):
                continue
            best_value = max(cap - tables.value(child) for cap, child in moves.values())
            best_capture = max((cap - tables.value(child) for cap, child in moves.values() if cap), default=None)
            if (not tables.is_cyclic(c) and v != best_value) or (best_capture is not None and v < best_capture):
                return c
    return None


# ---------------------------------------------------------------- where they are kept


def cache_path(max_seeds: int, rules: Rules | None = None) -> Path:
    """Where the tables up to ``max_seeds`` seeds are kept: ``namnam/`` in the data folder
    (``$TABLECALC_HOME``, see :func:`solver.files.data_home`)."""
    slam = (rules or Rules()).grand_slam.value
    return data_home() / TABLES_FOLDER / f"endgame-{slam}-{max_seeds}{SUFFIX}"


def available(rules: Rules | None = None) -> list[tuple[int, Path]]:
    """The table files saved for ``rules``' grand-slam rule, by the seed count their name gives:
    ``(max_seeds, path)``, smallest first (what they hold is checked when they are read)."""
    folder = cache_path(0, rules).parent
    slam = (rules or Rules()).grand_slam.value
    found = []
    if folder.is_dir():
        for p in folder.glob(f"endgame-{slam}-*{SUFFIX}"):
            tail = p.name[len(f"endgame-{slam}-"):-len(SUFFIX)]
            if tail.isascii() and tail.isdigit() and int(tail) <= MAX_BUILD:
                found.append((int(tail), p))
    return sorted(found)


def superseded(rules: Rules | None = None) -> list[Path]:
    """Files of earlier versions of tablecalc (``endgame-RULE-N.npz``, without a header) for ``rules``."""
    folder = cache_path(0, rules).parent
    slam = (rules or Rules()).grand_slam.value
    return sorted(folder.glob(f"endgame-{slam}-*.npz")) if folder.is_dir() else []


_LOADED: dict = {}
"""Tables in memory: ``(grand_slam, cycle, max_seeds)`` → :class:`Tables`."""
_REFUSED: dict = {}
"""Table files refused, by (path, size, modification time): the one line saying why."""


@dataclass(frozen=True)
class Lookup:
    """The tables to use (``None``: none), and the saved files refused on the way: why, one line
    each, and the seed count each file's name gives."""

    tables: Tables | None
    refused: tuple[str, ...] = ()
    refused_seeds: tuple[int, ...] = ()


def _key(path: Path) -> tuple:
    try:
        st = path.stat()
        return (str(path), st.st_size, st.st_mtime_ns)
    except OSError:
        return (str(path), None, None)


def forget(tables: Tables | None, why: str) -> None:
    """Stop using ``tables``, read from a file found damaged (:class:`TablesDamaged`): the file is
    refused from now on, for ``why``, until it changes."""
    if tables is not None and tables.source is not None:
        _forget_file(tables.source, why)


def _forget_file(path: Path, why: str) -> None:
    for key in [k for k, t in _LOADED.items() if t.source == path]:
        del _LOADED[key]
    _REFUSED[_key(path)] = why


def _read_saved(n: int, path: Path, slam: GrandSlam) -> Tables | str:
    key = _key(path)
    if key in _REFUSED:
        return _REFUSED[key]
    try:
        return load(path, max_seeds=n, grand_slam=slam)
    except TablecalcError as e:
        _REFUSED[key] = str(e)
        return str(e)


def lookup(rules: Rules | None = None) -> Lookup:
    """The largest tables that read well for ``rules`` (in memory or saved); the saved files larger
    than them that were refused, with why."""
    slam, cycle = (rules or Rules()).grand_slam, (rules or Rules()).cycle
    mem = max((t for t in _LOADED.values() if t.grand_slam is slam and t.cycle is cycle), key=lambda t: t.max_seeds,
              default=None)
    refused: list[tuple[int, str]] = []

    def found(t: Tables | None) -> Lookup:
        return Lookup(t, tuple(why for _, why in refused), tuple(n for n, _ in refused))

    for n, path in reversed(available(rules) if cycle is Cycle.OWN_ROW else []):  # only these are saved
        if mem is not None and n <= mem.max_seeds:
            break
        got = _read_saved(n, path, slam)
        if isinstance(got, Tables):
            _LOADED[(slam, cycle, n)] = got
            return found(got)
        refused.append((n, got))
    return found(mem)


def largest(rules: Rules | None = None) -> Tables | None:
    """The largest tables already built that read well (in memory or saved), or ``None``."""
    return lookup(rules).tables


def load_or_build(max_seeds: int, rules: Rules | None = None, *, save: bool = True) -> Tables:
    """Tables of at least ``max_seeds`` seeds: in memory, else the largest saved ones that cover it and
    read well, else built now (and saved when ``save``)."""
    slam = (rules or Rules()).grand_slam
    t = largest(rules)
    if t is None or t.max_seeds < max_seeds:
        t = build(max_seeds, rules)
        if save:
            try:
                t.save(cache_path(max_seeds, rules))
            except (OSError, TablecalcError):
                pass
    _LOADED[(slam, t.cycle, t.max_seeds)] = t
    return t


def find(seeds: int, rules: Rules | None = None) -> Lookup:
    """The tables to use on a board of ``seeds`` seeds: the largest built that read well; for a small
    board (at most :data:`SMALL_TABLES` seeds) that they do not cover, the small tables built in memory
    now. ``refused`` lists the saved files refused when no tables that read well cover the board."""
    found = lookup(rules)
    t = found.tables
    if seeds <= SMALL_TABLES and (t is None or t.max_seeds < seeds):
        t = load_or_build(SMALL_TABLES, rules, save=False)
    return Lookup(t) if t is not None and t.max_seeds >= seeds else Lookup(t, found.refused, found.refused_seeds)


def tables_for(seeds: int, rules: Rules | None = None) -> Tables | None:
    """:func:`find`'s tables."""
    return find(seeds, rules).tables
