"""One Nmbrs! turn as a game state (OpenSpiel's vocabulary, :class:`solver.game.State`).

A :class:`Turn` starts from a :class:`~solver.nmbrs.position.Position` and lists its legal
moves in a fixed order: every lay, add, cross, link and joker swap (from the same
:class:`~solver.nmbrs.movegen.MoveGenerator` the best-turn search uses), then the moves
that end the turn — ``discard CARD`` for each card of the hand when the turn may end
there, or ``end`` when the hand is empty and the rules let the last card be laid (the
simple version). The referee (:func:`~solver.nmbrs.referee.apply_move`) judges every move;
a refused move raises :class:`~solver.errors.IllegalMove` carrying the referee's
:class:`~solver.nmbrs.verdict.Refusal`. ``str(turn)`` is the position now (hand, table, and
``opened`` once the player came out).

>>> deck, rules = Deck.default(), Rules()
>>> turn = Turn.start(Position.parse("hand 15 25 40 7; table 10 20 30; opened", deck), rules, deck)
>>> [str(m) for m in turn.legal_moves()]
['add 1: 15 25', 'add 1: 40', 'cross 10: 25 40', 'cross 20: 15 25', 'discard 15', 'discard 25', 'discard 40', 'discard 7']
>>> turn = turn.apply(turn.parse_move("cross 20: 15 25"))
>>> str(turn)
'hand 40 7; table 10 20 30 | 15 20 25; opened'
>>> turn.apply("cross 21: 40 7")
Traceback (most recent call last):
...
solver.errors.IllegalMove: illegal move 'cross 21: 40 7': not-on-table
>>> turn = turn.apply(turn.parse_move("discard 7"))
>>> turn.is_terminal(), turn.returns(), turn.current_player()
(True, (6.0,), -1)

Left out of :meth:`Turn.legal_moves`, as the best-turn search leaves them out: new sequences
made of jokers only (they need 3 jokers in hand); :meth:`Turn.apply` accepts them. Also left
out: moves after which the turn could not end legally (a swapped joker that can no longer be
laid, laying the very last card when it must be discarded); :meth:`Turn.apply` refuses them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.errors import IllegalMove
from solver.game import TERMINAL
from solver.nmbrs.cards import Deck
from solver.nmbrs.movegen import MoveGenerator
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.position import Position
from solver.nmbrs.referee import Rejected, TurnState, apply_move, judge, turn_end_fault
from solver.nmbrs.rules import Rules
from solver.nmbrs.verdict import MoveResult, Refusal, Verdict

__all__ = ["Turn"]


@dataclass(frozen=True)
class Turn:
    """A turn in progress: the position it started from, the referee's :class:`TurnState` now,
    and the moves played so far with what they scored. Build one with :meth:`start`; the move
    generator belongs to the whole turn and is shared by the states that follow."""

    position: Position
    rules: Rules
    deck: Deck
    state: TurnState
    generator: MoveGenerator = field(compare=False, repr=False)
    results: tuple[MoveResult, ...] = ()

    @classmethod
    def start(cls, position: Position, rules: Rules, deck: Deck, checked: bool = False) -> "Turn":
        """The turn at its start; raises :class:`TablecalcError` when the position does not fit
        ``rules`` (``checked``: it is known to fit, as a round's own table and hand do)."""
        if not checked:
            position.check(rules, deck)
        state = TurnState.start(position.table, position.hand, position.opened)
        gen = MoveGenerator(position.table, position.hand, rules, deck, position.opened)
        return cls(position, rules, deck, state, gen)

    # -- the protocol ------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.state.ended else 0

    def is_terminal(self) -> bool:
        """Whether the turn is over (a ``discard`` or ``end`` move was played)."""
        return self.state.ended

    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order: lay, add, cross, link, swap (as the move generator
        lists them), then ``discard CARD`` in hand order, or ``end``."""
        if self.state.ended:
            return []
        gen, state = self.generator, self.state
        pos = gen.key(state)
        out = [gen.to_move(step, state) for step, recipe, _ in gen.moves(pos)
               if gen.can_finish(gen.after(pos, step, recipe))]
        if gen.can_stop(pos):
            if state.hand:
                seen = set()
                for card in state.hand:
                    if card.number not in seen:  # the jokers are alike: one discard move for them
                        seen.add(card.number)
                        out.append(Move(MoveKind.DISCARD, (), (card,)))
            else:
                out.append(Move(MoveKind.END))
        return out

    def apply(self, move: Move | str) -> "Turn":
        """The turn after ``move``; raises :class:`~solver.errors.IllegalMove` (its verdict is the
        referee's :class:`~solver.nmbrs.verdict.Refusal`) when the move is refused, or when the turn
        could not end legally after it."""
        if isinstance(move, str):
            move = self.parse_move(move)
        after, why = self.judge(move)
        if why is not None:
            raise IllegalMove("nmbrs", str(move), verdict=why, codes=(why.violation,))
        return after  # type: ignore[return-value]

    def judge(self, move: Move) -> tuple["Turn | None", Refusal | None]:
        """``(the turn after move, None)``, or ``(None, why it is refused)`` as data: what
        :meth:`apply` and the referee of a whole round (:mod:`solver.nmbrs.round`) ask."""
        try:
            state, result = apply_move(self.state, move, self.rules, self.deck)
        except Rejected as e:
            return None, e.why
        if not state.ended and not self.generator.can_finish(self.generator.key(state)):
            jokers = sum(1 for c in state.hand if c.is_joker)
            fault = turn_end_fault(self.rules, len(state.hand), jokers, state.start_jokers)
            return None, Refusal(fault, str(move))  # type: ignore[arg-type]
        return Turn(self.position, self.rules, self.deck, state, self.generator, self.results + (result,)), None

    def returns(self) -> tuple[float, ...]:
        """``(the turn's score so far,)``: the points of the moves played."""
        return (float(self.score),)

    def parse_move(self, text: str) -> Move:
        """Read one move in the notation of :class:`~solver.nmbrs.moves.Move` (``str(move)`` gives it back)."""
        return Move.parse(text, self.deck)

    # -- more ----------------------------------------------------------------------------

    @property
    def score(self) -> int:
        return sum(r.score for r in self.results)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, as the referee wrote them back."""
        return tuple(r.move for r in self.results)

    def verdict(self) -> Verdict:
        """The referee's verdict on the moves played so far, as :func:`~solver.nmbrs.referee.judge` gives it."""
        return judge(self.position.table, self.position.hand, self.moves, self.rules, self.deck,
                         self.position.opened)

    def __str__(self) -> str:
        """The notation of the position now: the hand left, the table, and ``opened`` once the
        player came out (in an earlier turn, or by laying a sequence in this one)."""
        st = self.state
        return str(Position(st.hand, st.table, st.opened or st.laid_new))
