"""The package index's ``rummikub-solver`` (Martijn Pieters; den Hertog and Hulshof's ILP through
cvxpy, HiGHS underneath) as an outside anchor for Ramikubic's best lay: the speed benchmark
(``benchmarks/bench_ramikubic.py``) times it against :func:`solver.ramikubic.best_lay` on the
same positions, and a property test compares the tiles each lays. A test-only extra
(``pip install 'tablecalc[test]'``); everything here is ``None`` without it.

Where the two rule sets agree: its runs never pass the highest number (tablecalc's preset
``no-wrap``), its groups are 3 or 4 tiles of different colours, its runs 3 or more tiles of one
colour (it chooses among runs of 3 to 5, as tablecalc does), every table tile stays. With jokers
they part: it leaves out the combinations where a joker could be taken off and the combination
stay valid (a group of 4 with a joker, a run of 4 or more ending with one), which tablecalc
allows; so its optimum can be lower with jokers. Without jokers the optima are the same.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from solver.ramikubic import Position, Rules, TileSet

__all__ = ["installed", "anchor", "Anchor"]


def installed() -> bool:
    """Whether ``rummikub-solver`` can be imported (looked up, not imported)."""
    return importlib.util.find_spec("rummikub_solver") is not None


class Anchor:
    """``rummikub-solver`` set up for tablecalc's tile set ``ts`` (its jokers or none), and
    positions written in its tiles."""

    def __init__(self, ts: TileSet, rules: Rules, jokers: bool):
        import rummikub_solver

        if ts.low != 1:
            raise ValueError("rummikub-solver numbers its tiles from 1")
        self.ts = ts
        self.ruleset = rummikub_solver.RuleSet(numbers=ts.high, repeats=ts.copies, colours=len(ts.colours),
                                               jokers=ts.jokers if jokers else 0, min_len=3,
                                               min_initial_value=rules.meld_points)
        self.tiles = self.ruleset.tiles

    def _tile(self, t) -> Any:
        if t.is_joker:
            return self.tiles[-1]
        return self.tiles[self.ts.colours.index(t.colour) * self.ts.high + t.number - 1]

    def state(self, position: Position) -> Any:
        """The position as its game state (melded: it lays after the initial meld)."""
        state = self.ruleset.new_game()
        state.add_table(*(self._tile(t) for c in position.table for t in c))
        state.add_rack(*(self._tile(t) for t in position.rack))
        state.initial = not position.melded
        return state

    def solve(self, state: Any) -> int:
        """How many tiles it lays from the rack in ``state`` (the most tiles, its mode after the meld)."""
        solution = self.ruleset.solve(state)
        return len(solution.tiles) if solution else 0


def anchor(ts: TileSet, rules: Rules, jokers: bool) -> Anchor | None:
    """The anchor, or ``None`` when ``rummikub-solver`` is not installed."""
    return Anchor(ts, rules, jokers) if installed() else None
