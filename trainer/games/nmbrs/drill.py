"""The Nmbrs! drill: a hand (and, at the table levels, sequences on the table); find the best turn.

Answers are what :func:`solver.nmbrs.parse_turn` reads: moves separated by ``;`` —
``lay 14 20 26; add 1: 32`` — or just the cards of one new sequence (``14 20 26``), or
``pass`` when nothing can be laid. The Nmbrs! referee judges the turn: a refused turn puts
the cards back and scores nothing. The answer is *correct* when it is legal and scores as
much as the best turn, whose score is always shown next to the answer's.

>>> import random
>>> d = Drill(level="basic")
>>> p = d.generate(random.Random(2))
>>> p.game, p.preset, len(p.fields["hand"]), p.fields["table"]
('nmbrs', 'basic', 7, [])
>>> d.judge(p, "lay 1 2").correct
False
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import N_, _, ngettext, pgettext
from solver.nmbrs import Position
from solver.nmbrs.deal import deal
from solver.nmbrs.moves import parse_turn
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import Penalty, Violation
from solver.nmbrs.words import score_breakdown, table_rows, turn_reason
from trainer.drills import TRAP_RATE, GameDrill, Judgement, Level, Puzzle, check_trap_rate, option

__all__ = ["Drill"]

MAX_TRIES = 2_000
MAX_HAND = 9


class Drill(GameDrill):
    game = "nmbrs"
    reference_seconds = 45.0
    default_level = "basic"
    LEVELS = {
        "basic": Level("basic", N_("lay sequences from a 7-card hand, basic rules")),
        "advanced": Level("advanced", N_("lay sequences that count back to 0 or 1")),
        "simple": Level("simple", N_("cards 1-50, 5-card hand, score = cards laid")),
        "table": Level("basic", N_("a hand and three sequences on the table: add, insert, cross, link")),
        "table-advanced": Level("advanced", N_("the table level with the advanced rules")),
    }
    TABLE_SEQUENCES = {"table": 3, "table-advanced": 3}
    no_penalty = Penalty().as_dict()
    OPTIONS = (
        option("hand_size", Annotated[Optional[int], typer.Option("--hand-size", help="Cards in the hand (1-9; the preset's deal by default).")]),
        TRAP_RATE,
    )

    def __init__(self, *, hand_size: int | None = None, trap_rate: float = 0.0, **settings):
        super().__init__(**settings)
        self.hand_size = self.rules.hand_size if hand_size is None else hand_size
        if not 1 <= self.hand_size <= MAX_HAND:
            raise TablecalcError(_("bad --hand-size {n}: expected 1 to {most} cards for an nmbrs drill").format(n=self.hand_size, most=MAX_HAND))
        self.trap_rate = check_trap_rate(trap_rate)
        self.table_sequences = self.TABLE_SEQUENCES.get(self.level, 0)

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Position, rules) -> Puzzle:
        hand = [str(c) for c in situation.hand]
        table_text = str(situation.table)
        rows = "".join(f"\n    {row}" for row in table_rows(table_text))
        shown = _("\n  table:{rows}").format(rows=rows) if table_text else ""
        return Puzzle(
            game=self.game, level=self.level, preset=rules.name,
            prompt=_("Your hand: {hand}{table}").format(hand=" ".join(hand), table=shown),
            item=f"nmbrs:{rules.name}:{table_text}|{' '.join(sorted(hand))}",
            situation=str(situation),
            fields={"hand": hand, "table": [s.strip() for s in table_text.split("|")] if table_text else []},
            time_limit=self.time_limit,
        )

    def draw(self, puzzle: Puzzle, colour: bool = True) -> str:
        """The hand and the table's sequences, each card in its colour (the score depends on it); with
        colour off, the table's cards carry their colour letter too."""
        from trainer.games.nmbrs.render import card_markup
        from trainer.out import escape

        position = self.situation_of(puzzle)
        deck = self.data_for(self.rules_for(puzzle))
        hand = " ".join(card_markup(c, deck, colour) for c in position.hand)
        lines = [escape(_("Your hand: {hand}{table}")).format(hand=hand, table="")]
        if position.table.sequences:
            lines.append("  " + escape(_("table:")))
            lines += [f"    {i}: " + " ".join(card_markup(c, deck, colour) for c in seq)
                      for i, seq in enumerate(position.table.sequences, 1)]
        return "\n".join(lines)

    def generate(self, rng) -> Puzzle:
        """A deal whose best turn scores something, or — at ``trap_rate`` — nothing (answer: pass)."""
        trap = rng.random() < self.trap_rate
        for _try in range(MAX_TRIES):
            position = deal(rng, self.rules, self.data, hand_size=self.hand_size, table_sequences=self.table_sequences)
            if (self.spec.best(position, self.rules, self.data).score == 0) == trap:
                return self.puzzle(position, self.rules)
        raise TablecalcError(
            (_("no nmbrs deal with nothing to lay found in {tries} tries: expected a lower --trap-rate or another --hand-size")
             if trap else
             _("no nmbrs deal with a scoring turn found in {tries} tries: expected a lower --trap-rate or another --hand-size"))
            .format(tries=MAX_TRIES)
        )

    def situation_of(self, puzzle: Puzzle) -> Position:
        if puzzle.situation:
            return super().situation_of(puzzle)
        # a puzzle saved by an older tablecalc: the hand and the table as fields
        rules = self.rules_for(puzzle)
        deck = self.data_for(rules)
        table = Table.parse(" | ".join(puzzle.fields.get("table") or ()), deck, rules)
        hand = tuple(deck.parse_card(c) for c in puzzle.fields.get("hand", ()))
        return Position(hand, table, bool(table.sequences))

    # -- answers ---------------------------------------------------------------

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        rules = self.rules_for(puzzle)
        deck = self.data_for(rules)
        position = self.situation_of(puzzle)
        best = self.spec.best(position, rules, deck)
        (best_moves,) = self.spec.best_answers(best)
        line = _("Best turn: {moves} (score {score}).").format(moves=best_moves, score=best.score)
        common = dict(best_score=best.score, expected=(best_moves,), best=line)
        if answer is None:
            return Judgement(False, **common)
        try:
            v = self.spec.judge(position, answer, rules, deck)
        except TablecalcError as e:  # not a move: read the answer again
            return self.retry(str(e), str(Violation.NOT_A_MOVE))
        penalty = v.penalty.as_dict()
        if not v.legal:
            if v.violations[0].not_understood:  # a card not in hand, a sequence not on the table: a typo
                return self.retry(f"{turn_reason(v)}.", str(v.violations[0]))
            return Judgement(False, tuple(map(str, v.violations)), penalty, v.penalty.amount,
                             explanation=f"{self.spec.explain(v)} {line}", **common)
        if v.score < best.score:
            return Judgement(False, ("below-best",), penalty, score=v.score,
                             explanation=_("Valid, scoring {score}, but a better turn exists. {best}").format(
                                 score=v.score, best=line) + ("\n" + score_breakdown(v) if v.score else ""), clauses=v.clauses, **common)
        return Judgement(True, (), penalty, score=v.score,
                         explanation=_("Valid and the best possible: score {score}.").format(score=v.score)
                         + "\n" + score_breakdown(v), clauses=v.clauses, **common)

    # -- progress --------------------------------------------------------------

    @classmethod
    def label(cls, item: str, puzzle=None) -> str:
        """``27b 33r 80o on 48 57 66 | 9 19 29``: the hand, and the table when there is one, from the item's key.

        >>> Drill.label("nmbrs:basic:|48o 61r joker"), Drill.label("nmbrs:table:48 57 66|27b 33r")
        ('48o 61r joker', '27b 33r on 48 57 66')
        """
        from solver.i18n import _

        parts = item.split(":", 2)
        if len(parts) != 3 or "|" not in parts[2]:
            return super().label(item, puzzle)
        table, _sep, hand = parts[2].rpartition("|")
        return _("{hand} on {table}").format(hand=hand, table=table) if table.strip() else hand

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        r = self.rules
        lines = [
            _("Nmbrs!, level {level} ({description}).").format(level=self.level, description=self.LEVELS[self.level].said()),
            _("Find the turn that scores the most: lay sequences of 3 or more cards that go up by the same step "
              "(14 20 26){table}.").format(
                table=_(", or add your cards to the numbered sequences on the table") if self.table_sequences else ""),
            _("Rules: {rules}.").format(rules=r.describe()),
            _("Cards: a number and its colour letter, r(ed) g(reen) b(lue) o(range): 14r 20g; a joker is joker or j "
              "(joker=20 to say what it stands for)."),
            _("Answer: moves separated by ; (lay 14 20 26; add 1: 32), or just the cards of a new sequence, "
              "or pass when nothing can be laid."),
        ]
        if self.table_sequences:
            lines.append(_("Table moves: add N: CARDS (to sequence N), cross CARD: CARDS (through a table card), "
                           "link N M: CARDS (join two sequences), swap N (take back the joker standing for N)."))
        lines.append(_("Score: the points of the cards you lay, doubled when a sequence is all one colour or all "
                       "different colours; a refused turn scores nothing and your cards go back.")
                     if r.score_by.value != "cards" else
                     _("Score: one point per card laid; a refused turn scores nothing and your cards go back."))
        return "\n".join(lines)

    def hints(self, puzzle: Puzzle) -> list[str]:
        """What the best turn scores, then its number of moves and its first move's kind, then that first move."""
        rules = self.rules_for(puzzle)
        deck = self.data_for(rules)
        best = self.spec.best(self.situation_of(puzzle), rules, deck)
        (text,) = self.spec.best_answers(best)
        moves = [m for m in parse_turn(text, deck) if not m.ends_turn]
        if not moves:
            return [_("No turn scores anything here: pass.")]
        first = moves[0]
        return [
            _("The best turn scores {score}.").format(score=best.score),
            ngettext("It has {n} move.", "It has {n} moves.", len(moves)).format(n=len(moves)) + " "
            + ngettext("The first is a {kind} of {cards} card.", "The first is a {kind} of {cards} cards.",
                       len(first.cards)).format(kind=pgettext("nmbrs move", str(first.kind)), cards=len(first.cards)),
            _("Its first move: {move}.").format(move=first),
        ]
