"""Le Nain Jaune in the browser: the hands built by tapping cards (grouped by suit), the staking
board's five cells as steppers, the player to move and where the run stands tapped; the hands
and the board drawn (the four corner cells and the Nain Jaune, the 7♦, in the middle, with their
tokens); the lay tapped from the mover's cards, "sans R" and the announcement.

>>> values = FACE.fields_from("hands Ann: 9c 10d | Bob: 8h Qs | Cid: 4h; board 10:3 Q:9; to Bob; next 9; opened Ann")
>>> values["hands"], values["b10"], values["bJ"], values["run"], values["rank"], values["opened"]
('Ann: 9c 10d | Bob: 8h Qs | Cid: 4h', '3', '0', 'next', '9', 'Ann')
>>> FACE.situation_text(values)
'hands Ann: 9c 10d | Bob: 8h Qs | Cid: 4h; board 10:3 J:0 Q:9 K:0 7:0; to Bob; next 9; opened Ann'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from solver.i18n import N_, NP_, _, ngettext, pgettext
from solver.nainjaune.cards import KING, RANKS, Card, full_deck, rank_text
from solver.nainjaune.game import GAME
from solver.nainjaune.round import KEY_WORDS, Lay, Mode, Position, Sans
from solver.nainjaune.rules import MAX_PLAYERS, Announce, Board, Cell, Rules
from solver.nainjaune.settle import RoundEnd
from solver.nainjaune.state import RoundState
from solver.nainjaune.words import card_text, explain_settlement, rank_name, where_text
from solver.parsing import format_fields, parse_fields
from trainer.web.face import Face, Field, Token
from trainer.web.svg import box, esc, text

__all__ = ["NainJauneFace", "FACE", "card_svg", "card_name", "board_svg"]

RED, BLACK = "#c62828", "#1d232a"
SUIT = "card suit"
"""The gettext context of a suit's name."""
_SUIT_NAMES = {"c": NP_(SUIT, "clubs"), "d": NP_(SUIT, "diamonds"), "h": NP_(SUIT, "hearts"), "s": NP_(SUIT, "spades")}
_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_NAME = "card rank name"
"""The gettext context of a rank said in full (``queen``, ``dame``, ``vrouw``)."""
_RANK_NAMES = {1: NP_(RANK_NAME, "ace"), 11: NP_(RANK_NAME, "jack"), 12: NP_(RANK_NAME, "queen"),
               13: NP_(RANK_NAME, "king")}
CELL_INK = {Cell.TEN: "#1d5fbf", Cell.JACK: "#17803a", Cell.QUEEN: "#8e24aa", Cell.KING: "#c62828",
            Cell.NAIN: "#a87b00"}
"""Each cell's colour on the board (the Nain Jaune's is yellow)."""
RUNS = ("lead", "next", "sans", "king")
"""Where the run stands, as the notation writes it (see :mod:`solver.nainjaune.round`)."""
_KEYS = ["hands", "board", "dealer", "to", "next", "sans", "opened", "taken", "ask", "tokens"]
_FLAGS = ["lead", "king", "opera", "settle"]


def ink(card: Card) -> str:
    return RED if card.suit in "dh" else BLACK


def suit_name(suit: str) -> str:
    return pgettext(SUIT, _SUIT_NAMES[suit])


def card_name(card: Card) -> str:
    """A card said in full in the language in use: ``queen of spades``, ``dame de pique``, ``schoppen vrouw``."""
    rank = pgettext(RANK_NAME, _RANK_NAMES[card.rank]) if card.rank in _RANK_NAMES else str(card.rank)
    return _("{rank} of {suit}").format(rank=rank, suit=suit_name(card.suit))


def card_parts(card: Card, x: float, y: float, w: float, h: float, rules: Rules | None = None) -> str:
    """One card's shapes at (``x``, ``y``): its rank (as the language writes it) and its suit; a
    board card has a gold edge."""
    board = rules is not None and rules.cell_of(card) is not None
    stroke = "#c99700" if board else "#777"
    rank = rank_name(card.rank)
    return (f'<g data-card="{esc(card)}"><title>{esc(card_name(card))}</title>'
            f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{w - 2:g}" height="{h - 2:g}" rx="{w / 8:g}" fill="#fff" '
            f'stroke="{stroke}" stroke-width="{3 if board else 1.5}"/>'
            + text(x + w / 2, y + h * 0.45, rank, size=h * (0.36 if len(rank) < 2 else 0.3), ink=ink(card), weight="bold")
            + text(x + w / 2, y + h * 0.86, _SYMBOL[card.suit], size=h * 0.36, ink=ink(card))
            + "</g>")


