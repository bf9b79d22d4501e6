"""Rule options declared once: a game's :class:`BaseRules` subclass lists its options as fields
made with :func:`option`, and everything else is generated from that declaration.

A field made with :func:`option` carries the option's default, its meaning (one line, in
English, translated where it is shown), its bounds or choices, and how a rules line words
it. From the declaration :class:`BaseRules` gives every game the same :meth:`~BaseRules.preset`,
:meth:`~BaseRules.with_options` (values as typed on a command line or as Python values,
checked), :meth:`~BaseRules.describe`, :meth:`~BaseRules.as_dict` and
:meth:`~BaseRules.options`; the command line builds each command's rule options from it
(``trainer.clikit``), and ``tablecalc GAME rules`` lists it. Adding an option is one field.

python-chess's variants are the model: a game's ``Rules`` states its options and presets,
and the base class does the rest.

>>> import enum
>>> from dataclasses import dataclass
>>> class Wrap(enum.StrEnum):
...     NONE = "none"
...     END = "end"
>>> @dataclass(frozen=True)
... class Rules(BaseRules):
...     PRESETS = {"standard": {}, "no-wrap": {"wrap": Wrap.NONE}}
...     name: str = "standard"
...     wrap: Wrap = option(Wrap.END, "Whether a 1 may follow the 10.",
...                         words={Wrap.NONE: "no 1 after the 10", Wrap.END: "a 1 may end a run"})
...     meld: int = option(20, "The least the initial meld is worth.", lo=1, hi=200, words="meld {value}")
>>> Rules().describe()
'standard: a 1 may end a run, meld 20'
>>> r = Rules.preset("standard").with_options(meld="30")
>>> r.name, r.meld, r.as_dict(), r.changes()
('standard+custom', 30, {'preset': 'standard+custom', 'wrap': 'end', 'meld': 30}, {'meld': 30})
>>> r.with_options(meld=20) is Rules.preset("standard"), Rules().with_options(wrap="none").name
(True, 'standard+custom')
>>> Rules().with_options(wrap="sideways")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown wrap 'sideways': expected one of none, end
>>> Rules().with_options(meld=0)
Traceback (most recent call last):
...
solver.errors.TablecalcError: bad meld 0: expected a whole number from 1 to 200
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any, Callable, ClassVar, Mapping

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import did_you_mean, is_whole, pick_preset

__all__ = ["option", "Option", "OptionSpec", "BaseRules", "read_flag"]

CUSTOM = "+custom"
"""What the name of a preset changed by :meth:`BaseRules.with_options` ends with."""


@dataclass(frozen=True)
class Option:
    """The declaration of one rule option (what :func:`option` stores in a field's metadata).

    ``meaning`` is one sentence in English (capitalised, ending with a full stop: it is the
    option's ``--help`` too; translated where it is shown); ``words`` says how a
    rules line names a value: a mapping value → phrase, a template with ``{value}``, or a
    function of the value (``None``: ``name value``); a function of two arguments gets the
    rules too, for one phrase that names several options (the board's cards), and an empty
    phrase is left out of the line. ``always`` names the option in every
    rules line; otherwise only when it differs from the field's default. ``lo``/``hi`` bound a
    whole number, ``values`` lists the only values allowed; ``aliases`` are other spellings of
    values; ``read``/``write`` convert a value from and to its text when the type is neither an
    enum, a flag, a whole number nor text (the operations of a calculation). ``flag`` is the
    command-line spelling (default ``--name-with-dashes``; ``--on/--off`` for a flag);
    ``shorthands`` are extra command-line flags that each set one value (hidden in ``--help``).
    ``key`` names the option in JSON (default: its name) and ``json`` writes its value there.
    """

    default: Any
    meaning: str
    words: Mapping[Any, str] | str | Callable[[Any], str] | None = None
    always: bool = True
    lo: int | None = None
    hi: int | None = None
    values: tuple | None = None
    aliases: Mapping[str, str] = field(default_factory=dict)
    read: Callable[[str], Any] | None = None
    write: Callable[[Any], Any] | None = None
    flag: str | None = None
    shorthands: Mapping[str, Any] = field(default_factory=dict)
    key: str | None = None
    json: Callable[[Any], Any] | None = None


def option(default: Any, meaning: str, **declaration: Any) -> Any:
    """A rule option: a dataclass field with ``default`` whose metadata is an :class:`Option`
    (the keywords are its fields). ``meaning`` is marked for translation by the caller (``N_``)."""
    decl = Option(default, meaning, **declaration)
    if isinstance(default, (set, frozenset, list, dict)):
        return field(default_factory=lambda: default, metadata={"option": decl})
    return field(default=default, metadata={"option": decl})


def read_flag(value: Any, what: str) -> bool:
    """``value`` as true or false: a bool, or ``true/yes/on/1`` and ``false/no/off/0`` as text.

    >>> read_flag("Yes", "keep-jokers"), read_flag(False, "keep-jokers")
    (True, False)
    >>> read_flag("maybe", "keep-jokers")
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: bad keep-jokers 'maybe': expected true or false
    """
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise TablecalcError(_("bad {what} {value}: expected true or false").format(what=what, value=quoted(value)))


@dataclass(frozen=True)
class OptionSpec:
    """One declared option, resolved: its ``name``, its value ``type`` (the default's) and its :class:`Option`."""

    name: str
    type: Any
    decl: Option

    @property
    def dashed(self) -> str:
        """The option's name as people type it: ``meld-joker``."""
        return self.name.replace("_", "-")

    @property
    def kind(self) -> str:
        """``choice`` (an enum), ``flag``, ``whole``, ``text`` or ``custom`` (its own ``read``)."""
        if self.decl.read is not None:
            return "custom"
        if isinstance(self.type, type) and issubclass(self.type, enum.Enum):
            return "choice"
        if self.type is bool:
            return "flag"
        if self.type is int:
            return "whole"
        return "text"

    @property
    def choices(self) -> tuple[str, ...]:
        """The values as typed (an enum's values, or the allowed ``values``); empty when free."""
        if self.kind == "choice":
            return tuple(str(v.value) for v in self.type)
        return tuple(str(v) for v in self.decl.values or ())

    @property
    def flags(self) -> str:
        """The command-line flag (``--wrap``; ``--keep-jokers/--no-keep-jokers`` for a flag)."""
        if self.decl.flag:
            return self.decl.flag
        if self.kind == "flag":
            return f"--{self.dashed}/--no-{self.dashed}"
        return f"--{self.dashed}"

    def read(self, value: Any) -> Any:
        """``value`` (typed text or a Python value) as this option's value, checked; a
        :class:`TablecalcError` naming the option and what was expected otherwise."""
        d, kind = self.decl, self.kind
        if kind == "custom":
            return d.read(value) if isinstance(value, str) else value  # type: ignore[misc]
        if kind == "choice":
            if isinstance(value, self.type):
                return value
            key = str(value).strip().lower()
            key = d.aliases.get(key, key)
            try:
                return self.type(key)
            except ValueError:
                names = self.choices
                raise TablecalcError(_("unknown {option} {value}{hint}: expected one of {choices}").format(
                    option=self.dashed, value=quoted(value), hint=did_you_mean(key, names), choices=", ".join(names))) from None
        if kind == "flag":
            return read_flag(value, self.dashed)
        if kind == "whole":
            if isinstance(value, bool) or not (isinstance(value, int) or is_whole(str(value).strip())):
                raise TablecalcError(_("bad {dashed} {value}: expected a whole number").format(dashed=self.dashed, value=quoted(value)))
            number = int(value) if isinstance(value, int) else int(str(value).strip())
            if d.values is not None and number not in d.values:
                raise TablecalcError(_("bad {dashed} {number}: expected one of {choices}").format(dashed=self.dashed, number=number, choices=', '.join(map(str, d.values))))
            lo, hi = d.lo if d.lo is not None else 0, d.hi
            if number < lo or (hi is not None and number > hi):
                most = f" to {hi}" if hi is not None else " or more"
                raise TablecalcError(_("bad {dashed} {number}: expected a whole number from {lo}{most}").format(dashed=self.dashed, number=number, lo=lo, most=most))
            return number
        text = str(value).strip()
        key = d.aliases.get(text.lower(), text)
        if d.values is not None and key not in d.values:
            raise TablecalcError(_("unknown {dashed} {value}: expected one of {choices}").format(dashed=self.dashed, value=quoted(value), choices=', '.join(map(str, d.values))))
        return key

    def text(self, value: Any) -> Any:
        """The value as JSON data: an enum's value, the ``write`` of a custom value, else itself."""
        if self.decl.write is not None:
            return self.decl.write(value)
        return value.value if isinstance(value, enum.Enum) else value

    def phrase(self, value: Any, rules: "BaseRules | None" = None) -> str:
        """How a rules line names this value, in the language in use (``rules``: the whole rules,
        for a ``words`` function of two arguments)."""
        words = self.decl.words
        if words is None:
            return f"{self.dashed} {self.text(value)}"
        if callable(words):
            return words(value, rules) if rules is not None and _arity(words) == 2 else words(value)
        if isinstance(words, str):
            return _(words).format(value=self.text(value))
        return _(words[value])


class BaseRules:
    """The base of every game's rule options (python-chess's ``Board`` with variants that state
    only what differs). A game's ``Rules`` is a frozen dataclass deriving from it, with:

    * ``name: str = "<the default preset>"`` first, then one field per option, made with
      :func:`option` (the field defaults are the default preset);
    * ``PRESETS``: each preset's name and the options where it differs from the defaults
      (the first is listed first, the default is the one named by ``name``'s default);
    * ``PRESET_ALIASES`` (optional): other names of presets (``débutant`` → ``beginner``);
    * :meth:`check`, a hook for a rule that ties several options together (none by default).
    """

    name: str
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    PRESET_ALIASES: ClassVar[Mapping[str, str]] = {}

    # ---------------------------------------------------------------- the declaration

    @classmethod
    def options(cls) -> tuple[OptionSpec, ...]:
        """Every declared option, in declaration order."""
        return _specs(cls)

    @classmethod
    def option(cls, name: str) -> OptionSpec:
        """The declared option called ``name`` (dashes or underscores)."""
        key = str(name).strip().lower().replace("-", "_")
        for spec in cls.options():
            if spec.name == key:
                return spec
        known = [s.dashed for s in cls.options()]
        raise TablecalcError(_("unknown rule option {name}{hint}: expected one of {choices}").format(
            name=quoted(name), hint=did_you_mean(key.replace("_", "-"), known), choices=", ".join(known)))

    @classmethod
    def default_preset(cls) -> str:
        """The preset used when none is named: the default of the ``name`` field."""
        return next(f.default for f in fields(cls) if f.name == "name")  # type: ignore[arg-type]

    @classmethod
    def presets(cls) -> dict[str, "BaseRules"]:
        """Every preset, by name, in declaration order."""
        return _presets(cls)

    @classmethod
    def preset(cls, name: str | None = None) -> "BaseRules":
        """The preset called ``name`` (any case, or an alias; ``None``: the default one)."""
        return pick_preset(name if name is not None else cls.default_preset(), cls.presets(), cls.PRESET_ALIASES)

    # ---------------------------------------------------------------- a copy with changes

    def with_options(self, **options: Any) -> "BaseRules":
        """A copy with some options changed (``None`` leaves one as it is): the preset itself when
        the changes lead back to it, else a copy named ``BASE+custom``. Values may be typed text
        (``"30"``, ``"none"``) or Python values; each is checked against its declaration."""
        changes = {}
        for key, value in options.items():
            if value is None:
                continue
            spec = type(self).option(key)
            changes[spec.name] = spec.read(value)
        if not changes:
            return self
        new = replace(self, **changes)
        if new == self:
            return self
        new.check()
        base = self.name.removesuffix(CUSTOM)
        presets = type(self).presets()
        if base in presets and replace(new, name=base) == presets[base]:
            return presets[base]
        return replace(new, name=base + CUSTOM)

    def check(self) -> None:
        """Raise :class:`TablecalcError` when options that are each fine do not go together
        (a hook for a game's ``Rules``; nothing by default)."""

    # ---------------------------------------------------------------- in words and as data

    def describe(self) -> str:
        """One line: the preset's name, then each option in words (the options not ``always``
        shown only where they differ from the default)."""
        parts = []
        for spec in self.options():
            value = getattr(self, spec.name)
            if spec.decl.always or value != spec.decl.default:
                parts.append(spec.phrase(value, self))
        return f"{self.name}: " + ", ".join(p for p in parts if p)

    def changes(self) -> dict:
        """The options that differ from the preset this copy was made from, as JSON data that
        :meth:`with_options` reads back (a game log stores its rules so)."""
        base = type(self).preset(self.name.removesuffix(CUSTOM))
        return {s.name: s.text(getattr(self, s.name)) for s in self.options()
                if getattr(self, s.name) != getattr(base, s.name)}

    def as_dict(self) -> dict:
        """The options as JSON data, ``preset`` first."""
        out: dict = {"preset": self.name}
        for spec in self.options():
            value = getattr(self, spec.name)
            out[spec.decl.key or spec.name] = spec.decl.json(value) if spec.decl.json else spec.text(value)
        return out


def _arity(fn: Callable) -> int:
    """How many positional arguments ``fn`` takes (a ``words`` function: 1, or 2 with the rules)."""
    import inspect

    return len(inspect.signature(fn).parameters)


@cache
def _specs(cls: type) -> tuple[OptionSpec, ...]:
    out = []
    for f in fields(cls):  # type: ignore[arg-type]
        decl = f.metadata.get("option")
        if decl is not None:
            out.append(OptionSpec(f.name, type(decl.default), decl))  # the default's type is the option's
    return tuple(out)


@cache
def _presets(cls: type) -> dict[str, BaseRules]:
    built = {}
    for name, changes in cls.PRESETS.items():
        preset = cls(name=name, **changes)  # type: ignore[call-arg]
        preset.check()
        built[name] = preset
    default = cls.default_preset()
    if default not in built:  # pragma: no cover - a declaration error, caught by the conformance test
        raise AssertionError(f"{cls.__qualname__}: the default preset {default!r} is not in PRESETS")
    return built
