"""The notation of Nmbrs! moves: one move (:class:`Move`), a list of moves, and a player's answer.

A move is written ``lay 14 20 26``, ``add 1: 15 25``, ``cross 20: 35 50``, ``link 1 2: 40``,
``swap 20``; the turn ends with ``discard CARD`` (or ``end`` when the simple version lets
the last card be laid). ``str(move)`` gives the notation back:

>>> deck = Deck.default()
>>> [str(Move.parse(t, deck)) for t in ("add 1 15 joker=25", "LINK 1 2", "discard 7r", "end")]
['add 1: 15 joker=25', 'link 1 2:', 'discard 7r', 'end']

A move's word may be typed in French or Dutch too (:data:`MOVE_WORDS`: ``poser``/``leggen``,
``ajouter``/``aanleggen``, ``croiser``/``kruisen``, ``relier``/``koppelen``,
``échanger``/``inwisselen``, ``défausser``/``afleggen``, ``fin``/``einde``); ``str(move)`` writes
the English word:

>>> str(Move.parse("Défausser 7r", deck)), str(Move.parse("aanleggen 1: 8", deck))
('discard 7r', 'add 1: 8')

A player's answer (:func:`parse_turn`) is moves separated by ``;``, where the cards alone
mean ``lay`` them and ``pass`` means no move:

>>> [str(m) for m in parse_turn("14 20 26; add 1: 32", deck)], parse_turn("pass", deck)
(['lay 14 20 26', 'add 1: 32'], [])
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import is_whole
from solver.nmbrs.cards import Card, Deck, Placed, split_cards

__all__ = ["MoveKind", "Move", "parse_moves", "parse_turn", "PASS_WORDS", "MOVE_WORDS", "plain_words"]


class MoveKind(enum.StrEnum):
    """What a move does; the value is the word that starts it."""

    LAY = "lay"
    ADD = "add"
    CROSS = "cross"
    LINK = "link"
    SWAP = "swap"
    DISCARD = "discard"
    """End the turn by discarding one card of the hand."""
    END = "end"
    """End the turn with an empty hand (only when the last card may be laid: the simple version)."""


MOVE_WORDS: dict[str, MoveKind] = {
    **{k.value: k for k in MoveKind},
    "poser": MoveKind.LAY, "pose": MoveKind.LAY, "leggen": MoveKind.LAY, "leg": MoveKind.LAY,
    "ajouter": MoveKind.ADD, "ajoute": MoveKind.ADD, "aanleggen": MoveKind.ADD, "toevoegen": MoveKind.ADD,
    "croiser": MoveKind.CROSS, "croise": MoveKind.CROSS, "kruisen": MoveKind.CROSS, "kruis": MoveKind.CROSS,
    "relier": MoveKind.LINK, "relie": MoveKind.LINK, "koppelen": MoveKind.LINK, "koppel": MoveKind.LINK,
    "echanger": MoveKind.SWAP, "echange": MoveKind.SWAP, "inwisselen": MoveKind.SWAP, "ruilen": MoveKind.SWAP,
    "defausser": MoveKind.DISCARD, "defausse": MoveKind.DISCARD, "jeter": MoveKind.DISCARD,
    "afleggen": MoveKind.DISCARD, "weggooien": MoveKind.DISCARD,
    "fin": MoveKind.END, "finir": MoveKind.END, "einde": MoveKind.END,
}
"""The word that starts a move, in English, French or Dutch (accents and case aside: :func:`plain_words`)."""


def plain_words(text: str) -> str:
    """``text`` as a move word is looked up: lower case, accents dropped, spaces collapsed.

    >>> plain_words("  Défausser   7 ")
    'defausser 7'
    """
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


_GLUED = re.compile(r"(?i)^(lay|add|cross|link|swap|discard)(?=[0-9*]|j)")
"""A move's word glued to what follows it (``lay12o``, ``add1:``, ``layjoker``)."""

_TARGETS = {MoveKind.LAY: 0, MoveKind.ADD: 1, MoveKind.CROSS: 1, MoveKind.LINK: 2, MoveKind.SWAP: 1,
            MoveKind.DISCARD: 0, MoveKind.END: 0}
"""How many numbers each kind of move names before its cards."""

_MOVE_SHAPE = {
    MoveKind.LAY: "lay CARDS, e.g. lay 14 20 26",
    MoveKind.ADD: "add SEQUENCE: CARDS, e.g. add 1: 15 25",
    MoveKind.CROSS: "cross TABLE-CARD: CARDS, e.g. cross 20: 35 50",
    MoveKind.LINK: "link SEQUENCE SEQUENCE: CARDS, e.g. link 1 2: 40",
    MoveKind.SWAP: "swap NUMBER, e.g. swap 20",
    MoveKind.DISCARD: "discard CARD, e.g. discard 7",
    MoveKind.END: "end (nothing after it)",
}


