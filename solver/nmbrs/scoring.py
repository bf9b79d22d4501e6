"""Nmbrs! scoring: the points of a move, the colour doubling, and the end of a round.

A move scores the points of the cards the player laid from their hand (cards already on
the table do not count), doubled when the sequence is all one colour or all different
colours. With the shipped deck the points are an *estimate* (``Deck.points_estimated``).

>>> deck, rules = Deck.default(), Rules()
>>> laid = [Placed(deck.parse_card(c), int(c[:-1])) for c in ("12r", "24r", "36r")]
>>> points, doubled, score = score_cards(laid, laid, rules, deck)
>>> points, str(doubled), score
(4, 'one colour', 8)
>>> mixed = [Placed(deck.parse_card(c), int(c[:-1])) for c in ("12r", "24r", "36g")]
>>> score_cards(mixed, mixed, rules, deck)
(4, None, 4)

At the end of a round the players still holding cards lose their points; a player at
100 or more wins:

>>> r = end_round([("Ann", 96, []), ("Bob", 103, deck.parse_hand("7 joker")), ("Cid", 40, deck.parse_hand("60"))], rules, deck)
>>> [(p.name, p.penalty, p.after) for p in r.players], r.winners
([('Ann', 0, 96), ('Bob', 3, 100), ('Cid', 1, 39)], ('Bob',))
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Callable, Collection, Iterable, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.nmbrs.cards import Card, Colour, Deck, Placed
from solver.nmbrs.rules import Doubling, JokerColour, Rules, ScoreBy

__all__ = ["Doubled", "ONE_COLOUR", "ALL_DIFFERENT", "colour_doubling", "doubling", "card_points", "score_cards",
           "turn_points",
           "PlayerRound", "RoundResult", "end_round", "parse_player"]


class Doubled(enum.StrEnum):
    """Why a move's points are doubled; the value is what JSON's ``doubled`` holds."""

    ONE_COLOUR = "one colour"
    ALL_DIFFERENT = "all different"


ONE_COLOUR = Doubled.ONE_COLOUR
ALL_DIFFERENT = Doubled.ALL_DIFFERENT


def colour_doubling(colours: Collection[Colour], joker_numbers: Sequence[int], rules: Rules, deck: Deck) -> Doubled | None:
    """The colour rule itself: whether cards of ``colours`` plus jokers standing for
    ``joker_numbers`` are all one colour or all different colours.

    The one home of the rule: the referee (:func:`doubling`) and the best-turn search both
    call it. A joker's colour follows ``rules.joker_colour``: ``wild`` fits any colour,
    ``none`` spoils the doubling, ``as-card`` takes the deck file's colour of its number.
    Fewer than 2 cards never double; more than 4 cannot all differ.

    >>> R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
    >>> deck, rules = Deck.default(), Rules()
    >>> colour_doubling([R, R], [10], rules, deck), colour_doubling([R, G, B], [], rules, deck)
    (<Doubled.ONE_COLOUR: 'one colour'>, <Doubled.ALL_DIFFERENT: 'all different'>)
    >>> colour_doubling([R, R, G], [], rules, deck), colour_doubling([R, R], [10], rules.with_options(joker_colour="none"), deck)
    (None, None)
    """
    count = len(colours) + len(joker_numbers)
    if count < 2:
        return None
    if joker_numbers:
        if rules.joker_colour is JokerColour.NONE:
            return None
        if rules.joker_colour is JokerColour.AS_CARD:
            colours = [*colours, *(deck.colours[v] for v in joker_numbers)]
    distinct = len(set(colours))
    if distinct <= 1:
        return Doubled.ONE_COLOUR
    if distinct == len(colours) and count <= len(Colour):
        return Doubled.ALL_DIFFERENT
    return None


def doubling(cards: Sequence[Placed], rules: Rules, deck: Deck) -> Doubled | None:
    """``"one colour"``, ``"all different"`` or ``None``: whether these placed cards double the points.

    A numbered card shows the colour typed, else the deck file's (:meth:`Deck.colour_of`);
    see :func:`colour_doubling` for jokers.

    >>> deck = Deck.default()
    >>> cards = [Placed(deck.parse_card("5r"), 5), Placed(deck.parse_card("joker"), 10), Placed(deck.parse_card("15r"), 15)]
    >>> doubling(cards, Rules(), deck), doubling(cards, Rules().with_options(joker_colour="none"), deck)
    (<Doubled.ONE_COLOUR: 'one colour'>, None)
    """
    colours = [deck.colour_of(p.card) for p in cards if not p.is_joker]
    return colour_doubling(colours, [p.value for p in cards if p.is_joker], rules, deck)  # type: ignore[arg-type]


def card_points(cards: Sequence[Card | Placed], rules: Rules, deck: Deck) -> int:
    """Points of laid cards before doubling: their points (estimate), or 1 per card in the simple
    version (a joker 1 too, or 0 with ``joker_counts`` off — as it is worth 0 points otherwise).

    >>> simple, hand = Rules.preset("simple"), Deck.default().parse_hand("7 joker 9")
    >>> card_points(hand, simple, Deck.default()), card_points(hand, simple.with_options(joker_counts=False), Deck.default())
    (3, 2)
    """
    if rules.score_by is ScoreBy.CARDS:
        if rules.joker_counts:
            return len(cards)
        return sum(1 for c in cards if not (c.card if isinstance(c, Placed) else c).is_joker)
    return sum(deck.points_of(c.card if isinstance(c, Placed) else c) for c in cards)


def score_cards(
    laid: Sequence[Placed], judged: Sequence[Placed], rules: Rules, deck: Deck
) -> tuple[int, Doubled | None, int]:
    """``(points, doubling, score)`` for ``laid`` hand cards whose doubling is judged on ``judged``."""
    points = card_points(laid, rules, deck)
    why = doubling(judged, rules, deck)
    return points, why, points * (2 if why else 1)


def turn_points(seqs: Iterable[Sequence[int]], is_new: Callable[[int], bool], is_joker: Callable[[int], bool],
                colour: Callable[[int], Colour], points: Callable[[int], int], rules: Rules, deck: Deck) -> int:
    """What the cards laid this turn are worth on a table, the doubling judged on the turn
    (``doubling_per="turn"``): each new card (``is_new``) scores its points, doubled when every
    sequence holding it doubles — judged on the whole sequence, or with ``doubling="added"`` on
    its new cards. A move scores the change of this total, so a lay split into a lay and an add
    scores what the one lay would. The one home of the rule: the referee passes placed cards,
    the best-turn search numbers.

    >>> deck, rules = Deck.default(), Rules()
    >>> colours = {10: Colour.RED, 20: Colour.RED, 30: Colour.RED, 40: Colour.GREEN}
    >>> count = lambda seqs: turn_points(seqs, lambda v: True, lambda v: False, colours.get, lambda v: 2, rules, deck)
    >>> count([(10, 20, 30)]), count([(10, 20, 30, 40)])
    (12, 8)
    """
    seqs = [tuple(s) for s in seqs]
    whole = rules.doubling is Doubling.WHOLE
    doubled: dict[int, bool] = {}
    for s in seqs:
        judged = s if whole else tuple(v for v in s if is_new(v))
        d = colour_doubling([colour(v) for v in judged if not is_joker(v)], [v for v in judged if is_joker(v)],
                            rules, deck) is not None
        for v in s:
            if is_new(v):
                doubled[v] = doubled.get(v, True) and d
    return sum(points(v) * (2 if d else 1) for v, d in doubled.items())


# ---------------------------------------------------------------- end of a round


@dataclass(frozen=True)
class PlayerRound:
    """One player at the end of a round: score before, the cards still in hand, the penalty, the new score."""

    name: str
    before: int
    hand: tuple[Card, ...]
    penalty: int
    after: int

    @property
    def out(self) -> bool:
        return not self.hand

    def as_dict(self) -> dict:
        return {"name": self.name, "before": self.before, "hand": [str(c) for c in self.hand],
                "out": self.out, "penalty": self.penalty, "after": self.after}


@dataclass(frozen=True)
class RoundResult:
    """Everyone's score after a round, and who wins (``winners`` empty: play another round)."""

    players: tuple[PlayerRound, ...]
    rules: Rules
    points_estimated: bool

    @property
    def winners(self) -> tuple[str, ...]:
        """The players at ``win_at`` or more with the most points (several on a tie)."""
        at = [p for p in self.players if p.after >= self.rules.win_at]
        if not at:
            return ()
        top = max(p.after for p in at)
        return tuple(p.name for p in at if p.after == top)

    def as_dict(self) -> dict:
        return {
            "players": [p.as_dict() for p in self.players],
            "winners": list(self.winners),
            "game_over": bool(self.winners),
            "tie": len(self.winners) > 1,
            "win_at": self.rules.win_at,
            "points_estimated": self.rules.scores_estimated(self.points_estimated),
            "rules": self.rules.as_dict(),
        }


