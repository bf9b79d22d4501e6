"""The referee of a Nmbrs! turn: the moves in order (lay, append or insert, cross, link, swap a
joker), then the end of the turn — the one home of the turn's legality: the game state, the
best-turn search, the drill and the command line all ask here.

A turn is a list of moves (``lay 14 20 26``, ``add 1: 15 25``, ``cross 20: 35 50``,
``link 1 3``, ``swap 50``, and possibly a last ``discard 7``; see :mod:`solver.nmbrs.moves`),
judged one after the other:

>>> deck, rules = Deck.default(), Rules()
>>> table = Table.parse("10 20 30 | 4 10 16 | 40 joker 60", deck, rules)
>>> v = judge(table, deck.parse_hand("15 25 7 99"), ["add 1: 15 25"], rules, deck, opened=True)
>>> v.legal, [r.kind for r in v.results], v.results[0].numbers, str(v.table).split(" | ")[0]
(True, ['insert'], (10, 15, 20, 25, 30), '10 15 20 25 30')

Why a move is refused is data (``v.why``, a :class:`~solver.nmbrs.verdict.Refusal`);
:mod:`solver.nmbrs.words` words it:

>>> v = judge(table, deck.parse_hand("15 7 99"), ["add 1: 15"], rules, deck, opened=True)
>>> v.legal, v.violation, v.failed_move, v.why.sequence.steps
(False, <Violation.NOT_A_SEQUENCE: 'not-a-sequence'>, 1, (5, 5, 10))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from solver.errors import TablecalcError
from solver.i18n import _
from solver.nmbrs.cards import JOKER, Card, Deck, Placed
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.rules import MIN_LENGTH, DoublingPer, Rules, may_add
from solver.nmbrs.scoring import card_points, score_cards, turn_points
from solver.nmbrs.sequences import exact_completions, why_not
from solver.nmbrs.table import Table, check_hand_and_table
from solver.nmbrs.verdict import MoveResult, Refusal, Verdict, Violation

__all__ = ["TurnState", "Rejected", "apply_move", "turn_end_fault", "finish_turn", "judge"]


class Rejected(Exception):
    """A move that the rules refuse (not an input error): ``why``, as data."""

    def __init__(self, why: Refusal):
        super().__init__(why)
        self.why = why

    @property
    def violation(self) -> Violation:
        return self.why.violation


@dataclass(frozen=True)
class TurnState:
    """Where a turn stands: the table, the hand, what the opening rule needs to know, and
    whether a ``discard`` or ``end`` move has ended it."""

    table: Table
    hand: tuple[Card, ...]
    start_jokers: int
    opened: bool = False
    laid_new: bool = False
    ended: bool = False
    start_values: frozenset[int] = frozenset()
    """The numbers on the table when the turn began: the others were laid this turn."""

    @classmethod
    def start(cls, table: Table, hand: Sequence[Card], opened: bool = False) -> "TurnState":
        return cls(table, tuple(hand), sum(1 for c in hand if c.is_joker), opened, False, False,
                   frozenset(table.values()))


def _take(hand: tuple[Card, ...], cards: Sequence[Card | Placed], what: str) -> tuple[Card, ...]:
    """The hand without ``cards``; :class:`Rejected` if one is not in it."""
    left = list(hand)
    for c in cards:
        card = c.card if isinstance(c, Placed) else c
        match = next((h for h in left if h.number == card.number), None)
        if match is None:
            raise Rejected(Refusal(Violation.NOT_IN_HAND, what, card=card, hand=hand))
        left.remove(match)
    return tuple(left)


def _hand_card(hand: tuple[Card, ...], c: Card | Placed) -> Card:
    """The hand's own card for a card named in a move (the colour typed in the hand wins)."""
    card = c.card if isinstance(c, Placed) else c
    own = next(h for h in hand if h.number == card.number)
    return own if own.colour or not card.colour else card


