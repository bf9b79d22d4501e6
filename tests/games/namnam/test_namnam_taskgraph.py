"""The table build as tasks (:mod:`solver.namnam.taskgraph`): the same tables, bit for bit, however
the tasks are run — one after another, on Dask's threads, or on a local Dask cluster of two worker
processes reached by its address, as ``--scheduler`` does — and with any chunk size."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

import solver.namnam.tables as tables
import solver.namnam.taskgraph as taskgraph
from solver.compiled import numba_installed
from solver.errors import TablecalcError
from solver.namnam import Rules
from solver.namnam.rules import GrandSlam
from trainer.cli import app

pytestmark = pytest.mark.skipif(not numba_installed(), reason="the task graph runs the compiled kernels")
N = 9
FORBIDDEN = Rules(grand_slam=GrandSlam.FORBIDDEN)


def _same(a: tables.Tables, b: tables.Tables) -> bool:
    return (a.max_seeds == b.max_seeds
            and all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(a.values, b.values))
            and all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(a.cyclic, b.cyclic)))


@pytest.fixture(scope="module")
def reference():
    return {rules.grand_slam: tables.build(N, rules, engine="pure") for rules in (Rules(), FORBIDDEN)}


@pytest.mark.parametrize("runner", [taskgraph.Serial, taskgraph.Threads])
@pytest.mark.parametrize("chunk", [997, 20_000, None])
def test_in_this_process_any_chunking_gives_the_same_tables(reference, monkeypatch, runner, chunk):
    if runner is taskgraph.Threads:
        pytest.importorskip("dask")
    monkeypatch.setattr(taskgraph, "runner_for", lambda scheduler="local": runner())
    monkeypatch.setattr(taskgraph, "CHUNK", chunk or taskgraph.CHUNK)
    for rules in (Rules(), FORBIDDEN):
        assert _same(tables.build(N, rules, engine="compiled"), reference[rules.grand_slam])


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  host="127.0.0.1") as c:
        yield c


@pytest.mark.slow
def test_a_two_worker_cluster_builds_the_same_tables_bit_for_bit(reference, cluster, monkeypatch, tmp_path):
    monkeypatch.setattr(taskgraph, "CHUNK", 25_000)  # layer 9 in 7 chunks, spread over both workers
    small = tables.build(6, FORBIDDEN, engine="pure")  # layers 7 to 9 on the cluster
    t = tables.build(N, FORBIDDEN, engine="compiled", scheduler=cluster.scheduler_address, base=small)
    assert _same(t, reference[GrandSlam.FORBIDDEN])
    assert len(cluster.workers) == 2
    # the default rule as a person would: the command line, to a file, then read back
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "_LOADED", {})
    tables.build(6).save(tables.cache_path(6))
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", str(N), "--scheduler", cluster.scheduler_address,
                                 "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["max_seeds"] == N
    assert _same(tables.load(tables.cache_path(N), max_seeds=N), reference[GrandSlam.NO_CAPTURE])


@pytest.mark.parametrize("scheduler", ["", "cluster", "tcp://", "http://host", "host:port", "a b:1", "local:1x",
                                       "ucx://127.0.0.1:1", "inproc://x:1", "host:99999", "host:0"])
def test_a_scheduler_that_is_not_an_address_is_one_line(scheduler):
    with pytest.raises(TablecalcError, match="expected local, or the address of a Dask scheduler"):
        taskgraph.check_scheduler(scheduler)
    for args in (["--build", "3"], []):  # refused whether or not there is anything to build
        r = CliRunner().invoke(app, ["namnam", "tables", *args, "--scheduler", scheduler])
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.output, r.output


@pytest.mark.slow
def test_an_address_where_no_scheduler_listens_is_one_line(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setenv("TABLECALC_HOME", str(tmp_path))
    monkeypatch.setattr(tables, "_LOADED", {})  # no tables in memory: layers 0 to 3 are to be built
    r = CliRunner().invoke(app, ["namnam", "tables", "--build", "3", "--scheduler", "tcp://127.0.0.1:9"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("tablecalc: error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")
    assert r.stderr.count("\n") == 1
    assert not tables.available()


def test_a_chunk_sent_to_another_process_sweeps_as_the_original(reference):
    """A chunk pickled as Dask sends it (protocol 5: its arrays then borrow the received buffer) is
    swept, and shrunk, as the original is: the same bounds, sweep for sweep."""
    import pickle

    from solver.namnam import kernel

    n = N
    flat = np.concatenate([np.asarray(v) for v in reference[GrandSlam.NO_CAPTURE].values[:n + 1]])
    offsets = np.concatenate([[0], np.cumsum([tables.layer_size(k) for k in range(n + 1)])]).astype(np.int64)
    runs = []
    for sent in (False, True):
        low, high = np.empty(tables.layer_size(n), dtype=np.int8), np.empty(tables.layer_size(n), dtype=np.int8)
        chunk = kernel.generate(n, 0, len(low), flat, offsets, low, high, False)
        if sent:
            buffers = []
            data = pickle.dumps(chunk, protocol=5, buffer_callback=buffers.append)
            chunk = pickle.loads(data, buffers=[bytearray(b.raw()) for b in buffers])
        while kernel.sweep(chunk, low, high):
            pass
        runs.append((low.copy(), high.copy()))
    assert all(np.array_equal(a, b) for a, b in zip(*runs))
