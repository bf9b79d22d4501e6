#!/usr/bin/env python
"""Write notebooks/namnam_endgames.ipynb (its cells live here, so the notebook's text has one home), then
execute it in place: ``python scripts/make_namnam_notebook.py``."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
PATH = ROOT / "notebooks" / "namnam_endgames.ipynb"

CELLS = [
    ("md", """# Nam Nam endgames: perfect play on small boards

**The questions.** With only a few seeds left on the board, who wins a game of Nam Nam (awalé)
with perfect play? How many positions are there for each number of seeds, and how many are
wins, draws and losses for the player to move?

**The method.** `solver.namnam.tables` solves every board with up to `N` seeds by retrograde
analysis with NumPy: a capture leads to a smaller board, already solved; the moves that capture
nothing stay on the same number of seeds and may go round in circles, which the end-of-game
rule settles (each player takes the seeds of their own row). A position's *value* is the seeds
the player to move will still take minus those the opponent will, under best play; it is a
*win* when positive, a *draw* at 0, a *loss* when negative. The seeds captured earlier do not
change who does better from here, so each board is counted once (the player to move sees their
row first).

The notebook runs in CI, so it uses `N = 8` (about two seconds); `tablecalc namnam tables
--build 15` builds the larger tables the `best` command uses, and prints the same figures."""),
    ("code", """import math
import numpy as np
from solver.namnam.tables import build, layer_size

N = 8
tables = build(N)
rows = tables.counts()
assert [r["positions"] for r in rows] == [math.comb(n + 11, 11) for n in range(N + 1)]
assert all(r["wins"] + r["draws"] + r["losses"] == r["positions"] for r in rows)
print(f"{'seeds':>5} {'positions':>10} {'wins':>8} {'draws':>8} {'losses':>8} {'win %':>6} {'cyclic':>7}")
for r in rows:
    print(f"{r['seeds']:>5} {r['positions']:>10,} {r['wins']:>8,} {r['draws']:>8,} {r['losses']:>8,} "
          f"{100 * r['wins'] / r['positions']:>6.1f} {r['cyclic']:>7,}")"""),
    ("md", """There are `C(n+11, 11)` boards with `n` seeds (the seeds spread over 12 pits), checked above.
The *cyclic* column counts the positions where neither player can force the game to end better
than going round for ever: their value comes from the end-of-game rule."""),
    ("code", """import matplotlib.pyplot as plt

seeds = [r["seeds"] for r in rows][1:]
share = lambda key: [r[key] / r["positions"] for r in rows][1:]
fig, ax = plt.subplots(figsize=(7, 3.5))
bottom = np.zeros(len(seeds))
for key, colour in (("wins", "tab:green"), ("draws", "tab:gray"), ("losses", "tab:red")):
    ax.bar(seeds, share(key), bottom=bottom, label=key, color=colour)
    bottom += share(key)
ax.set_xlabel("seeds on the board")
ax.set_ylabel("share of positions")
ax.set_title("Perfect play, for the player to move")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
fig.tight_layout()
plt.show()"""),
    ("md", """With one seed on the board, the player to move wins it when it sits in their own row and cannot
reach the opponent (they cannot feed, the game ends, they keep it): 5 of the 12 boards. When it is
in the opponent's row they have no move at all and lose it; from their last pit it must be given
away. With an odd number of seeds a draw is impossible. From 6 seeds on, the player to move wins
more positions than they lose: having the move is an advantage."""),
    ("code", """from solver.namnam import Position, Rules, best
from solver.namnam.sowing import SEEDS
from solver.namnam.tables import compositions

# A check of the tables against the search: on boards where every line ends within 12 plies,
# the search proves its value, and it must be the tables' value.
rng = np.random.default_rng(2)
checked = 0
for n in range(1, 6):
    layer = compositions(n)
    for k in rng.choice(len(layer), size=min(40, len(layer)), replace=False):
        c = tuple(int(x) for x in layer[k])
        rest = SEEDS - n
        p = Position.from_canonical(c, 0, (rest - rest // 2, rest // 2), Rules().direction)
        r = best(p, Rules(), depth=12)
        if r.exact and r.source == "search":
            assert r.value - p.score_difference() == tables.value(c), c
            checked += 1
print(f"{checked} positions proved by the search agree with the tables")"""),
    ("md", """**Answer.** The table above gives, for each number of seeds up to 8, the number of positions and how
many are wins, draws and losses for the player to move under perfect play; the search, working
independently, agrees with every value it can prove."""),
]


def main() -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
                for kind, src in CELLS]
    NotebookClient(nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(PATH.parent)}}).execute()
    nbformat.write(nb, PATH)
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
