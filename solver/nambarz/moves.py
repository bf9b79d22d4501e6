"""One move in a Nambarz round: the jokers' rules, what a joker laid alone asks of the next
player, and the referee's verdict on a move (:class:`~solver.nambarz.verdict.RoundVerdict`; the
referee of a play on a number card, :func:`solver.nambarz.referee.judge`, judges cards and
calculations).

The card to cover (the *cover*) is either a number card, or the announcement of a change
joker laid alone (:class:`Announcement`): then the next player must lay one card of the
announced number or drawing — no calculation (seed 000, III).

A move is written as a player says it:

* ``6÷2``, ``8-lion - 5-cat`` — a calculation (laid in this order);
* ``3-hippo``, ``3-symbol`` (or ``concordance 3-hippo``) — one card by concordance;
* ``change-number 5``, ``change-drawing cat``, ``change-number-or-drawing 5`` — a change joker
  and what it announces, alone; ``change-number 5 then 5-cat`` — with the card laid after it;
* ``play-again`` — the player must then play again (or draw);
* ``draw`` — when nothing covers the card.

>>> from solver.nambarz.cards import Deck
>>> from solver.nambarz.rules import Rules
>>> deck = Deck.default()
>>> hand = tuple(deck.parse_hand("6 2 5-cat change-number"))
>>> r = judge(deck.parse_card("3-bee"), hand, "change-number 5 then 5-cat", Rules(), deck)
>>> r.legal, str(r.move), [str(c) for c in r.move.cards]
(True, 'change-number 5 then 5-cat', ['change-number', '5-cat'])
>>> r = judge(deck.parse_card("3-bee"), hand, "change-number cat", Rules(), deck)
>>> r.legal, [str(v) for v in r.violations], r.penalty.draw, [str(c) for c in r.penalty.take_back]
(False, ['wrong-joker'], 3, ['change-number'])
>>> r = judge(Announcement("change-number", 5), hand, "6-2", Rules(), deck)
>>> [str(v) for v in r.violations]
['calculation-on-joker']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.errors import TablecalcError, quoted
from solver.expr import leaves, parse_expression
from solver.i18n import _
from solver.nambarz.best import Play, best, play_text
from solver.nambarz.cards import (Announcement, Card, Cover, Deck, JokerKind, joker_kind, parse_cover,
                                  read_announcement)
from solver.nambarz.referee import CONCORDANCE, DRAW, DRAW_WORDS, judge as judge_play, judge_card
from solver.nambarz.rules import Rules
from solver.nambarz.state import MoveKind
from solver.nambarz.verdict import Penalty, RoundVerdict, Violation

__all__ = ["JokerKind", "Announcement", "Cover", "Move", "judge", "legal_moves", "read_move", "read_joker",
           "read_announcement", "parse_cover", "joker_kind", "joker_moves", "THEN"]


THEN = "then"
_THEN_WORDS = {"then", "puis", "dan", "+"}


@dataclass(frozen=True)
class Move:
    """One move of a round: its kind, the cards laid in order, a calculation's expression and a
    change joker's announcement (``5`` or ``cat``; a follow-up card is the second card)."""

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    expression: str | None = None
    announce: str | None = None

    @property
    def joker(self) -> Card | None:
        return self.cards[0] if self.kind is MoveKind.JOKER else None

    @property
    def then(self) -> Card | None:
        """The card laid after a change joker, if any."""
        return self.cards[1] if self.kind is MoveKind.JOKER and len(self.cards) > 1 else None

    def __str__(self) -> str:
        if self.kind is MoveKind.DRAW:
            return DRAW
        if self.kind is MoveKind.CALCULATION:
            return play_text(Play(self.cards, self.expression or ""))
        if self.kind is MoveKind.CONCORDANCE:
            return self.cards[0].exact_name
        text = str(self.cards[0])
        if self.announce is not None:
            text += f" {self.announce}"
        if self.then is not None:
            text += f" {THEN} {self.then.exact_name}"
        return text

    def as_dict(self) -> dict:
        return {"move": str(self), "kind": self.kind.value, "cards": [str(c) for c in self.cards],
                "expression": self.expression, "announce": self.announce}


# ---------------------------------------------------------------- reading


def read_joker(text: str, deck: Deck) -> tuple[Card, str | None, Card | None] | None:
    """``(joker, announcement, card after it)`` when ``text`` lays a joker, else ``None``.

    >>> read_joker("change-chiffre 5 puis 5-chat", Deck.default())
    (Card(number=None, animal=None, joker='change-number'), '5', Card(number=5, animal='cat', joker=None))
    """
    words = str(text).split()
    if not words or words[0].lower() not in deck.joker_names:
        return None
    joker = Card(joker=deck.joker_names[words[0].lower()])
    rest = words[1:]
    then_at = next((i for i, w in enumerate(rest) if w.lower() in _THEN_WORDS), None)
    before, after = (rest, []) if then_at is None else (rest[:then_at], rest[then_at + 1:])
    if len(before) > 1 or (then_at is not None and len(after) != 1):
        raise TablecalcError(_("bad joker move {text}: expected a joker, what it announces and optionally "
                               "'then CARD', e.g. change-number 5 then 5-cat").format(text=quoted(text)))
    announce = read_announcement(before[0], deck) if before else None
    then = deck.parse_card(after[0]) if after else None
    return joker, announce, then


