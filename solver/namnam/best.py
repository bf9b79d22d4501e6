"""The best move: negamax with alpha-beta, a transposition table and iterative deepening, exact
from the endgame tables (:mod:`solver.namnam.tables`) where they apply.

Values are seed differences for the player to move: what they will still take minus what
the opponent will, added to the score so far. The search calls the rules of
:mod:`solver.namnam.sowing` and nothing else; below its horizon it counts nothing more
(the captures along the line are the evaluation), so a value is *exact* only when every
line ended (the game over, or a board the tables cover) before the horizon.

A position that comes back ends the game by the cycle rule (rule 5.1, the option ``cycle``,
:func:`solver.namnam.referee.cycle_value`), as in play and in the tables: the search knows the
positions of its own line and, given ``history``, those played before in the game, so it never
takes a move that brings a position back for anything but the end it is. (A value stored in the
transposition table comes from a line where no position came back; met again under another
history it is trusted — the usual approximation of a search with repetitions.)

>>> r = best(Position.parse("0.0.0.0.0.2/1.1.0.0.0.0 s 24-20"), Rules(), depth=6)
>>> r.moves, r.value, r.exact  # a grand slam takes nothing; North cannot feed and keeps 4
((6,), 0, True)
>>> r = best(Position.parse("start"), Rules(), depth=4)
>>> r.exact, len(r.pv)
(False, 4)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.i18n import _
from solver.namnam.position import Position, pit_number
from solver.namnam.referee import cycle_value
from solver.namnam.rules import GrandSlam, Leftover, Rules
from solver.namnam.sowing import leftover, legal_starts, rotate, sow
from solver.namnam.tables import Tables, TablesDamaged, forget

__all__ = ["SearchResult", "Searcher", "best", "move_values", "MAX_DEPTH", "SOLVE_DEPTH"]

SOLVE_DEPTH = 6
"""The search depth of the game's ``best`` (a puzzle's answer) on boards the tables do not cover."""

MAX_DEPTH = 14
"""The deepest search accepted: from the opening, depth 12 takes some 8 s and each 2 plies more about
4 times as long (and as much memory for the transposition table)."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = 10_000


@dataclass(frozen=True)
class SearchResult:
    """The best moves (pit numbers 1-6 from the mover's left), the value, whether it is exact,
    the principal variation, and how the search went."""

    position: str
    moves: tuple[int, ...]
    value: int
    exact: bool
    pv: tuple[int, ...]
    depth: int
    nodes: int
    seconds: float
    source: str
    rules: str

    def as_dict(self) -> dict:
        return {"position": self.position, "moves": list(self.moves), "value": self.value, "exact": self.exact,
                "pv": list(self.pv), "depth": self.depth, "nodes": self.nodes, "seconds": round(self.seconds, 4),
                "source": self.source, "rules": self.rules}


