"""Many questions at once: batches of JSON lines for :func:`solver.search.reach`, and the worker
processes that answer in the order the questions came.

A batch keeps its value sets from one line to the next (one :class:`~solver.search.ValueSets`
per set of rules, each within its memory bound, building its large sets with NumPy), so
lines about overlapping numbers build their shared parts once. Lines go in pieces of :data:`BATCH_CHUNK` to worker processes;
answers come back in input order whatever the number of processes.

>>> [a["min_cards"] for a in answer_lines([(1, '{"numbers": [6, 2], "target": 3}'), (2, "{")])]
[2, None]
"""

from __future__ import annotations

import multiprocessing
import signal
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

from solver.errors import TablecalcError
from solver.i18n import _, language, use
from solver.search import Query, SearchRules, ValueSets

__all__ = ["answer_lines", "answer_batch", "run_in_order", "rows_in_order", "BATCH_CHUNK", "KEPT_RULES"]

BATCH_CHUNK = 100
"""Lines per piece of work handed to a process (progress is reported after each)."""
KEPT_RULES = 4
"""Value sets are kept for this many sets of rules at once (the most recently used)."""

_KEPT: dict = {}
"""In each process, the value sets kept from line to line, by rules (most recently used last)."""


def _sets_for(rules: SearchRules) -> ValueSets:
    key = (rules.order, rules.ops, rules.intermediates)
    sets = _KEPT.pop(key, None) or ValueSets(rules, vectorise=True)
    _KEPT[key] = sets
    while len(_KEPT) > KEPT_RULES:
        del _KEPT[next(iter(_KEPT))]
    return sets


def answer_lines(lines: Iterable[tuple[int, str | None]], defaults: SearchRules = SearchRules()) -> list[dict]:
    """Answer numbered JSON lines (``None``: a line that is not UTF-8): ``reach``'s answer with its
    ``line`` number, or an ``error`` line saying why the question was refused."""
    out = []
    for lineno, line in lines:
        try:
            if line is None:
                raise TablecalcError(_("not UTF-8 text: expected a JSON line"))
            q = Query.from_json(line, defaults)
            out.append({"line": lineno, **q.reach(value_sets=_sets_for(q.rules), nearest=True).as_dict()})
        except TablecalcError as e:
            out.append({"line": lineno, "error": str(e), "min_cards": None, "expressions": []})
    return out


def _answer_piece(job: tuple[list[tuple[int, str | None]], SearchRules]) -> list[dict]:
    return answer_lines(*job)


