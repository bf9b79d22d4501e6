"""The Nambarz drill: a hand and a top card; play the simplest calculation, a concordant card, or draw.

Answers are what the referee reads (:func:`solver.nambarz.judge`): a calculation (``6÷2``),
a card alone (``concordance 3-bee`` or just ``3-bee``), a joker, or ``draw`` when nothing
is playable; the referee's penalties apply. A legal play scores what
:func:`solver.nambarz.state.score_of` gives it: the cards shed plus any coup de maître bonus.

>>> import random
>>> drill = Drill(level="basic")
>>> p = drill.generate(random.Random(7))
>>> p.game, p.preset, len(p.fields["hand"])
('nambarz', 'basic', 7)
>>> drill.judge(p, "draw").correct
False
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import N_, _
from solver.nambarz import Deal, Move, Penalty, Rules, Solution, best, card_name, deal, judge
from solver.nambarz.round import RoundState
from solver.nambarz.state import moves_of, score_of
from solver.nambarz.words import best_answers, best_line, cards_text, explain_round_verdict, explain_verdict
from trainer.drills import TRAP_RATE, GameDrill, Judgement, Level, Puzzle, check_trap_rate, option

__all__ = ["Drill"]

MAX_TRIES = 20_000
MIN_HAND = 2
"""A hand smaller than a calculation teaches nothing this drill asks."""
MAX_HAND = 20


class Drill(GameDrill):
    game = "nambarz"
    reference_seconds = 20.0
    default_level = "basic"
    LEVELS = {
        "beginner": Level("beginner", N_("+ and − only, 5 cards")),
        "basic": Level("basic", N_("left to right, + − × ÷, 7 cards")),
        "parentheses": Level("parentheses", N_("any brackets, + − × ÷, 7 cards")),
    }
    HAND_SIZE = {"beginner": 5, "basic": 7, "parentheses": 7}
    no_penalty = Penalty().as_dict()
    OPTIONS = (
        option("hand_size", Annotated[Optional[int], typer.Option("--hand-size", help="Cards in the hand (2-20; beginner 5, else 7).")]),
        option("min_cards", Annotated[Optional[int], typer.Option("--min-cards", help="The simplest calculation needs at least this many cards.")]),
        option("max_solutions", Annotated[Optional[int], typer.Option("--max-solutions", help="At most this many simplest calculations.")]),
        TRAP_RATE,
    )

    def __init__(self, *, hand_size: int | None = None, min_cards: int | None = None,
                 max_solutions: int | None = None, trap_rate: float = 0.0, **settings):
        super().__init__(**settings)
        self.hand_size = self.HAND_SIZE[self.level] if hand_size is None else hand_size
        if not MIN_HAND <= self.hand_size <= MAX_HAND:
            raise TablecalcError(_("bad --hand-size {n}: expected {least} to {most} cards").format(n=self.hand_size, least=MIN_HAND, most=MAX_HAND))
        if min_cards is not None and min_cards < 2:
            raise TablecalcError(_("bad --min-cards {n}: a calculation uses at least 2 cards").format(n=min_cards))
        self.min_cards = min_cards or 2
        if self.min_cards > self.hand_size:
            raise TablecalcError(
                _("--min-cards {n} cannot be met with {hand} cards: expected a --hand-size of at least {n}").format(
                    n=self.min_cards, hand=self.hand_size)
            )
        if max_solutions is not None and max_solutions < 1:
            raise TablecalcError(_("bad --max-solutions {n}: expected at least 1").format(n=max_solutions))
        self.max_solutions = max_solutions
        self.trap_rate = check_trap_rate(trap_rate)

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Deal | RoundState, rules: Rules) -> Puzzle:
        if isinstance(situation, RoundState):  # a moment of a round (a pack's joker and round-end cases)
            hand = situation.hand()
            return Puzzle(
                game=self.game, level=self.level, preset=rules.name,
                prompt=_("{name} to move on {top} with: {hand}").format(
                    name=situation.names[situation.to], top=situation.cover, hand=" ".join(str(c) for c in hand) or "-"),
                item=f"nambarz:{rules.name}:round:{situation}",
                situation=str(situation),
                fields={"hand": [str(c) for c in hand], "target": str(situation.cover)},
                time_limit=self.time_limit,
            )
        top, hand = situation.top, situation.hand
        return Puzzle(
            game=self.game, level=self.level, preset=rules.name,
            prompt=_("Cover {top} with your hand: {hand}").format(top=card_name(top), hand=" ".join(card_name(c) for c in hand)),
            item=f"nambarz:{rules.name}:{top}|{' '.join(sorted(str(c) for c in hand))}",
            situation=str(situation),
            fields={"hand": [str(c) for c in hand], "target": str(top)},
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
        exists (at most ``max_solutions`` of them), or — at ``trap_rate`` — nothing is playable.
        Jokers are left out: a joker can always be played and teaches no calculation."""
        trap = rng.random() < self.trap_rate
        for _try in range(MAX_TRIES):
            d = deal(rng, self.data, self.hand_size)
            if self._fits(best(d.top, d.hand, self.rules, self.data), trap):
                return self.puzzle(d, self.rules)
        want = _("nothing playable") if trap else _("a simplest calculation of {n}+ cards").format(n=self.min_cards)
        raise TablecalcError(
            _("no {hand}-card nambarz deal with {want} found in {tries} tries: "
              "expected a smaller --min-cards, a larger --hand-size or a lower --trap-rate").format(
                hand=self.hand_size, want=want, tries=MAX_TRIES)
        )

    def situation_of(self, puzzle: Puzzle) -> Deal:
        if puzzle.situation:
            return super().situation_of(puzzle)
        # a puzzle saved by an older tablecalc: the top card and the hand as fields
        f = puzzle.fields
        return Deal(self.data.parse_card(f.get("target") or ""), tuple(self.data.parse_card(c) for c in f.get("hand", ())))

    # -- answers ---------------------------------------------------------------

    def _judge_round(self, state: RoundState, answer: str | None, rules: Rules) -> Judgement:
        from solver.nambarz import GAME

        state = GAME.new_state(state, rules, self.data_for(rules))
        moves = state.legal_moves()
        top_score = max(len(m.cards) + (rules.coup_bonus(len(m.cards)) if m.kind.value == "calculation" else 0)
                        for m in moves)
        sol = GAME.best(state, rules, self.data_for(rules))
        common = dict(best_score=top_score, expected=GAME.best_answers(sol),
                      best=_("A good move was {move}.").format(move=sol.best))
        if answer is None:
            return Judgement(False, **common)
        try:
            r = state.judge(answer)
        except TablecalcError as e:
            return Judgement(False, ("not-a-calculation",), self.no_penalty, explanation=f"{e}. {common['best']}", **common)
        m = r.move
        score = len(m.cards) + r.bonus if r.legal and m is not None and m.kind.value != "draw" else 0
        return Judgement(
            correct=r.legal, violations=tuple(str(x) for x in r.violations), penalty=r.penalty.as_dict(),
            penalty_amount=r.penalty.amount, score=score, explanation=explain_round_verdict(r), clauses=r.clauses, **common,
        )

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        rules = self.rules_for(puzzle)
        d = self.situation_of(puzzle)
        if isinstance(d, RoundState):
            return self._judge_round(d, answer, rules)
        sol = best(d.top, d.hand, rules, self.data)
        top_score = max(score_of(m, rules) for m in moves_of(sol))
        common = dict(best_score=top_score, expected=best_answers(sol), best=best_line(sol))
        if answer is None:
            return Judgement(False, **common)
        try:
            v = judge(d.top, d.hand, answer, rules, self.data)
        except TablecalcError as e:  # a card that is not in the deck, say: read the answer again
            return self.retry(str(e), "not-a-calculation")
        if v.violations and str(v.violations[0]) == "not-in-hand":
            return self.retry(_("You do not have {cards} in your hand: expected cards of {hand}.").format(
                cards=cards_text(v.missing), hand=" ".join(map(str, d.hand))), "not-in-hand")
        score = score_of(Move.from_verdict(v), rules) if v.legal else 0
        explanation = explain_verdict(v)
        if v.legal and score < top_score:
            explanation += " " + _("Still, {play} would score {best} (you scored {score}).").format(
                play=common["expected"][0], best=top_score, score=score)
            if sol.min_cards and rules.coup_bonus(sol.min_cards):
                explanation += " " + _("That calculation of {n} cards is a coup de maître, worth {bonus} more.").format(
                    n=sol.min_cards, bonus=rules.coup_bonus(sol.min_cards))
        return Judgement(
            correct=v.legal, violations=tuple(str(x) for x in v.violations), penalty=v.penalty.as_dict(),
            penalty_amount=v.penalty.amount, score=score, explanation=explanation, clauses=v.clauses, **common,
        )

    # -- progress --------------------------------------------------------------

    @classmethod
    def label(cls, item: str, puzzle=None) -> str:
        """``3-bee with 2 5 6 10``: the top card and the hand, from the item's key.

        >>> Drill.label("nambarz:basic:3-bee|10 2 5 6")
        '3-bee with 10 2 5 6'
        """
        from solver.i18n import _

        parts = item.split(":", 2)
        if len(parts) == 3 and "|" in parts[2]:
            top, _sep, hand = parts[2].partition("|")
            return _("{top} with {hand}").format(top=card_name(top), hand=" ".join(card_name(c) for c in hand.split()))
        return super().label(item, puzzle)

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        r = self.rules
        return "\n".join([
            _("Nambarz, level {level} ({description}).").format(level=self.level, description=self.LEVELS[self.level].said()),
            _("Cover the top card: lay one card of the same number (or the same drawing), or a calculation "
              "of your cards that makes its number, with as few cards as possible."),
            _("Rules of this level: {rules}. All the cards of a calculation are of one family (all "
              "symbols or all drawings) and none of them matches the top card.").format(rules=r.describe()),
            _("Answer with a calculation of your cards (6÷2, 8-lion - 5-cat; x and / work too), "
              "concordance CARD (or just the card) for one matching card, or draw when nothing covers it."),
            _("Score: one point per card laid; a calculation of 4 cards or more is a coup de maître "
              "(+{bonus} points, +{bonus} per further card). A wrong play costs the penalty: draw 3 and take "
              "back your cards.").format(bonus=r.coup_bonus(4)),
        ])

    def hints(self, puzzle: Puzzle) -> list[str]:
        """The card count of the simplest calculation, then its first card, then all its cards;
        or, when no calculation covers the card, that a matching card does, then which; or that
        nothing does."""
        d = self.situation_of(puzzle)
        sol = best(d.top, d.hand, self.rules_for(puzzle), self.data)
        if sol.plays:
            play = sol.plays[0]
            return [
                _("The simplest calculation uses {n} cards.").format(n=len(play.cards)),
                _("It starts with {card}.").format(card=card_name(play.cards[0])),
                _("It uses {cards}, in some order.").format(cards=cards_text(sorted(play.cards, key=str))),
            ]
        if sol.concordant:
            return [_("No calculation covers {top}, but a card of your hand matches it.").format(top=d.top),
                    _("Play {card} by concordance.").format(card=sol.concordant[0])]
        if sol.jokers:
            return [_("No calculation and no matching card: but a joker can be laid on any card.")]
        return [_("Look for a calculation, then a matching card: if neither exists, the answer is draw.")]
