"""A game's rule book: its rules as numbered clauses, in the project's own words, in English,
French and Dutch, and the citation of a clause that every verdict carries.

A book is package data, one TOML file per language in the game's package
(``solver/<game>/rulebook/<lang>.toml``). The English file holds the book's structure: each
clause's ``id`` (``"3.2"``), ``title``, ``text``, ``source`` (the section of the seed it comes
from) and ``options`` (the fields of the game's ``Rules`` that choose between the readings the
seed allows). The French and Dutch files hold the same ids with their own ``title``, ``text``
and ``source`` (the same reference, in their words): the options are the English file's alone.
Each section's title is in ``[sections]``.

Which clause a violation code enforces is declared with the code (:class:`solver.game.Code`);
:func:`citation` words it for a verdict, with the options the verdict assumed and their values.

>>> from solver.registry import find_game
>>> book = rule_book(find_game("nambarz"), "en")
>>> c = book.clause("3.2")
>>> c.id, c.options
('3.2', ('simplest',))
>>> book.clause("9.9")
Traceback (most recent call last):
...
solver.errors.TablecalcError: no clause '9.9' in the Nambarz rule book: expected an id from 1.1 to 6.7 ('tablecalc nambarz rules --clauses' lists them)
>>> game = find_game("nambarz")
>>> citation(game, ["3.2"], game.rules("basic"))
'(rule 3.2: the simplest calculation is compulsory; simplest judged against the whole hand, option `simplest-against`)'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Iterable, Mapping

from solver.errors import TablecalcError, quoted
from solver.game import BaseGame
from solver.i18n import LANGUAGES, _, language, pgettext
from solver.registry import GAMES, find_game
from solver.rules import BaseRules, OptionSpec

__all__ = ["Clause", "RuleBook", "rule_book", "citation", "explained", "option_flag", "option_values", "value_words",
           "BOOK_FOLDER"]

BOOK_FOLDER = "rulebook"
"""The folder of a game's package that holds its rule book, one ``<lang>.toml`` per language."""


@dataclass(frozen=True)
class Clause:
    """One rule: its ``id`` (``"3.2"``: section 3, clause 2), a short ``title``, the rule in a
    sentence or two (``text``), the seed's section it comes from (``source``) and the rule
    options that choose between the seed's readings (``options``: field names of the game's
    ``Rules``; empty when the seed is plain)."""

    id: str
    title: str
    text: str
    source: str
    options: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        """The section's number: ``"3"`` for clause ``3.2``."""
        return self.id.split(".")[0]

    def as_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "text": self.text, "source": self.source,
                "options": list(self.options)}


@dataclass(frozen=True)
class RuleBook:
    """A game's rule book in one language: its ``title``, its ``sections`` (number → title) and
    its ``clauses``, in order."""

    game: str
    lang: str
    title: str
    intro: str
    sections: tuple[tuple[str, str], ...]
    clauses: tuple[Clause, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses)

    def clause(self, clause_id: str) -> Clause:
        """The clause called ``clause_id`` (``"3.2"``); a :class:`TablecalcError` naming the ids
        otherwise."""
        key = str(clause_id).strip().removeprefix("rule").strip()
        for c in self.clauses:
            if c.id == key:
                return c
        raise TablecalcError(_("no clause {clause} in the {game} rule book: expected an id from {first} to {last} "
                               "({command} lists them)").format(
            clause=quoted(clause_id), game=_(self.title_of_game), first=self.ids[0], last=self.ids[-1],
            command=f"'tablecalc {self.game} rules --clauses'"))

    @property
    def title_of_game(self) -> str:
        return find_game(self.game).title

    def as_dict(self) -> dict:
        return {"game": self.game, "lang": self.lang, "title": self.title, "intro": self.intro,
                "sections": dict(self.sections), "clauses": [c.as_dict() for c in self.clauses]}


def rule_book(game: BaseGame, lang: str | None = None) -> RuleBook:
    """``game``'s rule book in ``lang`` (default: the language in use)."""
    lang = language() if lang is None else lang
    if lang not in LANGUAGES:
        raise TablecalcError(_("language {lang}: expected one of {choices}").format(lang=quoted(lang), choices=", ".join(LANGUAGES)))
    return _book(game.name, lang)


