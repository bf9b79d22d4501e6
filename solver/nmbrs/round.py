"""A whole Nmbrs! round as a game state (OpenSpiel's vocabulary, :class:`solver.game.State`):
the deal, every player's draw, the claim of a refused open card, the turns, the end of the
round and its scores.

A turn starts with the draw (the seed's rule 7). The player to move takes the top card of
the open pile (``draw open``) or refuses it (``refuse``): then each player after them, in
turn, may ``claim`` it — the first who does takes it *and* a card of the closed pile — or
``pass``. The player to move then draws after all: the new top card of the open pile or a
card of the closed pile when someone claimed, the closed pile when nobody did
(``draw closed``; with an empty open pile there is nothing to refuse and ``draw closed``
is the only draw). The rest of the turn is the one-turn state
(:class:`~solver.nmbrs.state.Turn`: lay, add, cross, link, swap, judged by the referee of
:mod:`solver.nmbrs.referee`), which ends with ``discard CARD`` — that card goes on the open
pile — or ``end`` in the simple version. The points a turn lays are added to the player's
score at once. A player whose hand is empty at the end of their turn went out; the others
lose the points still in their hands (:func:`~solver.nmbrs.scoring.end_round`).

>>> deck, rules = Deck.default(), Rules()
>>> r = Round.parse("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61 62 63", rules, deck)
>>> [str(m) for m in r.legal_moves()], r.current_player()
(['draw open', 'refuse'], 0)
>>> r = r.apply(r.parse_move("refuse"))
>>> r.current_player(), [str(m) for m in r.legal_moves()]
(1, ['claim', 'pass'])
>>> r = r.apply(r.parse_move("pass")).apply(r.parse_move("draw closed"))
>>> [str(c) for c in r.hands[0]]
['5', '6', '7', '40', '8']
>>> r = r.apply(r.parse_move("lay 5 6 7 8")).apply(r.parse_move("discard 40"))
>>> str(r.table), r.scores, r.open_top, r.is_terminal(), r.names[r.out]
('5 6 7 8', (74, 50), Card(number=40, colour=None), True, 'P1')
>>> [(p.name, p.penalty, p.after) for p in r.result().players], r.returns()
([('P1', 0, 74), ('P2', 8, 42)], (74.0, 42.0))

P1 laid 5-6-7-8 in four colours (doubled) and discarded the last card: out.

Where the seed is silent the rules decide (:class:`~solver.nmbrs.rules.Rules`):
``retake_refused`` (may a refused card nobody claimed be taken after all? no),
``empty_closed`` (an empty closed pile: turn the open pile over, or end the round),
``max_turns`` (a round that nobody finishes ends after so many turns; 0: never).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from typing import Sequence

from solver.errors import IllegalMove, TablecalcError, quoted
from solver.game import TERMINAL
from solver.i18n import N_, _
from solver.nmbrs.cards import Card, Deck
from solver.nmbrs.moves import MOVE_WORDS, Move, plain_words
from solver.nmbrs.position import Position
from solver.nmbrs.rules import EmptyClosed, Rules
from solver.nmbrs.scoring import RoundResult, end_round
from solver.nmbrs.state import Turn
from solver.nmbrs.table import Table
from solver.nmbrs.verdict import Penalty, Refusal, RoundVerdict, Violation, taken_back
from solver.parsing import format_fields, parse_fields

__all__ = ["Phase", "DrawKind", "Draw", "RoundMove", "Round", "Blocked", "MIN_PLAYERS", "MAX_PLAYERS", "player_names",
           "parse_cards"]

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class Phase(enum.StrEnum):
    """Where a turn stands."""

    DRAW = "draw"
    """The player to move must draw (or refuse the open card)."""
    CLAIM = "claim"
    """A refused open card is offered: the player asked claims it or passes."""
    LAY = "lay"
    """The player has drawn: lay, add, cross, link, swap, then discard."""
    OVER = "over"
    """The round is over."""


class DrawKind(enum.StrEnum):
    """The moves of the draw; the value is how they are written."""

    OPEN = "draw open"
    CLOSED = "draw closed"
    REFUSE = "refuse"
    CLAIM = "claim"
    PASS = "pass"


class Blocked(enum.StrEnum):
    """Why a round ended with nobody out."""

    CLOSED_EMPTY = "closed-empty"
    """The closed pile ran out (``empty_closed = end-round``)."""
    NO_DRAW = "no-draw"
    """Both piles ran out: nothing left to draw."""
    MAX_TURNS = "max-turns"
    """The round reached ``max_turns``."""


DRAW_WORDS: dict[str, DrawKind] = {
    **{k.value: k for k in DrawKind},
    "open": DrawKind.OPEN, "closed": DrawKind.CLOSED,
    # French
    "piocher ouverte": DrawKind.OPEN, "pioche ouverte": DrawKind.OPEN, "ouverte": DrawKind.OPEN,
    "piocher fermee": DrawKind.CLOSED, "pioche fermee": DrawKind.CLOSED, "fermee": DrawKind.CLOSED,
    "refuser": DrawKind.REFUSE, "reclamer": DrawKind.CLAIM, "passer": DrawKind.PASS, "je passe": DrawKind.PASS,
    # Dutch
    "open trekken": DrawKind.OPEN, "trek open": DrawKind.OPEN, "gesloten trekken": DrawKind.CLOSED,
    "trek gesloten": DrawKind.CLOSED, "gesloten": DrawKind.CLOSED, "weigeren": DrawKind.REFUSE,
    "weiger": DrawKind.REFUSE, "opeisen": DrawKind.CLAIM, "passen": DrawKind.PASS, "pas": DrawKind.PASS,
}
"""The moves of the draw as a person may type them, in English, French or Dutch (case and
accents aside): ``draw open`` (``open``; ``piocher ouverte``; ``open trekken``), ``draw closed``
(``closed``; ``piocher fermée``; ``gesloten trekken``), ``refuse`` (``refuser``; ``weigeren``),
``claim`` (``réclamer``; ``opeisen``), ``pass`` (``passer``; ``passen``)."""


@dataclass(frozen=True)
class Draw:
    """A move of the draw: ``draw open``, ``draw closed``, ``refuse``, ``claim`` or ``pass``
    (typed in English, French or Dutch: :data:`DRAW_WORDS`; written in English).

    >>> Draw.parse("Draw  Closed"), str(Draw(DrawKind.REFUSE)), str(Draw.parse("Opeisen")), str(Draw.parse("réclamer"))
    (Draw(kind=<DrawKind.CLOSED: 'draw closed'>), 'refuse', 'claim', 'claim')
    """

    kind: DrawKind

    @classmethod
    def parse(cls, text: str) -> "Draw | None":
        """The draw move ``text`` names, or ``None`` when it names none."""
        kind = DRAW_WORDS.get(plain_words(text))
        return cls(kind) if kind is not None else None

    def __str__(self) -> str:
        return self.kind.value


RoundMove = Draw | Move
"""A move of a round: a draw move or a move of the turn (:class:`~solver.nmbrs.moves.Move`)."""

_DRAW_STARTS = frozenset(w.split()[0] for w in DRAW_WORDS) - {w.split()[0] for w in MOVE_WORDS}
"""The first words of the draw moves (a line starting with one and naming none is a draw mistyped)."""


def player_names(count: int) -> tuple[str, ...]:
    """``P1``, ``P2``...: the default names."""
    return tuple(f"P{i + 1}" for i in range(count))


def parse_cards(text: str, deck: Deck, what: str) -> tuple[Card, ...]:
    """Cards of a hand or a pile; empty (or ``-``) gives none."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(deck.parse_hand(text, what))


