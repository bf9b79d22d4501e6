"""Le Nain Jaune played whole (:class:`solver.whole.Match`): a game of rounds between 3 to 8
players, the tokens each holds carried from round to round, the board's stakes carried over, the
deal passing one seat to the left each round, until a player cannot pay or cannot stake the next
round (or the rounds asked are played).

A round's start is its position's notation (:class:`~solver.nainjaune.round.Position`: every
hand, the board with this round's stakes on it, the dealer, who starts), so a log replays
exactly; the cards set aside are the ones in no hand. Before each deal every player stakes 15
tokens; after the round the settlement (:func:`~solver.nainjaune.settle.settle`) is paid from
what each then holds. The scores are the tokens each player holds between rounds.

>>> import random
>>> m = Match(("Ann", "Bob", "Cid"), Rules())
>>> s = m.deal(random.Random(1))
>>> str(s).split("; ")[1:]
['board 10:3 J:6 Q:9 K:12 7:15', 'dealer Cid', 'to Ann']
>>> str(m.parse_deal(str(s))) == str(s), m.scores()
(True, (120, 120, 120))
>>> end = RoundState(Position.parse("hands Ann: - | Bob: 2c 3c | Cid: Qs; board 10:3 J:6 Q:9 K:12 7:15; opened Ann"), Rules())
>>> m = m.after_round(end)
>>> m.scores(), str(m.board), m.is_over()
((108, 103, 95), '10:3 J:6 Q:18 K:12 7:15', False)

Ann went out: Bob pays her 2 tokens and Cid 1; Cid still holds Q♠ and doubles its cell (9).
Each had staked 15.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from solver.errors import TablecalcError, quoted
from solver.i18n import _, ngettext
from solver.nainjaune.best import move_worths
from solver.nainjaune.bots import BOTS, Bot
from solver.nainjaune.cards import full_deck
from solver.nainjaune.referee import violations
from solver.nainjaune.round import Position, Sans, check_table, normalise, parse_hands, parse_moves
from solver.nainjaune.rules import MAX_PLAYERS, MIN_PLAYERS, STAKE_PER_ROUND, Board, Rules, hand_size
from solver.nainjaune.settle import RoundEnd, Settlement, settle
from solver.nainjaune.state import RoundState
from solver.whole import Worth
from solver.whole.log import Log, LoggedMove, LoggedRound

__all__ = ["Match", "GameOver", "older_log"]


class GameOver(enum.StrEnum):
    """Why the game ended (the seed: someone cannot pay, or cannot stake the next round)."""

    CANNOT_PAY = "cannot-pay"
    CANNOT_STAKE = "cannot-stake"


@dataclass(frozen=True)
class Match:
    """The players (seat order, clockwise), the tokens each holds between rounds, the board carried
    over, the rounds played and, once it ended, why; ``last`` is the last round's settlement."""

    names: tuple[str, ...]
    rules: Rules
    tokens: tuple[int, ...] = ()
    board: Board = field(default_factory=Board)
    rounds: int = 0
    over: GameOver | None = None
    last: Settlement | None = field(default=None, repr=False, compare=False)

    bots = {name: kind.description for name, kind in BOTS.items()}
    unit = "tokens"
    loss_labels = (2.0, 5.0, 10.0)
    """Two tokens lost are an inaccuracy, five a mistake, ten a blunder (going out missed is one)."""

    def __post_init__(self):
        n = len(self.names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise TablecalcError(_("Le Nain Jaune is played by {low} to {high} players, not {n}: give --players {low} or "
                                   "more (or their names)").format(low=MIN_PLAYERS, high=MAX_PLAYERS, n=n))
        if self.names != _seats(n):
            parse_hands(" | ".join(f"{name}: -" for name in self.names))  # names the notation can write
        if not self.tokens:
            object.__setattr__(self, "tokens", (self.rules.start_tokens,) * n)

    @property
    def dealer(self) -> int:
        """Who deals the next round: the last seat first, then one seat to the left each round."""
        return (self.rounds - 1) % len(self.names)

    def deal(self, rng) -> RoundState:
        """The next round: every player stakes, the cards are shuffled and dealt, the player to the
        dealer's left starts; the cards left over are set aside, unseen."""
        self._check_open()
        n = len(self.names)
        deck = full_deck()
        rng.shuffle(deck)
        size = hand_size(n)
        hands = tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n))
        dealer = self.dealer
        pos = Position(hands, self.board.staked(n), (dealer + 1) % n, names=self.names, dealer=dealer)
        return RoundState(pos, self.rules, aside=frozenset(deck[n * size:]))

    def parse_deal(self, text: str) -> RoundState:
        """A round as a log or a player writes it (its position's notation; a round in progress is
        read too): the hands, named as the match's players or not named at all."""
        self._check_open()
        pos = Position.parse(text)
        if pos.players != len(self.names):
            raise TablecalcError(ngettext("the deal has {hands} hands for {n} player ({names}): expected one hand each, separated by |",
                                          "the deal has {hands} hands for {n} players ({names}): expected one hand each, separated by |",
                                          len(self.names)).format(hands=pos.players, n=len(self.names), names=", ".join(self.names)))
        if pos.names == _seats(pos.players):
            pos = replace(pos, names=self.names)
        elif tuple(n.lower() for n in pos.names) != tuple(n.lower() for n in self.names):
            raise TablecalcError(_("the deal's players {theirs} are not the game's {ours}: expected the same names in the same order")
                                 .format(theirs=", ".join(pos.names), ours=", ".join(self.names)))
        else:
            pos = replace(pos, names=self.names)
        check_table(pos.hands, pos.names)
        if pos.is_over():
            raise TablecalcError(_("the deal {deal} has a player out already (an empty hand, -): expected a round still to play")
                                 .format(deal=quoted(str(text).strip())))
        return RoundState(pos, self.rules)

    def _check_open(self) -> None:
        if self.over is not None:
            who = ", ".join(self.names[i] for i in (self.last.cannot_pay or self.last.cannot_stake)) if self.last else ""
            raise TablecalcError((_("the game is over after round {round} ({who} cannot pay): no round follows")
                                  if self.over == GameOver.CANNOT_PAY else
                                  _("the game is over after round {round} ({who} cannot stake the next round): no round follows"))
                                 .format(round=self.rounds, who=who))

    def after_round(self, end: RoundState) -> "Match":
        """The match once the round ``end`` is settled: everyone's tokens (stake paid, stakes taken,
        settlement), the board carried over, and whether the game ends."""
        if not end.is_terminal():
            raise TablecalcError(_("the round is not over in {round}: expected a player out").format(round=end))
        wallet = tuple(t - STAKE_PER_ROUND + k for t, k in zip(self.tokens, end.position.taken))
        s = settle(RoundEnd.of(end.position, wallet), self.rules)
        over = GameOver.CANNOT_PAY if s.cannot_pay else GameOver.CANNOT_STAKE if s.cannot_stake else None
        return Match(self.names, self.rules, s.tokens_after or wallet, s.board_after, self.rounds + 1, over, s)

    def is_over(self) -> bool:
        return self.over is not None

    def scores(self) -> tuple[int, ...]:
        """The tokens each player holds between rounds."""
        return self.tokens

    def bot(self, name: str, seat: int, rng) -> Bot:
        return Bot.of(name, seat, rng)

    def analyse(self, state: RoundState, moves: Sequence[str] = ()) -> Worth:
        """What each legal move (and each of ``moves``, as written) is worth to its player, in tokens:
        the best lay it starts that the player can surely make from what they see (stakes taken, and
        what the cards laid would cost in hand; going out, what the settlement pays). Exact where
        the player can surely go out: the round ends there, and no other lay is worth as much."""
        pos, rules = state.position, self.rules
        if pos.is_over():
            return Worth((), {}, True)
        seen = state.as_seen_by(pos.to)
        wanted = {}
        for text in moves:
            try:
                found = parse_moves(text)
            except TablecalcError:
                continue
            if len(found) == 1 and not violations(pos, pos.to, normalise(found[0], rules), rules):
                wanted[text] = normalise(found[0], rules)
        worths = move_worths(seen, rules, real=pos)
        extra = [m for m in wanted.values() if m not in worths]
        worths.update(move_worths(seen, rules, extra, real=pos))
        values = {str(m): float(w) for m, (w, _out) in worths.items()}
        values.update({text: float(worths[m][0]) for text, m in wanted.items()})
        top = max(w for w, _out in worths.values())
        kinds = {}
        for m, (w, _out) in worths.items():
            if w == top:
                kinds.setdefault(_kind(m, rules), str(m))  # one of each kind: the first, in the legal moves' order
        best = tuple(kinds.values())
        return Worth(best, values, any(out for _w, out in worths.values()))

    def compare_end(self, extra: Mapping[str, Any]) -> list[tuple[str, Any, Any]]:
        """Where a log's ``end`` line, when it writes the settlement, differs from the referee's
        (the last round's): ``payments`` (``{"from", "to", "tokens"}`` each, a cell written
        ``board:Q``), ``board`` (cell → tokens after). Each difference is (key, the log's, ours)."""
        if self.last is None:
            return []
        out = []
        if "payments" in extra:
            theirs = _payments(extra["payments"])
            ours = sorted((p.payer.lower(), p.payee.lower(), p.tokens) for p in self.last.payments if p.tokens)
            if theirs != ours:
                out.append(("payments", extra["payments"], [{"from": p.payer, "to": p.payee, "tokens": p.tokens}
                                                             for p in self.last.payments if p.tokens]))
        if "board" in extra:
            ours_board = self.last.board_after
            try:
                theirs_board = Board.parse(extra["board"] if isinstance(extra["board"], str) else
                                           " ".join(f"{k}:{v}" for k, v in dict(extra["board"]).items()))
            except (TablecalcError, TypeError, ValueError):
                theirs_board = None
            if theirs_board != ours_board:
                out.append(("board", extra["board"], ours_board.as_dict()))
        return out


