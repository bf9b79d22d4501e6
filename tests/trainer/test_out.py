"""trainer.out prints without rich where rich would draw no colour: the same text as rich.

rich itself is the oracle: markup read by rich (emoji off) and by :func:`trainer.out.plain`
gives the same text, escaping matches :func:`rich.markup.escape`, and a borderless table
laid out without rich is rich's own layout, line for line (trailing spaces aside).
"""

import io

import pytest
from hypothesis import assume, given, settings, strategies as st
from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape as rich_escape
from rich.table import Table
from rich.text import Text

from trainer.out import Out, escape, plain

# the characters that matter to markup, and a few that do not
MARKUP = st.text(alphabet="[]\\/ab#@=dol 6÷×", max_size=30)


@settings(max_examples=400, deadline=None)
@given(MARKUP)
def test_plain_reads_markup_as_rich_does(markup):
    try:
        want = Text.from_markup(markup, emoji=False).plain
    except MarkupError:
        assume(False)  # rich refuses it (a closing tag that closes nothing); we never write one
    assert plain(markup) == want


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=30))
def test_escape_is_riches_and_plain_gives_the_text_back(text):
    assert escape(text) == rich_escape(text)
    for markup in (escape(text), f"[bold]{escape(text)}[/]"):
        assert plain(markup) == Text.from_markup(markup, emoji=False).plain
    if "\\" not in text:  # (rich itself reads a backslash before [ as an escape)
        shown = "".join(c for c in text if ord(c) not in (7, 8, 11, 12, 13))  # rich drops these
        assert plain(f"[bold]{escape(text)}[/]") == shown


CELL = st.text(alphabet="abc 5-2÷,[]", max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(CELL, min_size=1, max_size=3).flatmap(
    lambda cols: st.tuples(st.just(cols), st.lists(st.lists(CELL, min_size=len(cols), max_size=len(cols)), max_size=4))))
def test_a_borderless_table_is_laid_out_as_rich_lays_it_out(table):
    columns, rows = table
    assume(all(c.strip() == c and c for c in columns))  # rich pads and strips headers its own way
    buf = io.StringIO()
    t = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for c in columns:
        t.add_column(escape(c))
    for r in rows:
        t.add_row(*(escape(c) for c in r))
    Console(file=buf, width=500, highlight=False, soft_wrap=True, emoji=False).print(t)
    mine = io.StringIO()
    out = Out(terminal=False)
    out.__class__ = type("ToBuffer", (Out,), {"stream": property(lambda self: mine)})
    out.table([escape(c) for c in columns], [[escape(c) for c in r] for r in rows])
    assert [line.rstrip() for line in mine.getvalue().splitlines()] == [
        line.rstrip() for line in buf.getvalue().splitlines()]


def test_a_piped_command_does_not_import_rich():
    import subprocess
    import sys

    code = ("import sys; from trainer.cli import main; sys.argv = ['tablecalc', 'nambarz', 'best', '--target', "
            "'3-bee', '--hand', '6 5 2 10']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('rich' in sys.modules, 'pydantic' in sys.modules, file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "6÷2" in r.stdout
    assert r.stderr.split() == ["False", "False"]