def _text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) or "-"


@dataclass(frozen=True)
class Round:
    """One round in progress. ``closed`` lists the closed pile from its top card down,
    ``open`` the open pile from the bottom up (its last card is the top); ``to`` is the player
    whose turn it is and ``asking`` the player asked to claim a refused card (phase CLAIM).
    ``scores`` are the totals so far (the points laid this round included); ``opened`` says who
    came out (laid a sequence of their own) this round. Build one with :meth:`start` or :meth:`parse`.
    """

    rules: Rules
    deck: Deck
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    closed: tuple[Card, ...]
    open: tuple[Card, ...]
    table: Table
    scores: tuple[int, ...]
    opened: tuple[bool, ...]
    to: int
    phase: Phase = Phase.DRAW
    refused: bool = False
    claimed: int | None = None
    asking: int | None = None
    turn: Turn | None = field(default=None, compare=False, repr=False)
    turns: int = 0
    out: int | None = None
    blocked: Blocked | None = None
    number: int = 1

    # -- building -------------------------------------------------------------------------

    @classmethod
    def start(cls, rules: Rules, deck: Deck, names: Sequence[str], hands: Sequence[Sequence[Card]],
              open_pile: Sequence[Card], closed: Sequence[Card], scores: Sequence[int] | None = None,
              to: int = 0, table: Table = Table(), number: int = 1, opened: Sequence[int] = (),
              turns: int = 0) -> "Round":
        """A round at the draw of ``to`` (its first turn, unless ``turns`` were played already and
        the players at the seats ``opened`` came out); raises :class:`TablecalcError` when the deal
        is impossible (a card twice, a player count outside 2-8, names and hands that do not match)."""
        n = len(hands)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise TablecalcError(_("Nmbrs! is for {low} to {high} players, got {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=n))
        if len(names) != n or len(set(names)) != n:
            raise TablecalcError(_("expected {n} different player names, got {names}").format(
                n=n, names=", ".join(names) or "none"))
        if any(not h for h in hands):
            raise TablecalcError(_("every player starts the round with cards: a hand is empty"))
        everything = [c for h in hands for c in h] + list(open_pile) + list(closed)
        everything += list(table.cards().values())
        deck.check_available(everything, _("deal"))
        for c in everything:
            if not c.is_joker and c.number > rules.high:  # type: ignore[operator]
                raise TablecalcError(_("there is no card {card} in {rules}: cards run 1-{high}").format(
                    card=c, rules=rules.name, high=rules.high))
        table.validate(deck, rules, _("table"))
        scores = tuple(scores) if scores is not None else (rules.start_points,) * n
        if len(scores) != n:
            raise TablecalcError(_("expected {n} scores, one per player, got {k}").format(n=n, k=len(scores)))
        for seat in (to, *opened):
            if not 0 <= seat < n:
                raise TablecalcError(_("player {to} does not exist: expected 0 to {last}").format(to=seat, last=n - 1))
        r = cls(rules, deck, tuple(names), tuple(tuple(h) for h in hands), tuple(closed), tuple(open_pile), table,
                scores, tuple(i in opened for i in range(n)), to, number=number, turns=turns)
        return r._begin_draw()

    @classmethod
    def deal(cls, rng, rules: Rules, deck: Deck, names: Sequence[str], scores: Sequence[int] | None = None,
             to: int = 0, number: int = 1) -> "Round":
        """Shuffle the whole deck with ``rng`` (a :class:`random.Random`), deal ``hand_size`` cards
        each (``hand_size_two_players`` with two players), turn the next card over as the open pile."""
        n = len(names)
        cards = [c if c.is_joker else Card(c.number) for c in deck.cards()  # the deck file's colours, unwritten
                 if c.is_joker or c.number <= rules.high]  # type: ignore[operator]
        rng.shuffle(cards)
        size = rules.hand_size_two_players if n == 2 else rules.hand_size
        if size < 1 or n * size + 1 > len(cards):
            raise TablecalcError(_("cannot deal {size} cards to {n} players from {k} cards").format(
                size=size, n=n, k=len(cards)))
        hands = [cards[i * size:(i + 1) * size] for i in range(n)]
        rest = cards[n * size:]
        return cls.start(rules, deck, names, hands, rest[:1], rest[1:], scores, to, number=number)

    @classmethod
    def parse(cls, text: str, rules: Rules, deck: Deck, names: Sequence[str] | None = None,
              scores: Sequence[int] | None = None, to: int = 0, number: int = 1) -> "Round":
        """Read ``hands CARDS | CARDS...; open CARDS; closed CARDS; table SEQUENCES; scores N N;
        to K; opened K...; turns N`` (all but ``hands`` optional; the open pile bottom first, the
        closed pile top first; ``to``, ``opened``: seats from 0; ``turns``: the turns played so far).
        ``names`` (default ``P1``, ``P2``...), ``scores`` and ``to`` are used where the text gives
        none. :meth:`__str__` writes a round at a draw back."""
        f = parse_fields(text, N_("round"), ["hands", "open", "closed", "table", "scores", "to", "opened", "turns"],
                         required=["hands"])
        hands = [parse_cards(h, deck, _("hand")) for h in str(f["hands"]).split("|")]
        if "scores" in f:
            parts = str(f["scores"]).split()
            if not all(re.fullmatch(r"-?[0-9]{1,9}", p) for p in parts):
                raise TablecalcError(_("bad scores {text}: expected whole numbers, one per player").format(
                    text=quoted(str(f["scores"]))))
            scores = [int(p) for p in parts]
        seats = []
        for part in [str(f.get("to", to)), *str(f.get("opened", "")).split()]:
            if not re.fullmatch(r"[0-9]{1,2}", part.strip()):
                raise TablecalcError(_("bad player {text}: expected a seat number from 0").format(text=quoted(part)))
            seats.append(int(part))
        turns = str(f.get("turns", "0")).strip()
        if not re.fullmatch(r"[0-9]{1,6}", turns):
            raise TablecalcError(_("bad number of turns {text}: expected a whole number ≥ 0").format(text=quoted(turns)))
        table = Table.parse(str(f.get("table", "")), deck, rules)
        return cls.start(rules, deck, names if names is not None else player_names(len(hands)), hands,
                         parse_cards(str(f.get("open", "")), deck, _("open pile")),
                         parse_cards(str(f.get("closed", "")), deck, _("closed pile")), scores, seats[0], table,
                         number, seats[1:], int(turns))

    def __str__(self) -> str:
        """The round's notation: every hand, the open pile (bottom first), the closed pile (top
        first), the table, the scores, who draws; who came out and the turns played once there are
        any. In the middle of a turn ``phase`` says where it stands (read back by no parser: a round
        is read at a draw)."""
        fields = [
            ("hands", " | ".join(_text(h) for h in self.hands)),
            ("open", " ".join(map(str, self.open))),
            ("closed", " ".join(map(str, self.closed))),
            ("table", str(self.table)),
            ("scores", " ".join(map(str, self.scores))),
            ("to", str(self.to)),
            ("opened", " ".join(str(i) for i, o in enumerate(self.opened) if o)),
            ("turns", str(self.turns) if self.turns else ""),
        ]
        if self.phase is Phase.CLAIM:
            fields.append(("phase", f"claim {self.asking}"))
        elif self.phase is Phase.LAY:
            done = ", ".join(str(m) for m in self.turn.moves)  # type: ignore[union-attr]
            fields.append(("phase", f"lay ({done})" if done else "lay"))
        elif self.phase is Phase.OVER:
            fields.append(("phase", "over"))
        elif self.refused:
            fields.append(("phase", "refused" + (f", claimed by {self.claimed}" if self.claimed is not None else "")))
        return format_fields(fields)

    # -- the protocol ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        return self.asking if self.phase is Phase.CLAIM else self.to  # type: ignore[return-value]

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def legal_moves(self) -> list[RoundMove]:
        """Every legal move in a fixed order: ``draw open``, ``draw closed``, ``refuse``; ``claim``,
        ``pass``; or the turn's moves (:meth:`Turn.legal_moves <solver.nmbrs.state.Turn.legal_moves>`)."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.CLAIM:
            return [Draw(DrawKind.CLAIM), Draw(DrawKind.PASS)]
        if self.phase is Phase.LAY:
            return list(self.turn.legal_moves())  # type: ignore[union-attr]
        return [Draw(k) for k in (DrawKind.OPEN, DrawKind.CLOSED, DrawKind.REFUSE) if self._draw_fault(k) is None]

    def parse_move(self, text: str) -> RoundMove:
        """A draw move (``draw open``, ``draw closed``, ``refuse``, ``claim``, ``pass``) or a turn's
        move (``lay 5 6 7``, ``add 1: 8``, ``discard 40``...); ``str(move)`` gives it back."""
        if not isinstance(text, str):
            raise TablecalcError(_("a move is text, such as \"draw open\" or \"lay 5 6 7\""))
        draw = Draw.parse(text)
        if draw is not None:
            return draw
        word = plain_words(text).split(" ")[0] if text.strip() else ""
        if word in _DRAW_STARTS:
            raise TablecalcError(_("unknown move {text}: expected draw open, draw closed, refuse, claim or pass").format(
                text=quoted(text)))
        return Move.parse(text, self.deck)

    def apply(self, move: RoundMove | str) -> "Round":
        """The round after ``move`` by the player to move; raises :class:`~solver.errors.IllegalMove`
        (its verdict is the referee's :class:`~solver.nmbrs.verdict.Refusal`) when it is illegal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        after, why = self.check(move)
        if why is not None:
            raise IllegalMove("nmbrs", str(move), verdict=why, codes=(why.violation,))
        return after  # type: ignore[return-value]

    def returns(self) -> tuple[float, ...]:
        """Each player's score: after the end-of-round penalties once the round is over, the
        running totals before."""
        if self.phase is Phase.OVER:
            return tuple(float(p.after) for p in self.result().players)
        return tuple(float(s) for s in self.scores)

    # -- judging ----------------------------------------------------------------------------

    def judge(self, move: RoundMove | str, player: int | None = None, extra=None) -> RoundVerdict:
        """The referee's verdict on ``move`` (as typed, or a move) made by ``player`` (0-based; the
        player to move when left out), as data; it never raises for a move, legal or not: text that
        is no move is refused as ``not-a-move``. A refused move of the turn costs the refused-turn
        penalty (its ``penalty``), unless it was not understood (``not-a-move``, ``not-in-hand``,
        ``no-such-sequence``: a typing mistake, nothing is made). ``extra`` (what a log's move line
        adds) is not read: the round's notation holds every card."""
        to_move = self.current_player()
        who = to_move if player is None else player
        if isinstance(move, str):
            try:
                move = self.parse_move(move)
            except TablecalcError as e:
                typed = " ".join(str(move).split())
                return RoundVerdict(typed, who, to_move, Refusal(Violation.NOT_A_MOVE, typed), error=str(e))
        try:
            after, why = self.check(move, player)
        except TablecalcError as e:  # a move that cannot be read here (a joker's number unclear)
            return RoundVerdict(str(move), who, to_move, Refusal(Violation.NOT_A_MOVE, str(move)), error=str(e))
        if why is not None:
            # the refused-turn penalty: a move of the turn by the player laying, unless it was not understood
            laying = (isinstance(move, Move) and who == to_move and self.phase is Phase.LAY
                      and not why.violation.not_understood)
            penalty = taken_back(self.turn.results, self.turn.position.hand) if laying else Penalty()  # type: ignore[union-attr]
            return RoundVerdict(str(move), who, to_move, why, penalty)
        assert after is not None
        card = self.open_top if isinstance(move, Draw) and move.kind in (DrawKind.OPEN, DrawKind.CLAIM) else None
        result, score = None, None
        if isinstance(move, Move) and move.ends_turn:
            score = after.scores[who] - self.scores[who]
        elif isinstance(move, Move):
            result = after.turn.results[-1]  # type: ignore[union-attr]
        return RoundVerdict(str(move), who, to_move, None, Penalty(), card=card, result=result, turn_score=score,
                            out=after.out == who, after=after)

    def after(self, verdict: RoundVerdict) -> "Round":
        """The round after a judged move: ``verdict``'s round when the move is legal; else its
        penalty applied (:meth:`penalty_state`: a refused move of the turn gives back what the turn
        laid), and the round unchanged otherwise (a refused draw, a move out of turn, text that is
        no move: nothing is made)."""
        if verdict.legal:
            return verdict.after
        if verdict.penalty.take_back and verdict.player == verdict.to_move == self.current_player():
            return self.penalty_state()
        return self

    def view(self, player: int) -> str:
        """What ``player`` sees of the table (hot-seat play shows no other hand), in the words of
        the notation: their seat and hand, how many cards each player holds, the open pile's top
        card, the size of the closed pile, the table, the scores, who is to move and where the
        turn stands.

        >>> r = Round.parse("hands 5 6 7 | 10 20 33 44; open 1 8; closed 61 62", Rules(), Deck.default())
        >>> r.view(1)
        'seat 1; hand 10 20 33 44; held 3 4; top 8; closed 2; scores 50 50; to 0'
        """
        fields = [("seat", str(player)), ("hand", _text(self.hands[player])),
                  ("held", " ".join(str(len(h)) for h in self.hands)),
                  ("top", str(self.open_top) if self.open_top is not None else ""), ("closed", str(len(self.closed))),
                  ("table", str(self.table)), ("scores", " ".join(map(str, self.scores))), ("to", str(self.to))]
        notation = str(self)
        return format_fields(fields) + (notation[notation.index("; phase"):] if "; phase" in notation else "")

    def check(self, move: RoundMove, player: int | None = None) -> tuple["Round | None", Refusal | None]:
        """``(the round after move, None)`` or ``(None, why it is refused)``, as data: the rules of
        the round (the draw, the claim, whose turn it is) and, for a move of the turn, the turn's
        referee (:mod:`solver.nmbrs.referee`). ``player`` (0-based) makes it: the player to move when
        left out."""
        what = str(move)
        if self.phase is Phase.OVER:
            return None, Refusal(Violation.ROUND_OVER, what)
        if player is not None and player != self.current_player():
            return None, Refusal(Violation.NOT_YOUR_TURN, what, number=self.current_player())
        if isinstance(move, Draw):
            if self.phase is Phase.LAY:
                return None, Refusal(Violation.ALREADY_DREW, what)
            if self.phase is Phase.CLAIM:
                if move.kind not in (DrawKind.CLAIM, DrawKind.PASS):
                    return None, Refusal(Violation.ANSWER_CLAIM, what)
                return (self._claim() if move.kind is DrawKind.CLAIM else self._pass()), None
            fault = self._draw_fault(move.kind)
            if fault is not None:
                return None, Refusal(fault, what, card=self.open_top if fault is Violation.REFUSED_CARD else None)
            return self._draw(move.kind), None
        if self.phase is Phase.CLAIM:
            return None, Refusal(Violation.ANSWER_CLAIM, what)
        if self.phase is Phase.DRAW:
            return None, Refusal(Violation.DRAW_FIRST, what)
        turn, why = self.turn.judge(move)  # type: ignore[union-attr]
        if why is not None:
            return None, why
        return self._after_move(turn), None  # type: ignore[arg-type]

    def penalty_state(self) -> "Round":
        """The round after a refused move's penalty (the referee's :class:`~solver.nmbrs.verdict.Penalty`):
        every card laid or swapped in this turn goes back to the hand, the table is as it was at
        the start of the turn, and the turn has scored nothing so far; the player goes on with
        their turn. A refused draw changes nothing."""
        if self.phase is not Phase.LAY or self.turn is None or not self.turn.results:
            return self
        pos = self.turn.position
        hands = tuple(pos.hand if i == self.to else h for i, h in enumerate(self.hands))
        return replace(self, hands=hands, table=pos.table, turn=Turn.start(pos, self.rules, self.deck))

    # -- the piles -------------------------------------------------------------------------

    @property
    def open_top(self) -> Card | None:
        return self.open[-1] if self.open else None

    def _closed_drawable(self) -> bool:
        return bool(self.closed) or (self.rules.empty_closed is EmptyClosed.TURN_OVER and len(self.open) >= 2)

    def _take_closed(self) -> tuple[Card | None, tuple[Card, ...], tuple[Card, ...]]:
        """The top card of the closed pile, the closed and open piles after it (the open pile
        turned over first when the closed pile is empty and the rules say so)."""
        closed, open_pile = self.closed, self.open
        if not closed and self.rules.empty_closed is EmptyClosed.TURN_OVER and len(open_pile) >= 2:
            closed, open_pile = open_pile[:-1], open_pile[-1:]
        if not closed:
            return None, closed, open_pile
        return closed[0], closed[1:], open_pile

    def _draw_fault(self, kind: DrawKind) -> Violation | None:
        if kind in (DrawKind.CLAIM, DrawKind.PASS):
            return Violation.NO_OFFER
        if kind is DrawKind.REFUSE:
            if self.refused:
                return Violation.ALREADY_REFUSED
            if not self.open:
                return Violation.OPEN_EMPTY
            return None if self._closed_drawable() else Violation.CLOSED_EMPTY
        if kind is DrawKind.OPEN:
            if not self.open:
                return Violation.OPEN_EMPTY
            if self.refused and self.claimed is None and not self.rules.retake_refused:
                return Violation.REFUSED_CARD
            return None
        if self.open and not self.refused:
            return Violation.REFUSE_FIRST
        return None if self._closed_drawable() else Violation.CLOSED_EMPTY

    def _with_hand(self, player: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
        return tuple(h + tuple(cards) if i == player else h for i, h in enumerate(self.hands))

    def _draw(self, kind: DrawKind) -> "Round":
        if kind is DrawKind.REFUSE:
            return replace(self, refused=True, phase=Phase.CLAIM, asking=(self.to + 1) % self.players)._back_to_drawer_if_all_asked()
        if kind is DrawKind.OPEN:
            return replace(self, hands=self._with_hand(self.to, self.open[-1:]), open=self.open[:-1])._begin_turn()
        card, closed, open_pile = self._take_closed()
        return replace(self, hands=self._with_hand(self.to, [card]), closed=closed,  # type: ignore[list-item]
                       open=open_pile)._begin_turn()

    def _back_to_drawer_if_all_asked(self) -> "Round":
        if self.asking == self.to:  # everyone passed
            return replace(self, phase=Phase.DRAW, asking=None)
        return self

    def _pass(self) -> "Round":
        return replace(self, asking=(self.asking + 1) % self.players)._back_to_drawer_if_all_asked()  # type: ignore[operator]

    def _claim(self) -> "Round":
        who = self.asking
        offered, open_pile = self.open[-1], self.open[:-1]
        r = replace(self, open=open_pile)
        card, closed, open_pile = r._take_closed()
        taken = [offered] + ([card] if card is not None else [])
        r = replace(r, hands=self._with_hand(who, taken), closed=closed, open=open_pile,  # type: ignore[arg-type]
                    claimed=who, asking=None, phase=Phase.DRAW)
        if r._draw_fault(DrawKind.OPEN) and r._draw_fault(DrawKind.CLOSED):
            return r._begin_turn()  # nothing left to draw: the player goes on without a card
        return r

    def _begin_draw(self) -> "Round":
        """The start of the turn of ``to``, or the end of the round when no draw is possible."""
        r = replace(self, phase=Phase.DRAW, refused=False, claimed=None, asking=None, turn=None)
        if self.rules.max_turns and self.turns >= self.rules.max_turns:
            return replace(r, phase=Phase.OVER, blocked=Blocked.MAX_TURNS)
        if not self.closed and self.rules.empty_closed is EmptyClosed.END_ROUND:
            return replace(r, phase=Phase.OVER, blocked=Blocked.CLOSED_EMPTY)
        if not r.legal_moves():
            return replace(r, phase=Phase.OVER, blocked=Blocked.NO_DRAW)
        return r

    def _begin_turn(self) -> "Round":
        hand = self.hands[self.to]
        turn = Turn.start(Position(hand, self.table, self.opened[self.to]), self.rules, self.deck, checked=True)
        return replace(self, phase=Phase.LAY, asking=None, turn=turn)

    def _after_move(self, turn: Turn) -> "Round":
        p = self.to
        st = turn.state
        hands = tuple(st.hand if i == p else h for i, h in enumerate(self.hands))
        if not st.ended:
            return replace(self, turn=turn, hands=hands, table=st.table)
        scores = tuple(s + turn.score if i == p else s for i, s in enumerate(self.scores))
        opened = tuple(o or (i == p and st.laid_new) for i, o in enumerate(self.opened))
        last = turn.results[-1]
        open_pile = self.open + ((last.move.cards[0],) if last.kind == "discard" else ())  # type: ignore[operator]
        r = replace(self, hands=hands, table=st.table, scores=scores, opened=opened, open=open_pile,  # type: ignore[arg-type]
                    turn=None, turns=self.turns + 1)
        if not st.hand:
            return replace(r, phase=Phase.OVER, out=p)
        return replace(r, to=(p + 1) % self.players)._begin_draw()

    # -- the end ---------------------------------------------------------------------------

    def result(self) -> RoundResult:
        """The end of the round: each player's penalty (the cards left in hand) and new score,
        from :func:`~solver.nmbrs.scoring.end_round`; raises while the round is going on."""
        if self.phase is not Phase.OVER:
            raise TablecalcError(_("the round is not over: nobody went out yet"))
        return end_round([(n, s, h) for n, s, h in zip(self.names, self.scores, self.hands)], self.rules, self.deck)

    def all_cards(self) -> list[Card]:
        """Every card of the round: hands, piles and table (a crossing card once)."""
        return ([c for h in self.hands for c in h] + list(self.open) + list(self.closed)
                + [c for c in self.table.cards().values()])

    def deal_dict(self) -> dict:
        """The round's deal as the ``deal`` line of a game log (see ``docs/nmbrs.md``)."""
        out = {"type": "deal", "round": self.number, "names": list(self.names),
               "hands": [_text(h) for h in self.hands], "open": " ".join(str(c) for c in self.open),
               "closed": " ".join(str(c) for c in self.closed), "scores": list(self.scores), "to": self.to}
        if self.table.sequences:
            out["table"] = str(self.table)
        return out

    def as_dict(self) -> dict:
        return {"round": self.number, "phase": str(self.phase), "player": self.current_player(),
                "names": list(self.names), "hands": [[str(c) for c in h] for h in self.hands],
                "open": [str(c) for c in self.open], "closed": len(self.closed), "table": str(self.table),
                "scores": list(self.scores), "opened": list(self.opened), "turns": self.turns,
                "out": self.names[self.out] if self.out is not None else None,
                "blocked": str(self.blocked) if self.blocked else None,
                "turn": [str(r.move) for r in self.turn.results] if self.turn else []}
