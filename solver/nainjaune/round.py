"""One round of Le Nain Jaune as data: the position, the moves, and the small rule functions the
referee (:func:`solver.nainjaune.referee.violations`: what a move breaks) and the solver both build
on (the state and the simulator hold no rule of their own).

A **position** is every hand, the board, the player to move and where the run stands:

* ``lead`` — start a run with any card (the first move of a round, or after "sans X" when
  nobody held an X: the last player to have played starts again);
* ``king`` — a King was just laid: its player starts a new run with any card;
* ``next R`` — the player to move laid the last card and may continue with a card of rank
  ``R`` (any suit), or stop and call ``sans R``;
* ``sans R`` — an earlier player stopped at "sans R" and the player to move, the first to
  their left holding an R, must lay one.

Its notation (``str`` and :meth:`Position.parse` round-trip)::

    hands Ann: 7d 8s Qs | Bob: 9c Kh | Cid: 2c 3c; board 10:3 J:6 Q:9 K:12 7:15; to Bob; next 9

``to`` takes a name or a seat number (1 = the first hand); ``dealer`` (the same) names who
dealt, and without ``to`` the player to the dealer's left starts; ``opened NAMES`` lists the
players whose first turn is over (a Grand Opéra is going out in one's first turn);
``taken N N N`` the tokens each took from the board this round; an empty hand (``-``) is
the player who went out, and the flag ``opera`` says it was a Grand Opéra.

A **move** is a card laid (``7d``; ``Qs!`` announces a board card: "Dame qui prend !"),
``sans R``, or ``pass`` — said by a player a "sans R" went by (holding no R): it changes
nothing on the table, and a record may leave it out.

>>> from solver.nainjaune.rules import Rules
>>> pos = Position.parse("hands 7d 8s Qs | 9c Kh | 2c 3c 8d; board 10:3 J:6 Q:9 K:12 7:15")
>>> [str(m) for m in legal_moves(pos, Rules())]
['7d!', '8s', 'Qs!']
>>> after = apply(apply(pos, parse_move("7d"), Rules()), parse_move("8s"), Rules())
>>> str(after)
'hands Qs | 9c Kh | 2c 3c 8d; board 10:3 J:6 Q:9 K:12 7:0; to P1; next 9; taken 15 0 0'
>>> [str(m) for m in legal_moves(after, Rules())]
['sans 9']
>>> str(apply(after, Sans(9), Rules()))
'hands Qs | 9c Kh | 2c 3c 8d; board 10:3 J:6 Q:9 K:12 7:0; to P2; sans 9; opened P1; taken 15 0 0'
"""

from __future__ import annotations

import enum
from operator import attrgetter
from dataclasses import dataclass, field, replace
from typing import Container

from solver.errors import TablecalcError, quoted
from solver.i18n import N_, _
from solver.nainjaune.cards import KING, Card, format_cards, parse_cards, parse_rank, rank_text, split_tokens
from solver.nainjaune.rules import MAX_PLAYERS, MIN_PLAYERS, Announce, Board, Cell, Rules, hand_size
from solver.parsing import format_fields, parse_fields, parse_whole

__all__ = ["KEY_WORDS", "Mode", "Lay", "Sans", "Pass", "Move", "Position", "parse_move", "parse_moves", "parse_hands", "seat",
           "legal_moves", "apply", "next_after_sans", "may_lay", "may_stop", "run_after", "takes_stake", "comes_back",
           "claimed_cell", "normalise", "check_table", "MAX_HAND", "MAX_PLAYERS_POSITION"]

MAX_HAND = 15
"""The largest hand a position may hold (the deal for 3 players): the solver's search stays small."""
MAX_PLAYERS_POSITION = 8
_ORDER = attrgetter("rank", "suit")
"""Hands are kept sorted by rank, then suit (as ``Card`` orders them, faster)."""


class Mode(enum.StrEnum):
    """Where the run stands for the player to move (see the module's notes)."""

    LEAD = "lead"
    KING = "king"
    NEXT = "next"
    SANS = "sans"


