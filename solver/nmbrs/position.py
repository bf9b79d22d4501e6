"""A Nmbrs! position: what a puzzle stores — the hand after the draw, the table, and whether the
player came out in an earlier turn.

Its notation has ``;`` between fields (the table already uses ``|`` between sequences);
the table and ``opened`` are left out when empty or false, and it round-trips:

>>> deck = Deck.default()
>>> p = Position.parse("hand 15r 25 40 7 8; table 10 20 30 | 4 10 16; opened", deck)
>>> str(p), Position.parse(str(p), deck) == p
('hand 15r 25 40 7 8; table 10 20 30 | 4 10 16; opened', True)
>>> str(Position.parse("hand 5 10 joker", deck))
'hand 5 10 joker'
>>> Position.parse("hand 5 10 20; table 10 20 30", deck)
Traceback (most recent call last):
...
solver.errors.TablecalcError: bad position 'hand 5 10 20; table 10 20 30': 10 is both in your hand and on the table, but the deck has one card of each number
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.parsing import format_fields, parse_fields
from solver.nmbrs.cards import Card, Deck
from solver.nmbrs.rules import Rules
from solver.nmbrs.table import Table, check_hand_and_table

__all__ = ["Position"]


@dataclass(frozen=True)
class Position:
    """A hand (after the draw), the sequences on the table, and ``opened``: the player came out
    (laid a sequence of their own) in an earlier turn."""

    hand: tuple[Card, ...]
    table: Table = Table()
    opened: bool = False

    @classmethod
    def parse(cls, text: str, deck: Deck) -> "Position":
        """Read ``hand CARDS; table SEQUENCES; opened`` (table and ``opened`` optional).

        The table is checked under the most lenient rules (any progression, cards of ``deck``);
        :meth:`check` checks it under a table's own rules. Raises :class:`TablecalcError`,
        quoting ``text``, for anything malformed.
        """
        fields = parse_fields(text, N_("position"), ["hand", "table"], required=["hand"], flags=["opened"])
        try:
            hand = tuple(deck.parse_hand(str(fields["hand"])))
            lenient = Rules(high=deck.high)
            table = Table.parse(str(fields.get("table", "")), deck, lenient)
            check_hand_and_table(hand, table, deck, lenient)
        except TablecalcError as e:
            raise TablecalcError(_("bad position {text}: {e}").format(text=quoted(text.strip()), e=e)) from None
        return cls(hand, table, bool(fields.get("opened", False)))

    def check(self, rules: Rules, deck: Deck) -> None:
        """Raise :class:`TablecalcError` unless the table is valid under ``rules`` and the hand
        and the table can be on the same table.

        >>> deck = Deck.default()
        >>> Position.parse("hand 7 8; table 14 20 26", deck).check(Rules.preset("advanced"), deck)
        Traceback (most recent call last):
        ...
        solver.nmbrs.table.InvalidTable: position 'hand 7 8; table 14 20 26': sequence 1 (14 20 26) is not valid under advanced: counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1
        """
        self.table.validate(deck, rules, f"position {str(self)!r}")
        check_hand_and_table(self.hand, self.table, deck, rules)

    def __str__(self) -> str:
        return format_fields([
            ("hand", " ".join(str(c) for c in self.hand)),
            ("table", str(self.table)),
            ("opened", self.opened),
        ])

    def as_dict(self) -> dict:
        return {"text": str(self), "hand": [str(c) for c in self.hand], "table": self.table.as_dict(),
                "opened": self.opened}
