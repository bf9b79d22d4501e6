"""The tablecalc command line, through typer's CliRunner."""

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from trainer.cli import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def run_json(*args, code=0):
    r = run(*args, "--json")
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


# ---------------------------------------------------------------- reach

def test_reach_countdown():
    d = run_json("reach", "25", "50", "75", "100", "3", "6", "--target", "952")
    assert d["min_cards"] == 6 and d["expressions"]
    assert "((100+6)×75×3-50)÷25" in d["expressions"]


def test_reach_24_game_needs_fractions():
    d = run_json("reach", "1", "5", "5", "5", "-t", "24", "--all", "--intermediates", "rational")
    assert d["min_cards"] == 4 and d["expressions"] == ["5×(5-(1÷5))"]
    d = run_json("reach", "1", "5", "5", "5", "-t", "24", "--all")
    assert d["min_cards"] is None and d["expressions"] == []


def test_reach_chain_and_ops():
    d = run_json("reach", "9", "8", "2", "-t", "5", "--order", "chain")
    assert d["min_cards"] is None
    d = run_json("reach", "6", "2", "-t", "3", "--ops", "+-")
    assert d["min_cards"] is None


def test_reach_human_output():
    r = run("reach", "6", "5", "2", "10", "-t", "3")
    assert r.exit_code == 0, r.output
    assert "Fewest numbers: 2" in r.output and "6÷2 = 3" in r.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["reach", "6", "x", "-t", "3"], "bad number 'x'"),
        (["reach", "6", "2"], "no target"),
        (["reach", "-t", "3"], "no numbers"),
        (["reach", "6", "2", "-t", "3", "--order", "sideways"], "'sideways' is not one of tree, chain"),
        (["reach", "6", "2", "-t", "3", "--ops", "+%"], "unknown operation"),
        (["reach", "6", "2", "-t", "3", "--intermediates", "real"], "'real' is not one of natural, integer, rational"),
    ],
)
def test_reach_bad_input_is_one_line_and_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_reach_batch_from_stdin():
    lines = "\n".join([
        json.dumps({"numbers": [25, 50, 75, 100, 3, 6], "target": 952}),
        json.dumps({"numbers": [1, 3, 3], "target": 8, "order": "chain"}),
        json.dumps({"numbers": [3, 3, 8, 8], "target": 24, "intermediates": "rational", "all": True, "ops": "+-*/"}),
    ])
    r = run("reach", "--batch", "-", input=lines)
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["min_cards"] for o in out] == [6, 3, 4]
    assert out[1]["expressions"] == ["3×3-1"]
    assert out[2]["expressions"] == ["8÷(3-(8÷3))"]


def test_reach_batch_bad_lines_get_an_error_line_and_the_rest_is_answered(tmp_path):
    f = tmp_path / "in.jsonl"
    f.write_text('{"numbers": [6, 2], "target": 3}\nnot json\n{"numbers": [6], "target": 6, "colour": 1}\n[1]\n')
    r = run("reach", "--batch", str(f))
    assert r.exit_code == 2
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert out[0]["min_cards"] == 2
    assert "not JSON" in out[1]["error"] and "unknown key 'colour'" in out[2]["error"]
    assert "JSON object" in out[3]["error"]


def test_reach_batch_empty_or_missing_file(tmp_path):
    f = tmp_path / "empty.jsonl"
    f.write_text("\n\n")
    r = run("reach", "--batch", str(f))
    assert r.exit_code == 2 and "empty" in r.stderr
    r = run("reach", "--batch", str(tmp_path / "nope.jsonl"))
    assert r.exit_code == 2 and "cannot read" in r.stderr


def test_cli_does_not_import_heavy_modules():
    """The CLI answers quickly: no sympy, scipy, numpy, matplotlib or the PDF writer (fpdf2, and the
    Pillow and fontTools it brings) on the Nambarz path."""
    assert _imported_by_a_judge("m in ('sympy', 'scipy', 'numpy', 'matplotlib', 'fpdf', 'PIL', 'fontTools')") == "[]"


def _imported_by_a_judge(which: str) -> str:
    """The modules a fresh process holds after `nambarz judge`, those for which ``which`` (an
    expression of ``m``, a module's name) is true, as printed sorted."""
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from trainer.cli import app\n"
        "r = CliRunner().invoke(app, ['nambarz', 'judge', '--target', '3', '--hand', '6 2', '6:2'])\n"
        "assert r.exit_code == 0, r.output\n"
        f"print(sorted(m for m in list(sys.modules) if {which}))\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_runaway_search_is_a_clear_error():
    from solver.errors import TablecalcError
    from solver.search import reach

    with pytest.raises(TablecalcError, match="search too large"):
        reach([3, 7, 11, 13, 17, 19, 23], 1_000_003, max_values=10_000)


