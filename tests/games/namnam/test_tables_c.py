"""Nam Nam's endgame tables against an independent builder in C (``benchmarks/tables.c``): every
value and every ``cyclic`` flag of every board up to 10 seeds (646,646 boards), under both
grand-slam rules, the same bit for bit, whether the C program sweeps the bounds in place or from
the sweep before (``--jacobi``). The C program shares no code with tablecalc: it sows, ranks and
iterates the bounds its own way. Skipped when no C compiler is found.

Its speed against tablecalc's builders is in ``benchmarks/bench_tables.py``.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess

import numpy as np
import pytest

from benchmarks.process import compile_c
from solver.namnam import Rules
from solver.namnam.tables import build, layer_size

SEEDS = 10
PRESETS = {"standard": [], "no-grand-slam": ["--forbid"]}
SWEEPS = {"in-place": [], "jacobi": ["--jacobi"]}
QUICK_ENGINE = "compiled" if importlib.util.find_spec("numba") else "pure"


@pytest.fixture(scope="module")
def ours():
    """tablecalc's tables (and their payload) by grand-slam preset and engine, each built once."""
    built: dict = {}

    def get(preset: str, engine: str):
        if (preset, engine) not in built:
            t = build(SEEDS, Rules.preset(preset), engine=engine)
            built[preset, engine] = t, payload(t)
        return built[preset, engine]

    return get


@pytest.fixture(scope="module")
def c_builder(tmp_path_factory):
    exe = compile_c("tables", tmp_path_factory.mktemp("c-tables"))
    if exe is None:
        pytest.skip("no C compiler found (cc, gcc or clang)")
    return exe


def c_tables(exe: str, seeds: int, flags: list[str], out) -> tuple[dict, bytes]:
    """The C builder's summary line and its payload: the values, then each layer's cyclic flags packed."""
    done = subprocess.run([exe, *flags, "--out", str(out), str(seeds)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout), out.read_bytes()


def payload(tables) -> bytes:
    """tablecalc's tables laid out as the C builder writes them (and as a table file holds them)."""
    return b"".join([np.ascontiguousarray(v, dtype=np.int8).tobytes() for v in tables.values]
                    + [np.packbits(c.astype(bool)).tobytes() for c in tables.cyclic])


def signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


def check_equal(exe: str, flags: list[str], ours, engine: str, tmp_path) -> None:
    """The C builder run with ``flags`` gives ``ours`` (tablecalc's tables and their payload)."""
    summary, got = c_tables(exe, SEEDS, flags, tmp_path / "tables.bin")
    tables, want = ours
    assert summary["grand_slam"] == tables.grand_slam.value
    assert summary["boards"] == sum(layer_size(n) for n in range(SEEDS + 1))
    assert len(got) == len(want)
    if got != want:  # say where: the first layer and board that differ
        at = next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
        board = at
        for n in range(SEEDS + 1):
            if board < layer_size(n):
                pytest.fail(f"the C value of board {board} of layer {n} is {signed(got[at])}, the {engine} "
                            f"builder's {signed(want[at])}")
            board -= layer_size(n)
        pytest.fail(f"the C cyclic flags differ from the {engine} builder's ({board} bytes into the flags)")
    assert summary["cyclic"] == sum(int(c.sum()) for c in tables.cyclic)


@pytest.mark.parametrize("sweeps", SWEEPS)
@pytest.mark.parametrize("preset", PRESETS)
def test_c_builder_gives_tablecalcs_tables_bit_for_bit(c_builder, ours, preset, sweeps, tmp_path):
    """The compiled builder (the NumPy one when Numba is not installed) against the C builder."""
    check_equal(c_builder, PRESETS[preset] + SWEEPS[sweeps], ours(preset, QUICK_ENGINE), QUICK_ENGINE, tmp_path)


@pytest.mark.slow  # some 3 s: the NumPy builder, already checked against the compiled one in the quick loop
@pytest.mark.parametrize("preset", PRESETS)
def test_c_builder_gives_the_numpy_builders_tables_bit_for_bit(c_builder, ours, preset, tmp_path):
    check_equal(c_builder, PRESETS[preset], ours(preset, "pure"), "pure", tmp_path)


def test_c_builder_refuses_a_bad_size(c_builder):
    for args in (["-1"], ["29"], ["many"], []):
        done = subprocess.run([c_builder, *args], check=False, capture_output=True, text=True)
        assert done.returncode == 2 and done.stderr.startswith("usage:") and not done.stdout