@dataclass(frozen=True)
class Lay:
    """A card laid; ``announced`` when the player called it ("Roi qui prend !", written ``Kh!``)."""

    card: Card
    announced: bool = False

    def __str__(self) -> str:
        return f"{self.card}{'!' * self.announced}"


@dataclass(frozen=True)
class Sans:
    """Stopping the run: "sans R" (the missing rank)."""

    rank: int

    def __str__(self) -> str:
        return f"sans {rank_text(self.rank)}"


@dataclass(frozen=True)
class Pass:
    """"Pass": a player the last "sans R" went by, holding no R, says so. It changes nothing on
    the table; whether a player may say it is the state's to know (who the "sans" went by)."""

    def __str__(self) -> str:
        return "pass"


Move = Lay | Sans | Pass

KEY_WORDS = {
    "mains": "hands", "main": "hands", "handen": "hands", "hand": "hands",
    "plateau": "board", "bord": "board", "speelbord": "board",
    "donneur": "dealer", "gever": "dealer", "deler": "dealer",
    "à": "to", "a": "to", "trait": "to", "aan": "to", "beurt": "to",
    "suivante": "next", "suivant": "next", "prochaine": "next", "volgende": "next",
    "zonder": "sans",
    "ouvert": "opened", "ouverts": "opened", "ouvertes": "opened", "geopend": "opened",
    "pris": "taken", "genomen": "taken",
    "de": "from", "par": "from", "van": "from", "door": "from",
    "entame": "lead", "uitkomen": "lead",
    "roi": "king", "koning": "king",
    "opéra": "opera",
    "régler": "settle", "reglement": "settle", "règlement": "settle", "afrekenen": "settle",
    "demande": "ask", "vraag": "ask",
    "jetons": "tokens", "fiches": "tokens", "penningen": "tokens", "fiches-jetons": "tokens",
}
"""The French and Dutch words a position or a round end may use for its keywords (``mains Ann: 7d |
Bob: 8s; plateau 10:3``); the notation printed keeps the English ones, and both read back alike."""

_SANS_WORDS = {"sans", "without", "zonder"}
_PASS_WORDS = {"pass", "passe", "pas"}
_ANNOUNCE_WORDS = {"!", "prend", "takes", "take", "neemt"}


def parse_moves(text: str) -> list[Move]:
    """Moves as typed, in order: cards (``7d``, ``dame de pique``), ``Qs!`` or ``Qs prend``
    (announced), ``sans 9`` (or ``without 9``, ``sans valet``), ``pass`` (``passe``, ``pas``).

    >>> [str(m) for m in parse_moves("7d 8 de pique, 9h sans 10")]
    ['7d', '8s', '9h', 'sans 10']
    >>> [str(m) for m in parse_moves("dame de pique qui prend Kh!")]
    ['Qs!', 'Kh!']
    >>> parse_moves("Passe")
    [Pass()]
    """
    tokens = split_tokens(str(text).replace("!", " ! "))
    moves: list[Move] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in _PASS_WORDS:
            moves.append(Pass())
            i += 1
            continue
        if tok in _SANS_WORDS:
            if i + 1 == len(tokens):
                raise TablecalcError(_("bad moves {text}: 'sans' needs the missing rank, e.g. sans 9").format(text=quoted(str(text).strip())))
            moves.append(Sans(parse_rank(tokens[i + 1])))
            i += 2
            continue
        if tok in _ANNOUNCE_WORDS or tok == "qui":
            if tok == "qui" and i + 1 < len(tokens) and tokens[i + 1] == "prend":
                i += 1
            if not moves or not isinstance(moves[-1], Lay):
                raise TablecalcError(_("bad moves {text}: an announcement follows the card laid, e.g. Qs!").format(text=quoted(str(text).strip())))
            moves[-1] = Lay(moves[-1].card, True)
            i += 1
            continue
        # one card: a compact token, or a rank word, fillers and a suit word
        for width in (3, 2, 1):
            try:
                cards = parse_cards(" ".join(tokens[i:i + width]))
            except TablecalcError:
                continue
            if len(cards) == 1:
                moves.append(Lay(cards[0]))
                i += width
                break
        else:
            raise TablecalcError(_("bad moves {text}: {word} is neither a card nor 'sans R'; expected e.g. 7d 8s Qs! sans 9")
                                 .format(text=quoted(str(text).strip()), word=quoted(tok)))
    return moves


