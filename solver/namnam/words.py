"""Every Nam Nam sentence: verdicts and answers in plain words (the verdicts hold none).

>>> from solver.namnam.board import Position
>>> from solver.namnam.referee import judge
>>> from solver.namnam.rules import Rules
>>> explain_verdict(judge(Position.parse("start"), "3", Rules()))
'South sows pit 3 (4 seeds): the last seed lands in north 1, which is not a 2 or a 3 after sowing: nothing is captured.'
>>> explain_verdict(judge(Position.parse("start"), "9", Rules()))
'Pit 9 is not in your row: you sow from your own pits, numbered 1 to 6 from your left.'
"""

from __future__ import annotations

from solver.namnam.referee import MoveVerdict, Violation

__all__ = ["explain_verdict", "moves_text"]


def moves_text(pits) -> str:
    """``1, 4 or 6``."""
    pits = [str(p) for p in pits]
    if not pits:
        return "none"
    return pits[0] if len(pits) == 1 else ", ".join(pits[:-1]) + " or " + pits[-1]


def _refusal(v: MoveVerdict) -> str:
    code = v.violations[0]
    others = f" Legal moves: {moves_text(v.legal_moves)}." if v.legal_moves else ""
    if code is Violation.NOT_A_MOVE:
        return f"{v.answer!r} is not a move: expected a pit number 1 to 6, counted from your left.{others}"
    if code is Violation.NOT_YOUR_ROW:
        return f"Pit {v.pit} is not in your row: you sow from your own pits, numbered 1 to 6 from your left."
    if code is Violation.GAME_OVER:
        return "The game is over: no move is possible here (each player takes the seeds of their own row)."
    if code is Violation.EMPTY_PIT:
        return f"Pit {v.pit} is empty: sow a pit that holds seeds.{others}"
    if code is Violation.MUST_FEED:
        return (f"Your opponent has no seed left and pit {v.pit} gives them none: you must feed them "
                f"with a move that reaches their row.{others}")
    return f"Pit {v.pit} would capture every seed of your opponent's row (a grand slam), forbidden under these rules.{others}"


def explain_verdict(v: MoveVerdict) -> str:
    """The verdict in one or two sentences: why a move is refused, or what it sowed and captured."""
    if not v.legal:
        return _refusal(v)
    head = f"{v.mover} sows pit {v.pit} ({v.seeds} seed{'s' * (v.seeds != 1)})"
    if v.seeds >= 12:
        head += ", skipping the emptied pit on each lap"
    if v.grand_slam:
        return (f"{head}: the last seed lands in {v.last}; taking {', '.join(v.captured_pits)} would capture every "
                "seed of the opponent's row (a grand slam), so nothing is captured.")
    if v.captured:
        return (f"{head}: the last seed lands in {v.last}, making it a 2 or a 3; going back through the opponent's "
                f"row, {', '.join(v.captured_pits)} are taken: {v.captured} seeds captured.")
    if v.last and v.last.startswith(v.mover.lower()):
        return f"{head}: the last seed lands in {v.last}, in the mover's own row: nothing is captured."
    return f"{head}: the last seed lands in {v.last}, which is not a 2 or a 3 after sowing: nothing is captured."
