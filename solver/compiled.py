"""Which engine does the work: the compiled kernels (Numba, the ``fast`` extra) or the pure
Python/NumPy path they are tested against. The one home of that choice, for every kernel
(:mod:`solver.arith.kernel`, :mod:`solver.namnam.kernel`).

Numba is looked up here, never imported: importing it takes a while, and only the commands that
use a kernel pay for it (``benchmarks/bench_startup.py``).

>>> use_compiled("pure")
False
>>> use_compiled("turbo")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown engine 'turbo': expected one of auto, compiled, pure
"""

from __future__ import annotations

import importlib.util

from solver.errors import TablecalcError, quoted
from solver.i18n import _

__all__ = ["ENGINES", "numba_installed", "use_compiled"]

ENGINES = ("auto", "compiled", "pure")
"""``compiled``: the kernel; ``pure``: the reference path; ``auto``: the kernel when Numba is
installed and it serves the question (and is worth loading for it), else the reference."""


def numba_installed() -> bool:
    """Whether Numba can be imported (looked up, not imported)."""
    return importlib.util.find_spec("numba") is not None


def use_compiled(engine: str, serves: bool = True, what: str = "this") -> bool:
    """Whether ``engine`` means the compiled kernel here. ``serves``: whether the kernel serves the
    question (and, for ``auto``, is worth loading for it). ``compiled`` where it cannot run is
    refused, naming ``what``."""
    if engine not in ENGINES:
        raise TablecalcError(_("unknown engine {engine}: expected one of {choices}").format(engine=quoted(engine), choices=", ".join(ENGINES)))
    if engine == "pure":
        return False
    if engine == "compiled" and not numba_installed():
        raise TablecalcError(_("the compiled {what} needs Numba (pip install 'tablecalc[fast]'): use engine 'pure'").format(what=what))
    return numba_installed() and (serves or engine == "compiled")
