"""The sowing and capturing rules on a bare board: the one home of every rule of play.

A board here is *canonical*: a tuple of 12 seed counts in sowing order, the row of the
player to move first (``c[0:6]``, the pit sown first first), then the opponent's row
(``c[6:12]``). :mod:`solver.namnam.position` maps it to pits numbered from each player's
left; the search, the perft counter and the endgame tables work on canonical boards.

>>> start = (4,) * 12
>>> s = sow(start, 2)
>>> s.after, s.last, s.captured
((4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4), 6, 0)
>>> legal_starts(start)
[0, 1, 2, 3, 4, 5]

A capture takes 2s and 3s backwards from the last pit while it stays in the opponent's row:

>>> s = sow((0, 0, 0, 0, 1, 2, 1, 2, 0, 0, 0, 5), 5)
>>> s.last, s.captured_pits, s.captured
(7, (7, 6), 5)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ROW", "PITS", "SEEDS", "Sowing", "sow", "legal_starts", "feeds", "is_starving", "reaches_opponent",
           "successors", "rotate", "leftover"]

ROW = 6
"""Pits in a row."""
PITS = 12
"""Pits on the board."""
SEEDS = 48
"""Seeds in a game: 4 in each pit at the start."""


@dataclass(frozen=True)
class Sowing:
    """What one move does on a canonical board: the seeds sown, where the last one fell, what it took.

    ``after`` is the board once sown, before any capture; ``board`` once the captures are
    taken (both still with the mover's row first). ``grand_slam`` says the captures would
    have taken every seed of the opponent's row, so nothing was captured.
    """

    start: int
    seeds: int
    after: tuple[int, ...]
    last: int
    captured_pits: tuple[int, ...]
    captured: int
    grand_slam: bool
    board: tuple[int, ...]

    @property
    def lands_in_opponent_row(self) -> bool:
        return self.last >= ROW


def sow(c: tuple[int, ...], start: int) -> Sowing:
    """Sow the pit ``start`` (0-5, sowing order) of canonical board ``c`` and take the captures.

    With 12 or more seeds the starting pit is skipped on each lap, so it stays empty.
    """
    seeds = c[start]
    board = list(c)
    board[start] = 0
    pos = start
    for _ in range(seeds):
        pos = (pos + 1) % PITS
        if pos == start:
            pos = (pos + 1) % PITS
        board[pos] += 1
    after = tuple(board)
    taken: list[int] = []
    if seeds and pos >= ROW:
        k = pos
        while k >= ROW and board[k] in (2, 3):
            taken.append(k)
            k -= 1
    total = sum(board[k] for k in taken)
    slam = bool(taken) and total == sum(board[ROW:])
    if taken and not slam:
        for k in taken:
            board[k] = 0
    else:
        total, taken = 0, ([] if not slam else taken)
    return Sowing(start, seeds, after, pos, tuple(taken), total, slam, tuple(board))


def is_starving(c: tuple[int, ...]) -> bool:
    """Whether the opponent of the player to move has no seed left (they must be fed)."""
    return not any(c[ROW:])


def reaches_opponent(c: tuple[int, ...], start: int) -> bool:
    """Whether sowing ``start`` puts at least one seed in the opponent's row."""
    return c[start] >= ROW - start


def feeds(s: Sowing) -> bool:
    """Whether the opponent has seeds after the move."""
    return any(s.board[ROW:])


def legal_starts(c: tuple[int, ...], forbid_grand_slam: bool = False) -> list[int]:
    """The pits (0-5, sowing order) the player to move may sow, in order.

    A pit must hold seeds; when the opponent is starving only a move that reaches their row
    is legal; with ``forbid_grand_slam`` a grand slam is legal only when every other move is one.
    An empty list means the game is over.

    >>> legal_starts((0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0))
    [5]
    >>> legal_starts((1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    []
    """
    starts = [i for i in range(ROW) if c[i]]
    if is_starving(c):
        starts = [i for i in starts if reaches_opponent(c, i)]
    if forbid_grand_slam and starts:
        plain = [i for i in starts if not sow(c, i).grand_slam]
        starts = plain or starts
    return starts


def rotate(board: tuple[int, ...]) -> tuple[int, ...]:
    """The board seen by the other player (their row first)."""
    return board[ROW:] + board[:ROW]


def successors(c: tuple[int, ...], forbid_grand_slam: bool = False) -> list[tuple[int, tuple[int, ...], int]]:
    """``(start, child, captured)`` for every legal move: ``child`` is canonical for the opponent.

    >>> [(i, cap) for i, _, cap in successors((0, 0, 0, 0, 1, 2, 1, 2, 0, 0, 0, 5))]
    [(4, 0), (5, 5)]
    """
    out = []
    for i in legal_starts(c, forbid_grand_slam):
        s = sow(c, i)
        out.append((i, rotate(s.board), s.captured))
    return out


def leftover(c: tuple[int, ...], cannot_feed_takes_all: bool = False) -> tuple[int, int]:
    """The seeds (mover, opponent) each player takes when the game ends here: those of their own
    row; with ``cannot_feed_takes_all``, every seed left to the player to move when they cannot
    feed the starving opponent (the same numbers: the opponent's row is empty then).

    >>> leftover((1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), leftover((1,) + (0,) * 11, True)
    ((1, 0), (1, 0))
    """
    if cannot_feed_takes_all and is_starving(c):
        return sum(c), 0
    return sum(c[:ROW]), sum(c[ROW:])
