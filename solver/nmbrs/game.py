"""Nmbrs! as the registry sees it: :class:`solver.game.BaseGame` over this package.

A situation is a :class:`~solver.nmbrs.position.Position` (hand, table, came out before);
an answer is a turn as a player types it (:func:`~solver.nmbrs.moves.parse_turn`); the
verdict is the referee's :class:`~solver.nmbrs.verdict.Verdict`.

>>> deck = GAME.load_data(GAME.rules())
>>> position = GAME.parse_situation("hand 15 25 40 7 8; table 10 20 30; opened", deck)
>>> GAME.best_answers(GAME.best(position, GAME.rules(), deck))
('cross 20: 15 25; add 1: 40',)
>>> GAME.explain(GAME.judge(position, "add 1: 15 25", GAME.rules(), deck))
'Legal: add 1: 15 25 scores 3; card points are an estimate. Discard one of 40, 7 and 8 to end the turn.'
>>> verdict = GAME.judge(position, GAME.refused_answer(position, GAME.rules(), deck), GAME.rules(), deck)
>>> verdict.legal, verdict.violations, verdict.penalty.amount
(False, (<Violation.NOT_A_SEQUENCE: 'not-a-sequence'>,), 0)
"""

from __future__ import annotations

from pathlib import Path

from solver.game import BaseGame, DataOption
from solver.i18n import N_
from solver.nmbrs.best import BestTurn, best_turn
from solver.nmbrs.cards import Deck
from solver.nmbrs.deal import deal
from solver.nmbrs.moves import parse_turn
from solver.nmbrs.position import Position
from solver.nmbrs.referee import judge
from solver.nmbrs.rules import Rules
from solver.nmbrs.state import Turn
from solver.nmbrs.verdict import JUDGED, Refusal, RoundVerdict, SequenceVerdict, SequenceWhy, Verdict, Violation
from solver.nmbrs.words import explain_round_move, explain_sequence, explain_turn, refusal_text, say_move, sequence_reason

__all__ = ["Nmbrs", "GAME", "DEALT_SEQUENCES"]

DEALT_SEQUENCES = 3
"""How many sequences a random situation has on the table."""


class Nmbrs(BaseGame):
    """Lay sequences of numbered cards and add to the table's: referee, best turn, scores."""

    name = "nmbrs"
    title = "Nmbrs!"
    aliases = ("nmbrs!", "numbers", "number-sequences", "suites", "suites-de-nombres", "nummers", "reeksen")
    summary = N_("number-sequence rummy: check sequences, referee a turn, find the best turn, score a round")
    seed = N_(
        "seed 002 (seeds/002_74474174b770d736.txt, the Dutch rules 'Spelregels nmbrs!'): sequences of 3+ cards "
        "going up by one step, adding, inserting, crossing and linking, joker swaps, colour doubling, the "
        "discard that ends a turn, the advanced count-back rule and the simple version"
    )
    penalty_unit = N_("cards taken back")
    Rules = Rules
    violations = Violation
    judged = JUDGED
    data_option = DataOption("--deck", N_("A deck file (TOML) instead of the built-in deck."))

    def load_data(self, rules: Rules, path: str | Path | None = None) -> Deck:
        """The built-in deck (or the deck file at ``path``), limited to the cards ``rules`` play with."""
        deck = Deck.from_file(path) if path else Deck.default()
        return deck.limited(rules.high, rules.name)

    def parse_situation(self, text: str, deck: Deck) -> Position:
        return Position.parse(text, deck)

    def check_situation(self, situation: Position, rules: Rules, deck: Deck) -> None:
        """The table's sequences must be valid, and every card within range, under ``rules``."""
        situation.check(rules, deck)

    def random_situation(self, rng, rules: Rules, deck: Deck) -> Position:
        """A hand of ``rules.hand_size`` cards against :data:`DEALT_SEQUENCES` sequences; the player
        came out in an earlier turn."""
        return deal(rng, rules, deck, table_sequences=DEALT_SEQUENCES)

    def best(self, situation: Position, rules: Rules, deck: Deck) -> BestTurn:
        situation.check(rules, deck)
        return best_turn(situation.table, situation.hand, rules, deck, situation.opened)

    def best_answers(self, solution: BestTurn) -> tuple[str, ...]:
        """The best turn's moves joined by ``; `` (``pass`` when no move scores)."""
        return ("; ".join(str(m) for m in solution.moves) or "pass",)

    def judge(self, situation: Position, answer: str, rules: Rules, deck: Deck) -> Verdict:
        situation.check(rules, deck)
        moves = parse_turn(answer, deck)
        return judge(situation.table, situation.hand, moves, rules, deck, situation.opened)

    def refused_answer(self, situation: Position, rules: Rules, deck: Deck) -> str | None:
        """Two cards (or the only one) of the hand laid as a new sequence: a sequence needs 3."""
        return "lay " + " ".join(str(c) for c in situation.hand[:2])

    def say_move(self, move: str) -> str:
        return say_move(move)

    def explain(self, verdict: Verdict | SequenceVerdict | RoundVerdict | Refusal | SequenceWhy) -> str:
        """A turn's, a sequence's or a round move's verdict in one or two sentences; a
        :class:`Refusal` (the verdict of an :class:`~solver.errors.IllegalMove` a game state raises)
        or a :class:`SequenceWhy` (why a table sequence is not valid) as the clause that says why."""
        if isinstance(verdict, RoundVerdict):
            return explain_round_move(verdict)
        if isinstance(verdict, SequenceVerdict):
            return explain_sequence(verdict)
        if isinstance(verdict, Refusal):
            return refusal_text(verdict)
        if isinstance(verdict, SequenceWhy):
            return sequence_reason(verdict)
        return explain_turn(verdict)

    def new_state(self, situation: Position, rules: Rules, deck: Deck) -> Turn:
        return Turn.start(situation, rules, deck)

    def new_match(self, names: tuple[str, ...], rules: Rules, deck: Deck):
        """Rounds between ``names`` (2 to 8 players) until one ends a round with ``win_at`` points
        (a :class:`~solver.nmbrs.match.Match`, imported here: the commands of one turn start
        without the whole game)."""
        from solver.nmbrs.match import Match

        return Match(tuple(names), rules, deck if deck is not None else self.load_data(rules))

    def older_log(self, text: str, source: str):
        """A log that ``tablecalc nmbrs simulate --log`` wrote (or a person wrote by hand) before the
        one log format — deal lines with ``hands``, move lines with ``player`` and ``move`` — as a
        :class:`~solver.whole.log.Log` (:func:`~solver.nmbrs.match.older_log`)."""
        from solver.nmbrs.match import older_log

        return older_log(text, source)


GAME = Nmbrs()
"""The registry's entry for Nmbrs!."""
