"""The docs cannot drift: every ``$ tablecalc ...`` example in README.md and docs/*.md is run.

An example followed by output lines (in a fenced block) must print exactly that output (trailing
spaces aside); an example followed directly by another one or by the end of its block is a
listing of usage, and must at least name a real command (``... --help`` succeeds) — those are
commands that wait for a person or run for minutes (``play``, a ``drill``, ``tables --build``).
A ``# comment`` after a command is the doc's, not the command's.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trainer.cli import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@dataclass(frozen=True)
class Example:
    where: str
    command: str
    output: tuple[str, ...] | None  # None: a listing (no output shown)


def examples() -> list[Example]:
    found = []
    for path in DOCS:
        lines = path.read_text("utf-8").splitlines()
        in_block = False
        current: list | None = None
        for n, line in enumerate(lines, 1):
            if line.startswith("```"):
                if current is not None:
                    found.append(current)
                    current = None
                in_block = not in_block
                continue
            if not in_block:
                continue
            if line.startswith("$ tablecalc"):
                if current is not None:
                    found.append(current)
                command = re.sub(r"\s+#[^\"']*$", "", line[2:]).strip()
                current = [f"{path.name}:{n}", command, []]
            elif current is not None:
                current[2].append(line)
    out = []
    for where, command, output in found:
        while output and not output[-1].strip():  # a blank line between two examples
            output.pop()
        out.append(Example(where, command, tuple(output) if output else None))
    return out


EXAMPLES = examples()


def test_the_docs_have_examples():
    assert len([e for e in EXAMPLES if e.output]) >= 10


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.where for e in EXAMPLES])
def test_every_example_prints_what_the_docs_say(example, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "100")
    args = shlex.split(example.command)[1:]
    if example.output is None:
        path = [a for a in args if not a.startswith("-")][:2]
        r = CliRunner().invoke(app, [*path, "--help"])
        assert r.exit_code == 0, f"{example.where}: {example.command!r} names no command"
        return
    r = CliRunner().invoke(app, args)
    got = [line.rstrip() for line in (r.stdout + r.stderr).rstrip("\n").splitlines()]
    want = [line.rstrip() for line in example.output]
    assert matches(got, want), f"{example.where}: {example.command}\n" + "\n".join(got)


def matches(got: list[str], want: list[str]) -> bool:
    """``got == want``, where a line ``...`` (alone, indented or not) in ``want`` stands for any lines.

    >>> matches(["a", "b", "c"], ["a", "...", "c"]), matches(["a", "c"], ["a", "  ...", "c"]), matches(["a"], ["b"])
    (True, True, False)
    """
    if "..." not in (w.strip() for w in want):
        return got == want
    parts, part = [], []
    for w in want:
        if w.strip() == "...":
            parts.append(part)
            part = []
        else:
            part.append(w)
    parts.append(part)
    first, *middle, last = parts
    if got[:len(first)] != first or (last and got[len(got) - len(last):] != last) or len(got) < len(first) + len(last):
        return False
    i, end = len(first), len(got) - len(last)
    for part in middle:
        while i + len(part) <= end and got[i:i + len(part)] != part:
            i += 1
        if i + len(part) > end:
            return False
        i += len(part)
    return True
