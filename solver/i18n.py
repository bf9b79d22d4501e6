"""The language tablecalc speaks: English (the source text), French and Dutch.

Every sentence a person reads is written in English in the code and wrapped in
:func:`_` (or :func:`ngettext` when it depends on a count); the translations live in
gettext catalogues: the core's in ``solver/locale/<lang>.po``, each game's in its own
package, ``solver/<game>/locale/<lang>.po`` (the compiled ``.mo`` beside each), so a game
brings its translations with it. A sentence built at import time is marked with
:func:`N_` and translated where it is shown. The command line picks the language once, with
:func:`use`; the library itself speaks English until told otherwise.

>>> use("en")
'en'
>>> _("yes")
'yes'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
>>> use("fr"), _("Correct: {card} covers {top} by concordance ({why})."), pgettext("nambarz animal", "bee")
('fr', 'Juste : {card} couvre {top} par concordance ({why}).', 'abeille')
>>> use("en")
'en'

A word that means one thing in one game and another elsewhere (a card's name) carries a
context: ``pgettext("nambarz animal", "bee")``.
"""

from __future__ import annotations

import gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from solver.errors import TablecalcError, quoted

__all__ = ["LANGUAGES", "LOCALE_DIR", "catalogue_dirs", "use", "speaking", "language", "default_language", "_", "N_",
           "ngettext", "pgettext", "NP_"]

LANGUAGES = ("en", "fr", "nl")
LOCALE_DIR = Path(__file__).parent / "locale"
"""The core's catalogues (``<lang>.po`` and ``<lang>.mo``)."""

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_speaking: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar("tablecalc_language", default=None)
"""The language of one piece of work (a web request), over :func:`use`'s: see :func:`speaking`."""


def default_language(environ: dict | None = None) -> str:
    """The language asked for by ``TABLECALC_LANG``, else by the locale (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none names a language we speak.

    >>> default_language({"LANG": "fr_BE.UTF-8"})
    'fr'
    >>> default_language({"TABLECALC_LANG": "nl", "LANG": "fr_FR.UTF-8"})
    'nl'
    >>> default_language({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for key in ("TABLECALC_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
        if key != "LANGUAGE":  # LANGUAGE is a list of wishes; the others decide
            return "en"
    return "en"


def use(lang: str | None = None) -> str:
    """Speak ``lang`` from now on (``None``: :func:`default_language`); returns it."""
    global _current, _translations
    lang = default_language() if lang is None else lang.lower()
    if lang not in LANGUAGES:
        raise TablecalcError(_("language {lang}: expected one of {choices}").format(lang=quoted(lang), choices=", ".join(LANGUAGES)))
    _translations = _catalogue(lang)
    _current = lang
    return lang


def catalogue_dirs() -> list[Path]:
    """The folders holding catalogues: the core's, then each game package's ``locale/``, by name."""
    return [LOCALE_DIR, *sorted(p for p in LOCALE_DIR.parent.glob("*/locale") if p.is_dir())]


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogues of ``lang``, read once and chained (the core's first, then the
    games'); English is the source text itself."""
    if lang == "en":
        return gettext.NullTranslations()
    chain: gettext.NullTranslations | None = None
    for folder in catalogue_dirs():
        try:
            with open(folder / f"{lang}.mo", "rb") as f:
                one = gettext.GNUTranslations(f)
        except OSError:  # a game with no translation yet speaks English
            continue
        if chain is None:
            chain = one
        else:
            chain.add_fallback(one)
    return chain or gettext.NullTranslations()


@contextmanager
def speaking(lang: str):
    """Speak ``lang`` inside the ``with`` block, in this thread or task only (a web request answered
    while another is answered in another language); :func:`use` stays the default elsewhere.

    >>> with speaking("nl"):
    ...     language(), _("yes")
    ('nl', 'ja')
    >>> language()
    'en'
    """
    lang = lang.lower()
    if lang not in LANGUAGES:
        raise TablecalcError(_("language {lang}: expected one of {choices}").format(lang=quoted(lang), choices=", ".join(LANGUAGES)))
    token = _speaking.set((lang, _catalogue(lang)))
    try:
        yield lang
    finally:
        _speaking.reset(token)


def _now() -> gettext.NullTranslations:
    here = _speaking.get()
    return _translations if here is None else here[1]


def language() -> str:
    """The language in use: ``en``, ``fr`` or ``nl``."""
    here = _speaking.get()
    return _current if here is None else here[0]


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _now().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now (text built at import)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use."""
    return _now().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` says which sense is meant."""
    return _now().pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` (in ``context``) for translation without translating it now."""
    return message
