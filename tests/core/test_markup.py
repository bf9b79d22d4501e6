"""Text a person typed or wrote in a file reaches the screen as it is: never read as rich markup
(``[/]`` once ended in a MarkupError traceback), never as terminal control sequences (a player
named ``A\\x1b]0;PWN\\x07`` retitled the terminal).

Every command of the CLI tree (walked from the root through the registry, so a new or renamed
command is included) gets markup-like text and escape sequences in each argument and option, the
documented command lines get them in each word, logs and ``--players`` carry them as player names,
``TABLECALC_HOME`` holds them, and every drill and game played in the terminal reads them as
answers. Each run must end with exit 0, 1, 2 or 3, no traceback, and no control character in what
it printed. Each is run twice: output to a pipe (plain text) and drawn by rich as on a terminal.

``TABLECALC_FUZZ=long`` runs every hostile text in every place; the quick loop a rotation of them.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shlex

import pytest
from typer.testing import CliRunner

from tests.support.cli_tree import commands
from trainer.cli import app
from trainer.out import Out

HOSTILE = (
    "[/]", "[bold]x[/bold]", "[link=https://example.com/]x[/link]", "A\x1b]0;PWN\x07", "\x1b[2J\x1b[31mred",
    "x\x9b31my", "a\rb\x08c\x00d", "\\[bold]", "[", "\u202eevil",
)
LONG = os.environ.get("TABLECALC_FUZZ", "quick") == "long"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach a terminal raw: C0 controls but tab and newline, DEL, C1 controls, bidi overrides."""


MODES = ("pipe", "terminal")


def _use(mode: str, monkeypatch, tmp_path) -> None:
    """Output to a pipe (markup removed by trainer.out) or drawn by rich (markup parsed)."""
    monkeypatch.chdir(tmp_path)  # files a command is told to write go here
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    if mode == "terminal":
        monkeypatch.setattr(Out, "terminal", property(lambda self: True))


@pytest.fixture(params=MODES)
def mode(request, monkeypatch, tmp_path):
    _use(request.param, monkeypatch, tmp_path)
    return request.param


def _runs(lines):
    """Each command line in both modes (long profile), or in one of them in turn (the quick loop)."""
    if LONG:
        return [(mode, words) for words in lines for mode in MODES]
    return [(MODES[i % 2], words) for i, words in enumerate(lines)]


def _hostile():
    """Every hostile text in turn, for ever (the quick loop gives each place the next one)."""
    return itertools.cycle(HOSTILE)


def check(words, input="", env=None):
    r = CliRunner().invoke(app, list(words), input=input, env=env)
    shown = (r.stdout or "") + (r.stderr or "")
    for line in re.split(r"\r\n|\r|\n", input or ""):  # CliRunner echoes what is typed at a prompt, as a terminal does
        shown = shown.replace(f": {line}\n", ": \n").replace(f"> {line}\n", "> \n")
    assert r.exception is None or isinstance(r.exception, SystemExit), (words, repr(r.exception), shown[-800:])
    assert r.exit_code in (0, 1, 2, 3), (words, r.exit_code, shown[-800:])
    assert "Traceback" not in shown and "MarkupError" not in shown, (words, shown[-800:])
    bad = CONTROL.search(shown)
    assert bad is None, (words, repr(shown[max(0, bad.start() - 60):bad.end() + 20]))
    if r.exit_code in (2, 3):  # one error line (after a note, such as an old command name's)
        lines = r.stderr.splitlines()
        assert lines and lines[-1].startswith("tablecalc: error: "), (words, r.stderr)
        assert all(line.startswith(("tablecalc: note: ", "tablecalc: warning: ")) for line in lines[:-1]), r.stderr
    return r


def _leaves():
    """(path, how many arguments, value options) of every command."""
    out = []
    for path, command in commands():
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        values = [p.opts[0] for p in command.params if p.param_type_name == "option" and not p.is_flag
                  and not p.opts[0].endswith("-completion")]
        out.append((path, len(arguments), tuple(values)))
    return out


LEAVES = _leaves()


def _command_lines():
    """Each command with hostile text in every argument, then in each option in turn."""
    lines = []
    texts = _hostile()
    for path, n_arguments, options in LEAVES:
        for option in ((None,) if n_arguments else ()) + options:  # never a command line without hostile text
            for text in (HOSTILE if LONG else (next(texts),)):
                words = [*path, *[text] * n_arguments]
                if "--bot" in options and option != "--bot":  # the quickest bots: the text is what is tested
                    words += ["--bot", "random"]
                lines.append(words + ([option, text] if option else []))
    return lines


def test_the_walk_finds_every_game_s_commands():
    from solver.registry import game_names

    paths = {path for path, _, _ in LEAVES}
    assert {("drill", g) for g in game_names()} <= paths
    assert all(any(p[0] == g for p in paths) for g in game_names())


def _ids(runs):
    return [f"{mode}: {' '.join(words)[:60]}" for mode, words in runs]


