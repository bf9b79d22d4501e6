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

from solver.errors import TablecalcError, quoted, quoted_path
from solver.i18n import _
from solver.parsing import read_text
from solver.registry import find_game

__all__ = ["Case", "Pack", "load_pack", "list_packs", "format_pack", "MAX_PACK_BYTES", "MAX_CASES"]

MAX_PACK_BYTES = 128 << 10
"""The largest pack file read (128 kB, about a thousand cases; the shipped packs are 4 to 14 kB): a
larger one is refused from its size, before it is read. Reading a pack's situations takes time in
proportion to their length: a pack at the cap is read in under a second (Nambarz's hands, the
slowest to read, about 0.8 s)."""
MAX_CASES = 1000
"""The most cases a pack may hold (the shipped ones hold a few dozen): counted before any is read."""
MAX_SITUATION = 1000
"""The longest situation or answer (the shipped ones: 212 characters at most)."""
MAX_FIELD = 10_000
"""The longest other text of a case (its source) or of a pack (its description)."""
MAX_NAME = 200
"""The longest name: a pack's name, a case's id, a preset, a rule option and its value."""
MAX_WORDS = 100
"""The most words of a case's command, and of rule options a case changes."""
MAX_EXIT = 255

_PACK_KEYS = {"name", "game", "description", "cases"}
_CASE_KEYS = {"id", "source", "situation", "preset", "options", "answer", "command", "expect"}
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
        """The cases a drill can ask: those with a situation under a preset as it stands (a drill's
        puzzle keeps its preset's name, not changed options), but for those recorded as bad input
        (``expect.error``)."""
        return tuple(c for c in self.cases
                     if c.situation is not None and not c.options and not (c.expect or {}).get("error"))


def list_packs() -> list[str]:
    """The names of the packs shipped with tablecalc."""
    root = resources.files("puzzles.packs")
    return sorted(p.name.removesuffix(".json") for p in root.iterdir() if p.name.endswith(".json"))


def load_pack(name_or_path: str) -> Pack:
    """Load a shipped pack by name, or a pack file by path: every field checked for its type and
    bounds (the error names the file, the case and the field), then every situation and preset by
    its game."""
    if name_or_path in list_packs():
        text = resources.files("puzzles.packs").joinpath(f"{name_or_path}.json").read_text("utf-8")
        where = name_or_path
    else:
        p = Path(name_or_path)
        if not os.path.lexists(p):
            raise TablecalcError(
                _("no puzzle pack {name}: expected a file or one of {packs}").format(name=quoted(name_or_path), packs=", ".join(list_packs()))
            )
        text, where = read_text(p, _("puzzle pack"), MAX_PACK_BYTES), str(p)
    pack = _("puzzle pack {path}").format(path=quoted_path(where))
    if not text.strip():
        raise TablecalcError(_("{pack} is empty: expected a JSON object with 'name', 'game', 'cases'").format(pack=pack))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TablecalcError(_("{pack} is not JSON: {error} at line {line}").format(pack=pack, error=e.msg, line=e.lineno)) from None
    except RecursionError:
        raise TablecalcError(_("{pack} is nested too deeply: expected a pack of cases").format(pack=pack)) from None
    except ValueError as e:  # a number of thousands of digits
        raise TablecalcError(_("{pack} is not usable JSON ({error})").format(pack=pack, error=e)) from None
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list) or not isinstance(data.get("game"), str):
        raise TablecalcError(_("{pack}: expected an object with 'name', 'game' and a 'cases' list").format(pack=pack))
    unknown = sorted(set(data) - _PACK_KEYS)
    if unknown:
        raise TablecalcError(_("{pack}: unknown key {key}; expected {keys}").format(
            pack=pack, key=quoted(unknown[0]), keys=", ".join(sorted(_PACK_KEYS))))
    _text(data, "name", pack, MAX_NAME)
    _text(data, "description", pack, MAX_FIELD, empty=True)
    try:
        game = find_game(data["game"])
    except TablecalcError as e:
        raise TablecalcError(_("{where}: {error}").format(where=pack, error=e)) from None
    if not data["cases"]:
        raise TablecalcError(_("{pack} has no cases: expected at least one in its 'cases' list").format(pack=pack))
    if len(data["cases"]) > MAX_CASES:
        raise TablecalcError(_("{pack} has {count:,} cases: expected at most {most:,}").format(
            pack=pack, count=len(data["cases"]), most=MAX_CASES))
    cases = tuple(_case(c, pack, i) for i, c in enumerate(data["cases"]))
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise TablecalcError(_("{pack}: case ids must be unique; {id} is given twice").format(pack=pack, id=quoted(twice)))
    loaded: dict = {}  # a deck is read once per set of rules, not once per case
    for c in cases:
        _check(game, c, pack, loaded)
    return Pack(str(data.get("name", where)), game.name, str(data.get("description", "")), cases)


def _text(raw: dict, key: str, here: str, longest: int, *, empty: bool = False, label: str = "") -> None:
    """``raw[key]``, when given, is text of at most ``longest`` characters (not empty unless ``empty``);
    the error names the field ``label + key``."""
    value = raw.get(key)
    if value is None:
        return
    name = repr(label + key)
    if not isinstance(value, str) or not (0 if empty else 1) <= len(value) <= longest:
        if isinstance(value, str) and len(value) > longest:
            raise TablecalcError(_("{where}: {name} is {length:,} characters long: expected at most {most:,}").format(
                where=here, name=name, length=len(value), most=longest))
        raise TablecalcError(_("{where}: {name} = {value}: expected text of {least} to {most:,} characters").format(
            where=here, name=name, value=quoted(value), least=0 if empty else 1, most=longest))


