"""Every notebook in ``notebooks/`` runs top to bottom in a fresh kernel without an error.

The notebooks assert their own checks (exact enumeration against the referee, agreement
with published figures), so a change to the solver that breaks an answer fails here.
Executed in memory with nbclient: the saved notebooks (and their outputs) are not touched.
"""

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CELL_TIMEOUT = 600
"""Seconds one cell may take; the slowest (all Countdown selections) needs about two minutes on 2 cores."""


def test_the_analyses_are_there():
    names = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert {"nambarz_how_often.ipynb", "nambarz_parentheses.ipynb", "countdown_24.ipynb"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.stem)
def test_notebook_runs_without_errors(path):
    """Execute every cell with the python3 kernel; any cell error (or timeout) fails the test."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    # the kernel imports this checkout's code, whichever tablecalc is installed (a worktree, a clone)
    root = str(NOTEBOOKS.parent)
    client.execute(env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))})
    errors = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs if o.output_type == "error"]
    assert not errors, errors