@pytest.mark.parametrize("mode, words", _runs(_command_lines()), ids=_ids(_runs(_command_lines())))
def test_every_argument_and_option_of_every_command_takes_markup_and_escapes(monkeypatch, tmp_path, mode, words):
    _use(mode, monkeypatch, tmp_path)
    check(words, input="quit\n")  # a command that plays in the terminal reads that it should stop


def _documented():
    from tests.core.test_docs import EXAMPLES

    lines, texts = [], _hostile()
    for example in EXAMPLES:
        if example.output is None or "--plot" in example.command:
            continue
        words = shlex.split(example.command)[1:]
        for i in range(1, len(words)):
            if words[i].startswith("-"):
                continue
            for text in (HOSTILE if LONG else (next(texts),)):
                lines.append(words[:i] + [text] + words[i + 1:])
                lines.append(words[:i] + [words[i] + text] + words[i + 1:])
    return lines


@pytest.mark.parametrize("mode, words", _runs(_documented()), ids=_ids(_runs(_documented())))
def test_documented_command_lines_with_markup_in_each_word(monkeypatch, tmp_path, mode, words):
    _use(mode, monkeypatch, tmp_path)
    check(words, input="1\n")


def _logs(tmp_path):
    """A game log of each game that has simulate and referee, its first player renamed to each hostile text."""
    games = {path[0] for path, _, _ in LEAVES if path[-1] == "simulate"} & {path[0] for path, _, _ in LEAVES
                                                                           if path[-1] == "referee"}
    assert games
    for game in sorted(games):
        log = tmp_path / f"{game}.jsonl"
        r = CliRunner().invoke(app, [game, "simulate", "--rounds", "1", "--seed", "1", "--bot", "random",
                                     "--log", str(log)])
        assert r.exit_code == 0, r.output
        text = log.read_text()
        assert '"P1"' in text
        for i, name in enumerate(HOSTILE):
            hostile = tmp_path / f"{game}-{i}.jsonl"
            hostile.write_text(text.replace('"P1"', json.dumps(name)))
            yield game, hostile


def test_player_names_from_logs_reach_the_screen_harmless(mode, tmp_path):
    for game, log in _logs(tmp_path):
        check([game, "referee", str(log)])
        check([game, "referee", str(log), "--json"])
        check([game, "referee", "-"], input=log.read_text())


def test_player_names_typed_on_the_command_line(mode):
    for name in HOSTILE:
        plain = name.replace(",", " ").replace("|", " ").replace(":", " ")
        check(["nambarz", "score", "--round", f"{plain}, Bob", "--players", f"{plain},Bob"])
        check(["ramikubic", "score", "--round", "- | 5r", "--players", f"{plain},Bob"])
        check(["nainjaune", "settle", "--hands", f"{plain}: 3c | Bob: -", "--board", "10:3 J:6 Q:9 K:12 7:15"])
        check(["nmbrs", "score", "--player", f"{plain}: 15 25"])


def test_a_home_folder_named_with_markup(mode, tmp_path):
    for i, name in enumerate(HOSTILE):
        if "\x00" in name:
            continue
        home = tmp_path / f"h{i}{name.replace('/', '_')}"
        env = {"TABLECALC_HOME": str(home)}
        check(["stats"], env=env)
        check(["drill", "arith", "-n", "1", "--seed", "1", "--no-intro"], input="5\n", env=env)
        check(["stats"], env=env)
        check(["stats", "--json"], env=env)
        check(["namnam", "tables"], env=env)
        check(["namnam", "best", "0.0.0.0.1.2/1.2.0.1.0.3 s 20-18"], env=env)
        home.mkdir(exist_ok=True)
        (home / "history.sqlite3").write_text("not a history")
        check(["stats"], env=env)


def test_every_drill_and_game_reads_hostile_answers(mode):
    answers = "\n".join([*HOSTILE, "hint", *HOSTILE, "quit"]) + "\n"
    for path, _, options in LEAVES:
        if path[0] == "drill":
            check([*path, "-n", "2", "--seed", "1"], input=answers)
            check([*path, "-n", "2", "--seed", "1", "--json"], input=answers)
        elif path[-1] == "play":
            check([*path, "--seed", "1"], input=answers)


@pytest.mark.parametrize("words", [
    ["namnam", "judge", "[/]", "1"], ["namnam", "judge", "start", "[/]"], ["namnam", "move", "start", "[bold]"],
    ["nambarz", "check", "--target", "3", "--hand", "6 2", "[/]"], ["reach", "[/]", "--target", "3"],
])
def test_the_commands_of_the_issue(monkeypatch, tmp_path, words):
    """Issue 29: these ended in a MarkupError traceback on a terminal."""
    _use("terminal", monkeypatch, tmp_path)
    r = check(words)
    assert "[/]" in r.stdout + r.stderr or "[bold]" in r.stdout + r.stderr
