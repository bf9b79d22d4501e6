"""Ramikubic in the browser: the table and the rack built by tapping tiles drawn in their four
colours (and the jokers), the new table tapped the way a move is written, and the table drawn.

The answer is built with the notation's own shortcut, ``N M: COMBINATIONS`` (the old
combinations N and M taken up, these laid instead; the others stay): the person taps the
numbers of the combinations the player changed, then "lay", then the tiles of each new
combination with ``|`` between two. That is the fewest taps for a manipulation, and every tap
only adds to the end of the answer (all a tap can do on a phone without a cursor). A form that
started with the whole table written out could only grow its last combination by tapping, and
editing the middle of a 40-tile line on a phone is exactly what the page is there to avoid.
``+ COMBINATIONS`` (new combinations only, the initial meld), a whole new table, and ``pass``
are read too.

>>> from solver.registry import find_game
>>> face = FACE
>>> face.situation_text({"table": "7b 8b 9b | 5r 5y 5g |", "rack": "10b 7y", "melded": "oui"})
'table 7b 8b 9b | 5r 5y 5g; rack 10b 7y; melded'
>>> face.fields_from("table 7b 8b 9b; rack 10b 7y 7g")["melded"]
'no'
"""

from __future__ import annotations

import math
import re
from typing import Mapping, Sequence

from solver.i18n import NP_, N_, _, ngettext, pgettext
from solver.parsing import format_fields, parse_fields
from solver.ramikubic.game import GAME
from solver.ramikubic.position import Position
from solver.ramikubic.round import RoundState
from solver.ramikubic.tiles import JOKER, Colour, Tile, TileSet
from trainer.games.ramikubic.render import end_text
from trainer.web.face import Face, Field, Token
from trainer.web.svg import box, esc, text

__all__ = ["RamikubicFace", "FACE", "INK", "tile_svg", "colour_name", "tile_name"]

COLOUR = "ramikubic colour"
"""The gettext context of a tile colour's name."""
_NAMES = {Colour.BLUE: NP_(COLOUR, "blue"), Colour.YELLOW: NP_(COLOUR, "yellow"), Colour.GREEN: NP_(COLOUR, "green"),
          Colour.RED: NP_(COLOUR, "red")}
INK = {Colour.BLUE: "#1d5fbf", Colour.YELLOW: "#c27400", Colour.GREEN: "#17803a", Colour.RED: "#c62828"}
"""The ink of each tile colour on the tile's cream face (yellow is the amber of the real tiles: a
pale yellow cannot be read on a light tile)."""
JOKER_INK = "#8e24aa"
TILE_FACE = "#fff8e6"
YES_WORDS = frozenset({"yes", "oui", "ja", "y", "o", "j", "1", "true", "on", "melded", "opened"})
"""What the "initial meld made" field reads as yes, in any of the three languages."""


def colour_name(colour: Colour) -> str:
    """The colour's name in the language in use (``bleu``, ``blauw``)."""
    return pgettext(COLOUR, _NAMES[colour])


def tile_name(tile: Tile) -> str:
    """A tile as said aloud: ``7 blue``, ``7 bleu``, ``joker``."""
    if tile.is_joker:
        return pgettext(COLOUR, "joker")
    return f"{tile.number} {colour_name(tile.colour)}"  # type: ignore[arg-type]


def _mark(colour: Colour, cx: float, cy: float, r: float) -> str:
    """A small shape under the number, one per colour (blue ●, yellow ▲, green ■, red ◆): the
    colours told apart without seeing colour."""
    ink = INK[colour]
    if colour is Colour.BLUE:
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{ink}"/>'
    if colour is Colour.YELLOW:
        return f'<polygon points="{cx:g},{cy - r:g} {cx + r:g},{cy + r * 0.8:g} {cx - r:g},{cy + r * 0.8:g}" fill="{ink}"/>'
    if colour is Colour.GREEN:
        return f'<rect x="{cx - r * 0.85:g}" y="{cy - r * 0.85:g}" width="{r * 1.7:g}" height="{r * 1.7:g}" fill="{ink}"/>'
    return f'<polygon points="{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}" fill="{ink}"/>'


