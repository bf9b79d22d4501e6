"""The package index's ``countdown-numbers-solver`` (Tao Xie, 2020, version 1.0.0, pure Python) as an
outside anchor for Countdown: the speed benchmark (``benchmarks/bench_countdown_anchor.py``) times it
against :func:`solver.search.reach` on the same selections and targets, and a property test
(``test_countdown_anchor.py``) checks the two agree. A test-only extra
(``pip install 'tablecalc[test]'``); :func:`solutions` is ``None`` without it.

What it answers (read from its code): ``solve(numbers, target)`` tries every calculation in
reverse Polish order, exhaustively (it never stops at a first solution), and prints every
solution it found, each once after its own normal form (sums and products flattened, terms
sorted), then ``Total: N solutions.``; it keeps them in the module-level dict
``unique_solutions`` (text -> how many numbers it uses). Its rules are Countdown's, those of
tablecalc's ``countdown`` preset: any of the numbers, each at most once, any brackets, ``+ - × ÷``,
every value on the way a whole number above 0 (it never forms ``a - a`` = 0; tablecalc allows 0,
which reaches no further positive target). It leaves out ``× 1`` and ``÷ 1``, which change no
value, so it reaches exactly the targets tablecalc does and with as few numbers. It gives
nothing when the target is not reached (no nearest value), wants every number and the target
≥ 1, and, keeping its state in module globals, answers one question at a time.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io

__all__ = ["installed", "solutions"]


def installed() -> bool:
    """Whether ``countdown-numbers-solver`` can be imported (looked up, not imported)."""
    return importlib.util.find_spec("countdown_numbers_solver") is not None


def solutions(numbers, target: int) -> dict[str, int] | None:
    """Every solution ``countdown_numbers_solver.solve`` finds, as it writes it, with how many
    numbers each uses (``{}``: the target is not reached); ``None`` when it is not installed.
    What it prints is caught, not shown (and counted in its time: printing is part of its answer)."""
    if not installed():
        return None
    import countdown_numbers_solver as anchor

    with contextlib.redirect_stdout(io.StringIO()):
        anchor.solve(list(numbers), target)
    return dict(anchor.unique_solutions)