class Searcher:
    """One search's transposition table and counters, over canonical boards."""

    def __init__(self, rules: Rules, tables: Tables | None = None, seen: frozenset = frozenset()):
        self.rules = rules
        self.forbid = rules.grand_slam is GrandSlam.FORBIDDEN
        self.cannot_feed = rules.leftover is Leftover.CANNOT_FEED
        self.tables = (tables if tables is not None and tables.grand_slam is rules.grand_slam
                       and tables.cycle is rules.cycle else None)
        self.seen: set[tuple] = set(seen)
        """The positions played before and on the current line, as (canonical board, parity: 0 when the
        root's mover is to move): one coming back ends the game (rule 5.1)."""
        self.cycles = 0
        self.tt: dict[tuple, tuple[int, int, int, int, bool]] = {}
        self.nodes = 0
        self.horizon = 0
        self.deadline: float | None = None

    def children(self, c):
        out = []
        for i in legal_starts(c, self.forbid):
            s = sow(c, i)
            out.append((i, rotate(s.board), s.captured))
        return out

    def repeats(self, c: tuple, parity: int) -> bool:
        """Whether board ``c`` with the mover of ``parity`` came before: the game ends there."""
        return (c, parity) in self.seen

    def negamax(self, c: tuple, depth: int, alpha: int, beta: int, parity: int = 0) -> int:
        self.nodes += 1
        if (c, parity) in self.seen:
            self.cycles += 1
            return cycle_value(c, self.rules)
        if self.tables is not None and self.tables.covers(c):
            return self.tables.value(c)
        entry = self.tt.get(c)
        first = -1
        if entry is not None:
            e_depth, e_value, e_flag, first, e_exact = entry
            if e_depth >= depth or e_exact:
                if e_flag == _EXACT or (e_flag == _LOWER and e_value >= beta) or (e_flag == _UPPER and e_value <= alpha):
                    if not e_exact:
                        self.horizon += 1
                    return e_value
        kids = self.children(c)
        if not kids:
            mine, theirs = leftover(c, self.cannot_feed)
            return mine - theirs
        if depth == 0:
            self.horizon += 1
            return 0
        if self.deadline is not None and self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        kids.sort(key=lambda k: (k[0] != first, -k[2]))
        a0, horizon0, cycles0 = alpha, self.horizon, self.cycles
        value, best_i = -_INF, kids[0][0]
        here = (c, parity)
        self.seen.add(here)
        try:
            for i, child, cap in kids:
                v = cap - self.negamax(child, depth - 1, cap - beta, cap - alpha, 1 - parity)
                if v > value:
                    value, best_i = v, i
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        finally:
            self.seen.discard(here)
        if self.cycles == cycles0:  # a value that depends on the line (a position came back) is not kept
            flag = _UPPER if value <= a0 else _LOWER if value >= beta else _EXACT
            self.tt[c] = (depth, value, flag, best_i, self.horizon == horizon0)
        return value

    def move_values(self, c: tuple, depth: int) -> dict[int, int]:
        """Each legal start's exact-window value at ``depth`` (the root, searched move by move)."""
        out = {}
        self.seen.add((c, 0))
        try:
            for i, child, cap in self.children(c):
                out[i] = cap - self.negamax(child, depth - 1, -_INF, _INF, 1)
        finally:
            self.seen.discard((c, 0))
        return out

    def tables_answer(self, c: tuple) -> bool:
        """Whether the tables answer at the root ``c``: they cover it and no move brings a position back
        (the tables know no history)."""
        return (self.tables is not None and self.tables.covers(c)
                and not any(self.repeats(child, 1) for _, child, _ in self.children(c)))

    def pv(self, c: tuple, first: int, limit: int) -> list[int]:
        """The principal variation from ``c`` starting with ``first`` (sowing-order starts)."""
        line, seen = [first], {c}
        c = rotate(sow(c, first).board)
        while len(line) < limit and c not in seen:
            seen.add(c)
            if self.tables is not None and self.tables.covers(c):
                mv = self.tables.move_values(c)
                if not mv:
                    break
                i = max(mv, key=mv.get)
            else:
                entry = self.tt.get(c)
                if entry is None or not self.children(c):
                    break
                i = entry[3]
            line.append(i)
            c = rotate(sow(c, i).board)
        return line


class _OutOfTime(Exception):
    pass


def _seen(position: Position, rules: Rules, history) -> frozenset:
    """The positions of ``history`` (played before ``position`` in the game) as the search keeps them."""
    return frozenset((h.canonical(rules.direction), 0 if h.to_move == position.to_move else 1) for h in history)


def best(position: Position, rules: Rules, *, depth: int | None = None, seconds: float | None = None,
         tables: Tables | None = None, refused: tuple[str, ...] = (), history=()) -> SearchResult:
    """The best moves in ``position``: from the tables when they cover it, else by search to
    ``depth`` plies (default 8) or iterative deepening for ``seconds``. ``refused``: why saved
    tables were not used (:func:`solver.namnam.tables.find`), said in the result's ``source``.
    ``history``: the positions played before in the game (:attr:`GameState.history
    <solver.namnam.state.GameState.history>`): a move that brings one back ends the game (rule 5.1).

    >>> p = Position.parse("0.0.1.0.0.0/1.0.0.0.0.1 n 7-38")
    >>> back = Position.parse("1.0.1.0.0.0/1.0.0.0.0.0 s 7-38")  # where sowing 6 leads, seen before
    >>> best(p, Rules()).moves, best(p, Rules(), history=(back,)).moves
    ((1, 6), (1,))
    """
    if depth is not None and not 1 <= depth <= MAX_DEPTH:
        raise TablecalcError(_("bad depth {depth}: expected 1 to {most} plies (or --time SECONDS)").format(depth=depth, most=MAX_DEPTH))
    if seconds is not None and not 0 < seconds <= 600:
        raise TablecalcError(_("bad time {seconds}: expected seconds between 0 and 600").format(seconds=seconds))
    try:
        return _best(position, rules, depth, seconds, tables, refused, history)
    except TablesDamaged as e:  # a block of a large table file found damaged as it was read: without it
        forget(tables, str(e))
        return _best(position, rules, depth, seconds, None, refused + (str(e),), history)


