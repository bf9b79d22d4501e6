"""The computer's players of a whole Nmbrs! round, from the strongest (:data:`BOTS`). A bot sees
its own hand, the table and the open pile, never another hand or the closed pile; it never reads
a clock (its searches count steps: :data:`SEARCH_LIMIT`, :data:`SEARCH_WORK`), so the same seed
plays the same game on every machine.

* ``best`` takes every card it can: the open card whenever it may (a refused card lets the players
  after it claim two cards), and a refused card whenever it is offered; then it plays the best turn
  (:func:`~solver.nmbrs.best.best_turn`) and discards the card worth the most points (a joker
  last). Where a search passes its budget (several jokers in hand) it plays that move as
  ``greedy`` does and searches again at the next one.
* ``greedy`` lays, move after move, the move that scores the most (no search ahead); it takes the
  open card, or claims a refused one, only when that raises what it could lay now.
* ``random`` plays any legal move.

>>> import random
>>> from solver.nmbrs import Deck, Rules
>>> from solver.nmbrs.round import Round
>>> r = Round.parse("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61 62 63", Rules(), Deck.default())
>>> best = Bot("best", random.Random(1))
>>> best.choose(r), Bot("greedy", random.Random(1)).choose(r)
('draw open', 'refuse')
>>> r = r.apply("draw open")
>>> best.choose(r)
'lay 5 6 7'
"""

from __future__ import annotations

import random
from typing import Sequence

from solver.errors import SearchTooLarge, TablecalcError, quoted
from solver.i18n import N_, _
from solver.nmbrs.best import best_rest
from solver.nmbrs.cards import Card, Deck
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.position import Position
from solver.nmbrs.round import Draw, DrawKind, Phase, Round, RoundMove
from solver.nmbrs.state import Turn
from solver.nmbrs.table import Table

__all__ = ["BOTS", "Bot", "SEARCH_LIMIT", "SEARCH_WORK", "GREEDY_CANDIDATES", "discard_choice", "greedy_turn",
           "turn_value"]

BOTS = {
    "best": N_("takes the open card and every refused card it is offered, plays the turn that scores the most "
               "(the best-turn search), discards its highest card"),
    "greedy": N_("lays, move after move, the move that scores the most; takes a card only when it can lay it now"),
    "random": N_("any legal move"),
}
"""The bots and one line on how each plays, the strongest first."""

SEARCH_LIMIT = 5_000
"""The positions one search of ``best`` (and of the analysis) may visit."""
SEARCH_WORK = 300_000
"""The steps one search of ``best`` (and of the analysis) may take (a hand without jokers needs a few
hundred); past it, or past :data:`SEARCH_LIMIT`, the move is chosen as ``greedy`` chooses it."""
GREEDY_CANDIDATES = 400
"""The most moves ``greedy`` compares at one step (the first ones the move generator lists)."""


def discard_choice(hand: Sequence[Card], deck: Deck) -> Card:
    """The card a bot throws away: the one worth the most points, the highest number on a tie; a joker last."""
    return max(hand, key=lambda c: (not c.is_joker, deck.points_of(c), c.number or 0))


def greedy_turn(turn: Turn) -> Turn:
    """The turn played on, move by move, each time with the legal move that scores the most (then
    lays the most cards), until no move lays a card; the discard is left to the caller."""
    while True:
        best = None
        for m in turn.legal_moves()[:GREEDY_CANDIDATES]:
            if m.ends_turn or m.kind is MoveKind.SWAP:
                continue
            after, why = turn.judge(m)
            if why is not None:
                continue
            res = after.results[-1]  # type: ignore[union-attr]
            key = (res.score, len(res.laid))
            if best is None or key > best[0]:
                best = (key, after)
        if best is None:
            return turn
        turn = best[1]


def turn_value(table: Table, hand: Sequence[Card], r: Round, opened: bool, search: bool = True) -> tuple[int, bool]:
    """What the best turn with ``hand`` on ``table`` scores (``search``: the best-turn search within
    its budget; else, or past it, the greedy turn), and whether that is the search's exact answer."""
    if not hand:
        return 0, True
    turn = Turn.start(Position(tuple(hand), table, opened), r.rules, r.deck)
    if search:
        try:
            return best_rest(turn, SEARCH_LIMIT, max_work=SEARCH_WORK)[0], True
        except SearchTooLarge:
            pass
    return greedy_turn(turn).score, False


class Bot:
    """One seat's player of kind ``kind`` (a key of :data:`BOTS`), with its own random choices.
    :meth:`choose` gives its move in a round where it is to move; ``best`` keeps the plan of its
    turn between calls."""

    def __init__(self, kind: str, rng: random.Random):
        if kind not in BOTS:
            raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(kind), choices=', '.join(BOTS)))
        self.kind, self.rng = kind, rng
        self._plan: list[Move] = []
        self._plan_for: tuple | None = None
        self._plan_exact = True
        self.fallbacks = 0
        """Moves chosen as ``greedy`` chooses them because a search passed its budget."""

    def choose(self, state: Round) -> str:
        return str(self.move(state))

    def move(self, r: Round) -> RoundMove:
        """The bot's move, one of ``r.legal_moves()``."""
        moves = r.legal_moves()
        if self.kind == "random":
            return self.rng.choice(moves)
        me = r.current_player()
        if r.phase is Phase.CLAIM:
            return Draw(DrawKind.CLAIM if self.kind == "best" or self._helps(r.open_top, r, me) else DrawKind.PASS)
        if r.phase is Phase.DRAW:
            kinds = [m.kind for m in moves if isinstance(m, Draw)]
            if DrawKind.OPEN in kinds and (self.kind == "best" or len(kinds) == 1 or self._helps(r.open_top, r, me)):
                return Draw(DrawKind.OPEN)
            for kind in (DrawKind.REFUSE, DrawKind.CLOSED):
                if kind in kinds:
                    return Draw(kind)
            return Draw(kinds[0])
        return self._lay(r)

    def _helps(self, card: Card | None, r: Round, player: int) -> bool:
        """Whether ``card`` raises the greedy turn ``player`` could play now (a joker always does)."""
        if card is None:
            return False
        if card.is_joker:
            return True
        hand, opened = r.hands[player], r.opened[player]
        return (turn_value(r.table, [*hand, card], r, opened, search=False)[0]
                > turn_value(r.table, hand, r, opened, search=False)[0])

    def _lay(self, r: Round) -> RoundMove:
        turn = r.turn
        assert turn is not None
        key = (r.number, r.turns, r.to)
        done = len(turn.results)
        if self._plan_for != key or tuple(self._plan[:done]) != turn.moves:
            self._plan_for, self._plan = key, list(turn.moves) + self._rest(turn)
        elif not self._plan_exact and self.kind == "best":  # the plan was greedy: search again from here
            self._plan = list(turn.moves) + self._rest(turn)
        if done < len(self._plan):
            return self._plan[done]
        hand = turn.state.hand
        if not hand:
            return Move(MoveKind.END)
        return Move(MoveKind.DISCARD, (), (discard_choice(hand, r.deck),))

    def _rest(self, turn: Turn) -> list[Move]:
        """The moves the bot will still play in ``turn`` (the discard aside)."""
        if self.kind == "best":
            try:
                moves = list(best_rest(turn, SEARCH_LIMIT, max_work=SEARCH_WORK)[1])
                self._plan_exact = True
                return moves
            except SearchTooLarge:
                self.fallbacks += 1
        self._plan_exact = False
        return list(greedy_turn(turn).moves[len(turn.moves):])