def answer_batch(
    lines: list[tuple[int, str | None]],
    defaults: SearchRules = SearchRules(),
    *,
    processes: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[dict]:
    """Every answer of :func:`answer_lines`, in input order, from ``processes`` worker processes;
    ``progress(done, total)`` after each piece."""
    jobs = [(lines[i : i + BATCH_CHUNK], defaults) for i in range(0, len(lines), BATCH_CHUNK)]
    done = 0
    if progress is not None:
        progress(0, len(lines))
    for piece in run_in_order(_answer_piece, jobs, processes):
        yield from piece
        done += len(piece)
        if progress is not None:
            progress(done, len(lines))


_HELD = (signal.SIGINT, signal.SIGTERM)
"""The signals held back while worker processes are started (Ctrl-C, and SIGTERM, which the command
line turns into a Ctrl-C: see :func:`trainer.clikit.interrupted_code`)."""


def _serve(function: Callable, conn, lang: str = "en") -> None:
    """A worker: Ctrl-C is the parent's to handle (ignored here); SIGTERM, held back while the worker
    started, ends it silently from now on. Answers ``(index, job)`` with ``(True, result)`` or
    ``(False, exception)`` until told to stop (``None``) or its parent is gone. It speaks its
    parent's language, ``lang`` (a spawned process starts in English)."""
    use(lang)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        try:
            answer = (True, function(message))
        except Exception as e:  # the parent raises it, as map would
            answer = (False, e)
        conn.send(answer)


def rows_in_order(function: Callable, jobs: list, processes: int, total: int,
                  progress: Callable[[int, int], None] | None = None) -> list:
    """The lists ``function`` returns for ``jobs`` (:func:`run_in_order`), joined in order;
    ``progress(done, total)`` before the first and after each, counting their items.

    >>> rows_in_order(lambda n: [n] * n, [1, 2], 1, 3, lambda done, total: print(done, total))
    0 3
    1 3
    3 3
    [1, 2, 2]
    """
    rows: list = []
    if progress is not None:
        progress(0, total)
    for part in run_in_order(function, jobs, processes):
        rows += part
        if progress is not None:
            progress(len(rows), total)
    return rows


def run_in_order(function: Callable, jobs: list, processes: int) -> Iterator:
    """``map(function, jobs)`` on ``processes`` worker processes (this one when 1), results in the
    order of ``jobs``.

    Each worker has a pipe of its own (no lock shared between processes, so a worker ended at any
    moment — by the parent, or by a signal sent to the whole process group — can never leave the
    others or the parent waiting for ever). Ctrl-C and SIGTERM are held back while the workers
    start (no start-up is cut short with a traceback; one that came meanwhile is raised once they
    exist); the workers ignore Ctrl-C. However this generator ends — finished, an error, a
    ``KeyboardInterrupt`` — every worker is ended and waited for before it returns.

    >>> list(run_in_order(abs, [-1, 2, -3], 1))
    [1, 2, 3]
    """
    if processes <= 1 or len(jobs) <= 1:
        yield from map(function, jobs)
        return
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("spawn")
    workers: list = []
    finished = False
    try:
        if hasattr(signal, "pthread_sigmask"):  # POSIX: the worker's resource tracker, started now, since
            from multiprocessing import resource_tracker  # starting it unblocks the signals held below

            resource_tracker.ensure_running()
        with _signals_held():  # a signal held back is raised as this block ends, the workers ours to end
            for _worker in range(min(processes, len(jobs))):
                mine, theirs = context.Pipe()
                worker = context.Process(target=_serve, args=(function, theirs, language()), daemon=True)
                workers.append((worker, mine))
                worker.start()
                theirs.close()
        idle, busy, done = [conn for _, conn in workers], {}, {}
        given = wanted = 0
        while wanted < len(jobs):
            while idle and given < len(jobs):
                conn = idle.pop()
                conn.send(jobs[given])
                busy[conn] = given
                given += 1
            for conn in wait(list(busy)):
                index = busy.pop(conn)
                try:
                    ok, value = conn.recv()
                except (EOFError, OSError):
                    raise TablecalcError(_("a worker process ended before its work was done (killed, or out of "
                                           "memory?): try again, or with fewer --jobs")) from None
                if not ok:
                    raise value
                done[index] = value
                idle.append(conn)
            while wanted in done:
                yield done.pop(wanted)
                wanted += 1
        for _process, conn in workers:
            conn.send(None)
        finished = True
    finally:
        _end(workers, finished)


def _end(workers: list, finished: bool) -> None:
    """Wait for every worker: told to stop when the work is ``finished``; otherwise (an error, an
    interrupt) ended at once, which is safe since nothing they hold is shared."""
    for worker, conn in workers:
        if worker.pid is None:  # never started
            continue
        if finished:
            worker.join(5)
        if worker.exitcode is None:
            worker.kill()
        worker.join()
        conn.close()


@contextmanager
def _signals_held():
    """Hold back Ctrl-C and SIGTERM (delivered after); where signals cannot be held (no
    ``pthread_sigmask``), ignore Ctrl-C instead, which the workers inherit as they start."""
    if hasattr(signal, "pthread_sigmask"):
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        return
    try:
        previous_int = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are not ours to change
        previous_int = None
    try:
        yield
    finally:
        if previous_int is not None:
            signal.signal(signal.SIGINT, previous_int)
