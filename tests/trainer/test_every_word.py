"""Every word in the player's language: every command of the CLI tree (walked from the root, so a
new command is included) and every drill, run under ``--lang fr`` and ``--lang nl`` with real valid
input and with wrong input, print no English (:mod:`tests.support.english`: a message of the
English catalogue left untranslated, or two English-only words on one line).

The valid input of a command is its documented example (``docs/``) or, for a command the docs do
not show, the line in :data:`VALID`; the wrong input is made from it: each argument and each option's
value in turn replaced by a typo, an unknown option, an extra word, nothing at all. A new command
with neither fails :func:`test_every_command_has_a_valid_input`. Drills and games at a prompt get
the prompt words of the language (``aide``, ``indice``, ``quitter``...; ``hulp``, ``tip``,
``stoppen``...), a typo, a wrong answer.

The whole run takes about half a minute on one core: marked slow; the quick loop runs one command per
game and one drill (:func:`test_a_few_commands_speak_french_and_dutch`).
"""

from __future__ import annotations

import shlex
from functools import cache

import pytest
from typer.testing import CliRunner

from tests.support.cli_tree import commands
from tests.support.english import english
from trainer.cli import app

LANGS = ("fr", "nl")

VALID: dict[tuple[str, ...], list[str]] = {
    ("games",): [],
    ("reach",): ["1", "2", "3", "4", "--target", "24"],
    ("nambarz", "rules"): [],
    ("nambarz", "solve"): ["--target", "3-bee", "--hand", "6 5 2 10"],
    ("nambarz", "check"): ["--target", "3-bee", "--hand", "6 5 2 10", "6+5+2-10"],
    ("nambarz", "score"): ["--round", "Ann: 3-bee 5 | Bob: - | Cid: 7 change-number", "--players", "Ann,Bob,Cid"],
    ("nmbrs", "rules"): [],
    ("nmbrs", "move"): ["add 1: 15 25", "--hand", "15 25 7", "--table", "10 20 30", "--opened"],
    ("nmbrs", "score"): ["--player", "Ann: 14r 20 26 | 8 9"],
    ("nmbrs", "deck"): [],
    ("arith", "rules"): [],
    ("arith", "solve"): ["numbers 1 5 5 5; target 24", "--preset", "make24"],
    ("arith", "check"): ["numbers 3 3 8 8; target 24", "8÷(3-8÷3)"],
    ("arith", "table"): ["--targets", "100-101", "--choose", "3", "--tiles", "1 2 3 4 5 25"],
    ("ramikubic", "rules"): [],
    ("ramikubic", "move"): ["--table", "7b 8b 9b", "--rack", "10b 7y 7g", "8b 9b 10b | 7y 7g"],
    ("ramikubic", "tiles"): [],
    ("namnam", "rules"): [],
    ("namnam", "show"): ["start"],
    ("namnam", "move"): ["0.0.0.0.0.3/1.2.1.0.0.4 s 20-17", "6"],
    ("namnam", "tables"): [],
    ("namnam", "best"): ["0.0.0.1.0.2/0.1.0.0.0.0 s 24-20"],
    ("nainjaune", "rules"): [],
    ("nainjaune", "solve"): ["hands Ann: 9c 10d Jc 2s 3s | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15"],
    ("nainjaune", "check"): ["hands Ann: 9c 10d Jc 2s 3s | Bob: 8h Qs | Cid: 4h 5h; board 10:3 J:6 Q:9 K:12 7:15",
                             "9c 10d sans J"],
    ("nambarz", "deck"): [],
    ("namnam", "simulate"): ["--seed", "1", "--bot", "random"],
    ("namnam", "referee"): ["{log}"],
    ("namnam", "analyse"): ["{log}"],
    ("nainjaune", "simulate"): ["--players", "3", "--seed", "1"],
    ("worksheet",): [],
    ("stats",): [],
}
"""A valid command line for each command the docs do not show (or show only with a file)."""

SKIP = {("serve",)}
"""A web server runs until it is stopped: its pages have their own tests (tests/web/)."""

PROMPT_WORDS = {"fr": ("aide", "indice", "zz?", "annuler", "quitter"), "nl": ("hulp", "tip", "zz?", "ongedaan", "stoppen")}
"""What a player types at a prompt, in each language: help, a hint, a typo, undo, quit."""


