"""Nam Nam (awalé) in the browser: the position built with twelve steppers laid out as the board
(North's row above, from its pit 6 to its pit 1, South's below from 1 to 6, as South sees the
board), the seeds each has captured and the player to move; the board drawn with its seeds, the
mover's row nearest (as the terminal's drill draws it); the move tapped as a pit of the mover's row.

>>> values = FACE.fields_from("4.4.0.5.5.5/5.4.4.4.4.4 n 0-0")
>>> values["s3"], values["n1"], values["to"]
('0', '5', 'n')
>>> FACE.situation_text(values)
'4.4.0.5.5.5/5.4.4.4.4.4 n 0-0'
"""

from __future__ import annotations

import math
from typing import Mapping

from solver.i18n import _, ngettext
from solver.namnam.game import GAME
from solver.namnam.position import NORTH, SIDES, SOUTH, Position
from solver.namnam.rules import Direction, Rules
from solver.namnam.sowing import ROW, SEEDS
from solver.namnam.state import GameState
from solver.namnam.words import side_name
from trainer.web.face import Face, Field, Token
from trainer.web.svg import esc

__all__ = ["NamNamFace", "FACE", "board_svg", "pit_svg"]

WOOD = "#b07a3c"
PIT = "#e2c08d"
SEED = "#4a3520"
TURN = "#ffe27a"
_SIDE_WORDS = {"s": "s", "south": "s", "sud": "s", "zuid": "s", "z": "s",
               "n": "n", "north": "n", "nord": "n", "noord": "n"}
"""The player to move as typed, in any of the three languages, as the notation writes it."""
MOST_DOTS = 30
"""The most seeds drawn in one pit (its count is always written)."""


def _label(x: float, y: float, value: object, size: float, ink: str = "#111", weight: str = "bold",
           halo: str | None = None) -> str:
    stroke = f' stroke="{halo}" stroke-width="{size / 4:g}" paint-order="stroke"' if halo else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{ink}" text-anchor="middle" font-weight="{weight}"'
            f' font-family="system-ui, sans-serif"{stroke}>{esc(value)}</text>')


def _seeds(n: int, cx: float, cy: float, r: float) -> str:
    """``n`` seeds in a pit of radius ``r`` (a sunflower, so any count fills it evenly)."""
    shown = min(n, MOST_DOTS)
    dot = max(r * (0.16 if shown <= 12 else 0.12), 1.6)
    out = []
    for k in range(shown):
        radius = (r - dot * 1.6) * math.sqrt((k + 0.5) / shown) if shown > 1 else 0
        a = k * 2.39996
        out.append(f'<circle cx="{cx + radius * math.cos(a):.1f}" cy="{cy + radius * math.sin(a):.1f}" r="{dot:.1f}" '
                   f'fill="{SEED}" opacity="0.75"/>')
    return "".join(out)


def _pit(n: int, cx: float, cy: float, r: float, title: str) -> str:
    return (f'<g data-seeds="{n}"><title>{esc(title)}</title>'
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{PIT}" stroke="#6b4a1f" stroke-width="2"/>'
            f'{_seeds(n, cx, cy, r)}{_label(cx, cy + r * 0.3, n, r * 0.85, halo="#fff8ea")}</g>')


def pit_name(side: int, pit: int) -> str:
    """``South 3`` in the language in use."""
    return f"{side_name(SIDES[side])} {pit}"


def _seeds_text(n: int) -> str:
    return ngettext("{n} seed", "{n} seeds", n).format(n=n)


