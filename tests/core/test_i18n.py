"""French and Dutch: the catalogues cover every message of the code, the compiled .mo files
say what the .po files say, the placeholders survive translation, card names read back,
and whole drills run in each language through the command line."""

from __future__ import annotations

import ast
import gettext
import inspect
import importlib.util
import os
import string
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from solver.i18n import LANGUAGES, default_language, language, use
from trainer.cli import app

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
tool = sys.modules.setdefault("i18n_tool", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(tool)

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
runner = CliRunner()


@pytest.fixture(scope="module")
def code_messages():
    return tool.extract()


CATALOGUES = [(name, lang) for name in tool.catalogue_names() for lang in TRANSLATED]


@pytest.fixture(scope="module", params=CATALOGUES, ids=[f"{n}-{lang}" for n, lang in CATALOGUES])
def po(request):
    """One catalogue in one language: ``(name, lang)``, its header and its messages."""
    name, lang = request.param
    header, messages = tool.read_po(tool.po_path(lang, name))
    return (name, lang), header, messages


@pytest.fixture(scope="module")
def owned(code_messages):
    """The messages of the code, by catalogue (the core's, each game's)."""
    return tool.split(code_messages)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path / "home"))


def _label(key) -> str:
    ctx, msgid = key
    return repr(msgid) + (f" (context {ctx!r})" if ctx else "")


# ---------------------------------------------------------------- the catalogues


def test_every_message_of_the_code_is_translated(owned, po):
    """A sentence wrapped in _() but missing from its catalogue (the core's, or its game's) fails
    here, with the list (``python3 scripts/i18n.py update`` adds them to the .po files; docs/translating.md)."""
    (name, lang), _, messages = po
    missing = [_label(k) for k in owned[name] if k not in messages or not messages[k].translated]
    assert not missing, f"{len(missing)} untranslated in {name} {lang}:\n  " + "\n  ".join(missing)


def test_catalogues_hold_no_stale_messages(owned, po):
    (name, lang), _, messages = po
    stale = [_label(k) for k in messages if k not in owned[name]]
    assert not stale, f"{name} {lang} translates messages its code no longer has:\n  " + "\n  ".join(stale)


def test_a_message_in_two_catalogues_is_translated_alike():
    """Two games that use the same English (and not the core) each hold it; both say the same, as
    every catalogue is read at once and the first that has a message answers."""
    for lang in TRANSLATED:
        seen: dict = {}
        for name in tool.catalogue_names():
            for key, m in tool.read_po(tool.po_path(lang, name))[1].items():
                if key in seen and seen[key][1] != m.msgstr:
                    pytest.fail(f"{lang}: {_label(key)} is {seen[key][1]} in {seen[key][0]} but {m.msgstr} in {name}")
                seen.setdefault(key, (name, m.msgstr))


def test_plurals_have_every_form(po):
    _, header, messages = po
    assert "Plural-Forms: nplurals=2;" in header
    for m in messages.values():
        assert len(m.msgstr) == (2 if m.msgid_plural else 1), m.msgid


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_placeholders_survive_translation(po):
    """Every {name} of the English is in the translation and nothing else: .format() never fails."""
    lang, _, messages = po
    wrong = []
    for m in messages.values():
        for i, text in enumerate(m.msgstr):
            english = m.msgid_plural if (m.msgid_plural and i > 0) else m.msgid
            if text and _fields(text) != _fields(english):
                wrong.append(f"{english!r} -> {text!r}")
    assert not wrong, f"{lang}: placeholders differ:\n  " + "\n  ".join(wrong)


def test_compiled_catalogues_match_the_po_files(po):
    """The committed .mo is what the .po says (recompiled here in pure Python, then compared
    entry by entry as gettext reads them). Run ``python3 scripts/i18n.py compile`` after an edit."""
    (name, lang), header, messages = po
    mo = tool.po_path(lang, name).with_suffix(".mo")
    with mo.open("rb") as f:
        committed = gettext.GNUTranslations(f)._catalog
    fresh = gettext.GNUTranslations(__import__("io").BytesIO(tool.mo_bytes(tool.catalogue(header, messages))))._catalog
    assert committed == fresh, f"{mo} is stale: run python3 scripts/i18n.py compile"


