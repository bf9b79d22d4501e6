"""Make a new game in the house's shape: ``python3 scripts/new_game.py NAME [--title TITLE]``.

It writes a small working game (the race to 21: add 1 to 3 in turn, who reaches 21 wins) from
``scripts/game_template/`` under the new name, in every file a game owns and nowhere else:

- ``solver/NAME/`` (rules, position, verdict, referee, best, deal, state, words, game),
- ``trainer/games/NAME/`` (cli, drill),
- its line in ``solver/registry.py``,
- its French and Dutch catalogues ``solver/NAME/locale/{fr,nl}.po`` and ``.mo``,
- ``puzzles/packs/NAME-known.json``, ``tests/games/NAME/`` (its tests and golden playthrough),
  ``docs/NAME.md``,

then runs the conformance test on it (``--no-check`` skips that). Replace the race to 21 with
your rules, module by module: docs/adding-a-game.md says what each module holds.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "game_template"
REGISTRY = ROOT / "solver" / "registry.py"

TARGETS = {  # template folder → where its files go ({name} is the game's name)
    "solver": "solver/{name}",
    "solver/rulebook": "solver/{name}/rulebook",
    "trainer": "trainer/games/{name}",
    "tests": "tests/games/{name}",
}
SINGLE = {  # template file → its place
    "packs/known.json.tmpl": "puzzles/packs/{name}-known.json",
    "docs/game.md.tmpl": "docs/{name}.md",
}


def fill(text: str, name: str, title: str) -> str:
    return text.replace("__game__", name).replace("__Title__", title)


def files(name: str, title: str) -> dict[Path, str]:
    """Every file of the new game: its path and its text."""
    out = {}
    for folder, target in TARGETS.items():
        for src in sorted((TEMPLATE / folder).glob("*.tmpl")):
            dest = ROOT / target.format(name=name) / fill(src.name.removesuffix(".tmpl"), name, title)
            out[dest] = fill(src.read_text(encoding="utf-8"), name, title)
    for src, target in SINGLE.items():
        out[ROOT / target.format(name=name)] = fill((TEMPLATE / src).read_text(encoding="utf-8"), name, title)
    return out


def check_name(name: str, title: str) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9]{2,19}", name):
        sys.exit(f"new_game: bad name {name!r}: expected 3 to 20 lower-case letters or digits, starting with a letter")
    if not title.isidentifier():
        sys.exit(f"new_game: bad title {title!r}: expected a Python class name, e.g. {name.capitalize()}")
    sys.path.insert(0, str(ROOT))
    from solver.registry import GAMES

    if name in GAMES or (ROOT / "solver" / name).exists() or (ROOT / "trainer" / "games" / name).exists():
        sys.exit(f"new_game: {name!r} exists already: choose another name")


def add_registry_line(name: str, title: str) -> None:
    text = REGISTRY.read_text(encoding="utf-8")
    start = text.index("GAMES: dict[str, str] = {")
    end = text.index("\n}", start)
    line = f'\n    "{name}": "solver.{name}",  # {title}: made with scripts/new_game.py'
    REGISTRY.write_text(text[:end] + line + text[end:], encoding="utf-8")


def i18n_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "scripts" / "i18n.py")
    tool = sys.modules.setdefault("i18n_tool", importlib.util.module_from_spec(spec))
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    return tool


def translate(name: str, title: str) -> None:
    """The game's catalogues: ``update`` adds its messages (reusing any translation another catalogue
    has), then the template's own translations fill the rest, then ``compile`` (which writes the same
    ``.mo`` files again for the other catalogues)."""
    tool = i18n_tool()
    tool.cmd_update(only=[name])
    theirs = json.loads(fill((TEMPLATE / "translations.json.tmpl").read_text(encoding="utf-8"), name, title))
    for lang, pairs in theirs.items():
        header, messages = tool.read_catalogue(lang, name)
        for (ctx, msgid), m in messages.items():
            if not m.translated and msgid in pairs:
                m.msgstr = [pairs[msgid]]
        tool.write_po(tool.po_path(lang, name), header, messages.values())
    tool.cmd_compile()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make a new game in the house's shape (the race to 21, to replace).")
    parser.add_argument("name", help="the command-line name: lower-case letters and digits")
    parser.add_argument("--title", help="how players write it (a Python class name; default: Name)")
    parser.add_argument("--no-check", action="store_true", help="do not run the conformance test at the end")
    args = parser.parse_args(argv)
    name, title = args.name, args.title or args.name.capitalize()
    check_name(name, title)
    for path, text in files(name, title).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    add_registry_line(name, title)
    print(f"added {name} to {REGISTRY.relative_to(ROOT)}")
    translate(name, title)
    subprocess.run([sys.executable, "-m", "tests.core.playthrough", name], cwd=ROOT, check=True)
    subprocess.run([sys.executable, "scripts/rulebook_docs.py"], cwd=ROOT, check=True)  # docs/rules/NAME.*.md
    if args.no_check:
        return 0
    test = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/core/test_conformance.py",
            "-k", name]
    return subprocess.run(test, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
