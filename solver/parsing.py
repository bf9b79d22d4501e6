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
from functools import cache
import tomllib
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence, TypeVar

from solver.errors import TablecalcError, quoted
from solver.files import MAX_FILE_BYTES, read_bytes  # the shared readers live with the writers
from solver.i18n import _

__all__ = [
    "MAX_DIGITS", "WHOLE", "is_whole", "parse_whole", "parse_range", "read_bytes", "read_text", "read_lines",
    "data_file", "DataFile", "parse_toml", "pick_preset", "parse_fields", "format_fields", "Fields", "did_you_mean",
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
        detail = (_("at most {n} digits").format(n=MAX_DIGITS) if too_long else _("written with the digits 0-9"))
        raise TablecalcError(_("bad {what} {text}: expected a whole number ≥ 0 {detail}").format(
            what=_(what), text=quoted(text), detail=detail))
    return int(t)


def parse_range(text: str, what: str, max_len: int) -> range:
    """``A-B`` (both included) or a single ``A`` as a range of whole numbers, at most ``max_len`` long.

    >>> parse_range("100-999", "targets", 100_000)
    range(100, 1000)
    >>> parse_range("999-100", "targets", 100_000)
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad targets '999-100': the range is reversed: expected the smaller number first, e.g. '100-999'
    """
    t = str(text).strip()
    lo_text, sep, hi_text = t.partition("-")
    if not (is_whole(lo_text.strip()) and (not sep or is_whole(hi_text.strip()))):
        raise TablecalcError(_("bad {what} {text}: expected a range of whole numbers like '100-999', or one number").format(
            what=_(what), text=quoted(text)))
    lo = int(lo_text)
    hi = int(hi_text) if sep else lo
    if hi < lo:
        raise TablecalcError(_("bad {what} {text}: the range is reversed: expected the smaller number first, e.g. '{range}'")
                             .format(what=_(what), text=quoted(text), range=f"{hi}-{lo}"))
    if hi - lo + 1 > max_len:
        raise TablecalcError(_("bad {what} {text}: {n} numbers: expected a range of at most {most}").format(
            what=_(what), text=quoted(text), n=f"{hi - lo + 1:,}", most=f"{max_len:,}"))
    return range(lo, hi + 1)


MAX_BATCH_BYTES = 256 << 20
"""The largest batch of queries read at once (256 MB, about five million lines)."""


def read_text(path: str | Path, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a file, or a :class:`TablecalcError` saying why it cannot be read."""
    try:
        return read_bytes(path, what, limit).decode("utf-8")
    except UnicodeDecodeError as e:
        raise TablecalcError(
            _("cannot read {what} {path}: it is not UTF-8 text (byte {byte})").format(
                what=_(what), path=quoted(str(path)), byte=e.start + 1)
        ) from None


def read_lines(path: str | Path, what: str, limit: int = MAX_BATCH_BYTES) -> list[tuple[int, str | None]]:
    """The numbered lines of a file or of standard input (``-``), split on newlines only
    (not on the other characters :meth:`str.splitlines` takes for line ends, so line numbers
    are what an editor shows); a line that is not UTF-8 text comes back as ``None``, so one
    bad line can be refused alone.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile(delete=False) as f:
    ...     _ = f.write("one\\u2028still one\\r\\n".encode() + b"\\xff\\nthree")
    >>> read_lines(f.name, "batch file")
    [(1, 'one\\u2028still one'), (2, None), (3, 'three')]
    >>> os.unlink(f.name)
    """
    data = read_bytes(path, what, limit)
    out: list[tuple[int, str | None]] = []
    for i, raw in enumerate(data.split(b"\n"), 1):
        try:
            out.append((i, raw.removesuffix(b"\r").decode("utf-8")))
        except UnicodeDecodeError:
            out.append((i, None))
    if out and out[-1][1] == "":  # the newline that ends the last line
        out.pop()
    return out


def data_file(name: str) -> str:
    """A data file shipped in ``solver/data`` (the built-in decks)."""
    return resources.files("solver.data").joinpath(name).read_text("utf-8")


class DataFile:
    """A game's editable data file (a deck, a tile set): the one shipped with tablecalc, or a
    person's edited copy of it. A subclass names the shipped file (``SHIPPED``: its package and
    name), what to call it in errors (``WHAT``) and reads the TOML (``from_toml``)."""

    SHIPPED: tuple[str, str]
    WHAT = "deck file"

    @classmethod
    @cache
    def default(cls):
        """The file shipped with tablecalc (read once: a data file is a frozen value)."""
        package, name = cls.SHIPPED
        return cls.from_toml(resources.files(package).joinpath(name).read_text("utf-8"), source="built-in")

    @classmethod
    def from_file(cls, path: str | Path):
        """A file of the same shape as the shipped one (an edited copy)."""
        return cls.from_toml(read_text(path, cls.WHAT), source=str(path))

    @classmethod
    def from_toml(cls, text: str, source: str = "<string>"):  # pragma: no cover - each data file's
        raise NotImplementedError


def parse_toml(text: str, source: str, what: str = "deck file") -> dict:
    """TOML text as a dict, or a :class:`TablecalcError` naming the file."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        at = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        if at:  # where it went wrong, in the player's words (the parser's own reason is English)
            raise TablecalcError(_("{what} {source} is not valid TOML (line {line}, column {column})").format(
                what=_(what), source=quoted(source), line=at[1], column=at[2])) from None
        raise TablecalcError(_("{what} {source} is not valid TOML ({why})").format(
            what=_(what), source=quoted(source), why=repr(str(e)))) from None
    except RecursionError:
        raise TablecalcError(_("{what} {source} is nested too deeply: expected a flat TOML file").format(
            what=_(what), source=quoted(source))) from None


_MISSING = object()


class Fields:
    """A table of a data file read field by field, each checked for its type and bounds; a
    wrong field raises a :class:`TablecalcError` naming the file and the field.

    >>> f = Fields({"numbers": [1, 10], "copies": float("inf")}, "my.toml", "deck file")
    >>> f.ints("numbers", 1, 100, length=2)
    (1, 10)
    >>> f.int("copies", 0, 20)
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: deck file 'my.toml': copies = inf: expected a whole number from 0 to 20
    >>> f.int("jokers", 0, 20, default=4)
    4
    """

    def __init__(self, data: object, source: str, what: str, prefix: str = ""):
        self.source, self.what, self.prefix = source, what, prefix
        if not isinstance(data, dict):
            where = prefix.rstrip(".") or _("the file")
            raise TablecalcError(_("{what} {source}: {where} = {value}: expected a table").format(
                what=_(what), source=quoted(source), where=where, value=quoted(data)))
        self.data = data

    def error(self, key: str, value: object, expected: str) -> TablecalcError:
        """The error for field ``key`` holding ``value`` where ``expected`` was expected."""
        return TablecalcError(_("{what} {source}: {key} = {value}: expected {expected}").format(
            what=_(self.what), source=quoted(self.source), key=f"{self.prefix}{key}", value=quoted(value), expected=expected))

    def _get(self, key: str, default: object) -> object:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise TablecalcError(_("{what} {source}: {key} is missing").format(
                what=_(self.what), source=quoted(self.source), key=f"{self.prefix}{key}"))
        return default

    def int(self, key: str, lo: int, hi: int, default: object = _MISSING) -> int:
        """A whole number from ``lo`` to ``hi``."""
        v = self._get(key, default)
        if type(v) is not int or not lo <= v <= hi:
            raise self.error(key, v, _("a whole number from {lo} to {hi}").format(lo=lo, hi=hi))
        return v

    def ints(self, key: str, lo: int, hi: int, *, length: int | None = None, max_len: int = 1000,
             default: object = _MISSING) -> tuple[int, ...]:
        """A list of whole numbers from ``lo`` to ``hi`` (exactly ``length`` of them, or at most ``max_len``)."""
        v = self._get(key, default)
        count = f"{length}" if length is not None else _("at most {n}").format(n=max_len)
        if (not isinstance(v, (list, tuple)) or (len(v) != length if length is not None else len(v) > max_len)
                or any(type(n) is not int or not lo <= n <= hi for n in v)):
            raise self.error(key, v, _("a list of {count} whole numbers from {lo} to {hi}").format(count=count, lo=lo, hi=hi))
        return tuple(v)

    def text(self, key: str, max_len: int = 40, default: object = _MISSING) -> str:
        """A non-empty string of at most ``max_len`` characters."""
        v = self._get(key, default)
        if not isinstance(v, str) or not 0 < len(v) <= max_len:
            raise self.error(key, v, _("text of 1 to {most} characters").format(most=max_len))
        return v

    def texts(self, key: str, max_len: int = 40, max_count: int = 50, default: object = _MISSING) -> tuple[str, ...]:
        """A list of at most ``max_count`` non-empty strings of at most ``max_len`` characters."""
        v = self._get(key, default)
        if (not isinstance(v, (list, tuple)) or len(v) > max_count
                or any(not isinstance(t, str) or not 0 < len(t) <= max_len for t in v)):
            raise self.error(key, v, _("a list of at most {count} names of 1 to {most} characters").format(count=max_count, most=max_len))
        return tuple(v)

    def flag(self, key: str, default: object = _MISSING) -> bool:
        """true or false."""
        v = self._get(key, default)
        if not isinstance(v, bool):
            raise self.error(key, v, _("true or false"))
        return v

    def tables(self, key: str, max_count: int = 200, default: object = _MISSING) -> dict[str, "Fields"]:
        """A table of at most ``max_count`` sub-tables, each read as :class:`Fields`."""
        v = self._get(key, default)
        if not isinstance(v, dict) or len(v) > max_count:
            raise self.error(key, v, _("a table of at most {count} entries").format(count=max_count))
        return {name: Fields(sub, self.source, self.what, f"{self.prefix}{key}.{name}.") for name, sub in v.items()}


T = TypeVar("T")


def pick_preset(name: str, presets: Mapping[str, T], aliases: Mapping[str, str] = {}) -> T:
    """The preset called ``name`` (any case, or one of its ``aliases``).

    >>> pick_preset("Basic", {"basic": 1, "advanced": 2}, {"gevorderden": "advanced"})
    1
    >>> pick_preset("expert", {"basic": 1})
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown preset 'expert': expected one of basic
    >>> pick_preset("parenthesis", {"basic": 1, "parentheses": 2})
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: unknown preset 'parenthesis' (did you mean 'parentheses'?): expected one of basic, parentheses
    """
    key = name.strip().lower()
    key = aliases.get(key, key)
    if key not in presets:
        raise TablecalcError(
            _("unknown preset {name}{hint}: expected one of {choices}").format(
                name=quoted(name), hint=did_you_mean(key, [*presets, *aliases]), choices=", ".join(presets))
        )
    return presets[key]


def with_changes(rules: T, changes: Mapping[str, object], presets: Mapping[str, T]) -> T:
    """A game's frozen ``rules`` with some fields changed: the same object when nothing changed,
    the preset itself when the changes lead back to it, else a copy named ``BASE+custom``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class R:
    ...     name: str = "basic"
    ...     order: str = "chain"
    >>> presets = {"basic": R()}
    >>> custom = with_changes(R(), {"order": "tree"}, presets)
    >>> custom, with_changes(custom, {"order": "chain"}, presets) is presets["basic"]
    (R(name='basic+custom', order='tree'), True)
    """
    from dataclasses import replace

    new = replace(rules, **changes)
    if new == rules:
        return rules
    base = rules.name.removesuffix("+custom")  # type: ignore[attr-defined]
    if replace(new, name=base) == presets.get(base):
        return presets[base]
    return replace(new, name=f"{base}+custom")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'X'?)`` for the choice closest to a mistyped ``word``, or ``""``.

    >>> did_you_mean("3-bea", ["3-bee", "3-hippo"]), did_you_mean("zzz", ["basic"])
    (" (did you mean '3-bee'?)", '')
    """
    close = closest(word, choices)
    return " " + _("(did you mean {choice}?)").format(choice=repr(close)) if close else ""


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to a mistyped ``word``, or ``None`` when none is close."""
    import difflib

    close = difflib.get_close_matches(word.strip().lower(), list(choices), n=1, cutoff=0.75)
    return close[0] if close else None


