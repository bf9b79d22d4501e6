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
better end than an endless cycle, which the end-of-game rule settles: each player takes the
seeds of their own row, counted in the position at hand and kept between the two bounds
(:attr:`Tables.cyclic` marks these positions).

The leftover rule does not change the tables: both readings give every seed left to the row's
owner at every end (:class:`~solver.namnam.rules.Leftover`); the grand-slam rule does.

Boards with ``n`` seeds are numbered in lexicographic order (:func:`rank`): layer ``n``
has ``C(n+11, 11)`` of them.

>>> t = build(4)
>>> [len(v) for v in t.values]
[1, 12, 78, 364, 1365]
>>> t.value((1,) + (0,) * 11)  # the opponent cannot be fed: the mover keeps their seed
1
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Callable

import numpy as np

from solver.errors import TablecalcError
from solver.namnam.rules import GrandSlam, Rules
from solver.namnam.sowing import PITS, ROW, SEEDS, legal_starts, rotate, sow

__all__ = ["Tables", "build", "rank", "rank_many", "compositions", "layer_size", "cache_path", "load", "load_or_build",
           "MAX_BUILD", "available", "largest", "tables_for", "SMALL_TABLES"]

SMALL_TABLES = 8
"""Boards with at most this many seeds are solved exactly even when no tables were built: the
8-seed tables are built in memory on demand (about two seconds), see :func:`tables_for`."""
MAX_BUILD = 20
"""The largest N the build command accepts: layer 20 alone has 84 million boards, which would take
some 17 GB of memory while it is solved (estimated from 18 seeds, built with 6.8 GB)."""
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


@dataclass(frozen=True)
class Tables:
    """``values[n][rank(c)]``: the value of board ``c`` with ``n`` seeds (see the module)."""

    values: tuple[np.ndarray, ...]
    cyclic: tuple[np.ndarray, ...]
    grand_slam: GrandSlam

    @property
    def max_seeds(self) -> int:
        return len(self.values) - 1

    def covers(self, c: tuple[int, ...]) -> bool:
        return sum(c) <= self.max_seeds

    def value(self, c: tuple[int, ...]) -> int:
        """The value of canonical board ``c`` for the player to move."""
        return int(self.values[sum(c)][rank(c)])

    def move_values(self, c: tuple[int, ...]) -> dict[int, int]:
        """Each legal start (sowing order) and its value for the mover: captured − the child's value."""
        out = {}
        for i in legal_starts(c, self.grand_slam is GrandSlam.FORBIDDEN):
            s = sow(c, i)
            out[i] = s.captured - self.value(rotate(s.board))
        return out

    def counts(self) -> list[dict]:
        """Per seed count: boards, and wins, draws and losses for the side to move (value > 0, 0, < 0)."""
        rows = []
        for n, v in enumerate(self.values):
            rows.append({"seeds": n, "positions": int(len(v)), "wins": int((v > 0).sum()),
                         "draws": int((v == 0).sum()), "losses": int((v < 0).sum()),
                         "cyclic": int(self.cyclic[n].sum())})
        return rows

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = {f"v{n}": v for n, v in enumerate(self.values)}
        arrays.update({f"c{n}": np.packbits(c) for n, c in enumerate(self.cyclic)})
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, grand_slam=np.array(self.grand_slam.value), **arrays)
        os.replace(tmp, path)


def _layer(n: int, values: list[np.ndarray], forbid: bool, progress: Callable[[int], None] | None):
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
    value = np.clip(split, low, high).astype(np.int8)
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
        for _ in range(ROW):
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
          base: Tables | None = None) -> Tables:
    """The tables for every board with at most ``max_seeds`` seeds under ``rules`` (grand-slam rule).

    ``base``: smaller tables already built under the same rule, extended rather than rebuilt
    (larger ones are cut down). ``progress(n, boards_done)`` is called as each chunk of layer
    ``n`` is generated, then with the layer's size once it is solved (twice the boards in all).

    >>> build(3, base=build(2)).values[3].shape == build(3).values[3].shape
    True
    """
    if not 0 <= max_seeds <= MAX_BUILD:
        raise TablecalcError(f"bad table size {max_seeds}: expected 0 to {MAX_BUILD} seeds")
    slam = (rules or Rules()).grand_slam
    forbid = slam is GrandSlam.FORBIDDEN
    values: list[np.ndarray] = []
    cyclic: list[np.ndarray] = []
    if base is not None and base.grand_slam is slam:
        values, cyclic = list(base.values[:max_seeds + 1]), list(base.cyclic[:max_seeds + 1])
    for n in range(len(values), max_seeds + 1):
        if n == 0:
            v, c = np.zeros(1, dtype=np.int8), np.zeros(1, dtype=bool)
        else:
            v, c = _layer(n, values, forbid, (lambda k, n=n: progress(n, k)) if progress else None)
        values.append(v)
        cyclic.append(c)
    return Tables(tuple(values), tuple(cyclic), slam)


