"""The referee of a recorded Nmbrs! game: JSON lines (the format ``simulate --log`` writes,
which a person can write by hand; see ``docs/nmbrs.md``), judged from each deal to the end.

Every move is judged by :meth:`Round.judge <solver.nmbrs.round.Round.judge>` — the draw rules
of the round, the turn's moves by the referee of :mod:`solver.nmbrs.referee`. On the first
illegal move of a round the referee says which and why, applies the penalty of a refused
turn (every card the turn laid or swapped in goes back to the hand; the turn scores
nothing; a refused draw changes nothing) and shows the round after it; the moves after it
in that round are not judged (``legal`` is ``None``). A new deal starts afresh.

>>> log = '''{"type": "deal", "hands": ["5 6 7 40", "10 20 33 41 42"], "open": "90", "closed": "8 61 62 63"}
... {"player": 0, "move": "refuse"}
... {"player": 1, "move": "pass"}
... {"player": 0, "move": "draw closed"}
... {"player": 0, "move": "lay 5 6 7 8"}
... {"player": 0, "move": "discard 40"}'''
>>> v = referee_log(log, Rules())
>>> v.legal, len(v.moves), v.rounds[0].out, v.scores
(True, 5, 'P1', {'P1': 74, 'P2': 41})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.errors import TablecalcError, quoted
from solver.gamelog import MAX_LOG_LINES, log_objects
from solver.i18n import _
from solver.nmbrs.cards import Deck
from solver.nmbrs.round import Round, parse_cards, player_names
from solver.nmbrs.rules import Rules
from solver.nmbrs.scoring import RoundResult
from solver.nmbrs.referee import judge
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import Penalty, Refusal, Violation

__all__ = ["LoggedMove", "RoundVerdict", "LogVerdict", "referee_log", "log_rules", "round_of_deal"]


@dataclass(frozen=True)
class LoggedMove:
    """One recorded move judged: ``legal`` is ``None`` for a move after the round's first illegal one."""

    line: int
    round: int
    player: str
    move: str
    legal: bool | None
    why: Refusal | None = None
    penalty: Penalty = Penalty()
    expected_player: str | None = None
    after: Round | None = field(default=None, repr=False, compare=False)
    """The round after the move (after the penalty, for the illegal one)."""

    @property
    def violations(self) -> tuple[Violation, ...]:
        return (self.why.violation,) if self.why else ()

    def as_dict(self) -> dict:
        out = {"line": self.line, "round": self.round, "player": self.player, "move": self.move, "legal": self.legal,
               "violations": [str(v) for v in self.violations], "why": self.why.as_dict() if self.why else None,
               "penalty": self.penalty.as_dict(), "expected_player": self.expected_player}
        if self.legal is False and self.after is not None:
            out["state_after"] = self.after.as_dict()
        return out


@dataclass(frozen=True)
class RoundVerdict:
    round: int
    start: Round
    end: Round
    legal: bool

    @property
    def over(self) -> bool:
        return self.end.is_terminal()

    @property
    def out(self) -> str | None:
        return self.end.names[self.end.out] if self.end.out is not None else None

    @property
    def result(self) -> RoundResult | None:
        return self.end.result() if self.over else None

    def as_dict(self) -> dict:
        res = self.result
        return {"round": self.round, "legal": self.legal, "over": self.over, "out": self.out,
                "blocked": str(self.end.blocked) if self.end.blocked else None, "turns": self.end.turns,
                "result": res.as_dict() if res else None}


@dataclass(frozen=True)
class LogVerdict:
    legal: bool
    moves: tuple[LoggedMove, ...]
    rounds: tuple[RoundVerdict, ...]

    @property
    def first_illegal(self) -> LoggedMove | None:
        return next((m for m in self.moves if m.legal is False), None)

    @property
    def scores(self) -> dict[str, int]:
        """Everyone's score at the end of the last round judged (after its penalties when it is over)."""
        last = self.rounds[-1]
        if last.result is not None:
            return {p.name: p.after for p in last.result.players}
        return dict(zip(last.end.names, last.end.scores))

    def as_dict(self) -> dict:
        first = self.first_illegal
        return {"legal": self.legal, "moves": len(self.moves), "judged": [m.as_dict() for m in self.moves],
                "first_illegal": first.as_dict() if first else None,
                "rounds": [r.as_dict() for r in self.rounds], "scores": self.scores}


def log_rules(obj: dict, fallback: Rules) -> Rules:
    """The rules a log's ``game`` line records (``"rules": {"preset": "basic", ...}``, as
    ``Rules.as_dict`` writes them), or ``fallback`` when it records none."""
    d = obj.get("rules")
    if not isinstance(d, dict):
        return fallback
    known = {spec.name for spec in Rules.options()}
    options = {k: v for k, v in d.items() if k in known}
    numbers = d.get("numbers")
    if isinstance(numbers, list) and len(numbers) == 2:
        options["high"] = numbers[1]
    preset = str(d.get("preset", fallback.name)).removesuffix("+custom")
    return Rules.preset(preset).with_options(**options)


def _cards_field(obj: dict, key: str, where: str) -> str:
    value = obj.get(key, "")
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise TablecalcError(_("{where}: {key!r} must be text such as \"14 20 joker\"").format(where=where, key=key))
    return value


