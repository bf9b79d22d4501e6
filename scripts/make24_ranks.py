#!/usr/bin/env python
"""Write ``solver/data/make24_ranks.json``: the 24 game's solvable selections, easiest first.

    python scripts/make24_ranks.py

The arith drill's ``make24`` level deals from this order (``solver.arith.make24.difficulty_band``)
without making the table (seconds of work) at every start; ``tests/games/arith/test_make24_table.py``
checks that the file is what :func:`solver.arith.make24.make24_table` gives. Run it again when the
difficulty score changes.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solver.arith.make24 import RANKS_FILE, make24_table  # noqa: E402


def main() -> None:
    table = make24_table(processes=2)
    data = {"about": "The 24 game's solvable selections of four numbers 1-13, easiest first: "
                     "'tablecalc arith table --preset make24' ranks them (scripts/make24_ranks.py writes this file).",
            "easiest_first": [" ".join(map(str, r.numbers)) for r in table.by_difficulty()]}
    path = os.path.join(os.path.dirname(__file__), "..", "solver", "data", RANKS_FILE)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=0)
        f.write("\n")
    print(f"{path}: {len(data['easiest_first'])} selections")


if __name__ == "__main__":
    main()