def pit_svg(n: int, pit: int, title: str, w: int = 40, h: int = 62) -> str:
    """One pit to tap: its number above, its seeds and their count inside."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="{esc(title)}">{_label(w / 2, 14, pit, 14, ink="#5b4630")}'
            f'{_pit(n, w / 2, h - w / 2 - 1, w / 2 - 2, title)}</svg>')


def board_svg(p: Position, rules: Rules, bottom: int = SOUTH) -> str:
    """The board: the ``bottom`` side's row below from its pit 1 to 6, the other above from its 6 to 1
    (as the bottom player sees it), each player's store on their right, the row to move lit."""
    top = 1 - bottom
    cell, store, pad, label = 60, 58, 8, 20
    width = pad * 2 + store * 2 + cell * ROW
    height = pad * 2 + label * 2 + cell * 2
    x0, y_top, y_bottom = pad + store, pad + label, pad + label + cell
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'role="img" aria-label="{esc(_("The board"))}">',
             f'<rect x="{pad:g}" y="{pad + label - 4:g}" width="{width - 2 * pad:g}" height="{cell * 2 + 8:g}" rx="26" '
             f'fill="{WOOD}" stroke="#6b4a1f" stroke-width="2"/>']
    y_mover = y_bottom if p.to_move == bottom else y_top
    parts.append(f'<rect x="{x0 - 2:g}" y="{y_mover:g}" width="{cell * ROW + 4:g}" height="{cell:g}" rx="14" '
                 f'fill="{TURN}" opacity="0.55"/>')
    for k in range(ROW):
        top_pit, bottom_pit = ROW - k, k + 1
        cx = x0 + cell * k + cell / 2
        parts.append(_label(cx, pad + 14, top_pit, 13, ink="#5b4630", weight="normal"))
        parts.append(_pit(p.row(top)[top_pit - 1], cx, y_top + cell / 2, cell / 2 - 6,
                          f"{pit_name(top, top_pit)}: {_seeds_text(p.row(top)[top_pit - 1])}"))
        parts.append(_pit(p.row(bottom)[bottom_pit - 1], cx, y_bottom + cell / 2, cell / 2 - 6,
                          f"{pit_name(bottom, bottom_pit)}: {_seeds_text(p.row(bottom)[bottom_pit - 1])}"))
        parts.append(_label(cx, height - pad - 4, bottom_pit, 13, ink="#5b4630", weight="normal"))
    for side, x in ((top, pad + 4), (bottom, width - pad - store + 4)):
        n = p.captured[side]
        title = _("{side} captured {seeds}").format(side=side_name(SIDES[side]), seeds=_seeds_text(n))
        parts.append(f'<g data-store="{n}"><title>{esc(title)}</title>'
                     f'<rect x="{x:g}" y="{y_top + 6:g}" width="{store - 8:g}" height="{cell * 2 - 12:g}" rx="20" '
                     f'fill="{PIT}" stroke="#6b4a1f" stroke-width="2"/>'
                     f'{_seeds(n, x + (store - 8) / 2, y_top + cell, (store - 8) / 2 - 2)}'
                     f'{_label(x + (store - 8) / 2, y_top + cell + 8, n, 22, halo="#fff8ea")}'
                     f'{_label(x + (store - 8) / 2, y_top + 24 if side == top else y_top + cell * 2 - 14, side_name(SIDES[side])[:1], 13, ink="#5b4630")}</g>')
    parts.append("</svg>")
    return "".join(parts)


def _caption(p: Position, rules: Rules, bottom: int) -> str:
    arrow = "→" if rules.direction is Direction.CCW else "←"
    lines = [
        _("{side} to move").format(side=side_name(SIDES[p.to_move])),
        _("{side} {n} captured").format(side=side_name("South"), n=p.captured[SOUTH]) + " · "
        + _("{side} {n} captured").format(side=side_name("North"), n=p.captured[NORTH]),
        _("(sowing {arrow} along {side}'s row)").format(arrow=arrow, side=side_name(SIDES[bottom])),
    ]
    return (f'<p class="draw-title">▶ {esc(lines[0])}</p>'
            f'<p class="meld">{esc(lines[1])} {esc(lines[2])}</p>')


