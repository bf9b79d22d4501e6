"""The compiled endgame-table build as a graph of tasks, and who runs them.

A layer of ``n`` seeds is cut into chunks of :data:`CHUNK` boards. Its tasks:

1. **generate** each chunk (:func:`solver.namnam.kernel.generate`): the moves of its boards, read
   against the smaller layers; the boards with no move or captures only are settled there;
2. rounds of **sweep** tasks, one per chunk (:func:`solver.namnam.kernel.sweep`), until a whole
   round moves no bound;
3. **finish** each chunk (:func:`solver.namnam.kernel.finish`): values and ``cyclic`` flags.

The values do not depend on how the tasks are run: bounds only rise and fall towards one fixed
point, whatever order the chunks are swept in and whatever they read of each other's bounds
(``tests/games/namnam/test_namnam_taskgraph.py`` checks a two-worker cluster's tables against
one process's, bit for bit). Who runs them (``--scheduler``):

- ``local`` (the default): Dask's threaded scheduler on this machine's cores when Dask is installed
  (the ``cluster`` extra), else one task after another in this process. The kernels release
  the GIL, so the threads work at once; they share the layer's bounds in memory.
- an address such as ``tcp://10.0.0.5:8786``: a Dask cluster (``dask.distributed``). Each chunk
  stays on the worker that generated it; every round sends the layer's bounds to the workers
  (two bytes a board) and brings each chunk's back. ``docs/namnam.md`` gives the cost model.

Dask rather than Ray: the tasks are plain functions on NumPy arrays, which Dask's low-level
graphs take as they are, the same graph runs on its threaded scheduler and on a cluster, and
Dask is a small pure-Python install (Ray is a large binary one that trails new Pythons).

>>> import numpy as np
>>> from solver.namnam.tables import build
>>> t = build(6, engine="pure")
>>> flat, offsets = np.concatenate(t.values[:7]), np.cumsum([0] + [len(v) for v in t.values[:7]])
>>> flat[offsets[6]:] = 0
>>> cyclic = solve_layer(6, flat, offsets, forbid=False, own_row=True, runner=Serial(), chunk=1000)
>>> bool((flat[offsets[6]:] == t.values[6]).all() and (cyclic == t.cyclic[6]).all())
True
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
from typing import Callable

import numpy as np

from solver.errors import TablecalcError, quoted
from solver.i18n import _

__all__ = ["CHUNK", "solve_layer", "runner_for", "Serial", "Threads", "Cluster", "dask_installed", "check_scheduler"]

CHUNK = 1 << 21
"""Boards in a task: 2 million (a task's scratch space while it generates is 24 bytes a board)."""

_ADDRESS = re.compile(r"^((tcp|tls)://)?([A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$")


def dask_installed() -> bool:
    """Whether Dask can be imported (looked up, not imported)."""
    return importlib.util.find_spec("dask") is not None


def check_scheduler(scheduler: str) -> str:
    """``scheduler`` when it is ``local`` or looks like a cluster's address, else a one-line error."""
    m = _ADDRESS.match(scheduler)
    if scheduler == "local" or (m and 0 < int(m.group(4)) < 65536):
        return scheduler
    raise TablecalcError(_("bad scheduler {scheduler}: expected local, or the address of a Dask scheduler such as "
                           "tcp://10.0.0.5:8786").format(scheduler=quoted(scheduler)))


def _cores() -> int:
    """The cores this process may run on (its affinity, which a container may limit)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def runner_for(scheduler: str = "local"):
    """Who runs the tasks for ``--scheduler`` (see the module)."""
    check_scheduler(scheduler)
    if scheduler != "local":
        return Cluster(scheduler)
    return Threads() if dask_installed() and _cores() > 1 else Serial()


def solve_layer(n: int, flat: np.ndarray, offsets: np.ndarray, *, forbid: bool, own_row: bool, runner,
                chunk: int | None = None, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Solve layer ``n``: its values written into ``flat[offsets[n]:offsets[n + 1]]`` (every
    smaller layer ``k`` is at ``flat[offsets[k]:]``), its ``cyclic`` flags returned.
    ``progress(boards)`` after each chunk is generated, and with the layer's size once solved."""
    lo_n, hi_n = int(offsets[n]), int(offsets[n + 1])
    size, chunk = hi_n - lo_n, chunk or CHUNK
    spans = [(lo, min(lo + chunk, size)) for lo in range(0, size, chunk)]
    low, high = flat[lo_n:hi_n], np.empty(size, dtype=np.int8)
    chunks = runner.generate(n, spans, flat, offsets, high, forbid, progress)
    while runner.sweep(chunks, low, high):
        pass
    runner.release(chunks)  # the moves are not needed to finish
    cyclic = np.empty(size, dtype=np.bool_)
    runner.finish(n, spans, low, high, own_row, cyclic)
    if progress:
        progress(size)
    return cyclic


# ---------------------------------------------------------------- in this process


class Serial:
    """The tasks one after another, in this process."""

    def map(self, tasks: list[tuple]) -> list:
        return [f(*args) for f, *args in tasks]

    def generate(self, n, spans, flat, offsets, high, forbid, progress):
        from solver.namnam.kernel import generate

        chunks = []
        for lo, hi in spans:
            chunks.append(self.map([(generate, n, lo, hi, flat, offsets, flat[offsets[n]:offsets[n + 1]], high, forbid)])[0])
            if progress:
                progress(hi - lo)
        return chunks

    def sweep(self, chunks, low, high) -> bool:
        from solver.namnam.kernel import sweep

        return any(self.map([(sweep, c, low, high) for c in chunks]))

    def finish(self, n, spans, low, high, own_row, cyclic) -> None:
        from solver.namnam.kernel import finish

        self.map([(finish, n, lo, hi, low, high, own_row, cyclic) for lo, hi in spans])

    def release(self, chunks) -> None:
        chunks.clear()


class Threads(Serial):
    """Dask's threaded scheduler: the tasks of a step at once on this machine's cores, sharing the
    layer's bounds (the kernels release the GIL)."""

    def __init__(self, workers: int | None = None):
        self.workers = workers or _cores()

    def map(self, tasks: list[tuple]) -> list:
        from dask.threaded import get

        graph = {("task", i): task for i, task in enumerate(tasks)}
        return list(get(graph, list(graph), num_workers=self.workers))

    def generate(self, n, spans, flat, offsets, high, forbid, progress):
        from solver.namnam.kernel import generate

        chunks = []
        for at in range(0, len(spans), self.workers):  # a step of as many chunks as workers, for the progress bar
            step = spans[at:at + self.workers]
            chunks += self.map([(generate, n, lo, hi, flat, offsets, flat[offsets[n]:offsets[n + 1]], high, forbid) for lo, hi in step])
            if progress:
                progress(sum(hi - lo for lo, hi in step))
        return chunks


# ---------------------------------------------------------------- on a cluster


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]