def end_round(players: Sequence[tuple[str, int, Sequence[Card]]], rules: Rules, deck: Deck) -> RoundResult:
    """Subtract from each player the points of the cards left in their hand (1 per card in the simple version).

    At most one player can have gone out (an empty hand): the round ends when the first does.

    >>> end_round([("Ann", 60, []), ("Bob", 70, [])], Rules(), Deck.default())
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: Ann and Bob went out, but only one player can: the round ends when the first goes out (give the cards left in the others' hands)
    """
    if len(players) < 2:
        raise TablecalcError(_("a round needs at least 2 players, got {players}").format(players=len(players)))
    if len(players) > 8:
        raise TablecalcError(_("Nmbrs! is for 2 to 8 players, got {players}").format(players=len(players)))
    names = [p[0] for p in players]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise TablecalcError(_("{twice} is given twice: each player once").format(twice=twice))
    deck.check_available([c for _, _, hand in players for c in hand], "hands")
    out_names = [name for name, _, hand in players if not hand]
    if len(out_names) > 1:
        raise TablecalcError(_("{names} went out, but only one player can: the round ends when "
                               "the first goes out (give the cards left in the others' hands)").format(names=" and ".join(out_names)))
    out = []
    for name, before, hand in players:
        penalty = card_points(hand, rules, deck)
        out.append(PlayerRound(name, before, tuple(hand), penalty, before - penalty))
    return RoundResult(tuple(out), rules, deck.points_estimated)


_PLAYER = re.compile(r"\s*([^\W\d][\w' .-]*?)\s*=\s*(-?[0-9]{1,12})\s*(?::(.*))?")


def parse_player(text: str, deck: Deck) -> tuple[str, int, list[Card]]:
    """Read ``"Bob=80:14 20 joker"`` (name = score before the penalty : cards left; none = went out).

    >>> name, before, hand = parse_player("Bob=80: 14 20", Deck.default())
    >>> name, before, [str(c) for c in hand]
    ('Bob', 80, ['14', '20'])
    """
    m = _PLAYER.fullmatch(text)
    if not m:
        raise TablecalcError(
            _("bad player {text}: expected NAME=SCORE or NAME=SCORE:CARDS LEFT, e.g. \"Bob=80:14 20 joker\"").format(
                text=quoted(text))
        )
    cards = m.group(3) or ""
    hand = deck.parse_hand(cards, f"hand of {m.group(1)}") if cards.strip() else []
    return m.group(1), int(m.group(2)), hand
