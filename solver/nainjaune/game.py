"""Le Nain Jaune as the registry sees it: :class:`solver.game.BaseGame` over this package.

Two kinds of situation share the notation of :mod:`solver.nainjaune.round`: a **position**
(a round in progress: the answer is a lay, judged by the referee, and the solver finds the
best one) and, with the flag ``settle``, a **round end** (the answer is the number of tokens
the player asked about pays — the settlement drills).

>>> deck = GAME.load_data(GAME.rules())
>>> pos = GAME.parse_situation("hands 9c 10d Jc 4s | 8h Qs | 4h 5h; board 10:3 J:6 Q:9 K:12 7:15", deck)
>>> GAME.best_answers(GAME.best(pos, GAME.rules(), deck))
('9c 10d! Jc! sans Q',)
>>> GAME.explain(GAME.judge(pos, "9c 10d Jc", GAME.rules(), deck))
'Legal: P1 lays 3 cards and takes 9 tokens; P2 plays next.'
>>> end = GAME.parse_situation("settle; hands Ann: 3c Qs | Bob: -; board Q:9", deck)
>>> GAME.best_answers(GAME.best(end, GAME.rules(), deck))
('11',)
"""

from __future__ import annotations

from pathlib import Path

from solver.errors import TablecalcError
from solver.game import BaseGame
from solver.i18n import N_, _
from solver.nainjaune.best import LaySolution, SettleSolution, best
from solver.nainjaune.cards import Card, full_deck
from solver.nainjaune.deal import random_position
from solver.nainjaune.match import Match, older_log
from solver.nainjaune.referee import judge
from solver.nainjaune.round import Lay, Position, check_table
from solver.nainjaune.rules import Rules
from solver.nainjaune.settle import RoundEnd, asked_amount, settle
from solver.nainjaune.state import RoundState
from solver.nainjaune.verdict import JUDGED, AmountVerdict, Verdict, Violation
from solver.nainjaune.words import explain_verdict

__all__ = ["NainJaune", "GAME"]


class NainJaune(BaseGame):
    """Runs and "sans", the staking board, payouts and the Grand Opéra."""

    name = "nainjaune"
    title = "Le Nain Jaune"
    aliases = ("nain-jaune", "le-nain-jaune", "nain", "yellow-dwarf", "gele-dwerg")
    summary = N_("runs up in rank, \"sans\", the staking board and the Grand Opéra: best lay, settlement, whole games "
               "refereed, simulated, analysed and played against bots")
    seed = N_("seed 003 (French rules of Le Nain Jaune): deal sizes, board stakes 1-5, runs up in any suit, sans, "
            "King restarts, board cards take their stake, 1 token per card (or face value), doubling, Grand Opéra; "
            "the 10♦ and K♥ cells are the traditional choice (options)")
    penalty_unit = N_("tokens")
    Rules = Rules
    violations = Violation
    judged = JUDGED

    def load_data(self, rules: Rules, path: str | Path | None = None) -> tuple[Card, ...]:
        """The 52 cards; Le Nain Jaune has no deck file of its own."""
        if path is not None:
            raise TablecalcError(_("no deck file for Le Nain Jaune ({path}): it is played with the standard 52 cards").format(
                path=repr(str(path))))
        return tuple(full_deck())

    def parse_situation(self, text: str, data) -> Position | RoundEnd:
        fields = [part.strip().lower() for part in str(text).split(";")]
        return RoundEnd.parse(text) if "settle" in fields else Position.parse(text)

    def check_situation(self, situation: Position | RoundEnd, rules: Rules, data) -> None:
        """A position or round end for 3 to 8 players, no hand over the deal for that many."""
        check_table(situation.hands, situation.names)

    def random_situation(self, rng, rules: Rules, data) -> Position:
        return random_position(rng, rules)

    def best(self, situation: Position | RoundEnd, rules: Rules, data) -> LaySolution | SettleSolution:
        return best(situation, rules)

    def best_answers(self, solution: LaySolution | SettleSolution) -> tuple[str, ...]:
        if isinstance(solution, SettleSolution):
            return (str(solution.amount),)
        return tuple(dict.fromkeys((str(solution.by_cards), str(solution.by_stakes))))

    def judge(self, situation: Position | RoundEnd, answer: str, rules: Rules, data) -> Verdict | AmountVerdict:
        return judge(situation, answer, rules)

    def refused_answer(self, situation: Position | RoundEnd, rules: Rules, data) -> str | None:
        """A card of the next player's hand (not in the hand of the player to move), or a wrong amount."""
        if isinstance(situation, RoundEnd):
            return str(asked_amount(settle(situation, rules)) + 1)
        if situation.is_over():
            return None
        other = situation.hands[(situation.to + 1) % situation.players]
        return str(Lay(other[0])) if other else None

    def explain(self, verdict: Verdict | AmountVerdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation: Position | RoundEnd, rules: Rules, data) -> RoundState | None:
        return RoundState(situation, rules) if isinstance(situation, Position) else None

    def new_match(self, names: tuple[str, ...], rules: Rules, data) -> Match:
        """A game of rounds between ``names`` (3 to 8), the tokens carried: referee, simulate, analyse,
        play and follow come with it (:mod:`solver.whole`)."""
        return Match(tuple(names), rules)

    def older_log(self, text: str, source: str):
        """A log in the format of earlier versions (``hands`` lines, ``settle`` lines), read as a log
        of the one format so a game saved then is still judged; ``None`` for anything else."""
        return older_log(text, source)


GAME = NainJaune()
"""The registry's entry for Le Nain Jaune."""