def parse_fields(
    text: str, what: str, keys: Sequence[str], *, required: Sequence[str] = (), flags: Sequence[str] = (),
    aliases: Mapping[str, str] | None = None,
) -> dict[str, str | bool]:
    """Read the ``key value; key value; flag`` notation of a situation.

    ``keys`` take a value (the rest of the field), ``flags`` stand alone; every key of
    ``required`` must be there. The result maps each key given to its text and each flag
    given to ``True``. ``aliases`` maps other words a person may type (a key in French or Dutch)
    to a key or flag.

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
    what, said = _(what), quoted(text.strip())
    out: dict[str, str | bool] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        word, _space, rest = part.partition(" ")
        key, rest = word.lower(), rest.strip()
        key = (aliases or {}).get(key, key)
        if key in flags and not rest:
            value: str | bool = True
        elif key in keys and rest:
            value = rest
        elif key in keys:
            raise TablecalcError(_("bad {what} {text}: {key} has no value; expected {shape}").format(
                what=what, text=said, key=quoted(key), shape=shape))
        else:
            raise TablecalcError(_("bad {what} {text}: unknown part {part}; expected {shape}").format(
                what=what, text=said, part=quoted(part), shape=shape))
        if key in out:
            raise TablecalcError(_("bad {what} {text}: {key} is given twice; expected {shape}").format(
                what=what, text=said, key=quoted(key), shape=shape))
        out[key] = value
    missing = [k for k in required if k not in out]
    if missing:
        raise TablecalcError(_("bad {what} {text}: {key} is missing; expected {shape}").format(
            what=what, text=said, key=quoted(missing[0]), shape=shape))
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
