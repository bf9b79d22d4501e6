"""Nambarz logs written before the one log format (``simulate --log`` of tablecalc up to
issue 22, and disputes written by hand as its docs showed), read into the one format
(:class:`solver.whole.log.Log`) so that nothing a table saved is lost: ``referee`` and
``analyse`` judge them as before.

Their lines: an optional ``game`` line (``names``, ``rules``: a preset and options, ``teams``:
name → players); a deal per line with ``hands`` (a list of hands, or one text with ``|``),
``names``, ``top`` and optionally ``stock``, ``pile``, ``to`` (a name or a seat from 0) and
``seed``; a move per line with ``move`` and optionally ``player`` (a name or a seat from 0) and
``drew``; other lines (``round-end``, ``end``) read past.

>>> log = read_old('''{"type": "game", "names": ["Ann", "Bob"], "rules": {"preset": "basic+custom", "jokers": 8}}
... {"hands": ["6 2", "7"], "names": ["Ann", "Bob"], "top": "3-bee", "stock": "1 2", "to": 0}
... {"player": "Ann", "move": "6÷2"}
... {"type": "end", "scores": {"Ann": 40}}''', "old.jsonl")
>>> log.players, log.preset, log.options, log.rounds[0].deal
(('Ann', 'Bob'), 'basic', {'jokers': 8}, 'hands Ann: 6 2 | Bob: 7; top 3-bee; stock 1 2; to 1')
>>> [(m.line, m.player, m.move) for m in log.rounds[0].moves]
[(3, 0, '6÷2')]
>>> read_old('{"type": "game", "game": "nambarz", "players": ["Ann", "Bob"]}', "new.jsonl") is None
True
"""

from __future__ import annotations

from typing import Any

from solver.errors import TablecalcError, quoted
from solver.gamelog import log_objects
from solver.i18n import _
from solver.nambarz.rules import Rules
from solver.whole.log import Log, LoggedMove, LoggedRound

__all__ = ["read_old"]


def _text(value: Any, key: str, where: str) -> str:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        value = " ".join(value)
    if not isinstance(value, str) or ";" in value:
        raise TablecalcError(_("{where}: {key!r} must be text or a list of texts, not {value}").format(
            where=where, key=key, value=quoted(str(value))))
    return value


def _deal(obj: dict, where: str) -> tuple[str, tuple[str, ...] | None]:
    """The round notation of an old deal line, and the names it gives."""
    hands = obj["hands"]
    if isinstance(hands, list) and all(isinstance(h, str) for h in hands):
        parts = [h.strip() or "-" for h in hands]
    elif isinstance(hands, str):
        parts = [h.strip() or "-" for h in hands.split("|")]
    else:
        raise TablecalcError(_("{where}: 'hands' must be a list of hands (\"6 5 2\") or one text \"6 5 2 | 3 7\"").format(
            where=where))
    if any(";" in p or "|" in p for p in parts):
        raise TablecalcError(_("{where}: a hand is cards separated by spaces").format(where=where))
    names = obj.get("names")
    if names is not None and (not isinstance(names, list) or len(names) != len(parts)
                              or not all(isinstance(n, str) and n.strip() and not set(n) & set(":;|") for n in names)):
        raise TablecalcError(_("{where}: 'names' must be a list of {n} names, one per hand").format(
            where=where, n=len(parts)))
    hands_text = " | ".join(f"{n}: {h}" for n, h in zip(names, parts)) if names else " | ".join(parts)
    if "top" not in obj:
        raise TablecalcError(_("{where}: a deal needs 'top', the card turned up").format(where=where))
    fields = [f"hands {hands_text}", f"top {_text(obj['top'], 'top', where)}"]
    for key in ("stock", "pile"):
        if key in obj:
            fields.append(f"{key} {_text(obj[key], key, where)}")
    seed = obj.get("seed")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10 ** 18:
            raise TablecalcError(_("{where}: 'seed' must be a whole number").format(where=where))
        fields.append(f"seed {seed}")
    to = obj.get("to")
    if isinstance(to, int) and not isinstance(to, bool) and 0 <= to < len(parts):
        fields.append(f"to {to + 1}")
    elif isinstance(to, str) and to.strip() and ";" not in to:
        fields.append(f"to {to.strip()}")
    elif to is not None:
        raise TablecalcError(_("{where}: 'to' must be a name or a 0-based seat").format(where=where))
    return "; ".join(fields), tuple(n.strip() for n in names) if names else None


