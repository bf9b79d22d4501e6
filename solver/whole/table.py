"""One table of a game played whole, written once for every screen that plays or follows a game:
the match, the round in play and its history (for undo), the bots (seeded from the table's seed),
the moves as the log records them, and what a verdict does to the round. The terminal loop
(``tablecalc GAME play|follow``, :mod:`trainer.whole`) and the browser (:mod:`trainer.web.tables`)
both drive a :class:`Table`; neither keeps a round's history of its own. Nothing here prints or
reads: a screen asks, shows and decides when.

>>> from solver.registry import find_game
>>> g = find_game("namnam")
>>> t = Table(g, g.rules(), None, ("Ann", "Bob"), humans={0}, seed=4)
>>> state = t.start("4.4.4.4.4.4/4.4.4.4.4.4 s 0-0")
>>> t.to_move, t.bot_to_move()
(0, False)
>>> v = t.play(0, "3")
>>> v.legal, t.bot_to_move()
(True, True)
>>> seat, move, verdict = t.bot_move()
>>> seat, verdict.legal, len(t.moves)
(1, True, 2)
>>> t.undo(), t.moves
(True, [])
>>> [line["type"] for line in t.log_lines()]
['game', 'deal']
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.game import BaseGame, Verdict
from solver.whole.log import MAX_PLAYERS, lines

__all__ = ["Table", "fewest_players", "names_of"]


def fewest_players(game: BaseGame, rules: Any, data: Any) -> int:
    """The fewest players the game's match seats: 2, unless it refuses 2 (Le Nain Jaune is played
    by 3 to 8).

    >>> from solver.registry import find_game
    >>> g = find_game("nainjaune")
    >>> fewest_players(g, g.rules(), g.load_data(g.rules()))
    3
    """
    for n in range(2, MAX_PLAYERS + 1):
        try:
            game.new_match(tuple(f"P{i + 1}" for i in range(n)), rules, data)
            return n
        except TablecalcError:
            continue
    return 2


def names_of(count: int) -> tuple[str, ...]:
    """The names of ``count`` players nobody named: ``P1``, ``P2``..."""
    return tuple(f"P{i + 1}" for i in range(count))


class Table:
    """One table: the match, the round in play with its history (``(state, verdict)`` pairs, the
    deal first: undo goes back through it) and its moves (``(seat, move)``, for the log), the
    rounds already played, and a bot for every seat that is not a person's (none when ``follow``:
    a real game is typed in as it is played).

    The seed deals the rounds (``match.deal(Random(seed))``, round after round); the bots draw
    their own seeds from ``seed + 1``, so the same seed deals the same rounds whoever plays them.
    """

    def __init__(self, game: BaseGame, rules: Any, data: Any, names: Sequence[str], humans: Collection[int] = (),
                 bots: Iterable[str] | None = None, seed: int | None = None, follow: bool = False):
        self.game, self.rules, self.data = game, rules, data
        match = game.new_match(tuple(names), rules, data)
        if match is None:
            raise TablecalcError(_("{name} is not played move by move: it has no table to play at").format(name=game.name))
        self.match = match
        self.follow = follow
        self.humans = frozenset(humans)
        self.seed = seed if seed is not None else random.randrange(2 ** 31)
        self.rng = random.Random(self.seed)
        kinds = tuple(bots or ()) or (next(iter(self.match.bots)),)
        for kind in kinds:
            if kind not in self.match.bots:
                raise TablecalcError(_("unknown bot {kind}: expected one of {choices}").format(kind=quoted(kind), choices=', '.join(self.match.bots)))
        self.kinds = {i: kinds[i % len(kinds)] for i in range(len(names)) if not follow and i not in self.humans}
        """Each bot's seat and kind."""
        choices = random.Random(self.seed + 1)  # the bots' own: the seed deals as match.deal(Random(seed)) does
        self.bots = {i: self.match.bot(kind, i, random.Random(choices.getrandbits(64))) for i, kind in self.kinds.items()}
        self.rounds: list[tuple[str, list[tuple[int, str]], tuple[float, ...]]] = []
        """The rounds played to their end: the deal, the moves, the scores after it."""
        self.deal = ""
        self.history: list[tuple[Any, Verdict | None]] = []
        self.moves: list[tuple[int, str]] = []
        self.open = False
        """Whether a round is in play (started and not yet scored)."""
        self.unscored = None
        """The match before the last round was scored, until the next round starts (undo reopens it)."""

    # -- the round -------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.match.names)

    @property
    def state(self):
        """The round as it stands (the last one's end once it is scored)."""
        return self.history[-1][0]

    @property
    def to_move(self) -> int:
        """The seat to move (the game's ``TERMINAL`` once the round is over)."""
        return self.state.current_player()

    def start(self, deal: str | None = None):
        """A new round: ``deal`` read in the game's notation, else dealt from the seed."""
        if self.open:
            raise TablecalcError(_("a round is still in play: finish it first"))
        if self.match.is_over():
            raise TablecalcError(_("the match is over: start a new game"))
        state = self.match.parse_deal(deal) if deal is not None else self.match.deal(self.rng)
        self.deal, self.history, self.moves, self.open = str(state), [(state, None)], [], True
        self.unscored = None
        return state

    def over(self) -> bool:
        """Whether the round in play has come to its end (to be scored by :meth:`end_round`)."""
        return self.open and self.state.is_terminal()

    def bot_to_move(self) -> bool:
        """Whether a bot is to move now (never when following a real game)."""
        return self.open and not self.state.is_terminal() and self.to_move in self.bots

    def read(self, text: str) -> tuple[int, str]:
        """Who plays what, from a line as typed: ``NAME: MOVE`` names the player when following a
        game (a name the table does not know is part of the move), else the player to move.

        >>> from solver.registry import find_game
        >>> g = find_game("namnam")
        >>> t = Table(g, g.rules(), None, ("Ann", "Bob"), follow=True); _ = t.start()
        >>> t.read("bob: 3"), t.read("4"), t.read("Cid: 5")
        ((1, '3'), (0, '4'), (0, 'Cid: 5'))
        """
        seat, move = self.to_move, text.strip()
        if self.follow and ":" in move:
            who, _sep, what = move.partition(":")
            found = [i for i, n in enumerate(self.names) if n.lower() == who.strip().lower()]
            if found:
                seat, move = found[0], what.strip()
        return seat, move

    def judge(self, seat: int, move: str) -> Verdict:
        """The referee's verdict on ``move`` played by ``seat`` (nothing played yet)."""
        return self.state.judge(move, seat)

    def apply(self, seat: int, move: str, verdict: Verdict):
        """The round after ``verdict`` (the move played, or the rules' penalty applied), recorded for
        the log and for undo; the new state."""
        after = self.state.after(verdict)
        self.history.append((after, verdict))
        self.moves.append((seat, move))
        return after

    def play(self, seat: int, move: str) -> Verdict:
        """``move`` by ``seat`` judged and applied (:meth:`judge` then :meth:`apply`); its verdict."""
        verdict = self.judge(seat, move)
        self.apply(seat, move, verdict)
        return verdict

    def bot_move(self) -> tuple[int, str, Verdict]:
        """The bot to move chooses, the referee judges, the move is applied: its seat, move and verdict."""
        seat = self.to_move
        move = self.bots[seat].choose(self.state)
        return seat, move, self.play(seat, move)

    def undo(self) -> bool:
        """Take back the last move (at a table with people and bots: the last person's move and
        the bots' moves after it), the round's score too when that move ended it (until the next
        round starts); ``False`` when there is nothing to take back in this round."""
        if not self.open and self.unscored is None:
            return False
        keep = len(self.history) - 1
        while keep > 0 and self.humans and self.history[keep - 1][0].current_player() not in self.humans:
            keep -= 1  # take back the bots' moves too, to the last move of a person
        if keep <= 0:
            return False
        if not self.open:  # the move that ended the round: the round is played again from before it
            self.match, self.open, self.unscored = self.unscored, True, None
            self.rounds.pop()
        del self.history[keep:]
        del self.moves[keep - 1:]
        return True

    def hint(self) -> tuple[str, ...]:
        """The best moves for the player to move (the match's analysis), in the notation."""
        return tuple(self.match.analyse(self.state).best)

    def end_round(self) -> tuple[float, ...]:
        """Score the round that came to its end; the scores after it."""
        if not self.over():
            raise TablecalcError(_("the round is not over yet"))
        self.unscored, self.match = self.match, self.match.after_round(self.state)
        scores = tuple(self.match.scores())
        self.rounds.append((self.deal, list(self.moves), scores))
        self.open = False
        return scores

    def scores(self) -> tuple[float, ...]:
        return tuple(self.match.scores())

    # -- the log ---------------------------------------------------------------------------

    def log_lines(self) -> Iterable[dict]:
        """The game so far as a log (:mod:`solver.whole.log`): the rounds played, then the round in
        play as far as it went (no ``end`` line)."""
        rounds = [*self.rounds, *([(self.deal, self.moves, None)] if self.open else [])]
        return lines(self.game.name, self.names, self.rules.name.removesuffix("+custom"), self.rules.changes(),
                     ((deal, [(seat, move, {}) for seat, move in moves], scores) for deal, moves, scores in rounds),
                     seed=self.seed)
