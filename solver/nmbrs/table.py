"""The Nmbrs! table and the moves of a turn: lay, append or insert, cross, link, swap a joker.

A table is written as its sequences separated by ``|``, each in laying order; a card
written in two sequences is the crossing card they share (the deck has one card of each
number). A joker on the table stands for the number its position gives (or write
``joker=20``):

>>> deck, rules = Deck.default(), Rules()
>>> table = Table.parse("10 20 30 | 4 10 16 | 40 joker 60", deck, rules)
>>> str(table), table.crossings()
('10 20 30 | 4 10 16 | 40 joker=50 60', {10: (1, 2)})

A turn is a list of moves (``lay 14 20 26``, ``add 1: 15 25``, ``cross 20: 35 50``,
``link 1 3``, ``swap 50``, and possibly a last ``discard 7``; see :mod:`solver.nmbrs.moves`),
judged one after the other:

>>> v = play_turn(table, deck.parse_hand("15 25 7 99"), ["add 1: 15 25"], rules, deck, opened=True)
>>> v.legal, [r.kind for r in v.results], v.results[0].numbers, str(v.table).split(" | ")[0]
(True, ['insert'], (10, 15, 20, 25, 30), '10 15 20 25 30')
>>> v = play_turn(table, deck.parse_hand("15 7 99"), ["add 1: 15"], rules, deck, opened=True)
>>> v.legal, v.violation.value, v.reason
(False, 'not-a-sequence', 'add 1: 15: 10, 15, 20, 30 is not an arithmetic progression: the steps are 5, 5, 10 (every step must be the same)')

Why a move is refused is data (``v.why``, a :class:`~solver.nmbrs.reasons.Refusal`);
``reason`` words it with :mod:`solver.nmbrs.words`:

>>> v.why.fault, v.why.sequence.steps
(<Fault.NOT_A_SEQUENCE: 'not-a-sequence'>, (5, 5, 10))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from solver.errors import TablecalcError, quoted
from solver.nmbrs.cards import JOKER, Card, Deck, Placed, split_cards
from solver.nmbrs.moves import Move, MoveKind, parse_moves
from solver.nmbrs.reasons import Fault, Refusal, Violation
from solver.nmbrs.rules import MIN_LENGTH, Rules, may_add
from solver.nmbrs.scoring import Doubled, score_cards
from solver.nmbrs.sequences import exact_completions, why_not
from solver.nmbrs.words import refusal_reason, sequence_reason

__all__ = ["Table", "MoveKind", "Move", "Violation", "MoveResult", "TurnState", "TurnVerdict", "TurnPenalty",
           "Rejected", "apply_move", "turn_end_fault", "finish_turn", "play_turn", "parse_moves",
           "check_hand_and_table"]


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Table:
    """The sequences on the table, each in increasing order; a number shared by two is a crossing."""

    sequences: tuple[tuple[Placed, ...], ...] = ()

    @classmethod
    def parse(cls, text: str, deck: Deck, rules: Rules) -> "Table":
        """Read ``"10 20 30 | 5 10 15"``; raises :class:`TablecalcError` for a malformed or invalid table."""
        if not text.strip():
            return cls()
        parts = re.split(r"[|/\n]", text)
        seqs = []
        for i, part in enumerate(parts, 1):
            tokens = split_cards(part)
            if not tokens:
                raise TablecalcError(
                    f"table {quoted(text.strip())}: sequence {i} is empty: expected sequences separated by | like \"10 20 30 | 5 10 15\""
                )
            seqs.append(_resolve_positions([deck.parse_placed(t) for t in tokens], part.strip(), i))
        return cls.build(seqs, deck, rules, what=f"table {quoted(text.strip())}")

    @classmethod
    def build(cls, sequences: Iterable[Sequence[Placed]], deck: Deck, rules: Rules, what: str = "table") -> "Table":
        """A validated table from sequences of placed cards (any order within a sequence)."""
        seqs = [tuple(sorted(s, key=lambda p: p.value)) for s in sequences]
        # one card per number: merge the colour typed in one sequence into the others
        cards: dict[int, Card] = {}
        for i, s in enumerate(seqs, 1):
            for p in s:
                old = cards.get(p.value)
                if old is None or old == p.card:
                    cards[p.value] = p.card
                elif old.is_joker != p.card.is_joker:
                    raise TablecalcError(
                        f"{what}: {p.value} is both a card and a joker: a number lies on the table only once "
                        "(a crossing repeats the same card)"
                    )
                elif old.colour and p.card.colour and old.colour != p.card.colour:
                    raise TablecalcError(f"{what}: the crossing card {p.value} is written {old} and {p.card}: one card, one colour")
                else:
                    cards[p.value] = old if old.colour else p.card
        table = cls(tuple(tuple(Placed(cards[p.value], p.value) for p in s) for s in seqs))
        table.validate(deck, rules, what)
        return table

    def validate(self, deck: Deck, rules: Rules, what: str = "table") -> None:
        """Raise unless every sequence is valid and every crossing possible."""
        for i, s in enumerate(self.sequences, 1):
            values = [p.value for p in s]
            for v in values:
                if not 1 <= v <= rules.high:
                    raise TablecalcError(f"{what}: sequence {i} has {v}, but the cards run 1-{rules.high} ({rules.name})")
            why = why_not(values, 0, rules)
            if why:
                raise TablecalcError(
                    f"{what}: sequence {i} ({_seq_text(s)}) is not valid under {rules.name}: {sequence_reason(why)}"
                )
        members = self.members()
        for v, seqs in members.items():
            if len(seqs) > 2:
                raise TablecalcError(
                    f"{what}: {v} is in {len(seqs)} sequences ({', '.join(map(str, seqs))}); a card can be in at most two "
                    "(one each way)"
                )
        for i in range(len(self.sequences)):
            for j in range(i + 1, len(self.sequences)):
                shared = self.shared(i, j)
                if len(shared) > 1:
                    raise TablecalcError(
                        f"{what}: sequences {i + 1} and {j + 1} share {', '.join(map(str, shared))}; two sequences "
                        "cross at one card at most"
                    )
        jokers = sum(1 for p in self.cards().values() if p.is_joker)
        if jokers > deck.jokers:
            raise TablecalcError(f"{what}: {jokers} jokers but the deck has {deck.jokers}")

    # -- looking at it --------------------------------------------------------

    def cards(self) -> dict[int, Card]:
        """Every card on the table by the number it lies at."""
        return {p.value: p.card for s in self.sequences for p in s}

    def values(self) -> frozenset[int]:
        return frozenset(p.value for s in self.sequences for p in s)

    def numbers(self, i: int) -> tuple[int, ...]:
        """The numbers of sequence ``i`` (0-based)."""
        return tuple(p.value for p in self.sequences[i])

    def members(self) -> dict[int, tuple[int, ...]]:
        """For each number on the table, the sequences (1-based) it lies in."""
        out: dict[int, list[int]] = {}
        for i, s in enumerate(self.sequences, 1):
            for p in s:
                out.setdefault(p.value, []).append(i)
        return {v: tuple(s) for v, s in sorted(out.items())}

    def crossings(self) -> dict[int, tuple[int, ...]]:
        """The crossing cards: number -> the two sequences (1-based) sharing it."""
        return {v: s for v, s in self.members().items() if len(s) > 1}

    def shared(self, i: int, j: int) -> list[int]:
        """Numbers that sequences ``i`` and ``j`` (0-based) share."""
        return sorted(set(self.numbers(i)) & set(self.numbers(j)))

    def __str__(self) -> str:
        return " | ".join(_seq_text(s) for s in self.sequences)

    def as_dict(self) -> dict:
        return {
            "text": str(self),
            "sequences": [{"cards": [str(p) for p in s], "numbers": [p.value for p in s]} for s in self.sequences],
            "crossings": [{"number": v, "sequences": list(s)} for v, s in self.crossings().items()],
        }


def _seq_text(s: Sequence[Placed]) -> str:
    return " ".join(str(p) for p in s)


def _resolve_positions(items: list[tuple[Card, int | None]], text: str, index: int) -> list[Placed]:
    """Give each joker of a typed table sequence the number its position implies."""
    known = [(i, v) for i, (_, v) in enumerate(items) if v is not None]
    if all(v is not None for _, v in items):
        return [Placed(c, v) for c, v in items]  # type: ignore[arg-type]
    if len(known) < 2:
        raise TablecalcError(
            f"cannot tell which number the joker stands for in sequence {index} ({quoted(text)}): "
            "give two numbered cards or write it as joker=N"
        )
    (i0, v0), (i1, v1) = known[0], known[1]
    step, rest = divmod(v1 - v0, i1 - i0)
    if rest or step == 0 or any(v != v0 + (i - i0) * step for i, v in known):
        raise TablecalcError(
            f"cannot place the joker in sequence {index} ({quoted(text)}): the cards around it are not evenly spaced; "
            "write it as joker=N"
        )
    return [Placed(c, v if v is not None else v0 + (i - i0) * step) for i, (c, v) in enumerate(items)]


# ---------------------------------------------------------------- judging a turn


class Rejected(Exception):
    """A move that the rules refuse (not an input error): ``why`` as data, ``violation`` and ``reason``."""

    def __init__(self, why: Refusal):
        super().__init__(why)
        self.why = why

    @property
    def violation(self) -> Violation:
        return self.why.violation

    @property
    def reason(self) -> str:
        """The refusal in one line (see :func:`solver.nmbrs.words.refusal_reason`)."""
        return refusal_reason(self.why)

    def __str__(self) -> str:
        return self.reason


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

    @classmethod
    def start(cls, table: Table, hand: Sequence[Card], opened: bool = False) -> "TurnState":
        return cls(table, tuple(hand), sum(1 for c in hand if c.is_joker), opened, False)


@dataclass(frozen=True)
class MoveResult:
    """A move as played: the sequence it made or changed (1-based ``sequence``, its ``numbers``),
    the hand cards ``laid`` with their numbers, and what they score."""

    move: Move
    kind: str
    sequence: int | None
    numbers: tuple[int, ...]
    laid: tuple[Placed, ...]
    points: int
    doubled: Doubled | None
    score: int

    def as_dict(self) -> dict:
        return {
            "move": str(self.move),
            "kind": self.kind,
            "sequence": self.sequence,
            "numbers": list(self.numbers),
            "cards": [str(p.card) for p in self.laid],
            "jokers": [{"card": "joker", "value": p.value} for p in self.laid if p.is_joker],
            "points": self.points,
            "doubled": self.doubled,
            "score": self.score,
        }


def _take(hand: tuple[Card, ...], cards: Sequence[Card | Placed], what: str) -> tuple[Card, ...]:
    """The hand without ``cards``; :class:`Rejected` if one is not in it."""
    left = list(hand)
    for c in cards:
        card = c.card if isinstance(c, Placed) else c
        match = next((h for h in left if h.number == card.number), None)
        if match is None:
            raise Rejected(Refusal(Fault.NOT_IN_HAND, what, card=card, hand=hand))
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
                raise Rejected(Refusal(Fault.JOKER_ON_TABLE_NUMBER, what, number=c.value, sequences=where))
            fixed.append(c.value)
            laid.append(c)
        elif c.is_joker:
            free += 1
        else:
            if c.number in taken:
                raise Rejected(Refusal(Fault.NUMBER_IS_A_JOKER, what, number=c.number))
            fixed.append(c.number)  # type: ignore[arg-type]
            laid.append(Placed(_hand_card(hand, c), c.number))  # type: ignore[arg-type]
    if len(set(fixed)) != len(fixed):
        twice = next(v for v in fixed if fixed.count(v) > 1)
        raise Rejected(Refusal(Fault.NUMBER_TWICE, what, number=twice))
    found = exact_completions(fixed, free, rules, taken)
    if not found:
        raise Rejected(Refusal(Fault.NOT_A_SEQUENCE, what, sequence=why_not(fixed, free, rules, taken)))
    if len(found) > 1:
        options = " or ".join("-".join(map(str, c.numbers)) for c in found[:4]) + (" ..." if len(found) > 4 else "")
        raise TablecalcError(
            f"which number does the joker stand for in {str(move)!r}? It could make {options}: write joker=N"
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
        raise Rejected(Refusal(Fault.NOT_COME_OUT, what, opening=rules.opening))


def _end_turn(state: TurnState, move: Move, rules: Rules, what: str) -> tuple[TurnState, MoveResult]:
    """``discard CARD`` or ``end``: the move that ends the turn."""
    if move.kind is MoveKind.DISCARD:
        left = _take(state.hand, move.cards, what)
        fault = turn_end_fault(rules, len(state.hand), _jokers(state.hand), state.start_jokers)
        if fault is Fault.JOKER_NOT_REUSED:  # discarding it is not using it in a sequence
            raise Rejected(Refusal(fault, what))
        played = replace(move, cards=(_hand_card(state.hand, move.cards[0]),))
        return replace(state, hand=left, ended=True), MoveResult(played, "discard", None, (), (), 0, None, 0)
    if state.hand:
        raise Rejected(Refusal(Fault.DISCARD_NEEDED, what, hand=state.hand))
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
        raise Rejected(Refusal(Fault.TURN_OVER, what))
    if move.ends_turn:
        return _end_turn(state, move, rules, what)

    def seq_index(k: int) -> int:
        if not 1 <= k <= n:
            raise Rejected(Refusal(Fault.NO_SUCH_SEQUENCE, what, number=k, count=n))
        return k - 1

    if move.kind is MoveKind.SWAP:
        v = move.target[0]
        card = table.cards().get(v)
        if card is None or not card.is_joker:
            raise Rejected(Refusal(Fault.NO_JOKER_THERE, what, number=v))
        left = _take(hand, [Card(v)], what)
        real = _hand_card(hand, Card(v))
        new_seqs = tuple(tuple(Placed(real, v) if p.value == v else p for p in s) for s in seqs)
        new_state = replace(state, table=Table(new_seqs), hand=left + (JOKER,))
        where = table.members()[v][0]
        return new_state, MoveResult(move, "swap", where, table.numbers(where - 1), (), 0, None, 0)

    left = _take(hand, move.cards, what)
    if move.kind is MoveKind.LAY:
        if len(move.cards) < MIN_LENGTH:
            raise Rejected(Refusal(Fault.LAY_TOO_SHORT, what))
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
            raise Rejected(Refusal(Fault.NOT_ON_TABLE, what, number=c))
        if len(members[c]) > 1:
            raise Rejected(Refusal(Fault.CROSSING_FULL, what, number=c, sequences=members[c]))
        if len(move.cards) < MIN_LENGTH - 1:
            raise Rejected(Refusal(Fault.CROSS_TOO_SHORT, what))
        numbers, laid = _resolve(move, (c,), hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        seqs.append(seq)
        kind, index, judged = "cross", len(seqs), rules.judged_cards(seq, laid)
    else:  # LINK
        _may_add(state, rules, what)
        i, j = seq_index(move.target[0]), seq_index(move.target[1])
        if i == j:
            raise Rejected(Refusal(Fault.LINK_ITSELF, what, sequences=(i + 1, j + 1)))
        if table.shared(i, j):
            raise Rejected(Refusal(Fault.LINK_CROSSING, what, number=table.shared(i, j)[0], sequences=(i + 1, j + 1)))
        a, b = sorted((i, j), key=lambda k: table.numbers(k)[0])
        if table.numbers(a)[-1] > table.numbers(b)[0]:
            raise Rejected(Refusal(Fault.LINK_OVERLAP, what, sequences=(i + 1, j + 1)))
        numbers, laid = _resolve(move, table.numbers(a) + table.numbers(b), hand, table, rules, what)
        seq = _placed_seq(numbers, table, laid)
        lo, hi = min(i, j), max(i, j)
        for k in range(len(seqs)):
            if k not in (i, j):
                shared = sorted(set(numbers) & set(table.numbers(k)))
                if len(shared) > 1:
                    raise Rejected(Refusal(Fault.SHARES_CARDS, what, sequences=(k + 1,), numbers=tuple(shared[:2])))
        seqs[lo] = seq
        del seqs[hi]
        kind, index, judged = "link", lo + 1, rules.judged_cards(seq, laid)
    points, doubled, score = score_cards(laid, judged, rules, deck)
    result = MoveResult(_resolved_move(move, laid), kind, index, numbers, laid, points, doubled, score)
    return replace(state, table=Table(tuple(seqs)), hand=left), result


def _resolved_move(move: Move, laid: Sequence[Placed]) -> Move:
    """The move with each joker's number written out."""
    cards = tuple(Placed(JOKER, p.value) if p.is_joker else p.card for p in laid)
    return replace(move, cards=cards)


