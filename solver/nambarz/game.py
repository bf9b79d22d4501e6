"""Nambarz as the registry sees it: :class:`solver.game.BaseGame` over this package.

A situation is a :class:`~solver.nambarz.state.Deal` (a top card and a hand); an answer is a
play (a calculation, one card, a joker or ``draw``). ``best`` finds every simplest play and
``judge`` is the referee's verdict on a play.

>>> deck = GAME.load_data(GAME.rules())
>>> deal = GAME.parse_situation("top 3-bee; hand 6 5 2 10", deck)
>>> GAME.best_answers(GAME.best(deal, GAME.rules(), deck))
('5-2', '6÷2')
>>> GAME.explain(GAME.judge(deal, "6÷2", GAME.rules("basic"), deck))
'Correct: 6÷2 = 3 covers 3-bee with 2 cards, the fewest possible.'

A situation with ``hands`` is a moment of a whole round (:class:`~solver.nambarz.round.RoundState`):
the answer is the move of the player to move, judged with the jokers' rules, and the verdict
holds the table after it.

>>> s = GAME.parse_situation("hands Ann: 6 1 5-cat | Bob: 7; top change-number 5", deck)
>>> v = GAME.judge(s, "6-1", GAME.rules(), deck)
>>> GAME.explain(v)
'After a joker laid alone (change-number 5) the next player may not calculate: they lay one card of that number or drawing. Draw 3 cards and take back 6 and 1.'
>>> v.after["to"], v.after["top"]
('Bob', 'change-number 5')
>>> GAME.best_answers(GAME.best(s, GAME.rules(), deck))
('5-cat',)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from solver.errors import TablecalcError
from solver.game import BaseGame, DataOption
from solver.i18n import N_, _
from solver.nambarz.best import Solution, best
from solver.nambarz.cards import Deck, is_concordant
from solver.nambarz.deal import deal
from solver.nambarz.moves import Move, judge as judge_move, legal_moves, read_joker
from solver.nambarz.referee import CONCORDANCE, DRAW, judge
from solver.nambarz.round import RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.state import Deal, MoveKind, Turn
from solver.nambarz.verdict import JUDGED, RoundVerdict, Verdict, Violation
from solver.nambarz.words import best_answers, explain_round_verdict, explain_verdict, say_move

__all__ = ["Nambarz", "GAME", "RoundSolution"]


@dataclass(frozen=True)
class RoundSolution:
    """What the player to move may do in a round: every legal move, and the best bot's choice."""

    state: RoundState
    moves: tuple[Move, ...]
    best: Move

    def as_dict(self) -> dict:
        return {"player": self.state.names[self.state.to], "moves": [str(m) for m in self.moves], "best": str(self.best)}


def _announces(answer: str, deck: Deck) -> bool:
    """Whether ``answer`` lays a joker with what it announces or the card after it (the jokers'
    rules judge it; a joker named alone is the one-turn referee's, as the drills ask it)."""
    try:
        joker = read_joker(answer, deck)
    except TablecalcError:
        return True  # a joker move written wrongly: the jokers' rules word why
    return joker is not None and (joker[1] is not None or joker[2] is not None)


def _is_round(text: str) -> bool:
    return any(part.strip().lower().startswith("hands") for part in str(text).split(";"))