def card_svg(card: Card, rules: Rules | None = None, w: int = 52, h: int = 62) -> str:
    """One card drawn alone (a token to tap)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'aria-label="{esc(card_name(card))}">{card_parts(card, 0, 0, w, h, rules)}</svg>')


def cards_svg(cards: Sequence[Card], label: str, rules: Rules | None = None, w: int = 34, h: int = 46,
              gap: int = 3) -> str:
    """Cards side by side in one drawing (a hand)."""
    width = max(len(cards) * (w + gap) - gap, 1)
    inner = "".join(card_parts(c, i * (w + gap), 0, w, h, rules) for i, c in enumerate(cards))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {h}" width="{width}" height="{h}" '
            f'role="img" aria-label="{esc(label)}">{inner}</svg>')


def backs_svg(n: int, label: str, w: int = 16, h: int = 24, gap: int = 2) -> str:
    """``n`` cards face down (another player's hand)."""
    width = max(n * (w + gap) - gap, 1)
    inner = "".join(f'<rect x="{i * (w + gap) + 0.5:g}" y="0.5" width="{w - 1}" height="{h - 1}" rx="2" fill="#2f5d8a" '
                    f'stroke="#fff" stroke-width="1"/>' for i in range(n))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {h}" width="{width}" height="{h}" '
            f'role="img" aria-label="{esc(label)}">{inner}</svg>')


def _chips(n: int, x: float, y: float, colour: str, per_row: int = 5, most: int = 10) -> str:
    """Up to ``most`` tokens drawn as chips in rows of ``per_row`` (the count is written beside)."""
    out = []
    for k in range(min(n, most)):
        cx, cy = x + (k % per_row) * 11, y + (k // per_row) * 11
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="4.6" fill="{colour}" stroke="#fff" stroke-width="1.2"/>')
    return "".join(out)


def board_svg(board: Board, rules: Rules) -> str:
    """The staking board: the 10, J, Q and King cells in the corners, the Nain Jaune (the 7, 7♦ by default) in the
    middle; on each its card and its tokens (drawn, and counted)."""
    w, h = 320, 236
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
             f'aria-label="{esc(_("The staking board"))}">',
             box(2, 2, w - 4, h - 4, fill="#2e7d4f", stroke="#1b4d30", radius=18)]
    corners = {Cell.TEN: (10, 10), Cell.JACK: (164, 10), Cell.QUEEN: (10, 122), Cell.KING: (164, 122)}
    cards = dict(zip(Cell, rules.board_cards))
    for cell, (x, y) in corners.items():
        n = board[cell]
        left, top = x < 100, y < 100
        parts.append(f'<g data-cell="{esc(cell.value)}" data-tokens="{n}"><title>'
                     f'{esc(card_name(cards[cell]))}: {esc(_tokens(n))}</title>'
                     + box(x, y, 146, 104, fill="#f4ecd2", stroke=CELL_INK[cell], radius=12))
        parts.append(card_parts(cards[cell], x + 8 if left else x + 104, y + 8 if top else y + 50, 34, 46))
        count_x = x + 72 if left else x + 74
        parts.append(text(count_x, y + 36 if top else y + 94, n, size=24, ink="#111", weight="bold"))
        parts.append(_chips(n, count_x - 22, y + 52 if top else y + 40, CELL_INK[cell]))
        parts.append("</g>")
    n = board[Cell.NAIN]
    parts.append(f'<g data-cell="7" data-tokens="{n}"><title>{esc(card_name(cards[Cell.NAIN]))}: {esc(_tokens(n))}</title>'
                 f'<circle cx="{w / 2:g}" cy="{h / 2:g}" r="50" fill="#ffd84d" stroke="#b58900" stroke-width="3"/>'
                 + card_parts(cards[Cell.NAIN], w / 2 - 15, h / 2 - 44, 30, 40)
                 + text(w / 2, h / 2 + 22, n, size=24, ink="#111", weight="bold")
                 + _chips(n, w / 2 - 22, h / 2 + 34, "#a87b00", most=5)
                 + "</g></svg>")
    return "".join(parts)