def round_of_deal(obj: dict, rules: Rules, deck: Deck, scores: tuple[int, ...] | None, number: int, where: str) -> Round:
    """The round a ``deal`` line describes: ``hands`` (a list, one text per player), ``open``
    (bottom card first), ``closed`` (top card first), optional ``names``, ``scores`` (else
    carried over from the round before), ``to`` (a seat number or a name: who starts) and ``table``."""
    hands = obj["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
        raise TablecalcError(_("{where}: 'hands' must be a list of hands, e.g. [\"5 6 7\", \"10 20 33\"]").format(where=where))
    names = obj.get("names", list(player_names(len(hands))))
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise TablecalcError(_("{where}: 'names' must be a list of names").format(where=where))
    given = obj.get("scores")
    if isinstance(given, dict):
        given = [given.get(n) for n in names]
    if given is not None and (not isinstance(given, list) or
                              not all(isinstance(s, int) and not isinstance(s, bool) and abs(s) < 10**9 for s in given)):
        raise TablecalcError(_("{where}: 'scores' must be whole numbers, one per player").format(where=where))
    if given is None and scores is not None and len(scores) == len(hands):
        given = list(scores)
    to = obj.get("to", 0)
    if isinstance(to, str):
        match = [i for i, n in enumerate(names) if n.lower() == to.strip().lower()]
        if not match:
            raise TablecalcError(_("{where}: unknown player {who}: expected one of {names}").format(
                where=where, who=quoted(to), names=", ".join(names)))
        to = match[0]
    if isinstance(to, bool) or not isinstance(to, int):
        raise TablecalcError(_("{where}: 'to' must be a seat number from 0 or a name").format(where=where))
    try:
        table = Table.parse(_cards_field(obj, "table", where), deck, rules)
        return Round.start(rules, deck, names, [parse_cards(h, deck, _("hand")) for h in hands],
                           parse_cards(_cards_field(obj, "open", where), deck, _("open pile")),
                           parse_cards(_cards_field(obj, "closed", where), deck, _("closed pile")),
                           given, to, table, number)
    except TablecalcError as e:
        raise TablecalcError(f"{where}: {e}") from None


def _player(value: Any, r: Round, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < r.players:
            raise TablecalcError(_("{where}: player {value} does not exist; expected 0 to {last}").format(
                where=where, value=value, last=r.players - 1))
        return value
    if isinstance(value, str):
        for i, n in enumerate(r.names):
            if n.lower() == value.strip().lower():
                return i
    raise TablecalcError(_("{where}: unknown player {who}: expected 0 to {last} or one of {names}").format(
        where=where, who=quoted(str(value)), last=r.players - 1, names=", ".join(r.names)))


def _penalty(r: Round, move, why: Refusal) -> Penalty:
    """The referee's penalty for a refused turn move: what the referee (:func:`~solver.nmbrs.referee.judge`)
    says the turn so far gives back."""
    if r.turn is None or not r.turn.results:
        return Penalty()
    p = r.turn.position
    return judge(p.table, p.hand, [*r.turn.moves, move], r.rules, r.deck, p.opened).penalty


def referee_log(text: str, rules: Rules, source: str = "log", deck: Deck | None = None,
                rules_from_log: bool = True) -> LogVerdict:
    """Judge a recorded game (JSON lines). A line with ``hands`` deals a round; a line with
    ``move`` is a move (``player`` optional: the player to move); a ``game`` line's ``rules``
    are used when ``rules_from_log``; other lines are read past."""
    objects = log_objects(text, source, MAX_LOG_LINES)
    moves: list[LoggedMove] = []
    rounds: list[RoundVerdict] = []
    r: Round | None = None
    start: Round | None = None
    broken = False
    scores: tuple[int, ...] | None = None
    deck = deck or Deck.default()

    def close() -> None:
        if r is not None and start is not None:
            rounds.append(RoundVerdict(start.number, start, r, not broken))

    for number, obj in objects:
        where = _("{source}, line {n}").format(source=source, n=number)
        if obj.get("type") == "game" and rules_from_log and not rounds and r is None:
            try:
                rules = log_rules(obj, rules)
            except TablecalcError as e:
                raise TablecalcError(f"{where}: {e}") from None
            continue
        if "hands" in obj:
            close()
            if r is not None:
                scores = (tuple(p.after for p in r.result().players) if r.is_terminal() and not broken
                          else r.scores)
            d = deck.limited(rules.high, f"the {rules.name} rules")
            r = start = round_of_deal(obj, rules, d, scores, len(rounds) + 1, where)
            broken = False
            continue
        if "move" not in obj:
            continue
        if r is None:
            raise TablecalcError(_("{where}: a move before any deal; expected first a line with \"hands\"").format(where=where))
        if not isinstance(obj["move"], str):
            raise TablecalcError(_("{where}: 'move' must be text such as \"draw open\" or \"lay 5 6 7\"").format(where=where))
        try:
            move = r.parse_move(obj["move"])
        except TablecalcError as e:
            raise TablecalcError(f"{where}: {e}") from None
        player = _player(obj["player"], r, where) if "player" in obj else r.current_player()
        name = r.names[player] if player >= 0 else "?"
        k = r.number
        if broken:
            moves.append(LoggedMove(number, k, name, str(move), None))
            continue
        expected = r.names[r.current_player()] if not r.is_terminal() else None
        try:
            after, why = r.judge(move, player)
        except TablecalcError as e:  # a move that cannot be read in this position (a joker's number unclear)
            raise TablecalcError(f"{where}: {e}") from None
        if why is not None:
            penalty = _penalty(r, move, why) if player == r.current_player() else Penalty()
            r = r.penalty_state() if player == r.current_player() else r
            moves.append(LoggedMove(number, k, name, str(move), False, why, penalty, expected, r))
            broken = True
            continue
        moves.append(LoggedMove(number, k, name, str(move), True, expected_player=expected, after=after))
        r = after
    close()
    if not rounds:
        raise TablecalcError(_("{source} deals no round: expected a line with \"hands\"").format(source=source))
    return LogVerdict(all(m.legal is not False for m in moves), tuple(moves), tuple(rounds))