def test_the_mo_writer_reads_back_what_gnu_msgfmt_writes(tmp_path):
    """Our pure-Python compiler and GNU msgfmt agree (when msgfmt is installed)."""
    msgfmt = "/usr/bin/msgfmt"
    if not os.path.exists(msgfmt):
        pytest.skip("GNU msgfmt not installed")
    for name, lang in CATALOGUES:
        out = tmp_path / f"{name}-{lang}.mo"
        subprocess.run([msgfmt, "-c", "-o", str(out), str(tool.po_path(lang, name))], check=True, capture_output=True)
        header, messages = tool.read_po(tool.po_path(lang, name))
        ours = gettext.GNUTranslations(__import__("io").BytesIO(tool.mo_bytes(tool.catalogue(header, messages))))
        with out.open("rb") as f:
            assert gettext.GNUTranslations(f)._catalog == ours._catalog


def test_the_catalogues_are_package_data():
    """pyproject.toml's package-data globs take the .po and .mo files into an install."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    globs = data.get("*", [])
    for name, lang in CATALOGUES:
        for suffix in ("po", "mo"):
            path = tool.po_path(lang, name).with_suffix(f".{suffix}")
            local = path.relative_to(path.parent.parent)  # relative to the package that holds locale/
            assert any(local.match(g) for g in globs), f"{local} is not in package-data {globs}"


def test_no_function_hides_the_translation_function():
    """``for _ in ...`` in a function that also calls ``_()`` would make ``_`` an int there."""
    bad = []
    for path in sorted(p for d in tool.SOURCES for p in (ROOT / d).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            own = [n for n in ast.walk(fn) if not isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))]
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in own)
            binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                        for n in _function_body_names(fn))
            if calls and binds:
                bad.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}")
    assert not bad, "functions that bind _ and call _():\n  " + "\n  ".join(bad)


def _function_body_names(fn):
    """Names in ``fn``'s own scope (not in its comprehensions or nested functions)."""
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.FunctionDef,
                             ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Name):
            yield node
        stack.extend(ast.iter_child_nodes(node))


# ---------------------------------------------------------------- choosing the language


def test_default_language_follows_tablecalc_lang_then_the_locale():
    assert default_language({"LANG": "nl_NL.UTF-8"}) == "nl"
    assert default_language({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}) == "fr"
    assert default_language({"TABLECALC_LANG": "fr", "LC_ALL": "nl_BE.UTF-8"}) == "fr"
    assert default_language({"LC_ALL": "C"}) == "en"
    assert default_language({}) == "en"


def test_the_test_suite_speaks_english():
    assert language() == "en" and os.environ["TABLECALC_LANG"] == "en"


def test_lang_option_refuses_a_language_we_do_not_speak():
    r = runner.invoke(app, ["--lang", "de", "games"])
    assert r.exit_code == 2
    assert "'de' is not one of en, fr, nl" in r.output


def test_an_unknown_tablecalc_lang_falls_back_to_english(monkeypatch):
    monkeypatch.setenv("TABLECALC_LANG", "de")
    r = runner.invoke(app, ["drill", "nambarz", "--count", "1", "--seed", "1"], input="draw\n")
    assert r.exit_code == 0, r.output
    assert "Cover 3 with your hand" in r.output


def test_tablecalc_lang_picks_the_language(monkeypatch):
    monkeypatch.setenv("TABLECALC_LANG", "nl")
    r = runner.invoke(app, ["drill", "nambarz", "--count", "1", "--seed", "1"], input="draw\n")
    assert r.exit_code == 0, r.output
    assert "Dek 3 af met je hand" in r.output


