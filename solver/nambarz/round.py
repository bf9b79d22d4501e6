"""A whole Nambarz round as a game state: every hand, the draw pile, the played pile, the card
to cover, the player to move, who has finished — in OpenSpiel's vocabulary
(:class:`solver.game.State`).

Every move is judged by the referee (:func:`solver.nambarz.moves.judge`, which asks the
referee of a play on a number card about cards and calculations): this module holds no rule
of play, only what a legal move does to the table, the penalties, the end of the round and
its places.

Its notation (``str`` and :meth:`RoundState.parse` round-trip)::

    hands Ann: 6 5 2 10 | Bob: 3-hippo 7 | Cid: -; top 3-bee; to Ann; out Cid

* ``hands``: the hands in seat order (clockwise), ``|`` between them; names optional (all or
  none: P1, P2... otherwise); ``-`` is an empty hand (a player out);
* ``top``: what the player to move covers: a number card (``3-bee``), or a change joker laid
  alone and what it announced (``change-number 5``, ``change-drawing cat``);
* ``pile``: the whole played pile, bottom first (it ends with the top, then any play-again laid
  on it); left out, only the top;
* ``stock``: the draw pile, next card first; left out, every card not elsewhere, shuffled by
  ``seed`` (and not written again while nobody has drawn from it);
* ``to``: the player to move (a name, or a seat from 1); ``out``: the finishing order so far;
* ``coups``: legal calculations of 4+ cards so far (``Ann:4 Cid:5``); ``sitting-out``: the
  players who sit this round out (an extra round only the tied play, ``extra_round_players``):
  no hand (``-``), no turn, no place; ``seed``: the seed of the
  reshuffles (and of a stock left out); ``reshuffles``: how many there were;
* flags: ``again`` (the player to move laid play-again and plays again), ``last-draw``
  (play-again was their last card: they draw one), ``blocked``/``too-long`` (a round tablecalc
  stopped, see :class:`End`).

>>> from solver.nambarz.rules import Rules
>>> s = RoundState.parse("hands Ann: 6 2 play-again | Bob: 3-hippo 7 | Cid: 9; top 3-bee; stock 4 5 8", Rules())
>>> [str(m) for m in s.legal_moves()]
['6÷2', 'play-again']
>>> s = s.apply(s.parse_move("play-again"))
>>> s.current_player(), s.phase.value
(0, 'again')
>>> s = s.apply(s.parse_move("6÷2"))
>>> str(s)
'hands Ann: - | Bob: 3-hippo 7 | Cid: 9; top 2; pile 3-bee play-again 6 2; stock 4 5 8; to Bob; out Ann'
>>> s = s.apply(s.parse_move("draw"))
>>> s.hands[1], s.current_player()
((Card(number=3, animal='hippo', joker=None), Card(number=7, animal=None, joker=None), Card(number=4, animal=None, joker=None)), 2)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, field, fields, replace
from typing import Any, Collection, Mapping, Sequence

from solver.errors import IllegalMove, TablecalcError, quoted
from solver.game import TERMINAL
from solver.i18n import N_, _
from solver.nambarz.cards import Card, Deck
from solver.nambarz.moves import Announcement, Cover, JokerKind, Move, joker_kind, judge, legal_moves, parse_cover
from solver.nambarz.rules import HolderPlace, Rules
from solver.nambarz.scoring import MAX_PLAYERS, Round, score_game
from solver.nambarz.state import MoveKind
from solver.nambarz.verdict import Penalty, RoundVerdict, Violation
from solver.parsing import format_fields, parse_fields

__all__ = ["Phase", "End", "RoundState", "MIN_PLAYERS", "MAX_PLAYERS", "MAX_MOVES", "OUT_TO_END", "round_deck"]

MIN_PLAYERS = 2
MAX_MOVES = 3000
"""The most moves of one round: past it tablecalc stops the round (``too-long``, a safety net
that bots playing at random have never reached)."""
OUT_TO_END = 5
"""With 6 to 12 players the round ends when this many are out (seed 000, I)."""


class Phase(enum.StrEnum):
    """Where the turn of the player to move stands."""

    PLAY = "play"
    """An ordinary turn."""
    AGAIN = "again"
    """They laid play-again: they play again on the same card, or draw if they cannot."""
    LAST_DRAW = "last-draw"
    """Play-again was their last card: they draw one; if it covers the card under the joker
    they lay it (and are out), otherwise they keep it."""


class End(enum.StrEnum):
    """Why a round ended."""

    OUT = "out"
    """The seed's end: one player left holding cards (2-5 players), five players out (6-12)."""
    BLOCKED = "blocked"
    """Nothing left to draw and every player still in drew in turn without laying a card
    (the seed is silent: tablecalc ends the round there, those holding cards take no place)."""
    TOO_LONG = "too-long"
    """:data:`MAX_MOVES` moves were played."""


