"""The Ramikubic drill: "lay as many tiles as you can" against a real table, against the clock.

Each puzzle is a table and a rack. The answer is the whole table after your move
(combinations separated by ``|``), ``+ COMBINATIONS`` to add new ones to the table as it
is, ``N M: COMBINATIONS`` to take up old combinations N and M and lay these instead, or
``pass``; or the move built a step at a time (``take N``, ``lay TILES``, ``add N: TILES``,
``undo``, ``done``: :mod:`solver.ramikubic.steps`), each step checked as it comes. The referee
(:func:`solver.ramikubic.judge`) judges the move with the seed's penalty: an illegal move puts
the table back, you take back what you laid and draw 1 tile. Each turn has the seed's 50
seconds, and 15 more for each combination beyond 3 that the best move makes
(:func:`seconds_for`; ``--time-limit`` fixes it instead); no answer in time is the seed's
overtime: take back everything laid, draw 1. The answer is *correct*
when it is legal and lays as many tiles as the best lay (:func:`solver.ramikubic.solve`).

Levels: ``meld`` (the initial meld: 20 points from the rack alone), ``rearrange`` (a
small table where the best lay needs rearranging: new combinations and additions alone lay fewer), ``full`` (a 40-tile table and
a 14-tile rack, as late in a game).

>>> import random
>>> d = Drill(level="rearrange")
>>> p = d.generate(random.Random(2))
>>> p.game, p.time_limit, d.judge(p, "pass").correct
('ramikubic', 50.0, False)
>>> best = d.judge(p, "pass").expected[0]
>>> d.judge(p, best).correct
True
"""

from __future__ import annotations

from solver.errors import TablecalcError
from solver.i18n import N_, _, ngettext
from solver.ramikubic import Objective, Penalty, Position, judge, solve, tiles_text
from solver.ramikubic.deal import deal
from solver.ramikubic.steps import STEP_WORDS, Build, Step, StepRefused, is_step
from solver.ramikubic.words import build_lines, explain_move, refusal_text, violation_text
from trainer.drills import GameDrill, Judgement, Level, Puzzle

DONE_WORDS = frozenset(w for w, step in STEP_WORDS.items() if step is Step.DONE)

__all__ = ["Drill", "LEVEL_DEALS", "without_rearranging", "seconds_for", "BASE_COMBINATIONS", "SECONDS_PER_COMBINATION"]

MAX_TRIES = 500

LEVEL_DEALS = {
    "meld": dict(table_tiles=9, rack_size=14, melded=False),
    "rearrange": dict(table_tiles=12, rack_size=6, melded=True),
    "full": dict(table_tiles=40, rack_size=14, melded=True),
}
"""How each level deals: tiles on the table (at least), tiles in the rack, melded or not."""


def without_rearranging(turn) -> int:
    """The most tiles a turn lays with new combinations and tiles added to the table's, never
    taking a tile off the table (a search over the turn's moves, :mod:`solver.ramikubic.state`)."""
    seen: dict = {}

    def go(t) -> int:
        key = (tuple(sorted(tuple(sorted(c)) for c in t.table)), t.rack)
        if key not in seen:
            moves = t.legal_moves()[:-1]  # all but end
            seen[key] = max((1 if m.kind == "add" else len(m.tiles)) + go(t.apply(m)) for m in moves) if moves else 0
        return seen[key]

    return go(turn)


BASE_COMBINATIONS = 3
"""The combinations a move may make in the seed's turn time; each one more adds :data:`SECONDS_PER_COMBINATION`."""
SECONDS_PER_COMBINATION = 15.0


def seconds_for(best, turn_seconds: float) -> float:
    """The time a puzzle gets: the seed's turn, and :data:`SECONDS_PER_COMBINATION` more for each
    combination beyond :data:`BASE_COMBINATIONS` that the best move makes (laid new or changed:
    what its shortest answer types).

    >>> class Best: moves = [type("M", (), {"kept": None})()] * 6
    >>> seconds_for(Best, 50.0)
    95.0
    """
    made = sum(1 for m in best.moves if m.kept is None)
    return turn_seconds + SECONDS_PER_COMBINATION * max(0, made - BASE_COMBINATIONS)


