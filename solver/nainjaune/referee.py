"""The referee, the one home of legality: what a move breaks, a lay judged move by move, a
settlement answer judged to the token, and a recorded round (JSON lines) judged from the deal to
the end. The state, the solver's callers, the drill and the command line all ask here.

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

from dataclasses import dataclass, field, replace
from typing import Any

from solver.errors import TablecalcError, quoted
from solver.gamelog import MAX_LOG_LINES, log_objects
from solver.nainjaune.best import Goal, best_lay
from solver.nainjaune.cards import Card
from solver.nainjaune.round import (Lay, Mode, Move, Position, Sans, apply, check_table, claimed_cell, may_lay,
                                    may_stop, normalise, parse_moves)
from solver.nainjaune.rules import Announce, Rules
from solver.nainjaune.settle import RoundEnd, Settlement, asked_amount, settle
from solver.nainjaune.verdict import AmountVerdict, Penalty, Verdict, Violation
from solver.parsing import parse_whole

__all__ = ["violations", "judge", "judge_lay", "judge_amount", "judge_move", "forfeited", "LoggedMove", "LoggedRound",
           "LogReport", "referee_log", "round_start", "MAX_LOG_LINES"]


def violations(pos: Position, player: int, move: Move, rules: Rules) -> tuple[Violation, ...]:
    """Every rule ``move`` by ``player`` breaks in ``pos`` (empty: it is legal), most important first."""
    if pos.is_over():
        return (Violation.ROUND_OVER,)
    if player != pos.to:
        return (Violation.MISSED_KING_RESTART if pos.mode is Mode.KING else Violation.NOT_YOUR_TURN,)
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
        raise TablecalcError(f"the round is over ({pos.names[pos.out or 0]} went out): there is no lay to judge")
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
             codes: tuple[Violation, ...], penalty: Penalty, lost: int, rules: Rules, best: bool) -> Verdict:
    p = start.to
    return Verdict(
        answer=answer, legal=not codes, violations=codes, penalty=penalty, player=start.names[p],
        moves=tuple(moves), failed_move=failed, cards=len(start.hands[p]) - len(end.hands[p]),
        stakes=end.taken[p] - start.taken[p], forfeited=lost, out=end.out == p, opera=end.out == p and end.opera,
        next_player=None if end.is_over() or failed is not None else end.names[end.to],
        best=best_lay(start, rules, Goal.CARDS) if best else None, position=end, before=start, rules=rules,
    )


def judge_move(pos: Position, move: Move, rules: Rules) -> Verdict:
    """One move by the player to move, as a move-by-move game plays it (no "sans" implied): legal
    or not, and where it leads (the verdict's ``position``).

    >>> from solver.nainjaune.round import parse_move
    >>> v = judge_move(Position.parse("hands 9c 10d | Kh 2c | Jd 3c"), parse_move("2c"), Rules())
    >>> v.legal, [str(x) for x in v.violations], v.penalty.take_back
    (False, ['not-in-hand'], ())
    """
    move = normalise(move, rules)
    p = pos.to
    codes = violations(pos, p, move, rules)
    if codes:
        return _verdict(pos, pos, str(move), [move], 0, codes, _penalty(pos, p, move, codes, rules), 0, rules, False)
    return _verdict(pos, apply(pos, move, rules), str(move), [move], None, (), Penalty(), forfeited(pos, move, rules),
                    rules, False)


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


# -- recorded rounds --------------------------------------------------------------------------
#
# The log referee (another issue rebuilds it on the game's State): a log's moves and rounds are
# "logged" (``LoggedMove``, ``LoggedRound``), the whole log judged is a ``LogReport``; a game's
# verdict on one answer is a ``Verdict``.


@dataclass(frozen=True)
class LoggedMove:
    """One recorded move judged: ``legal`` is ``None`` for a move after the round went off the rules."""

    line: int
    round: int
    player: str
    move: str
    legal: bool | None
    violations: tuple[Violation, ...] = ()
    penalty: Penalty = Penalty()
    stakes: int = 0
    forfeited: int = 0
    expected_player: str | None = None
    position: Position | None = field(default=None, repr=False, compare=False)

    def as_dict(self) -> dict:
        return {"line": self.line, "round": self.round, "player": self.player, "move": self.move, "legal": self.legal,
                "violations": [str(v) for v in self.violations], "penalty": self.penalty.as_dict(),
                "stakes": self.stakes, "forfeited": self.forfeited, "expected_player": self.expected_player}


@dataclass(frozen=True)
class LoggedRound:
    """One recorded round: its deal, where it stopped, whether it kept to the rules, its settlement."""

    round: int
    start: Position
    end: Position
    legal: bool
    settlement: Settlement | None

    def as_dict(self) -> dict:
        return {"round": self.round, "legal": self.legal, "over": self.end.is_over(),
                "winner": self.end.names[self.end.out] if self.end.out is not None else None,
                "grand_opera": self.end.opera, "taken": dict(zip(self.end.names, self.end.taken)),
                "settlement": self.settlement.as_dict() if self.settlement else None}


@dataclass(frozen=True)
class LogReport:
    """A recorded game judged: every move and every round, and whether all kept to the rules."""

    legal: bool
    moves: tuple[LoggedMove, ...]
    rounds: tuple[LoggedRound, ...]

    @property
    def first_illegal(self) -> LoggedMove | None:
        return next((m for m in self.moves if m.legal is False), None)

    def as_dict(self) -> dict:
        first = self.first_illegal
        return {"legal": self.legal, "moves": [m.as_dict() for m in self.moves],
                "first_illegal": first.as_dict() if first else None, "rounds": [r.as_dict() for r in self.rounds]}


def _hands_text(value: Any, where: str) -> str:
    if isinstance(value, list) and all(isinstance(h, str) for h in value):
        return " | ".join(h.strip() or "-" for h in value)
    if isinstance(value, str):
        return value
    raise TablecalcError(f"{where}: 'hands' must be a list of hands (\"7d 8s\") or one text \"7d 8s | 9c\"")


def round_start(obj: dict, where: str) -> Position:
    """The position a round line of a log describes: ``hands``, ``board``, ``names``, and who
    starts: ``to`` (a name or 0-based index) or ``dealer`` (the player to the dealer's left starts)."""
    hands = _hands_text(obj["hands"], where)
    names = obj.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TablecalcError(f"{where}: 'names' must be a list of names")
        parts = hands.split("|")
        if len(parts) != len(names):
            raise TablecalcError(f"{where}: {len(names)} names for {len(parts)} hands")
        hands = " | ".join(f"{n}: {h.strip() or '-'}" for n, h in zip(names, parts))
    board = obj.get("board", "")
    if isinstance(board, dict):
        board = " ".join(f"{k}:{v}" for k, v in board.items())
    if not isinstance(board, str):
        raise TablecalcError(f"{where}: 'board' must be text (10:3 J:6 Q:9 K:12 7:15) or an object")
    try:
        pos = Position.parse(f"hands {hands}; board {board}" if board.strip() else f"hands {hands}")
        check_table(pos.hands, pos.names)
    except TablecalcError as e:
        raise TablecalcError(f"{where}: {e}") from None
    n = pos.players
    if pos.is_over():
        raise TablecalcError(f"{where}: a round starts with every hand dealt (an empty hand, -, is a player already out)")
    if "to" in obj:
        to = _player(obj["to"], pos, where)
    elif "dealer" in obj:
        to = (_player(obj["dealer"], pos, where) + 1) % n
    else:
        to = 0
    return replace(pos, to=to)


def _player(value: Any, pos: Position, where: str) -> int:
    if isinstance(value, bool):
        raise TablecalcError(f"{where}: a player is a 0-based seat number or a name, not {quoted(value)}")
    if isinstance(value, int):
        if not 0 <= value < pos.players:
            raise TablecalcError(f"{where}: player {value} does not exist; expected 0 to {pos.players - 1}")
        return value
    if isinstance(value, str):
        for i, n in enumerate(pos.names):
            if n.lower() == value.strip().lower():
                return i
    raise TablecalcError(f"{where}: unknown player {quoted(value)}: expected 0 to {pos.players - 1} or one of {', '.join(pos.names)}")


def referee_log(text: str, rules: Rules, source: str = "log") -> LogReport:
    """Judge a recorded game: JSON lines, one object each (the format is in ``docs/nainjaune.md``).

    A line with ``hands`` deals a round; a line with ``move`` is a move (``player`` optional:
    the player to move); other lines (``"type": "game"``, ``"settle"``...) are read past.
    """
    objects = log_objects(text, source, MAX_LOG_LINES)
    moves: list[LoggedMove] = []
    rounds: list[LoggedRound] = []
    pos: Position | None = None
    start: Position | None = None
    broken = False
    k = 0

    def close() -> None:
        if pos is not None and start is not None:
            s = settle(RoundEnd.of(pos), rules) if pos.is_over() and not broken else None
            rounds.append(LoggedRound(k, start, pos, not broken, s))

    for number, obj in objects:
        where = f"{source}, line {number}"
        if "hands" in obj:
            close()
            k += 1
            pos = start = round_start(obj, where)
            broken = False
            continue
        if "move" not in obj:
            continue
        if pos is None:
            raise TablecalcError(f"{where}: a move before any deal; expected first a line with \"hands\"")
        if not isinstance(obj["move"], str):
            raise TablecalcError(f"{where}: 'move' must be text such as \"7d\", \"Qs!\" or \"sans 9\"")
        try:
            parsed = parse_moves(obj["move"])
        except TablecalcError as e:
            raise TablecalcError(f"{where}: {e}") from None
        if len(parsed) != 1:
            raise TablecalcError(f"{where}: one move per line, not {obj['move']!r}")
        player = _player(obj["player"], pos, where) if "player" in obj else pos.to
        move = normalise(parsed[0], rules)
        name = pos.names[player]
        if broken:
            moves.append(LoggedMove(number, k, name, str(move), None))
            continue
        codes = violations(pos, player, move, rules)
        expected = None if pos.is_over() else pos.names[pos.to]
        if codes:
            moves.append(LoggedMove(number, k, name, str(move), False, codes, _penalty(pos, player, move, codes, rules),
                                     expected_player=expected, position=pos))
            broken = True
            continue
        lost = forfeited(pos, move, rules)
        after = apply(pos, move, rules)
        moves.append(LoggedMove(number, k, name, str(move), True, (), Penalty(), after.taken[player] - pos.taken[player],
                                 lost, expected, position=pos))
        pos = after
    close()
    if not rounds:
        raise TablecalcError(f"{source} deals no round: expected a line with \"hands\"")
    legal = all(m.legal is not False for m in moves)
    return LogReport(legal, tuple(moves), tuple(rounds))
