"""The referee of a recorded Nambarz game: JSON lines (``simulate --log`` writes them, a person
can write them by hand), every move judged in order by the round state's referee, the
seed's penalty applied to an illegal move, and the game carried on from the table after it.

The log's shape is :mod:`solver.gamelog`'s; what its lines hold is in ``docs/nambarz.md``:
a ``game`` line (names, rules: optional), a deal line per round (``hands``, ``top``, and
optionally ``stock``, ``pile``, ``to``, ``seed``), one ``move`` line per move (``move``, and
optionally ``player`` and ``drew``: the cards that move drew), other lines read past.

>>> text = '''{"hands": ["6 5 2 10", "3-hippo 7"], "names": ["Ann", "Bob"], "top": "3-bee", "stock": "4 9 1 8"}
... {"player": "Ann", "move": "6+5+2-10"}
... {"player": "Bob", "move": "3-hippo"}'''
>>> v = referee_log(text)
>>> v.legal, v.judged, v.first_illegal.verdict.penalty.draw, [str(x) for x in v.first_illegal.verdict.violations]
(False, 2, 3, ['not-simplest'])
>>> v.first_illegal.after
'hands Ann: 5 10 4 9 1 | Bob: 3-hippo 7; top 2; pile 3-bee 6 2; stock 8; to Bob'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.errors import TablecalcError, quoted
from solver.gamelog import MAX_LOG_LINES, log_objects
from solver.i18n import _
from solver.nambarz.cards import Deck
from solver.nambarz.round import RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import Scoreboard, score_game
from solver.nambarz.verdict import RoundVerdict

__all__ = ["LoggedMove", "LoggedRound", "LogVerdict", "referee_log", "rules_of_log", "deal_state", "check_seats"]


@dataclass(frozen=True)
class LoggedMove:
    """One recorded move judged: where it was, who played what, the verdict, the table after it
    (after the penalty, for an illegal move)."""

    line: int
    round: int
    player: str
    move: str
    verdict: RoundVerdict
    after: str
    state: RoundState | None = field(default=None, repr=False, compare=False)

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def as_dict(self) -> dict:
        r = self.verdict
        return {"line": self.line, "round": self.round, "player": self.player, "move": self.move, "legal": r.legal,
                "violations": [str(v) for v in r.violations], "penalty": r.penalty.as_dict(),
                "joker_stands": r.joker_stands, "bonus": r.bonus, "after": self.after}


@dataclass(frozen=True)
class LoggedRound:
    """One round of a log: its number, the table dealt and the table at its end, whether every move was legal."""

    number: int
    start: RoundState
    end: RoundState
    legal: bool

    def as_dict(self) -> dict:
        over = self.end.is_terminal()
        return {"round": self.number, "legal": self.legal, "over": over,
                "end": self.end.end().value if over else None,
                "result": str(self.end.result()) if over else None, "position": str(self.end)}


@dataclass(frozen=True)
class LogVerdict:
    """The verdict on a whole log: whether every move was legal, every move judged, the rounds,
    the score sheet of the finished rounds."""

    legal: bool
    moves: tuple[LoggedMove, ...]
    rounds: tuple[LoggedRound, ...]
    board: Scoreboard | None
    rules: Rules = field(repr=False, compare=False, default_factory=Rules)

    @property
    def judged(self) -> int:
        return len(self.moves)

    @property
    def first_illegal(self) -> LoggedMove | None:
        return next((m for m in self.moves if not m.legal), None)

    @property
    def scores(self) -> dict[str, int]:
        return dict(self.board.totals) if self.board else {}

    def as_dict(self) -> dict:
        first = self.first_illegal
        return {"legal": self.legal, "moves": self.judged, "first_illegal": first.as_dict() if first else None,
                "illegal": [m.as_dict() for m in self.moves if not m.legal],
                "scores": self.scores, "team_scores": dict(self.board.team_totals) if self.board else {},
                "rounds": [r.as_dict() for r in self.rounds], "rules": self.rules.as_dict()}


def rules_of_log(objects: list[tuple[int, dict]], source: str = "log") -> Rules | None:
    """The rules a log's ``game`` line names (``rules``: a preset and options), if any."""
    for number, obj in objects:
        if obj.get("type") == "game" and isinstance(obj.get("rules"), dict):
            spec = obj["rules"]
            where = f"{source}, line {number}"
            try:
                preset = str(spec.get("preset", Rules.default_preset())).removesuffix("+custom")
                opts = {o.name: spec[o.name] for o in Rules.options() if spec.get(o.name) is not None}
                return Rules.preset(preset).with_options(**opts)
            except TablecalcError as e:
                raise TablecalcError(f"{where}: {e}") from None
            except (TypeError, ValueError) as e:
                raise TablecalcError(_("{where}: bad rules: {e}").format(where=where, e=e)) from None
    return None


def _text(value: Any, key: str, where: str) -> str:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return " ".join(value)
    if isinstance(value, str):
        return value
    raise TablecalcError(_("{where}: {key!r} must be text or a list of texts, not {value}").format(
        where=where, key=key, value=quoted(str(value))))


