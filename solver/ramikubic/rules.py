"""The Ramikubic rule options a table chooses before play, declared once in one frozen
:class:`Rules` object with named presets (:mod:`solver.rules` builds the rest).

>>> Rules.preset("standard").describe()
'standard: initial meld >= 20, a joker in the meld counts the tile it stands for, a 1 may end a run after the 10, best lay = most tiles, jokers may be laid, penalty: draw 1, 50 s a turn'
>>> r = Rules.preset("standard").with_options(wrap="full", objective="points")
>>> r.name, r.wrap.value, r.objective.value
('standard+custom', 'full', 'points')
>>> Rules.preset("standard").with_options(wrap="none") == Rules.preset("no-wrap")
False
>>> Rules.preset("standard").with_options(wrap="sideways")
Traceback (most recent call last):
...
solver.errors.TablecalcError: unknown wrap 'sideways': expected one of none, end, full
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.i18n import N_, _
from solver.rules import BaseRules, option

__all__ = ["Rules", "Wrap", "MeldJoker", "Objective", "MissedTurn", "BlockedEnd", "BlockedScore", "Winner", "PRESETS", "MIN_SIZE", "GROUP_MAX",
           "MAX_RACK", "MAX_EJECT"]

MIN_SIZE = 3
"""Every combination has at least 3 tiles (seed)."""
GROUP_MAX = 4
"""A group has at most one tile of each colour, so at most 4 (seed)."""
MAX_RACK = 40
"""The most tiles dealt to a player (``rack_size``)."""
MAX_EJECT = 10
"""The most missed turns in a row ``eject_after`` may wait for."""


class Wrap(enum.StrEnum):
    """Whether a run may go on from the highest number back to 1."""

    NONE = "none"
    """Never: 8-9-10 ends a run (Rummikub's rule)."""
    END = "end"
    """Default (seed): a 1 may follow the 10, and then ends the run: 9-10-1, not 10-1-2."""
    FULL = "full"
    """Full wrap-around: 10-1-2 is a run too (at most 11 tiles: only its two ends may share a number, unless
    ``run_repeat`` is off)."""


class MeldJoker(enum.StrEnum):
    """What a joker is worth towards the initial meld's 20 points."""

    STANDS_FOR = "stands-for"
    """Default: the number of the tile it stands for (the best reading of its combination)."""
    JOKER_POINTS = "joker-points"
    """Its end-of-round value (50 with the shipped tiles)."""


class Objective(enum.StrEnum):
    """What the best lay maximises (ties broken by the other)."""

    TILES = "tiles"
    """Default: the most tiles from the rack."""
    POINTS = "points"
    """The most points from the rack (a joker counts its end-of-round value, 50)."""


class MissedTurn(enum.StrEnum):
    """What counts as a missed turn, towards the ejection of a player who misses turns in a row."""

    OVERTIME = "overtime"
    """Default: a turn that ran over the time (the seed's "ne joue pas": the player did not play in time)."""
    PENALTY = "penalty"
    """Any turn that ends with the penalty: over the time, or a move the referee refused."""


class BlockedEnd(enum.StrEnum):
    """When a round ends blocked, nobody having laid every tile (the pool being empty)."""

    PASSES = "passes"
    """Default: once every player still in the round has, in turn, laid nothing with the pool empty."""
    NO_LAY = "no-lay"
    """As soon as the pool is empty and no player still in the round can lay (the solver decides);
    a full round of turns laying nothing ends it too."""


class BlockedScore(enum.StrEnum):
    """What a blocked round scores (nobody laid every tile; the seed: "le joueur qui possède le moins
    de points en main remporte la partie")."""

    LOWEST_ZERO = "lowest-zero"
    """Default: the lowest rack wins and scores 0, as the player who goes out does; every other
    player scores minus their rack."""
    ALL_PAY = "all-pay"
    """Every player scores minus their rack, the lowest too (only going out scores 0)."""
    DIFFERENCE = "difference"
    """The lowest rack scores 0; every other player scores minus what their rack holds above it."""


class Winner(enum.StrEnum):
    """Who wins the game: the seed's "le gagnant est le joueur qui aura obtenu le moins de points",
    the scores being negative."""

    FEWEST_LOST = "fewest-lost"
    """Default (the sensible reading): the player who lost the fewest points, the total closest to 0."""
    LOWEST_TOTAL = "lowest-total"
    """The literal reading: the lowest total, the player who lost the most."""


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every Ramikubic rule option, declared once.

    Fixed by the seed (not options): a combination has at least 3 tiles, a group at most one
    tile of each colour; the initial meld comes from the rack alone; what is laid stays on the
    table (a joker taken must be laid again).
    """

    PRESETS = {
        "standard": {},
        "no-wrap": {"wrap": Wrap.NONE},
        "wrap": {"wrap": Wrap.FULL},
    }
    """The seed's rules (``standard``), and the two other readings of "a 1 may follow the 10"."""
    PRESET_ALIASES = {"seed": "standard", "classic": "standard", "nowrap": "no-wrap", "rummikub": "no-wrap",
                      "wrap-around": "wrap", "full-wrap": "wrap"}

    name: str = "standard"
    meld_points: int = option(
        20, N_("The least the initial meld is worth, in points."), lo=1, words=N_("initial meld >= {value}"))
    meld_joker: MeldJoker = option(
        MeldJoker.STANDS_FOR, N_("What a joker in the initial meld counts: the tile it stands for, or its "
                                 "end-of-round points."),
        words={MeldJoker.STANDS_FOR: N_("a joker in the meld counts the tile it stands for"),
               MeldJoker.JOKER_POINTS: N_("a joker in the meld counts its end-of-round points")})
    wrap: Wrap = option(
        Wrap.END, N_("Whether a run may go on past the 10: end (9-10-1), none, or full (10-1-2 too)."),
        words={Wrap.NONE: N_("no 1 after the 10"), Wrap.END: N_("a 1 may end a run after the 10"),
               Wrap.FULL: N_("runs wrap around (10-1-2)")})
    run_repeat: bool = option(
        True, N_("Whether a run that goes on past the 10 may come back to a number it holds (1b … 10b 1b: 11 tiles)."),
        always=False, words={True: N_("a run past the 10 may come back to its first number"),
                             False: N_("a run holds each number once")})
    objective: Objective = option(
        Objective.TILES, N_("What the best lay lays the most of: tiles, or points (then the other)."),
        words={Objective.TILES: N_("best lay = most tiles"), Objective.POINTS: N_("best lay = most points")},
        shorthands={"--most-points": Objective.POINTS})
    keep_jokers: bool = option(
        False, N_("Whether the best lay keeps the rack's jokers."),
        words={False: N_("jokers may be laid"), True: N_("jokers kept in the rack")})
    penalty_draw: int = option(
        1, N_("The tiles drawn for an illegal move or a turn over time."), words=N_("penalty: draw {value}"))
    turn_seconds: int = option(
        50, N_("The time a player has for a turn, in seconds."), lo=1, words=N_("{value} s a turn"))
    rack_size: int = option(
        14, N_("The tiles dealt to each player."), lo=1, hi=MAX_RACK, always=False,
        words=N_("{value} tiles dealt"))
    first_turn_not_laid: int = option(
        200, N_("What each opponent who had laid nothing loses when a player lays every tile on their first turn."),
        always=False, words=N_("first-turn finish: -{value} if nothing laid"))
    first_turn_laid: int = option(
        100, N_("What each opponent who had laid tiles loses when a player lays every tile on their first turn."),
        always=False, words=N_("first-turn finish: -{value} if tiles laid"))
    eject_after: int = option(
        2, N_("The missed turns in a row that put a player out of the round (0: never)."), lo=0, hi=MAX_EJECT,
        always=False, words=lambda v: _(_EJECT_NEVER) if v == 0 else _(_EJECT_AFTER).format(value=v))
    missed_turn: MissedTurn = option(
        MissedTurn.OVERTIME, N_("What counts as a missed turn: a turn over time, or any turn ending with the "
                                "penalty (over time or refused)."),
        always=False, words={MissedTurn.OVERTIME: N_("a missed turn = over time"),
                             MissedTurn.PENALTY: N_("a missed turn = any penalty")})
    must_lay: bool = option(
        False, N_("Whether a player whose rack can lay must lay: a pass is then refused (not played, no penalty)."),
        always=False, words={True: N_("a player who can lay must lay")})
    blocked_score: BlockedScore = option(
        BlockedScore.LOWEST_ZERO, N_("What a blocked round scores: the lowest rack 0 and the others minus their "
                                     "rack (lowest-zero), everyone minus their rack (all-pay), or minus what "
                                     "their rack holds above the lowest (difference)."),
        always=False, words={BlockedScore.LOWEST_ZERO: N_("a blocked round: the lowest rack scores 0"),
                             BlockedScore.ALL_PAY: N_("a blocked round: everyone loses their rack"),
                             BlockedScore.DIFFERENCE: N_("a blocked round: each loses what they hold above the "
                                                         "lowest rack")})
    winner: Winner = option(
        Winner.FEWEST_LOST, N_("Who wins the game: the player who lost the fewest points (fewest-lost), or, "
                               "reading the seed's words literally, the lowest total (lowest-total)."),
        always=False, words={Winner.FEWEST_LOST: N_("the winner lost the fewest points"),
                             Winner.LOWEST_TOTAL: N_("the winner has the lowest total")})
    blocked_end: BlockedEnd = option(
        BlockedEnd.PASSES, N_("When a round ends blocked once the pool is empty: after a full round of turns "
                              "laying nothing, or as soon as nobody can lay."),
        always=False, words={BlockedEnd.PASSES: N_("blocked after a round of passes"),
                             BlockedEnd.NO_LAY: N_("blocked when nobody can lay")})


_EJECT_NEVER = N_("no ejection")
_EJECT_AFTER = N_("out after {value} missed turns in a row")


PRESETS = Rules.presets()
"""The named presets, by name."""
