"""The Nmbrs! drill: a hand (and, at the table levels, sequences on the table); find the best turn.

Answers are moves separated by ``;`` — ``lay 14 20 26; add 1: 32`` — or just the cards
of one new sequence (``14 20 26``), or ``pass`` when nothing can be laid. The Nmbrs!
referee judges the turn: an invalid turn puts the cards back and scores nothing. The
answer is *correct* when it is valid and scores as much as the best turn, whose score is
always shown next to the answer's.

>>> import random
>>> d = NmbrsDrill(DrillOptions(level="basic"))
>>> p = d.generate(random.Random(2))
>>> p.game, p.preset, len(p.hand), p.table
('nmbrs', 'basic', 7, ())
>>> d.judge(p, "lay 1 2").correct
False
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.nmbrs import Deck, Rules, SequenceRule, check_sequence
from solver.nmbrs.best import best_turn
from solver.nmbrs.table import MoveKind, Table, parse_moves, play_turn
from trainer.drills import DrillOptions, Judgement, Puzzle

__all__ = ["NmbrsDrill", "LEVELS"]


@dataclass(frozen=True)
class Level:
    preset: str
    hand_size: int
    table_sequences: int
    description: str


LEVELS = {
    "basic": Level("basic", 7, 0, "lay sequences from a 7-card hand, basic rules"),
    "advanced": Level("advanced", 7, 0, "lay sequences that count back to 0 or 1"),
    "simple": Level("simple", 5, 0, "cards 1-50, 5-card hand, score = cards laid"),
    "table": Level("basic", 7, 3, "a hand and three sequences on the table: add, insert, cross, link"),
    "table-advanced": Level("advanced", 7, 3, "the table level with the advanced rules"),
}

MAX_TRIES = 2_000
SEARCH_LIMIT = 20_000  # positions; drills keep hands small enough to stay well under it
PASS_WORDS = ("pass", "draw", "discard", "nothing")


class NmbrsDrill:
    game = "nmbrs"
    reference_seconds = 45.0

    def __init__(self, options: DrillOptions):
        self.level = options.level or "basic"
        if self.level not in LEVELS:
            raise TablecalcError(f"unknown nmbrs level {self.level!r}: expected one of {', '.join(LEVELS)}")
        lv = LEVELS[self.level]
        self.rules = Rules.preset(options.preset or lv.preset)
        self.deck = Deck.default().limited(self.rules.high, f"the {self.rules.name} rules")
        self.hand_size = options.hand_size or (lv.hand_size if self.rules.name != "simple" else 5)
        if not 1 <= self.hand_size <= 9:
            raise TablecalcError(f"bad hand size {self.hand_size}: expected 1 to 9 cards for an nmbrs drill")
        self.table_sequences = lv.table_sequences
        self.trap_rate = options.trap_rate
        self.time_limit = options.time_limit

    # -- puzzles ---------------------------------------------------------------

    def _random_sequence(self, rng, used: set[int]) -> list[int] | None:
        """A candidate table sequence (3-4 cards) that the rules accept, or ``None``."""
        step, length = rng.randint(1, 12), rng.randint(3, 4)
        span = step * (length - 1)
        if span >= self.rules.high:
            return None
        if self.rules.sequence is SequenceRule.PROGRESSION:
            start = rng.randint(1, self.rules.high - span)
        else:  # counting back must land on 0 or 1
            start = step * rng.randint(0, (self.rules.high - span) // step) + rng.choice([0, 1])
        nums = [start + step * i for i in range(length)]
        if start < 1 or nums[-1] > self.rules.high or used & set(nums):
            return None
        if not check_sequence([self.deck.parse_card(str(n)) for n in nums], self.rules).valid:
            return None
        return nums

    def _deal(self, rng) -> tuple[list[list[int]], list[str]]:
        used: set[int] = set()
        table: list[list[int]] = []
        for _ in range(1000):
            if len(table) == self.table_sequences:
                break
            seq = self._random_sequence(rng, used)
            if seq:
                table.append(seq)
                used |= set(seq)
        free = [n for n in range(self.deck.low, self.rules.high + 1) if n not in used]
        hand = sorted(rng.sample(free, self.hand_size))
        cards = [f"{n}{self.deck.colour_of(self.deck.parse_card(str(n))).letter}" for n in hand]
        if rng.random() < 0.2:  # now and then a joker (at most one keeps the best-turn search quick)
            cards[rng.randrange(len(cards))] = "joker"
        return table, cards

    def _puzzle(self, table_text: str, hand: list[str], preset: str) -> Puzzle:
        shown = f" — table: {table_text}" if table_text else ""
        return Puzzle(
            game=self.game,
            level=self.level,
            preset=preset,
            prompt=f"Your hand: {' '.join(hand)}{shown}",
            item=f"nmbrs:{preset}:{table_text}|{' '.join(sorted(hand))}",
            hand=tuple(hand),
            table=tuple(s.strip() for s in table_text.split("|")) if table_text else (),
            time_limit=self.time_limit,
        )

    def generate(self, rng) -> Puzzle:
        """A deal whose best turn scores something, or — at ``trap_rate`` — nothing (answer: pass)."""
        trap = rng.random() < self.trap_rate
        for _ in range(MAX_TRIES):
            table, hand = self._deal(rng)
            table_text = " | ".join(" ".join(map(str, s)) for s in table)
            puzzle = self._puzzle(table_text, hand, self.rules.name)
            best = self._best(puzzle)
            if (best.score == 0) == trap:
                return puzzle
        raise TablecalcError(
            f"no nmbrs deal {'with nothing to lay' if trap else 'with a scoring turn'} found in {MAX_TRIES} tries: "
            "expected a lower --trap-rate or another --hand-size"
        )

    def from_case(self, case) -> Puzzle:
        hand = self.deck.parse_hand(case.hand)
        return self._puzzle(case.table or "", [str(c) for c in hand], case.preset)

    # -- answers ---------------------------------------------------------------

    def _situation(self, puzzle: Puzzle):
        rules = Rules.preset(puzzle.preset)
        deck = Deck.default().limited(rules.high, f"the {rules.name} rules")
        table = Table.parse(" | ".join(puzzle.table or ()), deck, rules)
        hand = [deck.parse_card(c) for c in puzzle.hand]
        # at the table levels the player came out in an earlier turn
        return rules, deck, table, hand, bool(puzzle.table)

    def _best(self, puzzle: Puzzle):
        rules, deck, table, hand, opened = self._situation(puzzle)
        return best_turn(table, hand, rules, deck, opened=opened, limit=SEARCH_LIMIT)

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement:
        rules, deck, table, hand, opened = self._situation(puzzle)
        best = best_turn(table, hand, rules, deck, opened=opened, limit=SEARCH_LIMIT)
        best_moves = "; ".join(str(r.move) for r in best.verdict.results) or "pass"
        best_line = f"Best turn: {best_moves} (score {best.score})."
        text = answer.strip()
        if not text:
            return Judgement(False, ("no-answer",), best_score=best.score, expected=(best_moves,),
                             explanation=f"No answer. {best_line}")
        if text.lower() in PASS_WORDS:
            moves_text: list[str] = []
        else:
            moves_text = [m.strip() for m in text.split(";") if m.strip()]
            first = moves_text[0].split()[0].lower() if moves_text else ""
            if first not in {k.value for k in MoveKind}:  # just the cards of a new sequence
                moves_text[0] = "lay " + moves_text[0]
        try:
            moves = parse_moves(moves_text, deck) if moves_text else []  # pass: no move, just discard
            verdict = play_turn(table, hand, moves, rules, deck, opened)
        except TablecalcError as e:
            return Judgement(False, ("not-a-move",), best_score=best.score, expected=(best_moves,),
                             explanation=f"{e}. {best_line}")
        if not verdict.legal:
            laid = [str(p.card) for r in verdict.results for p in r.laid]
            return Judgement(
                False, (str(verdict.violation),), penalty={"draw": 0, "take_back": laid},
                score=0, best_score=best.score, expected=(best_moves,),
                explanation=f"{verdict.reason}: the cards go back and score nothing. {best_line}",
            )
        if verdict.score < best.score:
            return Judgement(
                False, ("below-best",), score=verdict.score, best_score=best.score, expected=(best_moves,),
                explanation=f"Valid, scoring {verdict.score}, but a better turn exists. {best_line}",
            )
        return Judgement(True, score=verdict.score, best_score=best.score, expected=(best_moves,),
                         explanation=f"Valid and the best possible: score {verdict.score}.")