@cache
def _documented() -> dict[tuple[str, ...], list[list[str]]]:
    from tests.core.test_docs import EXAMPLES
    from trainer.cli import RootGroup  # noqa: F401  (the tree is the app's)

    paths = {path for path, _ in commands()}
    found: dict[tuple[str, ...], list[list[str]]] = {}
    for example in EXAMPLES:
        words = shlex.split(example.command)[1:]
        if words[:1] == ["--lang"]:
            words = words[2:]
        for n in (2, 1):
            if tuple(words[:n]) in paths:
                if not {"--plot", "--export", "--deck", "--log", "--build"} & set(words):  # no file, no long build
                    found.setdefault(tuple(words[:n]), []).append(words[n:])
                break
    return found


def _leaves():
    return [(path, command) for path, command in commands() if path not in SKIP and path[0] != "drill"
            and path[-1] not in ("play", "follow")]


def _valid(path) -> list[list[str]]:
    lines = _documented().get(path, [])[:2]
    if path in VALID:
        lines = [VALID[path], *lines]
    return lines


def _wrong(path, command, line: list[str]) -> list[list[str]]:
    """Wrong command lines made from a valid one: each value a typo in turn, an unknown option, an
    extra word, and no input at all."""
    values = {name for p in command.params if p.param_type_name == "option" and not p.is_flag for name in p.opts}
    out = [["--nope"], [*line, "extra-word"]]
    if any(p.required for p in command.params):
        out.append([])  # every required option or argument missing
    arguments = [i for i, w in enumerate(line) if not w.startswith("-") and (i == 0 or line[i - 1] not in values)]
    for i, word in enumerate(line):
        if i in arguments or (i > 0 and line[i - 1] in values):
            out.append([*line[:i], "zz?" + word[:3], *line[i + 1:]])
    from trainer.clikit import RULES_PANEL

    for p in command.params:  # every other option of its own given a typo (the rule options: through --preset)
        if p.param_type_name == "option" and not p.is_flag and not set(p.opts) & set(line) \
                and getattr(p, "rich_help_panel", None) != RULES_PANEL and not p.opts[0].endswith("-completion"):
            out.append([*line, p.opts[0], "zz?"])
    return out


def _log(game: str, home) -> str:
    """A log of a seeded game of ``game``, written once per home (for the commands that read one)."""
    import pathlib

    path = pathlib.Path(home) / f"{game}-seeded.jsonl"
    if not path.exists():
        CliRunner().invoke(app, [game, "simulate", "--seed", "1", "--bot", "random", "--log", str(path)],
                           env={"TABLECALC_HOME": str(home)})
    return str(path)


def _run(words: list[str], lang: str, home, input: str = "") -> str:
    if "{log}" in words:
        words = [_log(words[0], home) if w == "{log}" else w for w in words]
    r = CliRunner().invoke(app, ["--lang", lang, *words], input=input, env={"TABLECALC_HOME": str(home)})
    assert r.exception is None or isinstance(r.exception, SystemExit), (words, repr(r.exception))
    return (r.stdout or "") + (r.stderr or "")


def _check(words, lang, home, input="") -> list[str]:
    shown = _run(words, lang, home, input)
    return [f"{' '.join(words)}: {hit}" for hit in english(shown, lang)]


def test_every_command_has_a_valid_input():
    missing = [path for path, _ in _leaves() if not _valid(path)]
    assert not missing, f"give these commands a valid line in VALID: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_command_speaks_the_language(lang, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = []
    for path, command in _leaves():
        for k, line in enumerate(_valid(path)):
            found += _check([*path, *line], lang, tmp_path)
            if k == 0:
                for wrong in _wrong(path, command, line):
                    found += _check([*path, *wrong], lang, tmp_path)
    assert not found, "\n".join(found)


def _groups() -> list[list[str]]:
    from solver.registry import game_names

    return [[], ["drill"], *([g] for g in game_names())]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_help_and_usage_errors_speak_the_language(lang, tmp_path):
    found = []
    for group in _groups():
        for words in ([*group, "-h"], [*group, "--help"], [*group, "zz-command"], group):
            found += _check(words, lang, tmp_path)
    assert not found, "\n".join(found)


def _drills():
    from solver.registry import game_names
    from trainer.drills import drill_class

    return [(g, level) for g in game_names() for level in drill_class(g).LEVELS]


def _answers(lang: str) -> str:
    help_, hint, typo, _undo, quit_ = PROMPT_WORDS[lang]
    return "\n".join([help_, hint, typo, "1", "0", quit_, ""])


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_drill_level_speaks_the_language(lang, tmp_path):
    found = []
    for game, level in _drills():
        found += _check(["drill", game, "--level", level, "--count", "2", "--seed", "1"], lang, tmp_path,
                        _answers(lang))
    assert not found, "\n".join(found)


