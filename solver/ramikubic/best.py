"""The best lay and the initial meld, exactly, by integer programming.

The model is den Hertog and Hulshof's Rummikub ILP ("Solving Rummikub problems by
integer linear programming", 2006), with jokers as their own variables:

* ``x[s]`` — how many copies of pattern ``s`` (every group, every run of 3 to 5 tiles,
  from :func:`solver.ramikubic.combos.patterns`) lie on the table after the move;
* ``y[i]`` — how many tiles of kind ``i`` leave the rack (at most the rack's), ``yj`` how
  many jokers;
* ``z[i]`` — how many places of kind ``i`` in those patterns are filled by jokers;
* ``k[c]`` — whether old combination ``c`` stays exactly as it was, so the answer reads close
  to the old table.

For every tile kind, the places in the patterns equal the table's tiles plus those laid
plus the jokers standing there; the jokers standing equal the table's jokers plus those
laid — so every table tile stays and every combination ends valid. The objective is
lexicographic: the most tiles (or points, :attr:`Rules.objective`), then the most points
(or tiles), then the most tiles of old combinations kept whole — one solve, the three weighted
so that each one's whole range fits under the previous one's unit. HiGHS (SciPy's
:func:`~scipy.optimize.milp`) solves it with a relative gap of 0: the answer is optimal, and the
referee replays it. When that one solve is not proven within :data:`ONE_SOLVE_NODES` nodes, the
best lay falls back to the reference path of two solves (the exact optimum, then, the tiles laid
fixed, the most old combinations kept whole within :data:`LAYOUT_NODES`), which lays the same
tiles and points. Each solve is bounded by a count of branch-and-bound nodes, never by a clock,
so the same question gets the same answer on every machine.

>>> from solver.ramikubic.position import Position
>>> ts = TileSet.default()
>>> p = Position.parse("table 7b 8b 9b; rack 10b 7y 7g 2r; melded", ts)
>>> lay = best_lay(p, Rules(), ts)
>>> lay.tiles_placed, [tiles_text(c) for c in lay.table], lay.short_answer
(3, ['8b 9b 10b', '7b 7y 7g'], '1: 8b 9b 10b | 7b 7y 7g')
>>> m = best_meld(Position.parse("rack 1r 2r 3r 4r 5b 5y 5g 9g", ts), Rules(), ts)
>>> m.possible, m.tiles, m.points, [tiles_text(c) for c in m.combinations]
(True, 7, 25, ['5b 5y 5g', '1r 2r 3r 4r'])
"""

from __future__ import annotations

import os
import sys
import warnings
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Sequence

from solver.errors import SearchTooLarge, TablecalcError
from solver.i18n import _
from solver.ramikubic.combos import Kind, Pattern, meld_value, patterns, run_allowed, run_numbers
from solver.ramikubic.position import Combination, Position, Table, table_text
from solver.ramikubic.rules import MeldJoker, Objective, Rules
from solver.ramikubic.tiles import JOKER, Tile, TileSet, tiles_text

__all__ = ["Lay", "Meld", "Move", "Plan", "best_lay", "best_meld", "solve", "optimise", "keeps_all", "describe_moves",
           "MAX_RUN", "EXACT_NODES", "LAYOUT_NODES", "ONE_SOLVE_NODES", "SOLVE_ERROR", "HIGHS_OPTIONS"]

EXACT_NODES = 100_000
"""The most branch-and-bound nodes an exact solve may take before tablecalc gives up with an error
(the dealt positions of the tests and the benchmark never need more than the root node)."""
LAYOUT_NODES = 100
"""The branch-and-bound nodes the reference path's second step (keep old combinations whole, the
tiles laid fixed) may take; past them the answer is the best layout found so far, or the first
step's (the tiles laid are the same). A count of nodes, not a time: the same question gets the
same layout on every machine (the dealt positions never need more than the root node)."""
ONE_SOLVE_NODES = 100
"""The branch-and-bound nodes the best lay's one solve (tiles, points and old combinations kept
whole, weighed together) may take before the best lay falls back to the reference path of two
solves: every dealt position tried so far needed only the root node."""
HIGHS_OPTIONS = {"mip_heuristic_run_feasibility_jump": False}
"""HiGHS options that SciPy's ``milp`` does not name itself (it passes them on to HiGHS verbatim,
with a warning, silenced here). The feasibility-jump heuristic took half the time of a solve on the benchmark's positions (a
40-tile table: 15 ms a solve with it, 7.5 ms without, the same optima)."""
_UNRECOGNISED = r"Unrecognized options detected: \{'mip_heuristic_run_feasibility_jump'\}"
# SciPy's warning about HIGHS_OPTIONS, silenced for the whole process too: the web app solves in
# threads, where a catch_warnings() block of one thread may undo another's
warnings.filterwarnings("ignore", _UNRECOGNISED, RuntimeWarning)
MAX_RUN = 5
"""The longest run the model chooses: a longer run is two of 3 to 5 side by side (merged in the answer)."""


