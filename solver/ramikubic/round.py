"""A whole Ramikubic round as a game state: every rack, the face-down pool in order, the table,
who has made the initial meld, who is to play — in OpenSpiel's vocabulary
(:class:`solver.game.State`), with what :mod:`solver.whole` needs besides (``judge``, ``after``,
``view``).

A turn is one move: the new table (the notation :func:`~solver.ramikubic.referee.judge` reads —
the whole table, ``+ COMBINATIONS`` to add, ``1 2: COMBINATIONS`` to replace — judged as a whole
new table, a rearrangement included), or ``pass`` (``draw``, ``passe``, ``pioche``...): nothing
laid, one tile drawn. ``overtime`` records a turn that ran over the time: the penalty. This module
holds no rule of play of its own: the referee judges the table, and here is only what a turn does
to the round — the tiles laid, the tile a pass draws, the seed's penalty (the table restored, the
tiles laid taken back, ``penalty_draw`` tiles drawn), missed turns and ejection, the round's end.

Its notation (``str`` and :meth:`RoundState.parse` round-trip)::

    racks Ann: 1b 2b 3b | Bob: 5r joker; pool 7b 2y 9g; table 7b 8b 9b; to Bob; melded Ann; turn 4

* ``racks``: the racks in seat order, ``|`` between them, each ``NAME: TILES`` (names all or
  none: P1, P2... otherwise); ``-`` is an empty rack;
* ``pool``: the face-down pool, the next tile drawn first (``-`` when empty); left out, every tile
  of the set not elsewhere, in the set's order;
* ``table``: its combinations, ``|`` between them (left out: empty);
* ``to``: the player to move (a name, or a seat from 1; default the first);
* ``melded``: the players who have made their initial meld (names separated by commas);
* ``turn``: the turns played so far this round (a player who lays every tile within the first
  round of turns finishes on their first turn); ``missed``: missed turns in a row
  (``Ann:1``); ``ejected``: the players put out of the round; ``idle``: the turns in a row that
  laid nothing with the pool empty (the blocked round).

>>> from solver.ramikubic.rules import Rules
>>> ts = TileSet.default()
>>> s = RoundState.parse("racks Ann: 2b 7y 7g 7r | Bob: 9y 5g 1r; pool 4b 4y; table 7b 8b 9b", Rules(), ts)
>>> s.legal_moves()
['pass', '+ 7y 7g 7r']
>>> s = s.apply("+ 7y 7g 7r")
>>> str(s)
'racks Ann: 2b | Bob: 9y 5g 1r; pool 4b 4y; table 7b 8b 9b | 7y 7g 7r; to Bob; melded Ann; turn 1'
>>> v = s.judge("+ 9y 5g 1r")
>>> v.legal, [str(x) for x in v.violations], v.drew
(False, ['not-a-combination', 'meld-too-low'], 1)
>>> s = s.after(v)
>>> tiles_text(s.racks[1]), tiles_text(s.pool), s.names[s.to]
('4b 9y 5g 1r', '4y', 'Ann')
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from solver.errors import IllegalMove, SearchTooLarge, TablecalcError, quoted
from solver.i18n import N_, _
from solver.game import TERMINAL
from solver.parsing import format_fields, parse_fields
from solver.ramikubic.best import solve
from solver.ramikubic.combos import is_valid, meld_value, rack_combinations
from solver.ramikubic.position import Position, check_table, parse_table, table_text
from solver.ramikubic.referee import PASS_WORDS, could_lay, judge
from solver.ramikubic.rules import BlockedEnd, MissedTurn, Rules
from solver.ramikubic.scoring import MAX_PLAYERS, Round, round_scores
from solver.ramikubic.tiles import Table, Tile, TileSet, tiles_text
from solver.ramikubic.verdict import Penalty, RoundVerdict, Violation

__all__ = ["RoundState", "End", "OVERTIME", "OVERTIME_WORDS", "MIN_PLAYERS", "check_names", "max_players"]

MIN_PLAYERS = 2
OVERTIME = "overtime"
"""The move that records a turn over the time (``play --seconds`` writes it; a log may too)."""
OVERTIME_WORDS = frozenset({"overtime", "timeout", "time", "temps", "hors-temps", "tijd", "te-laat"})
"""Words that mean: the turn ran over the time."""
_NAME_BAD = re.compile(r"[|;,:]")


class End:
    """How a round ended (the values of :attr:`RoundState.end`)."""

    OUT = "out"
    """A player laid every tile."""
    FIRST_TURN = "first-turn"
    """A player laid every tile on their first turn (the seed's −200/−100)."""
    BLOCKED = "blocked"
    """The pool empty and nobody laying (:attr:`Rules.blocked_end`): the lowest rack wins."""
    LAST_PLAYER = "last-player"
    """Every other player was put out for missed turns: the one left wins."""


def max_players(rules: Rules, ts: TileSet) -> int:
    """The most players a round deals: each gets ``rack_size`` tiles from the set (at most 8)."""
    return min(MAX_PLAYERS, len(ts.all_tiles()) // rules.rack_size)


def check_names(names: Sequence[str], rules: Rules, ts: TileSet) -> tuple[str, ...]:
    """Players' names as the notation can write them: 2 to :func:`max_players`, none holding
    ``| ; , :``."""
    names = tuple(n.strip() for n in names)
    top = max_players(rules, ts)
    if not MIN_PLAYERS <= len(names) <= top:
        raise TablecalcError(_("Ramikubic deals {size} tiles to each of {least} to {most} players, not {n}: expected "
                               "{least} to {most} names").format(size=rules.rack_size, least=MIN_PLAYERS, most=top, n=len(names)))
    bad = [n for n in names if _NAME_BAD.search(n) or not n]
    if bad:
        raise TablecalcError(_("bad player name {bad}: a name may not hold | ; , or :").format(bad=quoted(bad[0])))
    return names


def _sorted(tiles) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=Tile.sort_key))