def _case(raw: Any, pack: str, i: int) -> Case:
    if not isinstance(raw, dict):
        raise TablecalcError(_("{pack}, case {case}: expected an object, not {value}").format(pack=pack, case=i + 1, value=quoted(raw)))
    case_id = raw.get("id")
    here = _("{pack}, case {case}").format(
        pack=pack, case=quoted(case_id) if isinstance(case_id, str) and 0 < len(case_id) <= MAX_NAME else i + 1)
    unknown = sorted(set(raw) - _CASE_KEYS)
    if unknown:
        raise TablecalcError(_("{where}: unknown key {key}; expected keys {keys}").format(
            where=here, key=quoted(unknown[0]), keys=", ".join(sorted(_CASE_KEYS))))
    if "id" not in raw:
        raise TablecalcError(_("{where}: missing key 'id'; expected keys {keys}").format(where=here, keys=", ".join(sorted(_CASE_KEYS))))
    for key, longest in (("id", MAX_NAME), ("preset", MAX_NAME), ("situation", MAX_SITUATION), ("answer", MAX_SITUATION)):
        _text(raw, key, here, longest)
    _text(raw, "source", here, MAX_FIELD, empty=True)
    if raw.get("id") is None:
        raise TablecalcError(_("{where}: 'id' = None: expected text of 1 to {most} characters").format(where=here, most=MAX_NAME))
    options, command, expect = raw.get("options"), raw.get("command"), raw.get("expect")
    if options is not None:
        if not isinstance(options, dict) or len(options) > MAX_WORDS:
            raise TablecalcError(_("{where}: 'options' = {value}: expected an object of at most {most} rule options, "
                                   "e.g. {example}").format(where=here, value=quoted(options), most=MAX_WORDS,
                                                            example='{"wrap": "full"}'))
        for name, value in options.items():
            if len(name) > MAX_NAME or not (isinstance(value, (bool, int)) and -10**12 <= value <= 10**12
                                            or isinstance(value, str) and len(value) <= MAX_NAME):
                raise TablecalcError(_("{where}: 'options.{name}' = {value}: expected a value as typed on the command line "
                                       "(text, a whole number, true or false)").format(
                    where=here, name=name[:MAX_NAME], value=quoted(value)))
    if command is not None and (not isinstance(command, list) or not 0 < len(command) <= MAX_WORDS
                                or not all(isinstance(w, str) and len(w) <= MAX_FIELD for w in command)):
        raise TablecalcError(_("{where}: 'command' = {value}: expected a list of 1 to {most} words "
                               "(the words after 'tablecalc GAME')").format(where=here, value=quoted(command), most=MAX_WORDS))
    if expect is not None:
        if not isinstance(expect, dict):
            raise TablecalcError(_("{where}: 'expect' = {value}: expected an object with keys of {keys}").format(
                where=here, value=quoted(expect), keys=", ".join(EXPECT_KEYS)))
        unknown_expect = sorted(set(expect) - set(EXPECT_KEYS))
        if unknown_expect:
            raise TablecalcError(_("{where}: 'expect' has the unknown key {key}; expected some of {keys} (docs/known-cases.md)").format(where=here, key=quoted(unknown_expect[0]), keys=", ".join(EXPECT_KEYS)))
        _text(expect, "error", here, MAX_FIELD, label="expect.")
        for key in ("verdict", "best", "json"):
            if key in expect and not isinstance(expect[key], dict):
                raise TablecalcError(_("{where}: 'expect.{key}' = {value}: expected an object").format(
                    where=here, key=key, value=quoted(expect[key])))
        if "exit" in expect and (type(expect["exit"]) is not int or not 0 <= expect["exit"] <= MAX_EXIT):
            raise TablecalcError(_("{where}: 'expect.exit' = {value}: expected an exit code, 0 to {most}").format(
                where=here, value=quoted(expect["exit"]), most=MAX_EXIT))
    if (raw.get("situation") is None) == (command is None):
        raise TablecalcError((_("{where}: expected either a 'situation' or a 'command' (it has both)") if command is not None
                              else _("{where}: expected either a 'situation' or a 'command' (it has neither)"))
                             .format(where=here))
    if command is not None:
        raw = {**raw, "command": tuple(command)}
    return Case(**raw)


def _check(game, case: Case, pack: str, loaded: dict) -> None:
    """The case's preset and options exist and its situation reads and fits them — or fails as its
    ``expect.error`` says."""
    expected_error = (case.expect or {}).get("error")
    try:
        try:
            rules = game.rules(case.preset, **(case.options or {}))
        except TypeError:  # an option the game's rules do not have
            known = ", ".join(spec.flags.split("/")[0].lstrip("-") for spec in game.Rules.options()) \
                if hasattr(getattr(game, "Rules", None), "options") else _("the game's rule options")
            raise TablecalcError(_("unknown rule option among {options}: expected {known}").format(
                options=", ".join(map(quoted, case.options or {})), known=known)) from None
        if case.situation is None:
            return
        if rules not in loaded:
            loaded[rules] = game.load_data(rules)
        data = loaded[rules]
        game.check_situation(game.parse_situation(case.situation, data), rules, data)
    except TablecalcError as e:
        if expected_error and expected_error in str(e):
            return
        raise TablecalcError(_("{pack}, case {case}: {error}").format(pack=pack, case=quoted(case.id), error=e)) from None
    if expected_error:
        raise TablecalcError(
            _("{pack}, case {case}: expected the error {error}, but the situation reads").format(
                pack=pack, case=quoted(case.id), error=quoted(expected_error))
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
