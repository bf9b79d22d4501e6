"""A small PDF writer for the pages tablecalc prints (the teacher's report): text in the PDF's
own Helvetica (no font file to embed: every PDF reader has it), filled and stroked shapes, and
RGB pictures (a chart drawn by matplotlib, when the plot extra is installed). Pure Python: a
PDF is made by a plain install.

Drawing is in millimetres from the page's top-left corner. Text is Latin-1 and then some
(Windows-1252, what Helvetica's standard encoding holds: every letter of French and Dutch,
× and ÷, – and …), and the card suits ♣ ♦ ♥ ♠, arrows, − ≤ ≥ from the PDF's own Symbol font;
any other character is written as ``?``.

>>> page = Page()
>>> _ = page.text(20, 20, "Léa: 7 × 8 = 56", size=12)
>>> page.rect(20, 30, 10, 10, fill="#1a7f37")
>>> data = document([page], title="Report")
>>> data[:8], data.rstrip().endswith(b"%%EOF")
(b'%PDF-1.4', True)
>>> round(text_width("Hello", 10), 2)
8.04
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

__all__ = ["Page", "document", "text_width", "wrap", "A4"]

A4 = (210.0, 297.0)
"""An A4 page, in millimetres."""
PT = 72 / 25.4
"""Points in a millimetre."""
_WIDTHS = {
    False: tuple(int(w) for w in "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584 556 556 556 556 556 556 1000 556 556 556 1000 667 333 1000 556 611 556 556 222 222 333 333 350 556 1000 556 1000 500 333 944 556 500 667 556 333 556 556 556 556 260 556 333 737 370 556 584 556 737 333 400 584 556 556 333 556 537 278 333 556 365 556 556 834 556 611 667 667 667 667 667 667 1000 722 667 667 667 667 278 278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 556 556 556 556 556 556 889 500 556 556 556 556 278 278 278 278 556 556 556 556 556 556 556 584 611 556 556 556 556 500 556 500".split()),
    True: tuple(int(w) for w in "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 667 778 722 667 611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 611 611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584 556 556 556 556 556 556 1000 556 556 556 1000 667 333 1000 556 611 556 556 278 278 500 500 350 556 1000 556 1000 556 333 944 556 500 667 556 333 556 556 556 556 280 556 333 737 370 556 584 556 737 333 400 584 556 556 333 611 556 278 333 556 365 556 556 834 556 611 722 722 722 722 722 722 1000 722 667 667 667 667 278 278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 556 556 556 556 556 556 889 556 556 556 556 556 278 278 278 278 611 611 611 611 611 611 611 584 611 611 611 611 611 556 611 556".split()),
}
"""Helvetica's and Helvetica-Bold's advance widths (thousandths of the size) of Windows-1252's
characters 32 to 255 (from the fonts' Adobe metrics)."""
_LOOK_ALIKES = {"\u202f": "\u00a0", "\u2009": " ", "\u2007": " ", "\u2010": "-", "\u2011": "-"}
"""Spaces and hyphens Helvetica lacks, written as those it has."""
_SYMBOLS = {"\u2663": (0xA7, 753), "\u2666": (0xA8, 753), "\u2665": (0xA9, 753), "\u2660": (0xAA, 753),
            "\u2192": (0xAE, 987), "\u2190": (0xAC, 987), "\u2212": (0x2D, 549), "\u2264": (0xA3, 549),
            "\u2265": (0xB3, 549), "\u2022": (0xB7, 460), "\u25cf": (0xB7, 460)}
"""Characters written in the Symbol font: its code and advance width (thousandths of the size)."""
_KAPPA = 0.5523  # a quarter circle's Bézier control points sit this far along the tangents


def _runs(text: str) -> list[tuple[bool, bytes]]:
    """``text`` cut into runs of one font each: ``(symbol, codes)``, Helvetica's Windows-1252
    codes or the Symbol font's."""
    out: list[tuple[bool, bytearray]] = []
    for c in text:
        c = _LOOK_ALIKES.get(c, c)
        if c in _SYMBOLS:
            symbol, code = True, bytes([_SYMBOLS[c][0]])
        else:
            try:
                symbol, code = False, c.encode("cp1252")
            except UnicodeEncodeError:
                symbol, code = False, b"?"
        if not out or out[-1][0] != symbol:
            out.append((symbol, bytearray()))
        out[-1][1].extend(code)
    return [(symbol, bytes(codes)) for symbol, codes in out]


def _encode(text: str) -> bytes:
    """``text`` in Windows-1252 (what the document's title is written in)."""
    return b"".join(codes if not symbol else b"?" * len(codes) for symbol, codes in _runs(text))


_SYMBOL_WIDTHS = {code: width for code, width in _SYMBOLS.values()}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is at ``size`` points, in millimetres."""
    widths = _WIDTHS[bold]
    units = 0
    for symbol, codes in _runs(text):
        units += sum(_SYMBOL_WIDTHS[b] if symbol else widths[b - 32] if b >= 32 else 0 for b in codes)
    return units * size / 1000 / PT


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` cut at spaces into lines at most ``width`` millimetres wide (a word wider than
    that stays whole on its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return lines


def _colour(hexa: str, op: str) -> str:
    h = hexa.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return f"{r:.3f} {g:.3f} {b:.3f} {op}"


def _escape(data: bytes) -> bytes:
    return data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


@dataclass
class _Image:
    pixels: bytes
    width: int
    height: int


@dataclass
class Page:
    """One page, ``size`` millimetres wide and high (A4 portrait unless told)."""

    size: tuple[float, float] = A4
    _ops: list[str] = field(default_factory=list)
    _images: list[_Image] = field(default_factory=list)

    def _x(self, x: float) -> float:
        return x * PT

    def _y(self, y: float) -> float:
        return (self.size[1] - y) * PT

    def text(self, x: float, y: float, text: str, size: float = 10, *, bold: bool = False, colour: str = "#000000",
             align: str = "left") -> float:
        """Write ``text`` with its baseline at ``y``, starting at ``x`` (ending there with
        ``align="right"``, centred on it with ``"center"``); returns its width in millimetres."""
        width = text_width(text, size, bold)
        x0 = x - width if align == "right" else x - width / 2 if align == "center" else x
        shown = " ".join(f"/F{3 if symbol else 2 if bold else 1} {size:g} Tf ({_escape(codes).decode('latin-1')}) Tj"
                         for symbol, codes in _runs(text))
        self._ops.append(f"BT {_colour(colour, 'rg')} {self._x(x0):.2f} {self._y(y):.2f} Td {shown} ET")
        return width

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             line: float = 0.25) -> None:
        """A rectangle from its top-left corner, filled and/or outlined (``line`` mm wide)."""
        self._shape(f"{self._x(x):.2f} {self._y(y + h):.2f} {w * PT:.2f} {h * PT:.2f} re", fill, stroke, line)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: str = "#000000", width: float = 0.25) -> None:
        """A straight line."""
        self._shape(f"{self._x(x1):.2f} {self._y(y1):.2f} m {self._x(x2):.2f} {self._y(y2):.2f} l", None, colour,
                    width)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               line: float = 0.25, half: bool = False) -> None:
        """A circle (only its left half, closed by its diameter, with ``half``)."""
        x, y, k = self._x(cx), self._y(cy), r * PT
        c = k * _KAPPA
        top, left, bottom, right = (x, y + k), (x - k, y), (x, y - k), (x + k, y)
        path = [f"{top[0]:.2f} {top[1]:.2f} m",
                f"{x - c:.2f} {y + k:.2f} {x - k:.2f} {y + c:.2f} {left[0]:.2f} {left[1]:.2f} c",
                f"{x - k:.2f} {y - c:.2f} {x - c:.2f} {y - k:.2f} {bottom[0]:.2f} {bottom[1]:.2f} c"]
        if not half:
            path += [f"{x + c:.2f} {y - k:.2f} {x + k:.2f} {y - c:.2f} {right[0]:.2f} {right[1]:.2f} c",
                     f"{x + k:.2f} {y + c:.2f} {x + c:.2f} {y + k:.2f} {top[0]:.2f} {top[1]:.2f} c"]
        self._shape(" ".join(path) + " h", fill, stroke, line)

    def image(self, x: float, y: float, w: float, h: float, pixels: bytes, width: int, height: int) -> None:
        """An RGB picture (``width`` × ``height`` pixels, 3 bytes each, rows from the top) in the
        box of ``w`` × ``h`` millimetres whose top-left corner is at ``x``, ``y``."""
        if len(pixels) != 3 * width * height:
            raise ValueError(f"expected {3 * width * height} bytes of RGB, got {len(pixels)}")
        self._images.append(_Image(pixels, width, height))
        self._ops.append(f"q {w * PT:.2f} 0 0 {h * PT:.2f} {self._x(x):.2f} {self._y(y + h):.2f} cm "
                         f"/Im{len(self._images)} Do Q")

    def _shape(self, path: str, fill: str | None, stroke: str | None, line: float) -> None:
        ops = [path]
        if fill:
            ops.insert(0, _colour(fill, "rg"))
        if stroke:
            ops.insert(0, f"{_colour(stroke, 'RG')} {line * PT:.2f} w")
        ops.append("B" if fill and stroke else "f" if fill else "S" if stroke else "n")
        self._ops.append(" ".join(ops))


def document(pages: list[Page], *, title: str = "", author: str = "tablecalc") -> bytes:
    """The PDF file of ``pages``, as bytes (each page's drawing and pictures compressed)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(head: str, data: bytes) -> bytes:
        packed = zlib.compress(data, 9)
        return (f"<< {head} /Filter /FlateDecode /Length {len(packed)} >>\nstream\n".encode()
                + packed + b"\nendstream")

    catalog = add(b"")  # filled in once the pages are known
    tree = add(b"")
    fonts = [add(f"<< /Type /Font /Subtype /Type1 /BaseFont /{name} /Encoding /WinAnsiEncoding >>".encode())
             for name in ("Helvetica", "Helvetica-Bold")]
    fonts.append(add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>"))  # its own encoding: suits, arrows
    kids = []
    for page in pages:
        images = [add(stream(f"/Type /XObject /Subtype /Image /Width {im.width} /Height {im.height} "
                             "/ColorSpace /DeviceRGB /BitsPerComponent 8", im.pixels)) for im in page._images]
        content = add(stream("", "\n".join(page._ops).encode("latin-1")))
        xobjects = " ".join(f"/Im{i} {n} 0 R" for i, n in enumerate(images, 1))
        kids.append(add((f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {page.size[0] * PT:.2f} "
                         f"{page.size[1] * PT:.2f}] /Contents {content} 0 R /Resources << /Font << /F1 {fonts[0]} 0 R"
                         f" /F2 {fonts[1]} 0 R /F3 {fonts[2]} 0 R >> /XObject << {xobjects} >> >> >>").encode()))
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {tree} 0 R >>".encode()
    objects[tree - 1] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                         f"/Count {len(kids)} >>").encode()
    info = add(b"<< /Title (" + _escape(_encode(title)) + b") /Producer (" + _escape(_encode(author)) + b") >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
