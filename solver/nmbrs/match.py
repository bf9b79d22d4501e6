"""Nmbrs! played whole: a match of rounds between 2 to 8 players (:class:`Match`), the scores
carried from round to round until a player ends a round with ``win_at`` points, the bots, and
the analysis of a move in points.

A round's start is written in the round's notation (:class:`~solver.nmbrs.round.Round`: every
hand, the open pile from the bottom, the closed pile from the top, the scores, who starts), so a
log replays exactly. Round ``k`` is started by seat ``k - 1`` (modulo the players). A round that
nobody finishes ends after ``max_turns`` turns, or :data:`ROUND_TURNS` when the rules set none.

>>> import random
>>> from solver.nmbrs import GAME
>>> m = GAME.new_match(("Ann", "Bob"), GAME.rules(), GAME.load_data(GAME.rules()))
>>> r = m.parse_deal("hands 5 6 7 40 | 10 20 33 71; open 90; closed 8 61 62 63")
>>> for move in ("refuse", "pass", "draw closed", "lay 5 6 7 8", "discard 40"):
...     r = r.after(r.judge(move))
>>> m = m.after_round(r)
>>> m.scores(), m.is_over(), str(m.deal(random.Random(1))).endswith("scores 74 42; to 1")
((74, 42), False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from solver.errors import SearchTooLarge, TablecalcError, quoted
from solver.gamelog import log_objects
from solver.i18n import _
from solver.nmbrs.best import best_rest
from solver.nmbrs.bots import BOTS, SEARCH_LIMIT, SEARCH_WORK, Bot, discard_choice, greedy_turn, turn_value
from solver.nmbrs.cards import JOKER, Card, Deck
from solver.nmbrs.moves import Move, MoveKind
from solver.nmbrs.round import MAX_PLAYERS, MIN_PLAYERS, Draw, DrawKind, Phase, Round
from solver.nmbrs.rules import Rules
from solver.whole import Worth
from solver.whole.log import Log, LoggedMove, LoggedRound

__all__ = ["Match", "ROUND_TURNS", "DRAW_SAMPLES", "older_log"]

ROUND_TURNS = 400
"""The turns after which a round ends with nobody out when the rules set no ``max_turns`` (two
bots that cannot lay would otherwise draw and discard for ever)."""
DRAW_SAMPLES = 12
"""How many of the cards a player cannot see are tried to value a draw from the closed pile."""


@dataclass(frozen=True)
class Match:
    """Players (seat order), the rules, the deck, and the scores after the rounds played so far."""

    names: tuple[str, ...]
    rules: Rules
    deck: Deck
    totals: tuple[int, ...] = ()
    rounds: int = 0
    winners: tuple[str, ...] = ()
    bots = BOTS
    unit = "points"
    loss_labels = (2.0, 5.0, 10.0)
    """A move that gives up 2 points is an inaccuracy, 5 a mistake, 10 a blunder (a card is worth
    1 to 3 points, doubled in one colour or all different ones)."""

    def __post_init__(self):
        if not MIN_PLAYERS <= len(self.names) <= MAX_PLAYERS:
            raise TablecalcError(_("bad number of players {n}: Nmbrs! is played by {low} to {high}").format(
                n=len(self.names), low=MIN_PLAYERS, high=MAX_PLAYERS))

    @property
    def play_rules(self) -> Rules:
        """The rules each round is played by: the match's, with :data:`ROUND_TURNS` when they set no ``max_turns``."""
        return self.rules if self.rules.max_turns else self.rules.with_options(max_turns=ROUND_TURNS)

    # -- rounds --------------------------------------------------------------------------

    def deal(self, rng) -> Round:
        """The next round, shuffled with ``rng``, started by the next seat."""
        return Round.deal(rng, self.play_rules, self.deck, self.names, self.scores(), to=self.rounds % len(self.names),
                          number=self.rounds + 1)

    def parse_deal(self, text: str) -> Round:
        """A round's start in the round's notation; the scores and who starts, when it leaves them out,
        are the match's."""
        return Round.parse(text, self.play_rules, self.deck, self.names, self.scores(), self.rounds % len(self.names),
                           self.rounds + 1)

    def after_round(self, end: Round) -> "Match":
        """The match once the round ``end`` is over: its score sheet carried, who won (``win_at``)."""
        result = end.result()
        return Match(self.names, self.rules, self.deck, tuple(p.after for p in result.players), self.rounds + 1,
                     tuple(result.winners))

    def is_over(self) -> bool:
        """A player ended a round with ``win_at`` points or more."""
        return bool(self.winners)

    def scores(self) -> tuple[int, ...]:
        return self.totals or (self.rules.start_points,) * len(self.names)

    def bot(self, name: str, seat: int, rng) -> Bot:
        return Bot(name, rng)

    # -- the analysis -------------------------------------------------------------------

    def analyse(self, state: Round, moves: Sequence[str] = ()) -> Worth:
        """The best move in ``state`` and what each of ``moves`` (and the best) is worth to the
        mover, in points.

        * A move of the turn: the points it scores plus the most the turn can score after it
          (:func:`~solver.nmbrs.best.best_rest`), against the most the turn can score from here; a
          ``discard`` is worth 0 (the turn is over). Exact where every search stays within its
          budget (:data:`~solver.nmbrs.bots.SEARCH_WORK`), else the greedy turn's points, an estimate.
        * The draw (an estimate: the cards to come are unknown): ``draw open`` is worth the best turn
          with the open card in hand; ``refuse`` and ``draw closed`` the best turn with a card from the
          closed pile, on average over :data:`DRAW_SAMPLES` of the cards the player cannot see;
          ``claim`` the best turn with the offered card (the closed card that comes with it aside),
          ``pass`` the best turn without it. The best draw is the ``best`` bot's: take the open card,
          claim a refused one (refusing lets the others claim two cards), so a draw loses only the
          points that the card it gave up would have made possible now.
        """
        if state.phase is Phase.LAY:
            return self._turn_worth(state, moves)
        if state.phase is Phase.OVER:
            return Worth((), {}, True)
        me = state.current_player()
        hand, opened, table = state.hands[me], state.opened[me], state.table
        kinds = [m.kind for m in state.legal_moves() if isinstance(m, Draw)]
        values: dict[str, float] = {}
        if state.phase is Phase.CLAIM:
            values["claim"] = float(turn_value(table, [*hand, state.open_top], state, opened)[0])  # type: ignore[list-item]
            values["pass"] = float(turn_value(table, hand, state, opened)[0])
            best = "claim"
        else:
            if DrawKind.OPEN in kinds:
                values["draw open"] = float(turn_value(table, [*hand, state.open_top], state, opened)[0])  # type: ignore[list-item]
            if DrawKind.CLOSED in kinds or DrawKind.REFUSE in kinds:
                unseen = self._unseen_value(state, me)
                values.update({str(Draw(k)): unseen for k in (DrawKind.CLOSED, DrawKind.REFUSE) if k in kinds})
            best = "draw open" if DrawKind.OPEN in kinds else next(iter(values))
        for text in moves:
            v = state.judge(text)
            if v.legal and v.move in values:
                values[text] = values[v.move]
        return Worth((best,), values, False)

    def _unseen_value(self, state: Round, me: int) -> float:
        """The best turn's points with one more card from among those ``me`` cannot see (the other
        hands and the closed pile), on average over an even sample of them, to a tenth of a point."""
        seen = [*state.hands[me], *state.open, *state.table.cards().values()]
        numbers = {c.number for c in seen if not c.is_joker}
        unseen = [Card(n) for n in range(self.deck.low, min(self.deck.high, self.rules.high) + 1) if n not in numbers]
        jokers = max(0, self.deck.jokers - sum(1 for c in seen if c.is_joker))
        if not unseen and not jokers:
            return float(turn_value(state.table, state.hands[me], state, state.opened[me])[0])
        step = max(1, -(-len(unseen) // DRAW_SAMPLES))
        sample = unseen[step // 2::step]
        hand, table, opened = state.hands[me], state.table, state.opened[me]
        mean = sum(turn_value(table, [*hand, c], state, opened)[0] for c in sample) / len(sample) if sample else 0.0
        joker = float(turn_value(table, [*hand, JOKER], state, opened)[0]) if jokers else 0.0
        return round((mean * len(unseen) + joker * jokers) / (len(unseen) + jokers), 1)

    def _turn_worth(self, state: Round, moves: Sequence[str]) -> Worth:
        turn = state.turn
        assert turn is not None
        rest, line, exact = _rest(turn)
        hand = turn.state.hand
        if line:
            best = str(line[0])
        elif hand:
            best = str(Move(MoveKind.DISCARD, (), (discard_choice(hand, state.deck),)))
        else:
            best = str(Move(MoveKind.END))
        values = {best: float(rest)}
        for text in moves:
            v = state.judge(text)
            if not v.legal:
                continue
            if v.result is None:  # the move that ends the turn: nothing more to score in it
                values[text] = 0.0
                continue
            after, _line, sure = _rest(v.after.turn)
            values[text] = float(v.result.score + after)
            exact = exact and sure
        return Worth((best,), values, exact)


def _rest(turn) -> tuple[int, tuple[Move, ...], bool]:
    """The most ``turn`` can still score, the moves that do it, and whether the search proved it
    (else the greedy turn's, an estimate)."""
    try:
        score, line = best_rest(turn, SEARCH_LIMIT, max_work=SEARCH_WORK)
        return score, line, True
    except SearchTooLarge:
        played = greedy_turn(turn)
        return played.score - turn.score, played.moves[len(turn.moves):], False


# ---------------------------------------------------------------- the logs written before the one format


def _old_rules(obj: dict) -> Rules:
    """The rules an old ``game`` line records (``Rules.as_dict``, ``high`` as ``numbers``)."""
    d = obj.get("rules")
    if not isinstance(d, dict):
        return Rules()
    known = {spec.name for spec in Rules.options()}
    options = {k: v for k, v in d.items() if k in known}
    numbers = d.get("numbers")
    if isinstance(numbers, list) and len(numbers) == 2:
        options["high"] = numbers[1]
    return Rules.preset(str(d.get("preset", "basic")).removesuffix("+custom")).with_options(**options)


def _cards(obj: dict, key: str, where: str) -> str:
    value = obj.get(key, "")
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        value = " ".join(value)
    if not isinstance(value, str) or ("|" in value and key != "table") or ";" in value:
        raise TablecalcError(_("{where}: {key!r} must be text such as \"14 20 joker\"").format(where=where, key=key))
    return " ".join(value.split())


def _seat(value: Any, names: Sequence[str], where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str):
        for i, n in enumerate(names):
            if n.lower() == value.strip().lower():
                return i
    raise TablecalcError(_("{where}: unknown player {who}: expected 0 to {last} or one of {names}").format(
        where=where, who=quoted(value), last=len(names) - 1, names=", ".join(names)))


def older_log(text: str, source: str) -> Log | None:
    """A game log in the format ``tablecalc nmbrs simulate --log`` wrote before the one log format
    (``docs/nmbrs.md``: a deal line with ``hands``, move lines with ``player`` and ``move``), read
    as a :class:`~solver.whole.log.Log`: each deal as the round's notation, its rules from its
    ``game`` line, the scores of its ``round-end`` lines kept for the referee to compare. ``None``
    when ``text`` is not such a log.

    >>> log = older_log('{"type": "deal", "hands": ["5 6 7 40", "10 20 33"], "open": "90", "closed": ["8", "61"]}\\n'
    ...                 '{"player": 0, "move": "refuse"}', "old.jsonl")
    >>> log.players, log.rounds[0].deal, [(m.player, m.move) for m in log.rounds[0].moves]
    (('P1', 'P2'), 'hands 5 6 7 40 | 10 20 33; open 90; closed 8 61', [(0, 'refuse')])
    """
    try:
        objects = log_objects(text, source)
    except TablecalcError:
        return None
    first = objects[0][1]
    if first.get("type") == "game" and "game" in first or not any("hands" in obj for _, obj in objects):
        return None
    names: list[str] | None = None
    rules = Rules()
    rounds: list[dict] = []
    for number, obj in objects:
        where = _("{source}, line {n}").format(source=source, n=number)
        if obj.get("type") == "game" and not rounds:
            rules = _old_rules(obj)
            if isinstance(obj.get("names"), list):
                names = [str(n) for n in obj["names"]]
        elif "hands" in obj:
            hands = obj["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
                raise TablecalcError(_("{where}: 'hands' must be a list of hands, e.g. [\"5 6 7\", \"10 20 33\"]").format(
                    where=where))
            mine = obj.get("names")
            if names is None:
                names = [str(n) for n in mine] if isinstance(mine, list) else [f"P{i + 1}" for i in range(len(hands))]
            if len(hands) != len(names) or isinstance(mine, list) and [str(n) for n in mine] != names:
                raise TablecalcError(_("{where}: the players of this deal are not the game's ({names})").format(
                    where=where, names=", ".join(names)))
            fields = ["hands " + " | ".join(" ".join(h.split()) or "-" for h in hands)]
            for key in ("open", "closed", "table"):
                if _cards(obj, key, where):
                    fields.append(f"{key} {_cards(obj, key, where)}")
            scores = obj.get("scores")
            if isinstance(scores, dict):
                scores = [scores.get(n) for n in names]
            if scores is not None:
                if not isinstance(scores, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
                    raise TablecalcError(_("{where}: 'scores' must be whole numbers, one per player").format(where=where))
                fields.append("scores " + " ".join(map(str, scores)))
            if "to" in obj:
                fields.append(f"to {_seat(obj['to'], names, where)}")
            rounds.append({"line": number, "deal": "; ".join(fields), "moves": [], "scores": None, "end": None})
        elif "move" in obj:
            if not rounds:
                raise TablecalcError(_("{where}: a move before any deal; expected first a line with \"hands\"").format(
                    where=where))
            if not isinstance(obj["move"], str) or not obj["move"].strip():
                raise TablecalcError(_("{where}: 'move' must be text such as \"draw open\" or \"lay 5 6 7\"").format(
                    where=where))
            seat = _seat(obj["player"], names, where) if "player" in obj else None  # type: ignore[arg-type]
            rounds[-1]["moves"].append(LoggedMove(number, seat, obj["move"].strip()))
        elif obj.get("type") == "round-end" and rounds and isinstance(obj.get("scores"), dict):
            sheet = [obj["scores"].get(n) for n in names]  # type: ignore[union-attr]
            if all(isinstance(s, int) for s in sheet):
                rounds[-1]["scores"], rounds[-1]["end"] = tuple(sheet), number
    base = rules.name.removesuffix("+custom")
    return Log(source, "nmbrs", tuple(names or ()), base, rules.changes(),
               tuple(LoggedRound(k, r["line"], r["deal"], tuple(r["moves"]), r["scores"], r["end"])
                     for k, r in enumerate(rounds, 1)))
