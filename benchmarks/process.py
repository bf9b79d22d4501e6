"""Timing tablecalc as a whole process, the way an installed copy starts.

pip compiles an installed package's bytecode at install time; this machine's shell sets
PYTHONDONTWRITEBYTECODE, which would make every timed run compile our modules again while
the libraries' come precompiled. :func:`installed_env` gives the runs a bytecode folder of
their own (written by a first, untimed run) and this checkout on the path. :func:`compile_c` builds
the C references kept here (``perft.c``, ``countdown_table.c``, ``tables.c``) when a compiler is found.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
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


def c_compiler() -> str | None:
    """The first C compiler found (``$CC``, ``cc``, ``gcc``, ``clang``), or ``None``."""
    return next((c for c in (os.environ.get("CC"), "cc", "gcc", "clang") if c and shutil.which(c)), None)


def compile_c(name: str, folder: str | Path, *libraries: str) -> str | None:
    """Compile ``benchmarks/NAME.c`` with ``-O2`` into ``folder``; the program's path, or ``None``
    when no C compiler is found (the C reference is then left out)."""
    cc = c_compiler()
    if cc is None:
        return None
    exe = str(Path(folder) / name)
    subprocess.run([cc, "-O2", "-o", exe, str(ROOT / "benchmarks" / f"{name}.c"), *(f"-l{lib}" for lib in libraries)],
                   check=True)
    return exe
