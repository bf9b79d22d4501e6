"""The Le Nain Jaune drill: settlement arithmetic against the clock, judged to the token.

Each puzzle is the end of a round: who went out, the hand of the player asked about (with any
board card in it), the board. The answer is what that player pays in all — the tokens for
the cards left, plus the doubling of each cell whose board card they still hold — or, for the
player out, what they receive. :func:`solver.nainjaune.referee.judge_amount` judges it and
the explanation lists the settlement's lines behind the amount.

A pack's rounds in progress (``--pack nainjaune-seed``) are asked too: lay as many cards as the
best lay does, legally (judged by :func:`~solver.nainjaune.referee.judge_lay`). An answer the
referee could not read (not a number, no lay, a card not in hand: codes that are
:attr:`~solver.game.Code.not_understood`) is asked again.

>>> import random
>>> d = Drill(level="cards")
>>> p = d.generate(random.Random(2))
>>> p.prompt
'Ann went out. Cid holds 6 cards (A♦ 3♣ 7♦ 8♠ 10♦ K♥; board cards 7♦ 10♦ K♥). Board: 10:15 J:6 Q:9 K:32 7:31. What does Cid pay in all?'
>>> d.judge(p, "84").correct, d.judge(p, "6").correct
(True, False)
>>> print(d.judge(p, "6").explanation)
Not 6: Cid pays 84 tokens. Cid pays Ann 6 tokens for 6 cards left (A♦ 3♣ 7♦ 8♠ 10♦ K♥). Cid still holds 10♦ and doubles the 10 cell, paying in the 15 tokens it holds (15 → 30). Cid still holds K♥ and doubles the K cell, paying in the 32 tokens it holds (32 → 64). Cid still holds 7♦ and doubles the 7 cell, paying in the 31 tokens it holds (31 → 62). (rule 4.2: paying the winner; 1 token per card left, option `payment`; rule 4.3: holding a board card)
"""

from __future__ import annotations

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _, ngettext
from solver.nainjaune.best import Goal, best_lay
from solver.nainjaune.cards import full_deck
from solver.nainjaune.referee import judge_amount, judge_lay
from solver.nainjaune.round import Position
from solver.nainjaune.rules import MIN_PLAYERS, Board, Rules, hand_size
from solver.nainjaune.settle import RoundEnd, asked_amount, settle
from solver.nainjaune.verdict import Penalty, Violation
from solver.nainjaune.words import best_line, card_text, drill_prompt, explain_amount, explain_lay, explain_verdict
from trainer.drills import GameDrill, Judgement, Level, Puzzle

__all__ = ["Drill", "CAST", "TIME_LIMIT"]

CAST = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal")
"""The players' names in the drill's puzzles."""
TIME_LIMIT = {"cards": 30.0, "face-value": 45.0, "opera": 45.0}
"""Seconds per answer unless ``--time-limit`` says otherwise."""


