"""Countdown and the 24 game in the browser: the numbers tapped from the game's own (Countdown's
tiles 1-10, 25, 50, 75, 100; the 24 game's cards 1-13), the target tapped digit by digit, the
calculation tapped from the situation's numbers and the operations, and the problem drawn as
tiles (or cards) under its target. A fact (``calculate 7 × 8``) is typed, and drawn.

>>> from solver.arith import GAME
>>> values = FACE.fields_from("numbers 25 50 75 100 3 6; target 952")
>>> values["numbers"], values["target"]
('3 6 25 50 75 100', '952')
>>> FACE.situation_text(values)
'numbers 3 6 25 50 75 100; target 952'
>>> [t.text for t in FACE.situation_fields(GAME.rules("make24"), None)[0].tokens][-1]
'13'
"""

from __future__ import annotations

from solver.arith import COUNTDOWN_NUMBERS, GAME, Fact, Problem, parse_situation
from solver.arith.deal import MAKE24_NUMBERS
from solver.errors import TablecalcError
from solver.expr import SYMBOL
from solver.i18n import _
from solver.parsing import format_fields
from trainer.web.face import Face, Field, Token, calculation_tokens, digit_tokens
from trainer.web.svg import box, esc, key, open_svg, row, text

__all__ = ["FACE", "ArithFace", "tile_svg", "target_svg"]

_TILE, _BIG_TILE, _CARD_INK = "#1e4f9c", "#9c2a1e", "#1d232a"


def tile_svg(n: int, cards: bool = False, width: int = 52, height: int = 52) -> str:
    """A number as the game shows it: a Countdown tile (blue; the big numbers 25-100 red), or with
    ``cards`` a card of the 24 game."""
    if cards:
        h = round(width * 1.35)
        return (open_svg(width, h, str(n)) + box(1.5, 1.5, width - 3, h - 3, fill="#fff", stroke="#444")
                + text(width / 2, h / 2 + 9, n, size=26 if n < 10 else 22, ink=_CARD_INK, weight="bold")
                + text(9, 14, n, size=9, ink=_CARD_INK) + "</svg>")
    fill = _BIG_TILE if n >= 25 else _TILE
    size = 24 if n < 10 else 21 if n < 100 else 17
    return (open_svg(width, height, str(n))
            + box(1.5, 1.5, width - 3, height - 3, fill=fill, stroke="#0d2347", radius=5)
            + text(width / 2, height / 2 + size * 0.36, n, size=size, ink="#fff", weight="bold") + "</svg>")


def target_svg(target: int) -> str:
    """The target on its display (Countdown's), named aloud."""
    shown = str(target)
    width = max(96, 26 * len(shown) + 28)
    return (open_svg(width, 56, _("target {n}").format(n=target))
            + box(1.5, 1.5, width - 3, 53, fill="#111", stroke="#444", radius=6)
            + text(width / 2, 39, shown, size=32, ink="#ffb300", weight="bold") + "</svg>")


def _numbers_of(rules) -> tuple[int, ...]:
    """The numbers a problem is dealt from under ``rules``: the 24 game's cards when every number
    is used, else Countdown's tiles (each once)."""
    return tuple(MAKE24_NUMBERS) if rules.use_all else tuple(sorted(set(COUNTDOWN_NUMBERS)))


class ArithFace(Face):
    """The face of Countdown and the 24 game."""

    def situation_fields(self, rules, data) -> tuple[Field, ...]:
        cards = bool(rules.use_all)
        numbers = tuple(Token(str(n), str(n), tile_svg(n, cards, 46 if cards else 52, 52)) for n in _numbers_of(rules))
        return (
            Field("numbers", _("The numbers: tap each one"), "many", numbers, joiner=" ",
                  example="4 7 8 8" if cards else "25 50 75 100 3 6"),
            Field("target", _("The target: tap its digits"), "many", digit_tokens(), joiner="",
                  value="24" if cards else "", example="24" if cards else "952"),
            Field("situation", _("Or type the whole problem (it replaces the numbers tapped)"),
                  example="numbers 3 3 8 8; target 24" if cards else "numbers 25 50 75 100 3 6; target 952"),
        )

    def tapped_text(self, values) -> str:
        numbers, target = values.get("numbers", "").strip(), values.get("target", "").strip()
        if not numbers or not target:  # still being built: the page asks for the rest
            return ""
        return format_fields([("numbers", numbers), ("target", target)])

    def fields_from(self, notation: str) -> dict[str, str]:
        """A problem read back into the tapped fields; a fact, or text that is no problem, stays typed."""
        try:
            situation = parse_situation(notation)
        except TablecalcError:
            situation = None
        if not isinstance(situation, Problem):
            return {"numbers": "", "target": "", "situation": notation}
        return {"numbers": " ".join(map(str, situation.numbers)), "target": str(situation.target), "situation": ""}

    def answer_field(self, situation, rules, data) -> Field:
        if isinstance(situation, Fact):
            return Field("answer", _("The answer: tap its digits"), "many", digit_tokens(), joiner="")
        cards = bool(rules.use_all)
        numbers = [Token(str(n), str(n), tile_svg(n, cards, 48, 48)) for n in dict.fromkeys(situation.numbers)]
        return Field("answer", _("The calculation: tap the numbers and the signs, in order"), "many",
                     (*numbers, *calculation_tokens()), joiner="", example="(100+6)×3")

    def draw(self, situation, rules, data) -> str:
        if isinstance(situation, Fact):
            pieces = [key(situation.a, str(situation.a), width=64), key(SYMBOL[situation.op], SYMBOL[situation.op]),
                      key(situation.b, str(situation.b), width=64), key("=", "="), key("?", "?")]
            return f'<div class="game-table arith">{row(pieces, _("Work out"))}</div>'
        cards = bool(rules.use_all)
        target = row([target_svg(situation.target)], _("Target"))
        numbers = row([tile_svg(n, cards) for n in situation.numbers], _("Numbers"))
        rule = _("every number used once") if rules.use_all else _("any of the numbers, each at most once")
        return f'<div class="game-table arith">{target}{numbers}<p class="note">{esc(rule)}</p></div>'


FACE = ArithFace(GAME)
"""The face of arith (:func:`trainer.web.face.face_of`)."""
