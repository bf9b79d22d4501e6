"""Every registered game has a rule book in English, French and Dutch, whose clauses name real
rule options, and whose every violation code is tied to a clause of the book; every verdict's
JSON carries ``clauses``; ``docs/rules/`` is what the books make.

Parametrised over :func:`solver.registry.all_games`: a game added to the registry is checked here
without a line of this file changing.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solver.i18n import LANGUAGES, speaking
from solver.registry import GAMES, all_games, find_game
from solver.rulebook import BOOK_FOLDER, citation, option_flag, rule_book
from trainer.cli import app

ROOT = Path(__file__).resolve().parents[2]
ALL = all_games()
ids = [g.name for g in ALL]


def _file(game, lang: str) -> dict:
    return tomllib.loads((resources.files(GAMES[game.name]) / BOOK_FOLDER / f"{lang}.toml").read_text("utf-8"))


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_the_book_has_the_same_clauses_in_every_language(game):
    """Each language's file has every clause of the English one, in the same order, each with a
    title, a text and (translated) its source; the options are the English file's alone (one home)."""
    english = [c["id"] for c in _file(game, "en")["clause"]]
    assert english and len(set(english)) == len(english)
    for lang in LANGUAGES:
        raw = _file(game, lang)
        assert [c["id"] for c in raw["clause"]] == english, lang
        assert set(raw["sections"]) == {i.split(".")[0] for i in english}, lang
        for c in raw["clause"]:
            assert c["title"].strip() and c["text"].strip(), (lang, c["id"])
            if lang != "en":
                assert set(c) <= {"id", "title", "text", "source"}, (lang, c["id"])
        assert raw["title"].strip() and raw["intro"].strip()


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_clause_ids_are_numbered_by_section(game):
    """Ids read ``section.clause``, numbered 1, 2, 3... in order within each section."""
    book = rule_book(game, "en")
    seen: dict[str, int] = {}
    for c in book.clauses:
        assert re.fullmatch(r"[1-9][0-9]*\.[1-9][0-9]*", c.id), c.id
        section, number = c.id.split(".")
        assert int(number) == seen.get(section, 0) + 1, c.id
        seen[section] = int(number)
        assert c.source.strip(), c.id


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_every_option_named_exists_and_every_option_is_named(game):
    """A clause names only fields of the game's ``Rules``, and every rule option is named by some
    clause (a new option needs a clause, or a clause's ``options`` to list it)."""
    book = rule_book(game, "en")
    fields = {spec.name for spec in game.Rules.options()}
    named = {name for c in book.clauses for name in c.options}
    assert named <= fields, named - fields
    assert fields <= named, f"options named by no clause of {game.name}'s rule book: {sorted(fields - named)}"


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_every_violation_code_has_a_clause_of_the_book(game):
    """Each code of the game's violation enum names at least one clause, and only clauses of the book."""
    ids_ = set(rule_book(game, "en").ids)
    for code in game.violations:
        assert code.clauses, f"{game.name}: {code.value} names no clause"
        assert set(code.clauses) <= ids_, (code.value, set(code.clauses) - ids_)


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_a_refused_answer_cites_its_clauses(game):
    """A refused answer's verdict carries its codes' clauses in JSON, and its citation names each
    clause and each option of it with the flag people type."""
    rules = game.rules()
    data = game.load_data(rules)
    rng = random.Random(5)
    cited = 0
    for _ in range(8):
        s = game.random_situation(rng, rules, data)
        answer = game.refused_answer(s, rules, data)
        if answer is None:
            continue
        v = game.judge(s, answer, rules, data)
        d = v.as_dict()
        assert d["clauses"] == list(v.clauses) and v.clauses
        assert set(v.clauses) >= {c for code in v.violations for c in code.clauses}
        text = citation(game, v.clauses, rules)
        book = rule_book(game, "en")
        for cid in v.clauses:
            assert f"rule {cid}: " in text
            for name in book.clause(cid).options:
                assert f"option `{option_flag(game.Rules, name)}`" in text
        cited += 1
    assert cited


