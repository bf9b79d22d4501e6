"""The budgets every value-set search counts against: the memory bound on the values kept and
the step budget of one question, shared by :class:`solver.search.ValueSets` and
:class:`solver.valuearrays.ValueArrays` through :class:`Budgeted`. Steps are counted, never timed,
so the same question gets the same answer or refusal on every machine.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice

from solver.errors import SearchTooLarge, quoted
from solver.i18n import _

__all__ = ["MAX_VALUES", "MAX_WORK", "SPLIT_STEPS", "Budgeted", "available_memory"]

MAX_VALUES = 4_000_000
"""Memory budget: the most intermediate values one search may store (about 400 MB)."""
MAX_WORK = 1_000_000
"""Time budget: the most steps one question may take (a step is one pair of operands combined
or tried against the target, sixteen for fractions, which are that much slower): half a second
to a second on a laptop. Countdown takes about 15,000 steps; eight numbers to an unreachable
target about 870,000."""
SPLIT_STEPS = 4
"""Steps charged for working out one way to split a multiset in two (a few microseconds)."""


class Budgeted:
    """What :class:`ValueSets` and :class:`~solver.valuearrays.ValueArrays` share: the sets kept
    for the questions asked (``_sets``, the first ``_earlier`` of them from earlier questions),
    the memory bound ``max_values`` on the values kept (``stored``) and the step budget
    ``max_work`` of the current question (``work``). A subclass sets ``_step`` (what one step
    of arithmetic costs) and may drop caches of its own in :meth:`_forget`."""

    _step = 1
    _rational = False

    def _spend(self, steps: int) -> None:
        """Count ``steps`` of arithmetic against the current question's time budget; refuse it past ``max_work``."""
        self._spend_plain(steps * self._step)

    def _spend_plain(self, steps: int) -> None:
        """Count ``steps`` that do no arithmetic (building calculations): fractions cost nothing more."""
        self.work += steps
        if self.work > self.max_work:
            question = " ".join(map(str, self._question))
            raise SearchTooLarge(
                (_("search too large: {question} would take more than {steps:,} steps (about a second); expected fewer "
                  "numbers or whole-number intermediates") if self._rational else
                 _("search too large: {question} would take more than {steps:,} steps (about a second); expected fewer "
                   "numbers")).format(question=quoted(question), steps=self.max_work)
            )

    def _forget(self) -> None:
        """Drop whatever a subclass keeps besides the sets (called when everything is forgotten)."""

    def _make_room(self) -> None:
        """Drop sets built for earlier questions, down to half the budget; raise if this one needs too much.

        The sets of multisets that are no part of the current question go first, oldest
        first; then its parts built earlier (rebuilt if needed). When the sets built for
        this question alone hold more than ``max_values`` values — more than a fresh
        object would be allowed — forget everything and raise.
        """
        whole = Counter(self._question)
        earlier = list(islice(self._sets, self._earlier))
        earlier.sort(key=lambda ms: Counter(ms) <= whole)  # stable: oldest first within each group
        goal = self.max_values // 2
        for ms in earlier:
            if self.stored <= goal:
                break
            self.stored -= len(self._sets.pop(ms))
            self._earlier -= 1
        if self.stored > self.max_values:
            self._sets.clear()
            self._forget()
            self.stored = self._earlier = 0
            raise SearchTooLarge(
                _("search too large: {question} would need more than {values:,} intermediate values; expected fewer "
                  "numbers (or fewer large ones)").format(question=" ".join(map(str, self._question)), values=self.max_values)
            )


def available_memory() -> int | None:
    """The bytes of memory this process may still take, as far as the system says: the memory
    available (``MemAvailable`` on Linux, free pages elsewhere), less when a control group or
    ``ulimit -v`` caps the process lower; ``None`` when nothing says."""
    import os
    import resource

    found: list[int] = []
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    found.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError):
        try:
            found.append(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
        except (ValueError, OSError, AttributeError):
            pass
    try:  # a cgroup v2 limit (a container, a systemd slice)
        with open("/sys/fs/cgroup/memory.max", encoding="ascii") as f:
            limit = f.read().strip()
        with open("/sys/fs/cgroup/memory.current", encoding="ascii") as f:
            current = int(f.read().strip())
        if limit.isdigit():
            found.append(max(0, int(limit) - current))
    except (OSError, ValueError):
        pass
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY:
            found.append(soft)
    except (OSError, ValueError, AttributeError):
        pass
    return min(found) if found else None
