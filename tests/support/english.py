"""Find English in what tablecalc printed in French or Dutch.

Two nets, both built from the English catalogue (the msgids of every ``.po`` file), so neither
is a list of words someone thought of:

* **a message of the catalogue, untranslated**: the literal pieces of each msgid (the text
  between its ``{placeholders}``) of three words or more, whose translation in the language
  differs; one found in the output is a sentence that reached the screen without ``_()``;
* **an English sentence the catalogue does not hold** (an error built with an f-string, a
  message of Click): the *English-only words* — every word of the msgids that no French or Dutch
  translation uses (``the``, ``expected``, ``which``...) — two of them on one line of output.

What stays English by design is taken out of a line before it is read: the game notation
(situations, moves, card and tile notation, violation codes, preset, option and bot names) and
proper names, listed in :data:`NOTATION`, and whatever stands between quotes (what a person
typed, a command to run).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

NOTATION = frozenset("""
    lay add cross link swap pass draw claim open discard overtime insert append extend split
    hands hand board top pile stock to sans then first laid waiting take
    joker jokers best greedy random cautious bots bot
    basic advanced simple beginner parentheses confirmed experienced standard clockwise classic
    countdown make24 no-grand-slam chain tree natural whole
    ann bob cid dee léa sam tom noor ada p1 p2 p3 p4 tablecalc nambarz nmbrs ramikubic namnam
    nainjaune arith reach zetamac sqlite json csv png svg pdf toml
    start moves move
""".split())
"""Words of the notation and names that are the same in every language (the docs say so):
move words of the logs and of ``nmbrs``' notation, keywords of a situation, preset and bot
names, players' names in the examples, command and file-format names."""

WORD = re.compile(r"[^\W\d_][\w'’-]*", re.UNICODE)
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»\n]*»|“[^”\n]*”|`[^`\n]*`")
COMMAND = re.compile(r"\btablecalc(?: [a-z][\w-]*){0,3}")
"""A command line to type (``tablecalc drill nambarz``), taken out before reading."""
STAMP = re.compile(r"\btablecalc: (?:error|warning):")
"""The program's stamp before an error or a warning, the same in every language (as a compiler's)."""


def _catalogues():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
    tool = sys.modules.get("i18n_tool")
    if tool is None:
        tool = importlib.util.module_from_spec(spec)
        sys.modules["i18n_tool"] = tool
        spec.loader.exec_module(tool)
    return tool


@cache
def _entries(lang: str) -> list[tuple[str, str]]:
    """(msgid or msgid_plural, translation) of every catalogue in ``lang``."""
    tool = _catalogues()
    out = []
    for name in tool.catalogue_names():
        _, messages = tool.read_po(tool.po_path(lang, name))
        for m in messages.values():
            out.append((m.msgid, m.msgstr[0]))
            if m.msgid_plural:
                out.append((m.msgid_plural, m.msgstr[-1]))
    return out


def _words(text: str) -> set[str]:
    return {w.lower().strip("'’-") for w in WORD.findall(text)}


@cache
def notation_words() -> frozenset[str]:
    """The words of the notation read from tablecalc itself: every command's name, every game's
    names, preset names, rule option values, drill level names and bot names (each part of a
    hyphenated one too), with :data:`NOTATION`."""
    from solver.registry import find_game, game_names
    from trainer.drills import drill_class

    from tests.support.cli_tree import commands

    words = set(NOTATION)
    for path, _command in commands():
        words.update(path)
    for name in game_names():
        game = find_game(name)
        words.update([name, *game.aliases, *game.presets])
        for spec in game.Rules.options():
            words.update(str(c) for c in (spec.choices or ()))
        words.update(drill_class(name).LEVELS)
        if game.plays_whole():
            from solver.whole.table import fewest_players

            rules = game.rules()
            data = game.load_data(rules)
            names = tuple(f"P{i + 1}" for i in range(fewest_players(game, rules, data)))
            words.update(game.new_match(names, rules, data).bots)
    for w in list(words):
        words.update(w.lower().split("-"))
    return frozenset(w.lower() for w in words)


@cache
def english_only_words() -> frozenset[str]:
    """Every word of the English catalogue that no French or Dutch translation uses, and that is
    not notation."""
    english, other = set(), set()
    for lang in ("fr", "nl"):
        for msgid, msgstr in _entries(lang):
            english |= _words(re.sub(r"\{[^}]*\}", " ", msgid))
            said = QUOTED.sub(" ", re.sub(r"\{[^}]*\}", " ", msgstr))  # placeholders; an example to type, quoted
            other |= {part for w in WORD.findall(said) if not w.isupper() for part in w.lower().strip("'’-").split("-")}
    return frozenset(w for w in english - other - notation_words() if len(w) > 1 and "-" not in w)


@cache
def untranslated_pieces(lang: str) -> tuple[str, ...]:
    """The pieces of msgids (between placeholders) of three words or more that their translation
    in ``lang`` does not keep."""
    pieces = set()
    for msgid, msgstr in _entries(lang):
        if not msgstr or msgstr == msgid:
            continue
        for piece in re.split(r"\{[^}]*\}|\n", msgid):
            piece = piece.strip(" .,:;()—-")
            if len(WORD.findall(piece)) >= 3 and piece not in msgstr and _words(piece) - notation_words():
                pieces.add(piece)
    return tuple(sorted(pieces, key=len, reverse=True))


def _readable(text: str) -> str:
    """The text a person reads in ``text``: a JSON answer's worded fields only."""
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            return text
        words = []

        def walk(v, key=""):
            if isinstance(v, dict):
                for k, x in v.items():
                    walk(x, k)
            elif isinstance(v, list):
                for x in v:
                    walk(x, key)
            elif isinstance(v, str) and key in ("explanation", "prompt", "error", "message", "feedback"):
                words.append(v)

        walk(data)
        return "\n".join(words)
    return text


def english(text: str, lang: str) -> list[str]:
    """The lines of ``text`` (printed under ``--lang lang``) that hold English, each with what gave
    it away; an empty list when none does."""
    found = []
    only = english_only_words()
    pieces = untranslated_pieces(lang)
    for line in _readable(text).splitlines():
        for piece in pieces:
            if piece in line:
                found.append(f"{line.strip()!r}: the message {piece!r}")
                break
        else:
            plain = COMMAND.sub(" ", QUOTED.sub(" ", STAMP.sub(" ", line)))
            plain = re.sub(r"\b[A-Z][A-Z_]{2,}\b", " ", plain)  # a placeholder or a variable to set: FILE, LC_ALL
            plain = re.sub(r"--?[\w-]+|\S*\d\S*|\S+\.(?:py|json|jsonl|png|svg|pdf|sqlite3)\b|\S*/\S*", " ", plain)
            hits = sorted(_words(plain) & only)
            if len(hits) >= 2:
                found.append(f"{line.strip()!r}: the words {', '.join(hits)}")
    return found