def _whole_games():
    from solver.registry import find_game, game_names

    return [g for g in game_names() if find_game(g).plays_whole()]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_game_played_and_followed_speaks_the_language(lang, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = []
    words = PROMPT_WORDS[lang]
    for game in _whole_games():
        found += _check([game, "play", "--seed", "1"], lang, tmp_path, "\n".join(words) + "\n")
        found += _check([game, "follow", "--seed", "1"], lang, tmp_path, "\n".join(words[1:]) + "\n")
        found += _check([game, "play", "--seed", "1", "--humans", "9"], lang, tmp_path)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_a_few_commands_speak_french_and_dutch(lang, tmp_path):
    """The quick loop's share: the commands of the issue."""
    found = []
    for words in (["nambarz", "judge", "--target", "3-bee", "--hand", "6 5 2 10", "6-5+"],
                  ["nambarz", "judg"], ["nambarz", "best", "--target", "3", "--hand", "6", "5", "2", "10"],
                  ["namnam", "best", "0.0.0.1.0.2/0.1.0.0.0.0 s 24-20"],
                  ["nainjaune", "best", VALID[("nainjaune", "solve")][0]]):
        found += _check(words, lang, tmp_path)
    assert not found, "\n".join(found)



FILE_ERRORS = {
    "fr": ("paquet d'énigmes", "cas 1 : on attend un objet", "ligne 3 : type de ligne inconnu 'bogus'",
           "on attend à la fois", "clé inconnue 'colour'"),
    "nl": ("puzzelpakket", "geval 1: verwacht een object", "regel 3: onbekend regeltype 'bogus'",
           "verwacht zowel", "onbekende sleutel 'colour'"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_errors_about_a_file_speak_the_language(lang, tmp_path):
    """What is wrong in a file a person wrote (a puzzle pack, a game log, a batch of JSON lines) is
    said in their language, naming the line or the case, in one line and without English."""
    import json

    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps({"name": "p", "game": "nambarz", "cases": [3]}), encoding="utf-8")
    log = tmp_path / "game.jsonl"
    log.write_text('{"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}\n'
                   '{"type": "deal", "deal": "start"}\n{"type": "bogus"}\n', encoding="utf-8")
    batch = tmp_path / "batch.jsonl"
    batch.write_text('{"numbers": [1, 2]}\n{"numbers": [1, 2], "target": 3, "colour": "red"}\n', encoding="utf-8")
    shown = {}
    for words in (["drill", "nambarz", "--pack", str(pack), "--count", "1"],
                  ["namnam", "referee", str(log)],
                  ["reach", "--batch", str(batch)]):
        r = CliRunner().invoke(app, ["--lang", lang, *words], env={"TABLECALC_HOME": str(tmp_path)})
        out = (r.stdout or "") + (r.stderr or "")
        assert words[0] == "reach" or r.exit_code == 2, (words, out)
        assert not english(out, lang), (words, out)
        shown[words[0]] = out
    pack_words, case, line, both, key = FILE_ERRORS[lang]
    assert pack_words in shown["drill"] and case in shown["drill"]
    assert line in shown["namnam"]
    errors = [json.loads(row)["error"] for row in shown["reach"].splitlines()]
    assert both in errors[0] and key in errors[1]

if __name__ == "__main__":  # a survey: every English line found, without stopping at the first test
    import sys
    import tempfile

    home = tempfile.mkdtemp()
    import os

    os.chdir(home)  # files a command is told to write go there
    lang = sys.argv[1] if len(sys.argv) > 1 else "fr"
    what = sys.argv[2] if len(sys.argv) > 2 else "commands"
    hits = []
    if what == "commands":
        for path, command in _leaves():
            for k, line in enumerate(_valid(path)):
                hits += _check([*path, *line], lang, home)
                if k == 0:
                    for wrong in _wrong(path, command, line):
                        hits += _check([*path, *wrong], lang, home)
    elif what == "help":
        for group in _groups():
            for words in ([*group, "-h"], [*group, "zz-command"], group):
                hits += _check(words, lang, home)
    elif what == "drills":
        for game, level in _drills():
            hits += _check(["drill", game, "--level", level, "--count", "2", "--seed", "1"], lang, home,
                           _answers(lang))
    elif what == "play":
        for game in _whole_games():
            hits += _check([game, "play", "--seed", "1"], lang, home, "\n".join(PROMPT_WORDS[lang]) + "\n")
            hits += _check([game, "follow", "--seed", "1"], lang, home, "\n".join(PROMPT_WORDS[lang][1:]) + "\n")
    print("\n".join(hits))
    print(len(hits), "lines")


@pytest.mark.parametrize("game_name", _whole_games())
@pytest.mark.parametrize("lang", LANGS)
def test_every_move_said_in_the_language_is_read_back(game_name, lang):
    """The moves a hint or a bot shows in French or Dutch (``say_move``) are moves the same prompt
    accepts: typed back at the table, each is judged legal, for the first moves of a seeded game."""
    from solver.i18n import speaking
    from solver.registry import find_game
    from solver.whole.table import Table, fewest_players

    game = find_game(game_name)
    rules = game.rules()
    data = game.load_data(rules)
    names = tuple(f"P{i + 1}" for i in range(fewest_players(game, rules, data)))
    table = Table(game, rules, data, names, set(range(len(names))), None, 3)
    table.start()
    checked = 0
    for _turn in range(25):
        if table.state.is_terminal():
            break
        seat = table.to_move
        moves = table.hint()
        with speaking(lang):
            for move in moves[:3]:
                said = game.say_move(str(move))
                verdict = table.judge(seat, said)
                assert verdict.legal, (lang, move, said, game.explain(verdict))
                checked += 1
        table.apply(seat, str(moves[0]), table.judge(seat, str(moves[0])))
    assert checked >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_prompt_words_of_the_language_are_commands(lang):
    from trainer.whole import command_word

    help_, hint, _typo, undo, quit_ = PROMPT_WORDS[lang]
    assert [command_word(w)[0] for w in (help_, hint, undo, quit_)] == ["help", "hint", "undo", "quit"]


# ---------------------------------------------------------------- what a newcomer meets


def test_h_is_help_everywhere():
    for words in ([], ["nambarz"], ["nambarz", "judge"], ["drill", "nmbrs"]):
        r = CliRunner().invoke(app, [*words, "-h"])
        assert r.exit_code == 0 and "Usage:" in r.output, (words, r.output[-300:])


def test_h_survives_a_walk_of_the_tree_with_bare_contexts():
    """Click keeps a command's help option from the first context that asks for it; a walk with bare
    contexts (only --help) must not take -h away from the commands it met."""
    import typer.main
    from typer._click import Context

    root = typer.main.get_command(app)
    bare = Context(root, info_name="tablecalc")
    game = root.get_command(bare, "nambarz")
    game.get_help_option(Context(game, info_name="nambarz", parent=bare))
    r = CliRunner().invoke(app, ["nambarz", "-h"])
    assert r.exit_code == 0 and "Usage:" in r.output, r.output[-300:]


def test_flags_show_as_flags_in_help():
    r = CliRunner().invoke(app, ["nmbrs", "judge", "--help"], terminal_width=200)
    line = next(line for line in r.output.splitlines() if "--opened" in line)
    assert "<bool>" not in line and "--not-opened" in line
    assert "<bool>" not in r.output


@pytest.mark.parametrize("lang, wanted", [("en", "put it in quotes"), ("fr", "guillemets"), ("nl", "aanhalingstekens")])
def test_a_hand_without_quotes_is_told_to_use_quotes(lang, wanted):
    r = CliRunner().invoke(app, ["--lang", lang, "nambarz", "judge", "--target", "3", "--hand", "6", "5", "2", "10", "6+5"])
    assert r.exit_code == 2
    assert wanted in r.stderr and '--hand "6 5 2 10"' in r.stderr, r.stderr
    assert "extra" not in r.stderr.lower()


def test_usage_errors_in_french_and_dutch():
    fr = CliRunner().invoke(app, ["--lang", "fr", "nambarz", "judg"]).stderr
    assert "Commande inconnue 'judg'. Vouliez-vous dire 'judge' ?" in fr
    nl = CliRunner().invoke(app, ["--lang", "nl", "nambarz", "best", "--target", "3"]).stderr
    assert "Optie '--hand' ontbreekt" in nl and "(zie 'tablecalc nambarz best --help')" in nl


def test_the_plot_message_names_an_install_that_works(monkeypatch, tmp_path):
    import sys

    monkeypatch.chdir(tmp_path)
    env = {"TABLECALC_HOME": str(tmp_path / "home")}
    CliRunner().invoke(app, ["drill", "arith", "--level", "add", "--count", "1", "--seed", "1"], input="0\n", env=env)
    monkeypatch.setitem(sys.modules, "matplotlib.dates", None)  # as if matplotlib were not installed
    r = CliRunner().invoke(app, ["--lang", "fr", "stats", "--plot", "chart.png"], env=env)
    assert r.exit_code == 2 and "python3 -m pip install matplotlib" in r.stderr and "[plot]" not in r.stderr, r.stderr


def test_nain_jaune_positions_read_french_and_dutch_keywords():
    """A position written with the French or Dutch keywords is the position written in English, and
    its notation reads back the same (the notation printed keeps the English keywords)."""
    import random

    from solver.nainjaune.round import KEY_WORDS, Position
    from solver.registry import find_game

    game = find_game("nainjaune")
    rules = game.rules()
    rng = random.Random(5)
    words = {lang: {} for lang in ("fr", "nl")}
    for word, key in KEY_WORDS.items():
        lang = "nl" if word in ("handen", "bord", "gever", "aan", "volgende", "zonder", "geopend", "genomen",
                                "uitkomen", "koning", "afrekenen", "vraag", "penningen") else "fr"
        words[lang].setdefault(key, word)
    for _k in range(30):
        position = game.random_situation(rng, rules, None)
        text = str(position)
        for lang, table in words.items():
            said = "; ".join(" ".join([table.get(part.split(" ")[0], part.split(" ")[0]), *part.split(" ")[1:]])
                             for part in text.split("; "))
            assert said != text
            read = Position.parse(said)
            assert read == position and str(read) == text, (lang, said)


def test_french_ramikubic_tiles_come_back_in_french_letters():
    r = CliRunner().invoke(app, ["--lang", "fr", "ramikubic", "best", "--table", "7bl 8bl 9bl", "--rack", "10bl 7ja 7ve 7ro"])
    assert "7ja" in r.output and "10bl" in r.output and " 7y" not in r.output, r.output
    r = CliRunner().invoke(app, ["--lang", "nl", "ramikubic", "best", "--table", "7bl 8bl 9bl", "--rack", "10bl 7ja 7ve 7ro"])
    assert " 7y" in r.output, r.output


# ---------------------------------------------------------------- in a real terminal


def test_a_french_game_of_nambarz_in_a_real_terminal(tmp_path):
    """``play`` in French at a real terminal: the help, a hint with the cards' French names, a typo
    answered in French, undo and quit in French."""
    pytest.importorskip("pexpect")
    from tests.support.terminal import session

    with session(tmp_path, "--lang", "fr", "nambarz", "play", "--seed", "2") as child:
        child.expect_exact("Votre main (P1) : 1 2 3 8 8 3-hippopotame change-dessin")
        child.expect_exact("P1, votre coup >")
        child.sendline("aide")
        child.expect_exact("Tapez un coup, ou : indice, annuler, sauver FICHIER, quitter.")
        child.sendline("indice")
        child.expect_exact("Indice : 8-1 / change-dessin hippopotame puis 3-hippopotame.")
        child.sendline("zz?")
        child.expect_exact("'z' inattendu au caractère 1 de 'zz?'")
        child.sendline("8-1")
        child.expect_exact("Permis.")
        child.sendline("annuler")
        child.expect_exact("Repris.")
        child.sendline("quitter")
        child.expect_exact("Arrêté.")


def test_a_dutch_game_of_nmbrs_in_a_real_terminal(tmp_path):
    """``play`` in Dutch at a real terminal, two people at one screen: the open card refused
    (``weigeren``), claimed by the other (``opeisen``, the word the prompt offers), taken back
    (``ongedaan``), then ``stoppen``."""
    pytest.importorskip("pexpect")
    from tests.support.terminal import session

    with session(tmp_path, "--lang", "nl", "nmbrs", "play", "--seed", "1", "--players", "2", "--humans", "2") as child:
        child.expect_exact("druk op Enter")
        child.sendline("")
        child.expect_exact("trekken: open trekken / weigeren")
        child.sendline("hulp")
        child.expect_exact("Typ een zet, of: tip, ongedaan, bewaar BESTAND, stoppen.")
        child.sendline("weigeren")
        child.expect_exact("Geldig. Weigert de open kaart")
        child.expect_exact("druk op Enter")
        child.sendline("")
        child.expect_exact("opeisen (je neemt ze met een kaart van de gesloten stapel) of passen?")
        child.sendline("tip")
        child.expect_exact("Tip: opeisen.")
        child.sendline("opeisen")
        child.expect_exact("Geldig. Eist 71 op")
        child.expect_exact("druk op Enter")
        child.sendline("")
        child.expect_exact("jouw zet >")
        child.sendline("ongedaan")
        child.expect_exact("Teruggenomen.")
        child.expect_exact("druk op Enter")
        child.sendline("")
        child.expect_exact("jouw zet >")
        child.sendline("stoppen")
        child.expect_exact("Gestopt.")
