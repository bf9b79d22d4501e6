"""Puzzle packs and known cases, shipped as JSON data, with a loader that validates them
through the game registry (it knows no game itself).

A pack is ``{"name", "game", "description", "cases": [...]}``. Every game's known cases
have one format (``docs/known-cases.md``), driven by one test for every game
(``tests/core/test_known_cases.py``): a case is ``{"id", "source", "situation", "preset",
"options", "answer", "command", "expect"}``, where ``situation`` is written in the game's own
notation (``top 3-bee; hand 6 5 2 10`` for Nambarz, ``hand 15 25 7; table 10 20 30; opened``
for Nmbrs!), ``options`` changes rule options of the preset, ``answer`` is judged by the
game's referee, and ``command`` (instead of a situation) is a ``tablecalc GAME`` command
line whose ``--json`` output is checked. ``expect`` says what must hold: ``verdict`` (keys
of the verdict's JSON), ``best`` (keys of the best answer's JSON), ``json`` and ``exit`` (of
a command), or ``error`` — a known bad input, which the loader checks fails with that message.

>>> pack = load_pack("nambarz-seed")
>>> pack.game, len(pack.cases) > 5, pack.cases[0].id, pack.cases[0].situation
('nambarz', True, 'simplest-is-compulsory', 'top 3-bee; hand 6 5 2 10')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from solver.errors import TablecalcError, quoted
from solver.parsing import read_text
from solver.registry import find_game

__all__ = ["Case", "Pack", "load_pack", "list_packs", "format_pack"]

MAX_PACK_BYTES = 16 << 20
"""The largest pack file read (16 MB; the shipped packs are a few dozen kB)."""
MAX_FIELD = 10_000
"""The longest text field of a case."""

_CASE_KEYS = {"id", "source", "situation", "preset", "options", "answer", "command", "expect"}
_REQUIRED = {"id"}
EXPECT_KEYS = ("verdict", "best", "json", "exit", "error")
"""What a case's ``expect`` may say."""


@dataclass(frozen=True)
class Case:
    """One known situation under a preset, optionally an answer and what to expect."""

    id: str
    situation: str | None = None
    preset: str | None = None
    answer: str | None = None
    expect: dict[str, Any] | None = None
    source: str = ""
    options: dict[str, Any] | None = None
    command: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Pack:
    name: str
    game: str
    description: str
    cases: tuple[Case, ...]

    @property
    def playable(self) -> tuple[Case, ...]:
        """The cases a drill can ask: those with a situation, but for those recorded as bad input
        (``expect.error``)."""
        return tuple(c for c in self.cases if c.situation is not None and not (c.expect or {}).get("error"))


def list_packs() -> list[str]:
    """The names of the packs shipped with tablecalc."""
    root = resources.files("puzzles.packs")
    return sorted(p.name.removesuffix(".json") for p in root.iterdir() if p.name.endswith(".json"))