# ---------------------------------------------------------------- card names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nambarz_card_names_read_back_in_every_language(lang):
    """A card printed in the player's language is one the deck reads back: 3-abeille, 3-bij."""
    from solver.nambarz.cards import Deck, card_name

    deck = Deck.default()
    use(lang)
    for card in deck.cards():
        shown = card_name(card)
        assert deck.parse_card(shown) == card, shown
    if lang != "en":
        assert all(card_name(c) != str(c) for c in deck.cards() if c.animal not in (None, "lion"))


def test_french_card_names():
    from solver.nambarz.cards import card_name

    use("fr")
    assert [card_name(c) for c in ("3-bee", "5-cat", "play-again", "7")] == ["3-abeille", "5-chat", "rejouer", "7"]
    use("nl")
    assert [card_name(c) for c in ("3-bee", "5-cat", "play-again", "7")] == ["3-bij", "5-kat", "nog-eens", "7"]


# ---------------------------------------------------------------- whole drills


def _run(*args: str, stdin: str) -> str:
    """The real command line in a subprocess (plain lines on stdin), as a user runs it."""
    env = {**os.environ, "TABLECALC_LANG": "en"}
    r = subprocess.run([sys.executable, "-m", "trainer", *args], input=stdin, capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _session(out: str) -> list[str]:
    """A drill's lines from its first puzzle on (the streak and goal come before)."""
    lines = out.splitlines()
    return lines[next(i for i, line in enumerate(lines) if line.startswith("#1/")):]


def test_a_whole_nambarz_drill_in_french():
    """Seed 1 deals top 3 with 9 4 6-lion 5-cat 6-hippo 3-bee 7, then top 1 with 3-bee 4-frog 1 5-cat 9 8 4."""
    out = _run("--lang", "fr", "drill", "nambarz", "--count", "3", "--seed", "1", stdin="9+4\n3-abeille\npioche\n")
    lines = _session(out)
    assert lines[0] == "#1/3 Recouvrez 3 avec votre main : 9 4 6-lion 5-chat 6-hippopotame 3-abeille 7"
    assert lines[1].startswith("FAUX (score 0, maximum 2) : 9+4 fait 13, pas 3")
    assert "Piochez 3 cartes et reprenez 9 et 4." in lines[1]
    assert lines[2].startswith("#2/3 Recouvrez 1 avec votre main : 3-abeille 4-grenouille")
    assert lines[3].startswith("FAUX") and "3-abeille" in lines[3]
    assert lines[5].startswith("FAUX") and "Jouez au lieu de piocher." in lines[5]
    assert lines[6].startswith("Séance : 0/3 justes (0%), score 0 sur ")
    assert "cartes piochées, médiane" in lines[6] and lines[6].endswith("s par réponse.")
    assert out.splitlines()[0] == "Pas encore de série : aujourd'hui en commence une ; 0 réponses sur 20 aujourd'hui."
    assert out.splitlines()[-1] == "1 jour d'affilée ; 3 réponses sur 20 aujourd'hui. Encore 17 pour l'atteindre."


def test_a_whole_nmbrs_drill_in_dutch():
    """The table level: a refused turn, a pass (typed in Dutch) below the best, and the best turn itself.
    A card not in hand would be asked again (a retry, not a verdict): the refused turn uses cards of the hand."""
    from trainer.drills import make_drill
    import random

    d = make_drill("nmbrs", level="table")
    rng = random.Random(1)
    puzzles = [d.generate(rng) for _ in range(3)]
    best = d.judge(puzzles[2], "pass").expected[0]
    out = _run("--lang", "nl", "drill", "nmbrs", "--level", "table", "--count", "3", "--seed", "1",
               stdin=f"1r 4o 13r\npas\n{best}\n")  # "pas": passing, in Dutch
    lines = _session(out)
    assert lines[:3] == ["#1/3 Je hand: 1r 4o 13r 57r 65r 73r 90g", "  tafel:", "    1: 16 18 20 22"]
    verdicts = [line for line in lines if line.startswith(("GOED", "FOUT", "PROBEER OPNIEUW"))]
    assert len(verdicts) == 3
    assert verdicts[0].startswith("FOUT (score 0, maximaal 16): Geweigerd bij zet 1: lay 1r 4o 13r: "
                                  "1, 4, 13 is geen rekenkundige reeks")
    assert "De beurt levert niets op. Beste beurt: " in verdicts[0]
    assert verdicts[1].startswith("FOUT") and "maar er is een betere beurt" in verdicts[1]
    assert verdicts[2].startswith("GOED") and "Geldig en de best mogelijke: score" in verdicts[2]
    assert "→ reeks " in out and "(all different)" not in out and "(one colour)" not in out  # the breakdown too
    summary = next(line for line in lines if line.startswith("Sessie: "))
    assert summary.startswith("Sessie: 1/3 goed (33%), score ") and "teruggenomen kaarten, mediaan" in summary
    assert out.splitlines()[-1] == "1 dag op rij; 3 van 20 antwoorden vandaag. Nog 17 om het te halen."


def test_english_stays_english_with_lang_en():
    out = _run("--lang", "en", "drill", "nambarz", "--count", "1", "--seed", "1", stdin="9+4\n")
    assert _session(out)[0] == "#1/1 Cover 3 with your hand: 9 4 6-lion 5-cat 6-hippo 3-bee 7"
    assert "Draw 3 cards and take back 9 and 4." in out


def test_a_french_drill_in_a_real_terminal(tmp_path):
    """The terminal session (rich and prompt_toolkit) in French: prompt, verdict and summary."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "TABLECALC_HOME": str(tmp_path / "home"), "TERM": "xterm", "COLUMNS": "100",
           "LINES": "30", "TABLECALC_LANG": "fr"}
    child = pexpect.spawn(sys.executable, ["-m", "trainer", "drill", "nambarz", "-n", "1", "--seed", "1"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(30, 100), cwd=str(ROOT))
    try:
        child.expect_exact("Recouvrez 3 avec votre main")
        child.expect_exact(">")
        child.sendline("3-abeille")
        child.expect_exact("juste")
        child.expect_exact("par concordance")
        child.expect_exact("Bilan de la séance")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_a_dutch_drill_in_a_real_terminal(tmp_path):
    """The terminal session in Dutch (through --lang): an Nmbrs! pass judged, then the summary table."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "TABLECALC_HOME": str(tmp_path / "home"), "TERM": "xterm", "COLUMNS": "100", "LINES": "30"}
    child = pexpect.spawn(sys.executable, ["-m", "trainer", "--lang", "nl", "drill", "nmbrs", "-n", "1", "--seed", "1"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(30, 100), cwd=str(ROOT))
    try:
        child.expect_exact("Je hand:")
        child.expect_exact(">")
        child.sendline("pas")
        child.expect_exact("fout")
        child.expect_exact("Beste beurt:")
        child.expect_exact("Overzicht van de sessie")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_the_po_files_are_as_the_tool_writes_them(po, tmp_path):
    """Reading and writing a catalogue changes nothing: ``scripts/i18n.py update`` makes no noise."""
    (name, lang), header, messages = po
    out = tmp_path / "copy.po"
    tool.write_po(out, header, messages.values())
    assert out.read_text("utf-8") == tool.po_path(lang, name).read_text("utf-8")


# ---------------------------------------------------------------- --help


def _help(*args: str, env: dict | None = None) -> str:
    """A help screen as one line of words (rich wraps and boxes it; the words stay in order)."""
    r = runner.invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})
    assert r.exit_code == 0, r.output
    return " ".join(r.output.replace("│", " ").split())


