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
from solver.expr import Intermediates, Order, parse_expression
from solver.search import Reach, SearchRules, reach

__all__ = ["TablecalcError", "Intermediates", "Order", "parse_expression", "Reach", "SearchRules", "reach"]
