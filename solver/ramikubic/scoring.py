"""Scores: the end of a round, the first-turn finish, and the totals over rounds.

A round is written as the players' racks at its end, separated by ``|``, the winner's
empty (``-``): ``- | 5r 7b joker | 10y``. The winner scores 0, each loser minus the
points left in their rack (a joker 50). When a player lays every tile on their first
turn, the round starts with ``first:`` and each opponent is ``laid`` (had laid tiles:
−100) or ``waiting`` (had not: −200). A round that ends blocked (nobody went out) has no
``-``: the lowest rack wins it (what it scores: :attr:`Rules.blocked_score`).

>>> ts, rules = TileSet.default(), Rules()
>>> round_scores(parse_round("- | 5r 7b joker | 10y", ts), rules, ts)
(0, -62, -10)
>>> round_scores(parse_round("first: - | laid | waiting", ts), rules, ts)
(0, -100, -200)
>>> totals([(0, -62, -10), (-3, 0, -20)]), winners([-65, -62, -30])
((-3, -62, -30), (2,))

The seed says the lowest total wins, counting the points lost: the winner is the player
who lost the fewest points, i.e. whose (negative) total is closest to 0 (:attr:`Rules.winner`
gives the literal reading too).

>>> blocked = parse_round("5r 7b | 1y 2y | 10g", ts)
>>> [round_scores(blocked, Rules(blocked_score=b), ts) for b in BlockedScore]
[(-12, 0, -10), (-12, -3, -10), (-9, 0, -7)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.ramikubic.rules import BlockedScore, Rules, Winner
from solver.ramikubic.tiles import Tile, TileSet

__all__ = ["Round", "parse_round", "round_scores", "totals", "winners", "MAX_PLAYERS"]

MAX_PLAYERS = 8
_OUT = frozenset({"-", "out", "0", "none"})
_LAID = frozenset({"laid", "posé", "pose", "opened"})
_WAITING = frozenset({"waiting", "not-laid", "rien", "none-laid"})


@dataclass(frozen=True)
class Round:
    """One round's end: each player's rack (``()`` for the winner), or for a first-turn finish
    (``first``) whether each opponent had laid tiles."""

    racks: tuple[tuple[Tile, ...], ...]
    first: bool = False
    laid: tuple[bool, ...] = ()
    winner: int | None = None
    ejected: frozenset[int] = frozenset()
    """Players put out of the round (missed turns): never the lowest rack of a blocked round."""


def parse_round(text: str, ts: TileSet) -> Round:
    """Read a round (see the module): racks separated by ``|``, the winner ``-``."""
    t = text.strip()
    first = t.lower().startswith("first:")
    if first:
        t = t[len("first:"):]
    parts = [p.strip() for p in t.split("|")]
    if not 2 <= len(parts) <= MAX_PLAYERS:
        raise TablecalcError(_("bad round {text}: expected 2 to {most} players' racks separated by |, the winner's "
                               "written -").format(text=quoted(text.strip()), most=MAX_PLAYERS))
    out = [i for i, p in enumerate(parts) if p.lower() in _OUT]
    if len(out) > 1 or (first and len(out) != 1):
        raise TablecalcError(_("bad round {text}: expected exactly one winner written - (the player who went out)").format(text=quoted(text.strip())))
    if first:
        laid = []
        for i, p in enumerate(parts):
            word = p.lower()
            if i == out[0]:
                laid.append(True)
            elif word in _LAID or word in _WAITING:
                laid.append(word in _LAID)
            else:
                raise TablecalcError(_("bad round {text}: after first:, each opponent is 'laid' or 'waiting', not {word}")
                                     .format(text=quoted(text.strip()), word=repr(p)))
        return Round(tuple(() for _ in parts), True, tuple(laid), out[0])
    racks = tuple(() if i in out else ts.parse_tiles(p, f"rack {i + 1}") for i, p in enumerate(parts))
    ts.check_counts([x for r in racks for x in r], f"round {quoted(text.strip())}")
    return Round(racks, False, (), out[0] if out else None)


def round_scores(r: Round, rules: Rules, ts: TileSet) -> tuple[int, ...]:
    """Each player's score for the round (0 for the winner, negative for the others)."""
    if r.first:
        return tuple(0 if i == r.winner else -(rules.first_turn_laid if laid else rules.first_turn_not_laid)
                     for i, laid in enumerate(r.laid))
    left = [sum(ts.points(t) for t in rack) for rack in r.racks]
    if r.winner is not None:
        return tuple(0 if i == r.winner else -v for i, v in enumerate(left))
    low = min((v for i, v in enumerate(left) if i not in r.ejected), default=0)
    if rules.blocked_score is BlockedScore.ALL_PAY:
        return tuple(-v for v in left)
    if rules.blocked_score is BlockedScore.DIFFERENCE:
        return tuple(0 if v == low and i not in r.ejected else -max(v - low, 0) if i not in r.ejected else -v
                     for i, v in enumerate(left))
    return tuple(0 if v == low and i not in r.ejected else -v for i, v in enumerate(left))


def totals(rounds: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's total over the rounds."""
    sizes = {len(r) for r in rounds}
    if len(sizes) != 1:
        raise TablecalcError(_("every round needs the same players: got rounds of {sizes} players").format(sizes=sorted(sizes)))
    return tuple(sum(col) for col in zip(*rounds))


def winners(total: Sequence[int], rules: Rules | None = None) -> tuple[int, ...]:
    """The players (0-based) who lost the fewest points (several on a tie); with
    ``winner="lowest-total"``, the seed's words read literally, the lowest total.

    >>> winners([-65, -62, -30], Rules(winner=Winner.LOWEST_TOTAL))
    (0,)
    """
    literal = rules is not None and rules.winner is Winner.LOWEST_TOTAL
    best = min(total) if literal else max(total)
    return tuple(i for i, v in enumerate(total) if v == best)
