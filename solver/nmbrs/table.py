"""The Nmbrs! table: the sequences lying on it, each in increasing order, a number shared by two
being a crossing card.

A table is written as its sequences separated by ``|``, each in laying order; a card
written in two sequences is the crossing card they share (the deck has one card of each
number). A joker on the table stands for the number its position gives (or write
``joker=20``):

>>> deck, rules = Deck.default(), Rules()
>>> table = Table.parse("10 20 30 | 4 10 16 | 40 joker 60", deck, rules)
>>> str(table), table.crossings()
('10 20 30 | 4 10 16 | 40 joker=50 60', {10: (1, 2)})

A sequence that is not valid under the rules is refused with :class:`InvalidTable`, which
carries why as data (:class:`~solver.nmbrs.verdict.SequenceWhy`):

>>> try:
...     Table.parse("14 20 26", deck, Rules.preset("advanced"))
... except InvalidTable as e:
...     e.index, e.why.code
(1, <Violation.COUNT_BACK: 'count-back'>)

The moves of a turn are judged by :mod:`solver.nmbrs.referee`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.nmbrs.cards import Card, Deck, Placed, split_cards
from solver.nmbrs.rules import Rules
from solver.nmbrs.sequences import why_not
from solver.nmbrs.verdict import SequenceWhy

__all__ = ["Table", "InvalidTable", "check_hand_and_table"]


class InvalidTable(TablecalcError):
    """A table sequence that is not valid under the rules: ``what`` (the table, as the error
    names it), the sequence's 1-based ``index`` and ``cards``, the ``rules``' name, and ``why``
    as data. Its message ends with ``why`` worded by the game (``GAME.explain``, looked up in the
    registry when the message is read): this module holds no sentence, as an illegal move's
    verdict is worded at the edge."""

    def __init__(self, what: str, index: int, cards: str, rules: str, why: SequenceWhy):
        self.what, self.index, self.cards, self.rules, self.why = what, index, cards, rules, why
        super().__init__(f"{self._head()}: {why.code}")

    def _head(self) -> str:
        return f"{self.what}: sequence {self.index} ({self.cards}) is not valid under {self.rules}"

    def __reduce__(self):  # pickled (a worker process's error) with its data, not its message
        return type(self), (self.what, self.index, self.cards, self.rules, self.why)

    def __str__(self) -> str:
        from solver.registry import find_game

        return f"{self._head()}: {find_game('nmbrs').explain(self.why)}"


@dataclass(frozen=True)
class Table:
    """The sequences on the table, each in increasing order; a number shared by two is a crossing."""

    sequences: tuple[tuple[Placed, ...], ...] = ()

    @classmethod
    def parse(cls, text: str, deck: Deck, rules: Rules) -> "Table":
        """Read ``"10 20 30 | 5 10 15"``; raises :class:`TablecalcError` for a malformed or invalid table."""
        if not text.strip():
            return cls()
        parts = re.split(r"[|/\n]", text)
        seqs = []
        for i, part in enumerate(parts, 1):
            tokens = split_cards(part)
            if not tokens:
                raise TablecalcError(
                    _("table {table}: sequence {i} is empty: expected sequences separated by | like {example}").format(
                        table=quoted(text.strip()), i=i, example='"10 20 30 | 5 10 15"')
                )
            seqs.append(_resolve_positions([deck.parse_placed(t) for t in tokens], part.strip(), i))
        return cls.build(seqs, deck, rules, what=f"table {quoted(text.strip())}")

    @classmethod
    def build(cls, sequences: Iterable[Sequence[Placed]], deck: Deck, rules: Rules, what: str = "table") -> "Table":
        """A validated table from sequences of placed cards (any order within a sequence)."""
        seqs = [tuple(sorted(s, key=lambda p: p.value)) for s in sequences]
        # one card per number: merge the colour typed in one sequence into the others
        cards: dict[int, Card] = {}
        for i, s in enumerate(seqs, 1):
            for p in s:
                old = cards.get(p.value)
                if old is None or old == p.card:
                    cards[p.value] = p.card
                elif old.is_joker != p.card.is_joker:
                    raise TablecalcError(
                        _("{what}: {value} is both a card and a joker: a number lies on the table only once "
                          "(a crossing repeats the same card)").format(what=what, value=p.value)
                    )
                elif old.colour and p.card.colour and old.colour != p.card.colour:
                    raise TablecalcError(_("{what}: the crossing card {value} is written {old} and {card}: one card, one colour").format(what=what, value=p.value, old=old, card=p.card))
                else:
                    cards[p.value] = old if old.colour else p.card
        table = cls(tuple(tuple(Placed(cards[p.value], p.value) for p in s) for s in seqs))
        table.validate(deck, rules, what)
        return table

    def validate(self, deck: Deck, rules: Rules, what: str = "table") -> None:
        """Raise unless every sequence is valid and every crossing possible."""
        for i, s in enumerate(self.sequences, 1):
            values = [p.value for p in s]
            for v in values:
                if not 1 <= v <= rules.high:
                    raise TablecalcError(_("{what}: sequence {i} has {v}, but the cards run 1-{high} ({name})").format(what=what, i=i, v=v, high=rules.high, name=rules.name))
            why = why_not(values, 0, rules)
            if why:
                raise InvalidTable(what, i, _seq_text(s), rules.name, why)
        members = self.members()
        for v, seqs in members.items():
            if len(seqs) > 2:
                raise TablecalcError(
                    _("{what}: {v} is in {n} sequences ({seqs}); a card can be in at most two (one each way)").format(
                        what=what, v=v, n=len(seqs), seqs=", ".join(map(str, seqs)))
                )
        for i in range(len(self.sequences)):
            for j in range(i + 1, len(self.sequences)):
                shared = self.shared(i, j)
                if len(shared) > 1:
                    raise TablecalcError(
                        _("{what}: sequences {i} and {j} share {cards}; two sequences cross at one card at most").format(
                            what=what, i=i + 1, j=j + 1, cards=", ".join(map(str, shared)))
                    )
        jokers = sum(1 for p in self.cards().values() if p.is_joker)
        if jokers > deck.jokers:
            raise TablecalcError(_("{what}: {jokers} jokers but the deck has {jokers2}").format(what=what, jokers=jokers, jokers2=deck.jokers))

    # -- looking at it --------------------------------------------------------

    def cards(self) -> dict[int, Card]:
        """Every card on the table by the number it lies at."""
        return {p.value: p.card for s in self.sequences for p in s}

    def values(self) -> frozenset[int]:
        return frozenset(p.value for s in self.sequences for p in s)

    def numbers(self, i: int) -> tuple[int, ...]:
        """The numbers of sequence ``i`` (0-based)."""
        return tuple(p.value for p in self.sequences[i])

    def members(self) -> dict[int, tuple[int, ...]]:
        """For each number on the table, the sequences (1-based) it lies in."""
        out: dict[int, list[int]] = {}
        for i, s in enumerate(self.sequences, 1):
            for p in s:
                out.setdefault(p.value, []).append(i)
        return {v: tuple(s) for v, s in sorted(out.items())}

    def crossings(self) -> dict[int, tuple[int, ...]]:
        """The crossing cards: number -> the two sequences (1-based) sharing it."""
        return {v: s for v, s in self.members().items() if len(s) > 1}

    def shared(self, i: int, j: int) -> list[int]:
        """Numbers that sequences ``i`` and ``j`` (0-based) share."""
        return sorted(set(self.numbers(i)) & set(self.numbers(j)))

    def __str__(self) -> str:
        return self._text

    @cached_property
    def _text(self) -> str:
        """The notation, written once per table (a round writes its table after every move)."""
        return " | ".join(_seq_text(s) for s in self.sequences)

    def as_dict(self) -> dict:
        return {
            "text": str(self),
            "sequences": [{"cards": [str(p) for p in s], "numbers": [p.value for p in s]} for s in self.sequences],
            "crossings": [{"number": v, "sequences": list(s)} for v, s in self.crossings().items()],
        }


def _seq_text(s: Sequence[Placed]) -> str:
    return " ".join(str(p) for p in s)


def _resolve_positions(items: list[tuple[Card, int | None]], text: str, index: int) -> list[Placed]:
    """Give each joker of a typed table sequence the number its position implies."""
    known = [(i, v) for i, (_, v) in enumerate(items) if v is not None]
    if all(v is not None for _, v in items):
        return [Placed(c, v) for c, v in items]  # type: ignore[arg-type]
    if len(known) < 2:
        raise TablecalcError(
            _("cannot tell which number the joker stands for in sequence {index} ({text}): "
              "give two numbered cards or write it as joker=N").format(index=index, text=quoted(text))
        )
    (i0, v0), (i1, v1) = known[0], known[1]
    step, rest = divmod(v1 - v0, i1 - i0)
    if rest or step == 0 or any(v != v0 + (i - i0) * step for i, v in known):
        raise TablecalcError(
            _("cannot place the joker in sequence {index} ({text}): the cards around it are not evenly spaced; "
              "write it as joker=N").format(index=index, text=quoted(text))
        )
    return [Placed(c, v if v is not None else v0 + (i - i0) * step) for i, (c, v) in enumerate(items)]


def check_hand_and_table(hand: Sequence[Card], table: Table, deck: Deck, rules: Rules) -> None:
    """Raise unless the hand and the table could be on the same table (one card per number)."""
    if not hand:
        raise TablecalcError(_("the hand is empty: expected cards like \"14r 20 26 joker\""))
    on_table = {v for v, c in table.cards().items() if not c.is_joker}
    for c in hand:
        if not c.is_joker and c.number in on_table:
            raise TablecalcError(_("{c} is both in your hand and on the table, but the deck has one card of each number").format(c=c))
        if not c.is_joker and c.number > rules.high:
            raise TablecalcError(_("there is no card {c} in {name}: cards run 1-{high}").format(c=c, name=rules.name, high=rules.high))
    jokers = sum(1 for c in hand if c.is_joker) + sum(1 for c in table.cards().values() if c.is_joker)
    if jokers > deck.jokers:
        raise TablecalcError(_("{jokers} jokers in your hand and on the table, but the deck has {jokers2}").format(jokers=jokers, jokers2=deck.jokers))
