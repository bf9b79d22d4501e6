"""What a game shows in the browser: its face. The web app knows no game; it asks the game's face
for the fields that build a situation by tapping, the notation those fields make, the things an
answer is tapped from, and the drawings (SVG) of a situation and of a table in play.

A game's face lives in ``trainer/games/<game>/web.py`` as ``FACE`` (a :class:`Face` subclass
made with the game); a game without one gets :class:`Face` itself, which asks for the notation
as typed and shows it as text, so a newly registered game is in the web app at once.

Taps only ever add notation to a field (the page's script knows nothing else): the server reads
the notation with the game's own parser, so a situation built by tapping and one typed are read
alike, and every refusal is the parser's one line.

>>> from solver.registry import find_game
>>> face = Face(find_game("arith"))
>>> [f.name for f in face.situation_fields(face.game.rules(), None)]
['situation']
>>> face.situation_text({"situation": " numbers 1 2 3 4; target 10 "})
'numbers 1 2 3 4; target 10'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Literal, Mapping

from solver.errors import TablecalcError
from solver.game import BaseGame
from solver.i18n import N_, _
from trainer.web.svg import esc, key

__all__ = ["Token", "Field", "Face", "face_of", "MAX_FIELD", "calculation_tokens", "digit_tokens"]

MAX_FIELD = 2000
"""The longest text a field may carry (characters); longer is refused before any game reads it."""


@dataclass(frozen=True)
class Token:
    """One thing a person taps: ``text`` is the notation it adds to its field, ``label`` what it
    is called (read aloud, shown on hover), ``svg`` its drawing (empty: ``label`` is shown).
    ``group`` names the set it is shown in (a colour, a suit, a player's hand): tokens one after
    another with the same group are shown together under that name, so a palette of fifty tiles
    reads as four colours."""

    text: str
    label: str
    svg: str = ""
    group: str = ""


@dataclass(frozen=True)
class Field:
    """One input of a form.

    ``mode`` says what a tap does: ``one`` sets the field to the token, ``many`` adds the token
    after the others (with ``joiner`` between), ``number`` is a count with minus and plus
    (``lo``..``hi``), ``text`` is typed only. Every field can be typed into as well. Fields one
    after another with the same ``row`` are laid side by side under that name (the six pits of
    one side of a board, the five cells of a staking board), their steppers upright.

    With ``fold``, each group of tokens (:attr:`Token.group`) is folded under its name but for
    those of ``open_groups``: a palette of a whole deck (a hundred cards) stays short on a phone,
    one tap opening the group of the card wanted.
    """

    name: str
    label: str
    mode: Literal["one", "many", "number", "text"] = "text"
    tokens: tuple[Token, ...] = ()
    value: str = ""
    joiner: str = " "
    lo: int = 0
    hi: int = 99
    example: str = ""
    row: str = ""
    fold: bool = False
    open_groups: tuple[str, ...] = ()

    def groups(self) -> list[tuple[str, tuple[Token, ...]]]:
        """The tokens in their groups: tokens one after another with the same group, in order.

        >>> f = Field("hand", "Hand", "many", (Token("1", "one", group="low"), Token("2", "two", group="low"),
        ...                                    Token("9", "nine", group="high")))
        >>> [(name, [t.text for t in tokens]) for name, tokens in f.groups()]
        [('low', ['1', '2']), ('high', ['9'])]
        """
        out: list[tuple[str, list[Token]]] = []
        for t in self.tokens:
            if not out or out[-1][0] != t.group:
                out.append((t.group, []))
            out[-1][1].append(t)
        return [(name, tuple(tokens)) for name, tokens in out]


_KEYS = (("+", "+", N_("plus")), ("-", "−", N_("minus")), ("*", "×", N_("times")), ("/", "÷", N_("divided by")))
_BRACKETS = (("(", N_("open bracket")), (")", N_("close bracket")))


def calculation_tokens(ops: str = "+-*/", brackets: bool = True, group: str = "") -> tuple[Token, ...]:
    """The keys of a calculation, as every game's parser reads them (``−``, ``×``, ``÷``): the
    operations of ``ops`` and the brackets, each drawn as a key and named aloud.

    >>> [t.text for t in calculation_tokens("+-")]
    ['+', '−', '(', ')']
    """
    out = [Token(shown, _(word), key(shown, _(word)), group) for op, shown, word in _KEYS if op in ops]
    if brackets:
        out += [Token(b, _(word), key(b, _(word)), group) for b, word in _BRACKETS]
    return tuple(out)


def digit_tokens(group: str = "") -> tuple[Token, ...]:
    """The keys 1-9 and 0 of a keypad, for a number tapped digit by digit (a field joined by ``""``)."""
    return tuple(Token(d, d, key(d, d), group) for d in "1234567890")


class Face:
    """The default face: the situation and the answer typed in the game's notation, the situation
    shown as its notation. A game's ``web.py`` derives from it and overrides what it draws."""

    def __init__(self, game: BaseGame):
        self.game = game

    # -- settling a dispute ----------------------------------------------------------------

    def situation_fields(self, rules, data) -> tuple[Field, ...]:
        """The fields that build a situation (by default one, typed in the game's notation)."""
        return (Field("situation", _("The situation, in the game's notation"), example=self.example(rules, data)),)

    def situation_text(self, values: Mapping[str, str]) -> str:
        """The notation the filled fields make, for ``GAME.parse_situation`` (values are strings,
        already capped at :data:`MAX_FIELD` characters): the whole situation when it is typed in
        the ``situation`` field, else what the tapped fields make (:meth:`tapped_text`)."""
        return values.get("situation", "").strip() or self.tapped_text(values)

    def tapped_text(self, values: Mapping[str, str]) -> str:
        """The notation of the tapped fields, ``""`` while they are still being built (the page
        then asks for the rest). The default face has only the typed field."""
        return ""

    def fields_from(self, notation: str) -> dict[str, str]:
        """The field values that make ``notation`` (the inverse of :meth:`situation_text`): a
        situation given as text (a link, a test) fills the tapping form."""
        return {"situation": notation}

    def example(self, rules, data) -> str:
        """A situation in the notation (the first one the game deals with seed 1)."""
        import random

        try:
            return str(self.game.random_situation(random.Random(1), rules, data))
        except (NotImplementedError, TablecalcError):
            return ""

    def answer_field(self, situation, rules, data) -> Field:
        """The field the answer is given in: typed by default."""
        return Field("answer", _("The play, as the player made it"))

    def draw(self, situation, rules, data) -> str:
        """The situation drawn (HTML with SVG); by default its notation."""
        return f'<pre class="notation">{esc(situation)}</pre>'

    # -- a table in play ---------------------------------------------------------------------

    def draw_state(self, state, seat: int | None) -> str:
        """A round in play as ``seat`` sees it (``None``: everything, for a table that follows a
        real game); by default the state's own text view."""
        shown = str(state) if seat is None else state.view(seat)
        return f'<pre class="notation">{esc(shown)}</pre>'

    def move_field(self, state) -> Field | None:
        """The field a move of the player to move is built in, tap by tap (its pieces in order:
        cards, operations, a move's word), when the moves are too many to list or listing them
        would give the answer away; ``None``: the move is typed (or tapped whole, :meth:`move_tokens`).
        The page sends what it holds as the typed move."""
        return None

    def move_tokens(self, state) -> tuple[Token, ...]:
        """The moves of the player to move as things to tap (every legal move, when there are few);
        a move can always be typed too."""
        try:
            moves = list(state.legal_moves())
        except (NotImplementedError, TablecalcError):
            return ()
        if len(moves) > 40:
            return ()
        return tuple(Token(str(m), self.game.say_move(str(m))) for m in moves)


@cache
def face_of(game: BaseGame) -> Face:
    """The game's face: ``FACE`` of ``trainer/games/<game>/web.py``, else the default :class:`Face`."""
    try:
        module = importlib.import_module(f"trainer.games.{game.name}.web")
    except ModuleNotFoundError as e:
        if e.name != f"trainer.games.{game.name}.web":
            raise
        return Face(game)
    return module.FACE
