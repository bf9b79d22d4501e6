"""The Nam Nam drills: where the last seed lands, how many seeds a move captures, which move
captures the most, whether a move is legal (feeding), and the best move (from the endgame tables).

Every question is answered by the referee (:func:`solver.namnam.judge`) or by the tables,
and every answer gets the explanation.

>>> import random
>>> d = Drill(level="captures")
>>> p = d.from_situation("0.0.0.0.1.2/1.2.0.0.0.5 s 20-17")
>>> p.prompt
'South to move in 0.0.0.0.1.2/1.2.0.0.0.5 s 20-17: how many seeds does pit 6 capture?'
>>> d.judge(p, "5").correct, d.judge(p, "3").correct
(True, False)
"""

from __future__ import annotations

import re

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _, ngettext
from solver.namnam import GAME, Penalty, Position, Rules, judge, legal_pits
from solver.namnam.position import SIDES
from solver.namnam.deal import random_position
from solver.namnam.referee import pit_name
from solver.namnam.sowing import ROW, SEEDS, sow
from solver.namnam.position import pit_index, pit_number
from solver.namnam.tables import SMALL_TABLES, tables_for
from solver.namnam.words import pit_text, side_name
from trainer.drills import GameDrill, Judgement, Level, Puzzle

__all__ = ["Drill", "parse_pit_name", "move_values", "margin", "MARGINS"]

_QUESTIONS = {
    "last-seed": N_("where does the last seed of pit {pit} land? (answer like n3 or s5)"),
    "last-seed-laps": N_("where does the last seed of pit {pit} land? (answer like n3 or s5)"),
    "captures": N_("how many seeds does pit {pit} capture?"),
    "most": N_("which move captures the most seeds?"),
    "feeding": N_("is pit {pit} a legal move? (yes or no)"),
    "best": N_("what is the best move?"),
    "best-easy": N_("what is the best move?"),
}
_MAX_SEEDS = {"best": SMALL_TABLES, "best-easy": 5}
MARGINS = {"best": 2, "best-easy": 4}
"""How much better the best move of a ``best`` puzzle must be than every other, in seeds (the seeds the
mover will still take minus the opponent's, with perfect play): a puzzle where two moves tie, or
where there is only one legal move, gives a point for nothing, and is never dealt. Values on one
board differ by an even number, so 2 is the smallest margin there is."""
_YES_NO = {"yes": "yes", "no": "no", "y": "yes", "oui": "yes", "o": "yes", "ja": "yes", "j": "yes",
           "n": "no", "non": "no", "nee": "no"}
"""Yes and no as an English, French or Dutch player types them."""
_PIT_NAME = re.compile(r"^\s*(n|north|nord|noord|s|south|sud|z|zuid)\s*([1-6])\s*$", re.IGNORECASE)


def parse_pit_name(text: str) -> str | None:
    """``n3``, ``North 3``, ``s 5`` as ``north 3`` / ``south 5``; ``None`` when it is not a pit name.

    >>> parse_pit_name("N3"), parse_pit_name("south 5"), parse_pit_name("7")
    ('north 3', 'south 5', None)
    """
    m = _PIT_NAME.match(text)
    if not m:
        return None
    return f"{'north' if m.group(1).lower().startswith('n') else 'south'} {m.group(2)}"


def move_values(p: Position, rules: Rules) -> dict[int, int]:
    """Each legal move (a pit 1-6 of the mover) and its value with perfect play, from the endgame
    tables: the seeds the mover will still take minus the opponent's. Empty when the tables do
    not reach this many seeds.

    >>> move_values(Position.parse("0.0.0.1.0.2/0.1.0.0.0.0 s 24-20"), Rules())
    {4: -4, 6: 0}
    """
    tables = tables_for(p.seeds_on_board, rules)
    c = p.canonical(rules.direction)
    if tables is None or not tables.covers(c):
        return {}
    return dict(sorted((pit_number(i, rules.direction), v) for i, v in tables.move_values(c).items()))


def margin(p: Position, rules: Rules) -> int:
    """How many seeds the best move gains over the second best (0 when they tie, when there is only
    one legal move, or when the tables do not reach the position).

    >>> margin(Position.parse("0.0.0.1.0.2/0.1.0.0.0.0 s 24-20"), Rules())
    4
    >>> margin(Position.parse("0.0.1.0.1.2/1.1.0.0.0.0 s 22-20"), Rules())  # pits 3 and 5 tie
    0
    """
    values = sorted(move_values(p, rules).values(), reverse=True)
    return values[0] - values[1] if len(values) > 1 else 0


