"""The referee: whether a move is legal in a position, what it sows and captures, and why (the one
home of legality: the state, the search, the drills and the command line all ask here).

>>> v = judge(Position.parse("start"), "3", Rules())
>>> v.legal, v.last, v.captured, v.after
(True, 'north 1', 0, '4.4.0.5.5.5/5.4.4.4.4.4 n 0-0')
>>> judge(Position.parse("0.0.0.0.1.2/0.0.0.0.0.0 s 24-21"), "5", Rules()).violations
(<Violation.MUST_FEED: 'must-feed'>,)
"""

from __future__ import annotations

import re

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.namnam.position import SIDES, Position, pit_index, pit_number
from solver.namnam.rules import GrandSlam, Leftover, Rules
from solver.namnam.sowing import ROW, Sowing, is_starving, leftover, legal_starts, rotate, sow
from solver.namnam.verdict import Penalty, Verdict, Violation

__all__ = ["judge", "play", "legal_pits", "end_of_game", "pit_name", "parse_pit"]


def pit_name(index: int, mover: int, rules: Rules) -> str:
    """A canonical index (0-11) as ``south 3`` / ``north 5`` (pits from their owner's left)."""
    side = mover if index < ROW else 1 - mover
    return f"{SIDES[side].lower()} {pit_number(index % ROW, rules.direction)}"


def legal_pits(position: Position, rules: Rules) -> list[int]:
    """The pit numbers (1-6 from the mover's left) that may be sown, in increasing order.

    >>> legal_pits(Position.parse("0.0.0.1.0.2/0.0.0.0.0.0 s 24-21"), Rules())
    [6]
    """
    c = position.canonical(rules.direction)
    starts = legal_starts(c, rules.grand_slam is GrandSlam.FORBIDDEN)
    return sorted(pit_number(i, rules.direction) for i in starts)


def play(position: Position, pit: int, rules: Rules) -> tuple[Position, Sowing]:
    """The position after sowing ``pit`` (assumed legal) and what the sowing did."""
    c = position.canonical(rules.direction)
    s = sow(c, pit_index(pit, rules.direction))
    captured = list(position.captured)
    captured[position.to_move] += s.captured
    after = Position.from_canonical(rotate(s.board), 1 - position.to_move, (captured[0], captured[1]),
                                    rules.direction)
    return after, s


def end_of_game(position: Position, rules: Rules) -> tuple[int, int]:
    """The final seeds (South, North) when the game ends here, the seeds left shared by ``rules.leftover``.

    >>> end_of_game(Position.parse("0.0.0.0.1.0/0.0.0.0.0.0 s 24-23"), Rules())
    (25, 23)
    """
    mine, theirs = leftover(position.canonical(rules.direction), rules.leftover is Leftover.CANNOT_FEED)
    me = position.to_move
    final = list(position.captured)
    final[me] += mine
    final[1 - me] += theirs
    return final[0], final[1]


_SIDE_WORDS = {"s": 0, "south": 0, "sud": 0, "z": 0, "zuid": 0, "n": 1, "north": 1, "nord": 1, "noord": 1}
"""A row named before a pit, in English, French or Dutch: 0 for South, 1 for North."""
_SIDE_PIT = re.compile(r"(s|south|sud|z|zuid|n|north|nord|noord)\s*([0-9]{1,2})")


def judge(position: Position, answer: str, rules: Rules) -> Verdict:
    """The verdict on ``answer`` (a pit number 1-6 from the mover's left, or the mover's row named
    before it: ``sud 3``, ``zuid 3``, ``s3``) in ``position``."""
    text = str(answer).strip()
    legal = legal_pits(position, rules)
    base = dict(position=str(position), answer=text, mover=SIDES[position.to_move], legal_moves=tuple(legal),
                rules=rules.name)

    def refuse(code: Violation, pit: int | None = None) -> Verdict:
        return Verdict(legal=False, violations=(code,), penalty=Penalty(1), pit=pit, **base)

    named = _SIDE_PIT.fullmatch(text.lower())
    if named:  # "zuid 3", "sud 3", "s3": the mover's own row, or the other's (refused)
        if _SIDE_WORDS[named[1]] != position.to_move:
            return refuse(Violation.NOT_YOUR_ROW, int(named[2]))
        text = named[2]
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        return refuse(Violation.NOT_A_MOVE)
    pit = int(text)
    if not 1 <= pit <= 2 * ROW:
        return refuse(Violation.NOT_A_MOVE)
    if pit > ROW:
        return refuse(Violation.NOT_YOUR_ROW, pit)
    if not legal:
        return refuse(Violation.GAME_OVER, pit)
    if position.row(position.to_move)[pit - 1] == 0:
        return refuse(Violation.EMPTY_PIT, pit)
    if pit not in legal:
        c = position.canonical(rules.direction)
        return refuse(Violation.MUST_FEED if is_starving(c) else Violation.GRAND_SLAM_FORBIDDEN, pit)
    after, s = play(position, pit, rules)
    return Verdict(
        legal=True, violations=(), penalty=Penalty(0), pit=pit, seeds=s.seeds,
        last=pit_name(s.last, position.to_move, rules), captured=s.captured,
        captured_pits=tuple(pit_name(k, position.to_move, rules) for k in s.captured_pits),
        grand_slam=s.grand_slam, after=str(after), **base)


def parse_pit(text: str) -> int:
    """A pit number 1-6 as typed, or a :class:`TablecalcError`."""
    t = str(text).strip()
    if not (t.isascii() and t.isdigit() and len(t) <= 2 and 1 <= int(t) <= ROW):
        raise TablecalcError(_("bad move {text}: expected a pit number 1-6 counted from the mover's left").format(text=quoted(text)))
    return int(t)

