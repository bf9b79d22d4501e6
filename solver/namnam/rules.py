"""The Nam Nam rule options a table chooses before play, as one frozen :class:`Rules` object.

>>> Rules.preset("standard").describe()
'standard: counter-clockwise sowing, a grand slam may be played and captures nothing, seeds left go to the owner of their row'
>>> Rules.preset("standard").with_options(direction="cw").name
'standard+custom'
>>> Rules.preset("standard").with_options(direction="horaire").direction.value
'cw'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.i18n import N_
from solver.rules import BaseRules, option

__all__ = ["Rules", "Direction", "GrandSlam", "Leftover", "Cycle", "PRESETS"]


class Direction(enum.StrEnum):
    """The direction of sowing, chosen once for the whole game."""

    CCW = "ccw"
    """Counter-clockwise (the seed's default): from a player's left towards their right, then on into
    the opponent's row."""
    CW = "cw"
    """Clockwise: from a player's right towards their left."""


class GrandSlam(enum.StrEnum):
    """What happens to a move whose captures would take every seed of the opponent's row."""

    NO_CAPTURE = "no-capture"
    """The seed's rule: the move may be played, but captures nothing (the opponent is not starved)."""
    FORBIDDEN = "forbidden"
    """A common variant (abapa): such a move is illegal unless every legal move is one."""


class Leftover(enum.StrEnum):
    """Who takes the seeds still on the board when the game ends (no feeding move, or an endless cycle)."""

    OWN_ROW = "own-row"
    """Each player takes the seeds of their own row (the default)."""
    CANNOT_FEED = "cannot-feed-takes-all"
    """The player who cannot feed the opponent takes every seed left (after a cycle: each their own row)."""


class Cycle(enum.StrEnum):
    """How an endless cycle ends (rule 5.1). The seed ends the game "when the players agree that no
    more moves are possible"; tablecalc reads that agreement as a position coming back (the same
    board, the same player to move) — play, the referee, the search (``best``, which knows the
    game's history) and the endgame tables (which value a position neither player can steer out of
    a cycle) all end the game there — and this option says who takes the seeds still going round.

    The default, ``own-row``, is the seed's end "when play is blocked" carried over, and the common
    rule of awalé tournaments (the Abapa rules): each player takes the seeds of their own row, as
    in rule 5.2. ``nobody`` is the other common reading: seeds that only go round are nobody's, so
    the game is decided by the seeds captured."""

    OWN_ROW = "own-row"
    """Each player takes the seeds of their own row, counted in the position that came back (default)."""
    NOBODY = "nobody"
    """Nobody takes the seeds still going round: only the seeds captured count."""


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every Nam Nam rule option, declared once (:mod:`solver.rules` builds the rest).

    Fixed by the seed (not options): 12 or more seeds skip the starting pit on every lap;
    captures of 2 or 3 run backwards from the last pit while in the opponent's row; feeding a
    starving opponent is compulsory and the game ends when it is impossible.
    """

    PRESETS = {
        "standard": {},
        "clockwise": {"direction": Direction.CW},
        "no-grand-slam": {"grand_slam": GrandSlam.FORBIDDEN},
    }
    """The seed's rules (counter-clockwise), clockwise sowing, grand slam forbidden."""
    PRESET_ALIASES = {"awale": "standard", "anti-horaire": "standard", "horaire": "clockwise",
                      "abapa": "no-grand-slam"}

    name: str = "standard"
    direction: Direction = option(
        Direction.CCW, N_("The direction of sowing (pits are always numbered 1-6 from each player's own left)."),
        words={Direction.CCW: N_("counter-clockwise sowing"), Direction.CW: N_("clockwise sowing")},
        aliases={"counter-clockwise": "ccw", "anticlockwise": "ccw", "anti-horaire": "ccw",
                 "clockwise": "cw", "horaire": "cw"})
    grand_slam: GrandSlam = option(
        GrandSlam.NO_CAPTURE, N_("What a move that would capture every seed of the opponent's row does."),
        words={GrandSlam.NO_CAPTURE: N_("a grand slam may be played and captures nothing"),
               GrandSlam.FORBIDDEN: N_("a grand slam is forbidden unless it is the only kind of move")})
    leftover: Leftover = option(
        Leftover.OWN_ROW, N_("Who takes the seeds left on the board at the end (the two readings agree on every end "
                             "the rules can reach: a property test checks it)."),
        words={Leftover.OWN_ROW: N_("seeds left go to the owner of their row"),
               Leftover.CANNOT_FEED: N_("the player who cannot feed takes the seeds left")},
        aliases={"cannot-feed": "cannot-feed-takes-all"})
    cycle: Cycle = option(
        Cycle.OWN_ROW, N_("Who takes the seeds still going round when a position comes back (an endless cycle: the "
                          "game ends there, by agreement)."),
        words={Cycle.OWN_ROW: N_("a position that comes back ends the game, each taking their own row"),
               Cycle.NOBODY: N_("a position that comes back ends the game, the seeds going round counted for nobody")},
        aliases={"own": "own-row", "none": "nobody"}, always=False)
    match_games: int = option(
        1, N_("How many games a match lasts (the first move goes to each player in turn)."), lo=1, hi=100,
        words=N_("a match of {value} games"), always=False)


PRESETS = Rules.presets()
"""The named presets, by name."""