@cache
def _read(name: str, lang: str) -> dict:
    path = resources.files(GAMES[name]) / BOOK_FOLDER / f"{lang}.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:  # pragma: no cover - the conformance test checks every book is there
        if lang == "en":
            raise TablecalcError(_("{game} has no rule book").format(game=name)) from None
        return {}  # a book not yet translated is shown in English


@cache
def _book(name: str, lang: str) -> RuleBook:
    base = _read(name, "en")
    words = _read(name, lang)
    said = {c["id"]: c for c in words.get("clause", [])}
    clauses = []
    for c in base.get("clause", []):
        mine = said.get(c["id"], c)  # a clause not yet translated is shown in English
        clauses.append(Clause(c["id"], mine["title"], " ".join(mine["text"].split()), mine.get("source", c["source"]),
                              tuple(c.get("options", ()))))
    sections = words.get("sections", base.get("sections", {}))
    return RuleBook(name, lang, words.get("title", base["title"]), " ".join(words.get("intro", "").split()),
                    tuple((str(k), str(v)) for k, v in sections.items()), tuple(clauses))


def option_flag(rules_cls: type[BaseRules], name: str) -> str:
    """How people type an option (its command-line flag without dashes): ``simplest-against``."""
    spec = rules_cls.option(name)
    return spec.flags.split("/")[0].removeprefix("--")


def option_values(rules: BaseRules, clause: Clause) -> list[tuple[str, str, Any]]:
    """Each option of ``clause`` under ``rules``: its flag, its value in a rules line's words, its value as data."""
    out = []
    for name in clause.options:
        spec = type(rules).option(name)
        out.append((option_flag(type(rules), name), value_words(spec, rules), spec.text(getattr(rules, spec.name))))
    return out


def citation(game: BaseGame, clause_ids: Iterable[str], rules: BaseRules | None = None) -> str:
    """The clauses a verdict applies, in words, for the end of its explanation: each clause's id and
    title, then each option it assumed with its value (``rules``: the rules judged under; without
    them the options are named only). Empty when there is no clause.
    """
    ids = list(dict.fromkeys(clause_ids))
    if not ids:
        return ""
    book = rule_book(game)
    sep = pgettext("between the parts of a citation", "; ")
    parts = []
    for cid in ids:
        clause = book.clause(cid)
        part = _("rule {id}: {title}").format(id=clause.id, title=_lower_first(clause.title))
        for name in clause.options:
            flag = option_flag(game.Rules, name)
            if rules is None:
                part += sep + _("option `{option}`").format(option=flag)
            else:
                part += sep + _("{value}, option `{option}`").format(
                    value=value_words(game.Rules.option(name), rules), option=flag)
        parts.append(part)
    return "(" + sep.join(parts) + ")"


def value_words(spec: OptionSpec, rules: BaseRules) -> str:
    """An option's value under ``rules`` as a rules line words it; where the line has no words for
    it (a value a rules line leaves out), yes or no, or the value as typed."""
    value = getattr(rules, spec.name)
    words = spec.decl.words
    if not (isinstance(words, Mapping) and value not in words):
        phrase = spec.phrase(value, rules)
        if phrase:
            return phrase
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(spec.text(value))


def _lower_first(text: str) -> str:
    """A title inside a sentence: its first letter in lower case (``Calculation`` → ``calculation``),
    unless the second letter is a capital too (an abbreviation)."""
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def explained(game: BaseGame, verdict: Any, rules: BaseRules | None = None) -> str:
    """``game.explain(verdict)`` with the citation of the clauses it applies (those it broke, or those
    a legal answer was judged against), where the game places it (:meth:`BaseGame.explain_cited`):
    what every edge shows a person. ``rules`` defaults to the verdict's own."""
    return game.explain_cited(verdict, citation(game, getattr(verdict, "clauses", ()), _rules_of(verdict, rules)))


def _rules_of(verdict: Any, rules: BaseRules | None) -> BaseRules | None:
    if rules is not None:
        return rules
    own = getattr(verdict, "rules", None)
    return own if isinstance(own, BaseRules) else None
