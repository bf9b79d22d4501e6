"""Printing results: rich on a terminal, plain text elsewhere without importing rich; and the one
place where text a person typed or wrote in a file is made harmless before it is shown.

Text from a person (a calculation, a player's name, a file's path, an answer) may hold what
rich reads as markup (``[/]``, ``[bold]``) and what a terminal obeys (escape sequences that
retitle the window, clear the screen, or open a link). :func:`printable` shows control
characters as ``\\xNN``; :func:`safe` also escapes the markup, for text put inside markup.
:class:`Out` passes everything it prints through :func:`printable`, and :func:`install` does
the same for every ``typer.echo`` (the command line's plain output, its errors and JSON).

The results are written with rich's console markup (``[bold]6÷2[/]``) and drawn by rich
when a person looks at them. When the output goes to a pipe, a file or a test, colours
are dropped anyway, and importing rich would cost a seventh of the command's whole
start-up; :class:`Out` then removes the markup itself, with rich's own reading of it
(``tests/trainer/test_out.py`` checks it against rich), and lays out borderless tables the way
rich does. A boxed table always goes through rich.

>>> out = Out(terminal=False)
>>> out.print(f"Top card [bold]{escape('[3]-bee')}[/], hand 6 5")
Top card [3]-bee, hand 6 5
>>> out.table(["calculation", "lay"], [["5-2", "5, 2"], ["6÷2", "6, 2"]])
  calculation    lay
  5-2            5, 2
  6÷2            6, 2
"""

from __future__ import annotations

import re
import sys
from typing import Sequence

__all__ = ["Out", "escape", "plain", "printable", "safe", "json_text", "emit_json", "console", "install", "out"]

# rich.markup's tag pattern: backslashes, then [tag] where a tag starts with a-z # / @
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
# the control characters rich removes from what it prints: bell, backspace, VT, FF, CR
_STRIP = dict.fromkeys((7, 8, 11, 12, 13))


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What a terminal obeys rather than shows: C0 controls (but tab and newline), DEL, C1 controls, and
the bidirectional overrides that reorder what is shown."""


def printable(text: str) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\u202e``) instead of
    reaching the terminal; tab and newline stay.

    >>> print(printable("A\\x1b]0;PWN\\x07 wins"))
    A\\x1b]0;PWN\\x07 wins
    """
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


def safe(text: object) -> str:
    """Text from a person, to put inside markup: shown as it is, control characters made visible.

    >>> out = Out(terminal=False)
    >>> out.print(f"[bold]{safe('[/]x')}[/] wins")
    [/]x wins
    """
    return escape(printable(str(text)))


def json_text(data) -> str:
    """``data`` as one line of JSON (UTF-8, not ASCII-escaped), with no control character left raw:
    JSON escapes those below 0x20 itself, and here DEL, the C1 controls and the bidirectional
    overrides are written ``\\u009b`` too, which reads back the same.

    >>> json_text({"name": "A\x9b1m"})
    '{"name": "A\\\\u009b1m"}'
    """
    import json

    text = json.dumps(data, ensure_ascii=False)
    return _JSON_CONTROL.sub(lambda m: f"\\u{ord(m[0]):04x}", text)


_JSON_CONTROL = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def console(**options):
    """A rich console (``options`` as :class:`rich.console.Console` takes them) that shows the control
    characters of every string it draws (:func:`printable`): tables, panels and progress bars
    included. Every rich output of tablecalc is drawn by one of these."""
    global _SafeConsole
    if _SafeConsole is None:
        from rich.console import Console

        class _SafeConsole(Console):
            def render_str(self, text: str, **kwargs):
                return super().render_str(printable(text), **kwargs)

    return _SafeConsole(**options)


_SafeConsole = None


def install() -> None:
    """Make every ``typer.echo`` of tablecalc show control characters instead of sending them (its
    plain output, its error lines and its JSON, which :func:`emit_json` keeps
    free of them in a form JSON reads back). Idempotent."""
    import typer

    if getattr(typer.echo, "_printable", False):
        return
    echo = typer.echo

    def printable_echo(message=None, *args, **kwargs):
        if isinstance(message, str):
            message = printable(message)
        return echo(message, *args, **kwargs)

    printable_echo._printable = True  # type: ignore[attr-defined]
    typer.echo = printable_echo


def escape(text: str) -> str:
    """``text`` with its square brackets escaped, so markup prints it as it is (as
    :func:`rich.markup.escape`)."""
    text = _ESCAPE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


def plain(markup: str) -> str:
    """The text that markup shows, without its style tags or the control characters rich
    removes (as rich reads it, emoji off)."""
    pieces: list[str] = []
    position = 0
    for match in _TAG.finditer(markup):
        full, escapes, _tag = match.groups()
        start, end = match.span()
        if start > position:
            pieces.append(markup[position:start].replace("\\[", "["))
        backslashes, escaped = divmod(len(escapes), 2)
        pieces.append("\\" * backslashes)
        if escaped:
            pieces.append(full[len(escapes):])
        position = end
    if position < len(markup):
        pieces.append(markup[position:].replace("\\[", "["))
    return "".join(pieces).translate(_STRIP)


class Out:
    """Where results are printed: standard output, drawn by rich on a terminal."""

    def __init__(self, terminal: bool | None = None, stderr: bool = False):
        self._terminal = terminal
        self._stderr = stderr
        self._rich = None

    @property
    def stream(self):
        return sys.stderr if self._stderr else sys.stdout

    @property
    def terminal(self) -> bool:
        if self._terminal is not None:
            return self._terminal
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    @property
    def console(self):
        """The rich console (imported on first use)."""
        if self._rich is None or self._rich.file is not self.stream:
            self._rich = console(highlight=False, soft_wrap=True, emoji=False, stderr=self._stderr)
        return self._rich

    def print(self, markup: str = "") -> None:
        """Print one line of markup (control characters shown, see :func:`printable`)."""
        markup = printable(markup)
        if self.terminal:
            self.console.print(markup)
        else:
            print(plain(markup), file=self.stream)

    def table(self, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A borderless table, a bold header and two spaces either side of every cell;
        cells are markup."""
        columns = [printable(c) for c in columns]
        rows = [[printable(c) for c in row] for row in rows]
        if self.terminal:
            from rich.table import Table

            t = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
            for c in columns:
                t.add_column(c)
            for r in rows:
                t.add_row(*r)
            self.console.print(t)
            return
        cells = [[plain(c) for c in row] for row in [columns, *rows]]
        widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
        for row in cells:
            print("".join(f"  {c:<{w}}  " for c, w in zip(row, widths)).rstrip(), file=self.stream)

    def rich(self, renderable) -> None:
        """Print something only rich draws (a boxed table): rich always."""
        self.console.print(renderable)


out = Out()
"""Standard output."""


def emit_json(data) -> None:
    """Print one JSON document on one line (:func:`json_text`)."""
    print(json_text(data), flush=True)