# ---------------------------------------------------------------- odd input (found in review)


@pytest.mark.parametrize(
    "args, message",
    [
        (["reach", "1", "2", "3", "--target", "²"], "digits 0-9"),
        (["reach", "1", "2", "--target", "9" * 20], "at most 12 digits"),
        (["nambarz", "score", "--round", "Ann+²,Bob"], "bad coup"),
        (["nambarz", "score", "--round", "Ann+999,Bob"], "from 4 to 40"),
        (["nambarz", "score", "--round", "Ann,Bob", "--players", "3"], "bad player name"),
        (["nambarz", "score", "--round", "Ann,Bob", "--team", "Red=Ann,Ann"], "names a player twice"),
        (["nmbrs", "check", "14 ²"], "tablecalc: error"),
    ],
)
def test_odd_numbers_are_one_line_errors(args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_odd_characters_in_a_calculation_are_a_verdict_not_a_crash():
    for answer in ("6²", "6[/]", "[bold]6", "6" * 30):
        r = run("nambarz", "judge", "--target", "3", "--hand", "6 2", answer)
        assert r.exit_code == 1, (answer, r.output)
        assert "(not-a-calculation)" in r.output


def test_batch_lines_of_the_wrong_types_get_error_lines():
    lines = [
        '{"numbers": [1, "a"], "target": 3}',
        '{"numbers": [[1], 2], "target": 3}',
        '{"numbers": [1, 2], "target": 3, "ops": 5}',
        '{"numbers": [1, 2], "target": 3, "ops": ["%"]}',
        '{"numbers": [1, 2], "target": 3.5}',
        '{"numbers": [1, 2], "target": ' + "9" * 5000 + "}",
        '{"numbers": [1, 2], "target": 3}',
    ]
    r = run("reach", "--batch", "-", input="\n".join(lines) + "\n")
    assert r.exit_code == 2
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == 7 and all("error" in o for o in out[:6])
    assert out[6]["min_cards"] == 2


def test_files_that_are_not_utf8_are_refused(tmp_path):
    f = tmp_path / "latin1"
    f.write_bytes("numbers = [1, 10]\n# caf\xe9\n".encode("latin-1"))
    for args in (["nambarz", "best", "-t", "3", "--hand", "6 2", "--deck", str(f)],
                 ["drill", "nambarz", "--pack", str(f)]):
        r = run(*args)
        assert r.exit_code == 2 and "not UTF-8" in r.stderr, (args, r.output)


def test_a_batch_line_that_is_not_utf8_is_refused_alone(tmp_path):
    """As on standard input, a bad line of a batch file gets its own error line; the others are answered,
    and lines are counted at newlines only (U+2028 and form feeds do not start a line)."""
    f = tmp_path / "batch"
    good = '{"numbers": [1, 2], "target": 3}'
    f.write_bytes(b"[\xe9]\n" + f"{good}\u2028\f{good}\n{good}\n".encode() + b"[" * 1000 + b"\n" + good.encode())
    for args in (["reach", "--batch", str(f)], ["reach", "--batch", "-"]):
        r = run(*args, input=f.read_bytes()) if args[-1] == "-" else run(*args)
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        assert r.exit_code == 2 and [d["line"] for d in lines] == [1, 2, 3, 4, 5]
        assert "not UTF-8" in lines[0]["error"] and "error" in lines[1] and "error" in lines[3]
        assert lines[2]["min_cards"] == 2 and lines[4]["min_cards"] == 2


@pytest.mark.parametrize("args", [
    ["nambarz", "judge", "--target", "3", "--hand", "6 2"],
    ["arith", "judge", "numbers 6 2; target 3"],
])
def test_a_calculation_nested_a_thousand_deep_is_a_verdict(args):
    r = run(*args, "(" * 1000 + "6" + ")" * 1000, "--json")
    assert r.exit_code == 1, r.output
    d = json.loads(r.stdout)
    assert d["violations"] == ["not-a-calculation"] and "nested 1000 deep" in d["error"]


def test_a_games_command_imports_no_other_game():
    """The command line builds a game's commands only when they are asked for, so start-up does not
    grow with the number of games: `nambarz judge` imports neither Nmbrs! nor arith."""
    assert _imported_by_a_judge("m.split('.')[:2] in (['solver', 'nmbrs'], ['solver', 'arith']) "
                                "or m.startswith(('trainer.games.nmbrs', 'trainer.games.arith'))") == "[]"


# ---------------------------------------------------------------- one error style, conventions


@pytest.mark.parametrize("args, message", [
    (["nambarz", "judge", "--hand", "6 5 2", "6+9"], "Missing option '--target'"),
    (["nambarz", "best", "--bogus"], "No such option: --bogus"),
    (["drill", "nambarz", "--count", "many"], "Invalid value for '--count'"),
    (["nambarz", "judge", "--target", "3", "--hand", "6 5 2", "-6+9"], "'-6' reads as an option"),
])
def test_usage_errors_are_one_line_like_the_projects_own(args, message):
    r = run(*args)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("tablecalc: error: ") and r.stderr.count("\n") == 1 and message in r.stderr
    assert "╭" not in r.stderr


def test_under_json_an_error_is_a_json_object_too():
    for args in (["nambarz", "best", "--target", "3-lion", "--hand", "6 2", "--json"],
                 ["nambarz", "best", "--json", "--bogus"]):
        r = run(*args)
        error = json.loads(r.stdout)
        assert r.exit_code == 2 and error["exit_code"] == 2 and error["error"] in r.stderr


def test_a_calculation_after_double_dash_is_judged():
    r = run("nambarz", "judge", "--target", "3", "--hand", "6 5 2", "--json", "--", "-6+9")
    assert r.exit_code == 1 and json.loads(r.stdout)["violations"] == ["not-a-calculation"]


def test_version_and_completion():
    from importlib.metadata import version

    r = run("--version")
    assert r.exit_code == 0 and r.stdout.strip() == f"tablecalc {version('tablecalc')}"
    assert "--install-completion" in run("--help").stdout
    completed = subprocess.run([sys.executable, "-m", "trainer"], capture_output=True, text=True,
                               env={**os.environ, "_TABLECALC_COMPLETE": "complete_bash",
                                    "COMP_WORDS": "tablecalc nam", "COMP_CWORD": "1"})
    assert "nambarz" in completed.stdout.split()


@pytest.mark.parametrize("args, hint", [
    (["nambarz", "best", "--target", "3-bea", "--hand", "6 2"], "(did you mean '3-bee'?)"),
    (["nambarz", "best", "--target", "3", "--hand", "6 change-numbr"], "(did you mean 'change-number'?)"),
    (["nambarz", "best", "--target", "3", "--hand", "6 2", "--preset", "parenthesis"], "(did you mean 'parentheses'?)"),
    (["nmbrs", "best", "--hand", "1 2 3", "--preset", "advancd"], "(did you mean 'advanced'?)"),
])
def test_a_near_miss_gets_a_did_you_mean(args, hint):
    r = run(*args)
    assert r.exit_code == 2 and hint in r.stderr


@pytest.mark.parametrize("args, option", [
    (["nambarz", "deck"], "--deck"), (["nmbrs", "deck"], "--deck"), (["ramikubic", "tiles"], "--tiles"),
])
def test_the_built_in_data_exports_reads_back_and_is_never_overwritten(tmp_path, args, option):
    path = tmp_path / "mine.toml"
    r = run(*args, "--export", str(path))
    assert r.exit_code == 0 and path.exists()
    assert run(*args, option, str(path), "--json").exit_code == 0
    before = path.read_bytes()
    r = run(*args, "--export", str(path))
    assert r.exit_code == 2 and "already exists" in r.stderr and path.read_bytes() == before


@pytest.mark.parametrize("words, offered", [
    ("tablecalc nambarz best --preset ", {"beginner", "basic", "parentheses", "confirmed", "experienced"}),
    ("tablecalc drill arith --level ", None),  # the drill's own levels
])
def test_completion_offers_presets_and_levels(words, offered):
    completed = subprocess.run([sys.executable, "-m", "trainer"], capture_output=True, text=True,
                               env={**os.environ, "_TABLECALC_COMPLETE": "complete_bash",
                                    "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()))})
    got = set(completed.stdout.split())
    if "--level" in words:
        from trainer.drills import drill_class

        offered = set(drill_class("arith").LEVELS)
    assert got == offered


def test_a_game_command_built_alone_leaves_the_game_whole_for_everything_else():
    """Running `nmbrs best` builds only that command; a later walk of the same tree still finds
    every command of the game (help, completion, the fuzz suite's walk)."""
    import typer.main

    from trainer.cli import app

    root = typer.main.get_command(app)
    ctx = root.make_context("tablecalc", ["--help"], resilient_parsing=True)
    _name, lone, _args = root.resolve_command(ctx, ["nmbrs", "best", "--hand", "5 6 7"])
    assert lone.list_commands(ctx) == ["best"]
    whole = root.get_command(ctx, "nmbrs")
    assert {"best", "check", "simulate", "referee", "play", "rules"} <= set(whole.list_commands(ctx))
