"""The referee, the one home of legality: what a move breaks, a lay judged move by move, one move
of a game played move by move (a card, "sans R" or "pass", by any player: a move out of turn is a
verdict like any other), and a settlement answer judged to the token. The state, the solver's
callers, the drill and the command line all ask here; a recorded game is judged by
:mod:`solver.whole.referee` over the state, move after move.

Every judgement is built from the round's rule functions (:mod:`solver.nainjaune.round`:
:func:`violations` below, then :func:`~solver.nainjaune.round.apply`); the verdicts are data
(:mod:`solver.nainjaune.verdict`), worded by :mod:`solver.nainjaune.words`.

A lay is what the player to move does before another player plays (see
:mod:`solver.nainjaune.best`); an answer that stops while the player may still stop is
read as ending with "sans R".

>>> from solver.nainjaune.round import Position
>>> from solver.nainjaune.rules import Rules
>>> pos = Position.parse("hands 9c 10d Jc 2s | 8h Qs | 4h 5h; board 10:3 J:6 Q:9 K:12 7:15")
>>> v = judge(pos, "9c 10d Jc", Rules())
>>> v.legal, v.cards, v.stakes, [str(m) for m in v.moves]
(True, 3, 9, ['9c', '10d!', 'Jc!', 'sans Q'])
>>> v = judge(pos, "9c 10d Jc sans K", Rules())
>>> v.legal, [str(x) for x in v.violations]
(False, ['wrong-sans'])
"""

from __future__ import annotations

from typing import Container

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nainjaune.best import Goal, best_lay
from solver.nainjaune.cards import Card
from solver.nainjaune.round import (Lay, Mode, Move, Pass, Position, Sans, apply, claimed_cell, may_lay,
                                    may_pass_sans, may_stop, normalise, parse_moves)
from solver.nainjaune.rules import Announce, Rules
from solver.nainjaune.settle import RoundEnd, asked_amount, settle
from solver.nainjaune.verdict import AmountVerdict, Penalty, Verdict, Violation
from solver.parsing import parse_whole

__all__ = ["violations", "judge", "judge_lay", "judge_amount", "judge_move", "judge_typed", "forfeited"]


def violations(pos: Position, player: int, move: Move, rules: Rules, passed: Container[int] = ()) -> tuple[Violation, ...]:
    """Every rule ``move`` by ``player`` breaks in ``pos`` (empty: it is legal), most important first.
    ``passed``: the players the last "sans R" went by, who may still say "pass"."""
    if pos.is_over():
        return (Violation.ROUND_OVER,)
    if isinstance(move, Pass) and player in passed:
        return ()
    if player != pos.to:
        return (Violation.MISSED_KING_RESTART if pos.mode is Mode.KING else Violation.NOT_YOUR_TURN,)
    if isinstance(move, Pass):
        if may_pass_sans(pos.mode, rules):
            return ()
        return ({Mode.SANS: Violation.MUST_LAY, Mode.KING: Violation.MISSED_KING_RESTART}.get(pos.mode,
                                                                                             Violation.CANNOT_PASS),)
    out: list[Violation] = []
    if isinstance(move, Sans):
        if pos.mode is Mode.KING:
            out.append(Violation.MISSED_KING_RESTART)
        elif pos.mode is Mode.LEAD or move.rank != pos.need:
            out.append(Violation.WRONG_SANS)
        elif not may_stop(pos.mode):
            out.append(Violation.MUST_LAY)
        return tuple(out)
    if move.card not in pos.hands[player]:
        out.append(Violation.NOT_IN_HAND)
    if not may_lay(pos.mode, pos.need, move.card):
        out.append(Violation.WRONG_RANK)
    if move.announced and rules.cell_of(move.card) is None:
        out.append(Violation.STAKE_WITHOUT_CARD)
    return tuple(out)


def _penalty(pos: Position, player: int, move: Move, codes: tuple[Violation, ...], rules: Rules) -> Penalty:
    take_back: tuple[Card, ...] = ()
    if isinstance(move, Lay) and Violation.NOT_IN_HAND not in codes and player < pos.players \
            and move.card in pos.hands[player]:
        take_back = (move.card,)
    ret = 0
    if Violation.STAKE_WITHOUT_CARD in codes:
        cell = claimed_cell(move, rules)
        ret = pos.board[cell] if cell is not None else 0
    return Penalty(take_back, ret)


def forfeited(pos: Position, move: Move, rules: Rules) -> int:
    """Tokens a legal lay leaves on its cell because the board card was not announced."""
    if rules.announce is Announce.REQUIRED and isinstance(move, Lay) and not move.announced:
        cell = rules.cell_of(move.card)
        return pos.board[cell] if cell is not None else 0
    return 0


