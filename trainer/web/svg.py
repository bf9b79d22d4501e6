"""Small SVG pieces the games' faces draw with: cards, tiles, pits, text. Every text is escaped here,
so a face never builds markup from what a person typed.

>>> card("7", fill="#fff", ink="#c00", sub="bee")[:4]
'<svg'
>>> "&lt;b&gt;" in card("<b>")
True
"""

from __future__ import annotations

from html import escape as _escape

__all__ = ["esc", "card", "row", "pit", "box", "text", "key", "back", "open_svg"]


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


def open_svg(width: float, height: float, label: str) -> str:
    """The opening tag of a drawing ``width`` × ``height`` named ``label`` for a screen reader
    (close it with ``</svg>``)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
            f'height="{height:g}" role="img" aria-label="{esc(label)}">')


def key(big: object, label: str, fill: str = "#eef3f6", ink: str = "#1d232a", width: int = 44, height: int = 52) -> str:
    """A key of a keypad (an operation, a bracket, a digit): ``big`` drawn large, ``label`` read aloud.

    >>> 'aria-label="plus"' in key("+", "plus")
    True
    """
    size = 26 if len(str(big)) < 2 else 18 if len(str(big)) < 4 else 14
    return (open_svg(width, height, label) + box(1.5, 1.5, width - 3, height - 3, fill=fill, stroke="#8a99a6", radius=8)
            + text(width / 2, height / 2 + size * 0.35, big, size=size, ink=ink, weight="bold") + "</svg>")


def back(width: int = 34, height: int = 48, label: str = "", fill: str = "#1f4e79") -> str:
    """The back of a card (a hidden card): a framed pattern, no face.

    >>> 'aria-label="hidden"' in back(label="hidden")
    True
    """
    inner = f'<rect x="5" y="5" width="{width - 10:g}" height="{height - 10:g}" rx="3" fill="none" stroke="#fff" ' \
            f'stroke-opacity="0.6" stroke-width="1.5"/>'
    diag = f'<path d="M5 5 L{width - 5:g} {height - 5:g} M{width - 5:g} 5 L5 {height - 5:g}" stroke="#fff" ' \
           f'stroke-opacity="0.35" stroke-width="1.5"/>'
    return (open_svg(width, height, label) + box(1, 1, width - 2, height - 2, fill=fill, stroke="#123") + inner + diag
            + "</svg>")


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
