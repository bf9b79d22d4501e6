"""Every Nam Nam sentence: verdicts and answers in plain words (the verdicts hold none).

>>> from solver.namnam.position import Position
>>> from solver.namnam.referee import judge
>>> from solver.namnam.rules import Rules
>>> explain_verdict(judge(Position.parse("start"), "3", Rules()))
'South sows pit 3 (4 seeds): the last seed lands in north 1, which is not a 2 or a 3 after sowing: nothing is captured.'
>>> explain_verdict(judge(Position.parse("start"), "9", Rules()))
'Pit 9 is not in your row: you sow from your own pits, numbered 1 to 6 from your left.'
"""

from __future__ import annotations

from solver.i18n import NP_, _, ngettext, pgettext
from solver.namnam.verdict import Verdict, Violation

__all__ = ["explain_verdict", "moves_text", "side_name", "pit_text"]

SIDE = "namnam side"
"""The gettext context of a side's name (North, South, and a pit's ``north 3``)."""
_SIDES = (NP_(SIDE, "South"), NP_(SIDE, "North"), NP_(SIDE, "south"), NP_(SIDE, "north"))


def side_name(side: str) -> str:
    """``South`` or ``North`` in the player's language (``Sud``, ``Zuid``...)."""
    return pgettext(SIDE, side)


def pit_text(name: str | None) -> str:
    """A pit's name (``north 3``) in the player's language (``nord 3``, ``noord 3``)."""
    if not name or " " not in name:
        return name or ""
    side, number = name.split(" ", 1)
    return f"{pgettext(SIDE, side)} {number}"


def moves_text(pits) -> str:
    """``1, 4 or 6``."""
    pits = [str(p) for p in pits]
    if not pits:
        return _("none")
    return pits[0] if len(pits) == 1 else _("{first} or {last}").format(first=", ".join(pits[:-1]), last=pits[-1])


def _refusal(v: Verdict) -> str:
    code = v.violations[0]
    others = " " + _("Legal moves: {moves}.").format(moves=moves_text(v.legal_moves)) if v.legal_moves else ""
    if code is Violation.NOT_A_MOVE:
        return _("{answer} is not a move: expected a pit number 1 to 6, counted from your left.").format(
            answer=repr(v.answer)) + others
    if code is Violation.NOT_YOUR_ROW:
        return _("Pit {pit} is not in your row: you sow from your own pits, numbered 1 to 6 from your left.").format(pit=v.pit)
    if code is Violation.NOT_YOUR_TURN:
        other = "North" if v.mover == "South" else "South"
        return _("It is {to}'s turn, not {mover}'s: the move is taken back.").format(
            to=side_name(other), mover=side_name(v.mover))
    if code is Violation.GAME_OVER:
        return _("The game is over: no move is possible here (each player takes the seeds of their own row).")
    if code is Violation.EMPTY_PIT:
        return _("Pit {pit} is empty: sow a pit that holds seeds.").format(pit=v.pit) + others
    if code is Violation.MUST_FEED:
        return _("Your opponent has no seed left and pit {pit} gives them none: you must feed them "
                 "with a move that reaches their row.").format(pit=v.pit) + others
    return _("Pit {pit} would capture every seed of your opponent's row (a grand slam), forbidden under these rules.").format(
        pit=v.pit) + others


def explain_verdict(v: Verdict) -> str:
    """The verdict in one or two sentences: why a move is refused, or what it sowed and captured."""
    if not v.legal:
        return _refusal(v)
    head = ngettext("{mover} sows pit {pit} ({n} seed)", "{mover} sows pit {pit} ({n} seeds)", v.seeds).format(
        mover=side_name(v.mover), pit=v.pit, n=v.seeds)
    if v.seeds >= 12:
        head += _(", skipping the emptied pit on each lap")
    last = pit_text(v.last)
    pits = ", ".join(pit_text(p) for p in v.captured_pits)
    if v.grand_slam:
        return _("{head}: the last seed lands in {last}; taking {pits} would capture every "
                 "seed of the opponent's row (a grand slam), so nothing is captured.").format(head=head, last=last, pits=pits)
    if v.captured:
        return _("{head}: the last seed lands in {last}, making it a 2 or a 3; going back through the opponent's "
                 "row, {pits} are taken: {n} seeds captured.").format(head=head, last=last, pits=pits, n=v.captured)
    if v.last and v.last.startswith(v.mover.lower()):
        return _("{head}: the last seed lands in {last}, in the mover's own row: nothing is captured.").format(
            head=head, last=last)
    return _("{head}: the last seed lands in {last}, which is not a 2 or a 3 after sowing: nothing is captured.").format(
        head=head, last=last)