class Drill(GameDrill):
    game = "namnam"
    reference_seconds = 20.0
    default_level = "best"
    LEVELS = {
        "last-seed": Level("standard", N_("where does the last seed land? (pits of up to 11 seeds)")),
        "last-seed-laps": Level("standard", N_("where does the last seed land? (12 seeds or more: laps skip the pit)")),
        "captures": Level("standard", N_("how many seeds does this move capture?")),
        "most": Level("standard", N_("which move captures the most?")),
        "feeding": Level("standard", N_("is this move legal? (the starving opponent must be fed)")),
        "best": Level("standard", N_("the best move with {seeds} seeds or fewer on the board (perfect play; it gains "
                                     "at least {margin} seeds more than any other move)"),
                      {"seeds": SMALL_TABLES, "margin": MARGINS["best"]}),
        "best-easy": Level("standard", N_("the best move with {seeds} seeds or fewer on the board (perfect play; it "
                                          "gains at least {margin} seeds more than any other move)"),
                           {"seeds": 5, "margin": MARGINS["best-easy"]}),
    }
    no_penalty = Penalty().as_dict()

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Position, rules: Rules, pit: int | None = None) -> Puzzle:
        if pit is None:
            pit = self._default_pit(situation, rules)
        question = _(_QUESTIONS[self.level]).format(pit=pit)
        asks_pit = "{pit}" in _QUESTIONS[self.level]
        return Puzzle(
            self.game, self.level, rules.name,
            _("{side} to move in {position}: {question}").format(
                side=side_name(SIDES[situation.to_move]), position=situation, question=question),
            f"namnam:{self.level}:{situation}" + (f":{pit}" if asks_pit else ""), situation=str(situation),
            fields={"position": str(situation), **({"pit": pit} if asks_pit else {})}, time_limit=self.time_limit)

    def _default_pit(self, p: Position, rules: Rules) -> int:
        row = p.row(p.to_move)
        filled = [q for q in range(1, ROW + 1) if row[q - 1]]
        if self.level == "last-seed-laps":
            return max(filled, key=lambda q: row[q - 1], default=1)
        if self.level == "captures":
            legal = legal_pits(p, rules)
            capturing = [q for q in legal if judge(p, str(q), rules).captured]
            return (capturing or legal or [1])[0]
        return (filled or [1])[0]

    def generate(self, rng) -> Puzzle:
        rules = self.rules
        if self.level in _MAX_SEEDS:
            return self._best(rng, rules)
        if self.level == "feeding":
            return self._feeding(rng, rules)
        if self.level == "last-seed-laps":
            return self._laps(rng, rules)
        for _try in range(500):
            p = random_position(rng, rules)
            legal = legal_pits(p, rules)
            if not legal:
                continue
            caps = {q: judge(p, str(q), rules).captured for q in legal}
            if self.level == "most":
                if max(caps.values()) > 0:
                    return self.puzzle(p, rules)
                continue
            if self.level == "captures":
                capturing = [q for q in legal if caps[q]]
                if capturing or rng.random() < 0.3:
                    return self.puzzle(p, rules, rng.choice(capturing or legal))
                continue
            return self.puzzle(p, rules, rng.choice(legal))
        raise TablecalcError(_("no suitable position found for this drill: try again with another --seed"))

    def _best(self, rng, rules: Rules) -> Puzzle:
        """A position of few seeds whose best move beats every other by the level's margin (:data:`MARGINS`)."""
        for _try in range(2000):
            p = random_position(rng, rules, max_seeds=_MAX_SEEDS[self.level])
            if margin(p, rules) >= MARGINS[self.level]:
                return self.puzzle(p, rules)
        raise TablecalcError(_("no suitable position found for this drill: try again with another --seed"))

    def _feeding(self, rng, rules: Rules) -> Puzzle:
        """The opponent's row is empty: some moves feed them, some do not."""
        while True:
            mine = [rng.choice((0, 0, 1, 1, 2, 3, 4, 5, 6)) for _ in range(ROW)]
            if sum(mine) == 0:
                continue
            rest = SEEDS - sum(mine)
            a = rng.randint(0, rest)
            if 1 in (a, rest - a):
                continue
            side = rng.randint(0, 1)
            rows = (tuple(mine), (0,) * ROW) if side == 0 else ((0,) * ROW, tuple(mine))
            p = Position(*rows, side, (a, rest - a))
            filled = [q for q in range(1, ROW + 1) if mine[q - 1]]
            return self.puzzle(p, rules, rng.choice(filled))

    def _laps(self, rng, rules: Rules) -> Puzzle:
        """A pit of 12 seeds or more, the rest at random (the seeds left captured)."""
        while True:
            big = rng.randint(12, 20)
            others = [rng.randint(0, 4) for _ in range(2 * ROW - 1)]
            spot = rng.randrange(ROW)
            pits = others[:spot] + [big] + others[spot:]
            rest = SEEDS - sum(pits)
            if rest < 0:
                continue
            a = rng.randint(0, rest)
            if 1 in (a, rest - a):
                continue
            p = Position(tuple(pits[:ROW]), tuple(pits[ROW:]), 0, (a, rest - a))
            return self.puzzle(p, rules, spot + 1)

    def from_situation(self, text: str, preset: str | None = None) -> Puzzle:
        """A puzzle of a position (``POSITION`` or ``POSITION; pit N`` for the questions about one pit)."""
        head, _semicolon, tail = text.partition(";")
        rules = self.spec.rules(preset) if preset else self.rules
        position = self.spec.parse_situation(head if "pit" in tail else text, None)
        pit = None
        if "pit" in tail:
            word, _space, num = tail.strip().partition(" ")
            if word != "pit" or num.strip() not in {str(i) for i in range(1, ROW + 1)}:
                raise TablecalcError(_("bad drill situation {text}: expected 'POSITION; pit N' with N 1-6").format(text=repr(text)))
            pit = int(num)
        return self.puzzle(position, rules, pit)

    # -- answers ---------------------------------------------------------------

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        rules, p = self.rules_for(puzzle), self.situation_of(puzzle)
        pit = puzzle.fields.get("pit")
        level = puzzle.level if puzzle.level in self.LEVELS else self.level
        if answer is not None and (expected := self._unreadable(level, answer)):
            return self.retry(_("{answer} is not an answer to this question: expected {expected}.").format(
                answer=quoted(answer.strip()), expected=expected))
        return getattr(self, "_judge_" + level.replace("-", "_").removesuffix("_laps").removesuffix("_easy"))(
            p, rules, pit, answer)

    @staticmethod
    def _unreadable(level: str, answer: str) -> str | None:
        """What this level's answers look like, when ``answer`` is not one of them (else ``None``)."""
        text = answer.strip().lower()
        if level.startswith("last-seed"):
            return None if parse_pit_name(text) else _("a pit like n3 (North's 3rd) or s5 (South's 5th)")
        if level == "captures":
            return None if text.isdigit() else _("a number of seeds, like 0 or 4")
        if level == "feeding":
            return None if text in _YES_NO else _("yes or no")
        if level == "most":
            return None if text in {str(q) for q in range(1, ROW + 1)} else _("a pit number 1 to 6, counted from your left")
        return None  # a move: the referee says what is not a move (asked again too)

    def _ok(self, correct: bool, expected: tuple[str, ...], explanation: str, answer) -> Judgement:
        best = _("Answer: {answers}.").format(answers=_(" or ").join(expected)) + f" {explanation}"
        if answer is None:
            return Judgement(False, best_score=1, expected=expected, best=best)
        return Judgement(correct, () if correct else ("wrong-answer",), self.no_penalty, score=int(correct),
                         best_score=1, expected=expected, explanation=(_("Right.") if correct else _("Not quite.")) + " " + best,
                         best=best)

    def _judge_last_seed(self, p: Position, rules: Rules, pit: int, answer) -> Judgement:
        c = p.canonical(rules.direction)
        s = sow(c, pit_index(pit, rules.direction))
        where = pit_name(s.last, p.to_move, rules)
        skip = " " + _("(skipping the emptied pit on each lap)") if s.seeds >= 12 else ""
        why = ngettext("Pit {pit} holds {n} seed, one into each following pit{skip}: the last lands in {where}.",
                       "Pit {pit} holds {n} seeds, one into each following pit{skip}: the last lands in {where}.",
                       s.seeds).format(pit=pit, n=s.seeds, skip=skip, where=pit_text(where))
        given = parse_pit_name(answer) if answer is not None else None
        return self._ok(given == where, (where.replace("orth ", "").replace("outh ", ""),), why, answer)

    def _judge_captures(self, p: Position, rules: Rules, pit: int, answer) -> Judgement:
        v = judge(p, str(pit), rules)
        n = v.captured if v.legal else 0
        why = GAME.explain(v)
        ok = answer is not None and answer.strip() == str(n)
        return self._ok(ok, (str(n),), why, answer)

    def _judge_most(self, p: Position, rules: Rules, pit, answer) -> Judgement:
        caps = {q: judge(p, str(q), rules).captured for q in legal_pits(p, rules)}
        top = max(caps.values(), default=0)
        best = tuple(str(q) for q, n in caps.items() if n == top)
        why = _("Captures per move: {moves}.").format(
            moves=", ".join(_("pit {pit} → {n}").format(pit=q, n=n) for q, n in caps.items()))
        ok = answer is not None and answer.strip() in best
        return self._ok(ok, best, why, answer)

    def _judge_feeding(self, p: Position, rules: Rules, pit: int, answer) -> Judgement:
        v = judge(p, str(pit), rules)
        truth = "yes" if v.legal else "no"
        given = (answer or "").strip().lower()
        given = _YES_NO.get(given, given)
        return self._ok(given == truth, (truth,), GAME.explain(v), answer)

    def _judge_best(self, p: Position, rules: Rules, pit, answer) -> Judgement:
        v = judge(p, answer, rules) if answer is not None else None
        if v is not None and not v.legal and v.violations[0].not_understood:  # not a move: read it again
            return self.retry(GAME.explain(v), str(v.violations[0]))
        sol = GAME.best(p, rules, None)
        expected = GAME.best_answers(sol)
        values = list(move_values(p, rules).items())  # else (more seeds than any table holds): the search's answer
        why = _("With best play, the seeds the mover will still take minus the opponent's, after each move: {moves}.").format(
            moves=", ".join(_("pit {pit} → {n}").format(pit=q, n=f"{v:+d}") for q, v in values)) if values else _(
            "The tables do not reach {seeds} seeds: this is what a search of {depth} plies prefers "
            "(value {value} for the mover from here, an estimate).").format(
            seeds=p.seeds_on_board, depth=sol.depth, value=f"{sol.value - p.score_difference():+d}")
        if v is not None:
            if not v.legal:
                return Judgement(False, tuple(map(str, v.violations)), v.penalty.as_dict(), v.penalty.amount,
                                 best_score=1, expected=expected,
                                 explanation=f"{GAME.explain(v)} " + _("Best: {answers}.").format(
                                     answers=_(" or ").join(expected)) + f" {why}",
                                 best=_("Best: {answers}.").format(answers=_(" or ").join(expected)))
        return self._ok(answer is not None and answer.strip() in expected, expected, why, answer)

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        return "\n".join([
            _("Nam Nam, level {level}: {description}.").format(level=self.level, description=self.LEVELS[self.level].said()),
            _("Sowing: take every seed of one of your pits and drop one into each following pit, {direction} "
              "(a pit of 12 seeds or more skips the pit it was taken from).").format(
                direction=_("clockwise") if self.rules.direction.value == "cw" else _("counter-clockwise")),
            _("Capturing: if the last seed lands in the opponent's row and makes 2 or 3 there, take them, and the "
              "pits before it with 2 or 3 too; a starving opponent must be fed if you can."),
            _("Positions read SOUTH/NORTH SIDE SCORE: 6 pits per row from each player's left, the side to move, the "
              "scores. Answer as the question says: a pit number 1-6, a pit name like n3 or s5, a number, or yes/no."),
        ])

    def draw(self, puzzle: Puzzle, colour: bool = True):
        """The board with its seed counts, the mover's row nearest (as the web drill draws it), and the
        question below."""
        from rich.console import Group

        from trainer.games.namnam.render import board_table
        from trainer.out import escape

        rules, p = self.rules_for(puzzle), self.situation_of(puzzle)
        return Group(board_table(p, rules, bottom=p.to_move), escape(puzzle.prompt))

    def hints(self, puzzle: Puzzle) -> list[str]:
        """From the referee's answers: where the last seed lands, what each move captures, which moves are legal."""
        rules, p = self.rules_for(puzzle), self.situation_of(puzzle)
        pit = puzzle.fields.get("pit")
        level = puzzle.level if puzzle.level in self.LEVELS else self.level
        if level.startswith("last-seed") or level == "captures":
            s = sow(p.canonical(rules.direction), pit_index(pit, rules.direction))
            first = ngettext("Pit {pit} holds {n} seed: it goes into the next pit.",
                             "Pit {pit} holds {n} seeds: one into each following pit.", s.seeds).format(pit=pit, n=s.seeds)
            where = _("The last seed lands in {pit}.").format(pit=pit_name(s.last, p.to_move, rules))
            return [first] if level != "captures" else [first, where]
        if level == "feeding":
            return [_("The opponent has no seed: a move is legal only if it gives them one, when some move can.")]
        legal = legal_pits(p, rules)
        caps = {q: judge(p, str(q), rules).captured for q in legal}
        if level == "most":
            return [_("The legal moves: {pits}.").format(pits=", ".join(map(str, legal))),
                    ngettext("The most a move captures is {n} seed.", "The most a move captures is {n} seeds.",
                             max(caps.values(), default=0)).format(n=max(caps.values(), default=0))]
        capturing = [str(q) for q in legal if caps[q]]
        return [_("The legal moves: {pits}.").format(pits=", ".join(map(str, legal))),
                _("Moves that capture now: {pits}.").format(pits=", ".join(capturing) or _("none"))]