OWN_CHECKS = {
    "nambarz": [["judge", "--target", "3-bee", "--hand", "6 5 2 10", "6+5+2-10"]],
    "nmbrs": [["check", "14", "20", "27"], ["check", "14", "20", "26", "--preset", "advanced"],
              ["judge", "--table", "10 20 30", "--hand", "15 25 40 41 42", "add 1: 15"]],
    "ramikubic": [["check", "9b", "10b", "1b", "2b"], ["check", "7b", "7b", "7r"]],
}
"""The refused checks of the games whose ``check`` (or ``judge``) takes more than a situation and an
answer; every other game is checked with ``judge SITUATION ANSWER``, its own refused answer to a
random situation (``check`` is ``judge``'s old name where a game has no check of its own)."""


def _checks(game, own: dict, answer_to, what: str) -> list[list[str]]:
    """The game's own checks in ``own``, else ``judge`` on the first of 40 random situations
    (seeded) to which ``answer_to(situation, rules, data)`` gives an answer."""
    if game.name in own:
        return own[game.name]
    rules = game.rules()
    data = game.load_data(rules)
    rng = random.Random(6)
    for _ in range(40):
        s = game.random_situation(rng, rules, data)
        answer = answer_to(s, rules, data)
        if answer is not None:
            return [["judge", str(s), answer]]
    raise AssertionError(f"{game.name}: no {what} answer in 40 random situations")


def _refused_checks(game) -> list[list[str]]:
    return _checks(game, OWN_CHECKS, game.refused_answer, "refused")


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_every_check_json_carries_clauses(game):
    """``tablecalc GAME check --json`` (a sequence, a combination, or the judge) carries ``clauses``:
    the ids of clauses of the book, one at least for a refused answer, each cited in the explanation."""
    book = set(rule_book(game, "en").ids)
    for args in _refused_checks(game):
        r = CliRunner().invoke(app, [game.name, *args, "--json"])
        assert r.exit_code == 1, (args, r.output)
        out = json.loads(r.stdout)
        assert out["clauses"] and set(out["clauses"]) <= book, (args, out)
        said = out.get("explanation", "")  # a sequence's check words it as its ``reason``, uncited
        assert "explanation" not in out or all(f"rule {c}: " in said for c in out["clauses"]), said


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_the_clauses_a_legal_answer_is_judged_against_are_declared(game):
    """Next to its codes, each game declares the clauses a legal answer of each kind is judged
    against: at least one kind, each with clauses of the book."""
    book = set(rule_book(game, "en").ids)
    assert game.judged, f"{game.name} declares no clause a legal answer is judged against"
    for kind, clauses in game.judged.items():
        assert clauses and set(clauses) <= book, (game.name, kind, set(clauses) - book)


OWN_LEGAL_CHECKS = {
    "nambarz": [["judge", "--target", "3-bee", "--hand", "6 5 2 10", "6÷2"],
                ["judge", "--target", "3-bee", "--hand", "6 3-hippo 10", "3-hippo"]],
    "nmbrs": [["check", "14", "20", "26"], ["check", "6", "11", "16", "21", "--preset", "advanced"],
              ["judge", "--table", "10 20 30", "--hand", "15 25 40 41 42", "lay 40 41 42"]],
    "ramikubic": [["check", "7b", "8b", "9b"], ["check", "7b", "7r", "7y"]],
}
"""The legal checks of the games whose ``check`` (or ``judge``) takes more than a situation and an
answer; every other game is checked with ``judge SITUATION ANSWER``, the first best answer to a
random situation."""


def _legal_checks(game) -> list[list[str]]:
    def first_best(s, rules, data):
        answers = game.best_answers(game.best(s, rules, data))
        return answers[0] if answers else None

    return _checks(game, OWN_LEGAL_CHECKS, first_best, "legal")