def parse_move(text: str) -> Move:
    """Exactly one move.

    >>> parse_move("sans valet"), parse_move("Qs!")
    (Sans(rank=11), Lay(card=Card(rank=12, suit='s'), announced=True))
    """
    moves = parse_moves(text)
    if len(moves) != 1:
        raise TablecalcError(_("bad move {text}: expected one card (7d, Qs!), sans R or pass").format(text=quoted(str(text).strip())))
    return moves[0]


def _default_names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))


@dataclass(frozen=True)
class Position:
    """A round in progress (see the module's notes). Hands are kept sorted."""

    hands: tuple[tuple[Card, ...], ...]
    board: Board = field(default_factory=Board)
    to: int = 0
    mode: Mode = Mode.LEAD
    need: int | None = None
    opened: frozenset[int] = frozenset()
    taken: tuple[int, ...] = ()
    opera: bool = False
    names: tuple[str, ...] = ()
    dealer: int | None = None
    caller: int | None = None
    """Who called the "sans R" the player to move answers (mode ``sans``): where the lead comes
    back when every player holding an R passes (``sans_must_lay=false``). ``None``: the player
    to the right of the one to move."""

    def __post_init__(self):
        n = len(self.hands)
        object.__setattr__(self, "hands", tuple(tuple(sorted(h, key=_ORDER)) for h in self.hands))
        if not self.names:
            object.__setattr__(self, "names", _default_names(n))
        if not self.taken:
            object.__setattr__(self, "taken", (0,) * n)
        if self.caller is not None and (self.mode is not Mode.SANS or self.caller == (self.to - 1) % n):
            object.__setattr__(self, "caller", None)  # one form for one position: the default is left out

    # -- reading and writing ------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> "Position":
        f = parse_fields(text, N_("position"), ["hands", "board", "dealer", "to", "next", "sans", "from", "opened",
                                                "taken"],
                         required=["hands"], flags=["lead", "king", "opera"], aliases=KEY_WORDS)
        names, hands = parse_hands(str(f["hands"]))
        n = len(hands)
        where = str(text).strip()
        modes = [k for k in ("lead", "king", "next", "sans") if k in f]
        if len(modes) > 1:
            raise TablecalcError(_("bad position {where}: give one of lead, king, next R, sans R (not {choices})").format(where=quoted(where), choices=' and '.join(modes)))
        mode = Mode(modes[0]) if modes else Mode.LEAD
        need = parse_rank(str(f[mode.value])) if mode in (Mode.NEXT, Mode.SANS) else None
        dealer = seat(str(f["dealer"]), names) if "dealer" in f else None
        to = seat(str(f["to"]), names) if "to" in f else 0 if dealer is None else (dealer + 1) % n
        opened = frozenset(seat(x, names) for x in str(f.get("opened", "")).replace(",", " ").split())
        taken: tuple[int, ...] = ()
        if "taken" in f:
            taken = tuple(parse_whole(x, N_("tokens taken")) for x in str(f["taken"]).split())
            if len(taken) != n:
                raise TablecalcError(_("bad position {where}: 'taken' has {taken} numbers for {n} players").format(where=quoted(where), taken=len(taken), n=n))
        board = Board.parse(str(f["board"])) if "board" in f else Board()
        caller = seat(str(f["from"]), names) if "from" in f else None
        if caller is not None and (mode is not Mode.SANS or caller == to):
            raise TablecalcError(_("bad position {where}: 'from NAME' names who said \"sans R\" to another "
                                   "player: expected it only with 'sans R', naming someone else than 'to'").format(
                                       where=quoted(where)))
        pos = cls(hands, board, to, mode, need, opened, taken, bool(f.get("opera")), names, dealer, caller)
        pos.check(where)
        return pos

    def check(self, where: str) -> None:
        """Raise when the position cannot arise in a round (see :meth:`parse`)."""
        n = len(self.hands)
        if not 2 <= n <= MAX_PLAYERS_POSITION:
            raise TablecalcError(_("bad position {where}: {n} hands; expected 2 to {max_players_position} separated by |").format(where=quoted(where), n=n, max_players_position=MAX_PLAYERS_POSITION))
        seen: set[Card] = set()
        for name, hand in zip(self.names, self.hands):
            if len(hand) > MAX_HAND:
                raise TablecalcError(_("bad position {where}: {name} holds {n} cards; expected at most {most} (the deal "
                                       "for 3 players)").format(where=quoted(where), name=name, n=len(hand), most=MAX_HAND))
            twice = seen.intersection(hand) or {c for c in hand if hand.count(c) > 1}
            if twice:
                raise TablecalcError(_("bad position {where}: {twice} is dealt twice; a deck has one of each card").format(where=quoted(where), twice=sorted(twice)[0]))
            seen.update(hand)
        empty = [i for i, h in enumerate(self.hands) if not h]
        if len(empty) > 1:
            raise TablecalcError(_("bad position {where}: {empty} empty hands; only one player goes out").format(where=quoted(where), empty=len(empty)))
        if self.opera and not empty:
            raise TablecalcError(_("bad position {where}: 'opera' but no player is out (an empty hand, -)").format(where=quoted(where)))
        if empty:
            return
        if self.mode is Mode.SANS and not any(c.rank == self.need for c in self.hands[self.to]):
            raise TablecalcError(_("bad position {where}: {name} holds no {rank}, so 'sans {rank}' would have passed them by")
                                 .format(where=quoted(where), name=self.names[self.to], rank=rank_text(self.need or 0)))
        if self.mode is Mode.NEXT and self.need == 1:
            raise TablecalcError(_("bad position {where}: a run goes up from A; 'next A' cannot happen").format(where=quoted(where)))

    def __str__(self) -> str:
        named = self.names != _default_names(len(self.hands))
        hands = " | ".join((f"{name}: " if named else "") + format_cards(h) for name, h in zip(self.names, self.hands))
        mode: list[tuple[str, object]] = []
        if self.mode is Mode.KING:
            mode = [("king", True)]
        elif self.mode in (Mode.NEXT, Mode.SANS):
            mode = [(self.mode.value, rank_text(self.need or 0))]
            if self.caller is not None:
                mode.append(("from", self.names[self.caller]))
        return format_fields([
            ("hands", hands), ("board", str(self.board)),
            ("dealer", self.names[self.dealer] if self.dealer is not None else ""),
            ("to", self.names[self.to]), *mode,
            ("opened", " ".join(self.names[i] for i in sorted(self.opened))),
            ("taken", " ".join(map(str, self.taken)) if any(self.taken) else ""),
            ("opera", self.opera),
        ])

    # -- questions ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def sans_caller_default(self) -> int:
        """The player to the right of the one to move: who said "sans" when the notation does not say."""
        return (self.to - 1) % len(self.hands)

    @property
    def sans_caller(self) -> int:
        """Who said the "sans R" the player to move answers."""
        return self.sans_caller_default if self.caller is None else self.caller

    @property
    def out(self) -> int | None:
        """The player who went out (empty hand), or ``None`` while the round goes on."""
        return next((i for i, h in enumerate(self.hands) if not h), None)

    def is_over(self) -> bool:
        return self.out is not None

    def holds_rank(self, player: int, rank: int) -> bool:
        return any(c.rank == rank for c in self.hands[player])