@dataclass(frozen=True)
class Move:
    """One move: ``kind``, its ``target`` numbers and the hand ``cards`` it lays (or discards).

    ``target`` is () for lay, discard and end, (sequence,) for add, (table card,) for cross,
    (sequence, sequence) for link and (number,) for swap; sequences count from 1.
    ``cards`` are :class:`Card` or, for a joker whose number is given, :class:`Placed`.

    >>> m = Move.parse("add 1: 15 joker=25", Deck.default())
    >>> m.kind, m.target, str(m)
    (<MoveKind.ADD: 'add'>, (1,), 'add 1: 15 joker=25')
    """

    kind: MoveKind
    target: tuple[int, ...] = ()
    cards: tuple[Card | Placed, ...] = ()

    @property
    def ends_turn(self) -> bool:
        """Whether this is the move that ends a turn (``discard`` or ``end``)."""
        return self.kind in (MoveKind.DISCARD, MoveKind.END)

    @classmethod
    def parse(cls, text: str, deck: Deck) -> "Move":
        """Read one move; raises :class:`TablecalcError` quoting ``text`` when it is malformed.

        A missing space after the move's word is forgiven (``lay12o`` reads as ``lay 12o``):

        >>> str(Move.parse("lay12o 24", Deck.default())), str(Move.parse("add1: 15", Deck.default()))
        ('lay 12o 24', 'add 1: 15')
        """
        t = _GLUED.sub(r"\1 ", text.strip(), count=1)
        word, _space, rest = t.partition(" ")
        kind = MOVE_WORDS.get(plain_words(word))
        if kind is None:
            raise TablecalcError(
                _("unknown move {text}: expected lay CARDS, add N: CARDS, cross CARD: CARDS, link N M: CARDS, "
                  "swap N, discard CARD or end").format(text=quoted(text))
            )
        head, colon, tail = rest.partition(":")
        tokens = split_cards(head)
        need = _TARGETS[kind]
        if not colon:
            tokens, tail_tokens = tokens[:need], tokens[need:]
        else:
            tail_tokens = split_cards(tail)
            if len(tokens) != need:
                raise TablecalcError(_("bad move {text}: expected {kind}").format(text=quoted(text), kind=_MOVE_SHAPE[kind]))
        if len(tokens) < need:
            raise TablecalcError(_("bad move {text}: expected {kind}").format(text=quoted(text), kind=_MOVE_SHAPE[kind]))
        target = []
        for tok in tokens:
            if not is_whole(tok):
                raise TablecalcError(_("bad move {text}: {tok} should be a number; expected {kind}").format(text=quoted(text), tok=repr(tok), kind=_MOVE_SHAPE[kind]))
            target.append(int(tok))
        cards: list[Card | Placed] = []
        for tok in tail_tokens:
            cards.append(deck.parse_typed(tok))
        if kind is MoveKind.SWAP and cards:
            raise TablecalcError(_("bad move {text}: expected swap N (your card N replaces the joker standing for N)").format(text=quoted(text)))
        if kind is MoveKind.END and cards:
            raise TablecalcError(_("bad move {text}: expected {kind}").format(text=quoted(text), kind=_MOVE_SHAPE[kind]))
        if kind is MoveKind.DISCARD and (len(cards) != 1 or isinstance(cards[0], Placed)):
            raise TablecalcError(_("bad move {text}: expected one card of your hand, {kind}").format(text=quoted(text), kind=_MOVE_SHAPE[kind]))
        if kind in (MoveKind.LAY, MoveKind.ADD, MoveKind.CROSS) and not cards:
            raise TablecalcError(_("bad move {text}: no cards; expected {kind}").format(text=quoted(text), kind=_MOVE_SHAPE[kind]))
        if kind is MoveKind.SWAP:
            deck.parse_number(str(target[0]), text)
        return cls(kind, tuple(target), tuple(cards))

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        if self.kind in (MoveKind.LAY, MoveKind.DISCARD):
            return f"{self.kind} {cards}"
        if self.kind is MoveKind.END:
            return "end"
        if self.kind is MoveKind.SWAP:
            return f"swap {self.target[0]}"
        head = f"{self.kind} {' '.join(map(str, self.target))}:"
        return f"{head} {cards}" if cards else head


def parse_moves(texts: Iterable[str], deck: Deck) -> list[Move]:
    """Moves given one per string, or several in one string separated by ``;``."""
    moves = [Move.parse(part, deck) for t in texts for part in t.split(";") if part.strip()]
    if not moves:
        raise TablecalcError(_("no moves given: expected e.g. \"lay 14 20 26\" \"add 1: 15 25\""))
    return moves


PASS_WORDS = ("pass", "draw", "discard", "nothing", "pas", "passen", "niets", "passe", "passer", "rien")
"""Answers that mean "no move" (the turn just ends with a discard), in English, Dutch or French."""

_LOOKS_LIKE_CARD = re.compile(r"(?i)[0-9]|j\b|joker|\*")


def parse_turn(text: str, deck: Deck) -> list[Move]:
    """A player's answer as moves: moves separated by ``;``; a part that starts with a card
    means ``lay`` those cards; one of :data:`PASS_WORDS` alone means no move.

    >>> [str(m) for m in parse_turn("lay 5 6 7; 40 50 60; discard 9", Deck.default())]
    ['lay 5 6 7', 'lay 40 50 60', 'discard 9']
    >>> parse_turn("  ", Deck.default())
    Traceback (most recent call last):
    ...
    solver.errors.TablecalcError: no answer: expected moves separated by ; (e.g. "lay 14 20 26; add 1: 32"), the cards of a new sequence, or pass
    """
    t = text.strip()
    if t.lower() in PASS_WORDS:
        return []
    parts = [p.strip() for p in t.split(";") if p.strip()]
    if not parts:
        raise TablecalcError(
            _('no answer: expected moves separated by ; (e.g. "lay 14 20 26; add 1: 32"), the cards of a new sequence, or pass')
        )
    moves = []
    for part in parts:
        word = part.split()[0].lower()
        if plain_words(word) not in MOVE_WORDS and _LOOKS_LIKE_CARD.match(word):
            part = f"lay {part}"
        moves.append(Move.parse(part, deck))
    return moves
