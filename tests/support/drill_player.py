"""A program that plays a drill through its JSON protocol, as another program would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Callable


def play_json_drill(args: list[str], home, answer: Callable[[dict], str]) -> tuple[list[dict], list[dict], dict]:
    """Run ``tablecalc drill ARGS --json``; answer each puzzle line with ``answer(puzzle)``.

    Returns the puzzles, the verdicts and the summary; fails if the drill ends without a
    summary or with a non-zero exit.
    """
    env = {**os.environ, "TABLECALC_HOME": str(home)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "drill", *args, "--json"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
    )
    puzzles, verdicts = [], []
    while True:
        line = proc.stdout.readline()
        assert line, "the drill ended without a summary"
        msg = json.loads(line)
        if msg["type"] == "summary":
            break
        assert msg["type"] == "puzzle"
        puzzles.append(msg)
        proc.stdin.write(answer(msg) + "\n")
        proc.stdin.flush()
        verdicts.append(json.loads(proc.stdout.readline()))
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    return puzzles, verdicts, msg