def _resolve(
    move: Move, base: Sequence[int], hand: tuple[Card, ...], table: Table, rules: Rules, what: str
) -> tuple[tuple[int, ...], tuple[Placed, ...]]:
    """The sequence ``base`` + the move's cards make, and the hand cards with their numbers."""
    taken = table.values() - set(base)
    fixed = list(base)
    laid: list[Placed] = []
    free = 0
    for c in move.cards:
        if isinstance(c, Placed):
            if c.value in taken or c.value in base:
                where = table.members().get(c.value, ())
                raise Rejected(Refusal(Violation.JOKER_ON_TABLE_NUMBER, what, number=c.value, sequences=where))
            fixed.append(c.value)
            laid.append(c)
        elif c.is_joker:
            free += 1
        else:
            if c.number in taken:
                raise Rejected(Refusal(Violation.NUMBER_IS_A_JOKER, what, number=c.number))
            fixed.append(c.number)  # type: ignore[arg-type]
            laid.append(Placed(_hand_card(hand, c), c.number))  # type: ignore[arg-type]
    if len(set(fixed)) != len(fixed):
        twice = next(v for v in fixed if fixed.count(v) > 1)
        raise Rejected(Refusal(Violation.NUMBER_TWICE, what, number=twice))
    found = exact_completions(fixed, free, rules, taken)
    if not found:
        raise Rejected(Refusal(Violation.NOT_A_SEQUENCE, what, sequence=why_not(fixed, free, rules, taken)))
    if len(found) > 1:
        options = " or ".join("-".join(map(str, c.numbers)) for c in found[:4]) + (" ..." if len(found) > 4 else "")
        raise TablecalcError(
            _("which number does the joker stand for in {move}? It could make {options}: write joker=N").format(move=repr(str(move)), options=options)
        )
    comp = found[0]
    laid += [Placed(JOKER, v) for v in comp.jokers]
    return comp.numbers, tuple(sorted(laid, key=lambda p: p.value))


def _placed_seq(numbers: Sequence[int], table: Table, laid: Sequence[Placed]) -> tuple[Placed, ...]:
    cards = table.cards()
    new = {p.value: p.card for p in laid}
    return tuple(Placed(new.get(v) or cards[v], v) for v in numbers)


def _may_add(state: TurnState, rules: Rules, what: str) -> None:
    if not may_add(rules, state.opened, state.laid_new):
        raise Rejected(Refusal(Violation.NOT_COME_OUT, what, opening=rules.opening))


def _end_turn(state: TurnState, move: Move, rules: Rules, what: str) -> tuple[TurnState, MoveResult]:
    """``discard CARD`` or ``end``: the move that ends the turn."""
    if move.kind is MoveKind.DISCARD:
        left = _take(state.hand, move.cards, what)
        fault = turn_end_fault(rules, len(state.hand), _jokers(state.hand), state.start_jokers)
        if fault is Violation.JOKER_NOT_REUSED:  # discarding it is not using it in a sequence
            raise Rejected(Refusal(fault, what))
        played = replace(move, cards=(_hand_card(state.hand, move.cards[0]),))
        return replace(state, hand=left, ended=True), MoveResult(played, "discard", None, (), (), 0, None, 0)
    if state.hand:
        raise Rejected(Refusal(Violation.DISCARD_NEEDED, what, hand=state.hand))
    fault = turn_end_fault(rules, 0, 0, state.start_jokers)
    if fault is not None:
        raise Rejected(Refusal(fault, what))
    return replace(state, ended=True), MoveResult(move, "end", None, (), (), 0, None, 0)