def parse_hands(text: str) -> tuple[tuple[str, ...], tuple[tuple[Card, ...], ...]]:
    """``Ann: 7d 8s | Bob: - | ...`` (names optional, all or none): the names and the hands.

    >>> parse_hands("Ann: 7d | Bob: -")
    (('Ann', 'Bob'), ((Card(rank=7, suit='d'),), ()))
    """
    names, hands = [], []
    parts = str(text).split("|")
    for i, part in enumerate(parts):
        name, sep, cards = part.partition(":")
        if sep:
            name = name.strip()
            if not name or not name.replace("-", "").replace("_", "").isalnum() or len(name) > 20:
                raise TablecalcError(_("bad player name {name}: expected letters or digits (at most 20), e.g. Ann: 7d 8s").format(name=quoted(name)))
            names.append(name)
        else:
            cards = part
        hands.append(tuple(parse_cards(cards)))
    if names and len(names) != len(parts):
        raise TablecalcError(_("bad hands {text}: name every hand (Ann: 7d 8s | Bob: 9c) or none").format(text=quoted(str(text).strip())))
    if len({n.lower() for n in names}) != len(names):
        raise TablecalcError(_("bad hands {text}: two players have the same name").format(text=quoted(str(text).strip())))
    return tuple(names) or _default_names(len(parts)), tuple(hands)