def cache_path(max_seeds: int, rules: Rules | None = None) -> Path:
    """Where the built tables are kept: ``$TABLECALC_HOME`` or the user data folder, ``namnam/``."""
    home = os.environ.get("TABLECALC_HOME", "").strip()
    if home:
        root = Path(home)
    else:
        import platformdirs

        root = Path(platformdirs.user_data_dir("tablecalc", appauthor=False))
    slam = (rules or Rules()).grand_slam.value
    return root / "namnam" / f"endgame-{slam}-{max_seeds}.npz"


def load(path: Path) -> Tables:
    """Tables saved by :meth:`Tables.save`."""
    try:
        with np.load(path) as z:
            n = sum(1 for k in z.files if k.startswith("v"))
            values = tuple(z[f"v{k}"] for k in range(n))
            cyclic = tuple(np.unpackbits(z[f"c{k}"])[:len(values[k])].astype(bool) for k in range(n))
            slam = GrandSlam(str(z["grand_slam"]))
    except (OSError, ValueError, KeyError) as e:
        raise TablecalcError(f"cannot read the endgame tables {str(path)!r}: {e}; build them again") from None
    return Tables(values, cyclic, slam)


_LOADED: dict = {}


def load_or_build(max_seeds: int, rules: Rules | None = None, *, save: bool = True) -> Tables:
    """Tables of at least ``max_seeds`` seeds: in memory, else the largest saved ones that cover it,
    else built now (and saved when ``save``)."""
    slam = (rules or Rules()).grand_slam
    for (s, n), t in _LOADED.items():
        if s is slam and n >= max_seeds:
            return t
    found = available(rules)
    if found and found[-1][0] >= max_seeds:
        t = load(found[-1][1])
    else:
        t = build(max_seeds, rules)
        if save:
            try:
                t.save(cache_path(max_seeds, rules))
            except OSError:
                pass
    _LOADED[(slam, t.max_seeds)] = t
    return t


def available(rules: Rules | None = None) -> list[tuple[int, Path]]:
    """The saved tables for ``rules``' grand-slam rule: ``(max_seeds, path)``, smallest first."""
    folder = cache_path(0, rules).parent
    slam = (rules or Rules()).grand_slam.value
    found = []
    if folder.is_dir():
        for p in folder.glob(f"endgame-{slam}-*.npz"):
            tail = p.stem.rsplit("-", 1)[-1]
            if tail.isdigit():
                found.append((int(tail), p))
    return sorted(found)


def largest(rules: Rules | None = None) -> Tables | None:
    """The largest tables already built (in memory or saved), or ``None``."""
    slam = (rules or Rules()).grand_slam
    mem = [t for (s, _), t in _LOADED.items() if s is slam]
    found = available(rules)
    best_mem = max(mem, key=lambda t: t.max_seeds, default=None)
    if found and (best_mem is None or found[-1][0] > best_mem.max_seeds):
        t = load(found[-1][1])
        _LOADED[(slam, t.max_seeds)] = t
        return t
    return best_mem


def tables_for(seeds: int, rules: Rules | None = None) -> Tables | None:
    """The tables to use on a board of ``seeds`` seeds: the largest built (saved or in memory);
    for a small board (at most :data:`SMALL_TABLES` seeds) when none covers it, the small
    tables built in memory now."""
    t = largest(rules)
    if seeds <= SMALL_TABLES and (t is None or t.max_seeds < seeds):
        t = load_or_build(SMALL_TABLES, rules, save=False)
    return t