@pytest.mark.parametrize("args, env, wanted, english", [
    (("--lang", "fr", "nambarz", "best", "--help"), None,
     ["Toutes les façons dont la main peut couvrir la carte du dessus", "La carte du dessus à couvrir, p. ex. 3-bee ou 8.",
      "Les règles : beginner, basic", "[obligatoire]", "Affiche ce message et quitte."],
     ["Every way the hand can cover", "The top card to cover", "The rules:", "[required]", "Show this message"]),
    (("nmbrs", "best", "--help"), {"TABLECALC_LANG": "nl"},
     ["De geldige beurt met de hoogste score", "Je hand na het trekken", "Opties", "Toont dit bericht en stopt."],
     ["The legal turn with the highest score", "Your hand after the draw", "Options", "Show this message"]),
    (("--lang", "fr", "--help"), None,
     ["Solveur, arbitre et entraîneur de calcul pour jeux de société : nambarz", "Commandes",
      "Le moins de nombres qui atteignent une cible"],
     ["Arithmetic puzzle solver", "Commands", "Fewest numbers that reach"]),
    (("--lang", "nl", "drill", "nmbrs", "--help"), None,
     ["Puzzels in de sessie", "(standaard", "Kaarten in de hand (1-9"],
     ["Puzzles in the session", "Cards in the hand"]),
    (("--lang", "nl", "ramikubic"), None,  # no command: the group's help
     ["Ramikubic (rummy met stenen)", "Toont de voorinstellingen"], ["tile rummy", "List the presets"]),
])
def test_help_speaks_the_chosen_language(args, env, wanted, english):
    """Typer's help screens are translated when shown: the command's help, each option's, the
    sub-commands' and Typer's own words; --lang is read even when --help comes first."""
    out = _help(*args, env=env)
    for phrase in wanted:
        assert phrase in out, f"{phrase!r} not in {out!r}"
    for phrase in english:
        assert phrase not in out, f"{phrase!r} in {out!r}"
    use("en")


