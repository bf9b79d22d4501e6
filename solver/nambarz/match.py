"""Nambarz played whole: a game of rounds between 2 and 12 players, the score sheet carried from
round to round (places and coups, :mod:`solver.nambarz.scoring`), teams, the extra rounds that
settle a tie — what :mod:`solver.whole` needs to referee, simulate, play, follow and analyse it.

* A round is dealt from the seed (:meth:`RoundState.deal`); its notation (``str()`` of the round
  state: every hand, the top card, the draw pile in order, the seed of its reshuffles) is the
  ``deal`` line of a log, so a recorded game replays exactly.
* The player to the dealer's left (the first seat) starts the first round; the player with the
  most points in a round starts the next.
* A game is ``game_rounds`` rounds (1 quick, 3 classic, 5 long); while two players (or teams)
  share the lead after them (or any place, with ``tie_break="any-place"``), extra rounds are
  played, at most :data:`MAX_EXTRA_ROUNDS`. By default every player plays them; with
  ``extra_round_players="tied"`` only the players (or teams) of the tie being settled do — the
  highest disputed place first — and the others sit the round out (no hand, no turn, no points:
  the round's notation says ``sitting-out``).
* With teams (``team_size``), the players of a team sit one after another, in seat order, and
  each player's score is their team's (what decides the game).
* The analysis counts **cards**: what a move lays this turn, a coup's bonus added (as the drills
  score a turn), against the most the hand could lay (:func:`~solver.nambarz.bots.lay_value`).

>>> import random
>>> m = Match(("Ann", "Bob", "Cid"), Rules(), Deck.default())
>>> s = m.deal(random.Random(1))
>>> [len(h) for h in s.hands], s.names[s.to], str(m.parse_deal(str(s))) == str(s)
([7, 7, 7], 'Ann', True)
>>> end = RoundState.parse("hands Ann: - | Bob: 7 | Cid: -; top 3-bee; out Cid Ann; coups Bob:4", Rules())
>>> m = m.after_round(end)
>>> m.scores(), m.names[m.starter], m.is_over()
((32, 7, 40), 'Cid', False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.nambarz.bots import BOTS, Bot, goes_out, lay_value, ranked
from solver.nambarz.cards import Deck
from solver.nambarz.round import MIN_PLAYERS, RoundState
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import MAX_PLAYERS, Round, Scoreboard, score_game
from solver.whole import Worth

__all__ = ["Match", "MAX_EXTRA_ROUNDS", "BEST_SHOWN", "next_starter", "teams_of"]

MAX_EXTRA_ROUNDS = 10
"""Extra rounds played at most to settle a tie; a tie still standing after them stays a tie."""
BEST_SHOWN = 3
"""How many of the moves that lay the most an analysis (and a hint) names, the best bot's favourite first."""
_NAME = re.compile(r"[^\W\d][\w'.-]{0,29}")


def next_starter(end: RoundState) -> int:
    """Who starts the next round: the player with the most points in this one (seed 000, I); on
    equal points the first of them in seat order."""
    points = end.returns()
    return max(range(len(points)), key=lambda i: (points[i], -i))


