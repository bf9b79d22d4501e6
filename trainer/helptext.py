"""``--help`` in the player's language: every help text is translated when it is shown.

Typer builds the help texts (a command's docstring or ``help=``, each option's ``help=``)
when it builds the apps, at import time, and a game's sub-app is built while Click resolves
the sub-command, before the root callback has chosen the language. So the texts stay in
English in the commands and are translated at display time: :func:`install` wraps Typer's
help printers (``format_help`` of its command and group classes) so that, while one help screen is printed, the command's help, its
sub-commands' help and its parameters' help read through :func:`solver.i18n._` (Typer's
own words, "Options", "Show this message and exit.", too). English is printed as before,
byte for byte.

The texts are marked for the catalogues by ``scripts/i18n.py``, which collects every
``help="..."`` string and every command's docstring in ``trainer/``. A help text built from
data (the game names, a game's presets) is made with :func:`help_text`, which remembers
its template so it can be translated.

>>> from solver.i18n import use
>>> text = help_text("Rules: {names}.", names="a, b")
>>> text, translate_help(text)
('Rules: a, b.', 'Rules: a, b.')
"""

from __future__ import annotations

import inspect
from contextlib import ExitStack, contextmanager

from solver.i18n import N_, _, use

__all__ = ["help_text", "help_made", "translate_help", "install"]

_TEMPLATES: dict[str, tuple[str, dict]] = {}
"""Each help text made by :func:`help_text`: its template and fields, by its English text."""

TYPER_WORDS = (
    N_("Options"), N_("Arguments"), N_("Commands"), N_("[default: {}]"), N_("[required]"),
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""Typer's own words on a help screen (panel titles, the options every app gets)."""

_TYPER_CONSTANTS = ("OPTIONS_PANEL_TITLE", "ARGUMENTS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "DEFAULT_STRING",
                    "REQUIRED_LONG_STRING")
"""The constants of ``typer.rich_utils`` that hold :data:`TYPER_WORDS`, read when a screen is printed."""


_MADE: dict[str, object] = {}
"""Each help text made by :func:`help_made`: the function that says it again in the language in use."""


def help_made(text: str, say) -> str:
    """``text`` (a help text made of several translated pieces, such as a drill's levels),
    remembered with ``say``, a function of no argument that makes it again in the language in use
    when a help screen is printed."""
    _MADE[text] = say
    return text


def help_text(template: str, **fields) -> str:
    """``template.format(**fields)``, remembered so that :func:`translate_help` translates the
    template (marked with ``N_`` by the caller, or as a ``help=`` literal) and fills it again."""
    text = template.format(**fields)
    _TEMPLATES[text] = (template, fields)
    return text


def translate_help(text: str | None) -> str | None:
    """``text`` (a help text as Typer stores it) in the language in use."""
    if not text:
        return text
    say = _MADE.get(text) or _MADE.get(inspect.cleandoc(text))
    if say is not None:
        return say()
    made = _TEMPLATES.get(text) or _TEMPLATES.get(inspect.cleandoc(text))
    if made is not None:
        template, fields = made
        return _(template).format(**fields)
    translated = _(text)
    if translated == text:
        translated = _(inspect.cleandoc(text))
        if translated == inspect.cleandoc(text):
            return text  # untranslated: exactly as Typer stored it
    return translated


@contextmanager
def _swapped(obj, attr: str):
    """``obj.attr`` translated for the duration of the ``with``."""
    old = getattr(obj, attr, None)
    new = translate_help(old) if isinstance(old, str) else old
    if new is old or new == old:
        yield
        return
    setattr(obj, attr, new)
    try:
        yield
    finally:
        setattr(obj, attr, old)


def _language_of(ctx) -> None:
    """Apply ``tablecalc --lang`` before a help screen: ``--help`` may be printed before the
    root callback runs (``tablecalc --lang fr --help``), so read the root's parameters here."""
    root = ctx.find_root()
    if any(p.name == "lang" for p in root.command.params):
        use(root.params.get("lang"))


@contextmanager
def translated(obj, ctx):
    """While one help screen of ``obj`` is printed: its texts in the language in use."""
    try:
        from typer import rich_utils
    except ImportError:  # no rich: Click's plain help, which has no panels
        rich_utils = None
    _language_of(ctx)
    with ExitStack() as stack:
        stack.enter_context(_swapped(obj, "help"))
        stack.enter_context(_swapped(obj, "short_help"))
        for param in obj.get_params(ctx):
            stack.enter_context(_swapped(param, "help"))
            stack.enter_context(_swapped(param, "rich_help_panel"))  # "Rule options", the generated options' panel
        list_commands = getattr(obj, "list_commands", None)
        if list_commands is not None:
            for name in list_commands(ctx):
                command = obj.get_command(ctx, name)
                if command is not None:
                    stack.enter_context(_swapped(command, "help"))
                    stack.enter_context(_swapped(command, "short_help"))
        for constant in _TYPER_CONSTANTS if rich_utils is not None else ():
            stack.enter_context(_swapped(rich_utils, constant))
        yield


def install() -> None:
    """Wrap the ``format_help`` of Typer's command and group classes (once) so that every help
    screen is translated; rich is still imported only when a help screen is printed. A flag
    (``--json``, ``--opened/--not-opened``) shows as a flag: no ``<bool>`` beside it."""
    from typer.core import TyperCommand, TyperGroup, TyperOption

    if not getattr(TyperOption.display_type_rich, "tablecalc_flag", False):
        shown = TyperOption.display_type_rich

        def display_type_rich(self, ctx, _shown=shown):
            return None if self.is_flag else _shown(self, ctx)

        display_type_rich.tablecalc_flag = True  # type: ignore[attr-defined]
        TyperOption.display_type_rich = display_type_rich

    for cls in (TyperCommand, TyperGroup):
        cached = cls.get_help_option
        if not getattr(cached, "tablecalc_names", False):
            # Click builds a command's help option once, from the first context that asks, and keeps
            # it: a command reached by a bare Context (a walk of the tree) would lose -h for good.
            def get_help_option(self, ctx, _cached=cached):
                made = self._help_option
                if made is not None and set(made.opts) != set(self.get_help_option_names(ctx)):
                    self._help_option = None
                return _cached(self, ctx)

            get_help_option.tablecalc_names = True  # type: ignore[attr-defined]
            cls.get_help_option = get_help_option

        original = cls.format_help
        if getattr(original, "tablecalc_translated", False):
            continue

        def format_help(self, ctx, formatter, _original=original):
            with translated(self, ctx):
                return _original(self, ctx, formatter)

        format_help.tablecalc_translated = True  # type: ignore[attr-defined]
        format_help.original = original  # type: ignore[attr-defined]
        cls.format_help = format_help
