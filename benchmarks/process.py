"""Timing tablecalc as a whole process, the way an installed copy starts.

pip compiles an installed package's bytecode at install time; this machine's shell sets
PYTHONDONTWRITEBYTECODE, which would make every timed run compile our modules again while
the libraries' come precompiled. :func:`installed_env` gives the runs a bytecode folder of
their own (written by a first, untimed run) and this checkout on the path.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def installed_env() -> dict[str, str]:
    """The environment of a timed run: this checkout first on the path, bytecode cached in a
    temporary folder removed at exit. Time a command once untimed first, to write it."""
    cache = tempfile.mkdtemp(prefix="tablecalc-pycache-")
    atexit.register(shutil.rmtree, cache, True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": cache}
