"""Le Nain Jaune as the registry sees it: the :class:`solver.game.Game` protocol over this package.

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

from dataclasses import dataclass
from pathlib import Path

from solver.errors import TablecalcError
from solver.nainjaune.cards import Card, full_deck
from solver.nainjaune.referee import asked_amount, check_amount, check_lay
from solver.nainjaune.round import Lay as LayMove, Position, Violation, apply, check_table, legal_moves
from solver.nainjaune.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Board, Rules, hand_size
from solver.nainjaune.settle import RoundEnd, Settlement, settle
from solver.nainjaune.solver import Goal, Lay, best_lay
from solver.nainjaune.state import RoundState
from solver.nainjaune.words import explain_verdict
from solver.i18n import N_
from solver.game import BaseGame

__all__ = ["NainJaune", "GAME", "LaySolution", "SettleSolution", "random_position"]


@dataclass(frozen=True)
class LaySolution:
    """The best lays of the player to move: by cards (empty the hand fastest) and by stakes."""

    position: Position
    by_cards: Lay
    by_stakes: Lay

    def as_dict(self) -> dict:
        return {"player": self.position.names[self.position.to], "cards": self.by_cards.as_dict(),
                "stakes": self.by_stakes.as_dict()}


@dataclass(frozen=True)
class SettleSolution:
    """A round end's settlement, and the amount its question asks."""

    settlement: Settlement
    amount: int

    def as_dict(self) -> dict:
        return {"amount": self.amount, **self.settlement.as_dict()}


def random_position(rng, rules: Rules, players: int | None = None, moves: int | None = None) -> Position:
    """A deal for 3 to 8 players with a board carried over, then up to a few random legal moves."""
    n = players or rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    deck = full_deck()
    rng.shuffle(deck)
    size = hand_size(n)
    carried = Board(tuple(rng.choice((0, 0, rng.randint(1, 30))) for _ in range(5)))  # type: ignore[arg-type]
    pos = Position(tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n)), carried.staked(n), rng.randrange(n))
    for _ in range(rng.randint(0, 8) if moves is None else moves):
        nxt = apply(pos, rng.choice(legal_moves(pos, rules)), rules)
        if nxt.is_over():
            break
        pos = nxt
    return pos


class NainJaune(BaseGame):
    """Runs and "sans", the staking board, payouts and the Grand Opéra."""

    name = "nainjaune"
    title = "Le Nain Jaune"
    aliases = ("nain-jaune", "le-nain-jaune", "nain", "yellow-dwarf", "gele-dwerg")
    summary = ("runs up in rank, \"sans\", the staking board and the Grand Opéra: referee, best lay, settlement, "
               "simulator")
    seed = ("seed 003 (French rules of Le Nain Jaune): deal sizes, board stakes 1-5, runs up in any suit, sans, "
            "King restarts, board cards take their stake, 1 token per card (or face value), doubling, Grand Opéra; "
            "the 10♦ and K♥ cells are the traditional choice (options)")
    default_preset = "classic"
    penalty_unit = N_("tokens")
    violations = Violation
    presets = PRESETS

    def rules(self, preset: str | None = None, **options) -> Rules:
        return Rules.preset(preset or self.default_preset).with_options(**options)

    def load_data(self, rules: Rules, path: str | Path | None = None) -> tuple[Card, ...]:
        """The 52 cards; Le Nain Jaune has no deck file of its own."""
        if path is not None:
            raise TablecalcError(f"no deck file for Le Nain Jaune ({str(path)!r}): it is played with the standard 52 cards")
        return tuple(full_deck())

    def parse_situation(self, text: str, data) -> Position | RoundEnd:
        fields = [part.strip().lower() for part in str(text).split(";")]
        return RoundEnd.parse(text) if "settle" in fields else Position.parse(text)

    def check_situation(self, situation, rules: Rules, data) -> None:
        """A position or round end for 3 to 8 players, no hand over the deal for that many."""
        check_table(situation.hands, situation.names)

    def random_situation(self, rng, rules: Rules, data) -> Position:
        return random_position(rng, rules)

    def best(self, situation, rules: Rules, data):
        if isinstance(situation, RoundEnd):
            s = settle(situation, rules)
            return SettleSolution(s, asked_amount(s))
        return LaySolution(situation, best_lay(situation, rules, Goal.CARDS), best_lay(situation, rules, Goal.STAKES))

    def best_answers(self, solution) -> tuple[str, ...]:
        if isinstance(solution, SettleSolution):
            return (str(solution.amount),)
        return tuple(dict.fromkeys((str(solution.by_cards), str(solution.by_stakes))))

    def judge(self, situation, answer: str, rules: Rules, data):
        if isinstance(situation, RoundEnd):
            return check_amount(situation, answer, rules)
        return check_lay(situation, answer, rules)

    def refused_answer(self, situation, rules: Rules, data) -> str | None:
        """A card of the next player's hand (not in the hand of the player to move), or a wrong amount."""
        if isinstance(situation, RoundEnd):
            return str(asked_amount(settle(situation, rules)) + 1)
        if situation.is_over():
            return None
        other = situation.hands[(situation.to + 1) % situation.players]
        return str(LayMove(other[0])) if other else None

    def explain(self, verdict) -> str:
        return explain_verdict(verdict)

    def new_state(self, situation, rules: Rules, data) -> RoundState | None:
        return RoundState(situation, rules) if isinstance(situation, Position) else None


GAME = NainJaune()
"""The registry's entry for Le Nain Jaune."""