class NamNamFace(Face):
    """Steppers laid out as the board, the board drawn, a pit to tap."""

    # -- settling a dispute ----------------------------------------------------------------

    def situation_fields(self, rules, data) -> tuple[Field, ...]:
        start = Position.start()
        north_row = _("North's pits")
        south_row = _("South's pits")
        north = tuple(Field(f"n{pit}", str(pit), "number", value=str(start.north[pit - 1]), lo=0, hi=SEEDS,
                            row=north_row) for pit in range(ROW, 0, -1))
        south = tuple(Field(f"s{pit}", str(pit), "number", value=str(start.south[pit - 1]), lo=0, hi=SEEDS,
                            row=south_row) for pit in range(1, ROW + 1))
        captured = _("Seeds captured")
        stores = (Field("captured_s", side_name("South"), "number", value="0", lo=0, hi=SEEDS, row=captured),
                  Field("captured_n", side_name("North"), "number", value="0", lo=0, hi=SEEDS, row=captured))
        to = Field("to", _("To move"), "one", (Token("s", side_name("South")), Token("n", side_name("North"))),
                   value="s")
        return (*north, *south, *stores, to)

    def situation_text(self, values: Mapping[str, str]) -> str:
        def count(name: str) -> str:
            return values.get(name, "").strip() or "0"

        south = ".".join(count(f"s{pit}") for pit in range(1, ROW + 1))
        north = ".".join(count(f"n{pit}") for pit in range(1, ROW + 1))
        typed = values.get("to", "").strip().lower()
        to = _SIDE_WORDS.get(typed, typed or "s")
        return f"{south}/{north} {to} {count('captured_s')}-{count('captured_n')}"

    def fields_from(self, notation: str) -> dict[str, str]:
        p = Position.parse(notation)
        out = {f"s{pit}": str(p.south[pit - 1]) for pit in range(1, ROW + 1)}
        out.update({f"n{pit}": str(p.north[pit - 1]) for pit in range(1, ROW + 1)})
        out.update({"captured_s": str(p.captured[SOUTH]), "captured_n": str(p.captured[NORTH]),
                    "to": "sn"[p.to_move]})
        return out

    def answer_field(self, situation: Position, rules, data) -> Field:
        """The pits of the mover's row, in the order the drawing shows them (the mover's row nearest,
        from its pit 1 on the left)."""
        side = situation.to_move
        order = range(1, ROW + 1)
        return Field("answer", _("The pit {side} sowed").format(side=side_name(SIDES[side])), "one",
                     tuple(self._pit_token(situation, side, pit) for pit in order))

    def _pit_token(self, p: Position, side: int, pit: int) -> Token:
        n = p.row(side)[pit - 1]
        title = f"{pit_name(side, pit)}: {_seeds_text(n)}"
        return Token(str(pit), title, pit_svg(n, pit, title))

    def draw(self, situation: Position, rules, data) -> str:
        """The board as the player to move sees it: their row nearest (the terminal's drill draws it so too)."""
        bottom = situation.to_move
        return f'<div class="namnam">{board_svg(situation, rules, bottom)}{_caption(situation, rules, bottom)}</div>'

    # -- a game in play -------------------------------------------------------------------

    def draw_state(self, state: GameState, seat: int | None) -> str:
        """The board as ``seat`` sits at it (their row below; South's for ``None``); nothing is hidden."""
        bottom = NORTH if seat == NORTH else SOUTH
        p = state.position
        out = [f'<div class="namnam">{board_svg(p, state.rules, bottom)}']
        if state.is_terminal():
            s, n = state.final_seeds()
            scores = f"{side_name('South')} {s}, {side_name('North')} {n}"
            out.append(f'<p class="draw-title">{esc(_("Game over: {scores}").format(scores=scores))}</p>')
        else:
            out.append(_caption(p, state.rules, bottom))
        out.append("</div>")
        return "".join(out)

    def move_tokens(self, state: GameState) -> tuple[Token, ...]:
        """The mover's legal pits, 1 to 6 from their left (their row as they see it)."""
        p = state.position
        return tuple(self._pit_token(p, p.to_move, m.pit) for m in state.legal_moves())


FACE = NamNamFace(GAME)
"""Nam Nam's face in the browser."""