def load_pack(name_or_path: str) -> Pack:
    """Load a shipped pack by name, or a pack file by path; every situation and preset is checked
    by its game."""
    if name_or_path in list_packs():
        text = resources.files("puzzles.packs").joinpath(f"{name_or_path}.json").read_text("utf-8")
        where = name_or_path
    else:
        p = Path(name_or_path)
        if not os.path.lexists(p):
            raise TablecalcError(
                f"no puzzle pack {name_or_path!r}: expected a file or one of {', '.join(list_packs())}"
            )
        text, where = read_text(p, "puzzle pack", MAX_PACK_BYTES), str(p)
    if not text.strip():
        raise TablecalcError(f"puzzle pack {where!r} is empty: expected a JSON object with 'name', 'game', 'cases'")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TablecalcError(f"puzzle pack {where!r} is not JSON: {e.msg} at line {e.lineno}") from None
    except RecursionError:
        raise TablecalcError(f"puzzle pack {where!r} is nested too deeply: expected a pack of cases") from None
    except ValueError as e:  # a number of thousands of digits
        raise TablecalcError(f"puzzle pack {where!r} is not usable JSON ({e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list) or not isinstance(data.get("game"), str):
        raise TablecalcError(f"puzzle pack {where!r}: expected an object with 'name', 'game' and a 'cases' list")
    for key in ("name", "description"):
        if not isinstance(data.get(key, ""), str):
            raise TablecalcError(f"puzzle pack {where!r}: {key!r} must be text, not {quoted(data[key])}")
    try:
        game = find_game(data["game"])
    except TablecalcError as e:
        raise TablecalcError(f"puzzle pack {where!r}: {e}") from None
    if not data["cases"]:
        raise TablecalcError(f"puzzle pack {where!r} has no cases: expected at least one in its 'cases' list")
    cases = tuple(_case(c, where, i) for i, c in enumerate(data["cases"]))
    for c in cases:
        _check(game, c, where)
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise TablecalcError(f"puzzle pack {where!r}: case ids must be unique")
    return Pack(str(data.get("name", where)), game.name, str(data.get("description", "")), cases)


def _case(raw: Any, where: str, i: int) -> Case:
    if not isinstance(raw, dict):
        raise TablecalcError(f"puzzle pack {where!r}, case {i + 1}: expected an object")
    unknown = set(raw) - _CASE_KEYS
    missing = _REQUIRED - set(raw)
    if unknown or missing:
        what = f"unknown key {sorted(unknown)[0]!r}" if unknown else f"missing key {sorted(missing)[0]!r}"
        raise TablecalcError(f"puzzle pack {where!r}, case {i + 1}: {what}; expected keys {', '.join(sorted(_CASE_KEYS))}")
    here = f"puzzle pack {where!r}, case {i + 1}"
    for key, value in raw.items():
        want = {"expect": dict, "options": dict, "command": list}.get(key, str)
        if value is not None and not isinstance(value, want):
            kind = {dict: "an object", list: "a list of words"}.get(want, "text")
            raise TablecalcError(f"{here}: {key!r} must be {kind}, not {quoted(value)}")
        if isinstance(value, str) and len(value) > MAX_FIELD:
            raise TablecalcError(f"{here}: {key!r} is {len(value):,} characters long: expected at most {MAX_FIELD:,}")
    if (raw.get("situation") is None) == (raw.get("command") is None):
        raise TablecalcError(f"{here}: expected either a 'situation' or a 'command'")
    if raw.get("command") is not None and not all(isinstance(w, str) and len(w) <= MAX_FIELD for w in raw["command"]):
        raise TablecalcError(f"{here}: 'command' must be a list of words (text)")
    if raw.get("command") is not None:
        raw = {**raw, "command": tuple(raw["command"])}
    return Case(**raw)


def _check(game, case: Case, where: str) -> None:
    """The case's preset exists and its situation reads and fits that preset — or fails as its
    ``expect.error`` says."""
    expected_error = (case.expect or {}).get("error")
    try:
        rules = game.rules(case.preset, **(case.options or {}))
        if case.situation is None:
            return
        data = game.load_data(rules)
        game.check_situation(game.parse_situation(case.situation, data), rules, data)
    except TablecalcError as e:
        if expected_error and expected_error in str(e):
            return
        raise TablecalcError(f"puzzle pack {where!r}, case {case.id!r}: {e}") from None
    if expected_error:
        raise TablecalcError(
            f"puzzle pack {where!r}, case {case.id!r}: expected the error {expected_error!r}, but the situation reads"
        )


def format_pack(pack: dict) -> str:
    """A pack as the shipped files lay it out: one key per line, each case's ``expect`` on one line.

    >>> print(format_pack({"name": "p", "game": "nambarz", "description": "", "cases": [{"id": "a", "situation": "top 3; hand 6 2"}]}))
    {
      "name": "p",
      "game": "nambarz",
      "description": "",
      "cases": [
        {
          "id": "a",
          "situation": "top 3; hand 6 2"
        }
      ]
    }
    <BLANKLINE>
    """
    def dump(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = [f'  "{k}": {dump(pack[k])},' for k in ("name", "game", "description")]
    cases = [
        "    {\n" + ",\n".join(f"      {dump(k)}: {dump(v)}" for k, v in case.items()) + "\n    }"
        for case in pack["cases"]
    ]
    return "\n".join(["{", *head, '  "cases": [', ",\n".join(cases), "  ]", "}"]) + "\n"
