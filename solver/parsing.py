"""Small readers every game shares: whole numbers as people type them, and text files.

Only ASCII digits count (``int()`` alone would accept ``²`` in ``isdigit`` checks and
fail later), and a number is at most :data:`MAX_DIGITS` long, so no typed number can
end in a traceback.

>>> parse_whole("42", "target")
42
>>> parse_whole("²", "target")
Traceback (most recent call last):
...
solver.errors.TablecalcError: bad target '²': expected a whole number ≥ 0 written with the digits 0-9
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence, TypeVar

from solver.errors import TablecalcError

__all__ = [
    "MAX_DIGITS", "WHOLE", "is_whole", "parse_whole", "read_text", "data_file", "parse_toml", "pick_preset",
    "parse_fields", "format_fields",
]

MAX_DIGITS = 12
"""The longest number tablecalc reads (a trillion is plenty for any table game)."""

WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
"""A whole number ≥ 0 as typed: ASCII digits only."""


def is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number ≥ 0 written with ASCII digits (at most 12 of them)."""
    return WHOLE.fullmatch(text) is not None


def parse_whole(text: str, what: str) -> int:
    """``text`` as a whole number ≥ 0, or a :class:`TablecalcError` naming ``what`` was expected."""
    t = str(text).strip()
    if not is_whole(t):
        too_long = t.isascii() and t.isdigit()
        detail = f"at most {MAX_DIGITS} digits" if too_long else "written with the digits 0-9"
        raise TablecalcError(f"bad {what} {text!r}: expected a whole number ≥ 0 {detail}")
    return int(t)


def read_text(path: str | Path, what: str) -> str:
    """The UTF-8 text of a file, or a :class:`TablecalcError` saying why it cannot be read."""
    p = Path(path)
    try:
        return p.read_text("utf-8")
    except UnicodeDecodeError:
        raise TablecalcError(f"cannot read {what} {str(p)!r}: it is not UTF-8 text") from None
    except OSError as e:
        raise TablecalcError(f"cannot read {what} {str(p)!r}: {e.strerror or e}") from None


def data_file(name: str) -> str:
    """A data file shipped in ``solver/data`` (the built-in decks)."""
    return resources.files("solver.data").joinpath(name).read_text("utf-8")


def parse_toml(text: str, source: str, what: str = "deck file") -> dict:
    """TOML text as a dict, or a :class:`TablecalcError` naming the file."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TablecalcError(f"{what} {source!r} is not valid TOML: {e}") from None


T = TypeVar("T")


def pick_preset(name: str, presets: Mapping[str, T], aliases: Mapping[str, str] = {}) -> T:
    """The preset called ``name`` (any case, or one of its ``aliases``).

    >>> pick_preset("Basic", {"basic": 1, "advanced": 2}, {"gevorderden": "advanced"})
    1
    >>> pick_preset("expert", {"basic": 1})
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown preset 'expert': expected one of basic
    """
    key = name.strip().lower()
    key = aliases.get(key, key)
    if key not in presets:
        raise TablecalcError(f"unknown preset {name!r}: expected one of {', '.join(presets)}")
    return presets[key]


def parse_fields(
    text: str, what: str, keys: Sequence[str], *, required: Sequence[str] = (), flags: Sequence[str] = ()
) -> dict[str, str | bool]:
    """Read the ``key value; key value; flag`` notation of a situation.

    ``keys`` take a value (the rest of the field), ``flags`` stand alone; every key of
    ``required`` must be there. The result maps each key given to its text and each flag
    given to ``True``.

    >>> parse_fields("top 3-bee; hand 6 5 2 10", "deal", ["top", "hand"], required=["top", "hand"])
    {'top': '3-bee', 'hand': '6 5 2 10'}
    >>> parse_fields("hand 7 8; opened", "position", ["hand", "table"], flags=["opened"])
    {'hand': '7 8', 'opened': True}
    >>> parse_fields("top 3-bee", "deal", ["top", "hand"], required=["top", "hand"])
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad deal 'top 3-bee': 'hand' is missing; expected top ...; hand ...
    """
    shape = "; ".join([*(f"{k} ..." for k in keys), *flags])
    out: dict[str, str | bool] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        word, _, rest = part.partition(" ")
        key, rest = word.lower(), rest.strip()
        if key in flags and not rest:
            value: str | bool = True
        elif key in keys and rest:
            value = rest
        elif key in keys:
            raise TablecalcError(f"bad {what} {text.strip()!r}: {key!r} has no value; expected {shape}")
        else:
            raise TablecalcError(f"bad {what} {text.strip()!r}: unknown part {part!r}; expected {shape}")
        if key in out:
            raise TablecalcError(f"bad {what} {text.strip()!r}: {key!r} is given twice; expected {shape}")
        out[key] = value
    missing = [k for k in required if k not in out]
    if missing:
        raise TablecalcError(f"bad {what} {text.strip()!r}: {missing[0]!r} is missing; expected {shape}")
    return out


def format_fields(fields: Iterable[tuple[str, object]]) -> str:
    """The notation :func:`parse_fields` reads: ``(key, text)`` pairs; ``True`` writes a flag,
    empty text and ``False`` write nothing.

    >>> format_fields([("hand", "7 8"), ("table", ""), ("opened", True)])
    'hand 7 8; opened'
    """
    parts = []
    for key, value in fields:
        if value is True:
            parts.append(key)
        elif value not in (False, None, ""):
            parts.append(f"{key} {value}")
    return "; ".join(parts)
