"""The referee of a recorded game, for every game: every move of the log judged by the game's own
referee in order; after an illegal move the table does what the rules say (the penalty applied,
the move taken back) and every later move is judged from there. The report lists every illegal
move, not only the first, and the scores.

>>> from solver.registry import find_game
>>> from solver.whole.log import read
>>> log = read('''{"type": "game", "game": "namnam", "players": ["Ann", "Bob"]}
... {"type": "deal", "deal": "start"}
... {"type": "move", "player": "Ann", "move": "3"}
... {"type": "move", "player": "Ann", "move": "4"}
... {"type": "move", "player": "Bob", "move": "7"}
... {"type": "move", "player": "Bob", "move": "2"}''')
>>> r = referee(find_game("namnam"), log)
>>> r.legal, [(m.line, str(m.verdict.violations[0])) for m in r.illegal], r.judged
(False, [(4, 'not-your-turn'), (5, 'not-your-row')], 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from solver.errors import TablecalcError
from solver.i18n import _
from solver.game import BaseGame, Verdict
from solver.whole import Match
from solver.whole.log import Log, LoggedMove, LoggedRound

__all__ = ["Judged", "Report", "Step", "RoundDone", "referee", "replay", "match_of"]


@dataclass(frozen=True)
class Judged:
    """One logged move judged: its line, round, player, the verdict, the round's state after it (its
    notation, :attr:`after`, written only when asked: most moves of a report are never shown)."""

    line: int
    round: int
    player: str
    move: str
    verdict: Verdict
    state: Any

    @property
    def after(self) -> str:
        """The round after this move, in the game's notation."""
        return str(self.state)

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    def as_dict(self) -> dict:
        return {"line": self.line, "round": self.round, "player": self.player, "move": self.move,
                "legal": self.legal, "violations": [str(v) for v in self.verdict.violations],
                "clauses": list(self.verdict.clauses), "penalty": self.verdict.penalty.as_dict(), "after": self.after}


@dataclass(frozen=True)
class Report:
    """Every move judged, the rounds played to their end, the scores, and where the log's own
    scores (its ``end`` lines) disagree with the referee's; ``end_differences``, where an ``end``
    line's other keys (a settlement the game reads: :meth:`Match.compare_end`) do, as
    (line, key, the log's, the referee's)."""

    game: str
    players: tuple[str, ...]
    rules: dict
    moves: tuple[Judged, ...]
    rounds_over: int
    scores: tuple[float, ...]
    disagreements: tuple[tuple[int, tuple[float, ...], tuple[float, ...]], ...] = ()
    end_differences: tuple[tuple[int, str, Any, Any], ...] = ()
    judged_under: Any = field(default=None, compare=False, repr=False)
    """The rules object the moves were judged under (``rules`` is its data): a verdict's citation
    names their values."""

    @property
    def illegal(self) -> tuple[Judged, ...]:
        return tuple(m for m in self.moves if not m.legal)

    @property
    def judged(self) -> int:
        return len(self.moves)

    @property
    def legal(self) -> bool:
        return not self.illegal and not self.disagreements and not self.end_differences

    def as_dict(self) -> dict:
        illegal = [m.as_dict() for m in self.illegal]
        return {"game": self.game, "players": list(self.players), "rules": self.rules, "legal": self.legal,
                "moves": self.judged, "illegal": illegal, "first_illegal": illegal[0] if illegal else None,
                "rounds": self.rounds_over, "scores": dict(zip(self.players, self.scores)),
                "score_disagreements": [{"line": line, "log": list(theirs), "referee": list(ours)}
                                        for line, theirs, ours in self.disagreements],
                "end_differences": [{"line": line, "key": key, "log": theirs, "referee": ours}
                                    for line, key, theirs, ours in self.end_differences]}


def match_of(game: BaseGame, log: Log, rules: Any = None, data: Any = None) -> tuple[Match, Any, Any]:
    """The match a log describes (its game checked, its rules read), with the rules and data."""
    if log.game.strip().lower() != game.name:
        from solver.registry import find_game

        if find_game(log.game) is not game:
            raise TablecalcError(_("{source} is a log of {game}, not of {this}: expected 'tablecalc {game} ...'").format(
                source=log.source, game=find_game(log.game).name, this=game.name))
    if rules is None:
        try:
            rules = game.rules(log.preset.removesuffix("+custom") if log.preset else None, **log.options)
        except TablecalcError as e:
            raise TablecalcError(_("{source}: the rules of its 'game' line: {error}").format(source=log.source, error=e)) from None
    data = data if data is not None else game.load_data(rules)
    match = game.new_match(log.players, rules, data)
    if match is None:
        raise TablecalcError(_("{game} is not played move by move: it has no game log to referee").format(game=game.name))
    return match, rules, data


@dataclass(frozen=True)
class Step:
    """One logged move replayed: the round, the move line, who played it (their seat, ``-1`` when
    nobody was to move), the state before it, the verdict, the state after it."""

    round: LoggedRound
    move: LoggedMove
    seat: int
    before: Any
    verdict: Verdict
    after: Any


@dataclass(frozen=True)
class RoundDone:
    """The end of a logged round's moves: the match as it stands after it (the round scored when it
    was played to its end, ``finished``)."""

    round: LoggedRound
    match: Match
    finished: bool


def replay(match: Match, log: Log) -> Iterator[Step | RoundDone]:
    """Every move of ``log`` judged in order from each round's deal, the table going on after an
    illegal move as the rules say, and a :class:`RoundDone` after each round. The one walk of a log:
    the referee and the analysis both read it."""
    for rnd in log.rounds:
        try:
            state = match.parse_deal(rnd.deal)
        except TablecalcError as e:
            raise TablecalcError(_("{source}, line {line}: {error}").format(source=log.source, line=rnd.line, error=e)) from None
        for m in rnd.moves:
            seat = m.player if m.player is not None else state.current_player()
            try:
                verdict = state.judge(m.move, m.player, m.extra)
            except TablecalcError as e:
                raise TablecalcError(_("{source}, line {line}: {error}").format(source=log.source, line=m.line, error=e)) from None
            after = state.after(verdict)
            yield Step(rnd, m, seat, state, verdict, after)
            state = after
        finished = state.is_terminal()
        if finished:
            match = match.after_round(state)
        yield RoundDone(rnd, match, finished)


def referee(game: BaseGame, log: Log, rules: Any = None, data: Any = None) -> Report:
    """Judge every move of ``log`` (its rules, unless ``rules`` is given)."""
    match, rules, data = match_of(game, log, rules, data)
    judged: list[Judged] = []
    disagreements, differences = [], []
    over = 0
    for step in replay(match, log):
        if isinstance(step, Step):
            name = match.names[step.seat] if step.seat >= 0 else "-"
            judged.append(Judged(step.move.line, step.round.number, name, step.move.move, step.verdict,
                                 step.after))
            continue
        match, over = step.match, over + step.finished
        if step.finished and step.round.end and hasattr(match, "compare_end"):
            differences += [(step.round.end_line, *d) for d in match.compare_end(step.round.end)]
        logged = step.round.scores
        if logged is not None and tuple(logged) != tuple(match.scores()):
            disagreements.append((step.round.end_line, tuple(logged), tuple(match.scores())))
    return Report(game.name, match.names, rules.as_dict(), tuple(judged), over, tuple(match.scores()),
                  tuple(disagreements), tuple(differences), rules)
