"""Nambarz scoring: places in each round, coup de maître bonuses, several rounds, teams.

A round is written as its finishing order, first out first, separated by commas; a
player's legal calculations of 4 or more cards follow their name as ``+N``; a player still
holding cards when the round ended is written in brackets, with their coups (seed 000, V:
coups count "pour les joueurs qui ont réussi à en faire", out or not):

>>> r = Round.parse("Ann, Bob, (Cid+4)")
>>> r.order, r.holding, str(r), score_game([r]).totals
(('Ann', 'Bob'), ('Cid',), 'Ann, Bob, (Cid+4)', {'Ann': 40, 'Bob': 32, 'Cid': 7})

>>> r = Round.parse("Ann+4, Bob, Cid+5+4, Dee")
>>> str(r), r.coups
('Ann+4, Bob, Cid+5+4, Dee', (('Ann', 4), ('Cid', 5), ('Cid', 4)))
>>> board = score_game([r, Round.parse("Bob, Ann, Dee, Cid")], teams={"Red": ("Ann", "Bob"), "Blue": ("Cid", "Dee")})
>>> board.totals
{'Ann': 79, 'Bob': 72, 'Cid': 65, 'Dee': 44}
>>> board.team_totals, board.leaders
({'Red': 151, 'Blue': 109}, ('Red',))

Places score 40, 32, 25, 19 and 14; players beyond fifth (or still holding cards when
the round ends without them) score no place points. Coups score 7 per card beyond 3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _
from solver.parsing import is_whole
from solver.nambarz.rules import ExtraRoundPlayers, Rules, TieBreak

__all__ = ["PLACE_POINTS", "Round", "Scoreboard", "parse_round", "parse_teams", "score_game"]

PLACE_POINTS = (40, 32, 25, 19, 14)
"""Points for the first five players out in a round."""

MAX_PLAYERS = 12
MIN_TEAM, MAX_TEAM = 2, 6
"""A team has 2 to 6 players (seed 000, I), who sit one after another."""
MAX_COUP = 40
"""The most cards one calculation can hold: a whole family (40 symbol or 40 drawing cards)."""

_NAME = re.compile(r"[^\W\d][\w' .-]*")


@dataclass(frozen=True)
class Round:
    """One round: the finishing order and every coup (player, cards in the calculation)."""

    order: tuple[str, ...]
    coups: tuple[tuple[str, int], ...] = ()
    holding: tuple[str, ...] = ()
    """Players still holding cards when the round ended (no place)."""

    @classmethod
    def parse(cls, text: str) -> "Round":
        """Read ``"Ann+4, Bob, Cid+5+4, Dee"`` (finishing order; ``+N`` = a coup with N cards)."""
        order: list[str] = []
        holding: list[str] = []
        coups: list[tuple[str, int]] = []
        parts = [p.strip() for p in text.split(",")]
        if not any(parts):
            raise TablecalcError(_("empty round {text}: expected the finishing order, e.g. \"Ann+4, Bob, Cid\"").format(text=quoted(text)))
        for part in parts:
            if not part:
                raise TablecalcError(_("empty name in round {text}: expected names separated by commas").format(text=quoted(text)))
            held = part.startswith("(") and part.endswith(")")
            if held:
                part = part[1:-1].strip()
            name, *bonus = [x.strip() for x in part.split("+")]
            if not _NAME.fullmatch(name):
                raise TablecalcError(
                    _("bad player name {name} in round {text}: expected a name, optionally followed by +N for each coup "
                      "of N cards, e.g. Ann+4").format(name=quoted(name), text=quoted(text))
                )
            if name in order or name in holding:
                raise TablecalcError(_("{name} appears twice in round {text}: each player finishes once").format(name=name, text=quoted(text)))
            if held:
                holding.append(name)
            elif holding:
                raise TablecalcError(_("{name} is written after a player still holding cards in round {text}: "
                                       "expected the players out first, then those in brackets").format(
                                           name=name, text=quoted(text)))
            else:
                order.append(name)
            for b in bonus:
                if not is_whole(b) or not 4 <= int(b) <= MAX_COUP:
                    raise TablecalcError(
                        f"bad coup {name}+{b} in round {quoted(text)}: expected +N with N from 4 to {MAX_COUP}, the "
                        "cards of a legal calculation (4 = coup de maître, 5 = coup de super maître)"
                    )
                coups.append((name, int(b)))
        if not order:
            raise TablecalcError(_("nobody went out in round {text}: expected at least one player out").format(
                text=quoted(text)))
        return cls(tuple(order), tuple(coups), tuple(holding))

    def __str__(self) -> str:
        def named(name: str) -> str:
            return name + "".join(f"+{n}" for who, n in self.coups if who == name)

        return ", ".join([*(named(n) for n in self.order), *(f"({named(n)})" for n in self.holding)])


parse_round = Round.parse


def parse_teams(specs: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Read teams written ``NAME=PLAYER,PLAYER`` (one string per team).

    >>> parse_teams(["Red=Ann,Bob", "Blue = Cid, Dee"])
    {'Red': ('Ann', 'Bob'), 'Blue': ('Cid', 'Dee')}
    """
    teams: dict[str, tuple[str, ...]] = {}
    for spec in specs:
        name, sep, members = spec.partition("=")
        if not sep or not name.strip() or not members.strip():
            raise TablecalcError(_("bad team {spec}: expected NAME=PLAYER,PLAYER like \"Red=Ann,Bob\"").format(spec=quoted(spec)))
        if name.strip() in teams:
            raise TablecalcError(_("team {text} is given twice").format(text=name.strip()))
        teams[name.strip()] = tuple(m.strip() for m in members.split(",") if m.strip())
    return teams


