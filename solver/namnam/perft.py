"""Perft: the number of move sequences of a given length, the move generator's check (python-chess's
manner: ``perft(0) = 1``, a position where the game is over has no move).

Perft counts on boards (the endless-cycle end needs a game's history, which perft does not have).

>>> start = Position.start()
>>> [perft(start, d, Rules()) for d in range(5)]
[1, 6, 36, 190, 1014]
>>> divide(Position.parse("0.0.0.0.1.2/1.0.0.0.0.0 s 24-20"), 2, Rules())
{5: 1, 6: 2}
"""

from __future__ import annotations

from solver.compiled import use_compiled
from solver.errors import TablecalcError
from solver.i18n import _
from solver.namnam.position import Position, pit_number
from solver.namnam.rules import GrandSlam, Rules
from solver.namnam.sowing import legal_starts, rotate, sow

__all__ = ["perft", "divide", "count", "MAX_PERFT_DEPTH", "COMPILED_FROM_DEPTH"]

MAX_PERFT_DEPTH = 11
"""The deepest perft accepted: from the opening, depth 8 is 711,414 sequences (half a second) and each
ply multiplies that by about 5 (depth 11: about a minute)."""


COMPILED_FROM_DEPTH = 7
"""``auto`` compiles from this depth on: shallower counts take less time than loading Numba (about
0.4 s; from the opening, depth 7 is 139,157 sequences, a tenth of a second in Python)."""


def count(c: tuple[int, ...], depth: int, forbid: bool = False, engine: str = "pure") -> int:
    """Perft on a canonical board."""
    if engine != "pure" and use_compiled(engine, depth >= COMPILED_FROM_DEPTH, "perft"):
        from solver.namnam.kernel import perft_count

        return perft_count(c, depth, forbid)
    starts = legal_starts(c, forbid)
    if depth <= 1:
        return len(starts) if depth == 1 else 1
    return sum(count(rotate(sow(c, i).board), depth - 1, forbid) for i in starts)


def _check(depth: int) -> None:
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise TablecalcError(_("bad perft depth {depth}: expected 0 to {most}").format(depth=depth, most=MAX_PERFT_DEPTH))


def perft(position: Position, depth: int, rules: Rules, engine: str = "auto") -> int:
    """The number of legal move sequences of ``depth`` plies from ``position`` (``engine``: see
    :data:`solver.compiled.ENGINES`; ``auto`` compiles from :data:`COMPILED_FROM_DEPTH`; every engine
    gives the same count)."""
    _check(depth)
    return count(position.canonical(rules.direction), depth, rules.grand_slam is GrandSlam.FORBIDDEN, engine)


def divide(position: Position, depth: int, rules: Rules, engine: str = "auto") -> dict[int, int]:
    """Perft split by first move: pit number (1-6 from the mover's left) → sequences after it."""
    _check(depth)
    if depth == 0:
        return {}
    c = position.canonical(rules.direction)
    forbid = rules.grand_slam is GrandSlam.FORBIDDEN
    out = {pit_number(i, rules.direction): count(rotate(sow(c, i).board), depth - 1, forbid, engine)
           for i in legal_starts(c, forbid)}
    return dict(sorted(out.items()))
