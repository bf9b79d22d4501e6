"""Every registered game's engine does today what its golden playthrough says (OpenSpiel's
playthroughs): a rule change shows as a diff of ``tests/games/<game>/playthrough.txt``, which
``python3 -m tests.core.playthrough GAME`` rewrites once the change is meant."""

from __future__ import annotations

import difflib

import pytest

from solver.registry import game_names
from tests.core.playthrough import path_of, playthrough


@pytest.mark.parametrize("name", game_names())
def test_the_engine_plays_as_its_golden_playthrough(name):
    path = path_of(name)
    assert path.exists(), f"no playthrough for {name}: python3 -m tests.core.playthrough {name}"
    want, got = path.read_text(encoding="utf-8"), playthrough(name)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now", n=1))
        pytest.fail(f"{name} plays differently from its playthrough "
                    f"(python3 -m tests.core.playthrough {name} if the change is meant):\n{diff[:4000]}")


def test_a_playthrough_is_the_same_twice():
    """The text depends on the seed alone: nothing of the clock or the machine gets in."""
    name = game_names()[0]
    assert playthrough(name, seed=3) == playthrough(name, seed=3)
