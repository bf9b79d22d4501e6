"""The Nambarz rule options a table chooses before play, as one frozen :class:`Rules` object,
each option declared once (:mod:`solver.rules` builds the presets, ``with_options``,
``describe`` and ``as_dict`` from the declaration).

>>> Rules.preset("beginner").describe()
'beginner: left to right, + -, whole numbers ≥ 0, simplest judged against the whole hand'
>>> Rules.preset("basic").with_options(order="tree").name
'basic+custom'
>>> Rules.preset("experienced").describe()
'experienced: left to right, + - × ÷, whole numbers ≥ 0, simplest judged against the whole hand, 4 jokers'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from solver.expr import INTERMEDIATES_WORDS, OPS, Intermediates, Order, ops_words, parse_ops, render_ops
from solver.i18n import N_
from solver.rules import BaseRules, option
from solver.search import SearchRules

__all__ = ["Rules", "SimplestScope", "HolderPlace", "TieBreak", "ExtraRoundPlayers", "PRESETS", "JOKER_LEVELS", "MAX_HAND_SIZE", "MAX_GAME_ROUNDS",
           "TEAM_SIZES"]

JOKER_LEVELS = (0, 4, 8, 12)
"""The jokers a table may play with: the seed's beginner 12, confirmed 8 (2 of each kind),
experienced 4 (1 of each kind); 0 plays without jokers."""
MAX_HAND_SIZE = 20
MAX_GAME_ROUNDS = 100
TEAM_SIZES = (0, 2, 3, 4, 5, 6)
"""A team has 2 to 6 players (seed 000, I); 0 plays without teams."""


class SimplestScope(enum.StrEnum):
    """Against which cards "is there a calculation with fewer cards?" is judged."""

    HAND = "hand"
    """Every card of the player's hand (both families) — the seed's example."""
    PLAYED = "played"
    """Only subsets of the cards the player actually laid."""


class HolderPlace(enum.StrEnum):
    """What the player left holding cards when a round of 2-5 players ends scores."""

    NONE = "none"
    """No place: only players who finished their cards are ranked (the seed's "le premier qui finit")."""
    LAST = "last"
    """The last place (with 5 players: 14 points)."""


class TieBreak(enum.StrEnum):
    """Which ties at the end of a game extra rounds settle (seed 000, V: "déterminer le seul et
    unique gagnant sur le classement disputé")."""

    LEAD = "lead"
    """A tie for the first place only: the one and only winner."""
    ANY_PLACE = "any-place"
    """A tie at any place of the final ranking (every disputed place)."""


class ExtraRoundPlayers(enum.StrEnum):
    """Who plays the extra rounds that settle a tie at the end of a game (seed 000, V).

    The seed says who plays only for teams: "les équipes qui obtiennent le même score [...]
    rejouent des manches supplémentaires", the tied teams replay; for players it says only that
    extra rounds are played. It never says that the others sit out, so the default stays what
    tablecalc always did (``all``), and ``tied`` is the reading of the team sentence."""

    ALL = "all"
    """Every player plays each extra round, and its points are added like any round's: the
    whole ranking may move (tablecalc's reading before this option)."""
    TIED = "tied"
    """Only the players (or teams) sharing the place being settled play it; the others sit out,
    dealt no card and scoring nothing. An extra round's points only order the tied among
    themselves: the game's rounds decide the places first. With several ties (``any-place``),
    the highest disputed place is played off first, then the next."""


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every Nambarz rule option, declared once. The options after ``simplest`` are the whole
    round's (penalties, coups, jokers, the deal, the jokers' and the draw's readings, places):
    a rules line names them only where they differ from the default."""

    PRESETS = {
        "beginner": {"ops": parse_ops("+-")},
        "basic": {},
        "parentheses": {"order": Order.TREE},
        "confirmed": {"jokers": 8},
        "experienced": {"jokers": 4},
    }
    """Beginner (+ and − only), basic (left to right), parentheses; and the seed's joker levels:
    beginner and basic play with all 12 jokers, confirmed with 8, experienced with 4."""
    PRESET_ALIASES = {"debutant": "beginner", "débutant": "beginner", "brackets": "parentheses",
                      "parenthèses": "parentheses", "confirme": "confirmed", "confirmé": "confirmed",
                      "experimente": "experienced", "expérimenté": "experienced"}

    name: str = "basic"
    order: Order = option(
        Order.CHAIN, N_("How a calculation is read: chain, strictly left to right (the basic rule), or tree, the "
                        "parentheses variant."),
        words={Order.CHAIN: N_("left to right"), Order.TREE: N_("with parentheses")})
    ops: frozenset[str] = option(
        frozenset(OPS), N_("The operations allowed, e.g. '+-' (beginners start with + and −)."),
        read=parse_ops, write=render_ops, words=ops_words)
    intermediates: Intermediates = option(
        Intermediates.NATURAL, N_("What a calculation may pass through: natural (whole numbers ≥ 0), integer or "
                                  "rational."),
        words=INTERMEDIATES_WORDS)
    simplest: SimplestScope = option(
        SimplestScope.HAND, N_("Judge 'simplest' against the whole hand or only the cards played."),
        flag="--simplest-against",
        words={SimplestScope.HAND: N_("simplest judged against the whole hand"),
               SimplestScope.PLAYED: N_("simplest judged against the cards played")})
    penalty_draw: int = option(
        3, N_("Cards drawn for a penalised play."), lo=1, hi=10, always=False,
        words=N_("{value} cards drawn as a penalty"))
    coup_points: int = option(
        7, N_("Points per card of a calculation beyond 3 (4 cards: a coup de maître)."), lo=0, hi=50, always=False,
        words=N_("{value} points per card of a coup beyond 3"))
    jokers: int = option(
        12, N_("Jokers in a round's deck: 12 (beginner), 8 (confirmed), 4 (experienced) or 0."), values=JOKER_LEVELS,
        always=False, words=N_("{value} jokers"))
    hand_size: int = option(
        7, N_("Cards dealt to each player."), lo=1, hi=MAX_HAND_SIZE, always=False, words=N_("{value} cards dealt"))
    joker_on_joker: bool = option(
        False, N_("Whether a joker may answer a change joker laid alone (the seed: the next player must lay a "
                  "card of what it announced)."), always=False,
        words={False: N_("no joker on a joker laid alone"), True: N_("a joker may answer a joker laid alone")})
    play_drawn: bool = option(
        False, N_("Whether a card drawn when nothing covered the top card may be played at once."),
        always=False, words={True: N_("a drawn card may be played at once")})
    game_rounds: int = option(
        3, N_("Rounds in a game: 1 (quick), 3 (classic) or 5 (long); a tie for the lead after them is played off "
              "by extra rounds (at most 10)."), lo=1, hi=MAX_GAME_ROUNDS, always=False,
        words=N_("a game of {value} rounds"))
    tie_break: TieBreak = option(
        TieBreak.LEAD, N_("Which ties extra rounds settle at the end of a game: a tie for the lead (lead), or a tie "
                          "at any place of the ranking (any-place)."),
        always=False, words={TieBreak.LEAD: N_("extra rounds settle a tie for the lead"),
                             TieBreak.ANY_PLACE: N_("extra rounds settle a tie at any place")})
    extra_round_players: ExtraRoundPlayers = option(
        ExtraRoundPlayers.ALL, N_("Who plays an extra round: every player (all), or only the players or teams "
                                  "in the tie it settles (tied), the others sitting it out."),
        always=False, words={ExtraRoundPlayers.ALL: N_("every player plays an extra round"),
                             ExtraRoundPlayers.TIED: N_("only the tied players play an extra round")})
    team_size: int = option(
        0, N_("Players in a team, 2 to 6, sitting one after another (0: no teams); a team scores its players' "
              "points added."), values=TEAM_SIZES, always=False, words=N_("teams of {value}"))
    holder_place: HolderPlace = option(
        HolderPlace.NONE, N_("With 2-5 players, the place of the player left holding cards: none or the last."),
        always=False, words={HolderPlace.LAST: N_("the player left holding cards takes the last place")})

    def check(self) -> None:
        """The order, operations and intermediates must make a calculation's rules (the search's).

        >>> Rules().with_options(ops=frozenset("%"))
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: bad operations frozenset({'%'}): expected some of + - × ÷ written as text, e.g. '+-*/'
        """
        SearchRules.from_options(order=self.order, ops=self.ops, intermediates=self.intermediates)

    @property
    def search_rules(self) -> SearchRules:
        """The arithmetic-search options these rules imply."""
        return SearchRules(order=self.order, ops=self.ops, intermediates=self.intermediates)

    def coup_bonus(self, cards: int) -> int:
        """Points for a legal calculation of ``cards`` cards: 0 below 4, then 7, 14, 21...

        >>> [Rules().coup_bonus(n) for n in (2, 3, 4, 5, 6)]
        [0, 0, 7, 14, 21]
        """
        return max(0, cards - 3) * self.coup_points

    @property
    def jokers_per_kind(self) -> int:
        """Copies of each joker kind in a round's deck (12 jokers = 3 of each of the 4 kinds).

        >>> r = Rules.preset("basic").with_options(jokers=4)
        >>> r.name, r.jokers, r.jokers_per_kind
        ('basic+custom', 4, 1)
        >>> Rules().with_options(jokers=5)
        Traceback (most recent call last):
        ...
        solver.errors.TablecalcError: bad jokers 5: expected one of 0, 4, 8, 12
        """
        return self.jokers // 4


PRESETS = Rules.presets()
"""The named presets, by name."""