def _jokers(hand: Sequence[Card]) -> int:
    return sum(1 for c in hand if c.is_joker)


def turn_end_fault(rules: Rules, cards_left: int, jokers_held: int, start_jokers: int) -> Fault | None:
    """Why the turn may not end with ``cards_left`` cards in hand, ``jokers_held`` of them
    jokers, when the turn began with ``start_jokers`` jokers; ``None`` when it may.

    The one home of the end-of-turn rule (the referee and the best-turn search call it): a
    joker taken from the table must be laid again, and a card must stay in hand to be
    discarded unless the rules let the last card be laid (the simple version).

    >>> turn_end_fault(Rules(), 0, 0, 0), turn_end_fault(Rules.preset("simple"), 0, 0, 0)
    (<Fault.NO_DISCARD: 'no-discard'>, None)
    >>> turn_end_fault(Rules(), 3, 1, 0)
    <Fault.JOKER_NOT_REUSED: 'joker-not-reused'>
    """
    if jokers_held > start_jokers:
        return Fault.JOKER_NOT_REUSED
    if rules.discard_last and cards_left == 0:
        return Fault.NO_DISCARD
    return None


def finish_turn(state: TurnState, rules: Rules) -> None:
    """Raise :class:`Rejected` if the turn cannot end here (a swapped joker kept, no card to discard)."""
    fault = turn_end_fault(rules, len(state.hand), _jokers(state.hand), state.start_jokers)
    if fault is not None:
        raise Rejected(Refusal(fault))


