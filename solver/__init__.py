"""tablecalc's library: calculations, the game-independent search, and one rules engine per game.

>>> from solver import reach, SearchRules
>>> reach([6, 5, 2, 10], 3).min_cards
2

- :mod:`solver.expr` — calculations as data: parse, evaluate, render, normal form.
- :mod:`solver.search` — the fewest numbers that reach a target, every distinct calculation.
- :mod:`solver.game` — the protocol every game follows; :mod:`solver.registry` — the games.
- :mod:`solver.nambarz`, :mod:`solver.nmbrs`, :mod:`solver.arith` — one package per game:
  its cards or numbers, rules presets, solver, referee, scoring, words and ``GAME``.
- :class:`solver.errors.TablecalcError` — the one error type for bad input.
"""

from solver.errors import TablecalcError

__all__ = ["TablecalcError", "Intermediates", "Order", "parse_expression", "Reach", "SearchRules", "reach"]

_LAZY = {"Intermediates": "solver.expr", "Order": "solver.expr", "parse_expression": "solver.expr",
         "Reach": "solver.search", "SearchRules": "solver.search", "reach": "solver.search"}


def __getattr__(name: str):
    """The calculation and search API, imported on first use (``import solver.errors`` stays light,
    so the command line starts without parsing code it does not need)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'solver' has no attribute {name!r}")
