"""How ``tablecalc nmbrs play`` and the drill show cards: the table, the piles, the scores and how
many cards the others hold, that player's hand only (hot-seat play hides the others'), and what
may be typed now, in the language in use; on a terminal every card of the table and the hand in
its colour (the score depends on it), its letter when colour is off."""

from __future__ import annotations

import typer

from solver.nmbrs.words import round_view
from trainer.out import escape, safe

STYLES = {"red": "bold red", "green": "bold green", "blue": "bold blue", "orange": "bold yellow"}
"""How a card's colour is drawn in a terminal (a joker in magenta): orange as the terminal's yellow, which
most terminals draw orange-brown and which, unlike an orange of 256 colours, no 16-colour terminal
turns into a second red."""


def card_markup(card, deck, colour: bool = True) -> str:
    """A card (:class:`~solver.nmbrs.cards.Card`, or one :class:`~solver.nmbrs.cards.Placed` on the table)
    as markup, in its colour (the deck's when none was written); with ``colour`` off, its colour
    letter is written after its number when the notation has none (a table card).

    >>> from solver.nmbrs.cards import Card, Colour, Placed
    >>> from solver.nmbrs.game import GAME
    >>> deck = GAME.load_data(GAME.rules())
    >>> card_markup(Card(14, Colour.RED), deck), card_markup(Placed(Card(62), 62), deck, colour=False)
    ('[bold red]14r[/]', '[bold green]62g[/]')
    """
    if card.is_joker:
        return f"[bold magenta]{escape(str(card))}[/]"
    plain = getattr(card, "card", card)  # a table card: the card lying there
    hue = deck.colour_of(plain)
    text = str(card)
    if not colour and hue is not None and plain.colour is None:
        text += hue.letter
    return f"[{STYLES[hue.value]}]{escape(text)}[/]" if hue is not None else escape(text)


def show_state(state, seat: int) -> None:
    """The round ``state`` as the player at ``seat`` sees it: on a terminal, the table's cards and
    the hand's in their colours (their letters when colour is off); elsewhere the plain view."""
    from trainer.out import out

    lines = round_view(state, seat)
    if not out.terminal:
        for line in lines:
            typer.echo(line)
        return
    colour = not out.console.no_color and out.console.color_system is not None
    deck = state.deck
    hand = " ".join(card_markup(c, deck, colour) for c in sorted(state.hands[seat], key=lambda c: c.sort_key()))
    table = "  ".join(f"{i}: " + " ".join(card_markup(c, deck, colour) for c in seq)
                      for i, seq in enumerate(state.table.sequences, 1))
    hand_line, table_line = 3, 0  # round_view's order: table, piles, scores, hand, ...
    from solver.i18n import _

    for i, line in enumerate(lines):
        if i == table_line and table:
            out.print(escape(_("  table: {table}")).format(table=table))
        elif i == hand_line and hand:
            out.print(escape(_("  your hand ({name}): {cards}")).format(name=safe(state.names[seat]), cards=hand))
        else:
            out.print(escape(line))
