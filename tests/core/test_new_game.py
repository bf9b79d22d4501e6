"""A new game made with the scaffold (``scripts/new_game.py``) in a copy of the project touches its
own files, the registry line and its catalogues, nothing else — and then passes the tests that hold
every game: conformance, shape, known cases, playthroughs, fuzz, drill help, docs and catalogues."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAME = "toyrace"


def _project_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return [f for f in out if f and (ROOT / f).is_file()]


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the project's git checkout to copy it")
    dest = tmp_path_factory.mktemp("project")
    for f in _project_files():
        (dest / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, dest / f)
    r = subprocess.run([sys.executable, "scripts/new_game.py", NAME, "--no-check"], cwd=dest, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return dest


@pytest.mark.slow
def test_the_scaffold_touches_the_new_game_and_the_registry_only(copy):
    changed = [f for f in _project_files() if (copy / f).exists() and not filecmp.cmp(ROOT / f, copy / f, shallow=False)]
    assert changed == ["docs/rules/README.md", "solver/registry.py"], changed
    new = sorted(str(p.relative_to(copy)) for p in copy.rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and ".hypothesis" not in p.parts
                 and not (ROOT / p.relative_to(copy)).exists())
    owned = (f"solver/{NAME}/", f"trainer/games/{NAME}/", f"tests/games/{NAME}/", f"puzzles/packs/{NAME}-",
             f"docs/{NAME}.md", f"docs/rules/{NAME}.")
    assert new and all(f.startswith(owned) for f in new), [f for f in new if not f.startswith(owned)]
    assert {f"solver/{NAME}/locale/fr.po", f"solver/{NAME}/locale/nl.mo", f"tests/games/{NAME}/playthrough.txt"} <= set(new)


@pytest.mark.slow
def test_the_new_game_passes_the_tests_that_hold_every_game(copy):
    tests = ["tests/core/test_conformance.py", "tests/core/test_rulebook.py", "tests/core/test_shape.py",
             "tests/core/test_known_cases.py",
             "tests/core/test_playthroughs.py", "tests/core/test_fuzz.py", "tests/trainer/test_drill_help.py",
             "tests/core/test_docs.py", f"tests/games/{NAME}", f"solver/{NAME}", f"trainer/games/{NAME}"]
    env = {**os.environ, "PYTHONPATH": str(copy)}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *tests, "-k", NAME],
                       cwd=copy, capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/core/test_i18n.py",
                        "-k", "catalogue or translated or placeholders or plurals or stale or alike or po_files"],
                       cwd=copy, capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert f"{NAME}-fr" in subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", "tests/core/test_i18n.py"],
        cwd=copy, capture_output=True, text=True, env=env).stdout