class Drill(GameDrill):
    game = "nainjaune"
    default_level = "cards"
    scored = False
    LEVELS = {
        "cards": Level("classic", N_("1 token per card left, plus the doubling of a board card's cell; 30 s")),
        "face-value": Level("face-value", N_("the face value of the cards left (figures 10), plus the doubling; 45 s")),
        "opera": Level("classic", N_("Grand Opéras too: what the player out receives, the whole board included; 45 s")),
    }
    no_penalty = Penalty().as_dict()

    def __init__(self, **settings):
        super().__init__(**settings)
        if self.time_limit is None:
            self.time_limit = TIME_LIMIT[self.level]
        self.reference_seconds = self.time_limit

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: RoundEnd | Position, rules: Rules) -> Puzzle:
        if isinstance(situation, Position):  # a pack's round in progress: find the longest lay
            if situation.is_over():
                raise TablecalcError(_("the round {round} is over: there is no lay to ask for").format(round=repr(str(situation))))
            name = situation.names[situation.to]
            return Puzzle(
                game=self.game, level=self.level, preset=rules.name,
                prompt=f"{situation}. " + _("{player} to move: lay as many cards as you can (e.g. 9c 10d! Jc! sans Q).").format(
                    player=name),
                item=f"nainjaune:{rules.name}:{situation}", situation=str(situation),
                fields={"player": name, "hand": [str(c) for c in situation.hands[situation.to]],
                        "board": situation.board.as_dict()},
                time_limit=self.time_limit,
            )
        s = settle(situation, rules)
        ask = situation.asked
        return Puzzle(
            game=self.game, level=self.level, preset=rules.name, prompt=drill_prompt(situation, rules),
            item=f"nainjaune:{rules.name}:{situation}", situation=str(situation),
            fields={"player": situation.names[ask], "winner": situation.names[situation.winner or 0],
                    "hand": [str(c) for c in situation.hands[ask]], "board": s.end.board.as_dict()},
            time_limit=self.time_limit,
        )

    def generate(self, rng) -> Puzzle:
        """A round's end for 3 to 6 players: a random player out, the others holding a few cards,
        the asked player holding a board card more often than chance, a board carried over."""
        n = rng.randint(MIN_PLAYERS, 6)
        names = tuple(rng.sample(CAST, n))
        deck = full_deck()
        rng.shuffle(deck)
        rules = self.rules
        w = rng.randrange(n)
        opera = self.level == "opera" and rng.random() < 0.5
        ask = w if opera and rng.random() < 0.5 else rng.choice([i for i in range(n) if i != w])
        boards = [c for c in rules.board_cards if rng.random() < 0.6]
        pool = [c for c in deck if c not in boards]
        hands: list[list] = [[] for _ in range(n)]
        for i in range(n):
            if i != w:
                hands[i] = [pool.pop() for _ in range(rng.randint(1, min(7, hand_size(n))))]
        for c in boards:  # board cards still held at the end go to the asked player or someone else
            if rng.random() < 0.5 and ask != w and len(hands[ask]) < hand_size(n):
                hands[ask].append(c)
            else:
                i = rng.choice([i for i in range(n) if i != w])
                if len(hands[i]) < hand_size(n):
                    hands[i].append(c)
        carried = Board(tuple(rng.choice((0, rng.randint(1, 20))) for _ in range(5)))  # type: ignore[arg-type]
        board = carried.staked(n) if rng.random() < 0.7 else carried
        end = RoundEnd(tuple(tuple(sorted(h)) for h in hands), board, names, opera, ask)
        return self.puzzle(end, rules)

    # -- answers ---------------------------------------------------------------

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        rules = self.rules_for(puzzle)
        end = self.situation_of(puzzle)
        if isinstance(end, Position):
            return self._judge_lay(end, rules, answer)
        s = settle(end, rules)
        amount = asked_amount(s)
        ask = end.asked
        verb = "receives" if ask == end.winner else "pays"
        common = dict(best_score=1, expected=(str(amount),), best=best_line(amount, end.names[ask], verb))
        if answer is None:
            return Judgement(False, **common)
        v = judge_amount(end, answer, rules)
        if v.violations and v.violations[0].not_understood:
            return self.retry(_("{answer} is not a number of tokens: expected a whole number, like 12.").format(
                answer=quoted(answer.strip())), str(v.violations[0]))
        return Judgement(v.legal, tuple(str(x) for x in v.violations), v.penalty.as_dict(), v.penalty.amount,
                         score=int(v.legal), explanation=explain_amount(v), clauses=v.clauses, **common)

    def _judge_lay(self, pos: Position, rules: Rules, answer: str | None) -> Judgement:
        """A round in progress (from a pack): right when the lay is legal and lays as many cards as the best."""
        best = best_lay(pos, rules, Goal.CARDS)
        common = dict(best_score=1, expected=(str(best),), best=_("Best lay: {lay}.").format(lay=explain_lay(best, pos)))
        if answer is None:
            return Judgement(False, **common)
        try:
            v = judge_lay(pos, answer, rules)
        except TablecalcError as e:  # not a lay: read it again
            return self.retry(str(e), str(Violation.NOT_A_LAY))
        if v.violations and v.violations[0].not_understood:
            return self.retry(explain_verdict(v), str(v.violations[0]))
        right = v.legal and v.cards == best.cards
        codes = tuple(str(x) for x in v.violations) or (() if right else ("not-the-longest",))
        penalty = Penalty(off_by=best.cards - v.cards if v.legal else best.cards).as_dict()
        return Judgement(right, codes, penalty, penalty["off_by"], score=int(right), explanation=explain_verdict(v),
                         clauses=v.clauses, **common)

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        lines = [
            _("Le Nain Jaune, level {level}: {description}.").format(level=self.level, description=self.LEVELS[self.level].said()),
            _("A round has ended: say how many tokens the player asked about pays in all (or, for the player who "
              "went out, receives)."),
            _("Each player still holding cards pays the player out for them ({unit}); whoever still holds a board "
              "card ({board}) pays in the tokens of its cell again (the cell doubles).").format(
                unit=_("the cards' face value, figures 10") if self.level == "face-value" else _("1 token per card"),
                board=", ".join(map(card_text, self.rules.board_cards))),  # 10♦, V♣, D♠, R♥, 7♦ in French
        ]
        if self.level == "opera":
            lines.append(_("A Grand Opéra (going out in one go) also collects the whole board."))
        lines.append(_("Answer with a whole number of tokens, like 12."))
        return "\n".join(lines)

    def hints(self, puzzle: Puzzle) -> list[str]:
        """From the settlement: the first payment line (the cards left), then every line but the total."""
        rules = self.rules_for(puzzle)
        end = self.situation_of(puzzle)
        if isinstance(end, Position):
            best = best_lay(end, rules, Goal.CARDS)
            return [ngettext("The longest legal lay has {n} card.", "The longest legal lay has {n} cards.", best.cards).format(n=best.cards)]
        lines = [x.strip() for x in explain_amount(judge_amount(end, "-1", rules)).split(". ")[1:] if x.strip()]
        return [ln.rstrip(".") + "." for ln in lines[:2]]
