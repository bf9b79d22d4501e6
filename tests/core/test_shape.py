"""The house's shape, checked over the registry: no import circle, no private name used across
modules, words as a leaf, every game's rule options declared once and its modules named alike,
and old command names kept as hidden aliases. A new game is held to all of it without a line here.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from solver.registry import all_games, find_game, game_names
from trainer.games import sub_app

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("solver", "trainer", "puzzles")


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> list[tuple[str, ast.AST]]:
    """The project modules ``name`` imports (at the top or inside a function) and the import nodes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.append((target, node))
    return out


GRAPH = {name: {t for t, _ in _imports(name, path)} for name, path in MODULES.items()}


def _package_of(module: str) -> str:
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), a package's
    ``__init__`` re-exports left out: a module importing its own package's ``__init__`` is not a
    circle of the code, and ``__init__`` imports every module of its package."""
    graph = {m: {t for t in ts if MODULES[t].name != "__init__.py" or not m.startswith(t + ".")}
             for m, ts in GRAPH.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_circle():
    """No two modules reach each other through imports, deferred imports inside functions included."""
    assert not _cycles(), "import circles:\n  " + "\n  ".join(" <-> ".join(c) for c in _cycles())


def test_no_private_name_is_used_across_modules():
    """``from X import _name`` (or ``X._name``) between two modules of the project: a private name
    belongs to its module (``_`` itself, gettext's, is public)."""
    bad = []
    for name, path in MODULES.items():
        aliases = {}
        nodes = {id(node): node for _, node in _imports(name, path)}.values()
        for node in nodes:
            if isinstance(node, ast.ImportFrom):
                for a in node.names:
                    if a.name.startswith("_") and a.name not in ("_", "__version__"):
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {a.name} from {node.module}")
            else:
                for a in node.names:
                    aliases[a.asname or a.name] = a.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name) and node.value.id in aliases):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} uses {node.value.id}.{node.attr}")
    assert not bad, "private names used across modules:\n  " + "\n  ".join(bad)


GAMES = all_games()
ids = [g.name for g in GAMES]


def _game_package(game) -> str:
    return type(game).__module__.rpartition(".")[0]


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_words_are_a_leaf(game):
    """No module of a game's solver package but ``game.py`` (the registry's entry, which words
    verdicts for the edge) imports its ``words``: data types, parsers and the referee hold no sentence."""
    package = _game_package(game)
    words = f"{package}.words"
    users = sorted(m for m, ts in GRAPH.items() if words in ts and m.startswith(package + ".")
                   and m not in (f"{package}.game", package))
    assert not users, f"{words} is imported by {users}"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_game_has_the_standard_modules(game):
    """The same roles in the same modules (docs/adding-a-game.md): the rules, the verdict as data,
    the referee, the solver, the words and the registry's entry."""
    package = _game_package(game)
    for role in ("game", "rules", "verdict", "referee", "best", "words"):
        importlib.import_module(f"{package}.{role}")
    verdict = importlib.import_module(f"{package}.verdict")
    assert verdict.Violation is game.violations
    assert {"Violation", "Penalty", "Verdict"} <= set(vars(verdict))


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_rule_options_are_declared_once(game):
    """The game's rules derive from the base and declare every option; neither its ``GAME`` nor its
    command line writes an option list by hand."""
    from solver.rules import BaseRules

    assert issubclass(game.Rules, BaseRules) and game.Rules.options()
    for spec in game.Rules.options():
        assert spec.decl.meaning.endswith(".") and spec.decl.meaning[0].isupper(), spec.name
    assert "rules" not in vars(type(game)) and "presets" not in vars(type(game))
    cli = ROOT / "trainer" / "games" / game.name / "cli.py"
    text = cli.read_text(encoding="utf-8")
    for spec in game.Rules.options():
        flag = spec.flags.split("/")[0]
        assert f'"{flag}"' not in text, f"{cli.relative_to(ROOT)} spells the rule option {flag} by hand"
    assert "preset_option(" not in text and "add_rules_command(" not in text


def _hidden(game):
    return [c for c in sub_app(game).registered_commands if c.hidden]


@pytest.mark.parametrize("name", game_names())
def test_renamed_commands_still_answer(name):
    """A renamed command's old name works (hidden from --help) and says the new name on stderr."""
    from typer.testing import CliRunner

    from trainer.cli import app

    for command in _hidden(find_game(name)):
        r = CliRunner().invoke(app, [name, command.name, "--help"])
        assert r.exit_code == 0, r.output