def _star(cx: float, cy: float, r: float, ink: str) -> str:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + radius * math.cos(a):.1f},{cy + radius * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{ink}"/>'


def tile_parts(tile: Tile, x: float, y: float, w: float, h: float) -> str:
    """One tile's shapes at (``x``, ``y``), ``w`` by ``h``, inside a larger drawing."""
    parts = [f'<g data-tile="{esc(tile)}"><title>{esc(tile_name(tile))}</title>',
             box(x + 1, y + 1, w - 2, h - 2, fill=TILE_FACE, stroke="#8a7d63", radius=w / 7)]
    if tile.is_joker:
        parts.append(_star(x + w / 2, y + h * 0.45, w * 0.34, JOKER_INK))
        parts.append(text(x + w / 2, y + h * 0.86, "J", size=h * 0.2, ink=JOKER_INK, weight="bold"))
    else:
        ink = INK[tile.colour]  # type: ignore[index]
        size = h * (0.46 if tile.number < 10 else 0.4)  # type: ignore[operator]
        parts.append(text(x + w / 2, y + h * 0.56, tile.number, size=size, ink=ink, weight="bold"))
        parts.append(_mark(tile.colour, x + w / 2, y + h * 0.8, h * 0.07))  # type: ignore[arg-type]
    parts.append("</g>")
    return "".join(parts)


def tile_svg(tile: Tile, w: int = 52, h: int = 60) -> str:
    """One tile drawn alone (a token to tap)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="{esc(tile_name(tile))}">{tile_parts(tile, 0, 0, w, h)}</svg>')


def tiles_svg(tiles: Sequence[Tile], label: str, w: int = 34, h: int = 44, gap: int = 2) -> str:
    """Tiles side by side in one drawing (a combination, as it lies on the table)."""
    width = max(len(tiles) * (w + gap) - gap, 1)
    inner = "".join(tile_parts(t, i * (w + gap), 0, w, h) for i, t in enumerate(tiles))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {h}" width="{width}" height="{h}" '
            f'role="img" aria-label="{esc(label)}">{inner}</svg>')


def _badge(value: object, label: str, w: int = 44, h: int = 44, fill: str = "#eef3f7", ink: str = "#1d232a") -> str:
    """A word or a number to tap, drawn (``|``, a combination's number)."""
    size = 22 if len(str(value)) < 3 else 15
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="{esc(label)}">{box(1, 1, w - 2, h - 2, fill=fill, stroke="#7a8791", radius=8)}'
            f'{text(w / 2, h / 2 + size * 0.36, value, size=size, ink=ink, weight="bold")}</svg>')


def _backs(n: int, label: str) -> str:
    """``n`` tiles face down (another player's rack, as that player's neighbours see it)."""
    w, h, gap = 12, 18, 2
    width = max(n * (w + gap) - gap, 1)
    inner = "".join(box(i * (w + gap) + 0.5, 0.5, w - 1, h - 1, fill="#d8cfbb", stroke="#8a7d63", radius=2)
                    for i in range(n))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {h}" width="{width}" height="{h}" '
            f'role="img" aria-label="{esc(label)}">{inner}</svg>')


def _rows(tiles: Sequence[Tile], label: str, per_row: int = 8) -> list[str]:
    """A rack drawn eight tiles to a drawing, so a long rack wraps on a phone instead of shrinking."""
    return [tiles_svg(tiles[k:k + per_row], label) for k in range(0, len(tiles), per_row)]


def _pieces(items: Sequence[str], cls: str = "pieces") -> str:
    return f'<div class="{cls}">' + "".join(f'<span class="piece">{p}</span>' for p in items) + "</div>"