@dataclass(frozen=True)
class TurnPenalty:
    """What a refused turn costs: every card it laid (or swapped in) goes back to the hand, and it
    scores nothing. ``amount`` counts the cards taken back."""

    take_back: tuple[Card, ...] = ()

    @property
    def amount(self) -> int:
        return len(self.take_back)

    def as_dict(self) -> dict:
        return {"take_back": [str(c) for c in self.take_back], "amount": self.amount}


@dataclass(frozen=True)
class TurnVerdict:
    """The referee's judgement of a whole turn, as data: each move played, the final table, the score.

    ``why`` says why the turn is refused (``None`` when legal); ``reason`` words it.
    ``failed_move`` is the 1-based refused move, ``None`` for a refusal at the end of the turn.
    """

    table_before: Table
    hand: tuple[Card, ...]
    rules: Rules
    opened: bool
    results: tuple[MoveResult, ...]
    table: Table
    hand_left: tuple[Card, ...]
    why: Refusal | None = None
    failed_move: int | None = None
    points_estimated: bool = True

    @property
    def legal(self) -> bool:
        return self.why is None

    @property
    def violation(self) -> Violation | None:
        return self.why.violation if self.why else None

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The violation as a tuple: empty, or the one that stopped the turn."""
        return (self.why.violation,) if self.why else ()

    @property
    def reason(self) -> str | None:
        """Why the turn is refused, in one line (``None`` when legal)."""
        return refusal_reason(self.why) if self.why else None

    @property
    def score(self) -> int:
        """What the turn adds to the player's total (0 when the turn is refused)."""
        return sum(r.score for r in self.results) if self.legal else 0

    @property
    def discarded(self) -> Card | None:
        """The card a final ``discard`` move threw away, if the turn had one."""
        last = self.results[-1] if self.results else None
        return last.move.cards[0] if last is not None and last.kind == "discard" else None  # type: ignore[return-value]

    @property
    def penalty(self) -> TurnPenalty:
        """Nothing when legal; else the cards the moves before the refusal laid or swapped in go back."""
        if self.legal:
            return TurnPenalty()
        back: list[Card] = []
        for r in self.results:
            if r.kind == "swap":
                back += [c for c in self.hand if c.number == r.move.target[0]]
            back += [p.card for p in r.laid]
        return TurnPenalty(tuple(back))

    def as_dict(self) -> dict:
        return {
            "legal": self.legal,
            "violation": str(self.violation) if self.violation else None,
            "reason": self.reason,
            "why": self.why.as_dict() if self.why else None,
            "violations": [str(v) for v in self.violations],
            "penalty": self.penalty.as_dict(),
            "failed_move": self.failed_move,
            "moves": [r.as_dict() for r in self.results],
            "score": self.score,
            "points_estimated": self.points_estimated,
            "cards_laid": sum(len(r.laid) for r in self.results),
            "hand": [str(c) for c in self.hand],
            "hand_left": [str(c) for c in self.hand_left],
            "discarded": str(self.discarded) if self.discarded else None,
            "table_before": self.table_before.as_dict(),
            "table": self.table.as_dict(),
            "opened": self.opened,
            "rules": self.rules.as_dict(),
        }


