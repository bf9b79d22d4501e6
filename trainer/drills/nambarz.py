"""The Nambarz drill: a hand and a top card; play the simplest calculation, a concordant card, or draw.

Answers are a calculation (``6÷2``), ``concordance CARD`` (or just the card), or
``draw`` when nothing is playable. The Nambarz referee judges them with the seed's
penalties; a legal play scores the cards it sheds plus any coup de maître bonus.

>>> import random
>>> drill = NambarzDrill(DrillOptions(level="basic"))
>>> p = drill.generate(random.Random(7))
>>> p.game, p.preset, len(p.hand)
('nambarz', 'basic', 7)
>>> drill.judge(p, "draw").correct
False
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.errors import TablecalcError
from solver.nambarz import Card, Deck, Rules, check, solve
from solver.nambarz.referee import Solution
from trainer.drills import DrillOptions, Judgement, Puzzle
from trainer.explain import explain_verdict, play_text

__all__ = ["NambarzDrill", "LEVELS"]


@dataclass(frozen=True)
class Level:
    preset: str
    hand_size: int
    description: str


LEVELS = {
    "beginner": Level("beginner", 5, "+ and − only, 5 cards"),
    "basic": Level("basic", 7, "left to right, + − × ÷, 7 cards"),
    "parentheses": Level("parentheses", 7, "any brackets, + − × ÷, 7 cards"),
}

MAX_TRIES = 20_000


class NambarzDrill:
    game = "nambarz"
    reference_seconds = 20.0

    def __init__(self, options: DrillOptions):
        self.level = options.level or "basic"
        if self.level not in LEVELS:
            raise TablecalcError(f"unknown nambarz level {self.level!r}: expected one of {', '.join(LEVELS)}")
        lv = LEVELS[self.level]
        self.rules = Rules.preset(options.preset or lv.preset)
        self.hand_size = options.hand_size or lv.hand_size
        if not 1 <= self.hand_size <= 20:
            raise TablecalcError(f"bad hand size {self.hand_size}: expected 1 to 20 cards")
        self.min_cards = options.min_cards or 2
        if self.min_cards > self.hand_size:
            raise TablecalcError(
                f"--min-cards {self.min_cards} cannot be met with {self.hand_size} cards: "
                f"expected a --hand-size of at least {self.min_cards}"
            )
        self.max_solutions = options.max_solutions
        self.trap_rate = options.trap_rate
        self.time_limit = options.time_limit
        self.deck = Deck.default()
        # jokers are left out of drills: a joker can always be played and teaches no calculation
        self.stock = [c for c in self.deck.cards() if not c.is_joker for _ in range(self.deck.copies(c))]

    # -- puzzles ---------------------------------------------------------------

    def _puzzle(self, top: Card, hand: list[Card]) -> Puzzle:
        shown = " ".join(str(c) for c in hand)
        return Puzzle(
            game=self.game,
            level=self.level,
            preset=self.rules.name,
            prompt=f"Cover {top} with your hand: {shown}",
            item=f"nambarz:{self.rules.name}:{top}|{' '.join(sorted(str(c) for c in hand))}",
            hand=tuple(str(c) for c in hand),
            target=str(top),
            time_limit=self.time_limit,
        )

    def _fits(self, sol: Solution, trap: bool) -> bool:
        if trap:
            return not sol.playable
        if sol.min_cards is None or sol.min_cards < self.min_cards:
            return False
        return self.max_solutions is None or len(sol.plays) <= self.max_solutions

    def generate(self, rng) -> Puzzle:
        """A random deal the solver has checked: a calculation of at least ``min_cards`` cards
        exists (at most ``max_solutions`` of them), or — at ``trap_rate`` — nothing is playable."""
        trap = rng.random() < self.trap_rate
        for _ in range(MAX_TRIES):
            cards = rng.sample(self.stock, self.hand_size + 1)
            top, hand = cards[0], cards[1:]
            if self._fits(solve(top, hand, self.rules, self.deck), trap):
                return self._puzzle(top, hand)
        want = "nothing playable" if trap else f"a simplest calculation of {self.min_cards}+ cards"
        raise TablecalcError(
            f"no {self.hand_size}-card nambarz deal with {want} found in {MAX_TRIES} tries: "
            "expected a smaller --min-cards, a larger --hand-size or a lower --trap-rate"
        )

    def from_case(self, case) -> Puzzle:
        top = self.deck.parse_card(case.target)
        hand = self.deck.parse_hand(case.hand)
        rules, self.rules = self.rules, Rules.preset(case.preset)
        try:
            return self._puzzle(top, hand)
        finally:
            self.rules = rules

    # -- answers ---------------------------------------------------------------

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement:
        rules = Rules.preset(puzzle.preset.removesuffix("+custom"))
        top = self.deck.parse_card(puzzle.target or "")
        hand = [self.deck.parse_card(c) for c in puzzle.hand]
        sol = solve(top, hand, rules, self.deck)
        expected, best = _expected(sol, rules)
        text = answer.strip()
        low = text.lower()
        if low == "draw":
            if sol.playable:
                return Judgement(
                    False, ("could-play",), score=0, best_score=best, expected=expected,
                    explanation=f"Something was playable: {expected[0]}.",
                )
            return Judgement(
                True, score=0, best_score=0, expected=expected,
                explanation=f"Right: nothing in this hand covers {top}, so you draw a card.",
            )
        if low.startswith("concordance"):
            text = text[len("concordance"):].strip()
            if not text:
                return Judgement(False, ("not-a-calculation",), best_score=best, expected=expected,
                                 explanation="Say which card: concordance CARD, e.g. concordance 3-bee.")
        if not text:
            return Judgement(False, ("no-answer",), best_score=best, expected=expected,
                             explanation=f"No answer. {_best_line(expected)}")
        try:
            v = check(top, hand, text, rules, self.deck)
        except TablecalcError as e:  # a card that is not in the deck, say
            return Judgement(False, ("not-a-calculation",), best_score=best, expected=expected,
                             explanation=f"{e}. {_best_line(expected)}")
        laid = len([c for c in v.cards if c is not None]) if v.legal else 0
        return Judgement(
            correct=v.legal,
            violations=tuple(str(x) for x in v.violations),
            penalty=v.penalty.as_dict(),
            score=laid + v.bonus,
            best_score=best,
            expected=expected,
            explanation=explain_verdict(v),
        )


def _expected(sol: Solution, rules: Rules) -> tuple[tuple[str, ...], int]:
    """The best answers (simplest calculations, else concordant cards, else draw) and their score."""
    if sol.plays:
        best = sol.min_cards + rules.coup_bonus(sol.min_cards)
        return tuple(play_text(p) for p in sol.plays), best
    if sol.concordant:
        return tuple(f"concordance {c}" for c in sol.concordant), 1
    if sol.jokers:
        return tuple(str(j) for j in sol.jokers), 1
    return ("draw",), 0


def _best_line(expected: tuple[str, ...]) -> str:
    return f"The best play was {expected[0]}." if expected and expected[0] != "draw" else "Nothing was playable: draw."