def deal_state(obj: dict, rules: Rules, deck: Deck, where: str) -> RoundState:
    """The round a deal line describes: ``hands`` (a list, or text with ``|``), ``names``,
    ``top``, and optionally ``stock``, ``pile``, ``to`` (a name or 0-based seat), ``seed``."""
    hands = obj["hands"]
    if isinstance(hands, list) and all(isinstance(h, str) for h in hands):
        parts = [h.strip() or "-" for h in hands]
    elif isinstance(hands, str):
        parts = [h.strip() or "-" for h in hands.split("|")]
    else:
        raise TablecalcError(_("{where}: 'hands' must be a list of hands (\"6 5 2\") or one text \"6 5 2 | 3 7\"").format(
            where=where))
    names = obj.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) != len(parts):
            raise TablecalcError(_("{where}: 'names' must be a list of {n} names, one per hand").format(
                where=where, n=len(parts)))
        text = " | ".join(f"{n}: {h}" for n, h in zip(names, parts))
    else:
        text = " | ".join(parts)
    if "top" not in obj:
        raise TablecalcError(_("{where}: a deal needs 'top', the card turned up").format(where=where))
    fields = [f"hands {text}", f"top {_text(obj['top'], 'top', where)}"]
    for key in ("stock", "pile"):
        if key in obj:
            fields.append(f"{key} {_text(obj[key], key, where)}")
    if "seed" in obj:
        if isinstance(obj["seed"], bool) or not isinstance(obj["seed"], int) or obj["seed"] < 0:
            raise TablecalcError(_("{where}: 'seed' must be a whole number").format(where=where))
        fields.append(f"seed {obj['seed']}")
    to = obj.get("to")
    if isinstance(to, int) and not isinstance(to, bool):
        fields.append(f"to {to + 1}")
    elif isinstance(to, str):
        fields.append(f"to {to}")
    elif to is not None:
        raise TablecalcError(_("{where}: 'to' must be a name or a 0-based seat").format(where=where))
    try:
        return RoundState.parse("; ".join(f.replace(";", " ") for f in fields), rules, deck)
    except TablecalcError as e:
        raise TablecalcError(f"{where}: {e}") from None


def check_seats(names: tuple[str, ...], teams: dict, where: str) -> None:
    """The members of a team sit one after another (seed 000, I: "les membres d'une équipe
    jouent à la suite"), going round the table.

    >>> check_seats(("A", "B", "C", "D"), {"X": ("D", "A"), "Y": ("B", "C")}, "log")
    >>> check_seats(("A", "B", "C", "D"), {"X": ("A", "C"), "Y": ("B", "D")}, "log")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: log: team X (A, C) does not sit together: a team's players play one after another
    """
    n = len(names)
    for team, members in teams.items():
        seats = sorted(names.index(m) for m in members if m in names)
        if len(seats) != len(members):
            continue  # score_game names the unknown player
        gaps = sum(1 for i, s in enumerate(seats) if (seats[(i + 1) % len(seats)] - s) % n != 1)
        if len(seats) > 1 and gaps != (0 if len(seats) == n else 1):
            raise TablecalcError(_("{where}: team {team} ({members}) does not sit together: a team's players play one "
                                   "after another").format(where=where, team=team, members=", ".join(members)))


def _player(value: Any, state: RoundState, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < state.players:
            return value
    elif isinstance(value, str):
        for i, n in enumerate(state.names):
            if n.lower() == value.strip().lower():
                return i
    raise TablecalcError(_("{where}: unknown player {p}: expected a 0-based seat or one of {names}").format(
        where=where, p=quoted(str(value)), names=", ".join(state.names)))


def referee_log(text: str, rules: Rules | None = None, source: str = "log", deck: Deck | None = None) -> LogVerdict:
    """Judge a recorded game move by move; an illegal move costs its penalty and the game goes
    on from the table after it (the rules: ``rules``, else the log's ``game`` line, else basic)."""
    objects = log_objects(text, source, MAX_LOG_LINES)
    rules = rules or rules_of_log(objects, source) or Rules()
    deck = deck or Deck.default()
    judged: list[LoggedMove] = []
    rounds: list[LoggedRound] = []
    state: RoundState | None = None
    start: RoundState | None = None
    clean = True
    k = 0
    teams: dict = {}
    team_where = source

    def close() -> None:
        if state is not None and start is not None:
            rounds.append(LoggedRound(k, start, state, clean))

    for number, obj in objects:
        where = f"{source}, line {number}"
        if obj.get("type") == "game" and isinstance(obj.get("teams"), dict):
            teams = {str(t): tuple(map(str, m)) for t, m in obj["teams"].items() if isinstance(m, list)}
            team_where = where
        if "hands" in obj:
            close()
            k += 1
            state = start = deal_state(obj, rules, deck, where)
            clean = True
            continue
        if "move" not in obj:
            continue
        if state is None:
            raise TablecalcError(_("{where}: a move before any deal; expected first a line with \"hands\"").format(where=where))
        if not isinstance(obj["move"], str) or not obj["move"].strip():
            raise TablecalcError(_("{where}: 'move' must be text such as \"6÷2\", \"3-hippo\", \"change-number 5\" or \"draw\"").format(
                where=where))
        player = _player(obj["player"], state, where) if "player" in obj else state.current_player()
        if player < 0:
            player = 0
        try:
            if "drew" in obj and not state.is_terminal():
                state = state.with_draws(deck.parse_hand(_text(obj["drew"], "drew", where)))
            verdict = state.judge(obj["move"], player)
        except TablecalcError as e:
            raise TablecalcError(f"{where}: {e}") from None
        after = state if player != state.to or state.is_terminal() else state.after(verdict)
        if not verdict.legal:
            clean = False
        judged.append(LoggedMove(number, k, state.names[player], obj["move"], verdict, str(after), after))
        state = after
    close()
    if not rounds:
        raise TablecalcError(_("{source} deals no round: expected a line with \"hands\"").format(source=source))
    done = [r.end.result() for r in rounds if r.end.is_terminal()]
    board = None
    if done:
        names = rounds[0].start.names
        if teams:
            check_seats(names, teams, team_where)
        try:
            board = score_game(done, names, teams or None, rules)
        except TablecalcError as e:
            raise TablecalcError(_("{source}: {e}").format(source=source, e=e)) from None
    legal = all(m.legal for m in judged)
    return LogVerdict(legal, tuple(judged), tuple(rounds), board, rules)