def read_move(text: str, cover: Cover, hand: Sequence[Card], rules: Rules, deck: Deck) -> Move:
    """The move ``text`` lays (legal or not); raises :class:`TablecalcError` when it is not a
    move at all (unreadable, or cards the hand does not hold)."""
    r = judge(cover, hand, text, rules, deck)
    if r.move is None:
        raise TablecalcError(_("not a move here: {text}: {why}").format(
            text=quoted(text), why=", ".join(str(v) for v in r.violations) or "unreadable"))
    return r.move


# ---------------------------------------------------------------- judging


def _has(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    left = list(hand)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    return True


def _penalty(rules: Rules, take_back: Sequence[Card]) -> Penalty:
    return Penalty(rules.penalty_draw, tuple(take_back))


def _judge_joker(cover: Cover, hand: tuple[Card, ...], answer: str, joker: Card, announce: str | None,
                 then: Card | None, rules: Rules, deck: Deck) -> RoundVerdict:
    kind = joker_kind(joker)
    move = Move(MoveKind.JOKER, (joker,) if then is None else (joker, then), None, announce)
    base = dict(answer=answer, cover=cover, hand=hand, move=move)
    laid = [joker] if then is None else [joker, then]
    if not _has(hand, laid):
        missing = [str(c) for c in laid if c not in hand] or [str(laid[-1])]
        return RoundVerdict(**base, violations=(Violation.NOT_IN_HAND,), missing=tuple(missing))
    if isinstance(cover, Announcement) and not rules.joker_on_joker:
        return RoundVerdict(**base, violations=(Violation.JOKER_ON_JOKER,), penalty=_penalty(rules, laid))
    if kind is JokerKind.PLAY_AGAIN:
        ok = announce is None and then is None
    else:
        is_number = announce is not None and announce.isdigit()
        ok = announce is not None and (kind.announces_number if is_number else kind.announces_drawing)
    if not ok:
        return RoundVerdict(**base, violations=(Violation.WRONG_JOKER,), penalty=_penalty(rules, laid))
    if then is not None:
        said = Announcement(kind.value, int(announce)) if announce.isdigit() else Announcement(kind.value, animal=announce)  # type: ignore[union-attr]
        if not said.allows(then):
            return RoundVerdict(**base, violations=(Violation.NOT_CONCORDANT,), penalty=_penalty(rules, [then]),
                          joker_stands=True)
    return RoundVerdict(**base, violations=())


def _leaf_cards(text: str, hand: Sequence[Card], rules: Rules, deck: Deck) -> tuple[list[Card], list[str]] | None:
    """The hand's cards a calculation names (exact when labelled, else any card of that number),
    and the numbers it names that the hand lacks; ``None`` when ``text`` is no calculation."""
    try:
        expr = parse_expression(text, rules.order)
    except TablecalcError:
        return None
    tokens = leaves(expr)
    if len(tokens) < 2:
        return None
    free, cards, missing = list(hand), [], []
    for t in tokens:
        want = deck.parse_card(t.label) if t.label else None
        card = next((c for c in free if (c == want if want else (not c.is_joker and c.number == t.value))), None)
        if card is None:
            missing.append(t.label or str(t.value))
        else:
            free.remove(card)
            cards.append(card)
    return cards, missing


def _judge_announced(cover: Announcement, hand: tuple[Card, ...], answer: str, rules: Rules, deck: Deck) -> RoundVerdict:
    """A move on a change joker laid alone: one card of the announced number or drawing (or a
    joker, if the rules allow), never a calculation; draw only when nothing follows it."""
    text = answer.strip()
    base = dict(answer=answer, cover=cover, hand=hand)
    if text.lower() in DRAW_WORDS:
        playable = any(cover.allows(c) for c in hand) or (rules.joker_on_joker and any(c.is_joker for c in hand))
        return RoundVerdict(**base, move=Move(MoveKind.DRAW), violations=(Violation.COULD_PLAY,) if playable else ())
    word, _sep, rest = text.partition(" ")
    if word.lower() == CONCORDANCE and rest.strip():
        text = rest.strip()
    try:
        card = deck.parse_card(text)
    except TablecalcError:
        card = None
    if card is None:
        read = _leaf_cards(text, hand, rules, deck)
        if read is None:
            return RoundVerdict(**base, move=None, violations=(Violation.NOT_A_CALCULATION,))
        cards, missing = read
        if missing:
            return RoundVerdict(**base, move=None, violations=(Violation.NOT_IN_HAND,), missing=tuple(missing))
        move = Move(MoveKind.CALCULATION, tuple(cards), text)
        return RoundVerdict(**base, move=move, violations=(Violation.CALCULATION_ON_JOKER,), penalty=_penalty(rules, cards))
    target = cover.as_card()
    v = judge_card(card, text, hand, target, rules)
    laid = tuple(c for c in v.cards if c is not None)
    move = Move(MoveKind.CONCORDANCE, laid) if laid else None
    return RoundVerdict(**base, move=move, violations=v.violations, penalty=v.penalty, missing=v.missing)


def judge(cover: Cover, hand: Sequence[Card], answer: str, rules: Rules, deck: Deck, *, must_draw: bool = False) -> RoundVerdict:
    """The verdict on ``answer`` by a player holding ``hand`` who must cover ``cover``.

    Cards and calculations on a number card are the one-turn referee's
    (:func:`solver.nambarz.referee.judge`); this adds the jokers' rules. ``must_draw``: the
    player laid play-again as their last card and must draw first.
    """
    hand = tuple(hand)
    text = str(answer).strip()
    if must_draw:
        if text.lower() in DRAW_WORDS:
            return RoundVerdict(answer, cover, hand, Move(MoveKind.DRAW), ())
        return RoundVerdict(answer, cover, hand, None, (Violation.MUST_DRAW,))
    joker = read_joker(text, deck)
    if joker is not None:
        return _judge_joker(cover, hand, answer, *joker, rules, deck)
    if isinstance(cover, Announcement):
        return _judge_announced(cover, hand, answer, rules, deck)
    if not hand:
        raise TablecalcError(_("the player to move holds no card: nothing to judge"))
    v = judge_play(cover, hand, text, rules, deck)
    move = None
    if v.kind == DRAW:
        move = Move(MoveKind.DRAW)
    elif v.kind is not None and not v.missing:
        laid = tuple(c for c in v.cards if c is not None)
        if v.kind == "calculation":
            move = Move(MoveKind.CALCULATION, laid, v.expression)
        elif v.kind == "concordance":
            move = Move(MoveKind.CONCORDANCE, laid)
        else:  # a joker written in a way read_joker does not read
            move = Move(MoveKind.JOKER, laid)
    return RoundVerdict(answer, cover, hand, move, v.violations, v.penalty, bonus=v.bonus, missing=v.missing, card_verdict=v)


# ---------------------------------------------------------------- legal moves


def _announcements(kind: JokerKind, deck: Deck) -> list[str]:
    out: list[str] = []
    if kind.announces_number:
        out += [str(n) for n in range(deck.low, deck.high + 1)]
    if kind.announces_drawing:
        out += sorted(deck.animals)
    return out


def joker_moves(cover: Cover, hand: Sequence[Card], rules: Rules, deck: Deck) -> list[Move]:
    """Every joker move of the hand: play-again; each change joker with each announcement,
    alone, then followed by each card of the hand that follows the announcement."""
    if isinstance(cover, Announcement) and not rules.joker_on_joker:
        return []
    moves: list[Move] = []
    numbered = sorted(set(c for c in hand if not c.is_joker))
    for joker in sorted(set(c for c in hand if c.is_joker)):
        kind = joker_kind(joker)
        if kind is JokerKind.PLAY_AGAIN:
            moves.append(Move(MoveKind.JOKER, (joker,)))
            continue
        for value in _announcements(kind, deck):
            said = Announcement(kind.value, int(value)) if value.isdigit() else Announcement(kind.value, animal=value)
            moves.append(Move(MoveKind.JOKER, (joker,), None, value))
            moves += [Move(MoveKind.JOKER, (joker, c), None, value) for c in numbered if said.allows(c)]
    return moves


def legal_moves(cover: Cover, hand: Sequence[Card], rules: Rules, deck: Deck, *, must_draw: bool = False) -> list[Move]:
    """Every move the referee accepts, in a fixed order: the simplest calculations, the
    concordant cards, the jokers — or ``draw`` when there is none (or ``must_draw``)."""
    if must_draw:
        return [Move(MoveKind.DRAW)]
    moves: list[Move] = []
    if isinstance(cover, Announcement):
        moves += [Move(MoveKind.CONCORDANCE, (c,)) for c in sorted(set(hand)) if cover.allows(c)]
    else:
        sol = best(cover, hand, rules, deck)
        moves += [Move(MoveKind.CALCULATION, p.cards, p.expression) for p in sol.plays]
        moves += [Move(MoveKind.CONCORDANCE, (c,)) for c in sol.concordant]
    moves += joker_moves(cover, hand, rules, deck)
    return moves or [Move(MoveKind.DRAW)]


