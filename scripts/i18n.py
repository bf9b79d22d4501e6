"""The translation catalogues of tablecalc: find the sentences, keep the .po files up to date,
compile them to .mo. Pure Python (no Babel, no GNU gettext needed); see docs/translating.md.

    python3 scripts/i18n.py extract            # the msgids of the code, as ./tablecalc.pot (a template)
    python3 scripts/i18n.py update             # add new msgids (untranslated) to every .po, list the stale ones
    python3 scripts/i18n.py compile            # every .po -> its .mo
    python3 scripts/i18n.py check              # what is untranslated, per language (exit 1 if anything is)
    python3 scripts/i18n.py translate FILE     # fill translations from a JSON file, then compile

``translate`` reads ``{"<catalogue>": {"<lang>": {"<msgid>": "<translation>"}}}``; a message with a
context is keyed ``"<context>\u0004<msgid>"``, a plural one takes a list of the two forms.

There is one catalogue for the core (``solver/locale/<lang>.po``) and one per game, in the
game's package (``solver/<game>/locale/<lang>.po``). A message belongs to the core when a
file of the core uses it; otherwise to every game whose files use it (``solver/<game>/`` and
``trainer/games/<game>/``). ``update`` moves a translation along when a message changes
catalogue, so nothing translated is lost.

A message is any string literal given to ``_`` (in Python, and in the web pages' Jinja templates,
``trainer/**/templates/*.html``), ``N_``, ``ngettext`` (singular and plural) or
``pgettext`` / ``NP_`` (context and message) in ``solver/``, ``trainer/`` and ``puzzles/``, and every command line
help text in ``trainer/`` (a ``help="..."`` string, a command's docstring), which
``trainer/helptext.py`` translates when ``--help`` is shown. The .mo writer follows
CPython's ``Tools/i18n/msgfmt.py``: the same file a GNU ``msgfmt`` would read back.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("solver", "trainer", "puzzles")
LOCALE = ROOT / "solver" / "locale"
DOMAIN = "tablecalc"
LANGUAGES = ("fr", "nl")
CORE = "core"
"""The name of the core's catalogue; a game's catalogue is named as the game."""

Key = tuple[str | None, str]  # (context, msgid)


@dataclass
class Message:
    """One entry of a catalogue; ``msgstr`` holds one string, or one per plural form."""

    msgid: str
    msgid_plural: str | None = None
    context: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    where: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> Key:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.msgstr)


# ---------------------------------------------------------------- extraction

_SIMPLE = {"_": 1, "N_": 1}


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


@dataclass
class _Help:
    """A command line help text found in ``trainer/`` (translated when ``--help`` is shown)."""

    text: str
    lineno: int
    col_offset: int


def _joined(node: ast.AST) -> str | None:
    """A string literal, or literals joined with ``+``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _joined(node.left), _joined(node.right)
        return None if left is None or right is None else left + right
    return _literal(node)