def _tidy_table(typed: str) -> str:
    """The table as tapped, with the separators a tap too many leaves (``|`` at an end, twice) taken
    out: notation tidied, nothing read."""
    t = re.sub(r"\|(\s*\|)+", "|", typed.strip())
    return t.strip().strip("|").strip()


class RamikubicFace(Face):
    """Tiles to tap, the table and racks drawn in the tiles' colours."""

    # -- settling a dispute ----------------------------------------------------------------

    def palette(self, ts: TileSet) -> tuple[Token, ...]:
        """Every tile of the set, grouped by colour (1 to 10 in a row, wrapping), then the joker (in the
        row of the controls that follow it)."""
        out = [Token(str(t), tile_name(t), tile_svg(t), colour_name(t.colour)) for t in ts.kinds()]  # type: ignore[arg-type]
        if ts.jokers:  # with the separator and the controls, after the colours
            out.append(Token(str(JOKER), tile_name(JOKER), tile_svg(JOKER)))
        return tuple(out)

    def situation_fields(self, rules, ts: TileSet) -> tuple[Field, ...]:
        tiles = self.palette(ts)
        end = Token("|", _("| ends a combination"), _badge("|", _("| ends a combination")))
        return (
            Field("table", _("The table: tap the tiles of a combination, then | to close it"), "many", (*tiles, end),
                  example="7b 8b 9b | 5r 5y 5g"),
            Field("rack", _("The player's rack"), "many", tiles, example="10b 7y 7g"),
            Field("melded", _("Has the player made their initial meld?"), "one",
                  (Token(_("yes"), _("yes")), Token(_("no"), _("no"))), value=_("yes")),
        )

    def situation_text(self, values: Mapping[str, str]) -> str:
        table, rack = _tidy_table(values.get("table", "")), values.get("rack", "").strip()
        if not table and not rack:
            return ""
        melded = values.get("melded", "").strip().lower() in YES_WORDS
        return format_fields([("table", table), ("rack", rack or "-"), ("melded", melded)])

    def fields_from(self, notation: str) -> dict[str, str]:
        f = parse_fields(notation, N_("position"), ["table", "rack"], flags=["melded", "opened"])
        return {"table": str(f.get("table", "")), "rack": str(f.get("rack", "")),
                "melded": _("yes") if f.get("melded") or f.get("opened") else _("no")}

    def answer_field(self, situation: Position, rules, ts: TileSet) -> Field:
        """The new table, tapped: the combinations taken up, "lay", the new combinations (see the
        module's notes); or ``+`` and new combinations only; or ``pass``."""
        tokens: list[Token] = []
        if situation.table:
            step = _("1. Tap the combinations the player changed, then “lay”")
            for i, c in enumerate(situation.table, 1):
                label = _("combination {n} changed ({tiles})").format(n=i, tiles=", ".join(map(tile_name, c)))
                tokens.append(Token(str(i), label, _badge(i, label), step))
            tokens.append(Token(":", _("lay"), _badge("→ " + _("lay"), _("lay"), w=104, fill="#1f6f8b", ink="#fff"), step))
            for i, c in enumerate(situation.table, 1):
                group = _("2. Tiles of combination {n}").format(n=i)
                tokens += [Token(str(t), tile_name(t), tile_svg(t), group) for t in c]
        rack = _("Tiles of the rack")
        tokens += [Token(str(t), tile_name(t), tile_svg(t), rack) for t in situation.rack]
        end = _("| ends a combination")
        tokens += [Token("|", end, _badge("|", end)),
                   Token("+", _("+ new combinations only"), _badge("+", _("+ new combinations only"))),
                   Token("pass", _("pass (nothing laid, draw a tile)"),
                         _badge(_("pass"), _("pass (nothing laid, draw a tile)"), w=72))]
        return Field("answer", _("The play: the new table"), "many", tuple(tokens),
                     example="1 2 : 8b 9b 10b | 7b 7y 7g" if situation.table else "+ 10b 10y 10r")

    def draw(self, situation: Position, rules, ts: TileSet) -> str:
        out = ['<div class="ramikubic">', self._table_html(situation.table)]
        out.append(f'<p class="draw-title">{esc(_("Rack"))} ({esc(len(situation.rack))})</p>')
        out.append(_pieces(_rows(situation.rack, _("rack"))))
        meld = (_("Initial meld made: anything can be laid.") if situation.melded else
                _("No initial meld yet: at least {points} points from the rack alone.").format(points=rules.meld_points))
        out.append(f'<p class="meld">{esc(meld)}</p></div>')
        return "".join(out)

    def _table_html(self, table) -> str:
        if not table:
            return f'<p class="draw-title">{esc(_("The table is empty."))}</p>'
        combos = []
        for i, c in enumerate(table, 1):
            label = _("combination {n}").format(n=i)
            combos.append(f'<span class="combo"><span class="combo-number">{i}</span>{tiles_svg(c, label)}</span>')
        return (f'<p class="draw-title">{esc(_("Table"))}</p><div class="pieces combos">' + "".join(combos) + "</div>")

    # -- a round in play ------------------------------------------------------------------

    def draw_state(self, state: RoundState, seat: int | None) -> str:
        out = ['<div class="ramikubic">']
        over = state.is_terminal()
        if over:
            out.append(f'<p class="draw-title">{esc(_("Round over: {result}").format(result=end_text(state)))}</p>')
        out.append(self._table_html(state.table))
        for i, (name, rack) in enumerate(zip(state.names, state.racks)):
            turn = "▶ " if i == state.to and not over else ""
            marks = [_("melded")] if i in state.melded else []
            if i in state.ejected:
                marks.append(_("out of the round"))
            head = f"{turn}{name}" + (f" ({', '.join(marks)})" if marks else "")
            count = ngettext("{n} tile", "{n} tiles", len(rack)).format(n=len(rack))
            shown = seat is None or seat == i or over
            drawing = _rows(rack, name) if shown else [_backs(len(rack), f"{name}: {count}")]
            cls = "hand to-move" if turn else "hand"
            out.append(f'<div class="{cls}"><p class="draw-title">{esc(head)} · {esc(count)}</p>'
                       f'{_pieces(drawing) if rack else ""}</div>')
        out.append(f'<p class="meld">{esc(_("Pool: {n}").format(n=len(state.pool)))}</p>')
        if over:
            points = ", ".join(f"{n} {int(p)}" for n, p in zip(state.names, state.returns()))
            out.append(f'<p class="meld">{esc(_("Points this round: {points}").format(points=points))}</p>')
        out.append("</div>")
        return "".join(out)

    def move_tokens(self, state: RoundState) -> tuple[Token, ...]:
        """``pass`` and the moves the round lists (each combination the rack makes, each tile added to
        a combination), drawn; a rearrangement is typed or tapped as a new table."""
        out = []
        for move in state.legal_moves()[:60]:
            if move == "pass":
                out.append(Token(move, _("pass (nothing laid, draw a tile)")))
                continue
            head, _sep, tiles_part = move.partition(" ") if move.startswith("+") else move.partition(": ")
            tiles = state.tiles.parse_tiles(tiles_part)
            if move.startswith("+"):
                label = _("lay {tiles}").format(tiles=", ".join(map(tile_name, tiles)))
                svg = _badge("+", label, w=30) + tiles_svg(tiles, label)
            else:
                label = _("combination {n} becomes {tiles}").format(n=head, tiles=", ".join(map(tile_name, tiles)))
                svg = _badge(head, label, w=30) + tiles_svg(tiles, label)
            out.append(Token(move, label, f'<span class="move">{svg}</span>'))
        return tuple(out)


FACE = RamikubicFace(GAME)
"""Ramikubic's face in the browser."""
