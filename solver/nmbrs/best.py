"""The best Nmbrs! turn: the legal sequence of moves that scores the most, spelled out.

The search tries every move from every position of the turn (lay, add, cross, link,
swap a joker), remembers positions already seen (the same cards laid in another order),
and keeps the turn with the highest score; on a tie, the one that lays more cards, then
the one with fewer moves. The winning turn is replayed through the referee
(:func:`~solver.nmbrs.referee.judge`), so its moves and score are exactly what the referee says.

>>> deck, rules = Deck.default(), Rules()
>>> table = Table.parse("10 20 30", deck, rules)
>>> best = best_turn(table, deck.parse_hand("15 25 40 7 8"), rules, deck, opened=True)
>>> [str(r.move) for r in best.verdict.results], best.score, [str(c) for c in best.verdict.hand_left]
(['cross 20: 15 25', 'add 1: 40'], 7, ['7', '8'])

Inserting 15 and 25 into 10-20-30 would score their 3 points; crossing through 20
instead makes 15-20-25 in three different colours, which doubles them.

The moves come from :class:`~solver.nmbrs.movegen.MoveGenerator`, which the game state's
``legal_moves`` uses too. Not searched: new sequences made of jokers only (they need 3
jokers in hand).

Jokers used to make the search slow (seconds with two, a refusal with three): a joker may
stand for almost any number, so a hand with jokers has thousands of moves. What keeps it fast
(see :class:`_Search`): moves of one hand card and jokers wait for the move that uses them;
a bound on the score, the cards and the moves still possible stops a line as soon as it
cannot beat the best turn found; near the end only moves that lay every card left are
generated. ``benchmarks/bench_nmbrs_jokers.py`` times it against the search as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solver.errors import SearchTooLarge
from solver.i18n import _
from solver.nmbrs.cards import Card, Deck
from solver.nmbrs.movegen import MoveGenerator, PositionKey
from solver.nmbrs.moves import Move
from solver.nmbrs.rules import Rules, may_add
from solver.nmbrs.referee import TurnState, apply_move, judge
from solver.nmbrs.table import Table, check_hand_and_table
from solver.nmbrs.verdict import Verdict

__all__ = ["BestTurn", "best_turn", "best_rest", "DEFAULT_STATE_LIMIT"]

DEFAULT_STATE_LIMIT = 60_000
"""Positions the search may visit before it gives up with an error (a hand of 9 cards with
several jokers against a large table can take long)."""
MAX_WORK = 5_000_000
"""Steps the search may take (candidate sequences examined by the move generator, over every
position visited) before it refuses the question (:class:`~solver.errors.SearchTooLarge`).
A 9-card hand takes a few thousand steps, with two jokers up to about 400,000, with three up to
about 500,000 (benchmarks/bench_nmbrs_jokers.py); 12 cards with three jokers or 15 with two fit
in the budget, a 40-card hand is refused after a few seconds (it was 40 million, about a minute
for that hand, before the joker work of issue 9)."""
PROGRESS_EVERY = 50
"""Positions between two calls of the ``progress`` callback (a few per second with a huge hand)."""


@dataclass(frozen=True)
class BestTurn:
    """The best turn found: its referee's verdict (moves, table, score) and how many positions were searched."""

    verdict: Verdict
    states: int

    @property
    def score(self) -> int:
        return self.verdict.score

    @property
    def moves(self) -> tuple[Move, ...]:
        """The turn's moves, as the referee wrote them back (jokers as ``joker=N``)."""
        return tuple(r.move for r in self.verdict.results)

    def as_dict(self) -> dict:
        return {**self.verdict.as_dict(), "states_searched": self.states}


