"""Printing results: rich on a terminal, plain text elsewhere without importing rich.

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

__all__ = ["Out", "escape", "plain", "out", "emit_json"]

# rich.markup's tag pattern: backslashes, then [tag] where a tag starts with a-z # / @
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
# the control characters rich removes from what it prints: bell, backspace, VT, FF, CR
_STRIP = dict.fromkeys((7, 8, 11, 12, 13))


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
            from rich.console import Console

            self._rich = Console(highlight=False, soft_wrap=True, emoji=False, stderr=self._stderr)
        return self._rich

    def print(self, markup: str = "") -> None:
        """Print one line of markup."""
        if self.terminal:
            self.console.print(markup)
        else:
            print(plain(markup), file=self.stream)

    def table(self, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A borderless table, a bold header and two spaces either side of every cell;
        cells are markup."""
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
    """Print one JSON document on one line (UTF-8, not ASCII-escaped)."""
    import json

    print(json.dumps(data, ensure_ascii=False), flush=True)