def _best(position: Position, rules: Rules, depth: int | None, seconds: float | None, tables: Tables | None,
          refused: tuple[str, ...], history) -> SearchResult:
    t0 = time.perf_counter()
    c = position.canonical(rules.direction)
    s = Searcher(rules, tables, _seen(position, rules, history))
    base = position.score_difference()
    d = rules.direction
    if s.repeats(c, 0):
        return SearchResult(str(position), (), base + cycle_value(c, rules), True, (), 0, 1, time.perf_counter() - t0,
                            "game over", rules.name)
    if not s.children(c):
        mine, theirs = leftover(c, s.cannot_feed)
        return SearchResult(str(position), (), base + mine - theirs, True, (), 0, 1, time.perf_counter() - t0,
                            "game over", rules.name)
    if s.tables_answer(c):
        mv = s.tables.move_values(c)
        top = max(mv.values())
        moves = tuple(sorted(pit_number(i, d) for i, v in mv.items() if v == top))
        first = next(i for i, v in mv.items() if v == top)
        line = s.pv(c, first, 40)
        return SearchResult(str(position), moves, base + s.tables.value(c), True,
                            tuple(_pits(line, d)), 0, len(mv), time.perf_counter() - t0, "tables", rules.name)
    values, reached = {}, 0
    if seconds is not None and depth is None:
        s.deadline = t0 + seconds
        for dd in range(1, MAX_DEPTH + 1):
            try:
                s.horizon = 0
                values, reached = s.move_values(c, dd), dd
            except _OutOfTime:
                if not values:  # not even one ply in time: take it anyway
                    s.deadline = None
                    s.horizon = 0
                    values, reached = s.move_values(c, 1), 1
                break
            if s.horizon == 0:
                break
    else:
        target = depth or 8
        for dd in range(1, target + 1):
            s.horizon = 0
            values, reached = s.move_values(c, dd), dd
            if s.horizon == 0:
                break
    exact = s.horizon == 0 and reached > 0
    top = max(values.values())
    moves = tuple(sorted(pit_number(i, d) for i, v in values.items() if v == top))
    first = next(i for i, v in values.items() if v == top)
    line = s.pv(c, first, reached)
    source = f"search; {refused[0]}" if refused else "search"
    return SearchResult(str(position), moves, base + top, exact, tuple(_pits(line, d)), reached, s.nodes,
                        time.perf_counter() - t0, source, rules.name)


def move_values(position: Position, rules: Rules, *, depth: int = SOLVE_DEPTH,
                tables: Tables | None = None, history=()) -> tuple[dict[int, int], bool]:
    """What each legal move is worth to the mover: the final seed difference with best play after it
    (the score so far included), exact from the tables where they cover the board, else searched
    ``depth`` plies with a full window; and whether every value is exact. ``history``: as :func:`best`'s.

    >>> move_values(Position.parse("0.0.0.0.1.2/1.0.0.0.0.0 s 24-20"), Rules())
    ({5: 0, 6: 0}, True)
    """
    c = position.canonical(rules.direction)
    s = Searcher(rules, tables, _seen(position, rules, history))
    base = position.score_difference()
    if s.tables_answer(c):
        mv = s.tables.move_values(c)
        return {pit_number(i, rules.direction): base + v for i, v in mv.items()}, True
    s.horizon = 0
    values = s.move_values(c, depth)
    return {pit_number(i, rules.direction): base + v for i, v in values.items()}, s.horizon == 0


def _pits(line, direction) -> list[int]:
    return [pit_number(i, direction) for i in line]
