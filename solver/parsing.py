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
from typing import Mapping, TypeVar

from solver.errors import TablecalcError

__all__ = ["MAX_DIGITS", "WHOLE", "is_whole", "parse_whole", "read_text", "data_file", "parse_toml", "pick_preset"]

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
