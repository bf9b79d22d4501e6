"""Golden playthroughs (OpenSpiel's ``integration_tests/playthroughs``): for every registered game,
a seeded text of what its engine does — dealt situations with their best answers and a refused
answer's verdict, then a whole seeded game move by move when the game has a move-by-move state.
The file of each game is ``tests/games/<game>/playthrough.txt``; a rule change shows as a diff
there. ``tests/core/test_playthroughs.py`` compares; after a change that is meant, rewrite them:

    python3 -m tests.core.playthrough            # every game
    python3 -m tests.core.playthrough namnam     # one
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from solver.registry import find_game, game_names

__all__ = ["playthrough", "path_of", "SITUATIONS", "MAX_MOVES"]

ROOT = Path(__file__).resolve().parents[2]
SITUATIONS = 4
"""Dealt situations per game."""
MAX_MOVES = 80
"""The most moves of the seeded game written down."""
SHOWN_MOVES = 12
"""Legal moves listed per state (then how many more)."""


def path_of(name: str) -> Path:
    return ROOT / "tests" / "games" / name / "playthrough.txt"


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def playthrough(name: str, seed: int = 0) -> str:
    """The playthrough text of the game called ``name`` under its default rules."""
    game = find_game(name)
    rules = game.rules()
    data = game.load_data(rules)
    rng = random.Random(seed)
    out = [f"game: {game.name}", f"seed: {seed}", f"rules: {_json(rules.as_dict())}", ""]
    first = None
    for i in range(1, SITUATIONS + 1):
        situation = game.random_situation(rng, rules, data)
        first = first if first is not None else situation
        out.append(f"situation {i}: {situation}")
        out.append(f"  best: {_json(list(game.best_answers(game.best(situation, rules, data))))}")
        refused = game.refused_answer(situation, rules, data)
        if refused is not None:
            v = game.judge(situation, refused, rules, data)
            out.append(f"  refused {refused!r}: {_json([str(x) for x in v.violations])}, "
                       f"penalty {_json(v.penalty.as_dict())}")
    state = game.new_state(first, rules, data) if first is not None else None
    if state is not None:
        out += ["", f"play from situation 1 ({type(state).__name__})"]
        for ply in range(MAX_MOVES):
            if state.is_terminal():
                break
            moves = list(state.legal_moves())
            shown = ", ".join(map(str, moves[:SHOWN_MOVES])) + (f" (+{len(moves) - SHOWN_MOVES} more)"
                                                                 if len(moves) > SHOWN_MOVES else "")
            move = rng.choice(moves)
            out.append(f"{ply + 1}. player {state.current_player()}: {len(moves)} legal: {shown}")
            out.append(f"   plays {move}")
            state = state.apply(move)
            out.append(f"   -> {state}")
        out.append(f"terminal: {state.is_terminal()}" + (f", returns {_json(list(state.returns()))}"
                                                        if state.is_terminal() else ""))
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    for name in argv or game_names():
        path_of(name).write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path_of(name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