def _rules(obj: dict, where: str) -> tuple[str | None, dict]:
    spec = obj.get("rules")
    if spec is None:
        return None, {}
    if not isinstance(spec, dict):
        raise TablecalcError(_("{where}: 'rules' must be an object like {example}").format(
            where=where, example='{"preset": "basic"}'))
    preset = spec.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise TablecalcError(_("{where}: the rules' 'preset' must be text").format(where=where))
    names = {o.name for o in Rules.options()}
    return (preset.removesuffix("+custom") if preset else None,
            {k: v for k, v in spec.items() if k in names and v is not None})


def _team_size(teams: Any, names: tuple[str, ...], where: str) -> int:
    """The team size of an old log's teams, which must be the seats in order, as many each."""
    if not teams:
        return 0
    if not isinstance(teams, dict) or not all(isinstance(m, list) for m in teams.values()):
        raise TablecalcError(_("{where}: 'teams' must map a team's name to its players").format(where=where))
    groups = [tuple(m) for m in teams.values()]
    size = len(groups[0])
    if [names[i:i + size] for i in range(0, len(names), size)] != groups:
        raise TablecalcError(_("{where}: teams {teams} are not the seats in order, {size} each: tablecalc now makes "
                               "teams of the seats in order (--team-size)").format(
                                   where=where, teams=quoted(str(teams)), size=size))
    return size


def read_old(text: str, source: str = "log") -> Log | None:
    """An old Nambarz log read into the one format, or ``None`` when ``text`` is not one (no line
    deals with ``hands``)."""
    objects = log_objects(text, source)
    if not any("hands" in obj for _, obj in objects):
        return None
    head: tuple[int, dict] | None = next(((n, o) for n, o in objects if o.get("type") == "game"), None)
    where = f"{source}, line {head[0]}" if head else source
    preset, options = _rules(head[1], where) if head else (None, {})
    names: tuple[str, ...] | None = None
    if head and isinstance(head[1].get("names"), list):
        names = tuple(str(n).strip() for n in head[1]["names"])
    rounds: list[dict] = []
    for number, obj in objects:
        where = f"{source}, line {number}"
        if "hands" in obj:
            deal, dealt = _deal(obj, where)
            names = names or dealt
            rounds.append({"line": number, "deal": deal, "moves": []})
        elif "move" in obj and obj.get("type") in (None, "move"):
            if not rounds:
                raise TablecalcError(_("{where}: a move before any deal; expected first a line with \"hands\"").format(
                    where=where))
            if not isinstance(obj["move"], str) or not obj["move"].strip():
                raise TablecalcError(_("{where}: 'move' must be text such as \"6÷2\", \"3-hippo\", \"change-number 5\" or "
                                       "\"draw\"").format(where=where))
            rounds[-1]["moves"].append((number, obj))
    first = rounds[0]["deal"].split(";")[0].removeprefix("hands ")
    names = names or tuple(f"P{i + 1}" for i in range(len(first.split("|"))))
    if head and head[1].get("teams"):
        options["team_size"] = _team_size(head[1]["teams"], names, f"{source}, line {head[0]}")
    logged = []
    for k, r in enumerate(rounds, 1):
        moves = []
        for number, obj in r["moves"]:
            player = obj.get("player")
            seat = None
            if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(names):
                seat = player
            elif isinstance(player, str):
                found = [i for i, n in enumerate(names) if n.lower() == player.strip().lower()]
                seat = found[0] if found else None
            if player is not None and seat is None:
                raise TablecalcError(_("{where}: unknown player {p}: expected a 0-based seat or one of {names}").format(
                    where=f"{source}, line {number}", p=quoted(str(player)), names=", ".join(names)))
            extra = {"drew": obj["drew"]} if obj.get("drew") not in (None, "", []) else {}
            moves.append(LoggedMove(number, seat, obj["move"].strip(), extra))
        logged.append(LoggedRound(k, r["line"], r["deal"], tuple(moves)))
    return Log(source, "nambarz", names, preset, options, tuple(logged))