class Drill(GameDrill):
    game = "ramikubic"
    default_level = "rearrange"
    LEVELS = {
        "meld": Level("standard", N_("the initial meld: lay the most tiles worth 20 from a 14-tile rack")),
        "rearrange": Level("standard", N_("a small table and 6 tiles: the best lay needs rearranging the table")),
        "full": Level("standard", N_("a 40-tile table and a 14-tile rack: lay as many as you can")),
    }
    no_penalty = Penalty().as_dict()

    def __init__(self, **settings):
        super().__init__(**settings)
        self.scaled = self.time_limit is None  # the clock grows with the best move (--time-limit fixes it)
        if self.time_limit is None:
            self.time_limit = float(self.rules.turn_seconds)
        self.reference_seconds = float(self.rules.turn_seconds)
        self.deal = LEVEL_DEALS[self.level]

    # -- puzzles ---------------------------------------------------------------

    def puzzle(self, situation: Position, rules, best=None) -> Puzzle:
        table = [tiles_text(c) for c in situation.table]
        rack = [str(t) for t in situation.rack]
        task = _("your initial meld (20+ from your rack)") if not situation.melded else _("lay as many tiles as you can")
        shown = "  ".join(f"[{i}] {c}" for i, c in enumerate(table, 1)) or _("empty")
        limit = self._seconds(situation, rules, best)
        return Puzzle(
            game=self.game, level=self.level, preset=rules.name,
            prompt=_("Table: {table} — your rack: {rack} — {task}").format(table=shown, rack=" ".join(rack), task=task)
            + self._clock_note(limit, rules),
            item=f"ramikubic:{rules.name}:{' | '.join(table)}#{' '.join(sorted(rack))}#{int(situation.melded)}",
            situation=str(situation), fields={"table": table, "rack": rack, "melded": situation.melded},
            time_limit=limit,
        )

    def _seconds(self, situation: Position, rules, best=None) -> float | None:
        """The puzzle's clock: the turn's seconds, grown with the best move's size (:func:`seconds_for`)
        unless ``--time-limit`` fixed it."""
        if not self.scaled:
            return self.time_limit
        if best is None:
            best = solve(situation, rules, self.data_for(rules))
        return seconds_for(best, float(rules.turn_seconds))

    @staticmethod
    def _clock_note(limit: float | None, rules) -> str:
        if limit is None or limit <= rules.turn_seconds:
            return ""
        return " — " + _("{seconds} s for this move: {turn} s, and {more} s more for each combination beyond {base} "
                         "that the best move makes").format(seconds=f"{limit:g}", turn=rules.turn_seconds,
                                                              more=f"{SECONDS_PER_COMBINATION:g}", base=BASE_COMBINATIONS)

    def time_limit_for(self, puzzle: Puzzle) -> float | None:
        """A review's clock, measured again on its puzzle (the clock grows with the best move)."""
        if not self.scaled:
            return self.time_limit
        return self._seconds(self.situation_of(puzzle), self.rules_for(puzzle))

    def _fits(self, position: Position):
        """The position's best lay when the level can ask it, else ``None``."""
        best = solve(position, self.rules, self.data)
        if not best.placed:
            return None
        if self.level != "rearrange":
            return best
        return best if without_rearranging(self.spec.new_state(position, self.rules, self.data)) < best.tiles_placed else None

    def generate(self, rng) -> Puzzle:
        """A deal of the level whose best play lays something (at ``rearrange``, more than the rack alone can)."""
        for _try in range(MAX_TRIES):
            position = deal(rng, self.rules, self.data, **self.deal)
            if (best := self._fits(position)) is not None:
                return self.puzzle(position, self.rules, best)
        raise TablecalcError(_("no ramikubic deal for the {level} level found in {tries} tries").format(level=self.level, tries=MAX_TRIES))  # pragma: no cover

    # -- answers ---------------------------------------------------------------

    def judge(self, puzzle: Puzzle, answer: str) -> Judgement:
        """As every drill, except that no answer is the seed's overtime: draw 1 (nothing laid to take back)."""
        j = super().judge(puzzle, answer)
        if answer.strip():
            return j
        rules = self.rules_for(puzzle)
        penalty = Penalty(rules.penalty_draw, (), True)
        return Judgement(False, j.violations, penalty.as_dict(), penalty.amount, best_score=j.best_score,
                         expected=j.expected, explanation=(_("No move: draw {n}.").format(n=penalty.draw) + f" {j.best}").strip(), best=j.best)

    def _judge(self, puzzle: Puzzle, answer: str | None) -> Judgement:
        rules = self.rules_for(puzzle)
        ts = self.data_for(rules)
        position = self.situation_of(puzzle)
        if answer is not None:
            steps = [text for text in answer.splitlines() if text.strip()]
            if any(is_step(text) for text in steps):  # entered a step at a time
                build = Build.start(position)
                try:
                    for text in steps:
                        build = build.apply(text, rules, ts)
                except StepRefused as e:
                    return self.retry(refusal_text(e), str(e.refusal))
                if build.steps[-1].split()[0].lower() not in DONE_WORDS:  # not done yet: where the move stands
                    return Judgement(False, step=True, explanation="\n".join(build_lines(build)))
                answer = build.answer
        best = solve(position, rules, ts)
        by_points = rules.objective is Objective.POINTS
        best_score = best.points_placed if by_points else best.tiles_placed
        line = (ngettext("Best: lay {tiles} ({n} tile, {points} points): {answer}.",
                         "Best: lay {tiles} ({n} tiles, {points} points): {answer}.", best.tiles_placed).format(
                    tiles=tiles_text(best.placed), n=best.tiles_placed, points=best.points_placed, answer=best.short_answer)
                if best.placed else _("Best: pass (nothing can be laid)."))
        common = dict(best_score=best_score, expected=(best.answer,), best=line)
        if answer is None:
            return Judgement(False, **common)
        v = judge(position, answer, rules, ts)  # a tile it cannot read raises: the answer is read again
        penalty = v.penalty.as_dict()
        if v.violations and v.violations[0].not_understood:  # a typo: the rack is not what was typed
            return self.retry(_("{reason}: expected tiles of your rack ({rack}) and of the table.").format(
                reason=violation_text(v, v.violations[0]), rack=" ".join(map(str, position.rack))), str(v.violations[0]))
        if not v.legal:
            return Judgement(False, tuple(map(str, v.violations)), penalty, v.penalty.amount,
                             explanation=f"{explain_move(v)} {line}", **common)
        got = v.points_placed if by_points else v.tiles_placed
        if got < best_score:
            return Judgement(False, ("below-best",), penalty, score=got,
                             explanation=f"{explain_move(v)} {_best_lays(best_score, by_points)} {line}", clauses=v.clauses, **common)
        return Judgement(True, (), penalty, score=got, explanation=f"{explain_move(v)} " + _("The best possible."), clauses=v.clauses, **common)

    # -- for the learner ---------------------------------------------------------

    def instructions(self) -> str:
        meld = self.rules.meld_points
        lines = [
            _("Ramikubic, level {level}: {description}.").format(level=self.level, description=self.LEVELS[self.level].said()),
            _("Lay as many tiles of your rack as you can: every combination on the table must stay a group (one "
              "number, different colours) or a run (one colour, numbers in a row), 3 tiles or more."),
            _("Tiles: a number and a colour letter, b(lue) y(ellow) g(reen) r(ed): 7b 10r; j is a joker."),
            _("Answer: the whole new table (combinations separated by |), + NEW to add combinations, "
              "N M: NEW to take up the table's combinations N and M and lay NEW instead, or pass."),
            _("Your first lay (the initial meld) comes from your rack alone and is worth {meld} points or more.").format(meld=meld),
            _("Or build it a step at a time, each step checked as you go: take N (take up combination N), "
              "lay TILES (a new combination), add N: TILES (to combination N), undo, then done."),
            _("An illegal move puts the table back: take back what you laid and draw 1 tile; so does running out of time."),
        ]
        if self.scaled:
            lines.append(_("A move gets {turn} s, and {more} s more for each combination beyond {base} that the best "
                           "move makes.").format(turn=self.rules.turn_seconds, more=f"{SECONDS_PER_COMBINATION:g}",
                                                  base=BASE_COMBINATIONS))
        return "\n".join(lines)

    def draw(self, puzzle: Puzzle, colour: bool = True) -> str:
        """The table (numbered as a move names its combinations) and the rack, each tile in its colour; its
        letter says the colour when colour is off."""
        from trainer.games.ramikubic.render import tiles_markup
        from trainer.out import escape

        position = self.situation_of(puzzle)
        lines = [escape(_("Table:")) if position.table else escape(_("The table is empty."))]
        lines += [f"  {i:>2}. {tiles_markup(c)}" for i, c in enumerate(position.table, 1)]
        lines.append(escape(_("Your rack:")) + " " + tiles_markup(position.rack))
        task = _("your initial meld (20+ from your rack)") if not position.melded else _("lay as many tiles as you can")
        lines.append(f"[bold]{escape(task)}[/]{escape(self._clock_note(puzzle.time_limit, self.rules_for(puzzle)))}")
        return "\n".join(lines)

    def hints(self, puzzle: Puzzle) -> list[str]:
        """How many tiles the best lay puts down, then which table combinations it takes up, then the tiles."""
        rules = self.rules_for(puzzle)
        best = solve(self.situation_of(puzzle), rules, self.data_for(rules))
        if not best.placed:
            return [_("Nothing can be laid here: pass.")]
        short = best.short_answer
        taken = short.partition(":")[0] if not short.startswith("+") else ""
        return [
            ngettext("The best lay puts down {n} tile.", "The best lay puts down {n} tiles.", best.tiles_placed).format(
                n=best.tiles_placed),
            ngettext("It takes up the table's combination {taken}.", "It takes up the table's combinations {taken}.",
                     len(taken.split())).format(taken=taken) if taken
            else _("It needs no combination of the table: new combinations only."),
            _("Lay {tiles}.").format(tiles=tiles_text(best.placed)),
        ]


def _best_lays(n: int, by_points: bool) -> str:
    if by_points:
        return ngettext("The best lays {n} point.", "The best lays {n} points.", n).format(n=n)
    return ngettext("The best lays {n} tile.", "The best lays {n} tiles.", n).format(n=n)
