"""The trainer: whole drill sessions through the CLI, a program playing --json, a real terminal."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from solver.registry import find_game
from trainer.cli import app
from trainer.drills import Puzzle, make_drill
from trainer.session import SessionOptions, Summary, _puzzles

from tests.support.drill_player import play_json_drill

runner = CliRunner()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every test gets its own progress history."""
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def drill(*args, input=""):
    return runner.invoke(app, ["drill", *args], input=input)


def answers_recorded() -> int:
    r = runner.invoke(app, ["stats", "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["answers"]


def same_puzzles(game: str, seed: int, n: int, **options) -> list[Puzzle]:
    """The puzzles a session with --seed asks (reviews are off with a seed)."""
    d = make_drill(game, **options)
    rng = random.Random(seed)
    return [d.generate(rng) for _ in range(n)]


def solution(p: Puzzle):
    """The solver's answer to a puzzle, through the game protocol (as any program could)."""
    game = find_game(p.game)
    rules = game.rules(p.preset)
    data = game.load_data(rules)
    return game.best(game.parse_situation(p.situation, data), rules, data)


def best_answer(p: Puzzle) -> str:
    return find_game(p.game).best_answers(solution(p))[0]


# ---------------------------------------------------------------- nambarz


def test_nambarz_session_right_and_wrong_answers():
    puzzles = same_puzzles("nambarz", 5, 3, level="basic")
    script = [best_answer(puzzles[0]), "draw" if best_answer(puzzles[1]) != "draw" else "1+1", best_answer(puzzles[2])]
    r = drill("nambarz", "--count", "3", "--seed", "5", "--json", input="\n".join(script) + "\n")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    verdicts = [x for x in lines if x["type"] == "verdict"]
    assert [v["correct"] for v in verdicts] == [True, False, True]
    assert lines[-1]["type"] == "summary" and lines[-1]["answered"] == 3 and lines[-1]["correct"] == 2
    assert answers_recorded() == 3


def test_nambarz_penalty_for_a_not_simplest_calculation():
    r = drill("nambarz", "--pack", "nambarz-seed", "--count", "1", "--json", input="6+5+2-10\n")
    assert r.exit_code == 0, r.output
    verdict = [json.loads(x) for x in r.stdout.splitlines()][1]
    assert verdict["violations"] == ["not-simplest"]
    assert verdict["penalty"]["draw"] == 3 and verdict["penalty"]["take_back"] == ["5", "10"]
    assert "6÷2" in verdict["expected"]


def test_nambarz_coup_bonus_in_a_drill():
    r = drill("nambarz", "--pack", "nambarz-coups", "--count", "1", "--json", input="7+7-6-5\n")
    verdict = [json.loads(x) for x in r.stdout.splitlines()][1]
    assert verdict["correct"] and verdict["score"] == 4 + 7 and verdict["best_score"] == 11


def test_nambarz_text_session_unreadable_answers_are_asked_again_and_not_recorded():
    """A card that does not exist, a broken calculation and a card not in hand are read again on the
    same puzzle: only the judged answers count."""
    puzzles = same_puzzles("nambarz", 9, 2, level="beginner")
    wrong = "draw" if best_answer(puzzles[0]) != "draw" else "1+1"
    r = drill("nambarz", "-l", "beginner", "-n", "2", "--seed", "9",
              input=f"3-lion+2\n6++\n3-be\n{wrong}\n{best_answer(puzzles[1])}\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("TRY AGAIN") == 3 and r.output.count("WRONG") == 1 and r.output.count("RIGHT") == 1
    assert "no 3-lion card" in r.output and "did you mean '3-bee'?" in r.output
    assert r.output.count("#1/2") == 1  # the same puzzle, not shown again
    assert "Session: 1/2 right" in r.output
    assert answers_recorded() == 2


def test_json_drill_commands_and_retries_are_one_object_per_line():
    (p,) = same_puzzles("nambarz", 5, 1, level="basic")
    r = drill("nambarz", "-n", "2", "--seed", "5", "--json",
              input=f"hint\nzzz\n?\n{best_answer(p)}\nskip\n")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["type"] for x in lines] == ["puzzle", "hint", "retry", "help", "verdict", "puzzle", "skipped", "summary"]
    assert lines[1]["number"] == 1 and lines[1]["text"] and lines[2]["reason"] == "not-a-calculation"
    assert lines[4]["correct"] and lines[4]["hints"] == 1 and lines[6]["expected"]
    assert lines[-1]["answered"] == 1 and lines[-1]["skipped"] == 1 and lines[-1]["hints"] == 1
    assert answers_recorded() == 1  # the skipped puzzle is not a miss


def test_a_hinted_right_answer_is_right_but_rated_hard(home):
    from fsrs import Rating

    from trainer.history import History

    (p,) = same_puzzles("nambarz", 5, 1, level="basic")
    r = drill("nambarz", "-n", "1", "--seed", "5", "--json", input=f"hint\n{best_answer(p)}\n")
    assert r.exit_code == 0, r.output
    with History.open(home / "history.sqlite3", read_only=True) as h:
        (o,) = h.outcomes()
        (a,) = h.answers()
    assert o.correct and o.rating == Rating.Hard and a.verdict["hints"] == 1


def test_quit_ends_the_session_with_its_summary():
    r = drill("nambarz", "-n", "5", "--seed", "5", "--no-intro", input="quit\n")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[1].startswith("#1/5") and "Session: 0/0 right" in r.output  # after the streak line


def test_the_prompt_commands_in_french_and_dutch():
    """The translated how-to names indice/tip, suivant/overslaan, quitter/stoppen, aide/hulp: they work
    as hint, skip, quit and help whatever the language, and none is taken for an answer."""
    (p,) = same_puzzles("nambarz", 5, 1, level="basic")
    r = drill("nambarz", "-n", "3", "--seed", "5", "--json",
              input=f"indice\ntip\naide\nhulp\n{best_answer(p)}\nsuivant\noverslaan\n")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["type"] for x in lines] == ["puzzle", "hint", "hint", "help", "help", "verdict",
                                          "puzzle", "skipped", "puzzle", "skipped", "summary"]
    assert lines[-1]["answered"] == 1 and lines[-1]["skipped"] == 2 and lines[-1]["hints"] == 2
    for word in ("quitter", "stoppen", "stop"):
        r = drill("nambarz", "-n", "5", "--seed", "5", "--json", input=f"{word}\n")
        assert r.exit_code == 0, r.output
        assert [json.loads(x)["type"] for x in r.stdout.splitlines()] == ["puzzle", "summary"]


def test_trap_puzzles_expect_draw():
    r = drill("nambarz", "-n", "3", "--seed", "2", "--trap-rate", "1", "--json", input="draw\ndraw\ndraw\n")
    verdicts = [json.loads(x) for x in r.stdout.splitlines() if '"verdict"' in x]
    assert [v["correct"] for v in verdicts] == [True, True, True]
    assert all(v["expected"] == ["draw"] for v in verdicts)


def test_min_cards_controls_difficulty():
    for p in same_puzzles("nambarz", 4, 3, level="basic", min_cards=3):
        assert solution(p).min_cards >= 3


def test_same_seed_same_session():
    a = drill("nambarz", "-n", "4", "--seed", "11", "--json", input="")
    b = drill("nambarz", "-n", "4", "--seed", "11", "--json", input="")
    assert a.stdout.splitlines()[0] == b.stdout.splitlines()[0]
    assert same_puzzles("arith", 3, 5, level="mixed") == same_puzzles("arith", 3, 5, level="mixed")


def test_time_limit_turns_a_late_answer_into_a_timeout():
    r = drill("arith", "-l", "add", "-n", "1", "--time-limit", "0.000001", "--json", input="5\n")
    verdict = [json.loads(x) for x in r.stdout.splitlines()][1]
    assert verdict["timed_out"] and verdict["violations"] == ["timeout"] and not verdict["correct"]


def test_empty_input_ends_the_session_cleanly():
    r = drill("nambarz", "-n", "5", "--json", input="")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[-1]["type"] == "summary" and lines[-1]["answered"] == 0
    assert lines[-1]["stopped"] == "end of input"


@pytest.mark.parametrize(
    "args, message",
    [
        (["nambarz", "--level", "expert"], "'expert' is not one of beginner, basic, parentheses"),
        (["arith", "--level", "calculus"], "'calculus' is not one of mixed, add"),
        (["nambarz", "--trap-rate", "2"], "bad trap rate"),
        (["nambarz", "--count", "0"], "bad --count"),
        (["nambarz", "--pack", "no-such-pack"], "no puzzle pack"),
        (["nambarz", "--hand-size", "2", "--min-cards", "5"], "cannot be met with 2 cards"),
        (["arith", "--pack", "nambarz-seed"], "is for nambarz"),
    ],
)
def test_bad_drill_options(args, message):
    r = drill(*args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr


# ---------------------------------------------------------------- reviews


class _FakeHistory:
    def __init__(self, due):
        self._due = due

    def due(self, drill, level, now, limit):
        return list(self._due)

    def suspended_keys(self):
        return set()


def test_due_items_come_back_every_other_puzzle():
    d = make_drill("nambarz", level="basic")
    weak = same_puzzles("nambarz", 1, 1, level="basic")[0].as_dict()
    source = _puzzles(d, SessionOptions(review=True), _FakeHistory([weak]), random.Random(3))
    got = [next(source) for _ in range(4)]
    assert [is_review for _, is_review in got] == [False, True, False, False]
    assert got[1][0].item == weak["item"]


# ---------------------------------------------------------------- programs and terminals


def test_a_program_plays_the_json_drill_with_the_solver_and_scores_100_percent(home):
    """Read each puzzle line (traps included: the answer is then draw), answer with the solver's best play."""
    puzzles, verdicts, summary = play_json_drill(
        ["nambarz", "-n", "6", "--trap-rate", "0.3", "--seed", "21"], home, lambda p: best_answer(Puzzle.from_dict(p)))
    for msg in puzzles:
        for key in ("game", "preset", "situation", "hand", "target", "time_limit"):
            assert key in msg
    assert len(verdicts) == 6 and all(v["correct"] for v in verdicts)
    assert "draw" in [v["expected"][0] for v in verdicts]
    assert summary["accuracy"] == 1.0 and summary["score"] == summary["best_score"]


def test_interactive_session_interrupted_keeps_answers(home):
    """A real pseudo-terminal: answer two puzzles, press Ctrl-C, then stats shows both kept."""
    pexpect = pytest.importorskip("pexpect")
    puzzles = same_puzzles("arith", 4, 3, level="add")
    from solver.expr import evaluate, parse_expression

    from tests.support.terminal import spawn

    child = spawn(home, "drill", "arith", "-l", "add", "-n", "5", "--seed", "4", timeout=30)
    try:
        for p in puzzles[:2]:
            child.expect_exact(p.prompt)
            child.expect_exact(">")
            child.sendline(str(evaluate(parse_expression(p.prompt)).numerator))
            child.expect("right")
        child.expect_exact(puzzles[2].prompt)
        child.expect_exact(">")
        child.sendintr()
        child.expect("Session summary")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert answers_recorded() == 2


def test_session_summary_as_dict():
    s = Summary(answered=2, correct=1, score=3, best_score=4, penalties=3, penalty_unit="cards drawn", seconds=[1.0, 3.0])
    d = s.as_dict()
    assert d["accuracy"] == 0.5 and d["median_seconds"] == 2.0 and d["type"] == "summary"
    assert d["penalties"] == 3 and d["penalty_unit"] == "cards drawn"


# ---------------------------------------------------------------- nmbrs


def test_nmbrs_session_best_invalid_and_below_best():
    d = make_drill("nmbrs", level="table")
    puzzles = same_puzzles("nmbrs", 12, 3, level="table")
    best = d.judge(puzzles[0], "pass").expected[0]
    hand = puzzles[1].fields["hand"]
    # "lay 1 2" names cards not in hand: asked again; three cards of the hand are no sequence: refused
    script = [best, "lay 1 2", " ".join(sorted(hand)[:3]), "pass"]
    r = drill("nmbrs", "-l", "table", "-n", "3", "--seed", "12", "--json", input="\n".join(script) + "\n")
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    puzzle_lines = [x for x in lines if x["type"] == "puzzle"]
    assert all(p["table"] for p in puzzle_lines)  # the table levels show sequences
    verdicts = [x for x in lines if x["type"] == "verdict"]
    assert [x["reason"] for x in lines if x["type"] == "retry"] == ["not-in-hand"]
    assert verdicts[0]["correct"] and verdicts[0]["score"] == verdicts[0]["best_score"] > 0
    assert not verdicts[1]["correct"] and verdicts[1]["score"] == 0  # invalid: cards go back
    assert not verdicts[2]["correct"] and verdicts[2]["violations"] == ["below-best"]
    assert answers_recorded() == 3


def test_nmbrs_pack_puzzles():
    r = drill("nmbrs", "--pack", "nmbrs-seed", "-n", "2", "--json", input="pass\npass\n")
    assert r.exit_code == 0, r.output
    puzzle = json.loads(r.stdout.splitlines()[0])
    assert puzzle["game"] == "nmbrs" and puzzle["hand"]


def test_nmbrs_cards_typed_with_colours_are_a_new_sequence():
    d = make_drill("nmbrs", level="basic")
    p = same_puzzles("nmbrs", 1, 1, level="basic")[0]
    best = d.judge(p, "pass").expected[0]
    assert best.startswith("lay ")
    assert d.judge(p, best.removeprefix("lay ")).correct


def test_a_pack_drill_asks_every_case_unless_counted():
    from puzzles import load_pack

    n = len(load_pack("nambarz-coups").cases)
    r = drill("nambarz", "--pack", "nambarz-coups", "--json", input="draw\n" * (n + 5))
    assert json.loads(r.stdout.splitlines()[-1])["answered"] == n


@pytest.mark.parametrize(
    "args, message",
    [
        (["nambarz", "--trap-rate", "nan"], "bad trap rate"),
        (["nambarz", "--max-solutions", "0"], "--max-solutions"),
        (["nambarz", "--min-cards", "8"], "cannot be met with 7 cards"),
        (["nambarz", "--hand-size", "0"], "bad --hand-size 0: expected 2 to 20 cards"),
        (["nmbrs", "--hand-size", "0"], "bad --hand-size 0"),
        (["arith", "--hand-size", "3"], "No such option: --hand-size"),
        (["arith", "--min-cards", "3"], "No such option: --min-cards"),
    ],
)
def test_more_bad_drill_options(args, message):
    r = drill(*args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr


def test_pack_fields_of_the_wrong_type_are_refused(tmp_path):
    from puzzles import load_pack
    from solver.errors import TablecalcError

    f = tmp_path / "p.json"
    f.write_text('{"game": "nambarz", "cases": [{"id": "a", "situation": 3}]}')
    with pytest.raises(TablecalcError, match="case 'a': 'situation' = 3: expected text"):
        load_pack(str(f))


# ---------------------------------------------------------------- packs, reviews and names (found in review)


def test_a_pack_is_read_under_each_cases_preset_not_the_drills():
    """The best-turn pack's cards go up to 100: a drill on the simple preset (1-50) still asks them."""
    r = drill("nmbrs", "--preset", "simple", "--pack", "nmbrs-best-turns", "-n", "2", "--json", input="pass\npass\n")
    assert r.exit_code == 0, r.output
    puzzles = [json.loads(x) for x in r.stdout.splitlines() if '"puzzle"' in x]
    assert len(puzzles) == 2 and all(p["preset"] == "basic" for p in puzzles)


def test_known_bad_cases_of_a_pack_are_not_asked():
    """nmbrs-seed records one case as bad input (60 in the simple version): a drill skips it and every
    verdict keeps the game's penalty keys."""
    from puzzles import load_pack

    pack = load_pack("nmbrs-seed")
    # commands, and cases under changed options (the drill plays the preset as it is), are not asked
    assert len(pack.playable) == sum(1 for c in pack.cases if c.situation is not None and not c.options) - 1
    r = drill("nmbrs", "--pack", "nmbrs-seed", "--json", input="pass\n" * 30)
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    verdicts = [x for x in lines if x["type"] == "verdict"]
    assert len(verdicts) == len(pack.playable) and "not-understood" not in {v for x in verdicts for v in x["violations"]}
    assert {tuple(sorted(v["penalty"])) for v in verdicts} == {("amount", "take_back")}


def test_a_puzzle_saved_before_situations_existed_comes_back_with_its_situation():
    from trainer.session import _review

    d = make_drill("nambarz", level="basic")
    old = {"type": "puzzle", "game": "nambarz", "level": "basic", "preset": "basic", "prompt": "Cover 3-bee",
           "item": "nambarz:basic:3-bee|10 2 5 6", "hand": ["6", "5", "2", "10"], "target": "3-bee", "time_limit": None}
    p = _review(d, old)
    assert p.situation == "top 3-bee; hand 6 5 2 10" and p.fields["hand"] == ["6", "5", "2", "10"]
    assert d.judge(p, "6÷2").correct
    assert _review(d, {**old, "target": "3-lion"}) is None  # unreadable now: skipped, not a crash


def test_a_drill_level_named_as_a_game_starts_that_level():
    r = drill("countdown", "-n", "1", "--seed", "3", "--json", input="")
    assert r.exit_code == 0 and json.loads(r.stdout.splitlines()[0])["level"] == "countdown"
    r = drill("nummers", "-n", "1", "--json", input="")  # an alias that is no level finds its game
    assert r.exit_code == 0 and json.loads(r.stdout.splitlines()[-1])["penalty_unit"] == "cards taken back"


def test_json_intro_only_when_asked():
    r = drill("nambarz", "-n", "1", "--seed", "5", "--json", "--intro", input="")
    first = json.loads(r.stdout.splitlines()[0])
    assert first["type"] == "instructions" and "Nambarz" in first["text"]
    r = drill("nambarz", "-n", "1", "--seed", "5", "--json", input="")
    assert json.loads(r.stdout.splitlines()[0])["type"] == "puzzle"