@dataclass(frozen=True)
class Plan:
    """What the ILP chose: patterns with the places jokers fill, kept old combinations, tiles laid."""

    combos: tuple[Combination, ...]
    kept: tuple[int, ...]
    placed: tuple[Tile, ...]
    proven: bool = True
    """Whether the plan is proven optimal (``False``: the best found within the node budget)."""


SOLVE_ERROR = 4
"""SciPy's status for HiGHS's "Solve error" (seen on about one model in 10,000 of whole games, after
the presolve; the same model without it is solved): a model that gets it is solved again with the
presolve switched the other way."""


@contextmanager
def _native_output_hidden():
    """The process's standard output (file descriptor 1) pointed at the null device while HiGHS runs:
    on the model it fails, HiGHS prints a debugging line there itself (not through Python), which
    would break a command's text or JSON. Python's own buffered output is written out first."""
    fd = 1  # the process's standard output, where native code writes
    if sys.stdout is not None:
        sys.stdout.flush()
    try:
        saved, null = os.dup(fd), os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no standard output to hide
        yield
        return
    try:
        os.dup2(null, fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(null)
        os.close(saved)


def optimise(table: Table, rack: Sequence[Tile], rules: Rules, ts: TileSet, *, goal: tuple[str, ...],
             min_meld: int | None = None, keep_old: bool = True, placed: Sequence[Tile] | None = None,
             nodes: int | None = None, presolve: bool = True) -> Plan | None:
    """Solve the model; ``goal`` names the quantities to maximise, most important first, among
    ``tiles`` (laid), ``points`` (laid, a joker at its end-of-round value), ``meld`` (the patterns'
    points) and ``kept`` (tiles of old combinations kept whole). ``placed`` fixes the tiles laid;
    ``nodes`` bounds the branch-and-bound nodes (the best plan found within them); without it the
    answer is exact, or :class:`~solver.errors.SearchTooLarge` past :data:`EXACT_NODES`. ``None``
    when infeasible, or when ``nodes`` ran out before any plan. ``presolve``: whether HiGHS
    presolves the model (the optimum is the same either way; without, the best lay's one solve
    takes about a third less time on 40-tile tables)."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    kinds = ts.kinds()
    index = {t: i for i, t in enumerate(kinds)}
    old = [c for c in table] if keep_old else []
    C = len(old)
    t_count = Counter(t for c in table for t in c)
    r_count = Counter(rack)
    table_jokers, rack_jokers = t_count.pop(JOKER, 0), r_count.pop(JOKER, 0)
    all_jokers = table_jokers + rack_jokers
    # only the patterns the tiles in play (jokers filling the gaps) could make
    have = t_count + r_count
    every, places = _pattern_places(rules.wrap, ts, MAX_RUN, rules.run_repeat)
    short = np.maximum(places - np.array([have[k] for k in kinds]), 0).sum(axis=1)
    chosen_rows = np.flatnonzero(short <= all_jokers)
    pats = [every[s] for s in chosen_rows]
    K, P = len(kinds), len(pats)
    # columns: x (P) | y (K) | yj (1) | z (K) | k (C)
    X, Y, YJ, Z, KC = 0, P, P + K, P + K + 1, P + 2 * K + 1
    n = KC + C
    A = np.zeros((K + 1, n))
    A[:K, X:X + P] = places[chosen_rows].T
    for i in range(K):
        A[i, Y + i] = -1
        A[i, Z + i] = -1
        A[K, Z + i] = 1
    A[K, YJ] = -1
    for c, combo in enumerate(old):
        for t in combo:
            if t.is_joker:
                A[K, KC + c] += 1
            else:
                A[index[t], KC + c] += 1
    rhs = np.array([t_count[k] for k in kinds] + [table_jokers], dtype=float)
    rows = [LinearConstraint(A, rhs, rhs)]

    value = np.array([k.number for k in kinds], dtype=float)
    quantity = {
        "tiles": np.zeros(n), "points": np.zeros(n), "meld": np.zeros(n), "kept": np.zeros(n),
    }
    quantity["tiles"][Y:Y + K] = 1
    quantity["tiles"][YJ] = 1
    quantity["points"][Y:Y + K] = value
    quantity["points"][YJ] = ts.joker_points
    if rules.meld_joker is MeldJoker.STANDS_FOR:
        quantity["meld"][X:X + P] = [p.points for p in pats]
    else:
        quantity["meld"][:] = quantity["points"]
    quantity["kept"][KC:KC + C] = [len(c) for c in old]
    if min_meld is not None:
        rows.append(LinearConstraint(quantity["meld"].reshape(1, -1), min_meld, np.inf))

    # lexicographic weights: each quantity's range fits under the next one's unit
    c = np.zeros(n)
    scale = 1.0
    for name in reversed(goal):
        q = quantity[name]
        c -= scale * q
        top = q[Y:Y + K] @ np.array([r_count[k] for k in kinds], dtype=float) + q[YJ] * rack_jokers \
            if name in ("tiles", "points") else q.clip(min=0).sum() * (2 + all_jokers)
        scale *= top + 1
    if scale > 2 ** 50:  # pragma: no cover - far beyond any table the parsers accept
        raise TablecalcError(_("the position is too large to weigh exactly: expected at most a full set of tiles"))

    lower = np.zeros(n)
    upper = np.zeros(n)
    upper[X:X + P] = 2 * ts.copies + all_jokers
    upper[Y:Y + K] = [r_count[k] for k in kinds]
    upper[YJ] = 0 if rules.keep_jokers else rack_jokers
    upper[Z:Z + K] = all_jokers
    upper[KC:KC + C] = 1
    if placed is not None:
        fixed = Counter(placed)
        lower[Y:Y + K] = upper[Y:Y + K] = [fixed[k] for k in kinds]
        lower[YJ] = upper[YJ] = fixed[JOKER]
    options = {"mip_rel_gap": 0, "presolve": presolve, "node_limit": nodes or EXACT_NODES,  # no time limit: no clock
               **HIGHS_OPTIONS}
    with _native_output_hidden(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", _UNRECOGNISED, RuntimeWarning)  # HIGHS_OPTIONS, passed on by design
        res = milp(c, integrality=np.ones(n), bounds=Bounds(lower, upper), constraints=rows, options=options)
        if res.status == SOLVE_ERROR:  # HiGHS fails on a rare model after its presolve: solved again the other way
            res = milp(c, integrality=np.ones(n), bounds=Bounds(lower, upper), constraints=rows,
                       options={**options, "presolve": not presolve})
    if res.status == 1 and nodes is None:  # pragma: no cover - never seen on a set of 84 tiles
        raise SearchTooLarge(_("the best play was not proven within {nodes:,} nodes of the search: expected a smaller table or rack").format(nodes=EXACT_NODES))
    if res.x is None:
        return None
    x = np.rint(res.x).astype(int)
    chosen = [pats[s] for s in range(P) for _ in range(x[X + s])]
    jokers_at = Counter({kinds[i]: x[Z + i] for i in range(K) if x[Z + i]})
    kept = tuple(c for c in range(C) if x[KC + c])
    placed = [kinds[i] for i in range(K) for _ in range(x[Y + i])] + [JOKER] * x[YJ]
    combos = _assemble(chosen, jokers_at, rules, ts)
    return Plan(tuple(old[c] for c in kept) + combos, kept, tuple(placed), proven=res.status == 0)


@cache
def _pattern_places(wrap, ts: TileSet, max_run: int, repeat: bool):
    """The patterns (:func:`~solver.ramikubic.combos.patterns`) and, for each, how many places of
    each tile kind it has (a row per pattern, a column per kind of :meth:`TileSet.kinds`)."""
    import numpy as np

    every = patterns(wrap, ts, max_run, repeat)
    index = {t: i for i, t in enumerate(ts.kinds())}
    places = np.zeros((len(every), len(index)), dtype=np.int64)
    for s, p in enumerate(every):
        for t in p.tiles:
            places[s, index[t]] += 1
    places.flags.writeable = False
    return every, places


def _assemble(chosen: list[Pattern], jokers_at: Counter, rules: Rules, ts: TileSet) -> tuple[Combination, ...]:
    """The chosen patterns as combinations: jokers put in their places, runs side by side merged."""
    pieces = []  # [pattern, [is_joker per place]]
    for p in chosen:
        flags = []
        for t in p.tiles:
            take = jokers_at[t] > 0
            if take:
                jokers_at[t] -= 1
            flags.append(take)
        pieces.append((p, flags))
    runs = [(p, f) for p, f in pieces if p.kind is Kind.RUN]
    groups = [(p, f) for p, f in pieces if p.kind is Kind.GROUP]
    span = ts.high - ts.low + 1
    merged = True
    while merged:
        merged = False
        for a in range(len(runs)):
            for b in range(len(runs)):
                if a == b:
                    continue
                (pa, fa), (pb, fb) = runs[a], runs[b]
                la, lb = len(pa.tiles), len(pb.tiles)
                if pa.tiles[0].colour != pb.tiles[0].colour:
                    continue
                follows = pb.start == pa.start + la or (rules.wrap.value == "full" and
                                                      (pb.start - pa.start - la) % span == 0)
                if follows and run_allowed(pa.start, la + lb, rules.wrap, ts, rules.run_repeat):
                    colour = pa.tiles[0].colour
                    p = Pattern(Kind.RUN, tuple(Tile(n, colour) for n in run_numbers(pa.start, la + lb, ts)), pa.start)
                    runs[a] = (p, fa + fb)
                    del runs[b]
                    merged = True
                    break
            if merged:
                break
    out = []
    for p, flags in groups + sorted(runs, key=lambda r: (r[0].tiles[0].sort_key(), r[0].start)):
        out.append(tuple(JOKER if f else t for t, f in zip(p.tiles, flags)))
    return tuple(out)


# ---------------------------------------------------------------- the moves a person makes


@dataclass(frozen=True)
class Move:
    """How one combination of the new table is made: ``kept`` (the old combination's number,
    1-based) when it stays as it was, else the tiles taken ``from_rack`` and from each old
    combination (``from_table``: (number, tiles))."""

    combination: Combination
    kept: int | None = None
    from_rack: tuple[Tile, ...] = ()
    from_table: tuple[tuple[int, tuple[Tile, ...]], ...] = ()

    def as_dict(self) -> dict:
        return {"combination": tiles_text(self.combination), "kept": self.kept,
                "from_rack": [str(t) for t in self.from_rack],
                "from_table": [{"combination": i, "tiles": [str(t) for t in ts]} for i, ts in self.from_table]}


def describe_moves(old: Table, new: Table, placed: Sequence[Tile]) -> tuple[Move, ...]:
    """Where each tile of ``new`` comes from: old combinations kept whole first, then the old
    combination sharing the most tiles, then any other, then the rack (``placed``).

    >>> ts = TileSet.default()
    >>> old, new = (ts.parse_tiles("7b 8b 9b"),), (ts.parse_tiles("8b 9b 10b"), ts.parse_tiles("7b 7y 7g"))
    >>> [m.as_dict() for m in describe_moves(old, new, ts.parse_tiles("10b 7y 7g"))][1]
    {'combination': '7b 7y 7g', 'kept': None, 'from_rack': ['7y', '7g'], 'from_table': [{'combination': 1, 'tiles': ['7b']}]}
    """
    left = [Counter(c) for c in old]
    alike: dict[tuple[Tile, ...], list[int]] = {}  # the old combinations holding the same tiles, first first
    for i, o in enumerate(old):
        alike.setdefault(tuple(sorted(o)), []).append(i)
    kept: dict[int, int] = {}
    for j, c in enumerate(new):
        same = alike.get(tuple(sorted(c)))
        if same:
            kept[j] = i = same.pop(0)
            left[i] = Counter()
    moves = []
    for j, c in enumerate(new):
        if j in kept:
            moves.append(Move(c, kept[j] + 1))
            continue
        need = Counter(c)
        order = sorted(range(len(old)), key=lambda i: -sum(min(k, left[i][t]) for t, k in need.items()))  # most shared first
        taken: dict[int, list[Tile]] = {}
        for i in order:
            got = need & left[i]
            if got:
                left[i] -= got
                need -= got
                taken[i] = sorted(got.elements())
        moves.append(Move(c, None, tuple(sorted(need.elements())), tuple((i + 1, tuple(ts)) for i, ts in sorted(taken.items()))))
    return tuple(moves)


# ---------------------------------------------------------------- answers


@dataclass(frozen=True)
class Lay:
    """The best play of a position: the tiles laid and the whole table after it.

    ``kind`` is ``meld`` (the initial meld: the old table untouched, new combinations from
    the rack worth at least :attr:`Rules.meld_points`) or ``lay`` (after the meld: any
    rearrangement); ``tiles_placed == 0`` means nothing can be laid: draw a tile and pass.
    """

    position: Position
    rules: Rules
    kind: str
    placed: tuple[Tile, ...]
    table: Table
    moves: tuple[Move, ...]
    points_placed: int
    meld_points: int | None = None

    @property
    def tiles_placed(self) -> int:
        return len(self.placed)

    @property
    def rack_after(self) -> tuple[Tile, ...]:
        left = Counter(self.position.rack) - Counter(self.placed)
        return tuple(sorted(left.elements()))

    @property
    def answer(self) -> str:
        """The new table as a player types it, or ``pass``."""
        return table_text(self.table) if self.placed else "pass"

    @property
    def short_answer(self) -> str:
        """The same move written with only what changes: ``+ NEW`` or ``N M: NEW`` (see
        :func:`~solver.ramikubic.referee.parse_answer`), or ``pass``."""
        if not self.placed:
            return "pass"
        kept = {m.kept for m in self.moves if m.kept is not None}
        taken = [i for i in range(1, len(self.position.table) + 1) if i not in kept]
        new = table_text([m.combination for m in self.moves if m.kept is None])
        return f"{' '.join(map(str, taken))}: {new}" if taken else f"+ {new}"

    def as_dict(self) -> dict:
        return {
            "situation": str(self.position), "rules": self.rules.as_dict(), "kind": self.kind,
            "tiles_placed": self.tiles_placed, "points_placed": self.points_placed, "meld_points": self.meld_points,
            "placed": [str(t) for t in self.placed], "table": [tiles_text(c) for c in self.table],
            "table_text": table_text(self.table), "rack_after": [str(t) for t in self.rack_after],
            "moves": [m.as_dict() for m in self.moves], "answer": self.answer,
            "short_answer": self.short_answer,
        }


def _points(tiles: Sequence[Tile], ts: TileSet) -> int:
    return sum(ts.points(t) for t in tiles)


def keeps_all(old: Table, new: Table) -> bool:
    """Whether every old combination lies in ``new`` as it was (as tiles, any order)."""
    left = Counter(tuple(sorted(c)) for c in new)
    need = Counter(tuple(sorted(c)) for c in old)
    return all(left[c] >= n for c, n in need.items())


def best_lay(position: Position, rules: Rules, ts: TileSet, *, reference: bool = False) -> Lay:
    """The best lay after the initial meld: the most tiles (or points) from the rack, any
    rearrangement of the table, every table tile staying, every combination valid; among those,
    the most tiles of old combinations kept whole. One solve weighs the three together; when it is
    not proven within :data:`ONE_SOLVE_NODES` nodes, or with ``reference``, two solves (the
    reference path: the optimum, then its layout) give the same tiles and points."""
    goal = ("tiles", "points") if rules.objective is Objective.TILES else ("points", "tiles")
    plan = None if reference else optimise(position.table, position.rack, rules, ts, goal=goal + ("kept",),
                                           nodes=ONE_SOLVE_NODES, presolve=False)
    if plan is None or not plan.proven:
        plan = _two_solves(position, rules, ts, goal)
    table = plan.combos if plan.placed else position.table
    moves = sorted(describe_moves(position.table, table, plan.placed), key=_where_from)
    return Lay(position, rules, "lay", plan.placed, tuple(m.combination for m in moves), tuple(moves),
               _points(plan.placed, ts))


def _two_solves(position: Position, rules: Rules, ts: TileSet, goal: tuple[str, ...]) -> Plan:
    """The reference path: the exact optimum of ``goal``, then, the tiles laid fixed, the most old
    combinations kept whole within :data:`LAYOUT_NODES` nodes."""
    plan = optimise(position.table, position.rack, rules, ts, goal=goal, keep_old=False)
    if plan is None:  # the table itself is not valid under these rules
        raise TablecalcError(_("position {position}: the table cannot be laid out validly under {name}").format(position=repr(str(position)), name=rules.name))
    if plan.placed and not keeps_all(position.table, plan.combos):  # the same tiles, laid keeping old combinations whole
        plan = optimise(position.table, plan.placed, rules, ts, goal=("kept",), placed=plan.placed,
                        nodes=LAYOUT_NODES) or plan
    return plan


def _where_from(move: Move) -> tuple[int, int]:
    """The first old combination a new one takes tiles from, and how many (most first; new
    combinations of rack tiles last), so the new table reads in the old one's order."""
    if move.kept is not None:
        return (move.kept, -100)
    if not move.from_table:
        return (1_000, 0)
    first, tiles = move.from_table[0]
    return (first, -len(tiles))


@dataclass(frozen=True)
class Meld:
    """The initial meld from the rack alone: whether one worth :attr:`Rules.meld_points` exists,
    the one laying the most tiles (``tiles``, ``points``, ``combinations``), and the highest
    total any set of combinations of the rack reaches (``highest``)."""

    position: Position
    rules: Rules
    combinations: Table
    highest: Table
    values: dict = field(default_factory=dict, compare=False, repr=False)
    """Each combination's value towards the meld (:func:`~solver.ramikubic.combos.meld_value`)."""

    @property
    def possible(self) -> bool:
        return bool(self.combinations)

    @property
    def tiles(self) -> int:
        return sum(len(c) for c in self.combinations)

    @property
    def points(self) -> int:
        return self.points_of(self.combinations)

    @property
    def highest_points(self) -> int:
        return self.points_of(self.highest)

    def points_of(self, combos: Table) -> int:
        return sum(self.values.get(c, 0) for c in combos)

    def as_dict(self) -> dict:
        return {
            "situation": str(self.position), "rules": self.rules.as_dict(), "possible": self.possible,
            "tiles": self.tiles, "points": self.points, "combinations": [tiles_text(c) for c in self.combinations],
            "highest": {"points": self.highest_points, "tiles": sum(len(c) for c in self.highest),
                        "combinations": [tiles_text(c) for c in self.highest]},
            "minimum": self.rules.meld_points,
        }


def best_meld(position: Position, rules: Rules, ts: TileSet) -> Meld:
    """The initial meld from the rack alone (the table is not touched)."""
    most = optimise((), position.rack, rules, ts, goal=("tiles", "meld"), min_meld=rules.meld_points,
                    keep_old=False)
    top = optimise((), position.rack, rules, ts, goal=("meld", "tiles"), keep_old=False)
    combos = most.combos if most and most.placed else ()
    highest = top.combos if top else ()
    values = {c: meld_value(c, rules, ts) for c in (*combos, *highest)}
    return Meld(position, rules, combos, highest, values)


def solve(position: Position, rules: Rules, ts: TileSet) -> Lay:
    """The best play: the best lay once melded, else the initial meld laying the most tiles
    (the old table kept as it is), or ``pass``."""
    if position.melded:
        return best_lay(position, rules, ts)
    meld = best_meld(position, rules, ts)
    placed = tuple(sorted(t for c in meld.combinations for t in c))
    table = position.table + meld.combinations if meld.possible else position.table
    return Lay(position, rules, "meld", placed, table, describe_moves(position.table, table, placed),
               _points(placed, ts), meld.points)