@dataclass(frozen=True)
class Scoreboard:
    """Scores of a game: per player and round ``(place, place points, coup points)``, totals, teams.

    With ``extra_round_players="tied"``, the rounds after the game's ``game_rounds`` are extra
    rounds played by the tied alone: their points are not in the totals but apart, in ``extra``
    (``team_extra``), and only order players (or teams) whose totals are equal — an extra round
    never moves anyone past a player who was not in the tie.

    >>> rules = Rules().with_options(extra_round_players="tied", tie_break="any-place", game_rounds=1)
    >>> b = score_game([Round.parse("Dee, Ann, Cid+4, (Bob)"), Round.parse("Ann, (Cid)")], rules=rules)
    >>> b.totals, b.extra
    ({'Dee': 40, 'Ann': 32, 'Cid': 32, 'Bob': 0}, {'Dee': 0, 'Ann': 40, 'Cid': 0, 'Bob': 0})
    >>> b.ranking, b.leaders, b.disputed
    ([('Dee', 40), ('Ann', 32), ('Cid', 32), ('Bob', 0)], ('Dee',), ())
    """

    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    cells: Mapping[str, tuple[tuple[int | None, int, int], ...]]
    totals: Mapping[str, int]
    teams: Mapping[str, tuple[str, ...]]
    team_totals: Mapping[str, int]
    tie_break: TieBreak = TieBreak.LEAD
    extra_round_players: ExtraRoundPlayers = ExtraRoundPlayers.ALL
    game_rounds: int = 0
    """The rounds of the game proper (the rest are extra rounds); 0: not told (every round counts alike)."""
    extra: Mapping[str, int] = field(default_factory=dict)
    """With ``tied`` extra rounds, each player's points in them (kept out of ``totals``); else empty."""
    team_extra: Mapping[str, int] = field(default_factory=dict)

    def _key(self) -> dict[str, tuple[int, int]]:
        """What orders players (or teams), the most first: their total, then (``tied`` extra
        rounds) their points in the extra rounds."""
        scores, extra = (self.team_totals, self.team_extra) if self.teams else (self.totals, self.extra)
        return {n: (pts, extra.get(n, 0)) for n, pts in scores.items()}

    @property
    def ranking(self) -> list[tuple[str, int]]:
        """Players, or teams when there are teams, from the first place down, with their totals."""
        scores = self.team_totals if self.teams else self.totals
        key = self._key()
        return sorted(scores.items(), key=lambda kv: (tuple(-k for k in key[kv[0]]), kv[0]))

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who holds the first place; more than one means a tie, settled by extra rounds."""
        key = self._key()
        top = key[self.ranking[0][0]]
        return tuple(name for name, _pts in self.ranking if key[name] == top)

    @property
    def disputed(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """The places extra rounds must still settle, each ``(place, the players or teams sharing it)``:
        a tie for the lead, or with ``tie_break="any-place"`` a tie at any place of the ranking.

        >>> b = score_game([Round.parse("Ann, Bob, Cid, Dee"), Round.parse("Bob, Ann, Dee, Cid")])
        >>> b.disputed, score_game(b.rounds, rules=Rules(tie_break=TieBreak.ANY_PLACE)).disputed
        (((1, ('Ann', 'Bob')),), ((1, ('Ann', 'Bob')), (3, ('Cid', 'Dee'))))
        """
        out, place = [], 1
        ranking, key = self.ranking, self._key()
        while place <= len(ranking):
            group = tuple(n for n, _pts in ranking if key[n] == key[ranking[place - 1][0]])
            if len(group) > 1:
                out.append((place, group))
            if self.tie_break is TieBreak.LEAD:
                break
            place += len(group)
        return tuple(out)

    def extra_round_seats(self) -> tuple[str, ...] | None:
        """The players who play the next extra round: with ``tied``, those of the first disputed place
        (every member of its teams, with teams); ``None`` when everyone plays it (``all``, or no tie).

        >>> rules = Rules(extra_round_players=ExtraRoundPlayers.TIED, tie_break=TieBreak.ANY_PLACE, game_rounds=2)
        >>> b = score_game([Round.parse("Ann, Bob, Cid, Dee"), Round.parse("Bob, Ann, Dee, Cid")], rules=rules)
        >>> b.extra_round_seats()
        ('Ann', 'Bob')
        >>> score_game([*b.rounds, Round.parse("Bob, Ann")], rules=rules).extra_round_seats()
        ('Cid', 'Dee')
        """
        if self.extra_round_players != ExtraRoundPlayers.TIED:
            return None
        disputed = self.disputed
        if not disputed:
            return None
        tied = disputed[0][1]
        if self.teams:
            return tuple(p for p in self.players if any(p in self.teams[t] for t in tied))
        return tuple(p for p in self.players if p in tied)

    def as_dict(self) -> dict:
        return {
            "rounds": [str(r) for r in self.rounds],
            "players": [
                {
                    "name": p,
                    "rounds": [
                        {"place": place, "place_points": pp, "coup_points": cp} for place, pp, cp in self.cells[p]
                    ],
                    "total": self.totals[p],
                    **({"extra": self.extra[p]} if self.extra else {}),
                }
                for p in self.players
            ],
            "teams": [
                {"name": t, "members": list(m), "total": self.team_totals[t],
                 **({"extra": self.team_extra[t]} if self.team_extra else {})} for t, m in self.teams.items()
            ],
            "ranking": [{"name": n, "total": s} for n, s in self.ranking],
            "leaders": list(self.leaders),
            "tie": len(self.leaders) > 1,
            "disputed": [{"place": place, "names": list(names)} for place, names in self.disputed],
        }


def score_game(
    rounds: Sequence[Round],
    players: Iterable[str] = (),
    teams: Mapping[str, Sequence[str]] | None = None,
    rules: Rules = Rules(),
) -> Scoreboard:
    """Add up a game. ``players`` may name players who never went out (they score 0)."""
    if not rounds:
        raise TablecalcError(_("no rounds to score: expected at least one --round \"Ann, Bob, ...\""))
    names: list[str] = list(dict.fromkeys(players))
    for n in names:
        if not _NAME.fullmatch(n):
            raise TablecalcError(_("bad player name {n}: expected a name that starts with a letter, e.g. Ann").format(n=repr(n)))
    for r in rounds:
        for n in (*r.order, *r.holding):
            if n not in names:
                names.append(n)
    if len(names) < 2:
        raise TablecalcError(_("a game needs at least 2 players, got {names}: {choices}").format(names=len(names), choices=', '.join(names)))
    if len(names) > MAX_PLAYERS:
        raise TablecalcError(_("Nambarz is for at most {max_players} players, got {names}").format(max_players=MAX_PLAYERS, names=len(names)))
    teams = {t: tuple(m) for t, m in (teams or {}).items()}
    seen: dict[str, str] = {}
    for t, members in teams.items():
        if not MIN_TEAM <= len(members) <= MAX_TEAM:
            raise TablecalcError(_("team {team} has {n} players: a Nambarz team has {low} to {high}").format(
                team=t, n=len(members), low=MIN_TEAM, high=MAX_TEAM))
        if len(set(members)) != len(members):
            raise TablecalcError(_("team {t} names a player twice: {choices}").format(t=t, choices=', '.join(members)))
        for m in members:
            if m not in names:
                raise TablecalcError(_("team {t} names {m}, who plays in no round: expected one of {choices}").format(t=t, m=m, choices=', '.join(names)))
            if m in seen:
                raise TablecalcError(_("{m} is in two teams ({m2} and {t}): each player is in one team").format(m=m, m2=seen[m], t=t))
            seen[m] = t
    if teams and len(seen) != len(names):
        missing = [n for n in names if n not in seen]
        raise TablecalcError(_("with teams, every player needs a team; no team for: {choices}").format(choices=', '.join(missing)))

    cells: dict[str, list[tuple[int | None, int, int]]] = {n: [] for n in names}
    for r in rounds:
        for n in names:
            place = r.order.index(n) + 1 if n in r.order else None
            pp = PLACE_POINTS[place - 1] if place and place <= len(PLACE_POINTS) else 0
            cp = sum(rules.coup_bonus(k) for who, k in r.coups if who == n)
            cells[n].append((place, pp, cp))
    board = _sheet(tuple(names), tuple(rounds), cells, teams, rules)
    if rules.extra_round_players == ExtraRoundPlayers.TIED:
        for k in range(rules.game_rounds, len(rounds)):
            _check_extra_round(_sheet(tuple(names), tuple(rounds[:k]), cells, teams, rules), rounds[k], k + 1)
    return board


def _sheet(names: tuple[str, ...], rounds: tuple[Round, ...], cells: Mapping[str, Sequence[tuple[int | None, int, int]]],
           teams: Mapping[str, tuple[str, ...]], rules: Rules) -> Scoreboard:
    """The score sheet of ``rounds`` (the first ones of ``cells``)."""
    kept = {n: tuple(c[:len(rounds)]) for n, c in cells.items()}
    apart = rules.extra_round_players == ExtraRoundPlayers.TIED
    game = rules.game_rounds if apart else len(rounds)
    totals = {n: sum(pp + cp for _, pp, cp in kept[n][:game]) for n in names}
    team_totals = {t: sum(totals[m] for m in members) for t, members in teams.items()}
    extra = {n: sum(pp + cp for _, pp, cp in kept[n][game:]) for n in names} if apart else {}
    team_extra = {t: sum(extra[m] for m in members) for t, members in teams.items()} if apart else {}
    return Scoreboard(names, rounds, kept, totals, teams, team_totals, rules.tie_break, rules.extra_round_players,
                      rules.game_rounds, extra, team_extra)


def _check_extra_round(before: Scoreboard, extra: Round, number: int) -> None:
    """With ``tied`` extra rounds: ``extra`` (round ``number``) is played by the players of the tie
    it settles, and by nobody else."""
    seats = before.extra_round_seats()
    if seats is None:
        raise TablecalcError(_("round {number} is an extra round, but no tie is left to settle before it: expected "
                               "fewer rounds, or more --game-rounds").format(number=number))
    for n in (*extra.order, *extra.holding):
        if n not in seats:
            raise TablecalcError(_("{name} plays round {number}, an extra round that only {players} play: the other "
                                   "players sit it out").format(name=n, number=number, players=", ".join(seats)))
