"""Puzzle packs and known cases, shipped as JSON data, with a validating loader.

>>> pack = load_pack("nambarz-seed")
>>> pack.game, len(pack.cases) > 5, pack.cases[0].id
('nambarz', True, 'simplest-is-compulsory')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from solver.errors import TablecalcError
from solver.parsing import read_text

__all__ = ["Case", "Pack", "load_pack", "list_packs"]

_CASE_KEYS = {"id", "source", "target", "table", "hand", "preset", "answer", "expect"}
_REQUIRED = {"nambarz": {"id", "target", "hand"}, "nmbrs": {"id", "hand"}}


@dataclass(frozen=True)
class Case:
    """One known situation: a hand, a top card (Nambarz) or a table (Nmbrs!), a preset,
    optionally an answer and what to expect."""

    id: str
    hand: str
    target: str | None = None
    table: str | None = None
    preset: str = "basic"
    answer: str | None = None
    expect: dict[str, Any] | None = None
    source: str = ""


@dataclass(frozen=True)
class Pack:
    name: str
    game: str
    description: str
    cases: tuple[Case, ...]


def list_packs() -> list[str]:
    """The names of the packs shipped with tablecalc."""
    root = resources.files("puzzles.packs")
    return sorted(p.name.removesuffix(".json") for p in root.iterdir() if p.name.endswith(".json"))


def load_pack(name_or_path: str) -> Pack:
    """Load a shipped pack by name, or a pack file by path; every card is checked against the deck."""
    if name_or_path in list_packs():
        text = resources.files("puzzles.packs").joinpath(f"{name_or_path}.json").read_text("utf-8")
        where = name_or_path
    else:
        p = Path(name_or_path)
        if not p.is_file():
            raise TablecalcError(
                f"no puzzle pack {name_or_path!r}: expected a file or one of {', '.join(list_packs())}"
            )
        text, where = read_text(p, "puzzle pack"), str(p)
    if not text.strip():
        raise TablecalcError(f"puzzle pack {where!r} is empty: expected a JSON object with 'name', 'game', 'cases'")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TablecalcError(f"puzzle pack {where!r} is not JSON: {e.msg} at line {e.lineno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list) or "game" not in data:
        raise TablecalcError(f"puzzle pack {where!r}: expected an object with 'name', 'game' and a 'cases' list")
    game = data["game"]
    if game not in _REQUIRED:
        raise TablecalcError(f"puzzle pack {where!r}: unknown game {game!r}, expected one of {', '.join(_REQUIRED)}")
    cases = tuple(_case(c, where, i, _REQUIRED[game]) for i, c in enumerate(data["cases"]))
    (_check_nambarz if game == "nambarz" else _check_nmbrs)(cases, where)
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise TablecalcError(f"puzzle pack {where!r}: case ids must be unique")
    return Pack(str(data.get("name", where)), str(data["game"]), str(data.get("description", "")), cases)


def _case(raw: Any, where: str, i: int, required: set[str]) -> Case:
    if not isinstance(raw, dict):
        raise TablecalcError(f"puzzle pack {where!r}, case {i + 1}: expected an object")
    unknown = set(raw) - _CASE_KEYS
    missing = required - set(raw)
    if unknown or missing:
        what = f"unknown key {sorted(unknown)[0]!r}" if unknown else f"missing key {sorted(missing)[0]!r}"
        raise TablecalcError(f"puzzle pack {where!r}, case {i + 1}: {what}; expected keys {', '.join(sorted(_CASE_KEYS))}")
    for key, value in raw.items():
        want = dict if key == "expect" else str
        if value is not None and not isinstance(value, want):
            raise TablecalcError(
                f"puzzle pack {where!r}, case {i + 1}: {key!r} must be {'an object' if want is dict else 'text'}, "
                f"not {value!r}"
            )
    return Case(**raw)


def _check_nambarz(cases: tuple[Case, ...], where: str) -> None:
    from solver.nambarz import Deck, Rules

    deck = Deck.default()
    for c in cases:
        try:
            deck.parse_card(c.target)
            deck.parse_hand(c.hand)
            Rules.preset(c.preset)
        except TablecalcError as e:
            raise TablecalcError(f"puzzle pack {where!r}, case {c.id!r}: {e}") from None


def _check_nmbrs(cases: tuple[Case, ...], where: str) -> None:
    from solver.nmbrs import Deck, Rules
    from solver.nmbrs.table import Table, parse_moves

    deck = Deck.default()
    for c in cases:
        try:
            rules = Rules.preset(c.preset)
            deck.parse_hand(c.hand)
            Table.parse(c.table or "", deck, rules)
            if c.answer:
                parse_moves(c.answer.split(";"), deck)
        except TablecalcError as e:
            raise TablecalcError(f"puzzle pack {where!r}, case {c.id!r}: {e}") from None
