"""Click's usage errors (a missing option, an unknown command, extra words) in the player's language.

The Click that Typer vendors (``typer._click``) writes its messages in English, as f-strings: it
has no catalogue to hook. So the error boundary (:class:`trainer.clikit.Group`) hands each usage
error to :func:`usage_message`, which says it again from the exception's own data (its class, the
option or argument it names, the words left over), through :func:`solver.i18n._`. A message this
module does not know is kept as Click wrote it.

A hand, a table or a list of players typed without quotes (``--hand 6 5 2 10``) reaches Click as
one value and extra words: the line then says to put the value in quotes, with the command line
that works.
"""

from __future__ import annotations

import re

from solver.i18n import _, ngettext

__all__ = ["usage_message"]

_NO_SUCH_COMMAND = re.compile(r"No such command (?P<name>'.*?'|\".*?\")\.(?: Did you mean (?P<near>.*)\?)?$", re.S)
_EXTRA = re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)$", re.S)
_NEEDS_VALUE = re.compile(r"Option (?P<option>'.*?') requires (?:an argument|(?P<n>\d+) arguments)\.$")
_NO_VALUE = re.compile(r"Option (?P<option>'.*?') does not take a value\.$")
_ARGUMENT_VALUES = re.compile(r"Argument (?P<name>'.*?') takes (?P<n>\d+) values\.$")


def usage_message(e, words: list[str] | None = None) -> str:
    """The one line for Click's usage error ``e`` (``words``: the command line as typed), with
    where to look for help."""
    from typer._click.exceptions import BadOptionUsage, BadParameter, MissingParameter, NoSuchOption

    ctx = getattr(e, "ctx", None)
    where = ctx.command_path if ctx is not None else "tablecalc ..."
    if isinstance(e, NoSuchOption):
        name = e.option_name
        if name[1:2].isdigit():
            return _("{option} reads as an option: put a value that starts with a minus after --, "
                     "e.g. '{command} ... -- {option}...'").format(option=repr(name), command=where)
        message = _("No such option: {option}").format(option=name)
        if e.possibilities:
            message += " " + _("(did you mean {options}?)").format(options=", ".join(sorted(e.possibilities)))
    elif isinstance(e, MissingParameter):
        message = _missing(e)
    elif isinstance(e, BadParameter):
        hint = e.param_hint if e.param_hint is not None else (e.param.get_error_hint() if e.param is not None else None)
        if hint is None:
            message = _("Invalid value: {why}").format(why=e.message)
        else:
            if not isinstance(hint, str):
                hint = " / ".join(repr(h) for h in hint)
            message = _("Invalid value for {name}: {why}").format(name=hint, why=e.message)
    else:
        message = _other(e.message, ctx, words, isinstance(e, BadOptionUsage))
    message = message.rstrip(".")
    if ctx is not None:
        message += " " + _("(see '{command} --help')").format(command=where)
    return message[0].upper() + message[1:] if message else _("bad command line")


def _missing(e) -> str:
    hint = e.param_hint if e.param_hint is not None else (e.param.get_error_hint() if e.param is not None else "")
    if not isinstance(hint, str):
        hint = " / ".join(repr(h) for h in hint)
    kind = e.param_type or (e.param.param_type_name if e.param is not None else "parameter")
    if kind == "option":
        return _("Missing option {name}").format(name=hint)
    if kind == "argument":
        return _("Missing argument {name}").format(name=hint)
    return _("Missing parameter {name}").format(name=hint)


def _other(message: str, ctx, words: list[str] | None, option_usage: bool) -> str:
    """A usage error Click raised with a plain message: read back, and said again."""
    if message == "Missing command.":
        return _("Missing command")
    m = _NO_SUCH_COMMAND.match(message)
    if m:
        said = _("No such command {name}.").format(name=m["name"])
        if m["near"]:
            said += " " + _("Did you mean {names}?").format(names=m["near"])
        return said
    m = _EXTRA.match(message)
    if m:
        extra = list(ctx.args) if ctx is not None and ctx.args else m["args"].split()
        quoting = _quote_hint(ctx, words, extra)
        if quoting:
            return quoting
        return ngettext("Unexpected extra word: {words}", "Unexpected extra words: {words}", len(extra)).format(
            words=" ".join(map(repr, extra)))
    m = _NEEDS_VALUE.match(message)
    if m:
        n = int(m["n"] or 1)
        return ngettext("Option {option} needs a value", "Option {option} needs {n} values", n).format(
            option=m["option"], n=n)
    m = _NO_VALUE.match(message)
    if m:
        return _("Option {option} takes no value").format(option=m["option"])
    m = _ARGUMENT_VALUES.match(message)
    if m:
        return _("Argument {name} takes {n} values").format(name=m["name"], n=m["n"])
    return message


def _takes_text(param, ctx) -> bool:
    """Whether an option takes free text (a hand, a table, names), the values that hold spaces; a
    number, a choice or a path never does."""
    try:
        return param.display_type(ctx) == "<str>" and not str(param.metavar or "").startswith("[")
    except Exception:  # another Typer: every option may take text
        return True


def _quote_hint(ctx, words: list[str] | None, extra: list[str]) -> str | None:
    """When words left over follow an option's value (``--hand 6 5 2 10``): say to put the value in
    quotes, with the whole value; ``None`` when no option's value runs on into the extra words."""
    if ctx is None or not words or not extra:
        return None
    options = {name for p in ctx.command.params if p.param_type_name == "option" and not p.is_flag
               and not getattr(p, "count", False) and _takes_text(p, ctx) for name in p.opts}
    arguments = sum(1 for p in ctx.command.params if p.param_type_name == "argument")
    leftover = set(extra)
    for i, word in enumerate(words):
        if word not in options:
            continue
        run = []
        for w in words[i + 1:]:
            if w == "--" or w.startswith("-") and not w[1:2].isdigit():
                break
            run.append(w)
        if len(run) < 2 or not leftover & set(run[1:]):
            continue
        if i + 1 + len(run) == len(words) and arguments and len(run) > arguments + 1:
            run = run[:-arguments]  # the last words are the command's own arguments
        return _("{option} takes one value: put it in quotes, as in {example}").format(
            option=word, example=f'{word} "{" ".join(run)}"')
    return None