class Nambarz(BaseGame):
    """Cover the top card by concordance, with a joker, or with the simplest calculation."""

    name = "nambarz"
    title = "Nambarz"
    aliases = ("nambars", "numbers-game")
    summary = N_("cover the top card with the simplest calculation over your hand: referee, solver, score sheet")
    seed = N_(
        "seed 000 (French FAQ of the published rules): concordance, calculation (one family, the simplest, "
        "no concordant card), left to right or the parentheses variant, penalties, jokers, places and coups"
    )
    penalty_unit = N_("cards drawn")
    Rules = Rules
    violations = Violation
    judged = JUDGED
    data_option = DataOption("--deck", N_("A deck file (TOML) instead of the built-in deck."))

    def load_data(self, rules: Rules, path: str | Path | None = None) -> Deck:
        """The deck file, with the jokers of the rules' level (12, 8 or 4)."""
        deck = Deck.from_file(path) if path else Deck.default()
        return deck.with_jokers(rules.jokers_per_kind)

    def parse_situation(self, text: str, deck: Deck) -> Deal | RoundState:
        """``top CARD; hand CARDS`` (one turn), or a moment of a round (``hands ...; top ...``)."""
        if _is_round(text):
            return RoundState.parse(text, Rules(), deck)  # the rules come with judge, best, new_state
        return Deal.parse(text, deck)

    def check_situation(self, situation: Deal | RoundState, rules: Rules, deck: Deck) -> None:
        """The cards fit the deck of the rules' joker level; a round is not over."""
        if isinstance(situation, RoundState):
            deck.check_available(list(situation.all_cards().elements()), "cards of the round")
            if situation.is_terminal():
                raise TablecalcError(_("this round is over: there is no move to make"))
        else:
            deck.check_available(situation.cards(), "hand and top card")

    def random_situation(self, rng, rules: Rules, deck: Deck) -> Deal:
        return deal(rng, deck, rules.hand_size, jokers=True)

    def _state(self, situation: RoundState, rules: Rules, deck: Deck) -> RoundState:
        return replace(situation, rules=rules, deck=deck)

    def best(self, situation: Deal | RoundState, rules: Rules, deck: Deck) -> Solution | RoundSolution:
        """Every simplest play of a turn; in a round, every legal move and the best bot's."""
        if isinstance(situation, RoundState):
            from solver.nambarz.bots import choose  # the bots load only for a round (quick start-up)

            state = self._state(situation, rules, deck)
            return RoundSolution(state, tuple(state.legal_moves()), choose(state, "best", random.Random(0)))
        if situation.after_joker:
            return self._after_joker(situation, rules, deck)
        return best(situation.top, situation.hand, rules, deck)

    def _after_joker(self, situation: Deal, rules: Rules, deck: Deck) -> Solution:
        """What a hand may lay on a change joker laid alone: a card of what it announced, or a
        joker when the rules allow one (never a calculation)."""
        if not situation.hand:
            raise TablecalcError(_("the hand is empty: expected at least one card, e.g. --hand \"6 5 2 10\""))
        deck.check_available(situation.cards(), "hand and top card")
        moves = legal_moves(situation.top, situation.hand, rules, deck)
        follow = tuple(m.cards[0] for m in moves if m.kind is MoveKind.CONCORDANCE)
        jokers, firsts = [], []
        for m in moves:
            if m.kind is MoveKind.JOKER and m.cards[0] not in jokers:
                jokers.append(m.cards[0])
                firsts.append(str(m))
        return Solution(situation.top, situation.hand, rules, follow, tuple(jokers), None, (), tuple(firsts))

    def best_answers(self, solution: Solution | RoundSolution) -> tuple[str, ...]:
        if isinstance(solution, RoundSolution):
            return (str(solution.best),)
        return best_answers(solution)

    def judge(self, situation: Deal | RoundState, answer: str, rules: Rules, deck: Deck) -> Verdict | RoundVerdict:
        """The referee's verdict; on a change joker laid alone, or for a joker that announces
        something (``change-number 5 then 5-cat``), the jokers' rules judge it (a :class:`RoundVerdict`)."""
        if isinstance(situation, RoundState):
            return self._state(situation, rules, deck).judge(answer, with_after=True)
        if situation.after_joker or _announces(answer, deck):
            deck.check_available(situation.cards(), "hand and top card")
            return judge_move(situation.top, situation.hand, answer, rules, deck)
        return judge(situation.top, situation.hand, answer, rules, deck)

    def refused_answer(self, situation: Deal | RoundState, rules: Rules, deck: Deck) -> str | None:
        """A card that does not match the top card laid alone, else a calculation that uses a
        concordant card, else ``draw`` when something could be played."""
        if isinstance(situation, RoundState):
            state = self._state(situation, rules, deck)
            legal = {str(m) for m in state.legal_moves()}
            return next((t for t in ("draw", "6+5+2-10", *(str(c) for c in state.hand())) if t not in legal
                         and not state.judge(t).legal and state.judge(t).move is not None), None)
        top, hand = situation.top, situation.hand
        numbered = [c for c in hand if not c.is_joker]
        if situation.after_joker:  # a calculation, else a card that does not follow what was announced
            if len(numbered) >= 2:
                return f"{numbered[0].exact_name} + {numbered[1].exact_name}"
            return next((c.exact_name for c in numbered if not top.allows(c)), None)
        for c in numbered:
            if not is_concordant(c, top):
                return f"{CONCORDANCE} {c.exact_name}"
        for i, a in enumerate(numbered):
            for b in numbered[i + 1:]:
                if a.family == b.family:
                    return f"{a.exact_name} + {b.exact_name}"
        return DRAW if best(top, hand, rules, deck).playable else None

    def explain(self, verdict: Verdict | RoundVerdict) -> str:
        if isinstance(verdict, RoundVerdict):
            return explain_round_verdict(verdict)
        return explain_verdict(verdict)

    def explain_cited(self, verdict: Verdict | RoundVerdict, cited: str) -> str:
        if isinstance(verdict, RoundVerdict):
            return explain_round_verdict(verdict, cited)
        return explain_verdict(verdict, cited)

    def say_move(self, move: str) -> str:
        return say_move(move)

    def new_match(self, names: tuple[str, ...], rules: Rules, deck: Deck):
        """A game between ``names`` (2 to 12, in seat order): rounds dealt from a seed, the score
        sheet carried, teams and extra rounds as the rules say (a :class:`solver.nambarz.match.Match`,
        loaded only for a whole game, so the one-play commands start quickly)."""
        from solver.nambarz.match import Match

        return Match(tuple(names), rules, deck)

    def older_log(self, text: str, source: str):
        """A log of tablecalc before the one format (deal lines with ``hands``), read into it."""
        from solver.nambarz.oldlogs import read_old

        return read_old(text, source)

    def new_state(self, situation: Deal | RoundState, rules: Rules, deck: Deck) -> Turn | RoundState:
        """A deal gives the one-turn state the drills use; a round situation, the whole round."""
        if isinstance(situation, RoundState):
            return self._state(situation, rules, deck)
        if situation.after_joker:
            raise TablecalcError(_("a change joker laid alone is judged with judge and best; a turn to play starts "
                                   "from a number card"))
        return Turn(situation, rules, deck)


GAME = Nambarz()
"""The registry's entry for Nambarz."""