def judge_lay(pos: Position, answer: str, rules: Rules, *, best: bool = True) -> Verdict:
    """Judge ``answer`` (moves as typed) as the lay of the player to move in ``pos``."""
    if pos.is_over():
        raise TablecalcError(_("the round is over ({name} went out): there is no lay to judge").format(name=pos.names[pos.out or 0]))
    p = pos.to
    moves = [normalise(m, rules) for m in parse_moves(answer)]
    q = pos
    lost = 0
    for i, m in enumerate(moves):
        codes = violations(q, p, m, rules)
        if codes:
            return _verdict(pos, q, answer, moves, i, codes, _penalty(q, p, m, codes, rules), lost, rules, best)
        lost += forfeited(q, m, rules)
        q = apply(q, m, rules)
    if not q.is_over() and q.to == p:  # the answer stops while its player still has the turn
        if q.mode is Mode.LEAD and moves and isinstance(moves[-1], Sans):  # nobody held the card: the lead came back
            return _verdict(pos, q, answer, moves, None, (Violation.UNFINISHED,), Penalty(), lost, rules, best)
        m = Sans(q.need or 0)  # read as "sans R": legal only where stopping is
        codes = violations(q, p, m, rules)
        moves.append(m)
        if codes:
            return _verdict(pos, q, answer, moves, len(moves) - 1, codes, Penalty(), lost, rules, best)
        q = apply(q, m, rules)
        if q.to == p:
            return _verdict(pos, q, answer, moves, None, (Violation.UNFINISHED,), Penalty(), lost, rules, best)
    return _verdict(pos, q, answer, moves, None, (), Penalty(), lost, rules, best)


def _verdict(start: Position, end: Position, answer: str, moves: list[Move], failed: int | None,
             codes: tuple[Violation, ...], penalty: Penalty, lost: int, rules: Rules, best: bool,
             player: int | None = None) -> Verdict:
    p = start.to if player is None else player
    return Verdict(
        answer=answer, legal=not codes, violations=codes, penalty=penalty, player=start.names[p],
        moves=tuple(moves), failed_move=failed, cards=len(start.hands[p]) - len(end.hands[p]),
        stakes=end.taken[p] - start.taken[p], forfeited=lost, out=end.out == p, opera=end.out == p and end.opera,
        next_player=None if end.is_over() or failed is not None else end.names[end.to],
        best=best_lay(start, rules, Goal.CARDS) if best else None, position=end, before=start, rules=rules,
    )


def judge_move(pos: Position, move: Move, rules: Rules, player: int | None = None,
               passed: Container[int] = ()) -> Verdict:
    """One move by ``player`` (default: the player to move), as a move-by-move game plays it (no
    "sans" implied): legal or not, and where it leads (the verdict's ``position``; an illegal move
    leads nowhere: the card is taken back, the table stays as it was).

    >>> from solver.nainjaune.round import parse_move
    >>> pos = Position.parse("hands 9c 10d | Kh 2c | Jd 3c")
    >>> v = judge_move(pos, parse_move("2c"), Rules())
    >>> v.legal, [str(x) for x in v.violations], v.penalty.take_back
    (False, ['not-in-hand'], ())
    >>> v = judge_move(pos, parse_move("Kh"), Rules(), player=1)
    >>> v.legal, [str(x) for x in v.violations], [str(c) for c in v.penalty.take_back], v.player
    (False, ['not-your-turn'], ['Kh'], 'P2')
    """
    move = normalise(move, rules)
    p = pos.to if player is None else player
    codes = violations(pos, p, move, rules, passed)
    if codes:
        return _verdict(pos, pos, str(move), [move], 0, codes, _penalty(pos, p, move, codes, rules), 0, rules, False, p)
    return _verdict(pos, apply(pos, move, rules), str(move), [move], None, (), Penalty(), forfeited(pos, move, rules),
                    rules, False, p)


def judge_typed(pos: Position, text: str, rules: Rules, player: int | None = None,
                passed: Container[int] = ()) -> Verdict:
    """One move as a player types it or a log writes it (:func:`judge_move`); text that is not one
    move is a verdict too (``not-a-lay``, not understood: a prompt asks again), never an error.

    >>> pos = Position.parse("hands 9c 10d | Kh 2c | Jd 3c")
    >>> [str(judge_typed(pos, t, Rules()).violations[0]) for t in ("zz", "9c 10d")]
    ['not-a-lay', 'not-a-lay']
    """
    p = pos.to if player is None else player
    try:
        moves = parse_moves(text)
    except TablecalcError:
        moves = []
    if len(moves) != 1:
        return _verdict(pos, pos, str(text).strip(), moves, None, (Violation.NOT_A_LAY,), Penalty(), 0, rules, False, p)
    return judge_move(pos, moves[0], rules, p, passed)


def judge(situation: Position | RoundEnd, answer: str, rules: Rules) -> Verdict | AmountVerdict:
    """The verdict on an answer: the lay of the player to move in a round in progress
    (:func:`judge_lay`), or a number of tokens at a round's end (:func:`judge_amount`)."""
    if isinstance(situation, RoundEnd):
        return judge_amount(situation, answer, rules)
    return judge_lay(situation, answer, rules)


# -- settlement answers --------------------------------------------------------------------


def judge_amount(end: RoundEnd, answer: str, rules: Rules) -> AmountVerdict:
    """Judge a typed number of tokens against the settlement.

    >>> end = RoundEnd.parse("settle; hands Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:9 K:12 7:15; ask Ann")
    >>> judge_amount(end, "13", Rules()).legal, judge_amount(end, "4", Rules()).penalty.off_by
    (True, 9)
    """
    s = settle(end, rules)
    expected = asked_amount(s)
    text = str(answer).strip().lower().removesuffix("tokens").removesuffix("jetons").strip()
    try:
        given: int | None = parse_whole(text, "amount")
    except TablecalcError:
        given = None
    if given is None:
        return AmountVerdict(answer, False, (Violation.NOT_A_NUMBER,), Penalty(off_by=expected), expected, None, s, rules)
    ok = given == expected
    return AmountVerdict(answer, ok, () if ok else (Violation.WRONG_AMOUNT,), Penalty(off_by=abs(given - expected)),
                         expected, given, s, rules)