def teams_of(names: Sequence[str], size: int) -> dict[str, tuple[str, ...]]:
    """Teams of ``size`` players sitting one after another (``T1``, ``T2``...); none for size 0.

    >>> teams_of(["Ann", "Bob", "Cid", "Dee"], 2)
    {'T1': ('Ann', 'Bob'), 'T2': ('Cid', 'Dee')}
    """
    if not size:
        return {}
    return {f"T{k + 1}": tuple(names[k * size:(k + 1) * size]) for k in range(len(names) // size)}


@dataclass(frozen=True)
class Match:
    """The players in seat order, the rules and deck, the rounds finished (as the score sheet
    writes them) and who starts the next round."""

    names: tuple[str, ...]
    rules: Rules
    deck: Deck
    rounds: tuple[Round, ...] = ()
    starter: int = 0
    bots = BOTS
    unit = "cards"
    loss_labels = (1.0, 2.0, 4.0)
    """A card less than the most the hand could lay is an inaccuracy, two a mistake, four (or a
    coup missed) a blunder."""

    def __post_init__(self):
        n = len(self.names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise TablecalcError(_("Nambarz is played by {low} to {high} players, not {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=n))
        for name in self.names:
            if not _NAME.fullmatch(name):
                raise TablecalcError(_("bad player name {name}: expected a name of up to 30 letters or digits "
                                       "that starts with a letter, without spaces").format(name=quoted(name)))
        size = self.rules.team_size
        if size and (n % size or n // size < 2):
            raise TablecalcError(_("{n} players cannot make teams of {k}: expected a multiple of {k}, at least two "
                                   "teams").format(n=n, k=size))
        RoundState.deal(self.names, self.rules, self.deck)  # the deck deals this many hands

    # -- rounds ------------------------------------------------------------------------

    def sitting_out(self) -> frozenset[int]:
        """The seats that sit the next round out: with ``extra_round_players="tied"``, in an extra
        round, every player not in the tie it settles; nobody otherwise.

        >>> rules = Rules().with_options(game_rounds=2, extra_round_players="tied")
        >>> m = Match(("Ann", "Bob", "Cid"), rules, Deck.default(), (Round.parse("Ann, Bob, (Cid)"),), starter=2)
        >>> sorted(m.sitting_out())
        []
        >>> m = replace(m, rounds=m.rounds + (Round.parse("Bob, Ann, (Cid)"),))
        >>> m.scores(), m.is_over(), sorted(m.sitting_out())
        ((72, 72, 0), False, [2])
        >>> import random
        >>> s = m.deal(random.Random(1))
        >>> [len(h) for h in s.hands], s.names[s.to], str(s).split("; ")[-2]
        ([7, 7, 0], 'Ann', 'sitting-out Cid')
        """
        if len(self.rounds) < self.rules.game_rounds:
            return frozenset()
        board = self.board()
        seats = board.extra_round_seats() if board is not None else None
        if seats is None:
            return frozenset()
        return frozenset(i for i, n in enumerate(self.names) if n not in seats)

    def deal(self, rng) -> RoundState:
        """The next round, shuffled with a seed drawn from ``rng``; its starter as the rules say (in
        an extra round the tied alone play, the first of them from the starter on)."""
        return RoundState.deal(self.names, self.rules, self.deck, rng.randrange(2 ** 31), self.starter,
                               self.sitting_out())

    def parse_deal(self, text: str) -> RoundState:
        """A round as written (its notation); its hands must be the players' (names left out: in seat order)."""
        state = RoundState.parse(text, self.rules, self.deck)
        if state.players != len(self.names):
            raise TablecalcError(_("the deal has {k} hands for {n} players: expected one hand per player").format(
                k=state.players, n=len(self.names)))
        generic = tuple(f"P{i + 1}" for i in range(state.players))
        if state.names != generic and [n.lower() for n in state.names] != [n.lower() for n in self.names]:
            raise TablecalcError(_("the deal names {theirs}, the players are {ours}: expected the same players in "
                                   "the same order").format(theirs=", ".join(state.names), ours=", ".join(self.names)))
        sitting = self.sitting_out()
        if state.sitting != sitting:
            if not sitting:
                raise TablecalcError(_("in this round every player plays: expected no 'sitting-out' in the deal"))
            raise TablecalcError(_("this extra round is played by the tied players alone: expected 'sitting-out {names}' "
                                   "in the deal").format(names=" ".join(self.names[i] for i in sorted(sitting))))
        return replace(state, names=self.names)

    def after_round(self, end: RoundState) -> "Match":
        """The match once the finished round ``end`` is on the score sheet."""
        if not end.is_terminal():
            raise TablecalcError(_("the round is not over: {position}").format(position=end))
        return replace(self, rounds=self.rounds + (end.result(),), starter=next_starter(end))

    # -- scores --------------------------------------------------------------------------

    def teams(self) -> dict[str, tuple[str, ...]]:
        return teams_of(self.names, self.rules.team_size)

    def board(self) -> Scoreboard | None:
        """The score sheet of the rounds finished (``None`` before the first)."""
        return score_game(self.rounds, self.names, self.teams() or None, self.rules) if self.rounds else None

    def scores(self) -> tuple[int, ...]:
        """Each player's points so far; with teams, their team's points."""
        board = self.board()
        if board is None:
            return (0,) * len(self.names)
        if board.teams:
            team = {m: t for t, members in board.teams.items() for m in members}
            return tuple(board.team_totals[team[n]] for n in self.names)
        return tuple(board.totals[n] for n in self.names)

    def is_over(self) -> bool:
        """The game's rounds are played and no place extra rounds settle is disputed (the lead, or
        with ``tie_break="any-place"`` every place), or the extra rounds ran out."""
        played, wanted = len(self.rounds), self.rules.game_rounds
        if played < wanted:
            return False
        board = self.board()
        return played >= wanted + MAX_EXTRA_ROUNDS or board is not None and not board.disputed

    def standing(self) -> tuple[str, ...]:
        """The places, once extra rounds only the tied play have been played (their points are
        kept apart from the scores, and only order the tied): one line, or none.

        >>> rules = Rules().with_options(game_rounds=1, extra_round_players="tied")
        >>> m = Match(("Ann", "Bob", "Cid", "Dee", "Eve"), rules, Deck.default(), (Round.parse("Ann, Bob, Cid, Dee+6, (Eve)"),))
        >>> m.scores(), sorted(m.sitting_out()), m.standing()
        ((40, 32, 25, 40, 0), [1, 2, 4], ())
        >>> m = replace(m, rounds=m.rounds + (Round.parse("Dee, (Ann)"),))
        >>> m.scores(), m.is_over()
        ((40, 32, 25, 40, 0), True)
        >>> m.standing()[0]
        'Places after the extra rounds: 1. Dee 40 (+40 in extra rounds), 2. Ann 40, 3. Bob 32, 4. Cid 25, 5. Eve 0'
        """
        board = self.board()
        if board is None or not board.extra or len(self.rounds) <= self.rules.game_rounds:
            return ()
        extra = board.team_extra if board.teams else board.extra
        places = ", ".join(
            (_("{place}. {name} {points} (+{extra} in extra rounds)") if extra[name] else _("{place}. {name} {points}"))
            .format(place=k, name=name, points=points, extra=extra[name]) for k, (name, points) in enumerate(board.ranking, 1))
        return (_("Places after the extra rounds: {places}").format(places=places),)

    def before_round(self) -> tuple[str, ...]:
        """What to say before the next round when some players sit it out (an extra round the tied
        alone play): one line, or none."""
        sitting = self.sitting_out()
        if not sitting:
            return ()
        playing = [n for i, n in enumerate(self.names) if i not in sitting]
        return (_("Extra round for {players}; {others} sit it out.").format(
            players=", ".join(playing), others=", ".join(self.names[i] for i in sorted(sitting))),)

    def advice(self) -> tuple[str, ...]:
        """What the rules advise this table (seed 000, I: teams above six players)."""
        if len(self.names) > 6 and not self.rules.team_size:
            return (_("With more than six players the rules advise playing in teams of 2 to 6 players sitting one "
                      "after another (--team-size)."),)
        return ()

    # -- bots and analysis ------------------------------------------------------------------

    def bot(self, name: str, seat: int, rng) -> Bot:
        return Bot(name, rng)

    def analyse(self, state: RoundState, moves: Sequence[str] = ()) -> Worth:
        """Every legal move's worth in cards (:func:`~solver.nambarz.bots.lay_value`), and of each of
        ``moves`` as typed; the best are those that lay the most (at most :data:`BEST_SHOWN`, the best
        bot's favourite first). Exact where the mover can go out now (nothing beats laying the last
        cards) or has one move only; elsewhere an estimate (keeping cards can be wiser)."""
        legal = state.legal_moves()
        if not legal:
            return Worth((), {}, True)
        worth = {m: lay_value(state, m) for m in legal}
        values = {str(m): float(v) for m, v in worth.items()}
        for text in moves:
            if text not in values:
                v = state.judge(text)
                if v.legal and v.move is not None:
                    values[text] = float(lay_value(state, v.move))
        top = max(worth.values())
        best = ranked(state, [m for m, v in worth.items() if v == top])[:BEST_SHOWN]
        exact = len(legal) == 1 or any(goes_out(state, m) for m in legal)
        return Worth(tuple(str(m) for m in best), values, exact)
