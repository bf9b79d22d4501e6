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
from solver.namnam.rules import Cycle, GrandSlam, Leftover, Rules
from solver.namnam.sowing import ROW, Sowing, is_starving, leftover, legal_starts, rotate, sow
from solver.namnam.verdict import Penalty, Verdict, Violation

__all__ = ["judge", "play", "legal_pits", "end_of_game", "end_of_cycle", "cycle_value", "pit_name", "parse_pit"]


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


def cycle_value(c: tuple[int, ...], rules: Rules) -> int:
    """What the end of an endless cycle on canonical board ``c`` (a position that came back) is worth
    to the player to move, by ``rules.cycle`` (rule 5.1): their row's seeds minus the opponent's
    (``own-row``), or nothing (``nobody``). The one home of the rule: play, the referee, the search
    and the endgame tables end a cycle by it.

    >>> c = (1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0)
    >>> cycle_value(c, Rules()), cycle_value(c, Rules(cycle=Cycle.NOBODY))
    (-2, 0)
    """
    if rules.cycle is Cycle.NOBODY:
        return 0
    mine, theirs = leftover(c)
    return mine - theirs


def end_of_cycle(position: Position, rules: Rules) -> tuple[int, int]:
    """The final seeds (South, North) when ``position`` came back and so ended the game (rule 5.1).

    >>> p = Position.parse("1.0.0.0.0.0/0.0.0.0.3.0 s 20-24")
    >>> end_of_cycle(p, Rules()), end_of_cycle(p, Rules(cycle=Cycle.NOBODY))
    ((21, 27), (20, 24))
    """
    if rules.cycle is Cycle.NOBODY:
        return position.captured
    mine, theirs = leftover(position.canonical(rules.direction))
    final = list(position.captured)
    final[position.to_move] += mine
    final[1 - position.to_move] += theirs
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

