"""Small SVG pieces the games' faces draw with: cards, tiles, pits, text. Every text is escaped here,
so a face never builds markup from what a person typed.

>>> card("7", fill="#fff", ink="#c00", sub="bee")[:4]
'<svg'
>>> "&lt;b&gt;" in card("<b>")
True
"""

from __future__ import annotations

from html import escape as _escape

__all__ = ["esc", "card", "row", "pit", "box", "text"]


def esc(value: object) -> str:
    """``value`` as text safe inside SVG or HTML."""
    return _escape(str(value), quote=True)


def text(x: float, y: float, value: object, size: float = 14, ink: str = "#222", anchor: str = "middle",
         weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{ink}" text-anchor="{anchor}" '
            f'font-weight="{weight}" font-family="system-ui, sans-serif">{esc(value)}</text>')


def box(x: float, y: float, w: float, h: float, fill: str = "#fff", stroke: str = "#555", radius: float = 6) -> str:
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{radius:g}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5"/>')


def card(big: object, fill: str = "#fff", ink: str = "#222", sub: object = "", width: int = 48, height: int = 68,
         label: str | None = None) -> str:
    """A card (or a tile) drawn alone: ``big`` in the middle, ``sub`` under it in small letters."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="{esc(label if label is not None else big)}">',
             box(1.5, 1.5, width - 3, height - 3, fill=fill),
             text(width / 2, height / 2 + (2 if sub else 7), big, size=20 if len(str(big)) < 3 else 15, ink=ink,
                  weight="bold")]
    if sub:
        parts.append(text(width / 2, height - 10, sub, size=10, ink=ink))
    parts.append("</svg>")
    return "".join(parts)


def pit(count: int, size: int = 56, fill: str = "#c8a165", label: str | None = None) -> str:
    """A pit of an awalé board with its seeds counted and drawn (up to twelve dots)."""
    import math

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
             f'role="img" aria-label="{esc(label if label is not None else count)}">',
             f'<circle cx="{size / 2:g}" cy="{size / 2:g}" r="{size / 2 - 2:g}" fill="{fill}" stroke="#6b4a1f" '
             f'stroke-width="2"/>']
    dots = min(count, 12)
    for k in range(dots):
        a = 2 * math.pi * k / max(dots, 1)
        r = 0 if dots == 1 else size / 4.2
        parts.append(f'<circle cx="{size / 2 + r * math.cos(a):.1f}" cy="{size / 2 + r * math.sin(a):.1f}" r="3.2" '
                     f'fill="#3b2a14" opacity="0.55"/>')
    parts.append(text(size / 2, size / 2 + 6, count, size=17, ink="#111", weight="bold"))
    parts.append("</svg>")
    return "".join(parts)


def row(pieces: list[str], label: str = "", gap: int = 6) -> str:
    """Pieces (each an ``<svg>``) side by side, wrapping on a narrow screen (an HTML block)."""
    inner = "".join(f'<span class="piece">{p}</span>' for p in pieces)
    head = f'<span class="row-label">{esc(label)}</span>' if label else ""
    return f'<div class="pieces" style="gap:{gap}px">{head}{inner}</div>'