def round_deck(deck: Deck, rules: Rules) -> Deck:
    """The deck of a round: ``deck`` with the jokers of the rules' level (12, 8 or 4)."""
    d = deck.with_jokers(rules.jokers_per_kind)
    for kind in d.jokers:
        if d.jokers[kind]:
            joker_kind(Card(joker=kind))
    return d


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _with(state: "RoundState", **changes) -> "RoundState":
    """``dataclasses.replace(state, **changes)`` for the round, which has no ``__post_init__`` to
    run: its fields copied as they are, a few times faster (a referee makes several per move)."""
    if not changes.keys() <= _FIELDS:  # pragma: no cover - a misspelt field, as replace() would refuse it
        raise TypeError(f"RoundState has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new = object.__new__(RoundState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


@dataclass(frozen=True)
class RoundState:
    """One Nambarz round in progress (or over); see the module's notes for its notation."""

    rules: Rules = field(repr=False)
    deck: Deck = field(repr=False)
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    cover: Cover
    to: int
    phase: Phase = Phase.PLAY
    out: tuple[int, ...] = ()
    coups: tuple[tuple[int, int], ...] = ()
    seed: int = 0
    reshuffles: int = 0
    ended: End | None = None
    sitting: frozenset[int] = frozenset()
    """The seats that sit this round out (an extra round only the tied play): dealt nothing, never
    to move, no place."""
    idle: int = field(default=0, compare=False)
    moves: int = field(default=0, compare=False)
    stock_note: tuple | None = field(default=None, compare=False, repr=False)
    """``(stock, its text)``: how this very draw pile (the same tuple) is written, so the referee,
    which writes the table after every move, works it out once: ``""`` (left out) for the draw
    pile of a notation that left it out, ``None`` (written, its text not made yet) for one dealt,
    written or drawn from. Without a note, it is left out when it is the one a notation leaves out."""

    # -- building -------------------------------------------------------------------

    @classmethod
    def deal(cls, players: int | Sequence[str], rules: Rules, deck: Deck | None = None, seed: int = 0,
             starter: int = 0, sitting: Collection[int] = ()) -> "RoundState":
        """Shuffle the round's deck with ``seed``, deal ``rules.hand_size`` cards each, turn up the
        first card that is not a joker (the published rules: the first card is never a joker).
        The seats of ``sitting`` sit the round out: no cards; the first to play is ``starter``, or
        after them the next seat that plays.

        >>> s = RoundState.deal(4, Rules(), seed=1)
        >>> [len(h) for h in s.hands], len(s.stock), s.cover.is_joker, s.current_player()
        ([7, 7, 7, 7], 63, False, 0)
        >>> s = RoundState.deal(4, Rules(), seed=1, sitting={0, 2})
        >>> [len(h) for h in s.hands], s.current_player(), s.playing
        ([0, 7, 0, 7], 1, 2)
        """
        names = _names(players)
        d = round_deck(deck or Deck.default(), rules)
        sitting = frozenset(sitting)
        if not sitting <= set(range(len(names))) or len(names) - len(sitting) < MIN_PLAYERS:
            raise TablecalcError(_("bad players sitting out {seats}: expected seats 0 to {last}, at least {low} "
                                   "players left to play").format(seats=sorted(sitting), last=len(names) - 1,
                                                                  low=MIN_PLAYERS))
        seats = [i for i in range(len(names)) if i not in sitting]
        n = len(seats)
        cards = d.stock()
        need = n * rules.hand_size + 1
        if need > len(cards):
            raise TablecalcError(_("{n} players with {k} cards each need {need} cards, and the deck of {jokers} jokers "
                                   "has {size}: play with more jokers, fewer players or smaller hands").format(
                                       n=n, k=rules.hand_size, need=need, jokers=rules.jokers, size=len(cards)))
        rng = random.Random(seed)
        rng.shuffle(cards)
        dealt = {seat: tuple(cards[k * rules.hand_size:(k + 1) * rules.hand_size]) for k, seat in enumerate(seats)}
        hands = tuple(dealt.get(i, ()) for i in range(len(names)))
        rest = cards[n * rules.hand_size:]
        at = next((i for i, c in enumerate(rest) if not c.is_joker), None)
        if at is None:
            raise TablecalcError(_("no number card is left to turn up: deal fewer cards"))
        top = rest.pop(at)
        if not 0 <= starter < len(names):
            raise TablecalcError(_("player {p} does not exist: expected 0 to {last}").format(p=starter, last=len(names) - 1))
        while starter in sitting:
            starter = (starter + 1) % len(names)
        stock = tuple(rest)
        return cls(rules, d, names, hands, stock, (top,), top, starter, seed=seed, sitting=sitting,
                   stock_note=(stock, None))

    # -- OpenSpiel's vocabulary -----------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def playing(self) -> int:
        """How many players play this round (all but those sitting it out): what ends it."""
        return len(self.names) - len(self.sitting)

    def is_terminal(self) -> bool:
        return self.ended is not None or self._enough_out()

    def _enough_out(self) -> bool:
        return _enough_out(self.playing, len(self.out))

    def end(self) -> End | None:
        """Why the round is over (``None`` while it goes on)."""
        return self.ended or (End.OUT if self._enough_out() else None)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to

    def hand(self, player: int | None = None) -> tuple[Card, ...]:
        return self.hands[self.to if player is None else player]

    def legal_moves(self) -> list[Move]:
        """Every move the referee accepts for the player to move, in a fixed order: the
        simplest calculations, the concordant cards, the jokers (each announcement, alone and
        then with each card that follows it) — or ``draw``."""
        if self.is_terminal():
            return []
        return legal_moves(self.cover, self.hand(), self.rules, self.deck, must_draw=self.phase is Phase.LAST_DRAW)

    def judge(self, move: Move | str, player: int | None = None, extra: Mapping[str, Any] | None = None, *,
              with_after: bool = False) -> RoundVerdict:
        """The referee's verdict on a move (or typed text) by ``player`` (the player to move by
        default). It never raises for what a player lays: a move out of turn, after the round, or
        text naming a card the deck lacks is a verdict too (the last one not understood).
        ``extra`` is what a log's move line adds: ``drew``, the cards the move drew, for a game
        whose draw pile was not known (checked here: a card that cannot be drawn raises
        :class:`~solver.errors.TablecalcError`). ``with_after``: with the table after it (after
        its penalty) as data, the verdict's ``after``."""
        text = str(move)
        drew = self._drew(extra)
        if self.is_terminal():
            v = RoundVerdict(text, self.cover, (), None, (Violation.ROUND_OVER,))
        elif player is not None and player != self.to:
            v = RoundVerdict(text, self.cover, self.hands[player], None, (Violation.NOT_YOUR_TURN,))
        else:
            try:
                v = judge(self.cover, self.hand(), text, self.rules, self.deck, must_draw=self.phase is Phase.LAST_DRAW)
            except TablecalcError as e:  # text naming no card of the deck: nothing laid
                v = RoundVerdict(text, self.cover, self.hand(), None, (Violation.NOT_A_CALCULATION,), error=str(e))
        if drew:
            v = replace(v, drew=drew)
        if not with_after:
            return v
        moved = player is None or player == self.to
        return replace(v, after=(self.after(v) if moved else self).as_dict())

    def parse_move(self, text: str) -> Move:
        """Read a move as typed (``6÷2``, ``3-hippo``, ``change-number 5 then 5-cat``, ``draw``);
        an illegal but readable move is returned (``apply`` refuses it), text that lays nothing
        raises :class:`~solver.errors.IllegalMove` (its verdict says why)."""
        r = self.judge(text)
        if r.move is None:
            raise IllegalMove("nambarz", text, verdict=r, codes=r.violations)
        return r.move

    def apply(self, move: Move) -> "RoundState":
        """The state after a legal ``move``; raises :class:`~solver.errors.IllegalMove` (its verdict
        says why) when the referee refuses it."""
        r = self.judge(move)
        if not r.legal:
            raise IllegalMove("nambarz", str(move), verdict=r, codes=r.violations)
        assert r.move is not None
        return self.after(r)

    def returns(self) -> tuple[float, ...]:
        """Each player's points for the round so far: place points (40, 32, 25, 19, 14) and coups."""
        totals = score_game([self.result()], self.names, rules=self.rules).totals
        return tuple(float(totals[n]) for n in self.names)

    # -- what a verdict does to the table ----------------------------------------------

    def after(self, r: RoundVerdict) -> "RoundState":
        """The state after the verdict ``r`` on the player to move: a legal move is played; an
        illegal one costs the seed's penalty (draw 3, take back the cards, lay the simplest
        calculation instead or leave the joker alone) and the turn passes; a verdict with no
        penalty (nothing could be laid, a move out of turn) changes nothing. The cards a log
        says the move drew (``r.drew``) are the ones drawn."""
        base = self.with_draws(r.drew) if r.drew else self
        if r.legal:
            assert r.move is not None
            s = base._play(r.move)
        elif r.penalty.draw or r.penalty.play_instead or r.joker_stands:
            s = base._penalise(r)
        else:
            return self
        s = _with(s, moves=self.moves + 1)
        if s.moves >= MAX_MOVES and not s.is_terminal():
            s = _with(s, ended=End.TOO_LONG)
        return s

    def _top_len(self) -> int:
        """How many cards at the top of the pile stay when it is reshuffled: the card to cover
        (or the lone joker) and any play-again laid on it since."""
        k = 0
        while k < len(self.pile) - 1 and self.pile[-1 - k].joker == JokerKind.PLAY_AGAIN:
            k += 1
        return k + 1

    def _draw(self, count: int) -> tuple["RoundState", tuple[Card, ...]]:
        """Draw ``count`` cards for the player to move; when the draw pile runs out, the played
        pile (all but its top) is shuffled into a new one (seeded by ``seed`` and the number of
        reshuffles, so a game replays exactly)."""
        s = self
        drawn: list[Card] = []
        while len(drawn) < count:
            if not s.stock:
                keep = s._top_len()
                under = list(s.pile[:-keep])
                if not under:
                    break
                random.Random(f"{s.seed}/{s.reshuffles}").shuffle(under)
                s = _with(s, stock=tuple(under), pile=s.pile[-keep:], reshuffles=s.reshuffles + 1)
            drawn.append(s.stock[0])
            s = _with(s, stock=s.stock[1:])
        hands = list(s.hands)
        hands[s.to] = hands[s.to] + tuple(drawn)
        return _with(s, hands=tuple(hands), stock_note=(s.stock, None)), tuple(drawn)

    def _lay(self, cards: Sequence[Card]) -> "RoundState":
        hand = list(self.hand())
        for c in cards:
            hand.remove(c)
        hands = list(self.hands)
        hands[self.to] = tuple(hand)
        return _with(self, hands=tuple(hands), pile=self.pile + tuple(cards), idle=0)

    def _pass_turn(self) -> "RoundState":
        """Record a player who has no card left as out, then give the turn to the next player still in."""
        s = self
        if not s.hand() and s.phase is not Phase.LAST_DRAW and s.to not in s.out:
            s = _with(s, out=s.out + (s.to,))
        s = _with(s, phase=Phase.PLAY)
        if s.is_terminal():
            return s
        nxt = (s.to + 1) % s.players
        while nxt in s.out or nxt in s.sitting:
            nxt = (nxt + 1) % s.players
        return _with(s, to=nxt)

    def _play(self, move: Move) -> "RoundState":
        if move.kind is MoveKind.DRAW:
            return self._after_draw()
        s = self._lay(move.cards)
        if move.kind is MoveKind.CALCULATION:
            if self.rules.coup_bonus(len(move.cards)):
                s = _with(s, coups=s.coups + ((s.to, len(move.cards)),))
            return _with(s, cover=move.cards[-1])._pass_turn()
        if move.kind is MoveKind.CONCORDANCE:
            return _with(s, cover=move.cards[0])._pass_turn()
        kind = joker_kind(move.cards[0])
        if kind is JokerKind.PLAY_AGAIN:
            return _with(s, phase=Phase.AGAIN if s.hand() else Phase.LAST_DRAW)
        if move.then is not None:
            return _with(s, cover=move.then)._pass_turn()
        said = move.announce or ""
        ann = Announcement(kind.value, int(said)) if said.isdigit() else Announcement(kind.value, animal=said)
        return _with(s, cover=ann)._pass_turn()

    def _after_draw(self) -> "RoundState":
        last = self.phase is Phase.LAST_DRAW
        s, drawn = self._draw(1)
        if last:
            # the seed: the card drawn is laid if it covers the card under the joker, else kept
            if not drawn:  # nothing left to draw: the player has no card, and is out
                return _with(s, phase=Phase.PLAY)._pass_turn()
            if legal_moves(s.cover, s.hand(), s.rules, s.deck) != [Move(MoveKind.DRAW)]:
                return _with(s, phase=Phase.AGAIN)
            return s._pass_turn()
        if not drawn:
            s = _with(s, idle=self.idle + 1)
            if s.idle >= s.playing - len(s.out):
                return _with(s, ended=End.BLOCKED)
            return s._pass_turn()
        s = _with(s, idle=0)
        if self.rules.play_drawn and legal_moves(s.cover, s.hand(), s.rules, s.deck) != [Move(MoveKind.DRAW)]:
            return _with(s, phase=Phase.PLAY)
        return s._pass_turn()

    def _penalise(self, r: RoundVerdict) -> "RoundState":
        s = self
        p: Penalty = r.penalty
        if p.play_instead is not None:
            s = replace(s._lay(p.play_instead.cards), cover=p.play_instead.cards[-1])
        elif r.joker_stands and r.move is not None and r.move.joker is not None:
            kind = joker_kind(r.move.joker)
            said = r.move.announce or ""
            ann = Announcement(kind.value, int(said)) if said.isdigit() else Announcement(kind.value, animal=said)
            s = replace(s._lay([r.move.joker]), cover=ann)
        if s.phase is Phase.LAST_DRAW:
            s = _with(s, phase=Phase.PLAY)
        s, _drawn = s._draw(p.draw)
        return s._pass_turn()

    def _drew(self, extra: Mapping[str, Any] | None) -> tuple[Card, ...]:
        """The cards a log's move line says were drawn (``drew``: text or a list of cards), checked."""
        if not extra or extra.get("drew") in (None, "", []):
            return ()
        value = extra["drew"]
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            value = " ".join(value)
        if not isinstance(value, str) or len(value) > 2000:
            raise TablecalcError(_("'drew' must be the cards drawn, as text (\"5-cat 2\") or a list of cards"))
        cards = tuple(self.deck.parse_hand(value))
        self.with_draws(cards)  # each must be drawable
        return cards

    def with_draws(self, cards: Sequence[Card]) -> "RoundState":
        """The same state with ``cards`` the next ones drawn (a log may say what was drawn):
        each is taken from the draw pile, or else from the played pile under the top."""
        stock, under = list(self.stock), list(self.pile[:-self._top_len()])
        for c in cards:
            if c in stock:
                stock.remove(c)
            elif c in under:
                under.remove(c)
            else:
                raise TablecalcError(_("{card} cannot be drawn: it is neither in the draw pile nor in the played pile").format(
                    card=c))
        stock = tuple(cards) + tuple(stock)
        return _with(self, stock=stock, pile=tuple(under) + self.pile[-self._top_len():], stock_note=(stock, None))

    # -- the end ------------------------------------------------------------------------

    def result(self) -> Round:
        """The round for the score sheet: the finishing order, the coups, who still holds cards."""
        order = [self.names[i] for i in self.out]
        holding = [n for i, n in enumerate(self.names) if i not in self.out and i not in self.sitting]
        if (self.rules.holder_place is HolderPlace.LAST and self.end() is End.OUT and self.playing <= OUT_TO_END
                and len(holding) == 1):
            order, holding = order + holding, []
        coups = tuple((self.names[p], k) for p, k in self.coups)
        return Round(tuple(order), coups, tuple(holding))

    # -- notation -------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, rules: Rules, deck: Deck | None = None) -> "RoundState":
        """Read the notation of the module's notes; every card must exist in the round's deck."""
        d = round_deck(deck or Deck.default(), rules)
        f = parse_fields(text, N_("round"), ["hands", "top", "pile", "stock", "to", "out", "coups", "sitting-out", "seed",
                                             "reshuffles"],
                         required=["hands", "top"], flags=["again", "last-draw", "blocked", "too-long"])
        names, hands = _parse_hands(str(f["hands"]), d)
        n = len(names)
        cover, top_cards = _parse_top(str(f["top"]), d)
        phase = Phase.LAST_DRAW if f.get("last-draw") else Phase.AGAIN if f.get("again") else Phase.PLAY
        if f.get("again") and f.get("last-draw"):
            raise TablecalcError(_("bad round: 'again' and 'last-draw' cannot both hold"))
        if phase is not Phase.PLAY:
            top_cards = top_cards + (Card(joker=JokerKind.PLAY_AGAIN.value),)
        pile = tuple(d.parse_hand(str(f["pile"]))) if "pile" in f else top_cards
        again = Card(joker=JokerKind.PLAY_AGAIN.value)
        bare = pile
        while len(bare) > 1 and bare[-1] == again:
            bare = bare[:-1]
        if not pile or bare[-1] != top_cards[0] or (phase is not Phase.PLAY and pile[-1] != again):
            raise TablecalcError(_("bad round: the pile must end with the top ({top}), then any play-again laid on it").format(
                top=" ".join(str(c) for c in top_cards)))
        seed = _whole(f.get("seed", "0"), "seed")
        placed = [c for h in hands for c in h] + list(pile)
        if "stock" in f:
            stock = tuple(d.parse_hand(str(f["stock"])))
        else:
            stock = _default_stock(d, placed, seed)
        d.check_available([*placed, *stock], "cards of the round")
        to = _player(str(f["to"]), names, where="to") if "to" in f else 0
        out = tuple(_player(x, names, "out") for x in str(f.get("out", "")).replace(",", " ").split())
        if len(set(out)) != len(out):
            raise TablecalcError(_("bad round: a player is out twice"))
        sitting = frozenset(_player(x, names, "sitting-out") for x in str(f.get("sitting-out", "")).replace(",", " ").split())
        for i in sorted(sitting):
            if hands[i] or i in out or i == to:
                raise TablecalcError(_("bad round: {name} sits this round out, and so holds no card, is not out and "
                                       "is not the player to move").format(name=names[i]))
        if n - len(sitting) < MIN_PLAYERS:
            raise TablecalcError(_("bad round: at least {low} players play a round, not {n}").format(
                low=MIN_PLAYERS, n=n - len(sitting)))
        for i, h in enumerate(hands):
            empty_ok = phase is Phase.LAST_DRAW and i == to or i in sitting
            if not h and i not in out and not empty_ok:
                raise TablecalcError(_("bad round: {name} holds no card but is not out: add 'out {name}'").format(
                    name=names[i]))
            if h and i in out:
                raise TablecalcError(_("bad round: {name} is out but holds cards").format(name=names[i]))
        ended = End.BLOCKED if f.get("blocked") else End.TOO_LONG if f.get("too-long") else None
        if phase is Phase.LAST_DRAW and hands[to]:
            raise TablecalcError(_("bad round: 'last-draw' is for a player whose last card was play-again (an empty hand)"))
        over = ended is not None or _enough_out(n - len(sitting), len(out))
        if to in out and not over:
            raise TablecalcError(_("bad round: {name} is out and cannot be the player to move").format(name=names[to]))
        coups = []
        for part in str(f.get("coups", "")).replace(",", " ").split():
            who, sep, k = part.partition(":")
            if not sep or not k.isdigit() or not 4 <= int(k[:3]) <= 40:
                raise TablecalcError(_("bad coup {part}: expected NAME:N, N the cards of a legal calculation (4 or more)").format(
                    part=quoted(part)))
            coups.append((_player(who, names, "coups"), int(k)))
        for p, _k in coups:
            if p in sitting:
                raise TablecalcError(_("bad round: {name} sits this round out and cannot have made a coup in it").format(
                    name=names[p]))
        if n > MAX_PLAYERS or n < MIN_PLAYERS:
            raise TablecalcError(_("Nambarz is played by {low} to {high} players, not {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=n))
        return cls(rules, d, names, hands, stock, pile, cover, to, phase, out, tuple(coups), seed,
                   _whole(f.get("reshuffles", "0"), "reshuffles"), ended, sitting,
                   stock_note=(stock, None if "stock" in f else ""))

    def __str__(self) -> str:
        generic = self.names == _names(self.players)
        hands = " | ".join((f"{n}: " if not generic else "") + (_cards_text(h) if h else "-")
                           for n, h in zip(self.names, self.hands))
        top = str(self.cover)
        top_cards = self._top_cards()
        return format_fields([
            ("hands", hands),
            ("top", top),
            ("pile", _cards_text(self.pile) if self.pile != top_cards else ""),
            ("stock", self._stock_text()),
            ("to", self.names[self.to]),
            ("out", " ".join(self.names[i] for i in self.out)),
            ("coups", " ".join(f"{self.names[p]}:{k}" for p, k in self.coups)),
            ("sitting-out", " ".join(self.names[i] for i in sorted(self.sitting))),
            ("seed", str(self.seed) if self.seed else ""),
            ("reshuffles", str(self.reshuffles) if self.reshuffles else ""),
            ("again", self.phase is Phase.AGAIN),
            ("last-draw", self.phase is Phase.LAST_DRAW),
            ("blocked", self.ended is End.BLOCKED),
            ("too-long", self.ended is End.TOO_LONG),
        ])

    def view(self, player: int) -> str:
        """What ``player`` sees of the table, in the notation's words: their own hand, how many
        cards each other player holds (``Bob: (7)``), the card to cover, how many cards are left to
        draw (``stock (40)``), whose turn it is. Not a position to read back: the hidden cards are
        not in it."""
        hands = " | ".join(f"{n}: " + ((_cards_text(h) or "-") if i == player else f"({len(h)})")
                           for i, (n, h) in enumerate(zip(self.names, self.hands)))
        return format_fields([
            ("hands", hands),
            ("top", str(self.cover)),
            ("stock", f"({len(self.stock)})"),
            ("to", self.names[self.to] if not self.is_terminal() else ""),
            ("out", " ".join(self.names[i] for i in self.out)),
            ("coups", " ".join(f"{self.names[p]}:{k}" for p, k in self.coups)),
            ("sitting-out", " ".join(self.names[i] for i in sorted(self.sitting))),
            ("again", self.phase is Phase.AGAIN),
            ("last-draw", self.phase is Phase.LAST_DRAW),
            ("blocked", self.ended is End.BLOCKED),
            ("too-long", self.ended is End.TOO_LONG),
        ])

    def _stock_text(self) -> str:
        note = self.stock_note
        if note is not None and note[0] is self.stock and note[1] is not None:
            return note[1]
        if note is not None and note[0] is self.stock:
            text = _cards_text(self.stock)
        else:
            text = "" if self.stock == _default_stock(self.deck, self._placed(), self.seed) else _cards_text(self.stock)
        object.__setattr__(self, "stock_note", (self.stock, text))  # a cache: the state's value is unchanged
        return text

    def _placed(self) -> list[Card]:
        return [c for h in self.hands for c in h] + list(self.pile)

    def _top_cards(self) -> tuple[Card, ...]:
        first = Card(joker=self.cover.joker) if isinstance(self.cover, Announcement) else self.cover
        return (first,) + ((Card(joker=JokerKind.PLAY_AGAIN.value),) if self.phase is not Phase.PLAY else ())

    def all_cards(self) -> Counter:
        """Every card of the round wherever it is (hands, draw pile, played pile): always the deck."""
        return Counter([*(c for h in self.hands for c in h), *self.stock, *self.pile])

    def as_dict(self) -> dict:
        """The table as JSON data; ``result`` and ``points`` (each player's points for the round)
        once the round is over, else ``null``."""
        over = self.is_terminal()
        return {
            "position": str(self),
            "names": list(self.names),
            "hands": {n: [str(c) for c in h] for n, h in zip(self.names, self.hands)},
            "top": str(self.cover),
            "stock": len(self.stock),
            "pile": len(self.pile),
            "to": None if self.is_terminal() else self.names[self.to],
            "phase": self.phase.value,
            "out": [self.names[i] for i in self.out],
            "sitting_out": [self.names[i] for i in sorted(self.sitting)],
            "over": over,
            "end": self.end().value if self.end() else None,
            "result": str(self.result()) if over else None,
            "points": dict(zip(self.names, (int(x) for x in self.returns()))) if over else None,
        }


def _enough_out(playing: int, out: int) -> bool:
    """Whether a round of ``playing`` players, ``out`` of them out, is over (seed 000, I): one player
    left holding cards with 2 to 5 players, five out with 6 to 12."""
    if playing <= OUT_TO_END:
        return playing - out <= 1
    return out >= OUT_TO_END


def _default_stock(deck: Deck, placed: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """The draw pile a notation leaves out: every card of the deck not in a hand or the pile,
    shuffled by ``seed``."""
    left = Counter(deck.stock())
    left.subtract(Counter(placed))
    rest = sorted(left.elements(), key=Card.sort_key)
    random.Random(seed).shuffle(rest)
    return tuple(rest)


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise TablecalcError(_("Nambarz is played by {low} to {high} players, not {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=players))
        return tuple(f"P{i + 1}" for i in range(players))
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise TablecalcError(_("Nambarz is played by {low} to {high} players, not {n}").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(names)))
    if len({n.lower() for n in names}) != len(names):
        raise TablecalcError(_("two players have the same name: {names}").format(names=", ".join(names)))
    return names


def _whole(text: str, what: str) -> int:
    t = str(text).strip()
    if not t.isdigit() or len(t) > 18:
        raise TablecalcError(_("bad {what} {text}: expected a whole number").format(what=what, text=quoted(t)))
    return int(t)


def _player(text: str, names: Sequence[str], where: str) -> int:
    t = text.strip()
    for i, n in enumerate(names):
        if n.lower() == t.lower():
            return i
    if t.isdigit() and 1 <= int(t[:3]) <= len(names):
        return int(t) - 1
    raise TablecalcError(_("unknown player {text} in '{where}': expected one of {names} or a seat 1-{n}").format(
        text=quoted(t), where=where, names=", ".join(names), n=len(names)))


def _parse_hands(text: str, deck: Deck) -> tuple[tuple[str, ...], tuple[tuple[Card, ...], ...]]:
    parts = text.split("|")
    named = [":" in p for p in parts]
    if any(named) and not all(named):
        raise TablecalcError(_("bad hands {text}: name every hand (Ann: 6 5 | Bob: 3) or none").format(text=quoted(text)))
    names, hands = [], []
    for i, p in enumerate(parts):
        name, _sep, cards = p.rpartition(":") if named[i] else ("", "", p)
        names.append(name.strip() or f"P{i + 1}")
        cards = cards.strip()
        hands.append(() if cards in ("-", "") else tuple(deck.parse_hand(cards)))
    for n in names:
        if not n[0].isalpha() or len(n) > 30:
            raise TablecalcError(_("bad player name {name}: expected a name that starts with a letter").format(
                name=quoted(n)))
    return _names(names), tuple(hands)


def _parse_top(text: str, deck: Deck) -> tuple[Cover, tuple[Card, ...]]:
    cover = parse_cover(text, deck)
    return cover, ((Card(joker=cover.joker),) if isinstance(cover, Announcement) else (cover,))


_FIELDS = frozenset(f.name for f in fields(RoundState))