def check_table(hands, names) -> None:
    """Raise unless 3 to 8 players hold hands no bigger than the deal for that many (a position's
    notation also reads 2 hands, for puzzles; a game's table does not)."""
    n = len(hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise TablecalcError(_("{n} players: Le Nain Jaune is played by {min_players} to {max_players}").format(n=n, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS))
    size = hand_size(n)
    for name, hand in zip(names, hands):
        if len(hand) > size:
            raise TablecalcError(_("{name} holds {hand} cards: with {n} players each is dealt {size}").format(name=name, hand=len(hand), n=n, size=size))


def seat(text: str, names: tuple[str, ...]) -> int:
    """A player by name (any case) or by seat number (1 = the first hand): the 0-based index."""
    t = str(text).strip()
    for i, n in enumerate(names):
        if n.lower() == t.lower():
            return i
    if t.isascii() and t.isdigit() and 1 <= int(t) <= len(names):
        return int(t) - 1
    raise TablecalcError(_("unknown player {t}: expected one of {choices} or a seat number 1-{names}").format(t=quoted(t), choices=', '.join(names), names=len(names)))


# -- the rules ---------------------------------------------------------------------------
#
# The run's rules as small functions of where the run stands (``mode``, ``need``) and of one
# card: the functions on positions below and the solver's search both use these, and only these.


def may_lay(mode: Mode, need: int | None, card: Card) -> bool:
    """Whether ``card`` continues the run: any card to start one, else the rank ``need``."""
    return mode in (Mode.LEAD, Mode.KING) or card.rank == need


def may_stop(mode: Mode) -> bool:
    """Whether the player to move may call "sans": only to end a run of their own (``next R``)."""
    return mode is Mode.NEXT


def run_after(card: Card) -> tuple[Mode, int | None]:
    """Where the run stands after ``card`` is laid: a King ends it (its player starts again),
    any other card asks for the next rank up."""
    return (Mode.KING, None) if card.rank == KING else (Mode.NEXT, card.rank + 1)


def takes_stake(card: Card, announced: bool, rules: Rules) -> Cell | None:
    """The cell whose stake a lay takes: a board card's, when announced (or announcements are automatic)."""
    cell = rules.cell_of(card)
    return cell if cell is not None and (announced or rules.announce is Announce.AUTO) else None


def comes_back(rank: int, held_by_others: Container[int]) -> bool:
    """Whether "sans ``rank``" gives the lead back to its caller: no other player holds that rank."""
    return rank not in held_by_others


def next_after_sans(pos: Position, player: int, rank: int) -> int:
    """Who plays after ``player`` calls "sans ``rank``": the first player to their left holding
    a card of that rank, or ``player`` again (the last to have played) when nobody does."""
    n = pos.players
    others = {c.rank for q in range(n) if q != player for c in pos.hands[q]}
    if comes_back(rank, others):
        return player
    return next((player + k) % n for k in range(1, n) if pos.holds_rank((player + k) % n, rank))


def _announced(move: Lay, rules: Rules) -> Lay:
    """With announcements automatic, a board card laid always takes its stake."""
    if rules.announce is Announce.AUTO and not move.announced and rules.cell_of(move.card) is not None:
        return Lay(move.card, True)
    return move


def normalise(move: Move, rules: Rules) -> Move:
    """The move as the rules read it (a board card is announced when announcements are automatic)."""
    return _announced(move, rules) if isinstance(move, Lay) else move


def may_pass_sans(mode: Mode, rules: Rules) -> bool:
    """Whether the player to move may say "pass": reached by "sans R" holding an R, when the
    rules let them pass it on (``sans_must_lay=false``)."""
    return mode is Mode.SANS and not rules.sans_must_lay


def pass_sans(pos: Position, player: int) -> Position:
    """The position after ``player``, reached by "sans R", passes: the next player to their left
    holding an R plays on, before the caller; nobody: the lead comes back to the caller."""
    n, rank, caller = pos.players, pos.need or 0, pos.sans_caller
    for k in range(1, n):
        q = (player + k) % n
        if q == caller:
            break
        if pos.holds_rank(q, rank):
            return replace(pos, to=q, caller=caller, opened=pos.opened | {player})
    return replace(pos, to=caller, mode=Mode.LEAD, need=None, caller=None, opened=pos.opened | {player})


def legal_moves(pos: Position, rules: Rules) -> list[Move]:
    """The moves of the player to move, in a fixed order: the cards they may lay (by rank, then
    suit; board cards announced), then ``sans R`` when stopping is allowed, or ``pass`` when a
    player reached by "sans R" may pass it on.

    With ``announce=required`` a board card laid without its announcement is legal too (the
    stake stays on the board) but is not listed: it is never better."""
    if pos.is_over():
        return []
    moves: list[Move] = [Lay(c, rules.cell_of(c) is not None) for c in pos.hands[pos.to] if may_lay(pos.mode, pos.need, c)]
    if may_stop(pos.mode):
        moves.append(Sans(pos.need or 0))
    if may_pass_sans(pos.mode, rules):
        moves.append(Pass())
    return moves


def claimed_cell(move: Move, rules: Rules) -> Cell | None:
    """The cell an announcement claims: the board card's cell, or for another card the cell of its rank."""
    if not isinstance(move, Lay) or not move.announced:
        return None
    return rules.cell_of(move.card) or next((c for c in Cell if c.rank == move.card.rank), None)


def apply(pos: Position, move: Move, rules: Rules) -> Position:
    """The position after a legal ``move`` by the player to move (call :func:`violations` first);
    a "pass" changes nothing."""
    p = pos.to
    if isinstance(move, Pass):
        return pass_sans(pos, p) if may_pass_sans(pos.mode, rules) else pos
    if isinstance(move, Sans):
        q = next_after_sans(pos, p, move.rank)
        if q == p:
            return replace(pos, mode=Mode.LEAD, need=None)
        caller = None if rules.sans_must_lay else p  # only where every holder may pass does it matter
        return replace(pos, to=q, mode=Mode.SANS, need=move.rank, opened=pos.opened | {p}, caller=caller)
    move = _announced(move, rules)
    hands = list(pos.hands)
    hands[p] = tuple(c for c in hands[p] if c != move.card)
    board, taken = pos.board, list(pos.taken)
    cell = takes_stake(move.card, move.announced, rules)
    if cell is not None:
        taken[p] += board[cell]
        board = board.with_cell(cell, 0)
    if not hands[p]:
        return replace(pos, hands=tuple(hands), board=board, taken=tuple(taken), mode=Mode.LEAD, need=None,
                       opera=rules.is_opera(p, pos.opened), caller=None)
    mode, need = run_after(move.card)
    return replace(pos, hands=tuple(hands), board=board, taken=tuple(taken), mode=mode, need=need, caller=None)