@pytest.mark.parametrize("game", ALL, ids=ids)
def test_a_legal_check_json_carries_the_clauses_it_was_judged_against(game):
    """A legal ``check --json`` names the clauses it was judged against (those the game declares,
    ``game.judged``), each cited in its explanation."""
    book = set(rule_book(game, "en").ids)
    declared = {c for clauses in game.judged.values() for c in clauses}
    for args in _legal_checks(game):
        r = CliRunner().invoke(app, [game.name, *args, "--json"])
        assert r.exit_code == 0, (args, r.output)
        out = json.loads(r.stdout)
        assert out["clauses"] and set(out["clauses"]) <= book & declared, (args, out)
        said = out.get("explanation", "")  # a sequence's check words it as its ``reason``, uncited
        assert "explanation" not in out or all(f"rule {c}: " in said for c in out["clauses"]), said


def test_a_legal_play_is_cited_in_the_sentence():
    """The Nambarz ``judge`` text puts the citation inside the sentence that says why, for a legal play
    (covering the card and the simplest calculation) as for a refused one."""
    r = CliRunner().invoke(app, ["nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6÷2"])
    assert r.exit_code == 0
    assert ("the fewest possible (rule 2.1: two ways to cover; rule 2.3: calculation; rule 3.2: the simplest "
            "calculation is compulsory; simplest judged against the whole hand, option `simplest-against`).") in r.stdout
    r = CliRunner().invoke(app, ["nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6+5+2-10"])
    assert ("compulsory (rule 3.2: the simplest calculation is compulsory; simplest judged against the whole hand, "
            "option `simplest-against`). Draw 3 cards") in r.stdout


@pytest.mark.parametrize("game", ALL, ids=ids)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_clauses_prints_the_book(game, lang):
    """``rules --clauses`` prints every clause in the language asked for; ``--clause ID`` one clause
    with its options' values under the rules chosen; an unknown id is one line, exit 2."""
    with speaking(lang):
        book = rule_book(game)
    r = CliRunner().invoke(app, ["--lang", lang, game.name, "rules", "--clauses"])
    assert r.exit_code == 0, r.output
    for c in book.clauses:
        assert f"{c.id}  {c.title}" in r.stdout
    last = book.clauses[-1]
    r = CliRunner().invoke(app, ["--lang", lang, game.name, "rules", "--clause", last.id, "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["id"] == last.id and out["title"] == last.title and set(out["values"]) == set(last.options)
    r = CliRunner().invoke(app, ["--lang", lang, game.name, "rules", "--clause", "99.9"])
    assert r.exit_code == 2 and "99.9" in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_a_clause_shows_the_values_of_the_rules_chosen():
    """``--clause`` reads ``--preset`` and the rule options: the value shown is the one chosen."""
    r = CliRunner().invoke(app, ["nambarz", "rules", "--clause", "3.2", "--simplest-against", "played", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["values"] == {"simplest": "played"}
    r = CliRunner().invoke(app, ["nambarz", "rules", "--clause", "2.5", "--preset", "parentheses"])
    assert r.exit_code == 0 and "--order tree" in r.stdout, r.output


def test_the_issue_example_is_cited():
    """The seed's example: 6+5+2−10 on 3-bee is refused under rule 3.2, naming the option that judged it."""
    r = CliRunner().invoke(app, ["nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6+5+2-10"])
    assert r.exit_code == 1
    assert ("(rule 3.2: the simplest calculation is compulsory; simplest judged against the whole hand, "
            "option `simplest-against`)") in r.stdout


def test_docs_rules_are_up_to_date():
    """docs/rules/ is what scripts/rulebook_docs.py makes from the books (run it after editing a book)."""
    spec = importlib.util.spec_from_file_location("rulebook_docs", ROOT / "scripts" / "rulebook_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    assert module.stale() == [], "docs/rules is stale: run python3 scripts/rulebook_docs.py"
