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
from typing import Callable, Iterable, Iterator

from solver.errors import TablecalcError
from solver.search import Query, SearchRules, ValueSets

__all__ = ["answer_lines", "answer_batch", "run_in_order", "BATCH_CHUNK", "KEPT_RULES"]

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
                raise TablecalcError("not UTF-8 text: expected a JSON line")
            q = Query.from_json(line, defaults)
            out.append({"line": lineno, **q.reach(value_sets=_sets_for(q.rules)).as_dict()})
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


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_in_order(function: Callable, jobs: list, processes: int) -> Iterator:
    """``map(function, jobs)`` on ``processes`` worker processes (this one when 1), results in the
    order of ``jobs``.

    Workers ignore Ctrl-C (they are started with it ignored, so not even their start-up can
    print a traceback); the parent gets the ``KeyboardInterrupt`` and stops them.

    >>> list(run_in_order(abs, [-1, 2, -3], 1))
    [1, 2, 3]
    """
    if processes <= 1 or len(jobs) <= 1:
        yield from map(function, jobs)
        return
    context = multiprocessing.get_context("spawn")
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the workers as they start
    except ValueError:  # not the main thread: signals are not ours to change
        previous = None
    try:
        pool = context.Pool(min(processes, len(jobs)), initializer=_ignore_interrupts)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    try:
        yield from pool.imap(function, jobs)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