def apply_move(state: TurnState, move: Move, rules: Rules, deck: Deck) -> tuple[TurnState, MoveResult]:
    """Play one move; raises :class:`Rejected` when the rules refuse it.

    ``discard CARD`` and ``end`` end the turn (:attr:`TurnState.ended`); no move may follow them.
    """
    what = str(move)
    table, hand = state.table, state.hand
    seqs = list(table.sequences)
    n = len(seqs)
    if state.ended:
        raise Rejected(Refusal(Violation.TURN_OVER, what))
    if move.ends_turn:
        return _end_turn(state, move, rules, what)

    def seq_index(k: int) -> int:
        if not 1 <= k <= n:
            raise Rejected(Refusal(Violation.NO_SUCH_SEQUENCE, what, number=k, count=n))
        return k - 1

    if move.kind is MoveKind.SWAP:
        v = move.target[0]
        card = table.cards().get(v)
        if card is None or not card.is_joker:
            raise Rejected(Refusal(Violation.NO_JOKER_THERE, what, number=v))
        left = _take(hand, [Card(v)], what)
        real = _hand_card(hand, Card(v))
        new_seqs = tuple(tuple(Placed(real, v) if p.value == v else p for p in s) for s in seqs)
        new_state = replace(state, table=Table(new_seqs), hand=left + (JOKER,))
        where = table.members()[v][0]
        rescored = 0  # the real card's colour may spoil the doubling of cards laid this turn
        if rules.doubling_per is DoublingPer.TURN:
            rescored = _turn_points(new_state.table, state, rules, deck) - _turn_points(table, state, rules, deck)
        return new_state, MoveResult(move, "swap", where, table.numbers(where - 1), (), 0, None, rescored, rescored)

    left = _take(hand, move.cards, what)
    if move.kind is MoveKind.LAY:
        if len(move.cards) < MIN_LENGTH:
            raise Rejected(Refusal(Violation.LAY_TOO_SHORT, what))
        numbers, laid = _resolve(move, (), hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        seqs.append(seq)
        kind, index, judged = "lay", len(seqs), seq
        state = replace(state, laid_new=True)
    elif move.kind is MoveKind.ADD:
        _may_add(state, rules, what)
        i = seq_index(move.target[0])
        old = table.numbers(i)
        numbers, laid = _resolve(move, old, hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        seqs[i] = seq
        new_values = [p.value for p in laid]
        outside = sum(1 for v in new_values if v < old[0] or v > old[-1])
        kind = "append" if outside == len(new_values) else "insert" if outside == 0 else "append+insert"
        index, judged = i + 1, rules.judged_cards(seq, laid)
    elif move.kind is MoveKind.CROSS:
        _may_add(state, rules, what)
        c = move.target[0]
        members = table.members()
        if c not in members:
            raise Rejected(Refusal(Violation.NOT_ON_TABLE, what, number=c))
        if len(members[c]) > 1:
            raise Rejected(Refusal(Violation.CROSSING_FULL, what, number=c, sequences=members[c]))
        if len(move.cards) < MIN_LENGTH - 1:
            raise Rejected(Refusal(Violation.CROSS_TOO_SHORT, what))
        numbers, laid = _resolve(move, (c,), hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        seqs.append(seq)
        kind, index, judged = "cross", len(seqs), rules.judged_cards(seq, laid)
    else:  # LINK
        _may_add(state, rules, what)
        i, j = seq_index(move.target[0]), seq_index(move.target[1])
        if i == j:
            raise Rejected(Refusal(Violation.LINK_ITSELF, what, sequences=(i + 1, j + 1)))
        if table.shared(i, j):
            raise Rejected(Refusal(Violation.LINK_CROSSING, what, number=table.shared(i, j)[0], sequences=(i + 1, j + 1)))
        a, b = sorted((i, j), key=lambda k: table.numbers(k)[0])
        if table.numbers(a)[-1] > table.numbers(b)[0]:
            raise Rejected(Refusal(Violation.LINK_OVERLAP, what, sequences=(i + 1, j + 1)))
        numbers, laid = _resolve(move, table.numbers(a) + table.numbers(b), hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        lo, hi = min(i, j), max(i, j)
        for k in range(len(seqs)):
            if k not in (i, j):
                shared = sorted(set(numbers) & set(table.numbers(k)))
                if len(shared) > 1:
                    raise Rejected(Refusal(Violation.SHARES_CARDS, what, sequences=(k + 1,), numbers=tuple(shared[:2])))
        seqs[lo] = seq
        del seqs[hi]
        kind, index, judged = "link", lo + 1, rules.judged_cards(seq, laid)
    points, doubled, score = score_cards(laid, judged, rules, deck)
    after = Table(tuple(seqs))
    rescored = 0
    if rules.doubling_per is DoublingPer.TURN:
        rescored = _turn_points(after, state, rules, deck) - _turn_points(table, state, rules, deck) - score
    result = MoveResult(_resolved_move(move, laid), kind, index, numbers, laid, points, doubled, score + rescored,
                        rescored)
    return replace(state, table=after, hand=left), result


def _turn_points(table: Table, state: TurnState, rules: Rules, deck: Deck) -> int:
    """What the cards laid this turn are worth on ``table`` (:func:`~solver.nmbrs.scoring.turn_points`)."""
    cards = table.cards()
    return turn_points((table.numbers(i) for i in range(len(table.sequences))), lambda v: v not in state.start_values,
                       lambda v: cards[v].is_joker, lambda v: deck.colour_of(cards[v]),
                       lambda v: card_points([cards[v]], rules, deck), rules, deck)


def _resolved_move(move: Move, laid: Sequence[Placed]) -> Move:
    """The move with each joker's number written out."""
    cards = tuple(Placed(JOKER, p.value) if p.is_joker else p.card for p in laid)
    return replace(move, cards=cards)


def _jokers(hand: Sequence[Card]) -> int:
    return sum(1 for c in hand if c.is_joker)


def turn_end_fault(rules: Rules, cards_left: int, jokers_held: int, start_jokers: int) -> Violation | None:
    """Why the turn may not end with ``cards_left`` cards in hand, ``jokers_held`` of them
    jokers, when the turn began with ``start_jokers`` jokers; ``None`` when it may.

    The one home of the end-of-turn rule (the referee and the best-turn search call it): a
    joker taken from the table must be laid again, and a card must stay in hand to be
    discarded unless the rules let the last card be laid (the simple version).

    >>> turn_end_fault(Rules(), 0, 0, 0), turn_end_fault(Rules.preset("simple"), 0, 0, 0)
    (<Violation.NO_DISCARD: 'no-discard'>, None)
    >>> turn_end_fault(Rules(), 3, 1, 0)
    <Violation.JOKER_NOT_REUSED: 'joker-not-reused'>
    """
    if jokers_held > start_jokers:
        return Violation.JOKER_NOT_REUSED
    if rules.discard_last and cards_left == 0:
        return Violation.NO_DISCARD
    return None


def finish_turn(state: TurnState, rules: Rules) -> None:
    """Raise :class:`Rejected` if the turn cannot end here (a swapped joker kept, no card to discard)."""
    fault = turn_end_fault(rules, len(state.hand), _jokers(state.hand), state.start_jokers)
    if fault is not None:
        raise Rejected(Refusal(fault))


def judge(
    table: Table,
    hand: Sequence[Card],
    moves: Iterable[Move | str],
    rules: Rules,
    deck: Deck,
    opened: bool = False,
) -> Verdict:
    """Judge a turn: the moves in order, then the end of the turn. The first refused move stops it.

    The last move may end the turn explicitly (``discard CARD``, or ``end`` with an empty
    hand in the simple version); without it the end of the turn is judged as if the player
    then discarded one of the cards left (``hand_left``).
    """
    check_hand_and_table(hand, table, deck, rules)
    state = TurnState.start(table, hand, opened)
    results: list[MoveResult] = []
    base = dict(table_before=table, hand=tuple(hand), rules=rules, opened=opened,
                points_estimated=deck.points_estimated)
    for k, m in enumerate(moves, 1):
        move = Move.parse(m, deck) if isinstance(m, str) else m
        try:
            state, result = apply_move(state, move, rules, deck)
        except Rejected as e:
            return Verdict(**base, results=tuple(results), table=state.table, hand_left=state.hand,
                           why=e.why, failed_move=k)
        results.append(result)
    if not state.ended:
        try:
            finish_turn(state, rules)
        except Rejected as e:
            return Verdict(**base, results=tuple(results), table=state.table, hand_left=state.hand, why=e.why)
    return Verdict(**base, results=tuple(results), table=state.table, hand_left=state.hand)