def _payments(value: Any) -> list[tuple[str, str, int]] | None:
    """A log's payments as sorted (payer, payee, tokens), names in lower case; ``None`` when unreadable."""
    if not isinstance(value, list):
        return None
    rows = []
    for p in value:
        if not isinstance(p, dict) or not isinstance(p.get("tokens"), int) or isinstance(p.get("tokens"), bool):
            return None
        payer, payee = (str(p.get(k, "")).strip().lower() for k in ("from", "to"))
        if p["tokens"]:
            rows.append((payer, payee, p["tokens"]))
    return sorted(rows)


def older_log(text: str, source: str) -> Log | None:
    """A log of Le Nain Jaune in the format of earlier versions (``simulate --log`` before the one
    format, or written by hand after their docs: a line with ``hands`` deals a round, a line with
    ``move`` is a move, a ``settle`` line the settlement), as a log of the one format, so what a
    player saved is still judged; ``None`` when ``text`` is not one.

    >>> log = older_log('{"names": ["Ann", "Bob", "Cid"], "hands": ["9c Kh", "Jc", "Jd"], "dealer": "Cid"}\\n'
    ...                 '{"player": "Ann", "move": "9c"}', "old.jsonl")
    >>> log.players, log.rounds[0].deal, [(m.player, m.move) for m in log.rounds[0].moves]
    (('Ann', 'Bob', 'Cid'), 'hands Ann: 9c Kh | Bob: Jc | Cid: Jd; board 10:0 J:0 Q:0 K:0 7:0; dealer Cid; to Ann', [(0, '9c')])
    """
    from solver.gamelog import log_objects

    objects = log_objects(text, source)
    if not any("hands" in obj for _n, obj in objects):
        return None
    head = next((obj for _n, obj in objects if obj.get("type") == "game"), {})
    rules = head.get("rules") if isinstance(head.get("rules"), dict) else {}
    names = head.get("names") or next(obj.get("names") for _n, obj in objects if "hands" in obj)
    rounds: list[dict] = []
    for number, obj in objects:
        where = _("{source}, line {line}").format(source=source, line=number)
        if "hands" in obj:
            hands = obj["hands"] if isinstance(obj["hands"], list) else str(obj["hands"]).split("|")
            names = names or obj.get("names") or list(_seats(len(hands)))
            if not isinstance(names, list) or len(names) != len(hands):
                raise TablecalcError(_("{where}: {hands} hands for the players {names}: expected one hand each").format(
                    where=where, hands=len(hands), names=names))
            board = obj.get("board", "")
            board = " ".join(f"{k}:{v}" for k, v in board.items()) if isinstance(board, dict) else str(board)
            deal = " | ".join(f"{n}: {str(h).strip() or '-'}" for n, h in zip(names, hands))
            deal = f"hands {deal}" + (f"; board {board}" if board.strip() else "")
            for key in ("dealer", "to"):
                if key in obj:
                    who = obj[key]
                    deal += f"; {key} {who + 1 if isinstance(who, int) and not isinstance(who, bool) else who}"
            try:
                deal = str(Position.parse(deal))
            except TablecalcError as e:
                raise TablecalcError(_("{where}: {error}").format(where=where, error=e)) from None
            rounds.append({"line": number, "deal": deal, "moves": [], "scores": None, "end": {}, "end_line": None})
        elif "move" in obj and rounds:
            who = obj.get("player")
            seat = who if isinstance(who, int) and not isinstance(who, bool) else next(
                (i for i, n in enumerate(names) if str(who).strip().lower() == n.lower()), None)
            if who is not None and seat is None:
                raise TablecalcError(_("{where}: unknown player {name}: expected one of {names}").format(
                    where=where, name=quoted(who), names=", ".join(names)))
            rounds[-1]["moves"].append(LoggedMove(number, seat, str(obj["move"])))
        elif obj.get("type") == "settle" and rounds:
            tokens = obj.get("tokens") if isinstance(obj.get("tokens"), dict) else {}
            rounds[-1].update(end_line=number, scores=tuple(tokens[n] for n in names) if set(names) <= set(tokens) else None,
                              end={k: obj[k] for k in ("payments", "board") if k in obj})
    options = {spec.name: rules[spec.name] for spec in Rules.options() if spec.name in rules}
    return Log(source, "nainjaune", tuple(names), rules.get("preset"), options,
               tuple(LoggedRound(k, r["line"], r["deal"], tuple(r["moves"]), r["scores"], r["end_line"], r["end"])
                     for k, r in enumerate(rounds, 1)), head.get("seed"))


def _kind(move, rules: Rules):
    """Moves that differ: a board card by itself, other cards by rank (their suit changes nothing), "sans"."""
    if isinstance(move, Sans):
        return "sans"
    return move.card if rules.cell_of(move.card) is not None else move.card.rank


def _seats(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))