def _tokens(n: int) -> str:
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def _hand_rows(hand: Sequence[Card], label: str, rules: Rules, per_row: int = 8) -> list[str]:
    return [cards_svg(hand[k:k + per_row], label, rules) for k in range(0, len(hand), per_row)]


def _pieces(items: Sequence[str]) -> str:
    return '<div class="pieces">' + "".join(f'<span class="piece">{p}</span>' for p in items) + "</div>"


class NainJauneFace(Face):
    """Cards to tap (grouped by suit), the board's steppers, the table drawn."""

    # -- settling a dispute ----------------------------------------------------------------

    def palette(self, rules: Rules) -> tuple[Token, ...]:
        """The 52 cards, grouped by suit (A to K)."""
        return tuple(Token(str(c), card_name(c), card_svg(c, rules), f"{_SYMBOL[c.suit]} {suit_name(c.suit)}")
                     for c in full_deck())

    def situation_fields(self, rules: Rules, data) -> tuple[Field, ...]:
        seats = tuple(Token(str(k), f"P{k}") for k in range(1, MAX_PLAYERS + 1))
        start = Board().staked(3)
        board_row = _("The staking board: tokens on each cell")
        return (
            Field("hands", _("The hands: tap each player's cards, then | before the next player's"), "many",
                  (*self.palette(rules), Token("|", _("| next player"))), example="9c 10d Jc | 8h Qs | 4h 5h"),
            Field("to", _("Player to move (1 = the first hand)"), "one", seats, value="1"),
            Field("run", _("Where the run stands"), "one", (
                Token("lead", _("starts a run: any card")),
                Token("next", _("goes on with their own run")),
                Token("sans", _("was reached by “sans”")),
                Token("king", _("laid a King: starts again"))), value="lead"),
            Field("rank", _("The rank to follow (goes on, or “sans”)"), "one",
                  tuple(Token(rank_text(r), rank_name(r)) for r in RANKS)),
            *(Field(f"b{cell.value}", card_text(card), "number", value=str(start[cell]), lo=0, hi=99_999, row=board_row)
              for cell, card in zip(Cell, rules.board_cards)),
            Field("opened", _("Players who have already played this round (no Grand Opéra for them)"), "many", seats),
            Field("more", _("Anything else, in the notation (optional): dealer, taken, opera; settle, ask, tokens"),
                  example="settle; ask P2"),
        )

    def situation_text(self, values: Mapping[str, str]) -> str:
        hands = values.get("hands", "").strip()
        if not hands:
            return ""
        board = " ".join(f"{cell.value}:{values.get(f'b{cell.value}', '').strip() or '0'}" for cell in Cell)
        fields: list[tuple[str, object]] = [("hands", hands), ("board", board)]
        more = values.get("more", "").strip()
        settling = "settle" in [part.strip().lower() for part in more.split(";")]
        if not settling:  # a round end has no player to move and no run
            fields.append(("to", values.get("to", "").strip()))
            run = values.get("run", "").strip().lower()
            if run in ("next", "sans"):
                fields.append((run, values.get("rank", "").strip() or "?"))
            elif run == "king":
                fields.append(("king", True))
            elif run not in ("", "lead"):
                fields.append((run, True))
            fields.append(("opened", values.get("opened", "").strip()))
        return "; ".join(p for p in (format_fields(fields), more) if p)

    def fields_from(self, notation: str) -> dict[str, str]:
        f = parse_fields(notation, N_("position"), _KEYS, required=["hands"], flags=_FLAGS, aliases=KEY_WORDS)
        board = Board.parse(str(f.get("board", "")))
        out = {"hands": str(f["hands"]), "to": str(f.get("to", "")), "run": "lead", "rank": "",
               "opened": str(f.get("opened", ""))}
        out.update({f"b{cell.value}": str(board[cell]) for cell in Cell})
        for run in ("next", "sans"):
            if run in f:
                out["run"], out["rank"] = run, str(f[run])
        if f.get("king"):
            out["run"] = "king"
        out["more"] = format_fields([(k, f.get(k, "")) for k in ("settle", "dealer", "taken", "opera", "ask", "tokens")])
        return out

    def answer_field(self, situation: Position | RoundEnd, rules: Rules, data) -> Field:
        """A round end asks for a number of tokens; a position for the lay of the player to move:
        their cards in the order laid, "sans R" where they stop, "!" for an announcement."""
        if isinstance(situation, RoundEnd):
            name = situation.names[situation.asked]
            return Field("answer", _("The tokens {player} pays (or receives) in all").format(player=name), "number",
                         lo=0, hi=99_999)
        name = situation.names[situation.to]
        mine = _("{player}'s cards").format(player=name)
        hand = situation.hands[situation.to]
        tokens = [Token(str(c), card_name(c), card_svg(c, rules), mine) for c in hand]
        ranks = {c.rank + 1 for c in hand if c.rank < KING}
        if situation.mode is Mode.NEXT and situation.need:
            ranks.add(situation.need)
        stop = _("Stop: “sans …”")
        tokens += [Token(f"sans {rank_text(r)}", f"sans {rank_name(r)}", "", stop) for r in sorted(ranks)]
        if rules.announce is Announce.REQUIRED:
            tokens.append(Token("!", _("! announces a board card (“… qui prend !”)"), "", stop))
        tokens.append(Token("pass", _("pass"), "", stop))
        return Field("answer", _("The lay: tap the cards {player} laid, in order").format(player=name), "many",
                     tuple(tokens), example="9c 10d! Jc! sans Q")

    def draw(self, situation: Position | RoundEnd, rules: Rules, data) -> str:
        return self._table(situation, rules, None)

    def _table(self, pos: Position | RoundEnd, rules: Rules, seat: int | None, lines: Sequence[str] = ()) -> str:
        over = isinstance(pos, RoundEnd) or pos.is_over()
        to = None if over else pos.to  # type: ignore[union-attr]
        out = ['<div class="nainjaune">', f'<div class="drawing-board">{board_svg(pos.board, rules)}</div>']
        for i, (name, hand) in enumerate(zip(pos.names, pos.hands)):
            count = ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))
            head = ("▶ " if i == to else "") + name + " · " + (count if hand else _("out"))
            if not hand:
                drawing = ""
            elif seat is None or seat == i or over:
                drawing = _pieces(_hand_rows(hand, name, rules))
            else:
                drawing = _pieces([backs_svg(len(hand), f"{name}: {count}")])
            out.append(f'<div class="hand{" to-move" if i == to else ""}"><p class="draw-title">{esc(head)}</p>'
                       f'{drawing}</div>')
        if isinstance(pos, Position) and not over:
            out.append(f'<p class="draw-title">{esc(where_text(pos))}</p>')
            if pos.opened:
                played = ", ".join(pos.names[i] for i in sorted(pos.opened))
                out.append(f'<p class="meld">{esc(_("Already played this round: {players}.").format(players=played))}</p>')
        elif isinstance(pos, RoundEnd):
            ask = pos.names[pos.asked]
            out.append(f'<p class="draw-title">{esc(_("{player} went out. How much does {asked} pay?").format(player=pos.names[pos.winner or 0], asked=ask))}</p>')
        out += [f'<p class="meld">{esc(line)}</p>' for line in lines]
        out.append("</div>")
        return "".join(out)

    # -- a round in play ------------------------------------------------------------------

    def draw_state(self, state: RoundState, seat: int | None) -> str:
        """The table as ``seat`` sees it: their own hand, the others' as backs; everything for
        ``None`` and once the round is over (with its settlement)."""
        lines = explain_settlement(state.settlement(), state.rules) if state.is_terminal() else ()
        return self._table(state.position, state.rules, seat, lines)

    def move_tokens(self, state: RoundState) -> tuple[Token, ...]:
        """The moves of the player to move: the cards they may lay (a board card announced), then
        "sans R" when they may stop."""
        out = []
        for move in state.legal_moves():
            if isinstance(move, Lay):
                label = card_name(move.card)
                if move.announced:
                    label = _("{card}, taking its stake").format(card=label)
                out.append(Token(str(move), label, card_svg(move.card, state.rules)))
            elif isinstance(move, Sans):
                out.append(Token(str(move), f"sans {rank_name(move.rank)}"))
            else:
                out.append(Token(str(move), _("pass")))
        return tuple(out)


FACE = NainJauneFace(GAME)
"""Le Nain Jaune's face in the browser."""