def _help_texts(tree: ast.AST) -> list[_Help]:
    """The ``help="..."`` texts of every call (Typer's options, arguments and apps) and the
    docstring of every function decorated with ``@app.command(...)`` or ``@app.callback(...)``."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg == "help" and (text := _joined(kw.value)):
                    out.append(_Help(text, kw.value.lineno, kw.value.col_offset))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in ("command", "callback")
                   for d in node.decorator_list) and (doc := ast.get_docstring(node)):
                out.append(_Help(doc, node.body[0].lineno, node.body[0].col_offset))
    return out


def extract(paths=None) -> dict[Key, Message]:
    """Every message of the code, in the order first met; ``where`` lists the files that use it."""
    found: dict[Key, Message] = {}
    files = paths or sorted(f for d in SOURCES for f in (ROOT / d).rglob("*.py"))
    for path in files:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"), str(path))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
        constants = {t.id: v.value for n in tree.body if isinstance(n, ast.Assign) and _literal(v := n.value) is not None
                     for t in n.targets if isinstance(t, ast.Name)}  # a context may be a module's constant
        helps = _help_texts(tree) if Path(path).resolve().is_relative_to(ROOT / "trainer") else []
        for node in sorted(calls + helps, key=lambda n: (n.lineno, n.col_offset)):
            if isinstance(node, _Help):
                msg = Message(node.text)
                where = str(Path(path).resolve().relative_to(ROOT))
                if msg.key in found:
                    if where not in found[msg.key].where:
                        found[msg.key].where.append(where)
                else:
                    msg.where.append(where)
                    found[msg.key] = msg
                continue
            name = node.func.id
            args = [ast.Constant(constants[a.id]) if isinstance(a, ast.Name) and a.id in constants else a
                    for a in node.args]
            msg = None
            if name in _SIMPLE and args and _literal(args[0]) is not None:
                msg = Message(_literal(args[0]))
            elif name == "ngettext" and len(args) >= 2 and _literal(args[0]) is not None and _literal(args[1]) is not None:
                msg = Message(_literal(args[0]), _literal(args[1]), msgstr=["", ""])
            elif name in ("pgettext", "NP_") and len(args) >= 2 and _literal(args[0]) is not None and _literal(args[1]) is not None:
                msg = Message(_literal(args[1]), context=_literal(args[0]))
            if msg is None:
                continue
            where = str(Path(path).resolve().relative_to(ROOT))  # the file, not the line: fewer diffs in the .po
            if msg.key in found:
                if where not in found[msg.key].where:
                    found[msg.key].where.append(where)
            else:
                msg.where.append(where)
                found[msg.key] = msg
    if paths is None:
        for path in sorted((ROOT / "trainer").rglob("templates/*.html")):
            where = str(path.relative_to(ROOT))
            for text, plural in _template_messages(path.read_text(encoding="utf-8")):
                msg = found.setdefault((None, text), Message(text, plural, msgstr=["", ""] if plural else [""]))
                if where not in msg.where:
                    msg.where.append(where)
    return found


_STRING = r"""("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
_TEMPLATE_CALL = re.compile(rf"""\b(?:_\(\s*{_STRING}|ngettext\(\s*{_STRING}\s*,\s*{_STRING})\s*[,)]""")


def _template_messages(text: str) -> list[tuple[str, str | None]]:
    """The messages of a Jinja template: every ``_("...")`` and ``ngettext("...", "...", n)`` (the
    web pages' words), as (message, plural or ``None``).

    >>> _template_messages("<a>{{ _('Games') }}</a> {{ x_('no') }} {{ ngettext('{n} day', '{n} days', n) }}")
    [('Games', None), ('{n} day', '{n} days')]
    """
    out = []
    for m in _TEMPLATE_CALL.finditer(text):
        if m.group(1) is not None:
            out.append((ast.literal_eval(m.group(1)), None))
        else:
            out.append((ast.literal_eval(m.group(2)), ast.literal_eval(m.group(3))))
    return out


# ---------------------------------------------------------------- .po files

def _unquote(s: str) -> str:
    return ast.literal_eval(s.strip())


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def read_po(path: Path) -> tuple[str, dict[Key, Message]]:
    """The header's msgstr and the messages of a .po file (obsolete ``#~`` entries skipped)."""
    header = ""
    messages: dict[Key, Message] = {}
    cur: dict = {}
    section = None
    comments: list[str] = []
    where: list[str] = []
    fuzzy = False

    def flush():
        nonlocal cur, comments, where, fuzzy
        if "msgid" in cur:
            strs = cur.get("msgstr", {})
            n = max(strs) + 1 if strs else 1
            m = Message(cur["msgid"], cur.get("msgid_plural"), cur.get("msgctxt"),
                        [strs.get(i, "") for i in range(n)], where=where, comments=comments, fuzzy=fuzzy)
            if m.msgid == "" and m.context is None:
                nonlocal header
                header = m.msgstr[0]
            else:
                messages[m.key] = m
        cur, comments, where, fuzzy = {}, [], [], False

    for lineno, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if "msgid" in cur and section != "comment":
                flush()
            section = "comment"
            if line.startswith("#,"):  # flags: write_po writes python-brace-format itself
                fuzzy = fuzzy or "fuzzy" in line
            elif line.startswith("#:"):
                where.extend(line[2:].split())
            else:
                comments.append(raw)
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if m:
            word, index, text = m.group(1), m.group(2), _unquote(m.group(3))
            if word in ("msgctxt", "msgid") and "msgid" in cur:
                flush()
            if word.startswith("msgstr"):
                cur.setdefault("msgstr", {})[int(index or 0)] = text
                section = ("msgstr", int(index or 0))
            else:
                cur[word] = text
                section = word
            continue
        if line.startswith('"'):
            text = _unquote(line)
            if isinstance(section, tuple):
                cur["msgstr"][section[1]] += text
            elif section in ("msgctxt", "msgid", "msgid_plural"):
                cur[section] += text
            else:
                raise ValueError(f"{path}:{lineno}: a string outside an entry")
            continue
        raise ValueError(f"{path}:{lineno}: cannot read {raw!r}")
    flush()
    return header, messages


def _po_string(keyword: str, s: str) -> list[str]:
    if "\n" not in s.rstrip("\n") and len(s) < 70:
        return [f"{keyword} {_quote(s)}"]
    parts = re.findall(r"[^\n]*\n|[^\n]+", s) or [""]
    return [f'{keyword} ""'] + [_quote(p) for p in parts]


def write_po(path: Path, header: str, messages) -> None:
    out = ["# A catalogue of tablecalc's messages (MIT licence); see docs/translating.md.",
           'msgid ""', 'msgstr ""'] + [_quote(line) for line in re.findall(r"[^\n]*\n|[^\n]+", header)]
    for m in messages:
        out.append("")
        out += m.comments
        if m.where:
            out.append("#: " + " ".join(m.where))
        if m.fuzzy:
            out.append("#, fuzzy")
        if "{" in m.msgid or (m.msgid_plural and "{" in m.msgid_plural):
            out.append("#, python-brace-format")
        if m.context is not None:
            out += _po_string("msgctxt", m.context)
        out += _po_string("msgid", m.msgid)
        if m.msgid_plural is not None:
            out += _po_string("msgid_plural", m.msgid_plural)
            for i, s in enumerate(m.msgstr):
                out += _po_string(f"msgstr[{i}]", s)
        else:
            out += _po_string("msgstr", m.msgstr[0])
    Path(path).write_text("\n".join(out) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- .mo files

def catalogue(header: str, messages: dict[Key, Message]) -> dict[str, str]:
    """The translated entries as a .mo file holds them (keys with context ``ctx\\x04id``, plural
    forms joined by NUL); untranslated and fuzzy entries are left out, as msgfmt does."""
    out = {"": header}
    for m in messages.values():
        if not m.translated:
            continue
        key = m.msgid if m.msgid_plural is None else m.msgid + "\0" + m.msgid_plural
        if m.context is not None:
            key = m.context + "\x04" + key
        out[key] = "\0".join(m.msgstr)
    return out


def mo_bytes(entries: dict[str, str]) -> bytes:
    """A GNU .mo file of ``entries`` (CPython's Tools/i18n/msgfmt.py layout)."""
    keys = sorted(entries)
    ids = strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), entries[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    koffsets, voffsets = [], []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return head + struct.pack("%di" % len(koffsets), *koffsets) + struct.pack("%di" % len(voffsets), *voffsets) + ids + strs


def games() -> list[str]:
    """The games: the packages under ``solver/`` with a ``game.py``."""
    return sorted(p.parent.name for p in (ROOT / "solver").glob("*/game.py"))


def catalogue_names() -> list[str]:
    """``core``, then every game."""
    return [CORE, *games()]


def owner(where: str) -> str:
    """The catalogue of a source file (a path relative to the root): its game's, or the core's."""
    parts = Path(where).parts
    if len(parts) > 2 and parts[0] == "solver" and parts[1] in games():
        return parts[1]
    if len(parts) > 3 and parts[:2] == ("trainer", "games") and parts[2] in games():
        return parts[2]
    return CORE


def split(code: dict[Key, Message]) -> dict[str, dict[Key, Message]]:
    """The messages of the code by catalogue: the core's (used by a core file), and each game's
    (used by the game's files and by no core file)."""
    out: dict[str, dict[Key, Message]] = {name: {} for name in catalogue_names()}
    for key, m in code.items():
        owners = {owner(w) for w in m.where}
        for name in ([CORE] if CORE in owners else sorted(owners)):
            # each catalogue names only its own files, so that a new game changes no other catalogue
            out[name][key] = Message(m.msgid, m.msgid_plural, m.context, list(m.msgstr),
                                     [w for w in m.where if owner(w) == name], list(m.comments), m.fuzzy)
    return out


def po_path(lang: str, name: str = CORE) -> Path:
    """The .po file of ``lang`` in catalogue ``name`` (the core's, or a game's)."""
    folder = LOCALE if name == CORE else ROOT / "solver" / name / "locale"
    return folder / f"{lang}.po"


HEADER = ("Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
          "Project-Id-Version: tablecalc\nLanguage: {lang}\nPlural-Forms: nplurals=2; plural={plural};\n")
PLURAL = {"fr": "(n > 1)", "nl": "(n != 1)"}


# ---------------------------------------------------------------- commands

def cmd_extract() -> None:
    header = ("Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
              "Project-Id-Version: tablecalc\n")
    out = Path(f"{DOMAIN}.pot")
    write_po(out, header, extract().values())
    print(f"wrote {out.resolve()}: {len(extract())} messages")


def read_catalogue(lang: str, name: str) -> tuple[str, dict[Key, Message]]:
    """A catalogue's header and messages; a catalogue not written yet is empty."""
    path = po_path(lang, name)
    if not path.exists():
        return HEADER.format(lang=lang, plural=PLURAL[lang]), {}
    return read_po(path)


def cmd_update(only: list[str] | None = None) -> None:
    """Bring the catalogues (``only`` these, when given) up to the code's messages."""
    code = split(extract())
    for lang in LANGUAGES:
        old = {name: read_catalogue(lang, name) for name in catalogue_names()}
        memory = {k: m for _, messages in old.values() for k, m in messages.items() if m.translated}
        for name, wanted in code.items():
            if only is not None and name not in only:
                continue
            header, before = old[name]
            merged = []
            for key, m in wanted.items():
                kept = before.get(key) or memory.get(key)
                if kept is not None:
                    kept = Message(m.msgid, m.msgid_plural, m.context, list(kept.msgstr), list(m.where),
                                   list(kept.comments), kept.fuzzy)
                merged.append(kept or m)
            stale = [k for k in before if k not in wanted]
            if not merged and not po_path(lang, name).exists():
                continue
            po_path(lang, name).parent.mkdir(parents=True, exist_ok=True)
            write_po(po_path(lang, name), header, merged)
            new = sum(1 for m in merged if not m.translated)
            print(f"{name} {lang}: {len(merged)} messages, {new} untranslated, {len(stale)} dropped")
            for ctx, msgid in stale:
                print(f"  dropped: {msgid!r}")


def cmd_compile() -> None:
    for name in catalogue_names():
        for lang in LANGUAGES:
            if not po_path(lang, name).exists():
                continue
            header, messages = read_po(po_path(lang, name))
            mo = po_path(lang, name).with_suffix(".mo")
            mo.write_bytes(mo_bytes(catalogue(header, messages)))
            print(f"wrote {mo.relative_to(ROOT)}: {sum(m.translated for m in messages.values())} of {len(messages)} translated")


def cmd_check() -> int:
    code = split(extract())
    bad = 0
    for name, wanted in code.items():
        for lang in LANGUAGES:
            _, messages = read_catalogue(lang, name)
            missing = [k for k in wanted if k not in messages or not messages[k].translated]
            bad += len(missing)
            print(f"{name} {lang}: {len(missing)} untranslated of {len(wanted)}")
            for ctx, msgid in missing:
                print(f"  {msgid!r}" + (f" (context {ctx!r})" if ctx else ""))
    return 1 if bad else 0


def cmd_translate(path: str) -> int:
    import json

    wanted = json.loads(Path(path).read_text(encoding="utf-8"))
    unknown = 0
    for name, by_lang in wanted.items():
        for lang, pairs in by_lang.items():
            header, messages = read_catalogue(lang, name)
            for key, text in pairs.items():
                ctx, _, msgid = key.rpartition("\x04")
                m = messages.get((ctx or None, msgid))
                if m is None:
                    print(f"{name} {lang}: no message {msgid!r} (run update first?)")
                    unknown += 1
                    continue
                m.msgstr = list(text) if isinstance(text, list) else [text]
                m.fuzzy = False
            write_po(po_path(lang, name), header, messages.values())
    cmd_compile()
    return 1 if unknown else 0


if __name__ == "__main__":
    commands = {"extract": cmd_extract, "update": cmd_update, "compile": cmd_compile, "check": cmd_check}
    if len(sys.argv) == 3 and sys.argv[1] == "translate":
        sys.exit(cmd_translate(sys.argv[2]))
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: python3 scripts/i18n.py {{{'|'.join(commands)}|translate FILE}}")
    sys.exit(commands[sys.argv[1]]() or 0)