def check_hand_and_table(hand: Sequence[Card], table: Table, deck: Deck, rules: Rules) -> None:
    """Raise unless the hand and the table could be on the same table (one card per number)."""
    if not hand:
        raise TablecalcError("the hand is empty: expected cards like \"14r 20 26 joker\"")
    on_table = {v for v, c in table.cards().items() if not c.is_joker}
    for c in hand:
        if not c.is_joker and c.number in on_table:
            raise TablecalcError(f"{c} is both in your hand and on the table, but the deck has one card of each number")
        if not c.is_joker and c.number > rules.high:
            raise TablecalcError(f"there is no card {c} in {rules.name}: cards run 1-{rules.high}")
    jokers = sum(1 for c in hand if c.is_joker) + sum(1 for c in table.cards().values() if c.is_joker)
    if jokers > deck.jokers:
        raise TablecalcError(f"{jokers} jokers in your hand and on the table, but the deck has {deck.jokers}")


def play_turn(
    table: Table,
    hand: Sequence[Card],
    moves: Iterable[Move | str],
    rules: Rules,
    deck: Deck,
    opened: bool = False,
) -> TurnVerdict:
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
            return TurnVerdict(**base, results=tuple(results), table=state.table, hand_left=state.hand,
                               why=e.why, failed_move=k)
        results.append(result)
    if not state.ended:
        try:
            finish_turn(state, rules)
        except Rejected as e:
            return TurnVerdict(**base, results=tuple(results), table=state.table, hand_left=state.hand, why=e.why)
    return TurnVerdict(**base, results=tuple(results), table=state.table, hand_left=state.hand)
