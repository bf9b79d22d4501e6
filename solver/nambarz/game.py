"""Nambarz as the registry sees it: the :class:`solver.game.Game` protocol over this package.

>>> import random
>>> deck = GAME.load_data(GAME.rules())
>>> deal = GAME.parse_situation("top 3-bee; hand 6 5 2 10", deck)
>>> GAME.best_answers(GAME.solve(deal, GAME.rules(), deck))
('5-2', '6÷2')
>>> GAME.explain(GAME.check(deal, "6÷2", GAME.rules("basic"), deck))
'Correct: 6÷2 = 3 covers 3-bee with 2 cards, the fewest possible.'
"""

from __future__ import annotations

from pathlib import Path

from solver.nambarz.cards import Deck, is_concordant
from solver.nambarz.referee import CONCORDANCE, DRAW, Verdict, Violation, check, solve
from solver.nambarz.rules import PRESETS, Rules
from solver.nambarz.state import Deal, Turn, deal
from solver.nambarz.words import best_answers, explain_verdict
from solver.i18n import N_

__all__ = ["Nambarz", "GAME"]


class Nambarz:
    """Cover the top card by concordance, with a joker, or with the simplest calculation."""

    name = "nambarz"
    title = "Nambarz"
    aliases = ("nambars", "numbers-game")
    summary = "cover the top card with the simplest calculation over your hand: referee, solver, score sheet"
    seed = (
        "seed 000 (French FAQ of the published rules): concordance, calculation (one family, the simplest, "
        "no concordant card), left to right or the parentheses variant, penalties, jokers, places and coups"
    )
    default_preset = "basic"
    penalty_unit = N_("cards drawn")
    violations = Violation
    presets = PRESETS

    def rules(self, preset: str | None = None, **options) -> Rules:
        return Rules.preset(preset or self.default_preset).with_options(**options)

    def load_data(self, rules: Rules, path: str | Path | None = None) -> Deck:
        return Deck.from_file(path) if path else Deck.default()

    def parse_situation(self, text: str, deck: Deck) -> Deal:
        return Deal.parse(text, deck)

    def check_situation(self, situation: Deal, rules: Rules, deck: Deck) -> None:
        """Every deal the deck allows can be played under every preset."""

    def random_situation(self, rng, rules: Rules, deck: Deck) -> Deal:
        return deal(rng, deck, 7, jokers=True)

    def solve(self, situation: Deal, rules: Rules, deck: Deck):
        return solve(situation.top, situation.hand, rules, deck)

    def best_answers(self, solution) -> tuple[str, ...]:
        return best_answers(solution)

    def check(self, situation: Deal, answer: str, rules: Rules, deck: Deck) -> Verdict:
        return check(situation.top, situation.hand, answer, rules, deck)

    def refused_answer(self, situation: Deal, rules: Rules, deck: Deck) -> str | None:
        """A card that does not match the top card laid alone, else a calculation that uses a
        concordant card, else ``draw`` when something could be played."""
        top, hand = situation.top, situation.hand
        numbered = [c for c in hand if not c.is_joker]
        for c in numbered:
            if not is_concordant(c, top):
                return f"{CONCORDANCE} {c.exact_name}"
        for i, a in enumerate(numbered):
            for b in numbered[i + 1:]:
                if a.family == b.family:
                    return f"{a.exact_name} + {b.exact_name}"
        return DRAW if solve(top, hand, rules, deck).playable else None

    def explain(self, verdict: Verdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation: Deal, rules: Rules, deck: Deck) -> Turn:
        return Turn(situation, rules, deck)


GAME = Nambarz()
"""The registry's entry for Nambarz."""
