"""How ``tablecalc nmbrs play`` shows a round to the player at one seat: the table, the piles, the
scores and how many cards the others hold, that player's hand only (hot-seat play hides the others'),
and what may be typed now, in the language in use."""

from __future__ import annotations

import typer

from solver.nmbrs.words import round_view
from trainer.out import escape

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
    """The round ``state`` as the player at ``seat`` sees it."""
    for line in round_view(state, seat):
        typer.echo(line)