class _Search:
    """Depth-first search over the positions of a turn, with economies that do not change the answer:

    * a position reached again with no better score so far is not searched again;
    * a move is skipped, and a position not expanded, when even doubling every card still playable
      cannot beat the best turn found — in score, then cards laid, then moves (the cards left need
      one more move, or two when no single progression holds them: :meth:`MoveGenerator.more_moves`);
      when only a last move laying every card left could, only such moves are generated;
    * the sequences a set of hand cards can make through some table cards are computed once
      (by the :class:`MoveGenerator`);
    * a *floating* move (:meth:`MoveGenerator.floating`: one hand card and jokers as a new
      sequence, or jokers alone crossing a table card) is only followed by moves that use the
      sequence it laid, or by other floating moves. Its jokers may stand at any step, hence
      hundreds of forms; searching each form's every continuation is what made jokers slow.
      Nothing is lost: in any turn, a floating move can be played later, just before the first
      move that uses its sequence (or at the end of the turn), with the same score — the moves
      in between neither touch its cells nor need it, and the opening rule is kept because a
      floating lay is only postponed when adding is already allowed without it.

    ``pending`` (part of the memo's key) holds the sequences of floating moves that no later
    move has used yet.
    """

    def __init__(self, gen: MoveGenerator, limit: int, max_work: int = MAX_WORK, progress=None):
        self.gen, self.limit, self.max_work, self.progress = gen, limit, max_work, progress
        self.visited: dict[tuple, tuple] = {}
        self.best: tuple | None = None  # (value, path)

    def search(self, pos: PositionKey, acc: tuple[int, int, int], path, pending: frozenset = frozenset()) -> None:
        """Visit ``pos`` reached with ``acc`` = (score, cards laid, -moves) by the moves in ``path``."""
        key = (pos, pending)
        seen = self.visited.get(key)
        if seen is not None and acc <= seen:
            return
        if len(self.visited) >= self.limit:
            raise SearchTooLarge(
                _("the best turn needs more than {limit} positions to search (many jokers or a large table): allow more (--limit) or try with fewer jokers").format(limit=self.limit)
            )
        self.visited[key] = acc
        if self.progress is not None and len(self.visited) % PROGRESS_EVERY == 0:
            self.progress(self.gen.work, self.max_work)
        gen = self.gen
        if gen.can_stop(pos) and (self.best is None or acc > self.best[0]):
            self.best = (acc, path)
        min_cards = 0
        if self.best is not None:
            more, cards = gen.bound(pos)
            if (acc[0] + more, acc[1] + cards, acc[2] - 1) <= self.best[0]:
                return  # no move from here can lead to a better turn (the bound of each child is at most this)
            if (acc[0] + more, acc[1] + cards, acc[2] - 2) <= self.best[0]:
                min_cards = cards  # only a last move that lays every card still counted in the bound could
        moves = gen.moves(pos, pending or None, min_cards)
        if gen.work > self.max_work:
            raise SearchTooLarge(
                _("the best turn would take more than {max_work:,} steps to search: expected a smaller hand or fewer jokers").format(max_work=self.max_work)
            )
        seqs, _hand, reals, jokers, opened, laid_new = pos
        longest, second = (sorted(map(len, seqs), reverse=True) + [0, 0])[:2]  # a move's base: at most two sequences
        may_postpone_lay = may_add(gen.rules, opened, laid_new)
        moves.sort(key=lambda m: (-m[2][0], -m[2][1]))  # most promising first: good turns are found early
        for step, recipe, (score, laid) in moves:
            floating = gen.floating(step) and (step[0] == "cross" or may_postpone_lay)
            if pending:
                used = frozenset(s for s in pending if gen.uses(step, s))
                if not floating and used != pending:
                    continue  # a floating move waits for the move that uses it: it would be played just before
            else:
                used = pending
            child = (acc[0] + score, acc[1] + laid, acc[2] - 1)
            if step[0] == "swap":
                left_reals, left_jokers = recipe[2], recipe[3]
            else:
                left_reals, left_jokers = reals.difference(step[-1].reals), jokers - len(step[-1].jokers)
            if gen.keeps_a_card and not left_reals and not left_jokers:
                continue  # an empty hand: no card left to discard, and no move left to play
            if self.best is not None:
                more, cards = gen.bound_of(left_reals, left_jokers)
                if (child[0] + more, child[1] + cards, child[2] - (cards > 0)) <= self.best[0]:
                    continue  # cannot beat the best turn found: not even with every card left doubled
                base = longest + max(second, len(step[-1].numbers) if step[0] != "swap" else 0)
                if (child[0] + more, child[1] + cards, child[2] - gen.more_moves(left_reals, left_jokers, cards, base)) \
                        <= self.best[0]:
                    continue  # nor in fewer moves: the cards left need two more moves, not one
            nxt = gen.after(pos, step, recipe)
            left = pending - used
            if floating:
                left |= {step[-1].numbers}
            self.search(nxt, child, (step, path), left)