@pytest.mark.parametrize("args", [["--help"], ["nambarz", "best", "--help"], ["--lang", "en", "nmbrs", "best", "--help"],
                                  ["drill", "nambarz", "--help"], ["namnam"]])
def test_english_help_is_what_typer_prints_without_the_hook(args, monkeypatch):
    """In English the translated help screen is byte for byte the one Typer prints by itself."""
    from typer.core import TyperCommand, TyperGroup

    hooked = runner.invoke(app, args)
    for cls in (TyperCommand, TyperGroup):
        monkeypatch.setattr(cls, "format_help", cls.format_help.original)
    plain = runner.invoke(app, args)
    assert hooked.exit_code == plain.exit_code == 0
    assert hooked.output == plain.output
    assert "Show this message and exit." in " ".join(plain.output.replace("│", " ").split())


def test_a_help_text_nobody_translated_is_shown_as_typer_stored_it():
    from trainer.helptext import translate_help

    use("fr")
    try:
        text = "Not a message of the catalogues,\n   on two lines."
        assert translate_help(text) is text
        assert translate_help("Print JSON instead of text.") == "Affiche du JSON au lieu de texte."
    finally:
        use("en")


def test_every_help_text_is_in_the_catalogues(code_messages):
    """Every option's and command's help text that --help can show is a message of the catalogues:
    walk the whole command tree (the games' sub-apps and drills included)."""
    from typer._click.core import Context  # typer carries its own click; the click package may not be installed
    from typer.core import TyperGroup
    from trainer.helptext import _MADE, _TEMPLATES

    known = {msgid for _, msgid in code_messages}
    missing, visited = [], set()

    def walk(command, ctx):
        visited.add(ctx.command_path)
        texts = [command.help, *(getattr(p, "help", None) for p in command.params)]
        for text in filter(None, texts):
            if text in _MADE or inspect.cleandoc(text) in _MADE:  # made of translated pieces (a drill's levels)
                continue
            template = _TEMPLATES.get(text, (inspect.cleandoc(text),))[0]
            if template not in known:
                missing.append(f"{ctx.command_path}: {template!r}")
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, Context(sub, info_name=name, parent=ctx))

    walk(typer.main.get_command(app), Context(typer.main.get_command(app), info_name="tablecalc"))
    from solver.registry import game_names

    assert {f"tablecalc {g}" for g in game_names()} | {f"tablecalc drill {g}" for g in game_names()} <= visited
    assert not missing, "help texts not in the catalogues:\n  " + "\n  ".join(missing)
