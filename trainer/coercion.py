"""Plain option values without pydantic: half of the command line's start-up was importing it.

Typer (0.29) turns every option's text into its Python value through a pydantic
``TypeAdapter``, built the first time the option is read. Importing pydantic, and asyncio
with it, costs more than everything tablecalc itself imports for a ``solve``. All our
options are plain text, whole numbers, numbers, flags, paths or lists of text, so
:func:`install` gives those a converter of a few lines, with the same answers as
pydantic's (``tests/trainer/test_coercion.py`` proves it against the adapter) and messages in our
own style; any other option still goes through Typer's own adapter.

>>> coerce_value(int, " 12 "), coerce_value(int, "5.0"), coerce_value(float, "2.5"), coerce_value(bool, "yes")
(12, 5, 2.5, True)
>>> coerce_value(int, "twelve")
Traceback (most recent call last):
...
ValueError: 'twelve' is not a whole number; expected digits such as 12
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from solver.i18n import _

__all__ = ["coerce_value", "install", "SIMPLE"]

_TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})
_FALSE = frozenset({"0", "false", "f", "no", "n", "off"})
_WHOLE = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*")
_WHOLE_POINT_ZERO = re.compile(r"([+-]?[0-9]+(?:_[0-9]+)*)\.0+")


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _to_int(text: str) -> int:
    s = text.strip()
    m = _WHOLE_POINT_ZERO.fullmatch(s)
    if m:
        s = m.group(1)
    if not _WHOLE.fullmatch(s) or len(s) > 4000:
        raise ValueError(_("{text} is not a whole number; expected digits such as 12").format(text=_short(text)))
    return int(s)


def _to_float(text: str) -> float:
    s = text.strip()
    try:
        if not s.isascii() or "__" in s or s.startswith("_") or s.endswith("_"):
            raise ValueError
        return float(s)
    except ValueError:
        raise ValueError(_("{text} is not a number; expected e.g. 30 or 2.5").format(text=_short(text))) from None


def _to_bool(text: str) -> bool:
    s = text.strip().lower()
    if s in _TRUE:
        return True
    if s in _FALSE or not s:  # an empty value (FLAG= in the environment) is no
        return False
    raise ValueError(_("{text} is not yes or no; expected true/false, yes/no, 1/0 or on/off").format(text=_short(text)))


_CONVERT = {str: str, int: _to_int, float: _to_float, bool: _to_bool, Path: Path}
SIMPLE = frozenset(_CONVERT)
"""The option types converted here; any other goes through Typer's adapter."""


def coerce_value(annotation: type, value: Any) -> Any:
    """``value`` (text from the command line or the environment, or already a value) as an
    ``annotation``; a :class:`ValueError` with a one-line reason when it is not one."""
    if isinstance(value, annotation) and not (annotation is int and isinstance(value, bool)):
        return value
    if not isinstance(value, str):
        if annotation is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if annotation is str and isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        raise ValueError(f"{value!r} is not a valid {annotation.__name__}")
    if annotation is Path and not value:
        raise ValueError(_("an empty path; expected a file name"))
    return _CONVERT[annotation](value)


def _plain_path(info) -> bool:
    """A path option with none of Typer's checks (exists, readable...), which we do ourselves."""
    return not (getattr(info, "exists", False) or getattr(info, "resolve_path", False)
                or getattr(info, "writable", False) or getattr(info, "allow_dash", False)
                or getattr(info, "path_type", None) is not None
                or not getattr(info, "file_okay", True) or not getattr(info, "dir_okay", True)
                or not getattr(info, "readable", True))


def _simple_type(descriptor) -> type | None:
    """The element type when ``descriptor`` is one of ours to convert, else ``None``."""
    from typing import get_args, get_origin

    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or descriptor.is_choice or info.parser is not None \
            or getattr(info, "click_type", None) is not None or info.min is not None or info.max is not None:
        return None
    annotation = descriptor.annotation
    if get_origin(annotation) is list:
        args = get_args(annotation)
        annotation = args[0] if len(args) == 1 else None
    if annotation not in SIMPLE or (annotation is Path and not _plain_path(info)):
        return None
    return annotation


def install() -> bool:
    """Make Typer convert our plain options here (once per process); ``False`` when this
    Typer's internals are not the ones we know, and everything stays with Typer."""
    try:
        import typer.core as core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:  # another Typer: its own coercion, a slower start, the same answers
        return False
    if getattr(core.build_runtime_param, "_tablecalc", False):
        return True
    if not callable(getattr(core, "build_runtime_param", None)):
        return False

    class PlainRuntimeParam(RuntimeParam):
        def __init__(self, parameter_info, annotation, element, many):
            object.__setattr__(self, "parameter_info", parameter_info)
            object.__setattr__(self, "annotation", annotation)
            object.__setattr__(self, "element", element)
            object.__setattr__(self, "many", many)

        def _coerce_value(self, value, param, ctx):
            try:
                if self.many:
                    items = value if isinstance(value, (list, tuple)) else [value]
                    return [coerce_value(self.element, v) for v in items]
                return coerce_value(self.element, value)
            except ValueError as e:
                raise BadParameter(str(e), ctx=ctx, param=param) from None

    def fast_build_runtime_param(descriptor):
        element = _simple_type(descriptor)
        if element is None:
            return build_runtime_param(descriptor)
        return PlainRuntimeParam(descriptor.parameter_info, descriptor.annotation, element, descriptor.is_list)

    fast_build_runtime_param._tablecalc = True
    core.build_runtime_param = fast_build_runtime_param
    return True
