"""The one log format of a recorded game, for every game (docs/game-logs.md): JSON lines.

.. code-block:: text

    {"type": "game", "game": "namnam", "players": ["Ann", "Bob"], "rules": {"preset": "standard", "options": {}}, "seed": 7}
    {"type": "deal", "round": 1, "deal": "4.4.4.4.4.4/4.4.4.4.4.4 s 0-0"}
    {"type": "move", "round": 1, "player": "Ann", "move": "3"}
    {"type": "end", "round": 1, "scores": [25, 23]}

A ``game`` line first (the game, the players in seat order, the rules: a preset and the options
changed; ``seed`` and ``bots`` when a program played it), then for each round a ``deal`` line —
the round's start in the game's own notation — and one ``move`` line per move, in the order
they were played (a game may read more keys of a move line, such as the cards a draw took). An
``end`` line, when there is one, gives the scores after that round: the referee compares them
with its own. Blank lines are read past; a person can write a log by hand.

>>> log = read('''{"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}
... {"type": "deal", "round": 1, "deal": "start"}
... {"type": "move", "player": "Ann", "move": "3"}''', "log")
>>> log.game, log.players, [(r.number, r.deal, [m.move for m in r.moves]) for r in log.rounds]
('namnam', ('Ann', 'Bob'), [(1, 'start', ['3'])])
>>> read('{"type": "deal", "deal": "start"}', "log")
Traceback (most recent call last):
...
solver.errors.TablecalcError: log, line 1: expected the 'game' line first, e.g. {"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from solver.errors import TablecalcError, quoted
from solver.i18n import _, ngettext
from solver.gamelog import log_objects

__all__ = ["Log", "LoggedRound", "LoggedMove", "read", "lines", "MAX_PLAYERS", "MAX_TEXT"]

MAX_PLAYERS = 12
"""The most players a log may seat."""
MAX_TEXT = 20_000
"""The longest text field of a log line (a deal of every hand fits many times over)."""
_MOVE_KEYS = {"type", "round", "player", "move"}


@dataclass(frozen=True)
class LoggedMove:
    """One move line: where it is, who played it (a seat, or ``None``: the player to move), what."""

    line: int
    player: int | None
    move: str
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LoggedRound:
    """One round of a log: its deal line and notation, its moves, the scores its ``end`` line gives
    and the other keys it writes (``end``: a game may compare them, such as a settlement)."""

    number: int
    line: int
    deal: str
    moves: tuple[LoggedMove, ...]
    scores: tuple[float, ...] | None = None
    end_line: int | None = None
    end: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Log:
    source: str
    game: str
    players: tuple[str, ...]
    preset: str | None
    options: Mapping[str, Any]
    rounds: tuple[LoggedRound, ...]
    seed: int | None = None


def _text(value: Any, what: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TablecalcError(_("{where}: {what} must be text, not {value}").format(where=where, what=what, value=quoted(value)))
    if len(value) > MAX_TEXT:
        raise TablecalcError(_("{where}: {what} is {length:,} characters long: expected at most {most:,}").format(
            where=where, what=what, length=len(value), most=MAX_TEXT))
    return value.strip()


def _header(number: int, obj: dict, source: str) -> tuple[str, tuple[str, ...], str | None, dict, int | None]:
    where = _("{source}, line {line}").format(source=source, line=number)
    game = _text(obj.get("game"), "'game'", where)
    players = obj.get("players")
    if (not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS
            or not all(isinstance(p, str) and 0 < len(p.strip()) <= 40 for p in players)):
        raise TablecalcError(_("{where}: 'players' must be a list of 1 to {most} names, e.g. {example}").format(
            where=where, most=MAX_PLAYERS, example='["Ann", "Bob"]'))
    names = tuple(p.strip() for p in players)
    if len({n.lower() for n in names}) != len(names):
        raise TablecalcError(_("{where}: the players' names must differ: {names}").format(where=where, names=", ".join(names)))
    rules = obj.get("rules", {})
    if not isinstance(rules, dict) or not isinstance(rules.get("options", {}), dict):
        raise TablecalcError(_("{where}: 'rules' must be an object like {example}").format(
            where=where, example='{"preset": "basic", "options": {}}'))
    preset = rules.get("preset")
    if preset is not None:
        preset = _text(preset, _("the rules' 'preset'"), where)
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63):
        raise TablecalcError(_("{where}: 'seed' must be a whole number ≥ 0, not {value}").format(where=where, value=quoted(seed)))
    return game, names, preset, dict(rules.get("options", {})), seed


def _seat(value: Any, names: tuple[str, ...], where: str) -> int:
    if isinstance(value, str):
        for i, n in enumerate(names):
            if n.lower() == value.strip().lower():
                return i
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    raise TablecalcError(_("{where}: unknown player {name}: expected one of {names}").format(
        where=where, name=quoted(value), names=", ".join(names)))


def read(text: str, source: str = "log") -> Log:
    """A log's text read and checked line by line (one error line names the line and what was expected)."""
    objects = log_objects(text, source)
    number, first = objects[0]
    if first.get("type") != "game":
        raise TablecalcError(_("{source}, line {line}: expected the 'game' line first, e.g. {example}").format(
            source=source, line=number, example='{"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}'))
    game, names, preset, options, seed = _header(number, first, source)
    rounds: list[LoggedRound] = []
    current: dict | None = None

    def close() -> None:
        if current is not None:
            rounds.append(LoggedRound(current["number"], current["line"], current["deal"], tuple(current["moves"]),
                                      current.get("scores"), current.get("end_line"), current.get("end", {})))

    for number, obj in objects[1:]:
        where = _("{source}, line {line}").format(source=source, line=number)
        kind = obj.get("type", "move" if "move" in obj else None)
        if kind == "deal":
            close()
            current = {"number": len(rounds) + 1, "line": number, "deal": _text(obj.get("deal"), "'deal'", where),
                       "moves": []}
        elif kind == "move":
            if current is None:
                raise TablecalcError(_("{where}: a move before any deal; expected first a 'deal' line").format(where=where))
            if "end_line" in current:
                raise TablecalcError(_("{where}: a move after the round's 'end' line; expected a new 'deal' line").format(where=where))
            player = _seat(obj["player"], names, where) if "player" in obj else None
            extra = {k: v for k, v in obj.items() if k not in _MOVE_KEYS}
            current["moves"].append(LoggedMove(number, player, _text(obj.get("move"), "'move'", where), extra))
        elif kind == "end":
            if current is None:
                raise TablecalcError(_("{where}: an 'end' line before any deal").format(where=where))
            scores = obj.get("scores")
            if scores is not None:
                if (not isinstance(scores, list) or len(scores) != len(names)
                        or not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores)):
                    raise TablecalcError(ngettext("{where}: 'scores' must list {count} number, one per player",
                                                   "{where}: 'scores' must list {count} numbers, one per player",
                                                   len(names)).format(where=where, count=len(names)))
                current["scores"] = tuple(scores)
            current["end_line"] = number
            current["end"] = {k: v for k, v in obj.items() if k not in ("type", "round", "scores")}
        elif kind == "game":
            raise TablecalcError(_("{where}: a second 'game' line: expected one game per log").format(where=where))
        else:
            raise TablecalcError(_("{where}: unknown line type {type}: expected deal, move or end").format(
                where=where, type=quoted(obj.get("type"))))
    close()
    if not rounds:
        raise TablecalcError(_("{source} deals no round: expected a 'deal' line after the 'game' line").format(source=source))
    return Log(source, game, names, preset, options, tuple(rounds), seed)


def lines(game: str, players: Iterable[str], preset: str, options: Mapping[str, Any],
          rounds: Iterable[tuple[str, Iterable[tuple[int, str, Mapping[str, Any]]], Iterable[float] | None]],
          seed: int | None = None, bots: Iterable[str] | None = None) -> Iterable[dict]:
    """The lines of a log: the ``game`` line, then for each round (its deal, its moves as
    ``(seat, move, extra)``, its scores or ``None``) a deal line, move lines and an end line."""
    names = list(players)
    head: dict = {"type": "game", "game": game, "players": names, "rules": {"preset": preset, "options": dict(options)}}
    if seed is not None:
        head["seed"] = seed
    if bots is not None:
        head["bots"] = list(bots)
    yield head
    for k, (deal, moves, scores) in enumerate(rounds, 1):
        yield {"type": "deal", "round": k, "deal": deal}
        for seat, move, extra in moves:
            yield {"type": "move", "round": k, "player": names[seat], "move": move, **dict(extra)}
        if scores is not None:
            yield {"type": "end", "round": k, "scores": list(scores)}