def _search(gen: MoveGenerator, state: TurnState, rules: Rules, deck: Deck, limit: int, max_work: int,
            progress=None) -> tuple[int, list[Move], int]:
    """The best the turn can still score from ``state``, the moves that do it (as the referee names
    them) and the positions searched."""
    search = _Search(gen, limit, max_work, progress)
    search.search(gen.key(state), (0, 0, 0), None)
    assert search.best is not None  # the turn can always end from a state the referee let it reach
    (score, _, _), path = search.best
    steps = []
    while path is not None:
        step, path = path
        steps.append(step)
    moves: list[Move] = []
    for step in reversed(steps):
        move = gen.to_move(step, state)
        state, _ = apply_move(state, move, rules, deck)
        moves.append(move)
    return score, moves, len(search.visited)


def best_turn(
    table: Table,
    hand: Sequence[Card],
    rules: Rules = Rules(),
    deck: Deck | None = None,
    opened: bool = False,
    limit: int = DEFAULT_STATE_LIMIT,
    *,
    max_work: int = MAX_WORK,
    progress=None,
) -> BestTurn:
    """The legal turn with the highest score for ``hand`` (after the draw) on ``table``.

    ``opened``: whether the player came out (laid a sequence) in an earlier turn; see
    :class:`~solver.nmbrs.rules.Opening`. A turn with no move (just discard) scores 0.
    The moves found are replayed through the referee (:func:`~solver.nmbrs.referee.judge`), whose verdict is
    returned. The final discard is not part of the moves (any card left may go).

    A search past ``limit`` positions or ``max_work`` generated moves raises
    :class:`~solver.errors.SearchTooLarge`; ``progress(work, max_work)``, if given, is
    called every few hundred positions (the CLI draws a progress bar with it).
    """
    deck = deck or Deck.default()
    check_hand_and_table(hand, table, deck, rules)
    gen = MoveGenerator(table, hand, rules, deck, opened)
    score, moves, states = _search(gen, TurnState.start(table, hand, opened), rules, deck, limit, max_work, progress)
    verdict = judge(table, hand, moves, rules, deck, opened)
    if not verdict.legal or verdict.score != score:  # pragma: no cover - the search and the referee disagree
        raise AssertionError(f"best turn {[str(m) for m in moves]} replays as {verdict.violation or verdict.score}, not {score}")
    return BestTurn(verdict, states)


def best_rest(turn, limit: int = DEFAULT_STATE_LIMIT, *, max_work: int = MAX_WORK) -> tuple[int, tuple[Move, ...]]:
    """The most a turn in progress (a :class:`~solver.nmbrs.state.Turn`) can still score, and the
    moves that do it (the final discard left out): the best-turn search from where it stands, so
    what the turn holds — a joker swapped that must be laid again, a sequence laid this turn for
    the opening rule — counts. Raises :class:`~solver.errors.SearchTooLarge` past its budget.

    >>> from solver.nmbrs.position import Position
    >>> from solver.nmbrs.state import Turn
    >>> deck = Deck.default()
    >>> turn = Turn.start(Position.parse("hand 15 25 40 7 8; table 10 20 30; opened", deck), Rules(), deck)
    >>> score, moves = best_rest(turn.apply("cross 20: 15 25"))
    >>> best_rest(turn)[0], score, [str(m) for m in moves], best_rest(turn.apply("add 1: 15 25"))
    (7, 1, ['add 1: 40'], (0, ()))
    """
    p = turn.position
    gen = MoveGenerator(p.table, p.hand, turn.rules, turn.deck, p.opened)
    score, moves, _ = _search(gen, turn.state, turn.rules, turn.deck, limit, max_work)
    return score, tuple(moves)