@dataclass(frozen=True)
class RoundState:
    """A round in progress (see the module for its notation)."""

    rules: Rules
    tiles: TileSet
    names: tuple[str, ...]
    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]
    table: Table = ()
    to: int = 0
    melded: frozenset[int] = frozenset()
    turn: int = 0
    missed: tuple[int, ...] = ()
    ejected: frozenset[int] = frozenset()
    idle: int = 0
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        if not self.missed:
            object.__setattr__(self, "missed", (0,) * len(self.names))

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def deal(cls, names: Sequence[str], rules: Rules, ts: TileSet, rng, to: int = 0) -> "RoundState":
        """Every tile shuffled with ``rng``, ``rack_size`` tiles to each player in seat order, the
        rest the pool; ``to`` plays first."""
        names = check_names(names, rules, ts)
        box = ts.all_tiles()
        rng.shuffle(box)
        k = rules.rack_size
        racks = tuple(_sorted(box[i * k:(i + 1) * k]) for i in range(len(names)))
        return cls(rules, ts, names, racks, tuple(box[len(names) * k:]), (), to % len(names))

    @classmethod
    def parse(cls, text: str, rules: Rules, ts: TileSet) -> "RoundState":
        """Read the notation (see the module); the tiles must be in the set, the table valid under
        ``rules``."""
        try:
            return cls._parse(text, rules, ts)
        except TablecalcError as e:
            raise TablecalcError(_("bad round {text}: {e}").format(text=quoted(text.strip()[:200]), e=e)) from None

    @classmethod
    def _parse(cls, text: str, rules: Rules, ts: TileSet) -> "RoundState":
        f = parse_fields(text, N_("round"), ["racks", "pool", "table", "to", "melded", "turn", "missed", "ejected", "idle"],
                         required=["racks"])
        parts = [p.strip() for p in str(f["racks"]).split("|")]
        named = [":" in p for p in parts]
        if any(named) and not all(named):
            raise TablecalcError(_("name every rack or none (NAME: TILES | NAME: TILES)"))
        names = tuple(p.partition(":")[0].strip() for p in parts) if all(named) else \
            tuple(f"P{i + 1}" for i in range(len(parts)))
        names = check_names(names, rules, ts)
        if len({n.lower() for n in names}) != len(names):
            raise TablecalcError(_("the players' names must differ: {choices}").format(choices=', '.join(names)))
        racks = tuple(_sorted(ts.parse_tiles(p.partition(":")[2] if all(named) else p, f"the rack of {n}"))
                      for p, n in zip(parts, names))
        table = parse_table(str(f.get("table", "")), ts)
        check_table(table, rules, ts)
        placed = [t for r in racks for t in r] + [t for c in table for t in c]
        if "pool" in f:
            pool = ts.parse_tiles(str(f["pool"]), "the pool")
        else:
            pool = tuple((Counter(ts.all_tiles()) - Counter(placed)).elements())
        ts.check_counts([*placed, *pool], "the racks, the table and the pool")

        def seat(word: str, what: str) -> int:
            w = word.strip()
            for i, n in enumerate(names):
                if n.lower() == w.lower():
                    return i
            if w.isascii() and w.isdigit() and 1 <= int(w) <= len(names):
                return int(w) - 1
            raise TablecalcError(_("{what}: unknown player {w}: expected one of {choices}").format(what=what, w=quoted(w), choices=', '.join(names)))

        def seats(key: str) -> frozenset[int]:
            return frozenset(seat(w, key) for w in str(f.get(key, "")).split(",") if w.strip())

        def whole(key: str, hi: int) -> int:
            return whole_text(str(f.get(key, "0")), key, hi)

        missed = [0] * len(names)
        for item in str(f.get("missed", "")).split(","):
            if item.strip():
                who, colon, k = item.rpartition(":")
                if not colon:
                    raise TablecalcError(_("missed {text}: expected NAME:COUNT, e.g. Ann:1").format(text=quoted(item.strip())))
                missed[seat(who, "missed")] = whole_text(k, "missed", 100)
        to = seat(str(f["to"]), "to") if "to" in f else 0
        ejected = seats("ejected")
        if to in ejected and len(ejected) < len(names):
            raise TablecalcError(_("{to} is to play but was ejected").format(to=names[to]))
        return cls(rules, ts, names, racks, tuple(pool), table, to, seats("melded"), whole("turn", 1_000_000),
                   tuple(missed), ejected, whole("idle", 1_000))

    # -- the notation ----------------------------------------------------------------------

    def __str__(self) -> str:
        if "text" not in self._cache:
            self._cache["text"] = self._text()
        return self._cache["text"]

    def _text(self) -> str:
        return format_fields([
            ("racks", " | ".join(f"{n}: {tiles_text(r)}" for n, r in zip(self.names, self.racks))),
            ("pool", tiles_text(self.pool)),
            ("table", table_text(self.table)),
            ("to", self.names[self.to]),
            ("melded", ", ".join(self.names[i] for i in sorted(self.melded))),
            ("turn", str(self.turn) if self.turn else ""),
            ("missed", ", ".join(f"{self.names[i]}:{k}" for i, k in enumerate(self.missed) if k)),
            ("ejected", ", ".join(self.names[i] for i in sorted(self.ejected))),
            ("idle", str(self.idle) if self.idle else ""),
        ])

    def view(self, player: int) -> str:
        """What ``player`` sees: the table, their own rack and no other (``Bob: (12)``, how many
        tiles), how many tiles the pool holds, who has melded, who is to play. Not a round to read
        back: the hidden tiles are not in it."""
        racks = " | ".join(f"{n}: " + (tiles_text(r) if i == player else f"({len(r)})")
                           for i, (n, r) in enumerate(zip(self.names, self.racks)))
        return format_fields([
            ("racks", racks), ("pool", f"({len(self.pool)})"), ("table", table_text(self.table)),
            ("to", self.names[self.to] if not self.is_terminal() else ""),
            ("melded", ", ".join(self.names[i] for i in sorted(self.melded))),
            ("ejected", ", ".join(self.names[i] for i in sorted(self.ejected))),
        ])

    def position(self, seat: int | None = None) -> Position:
        """The table and one player's rack (default: the player to move), as the referee and the
        best-lay search read them."""
        seat = self.to if seat is None else seat
        return Position(self.table, self.racks[seat], seat in self.melded)

    # -- the round's end ---------------------------------------------------------------------

    @property
    def active(self) -> tuple[int, ...]:
        """The players still in the round, in seat order."""
        return tuple(i for i in range(len(self.names)) if i not in self.ejected)

    @property
    def winner(self) -> int | None:
        """The player who laid every tile, or the last one left in the round."""
        out = [i for i in self.active if not self.racks[i]]
        if out:
            return out[0]
        if len(self.active) == 1:
            return self.active[0]
        return None

    def can_lay(self, seat: int) -> bool:
        """Whether ``seat`` can lay a tile now (the initial meld when not melded), by the exact search."""
        key = ("can", seat)
        if key not in self._cache:
            self._cache[key] = could_lay(self.position(seat), self.rules, self.tiles)
        return self._cache[key]

    @property
    def end(self) -> str | None:
        """How the round ended (:class:`End`), or ``None`` while it goes on."""
        if "end" not in self._cache:
            self._cache["end"] = self._end()
        return self._cache["end"]

    def _end(self) -> str | None:
        active = self.active
        if any(not self.racks[i] for i in active):
            return End.FIRST_TURN if self.turn <= len(self.names) and self.turn > 0 else End.OUT
        if len(active) <= 1:
            return End.LAST_PLAYER
        if not self.pool:
            if self.idle >= len(active):
                return End.BLOCKED
            if self.rules.blocked_end is BlockedEnd.NO_LAY and not any(self.can_lay(i) for i in active):
                return End.BLOCKED
        return None

    def is_terminal(self) -> bool:
        return self.end is not None

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to

    def result(self) -> Round:
        """The round's end as :mod:`~solver.ramikubic.scoring` scores it."""
        end = self.end
        if end is None:
            raise TablecalcError(_("the round is not over: {value}").format(value=self))
        winner = self.winner
        if end == End.FIRST_TURN:
            laid = tuple(i in self.melded or i == winner for i in range(len(self.names)))
            return Round(tuple(() for _ in self.names), True, laid, winner)
        return Round(self.racks, False, (), winner if end != End.BLOCKED else None, self.ejected)

    def returns(self) -> tuple[float, ...]:
        """The round's scores (:func:`~solver.ramikubic.scoring.round_scores`: 0 for the winner,
        minus the points left in each other rack; the first-turn finish's −200/−100), 0 each
        while the round goes on."""
        if not self.is_terminal():
            return (0.0,) * len(self.names)
        return tuple(float(x) for x in round_scores(self.result(), self.rules, self.tiles))

    # -- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> list[str]:
        """``pass``, then each single combination the rack makes on its own (before the initial
        meld, those worth the meld alone), then each rack tile added to a combination of the
        table (once melded), in a fixed order. Any other new table the referee accepts (several
        combinations, a rearrangement) is legal too: these are the moves one can list. With
        ``must_lay``, ``pass`` only when the rack cannot lay (and the exact best lay when it can
        lay only by rearranging the table)."""
        if self.is_terminal():
            return []
        rack = self.racks[self.to]
        melded = self.to in self.melded
        forced = self.rules.must_lay and self.can_lay(self.to)
        out = [] if forced else ["pass"]
        for combo in rack_combinations(rack, self.rules, self.tiles):
            if melded or meld_value(combo, self.rules, self.tiles) >= self.rules.meld_points:
                out.append("+ " + tiles_text(combo))
        if melded:
            for i, c in enumerate(self.table, 1):
                for t in sorted(set(rack)):
                    if is_valid(c + (t,), self.rules, self.tiles):
                        out.append(f"{i}: {tiles_text(c + (t,))}")
        if forced and not out:
            out.append(solve(self.position(), self.rules, self.tiles).short_answer)
        return out

    def parse_move(self, text: str) -> str:
        """A move's notation as typed (the referee reads it when it is judged)."""
        t = " ".join(str(text).split())
        if not t:
            raise TablecalcError(_("no move: expected the new table, + COMBINATIONS, N M: COMBINATIONS, pass or overtime"))
        return t

    def apply(self, move: str) -> "RoundState":
        """The round after ``move`` by the player to move; a move the referee refuses raises
        :class:`~solver.errors.IllegalMove` (its verdict says why)."""
        v = self.judge(move)
        if not v.legal:
            raise IllegalMove("ramikubic", str(move), verdict=v, codes=v.violations)
        return self.after(v)

    # -- the referee of a turn ----------------------------------------------------------------

    def judge(self, text: str, player: int | None = None, extra: Mapping[str, Any] | None = None) -> RoundVerdict:
        """The referee's verdict on ``text`` played by ``player`` (default: the player to move).
        ``extra`` is what a log's move line adds: ``"overtime": true`` (the turn ran over the
        time, whatever was typed) and ``"drew": "7b"`` (the tiles the turn drew, for a log written
        at a table where the pool's order is unknown; ``pass 7b`` says the same). Never raises:
        a move that cannot be read is refused as ``not-understood``."""
        answer = " ".join(str(text).split())
        mover = self.to
        seat = mover if player is None else player
        name = self.names[seat] if 0 <= seat < len(self.names) else str(seat)
        base = dict(state=self, answer=answer, player=seat, to_move=mover, name=name, mover=self.names[mover])
        if self.is_terminal():
            return RoundVerdict(**base, violations=(Violation.ROUND_OVER,))
        if seat != mover:
            return RoundVerdict(**base, violations=(Violation.NOT_YOUR_TURN,))
        extra = extra or {}
        draw_n = self.rules.penalty_draw
        word, _space, rest = answer.partition(" ")
        overtime = bool(extra.get("overtime")) or (word.lower() in OVERTIME_WORDS and not rest)
        turn, reason, named = None, "", ()
        try:
            if "drew" in extra:
                drew = extra["drew"]
                named = self.tiles.parse_tiles(" ".join(drew) if isinstance(drew, list) else str(drew), "the tiles drawn")
            if word.lower() in PASS_WORDS and rest:
                if named:
                    raise TablecalcError(_("the tiles drawn are named twice: {answer} and 'drew'").format(answer=quoted(answer)))
                named, answer = self.tiles.parse_tiles(rest, "the tiles drawn"), word
            if not (word.lower() in OVERTIME_WORDS and not rest):
                turn = judge(self.position(), answer, self.rules, self.tiles)
        except TablecalcError as e:
            reason = str(e)
        if overtime:
            taken = turn.placed if turn is not None else ()
            vs, penalty = (Violation.OVERTIME,), Penalty(draw_n, taken, True)
        elif reason:
            vs, penalty = (Violation.NOT_UNDERSTOOD,), Penalty()
        else:
            assert turn is not None
            vs, penalty = turn.violations, turn.penalty
        drew = min((0 if turn.placed else 1) if not vs and turn is not None else draw_n, len(self.pool))
        if named and not reason:
            short = Counter(named) - Counter(self.pool)
            if short or len(named) != drew:
                reason = (f"{tiles_text(sorted(short.elements()))} is not in the pool" if short else
                          f"this turn draws {drew} tile{'s' * (drew != 1)}, not {len(named)} ({tiles_text(named)})")
                vs, penalty = (Violation.NOT_UNDERSTOOD,), Penalty()
        if vs and vs[0].not_understood:  # not played: the same player is still to play
            return RoundVerdict(**base, violations=vs, penalty=Penalty(), turn=turn, reason=reason)
        missed = self.missed[seat] + 1 if overtime or (vs and self.rules.missed_turn is MissedTurn.PENALTY) else 0
        limit = self.rules.eject_after
        ejected = 0 < limit <= missed
        return RoundVerdict(**base, violations=vs, penalty=penalty, turn=turn, drew=drew, missed=missed,
                            ejected=ejected, reason=reason, named_draw=tuple(named))

    def after(self, verdict: RoundVerdict) -> "RoundState":
        """The round after a judged turn: the tiles laid (legal), or the table as it was and the
        penalty drawn (refused); the tile a pass draws; the missed turns and ejection; the next
        player still in the round to play. A move out of turn, or after the round, changes nothing."""
        if not verdict.played:
            return self
        seat = verdict.player
        racks = list(self.racks)
        table, melded = self.table, self.melded
        laid = verdict.placed
        if laid:
            assert verdict.turn is not None
            table = verdict.turn.new_table
            racks[seat] = _sorted((Counter(racks[seat]) - Counter(laid)).elements())
            melded = melded | {seat}
        pool = list(self.pool)
        if verdict.named_draw:
            drawn = list(verdict.named_draw)
            for t in drawn:
                pool.remove(t)
        else:
            drawn, pool = pool[:verdict.drew], pool[verdict.drew:]
        racks[seat] = _sorted([*racks[seat], *drawn])
        missed = list(self.missed)
        missed[seat] = verdict.missed
        ejected = self.ejected | ({seat} if verdict.ejected else set())
        idle = 0 if laid or self.pool else self.idle + 1
        n = len(self.names)
        to = next((s for s in ((seat + k) % n for k in range(1, n + 1)) if s not in ejected), seat)
        return RoundState(self.rules, self.tiles, self.names, tuple(racks), tuple(pool), table, to, frozenset(melded),
                          self.turn + 1, tuple(missed), frozenset(ejected), idle)

    def with_names(self, names: Sequence[str]) -> "RoundState":
        """The same round with the players called ``names`` (in seat order)."""
        return replace(self, names=tuple(names), _cache={})


def whole_text(text: str, what: str, hi: int) -> int:
    """``text`` as a whole number from 0 to ``hi`` (the notation's counts)."""
    w = text.strip()
    if not (w.isascii() and w.isdigit() and len(w) <= 6 and int(w) <= hi):
        raise TablecalcError(_("{what} {w}: expected a whole number from 0 to {hi}").format(what=what, w=quoted(w), hi=hi))
    return int(w)