def _reachable(address: str) -> None:
    """Refuse at once an address where nothing listens (a TCP address: the client would wait for its
    whole timeout)."""
    scheme, _sep, rest = address.rpartition("://")
    if scheme not in ("", "tcp", "tls"):
        return
    host, _sep, port = rest.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=3).close()
    except (OSError, ValueError) as e:
        raise TablecalcError(_("cannot reach the Dask scheduler at {address}: {why}").format(
            address=quoted(address), why=getattr(e, "strerror", None) or str(e))) from None


def _generate_remote(n, lo, hi, flat, offsets, forbid):
    """On a worker: the chunk, and its boards' bounds to send back."""
    from solver.namnam.kernel import generate

    size = int(offsets[n + 1] - offsets[n])
    low, high = np.empty(size, dtype=np.int8), np.empty(size, dtype=np.int8)
    chunk = generate(n, lo, hi, flat, offsets, low, high, forbid)
    return chunk, (lo, low[lo:hi].copy(), high[lo:hi].copy())


REMOTE_SWEEPS = 8
"""Sweeps of its chunk a task on a cluster makes before it sends its bounds back (fewer rounds,
each of which sends the whole layer's bounds)."""


def _sweep_remote(chunk, bounds):
    """On a worker: sweeps of ``chunk`` against the layer's ``bounds`` (``low`` and ``high``; the
    worker's copy, shared by its tasks of the round: a bound another of them moved is as good as
    the one sent), until one moves nothing or :data:`REMOTE_SWEEPS` are made; whether any bound
    moved, and the chunk's bounds to send back."""
    from solver.namnam.kernel import sweep

    low, high = bounds
    changed = False
    for _sweep in range(REMOTE_SWEEPS):
        if not sweep(chunk, low, high):
            break
        changed = True
    return changed, (chunk.lo, low[chunk.lo:chunk.hi].copy(), high[chunk.lo:chunk.hi].copy())


def _first(pair):
    return pair[0]


def _second(pair):
    return pair[1]


class Cluster:
    """A Dask cluster (``dask.distributed``) at ``address``."""

    def __init__(self, address: str):
        if importlib.util.find_spec("distributed") is None:
            raise TablecalcError(_("building on a cluster needs Dask's distributed scheduler: pip install "
                                   "'tablecalc[cluster]'"))
        from distributed import Client

        _reachable(address)
        self.address = address
        try:
            self.client = Client(address, timeout="10s", set_as_default=False)
        except Exception as e:  # whatever the client raises, one line
            raise TablecalcError(_("cannot reach the Dask scheduler at {address}: {why}").format(
                address=quoted(address), why=_first_line(e))) from None

    def _failed(self, e: Exception) -> TablecalcError:
        return TablecalcError(_("the Dask cluster at {address} failed: {why}").format(
            address=quoted(self.address), why=_first_line(e)))

    def close(self) -> None:
        self.client.close()

    def generate(self, n, spans, flat, offsets, high, forbid, progress):
        below = self.client.scatter(np.ascontiguousarray(flat[:offsets[n]]), broadcast=True, hash=False)
        futures = [self.client.submit(_generate_remote, n, lo, hi, below, offsets, forbid, pure=False)
                   for lo, hi in spans]
        low = flat[offsets[n]:offsets[n + 1]]
        chunks = [self.client.submit(_first, f, pure=False) for f in futures]  # each chunk stays on its worker
        for f in futures:
            try:
                lo, got_low, got_high = self.client.submit(_second, f, pure=False).result()
            except Exception as e:  # a worker's error (another tablecalc there, no Numba...): one line
                raise self._failed(e) from None
            low[lo:lo + len(got_low)], high[lo:lo + len(got_high)] = got_low, got_high
            if progress:
                progress(len(got_low))
        del futures, below
        return chunks

    def sweep(self, chunks, low, high) -> bool:
        bounds = self.client.scatter([low, high], broadcast=True, hash=False)
        futures = [self.client.submit(_sweep_remote, c, bounds, pure=False) for c in chunks]
        changed = False
        for f in futures:
            try:
                moved, (lo, got_low, got_high) = f.result()
            except Exception as e:
                raise self._failed(e) from None
            at = slice(lo, lo + len(got_low))
            changed |= moved
            low[at], high[at] = np.maximum(low[at], got_low), np.minimum(high[at], got_high)
        return changed

    def finish(self, n, spans, low, high, own_row, cyclic) -> None:
        Serial().finish(n, spans, low, high, own_row, cyclic)

    def release(self, chunks) -> None:
        self.client.cancel(chunks)
        chunks.clear()
