"""Nmbrs! in the browser: the cards drawn in their colours (the colours count for the score: a
sequence all of one colour, or of all different colours, is doubled), a turn's position built by
tapping the hand and the table's sequences, the turn tapped from its move words and the cards it
names, and a round in play as a seat sees it.

Every card comes from the deck (``GAME.load_data``: its numbers, its colours, its jokers), every
move word from the game's words in the player's language, which the game reads back.

>>> from solver.nmbrs import GAME
>>> rules = GAME.rules()
>>> deck = GAME.load_data(rules)
>>> values = FACE.fields_from("hand 15 25 40 7 8; table 10 20 30; opened")
>>> values["hand"], values["table"], values["opened"]
('15 25 40 7 8', '10 20 30', 'yes')
>>> FACE.situation_text(values)
'hand 15 25 40 7 8; table 10 20 30; opened'
"""

from __future__ import annotations

from solver.errors import TablecalcError
from solver.i18n import N_, _, ngettext, pgettext
from solver.nmbrs import GAME, Card, Colour, Deck, MoveKind, Position
from solver.nmbrs.words import say_move
from solver.parsing import format_fields
from trainer.web.face import Face, Field, Token
from trainer.web.svg import back, box, esc, key, open_svg, row, text

__all__ = ["FACE", "NmbrsFace", "card_svg", "COLOURS", "colour_name"]

W, H = 48, 66
"""A card's size, in pixels."""
TW, TH = 46, 63
"""A card's size in a palette to tap from (five in a row on a phone)."""

COLOURS: dict[Colour, str] = {Colour.RED: "#d7372f", Colour.GREEN: "#23914a", Colour.BLUE: "#2a63c6",
                              Colour.ORANGE: "#ec7d10"}
"""The four colours of the cards as drawn (each dark enough for a white number on it)."""
_JOKER_FILL, _JOKER_STAR = "#222831", "#ffd54a"

_COLOUR_WORDS = {Colour.RED: N_("red"), Colour.GREEN: N_("green"), Colour.BLUE: N_("blue"),
                 Colour.ORANGE: N_("orange")}

_YES = ("opened", "yes", "oui", "ja", "true", "1")
GROUP_SIZE = 10
"""Cards per group of a palette: 1-10, 11-20... (a whole deck of 100 folds into ten)."""


def colour_name(colour: Colour) -> str:
    """A colour's name in the player's language."""
    return _(_COLOUR_WORDS[colour])


def card_label(card: Card, deck: Deck, value: int | None = None) -> str:
    """What a card is called aloud: ``14 green``, ``joker``, ``joker standing for 50``."""
    if card.is_joker:
        return _("joker standing for {n}").format(n=value) if value is not None else _("joker")
    colour = deck.colour_of(card)
    return f"{card.number} {colour_name(colour)}" if colour else str(card.number)


def card_svg(card: Card, deck: Deck, value: int | None = None, width: int = W, height: int = H,
             label: str | None = None, mark: str = "") -> str:
    """One card drawn in its colour with its number in white and its colour's name under it (the
    colour is read without seeing it too); a joker dark with a star, and the number it stands for
    when it has one. ``mark``: a word written at the top (a crossing card)."""
    parts = [open_svg(width, height, label if label is not None else card_label(card, deck, value)),
             f'<g transform="scale({width / W:g} {height / H:g})">']
    if card.is_joker:
        parts.append(box(1.5, 1.5, W - 3, H - 3, fill=_JOKER_FILL, stroke="#000"))
        if value is None:
            parts.append(text(W / 2, 34, "★", size=26, ink=_JOKER_STAR))
        else:
            parts.append(text(W / 2, 18, "★", size=13, ink=_JOKER_STAR))
            parts.append(text(W / 2, 42, value, size=20 if value < 100 else 16, ink="#fff", weight="bold"))
        parts.append(text(W / 2, H - 7, _("joker"), size=9, ink="#fff"))
    else:
        colour = deck.colour_of(card)
        fill = COLOURS.get(colour, "#555") if colour else "#555"
        parts.append(box(1.5, 1.5, W - 3, H - 3, fill=fill, stroke="#1d232a"))
        parts.append(box(5, 5, W - 10, H - 22, fill="none", stroke="#ffffff", radius=4))
        n = card.number
        parts.append(text(W / 2, 36, n, size=22 if n < 100 else 17, ink="#fff", weight="bold"))
        if colour:
            parts.append(text(W / 2, H - 6, colour_name(colour), size=9, ink="#fff"))
    if mark:
        parts.append(f'<circle cx="{W - 8}" cy="8" r="7" fill="#fff" stroke="#1d232a" stroke-width="1.5"/>'
                     + text(W - 8, 12, mark, size=11, ink="#1d232a", weight="bold"))
    parts.append("</g></svg>")
    return "".join(parts)


def _sequence_badge(n: int) -> str:
    return (open_svg(44, 44, _("sequence {n}").format(n=n))
            + '<circle cx="22" cy="22" r="19" fill="#1d232a"/>' + text(22, 29, n, size=20, ink="#fff", weight="bold")
            + "</svg>")


def _group_of(card: Card) -> str:
    if card.is_joker:
        return _("Jokers")
    low = (card.number - 1) // GROUP_SIZE * GROUP_SIZE + 1
    return f"{low}–{low + GROUP_SIZE - 1}"


def _palette(deck: Deck) -> list[Token]:
    """Every card of the deck (one joker: the jokers are alike), in groups of ten."""
    cards = [c for c in deck.cards() if not c.is_joker]
    tokens = [Token(str(c.number), card_label(c, deck), card_svg(c, deck, width=TW, height=TH), _group_of(c))
              for c in cards]
    if deck.jokers:
        tokens.append(Token("joker", _("joker"), card_svg(Card(), deck, width=TW, height=TH), _("Jokers")))
    return tokens


def _move_word(kind: MoveKind) -> str:
    return say_move(kind.value).split(" ")[0]


def _word_token(word: str, label: str) -> Token:
    return Token(word, label, key(word, label, width=max(56, 9 * len(word) + 22)))


class NmbrsFace(Face):
    """Nmbrs!'s face: coloured cards, the hand and the table tapped from the deck."""

    def _deck(self) -> Deck:
        return self.game.load_data(self.game.rules())

    # -- settling a dispute ------------------------------------------------------------------

    def situation_fields(self, rules, deck: Deck) -> tuple[Field, ...]:
        palette = _palette(deck)
        new_row = Token("|", _("start the next sequence"), key("|", _("start the next sequence"), width=64))
        return (
            Field("hand", _("The player's hand (after the draw): tap each card"), "many", tuple(palette), joiner=" ",
                  example="15 25 40 7 8", fold=True),
            Field("table", _("The sequences on the table: tap their cards, and | between two sequences"), "many",
                  (new_row, *palette), joiner=" ", example="10 20 30 | 4 10 16", fold=True),
            Field("opened", _("Has the player come out (laid a sequence of their own) in an earlier turn?"), "one",
                  (_word_token(_("yes"), _("yes")), _word_token(_("no"), _("no"))), value=_("no")),
            Field("situation", _("Or type the whole position (it replaces the cards tapped)"),
                  example="hand 15 25 40 7 8; table 10 20 30; opened"),
        )

    def tapped_text(self, values) -> str:
        hand, table = values.get("hand", "").strip(), values.get("table", "").strip()
        if not hand:  # still being built: the page asks for the rest
            return ""
        opened = values.get("opened", "").strip().lower() in _YES
        return format_fields([("hand", hand), ("table", table), ("opened", opened)])

    def fields_from(self, notation: str) -> dict[str, str]:
        """A position read back into the tapped fields; text that is no position stays typed."""
        try:
            p = Position.parse(notation, self._deck())
        except TablecalcError:
            return {"hand": "", "table": "", "opened": "", "situation": notation}
        return {"hand": " ".join(str(c) for c in p.hand), "table": str(p.table),
                "opened": _("yes") if p.opened else _("no"), "situation": ""}

    def answer_field(self, situation: Position, rules, deck: Deck) -> Field:
        return Field("answer", _("The turn: tap each move's word, then its cards (; between two moves)"), "many",
                     self._turn_tokens(situation.hand, situation.table, deck, whole_turn=True), joiner=" ",
                     example=f"{_move_word(MoveKind.CROSS)} 20 15 25 ; {_move_word(MoveKind.DISCARD)} 7",
                     fold=True, open_groups=self._answer_groups())

    def _turn_tokens(self, hand, table, deck: Deck, whole_turn: bool, kinds=tuple(MoveKind)) -> tuple[Token, ...]:
        """The pieces of a turn's moves: the words of ``kinds``, the hand's cards, the table's
        sequences (for add and link) and cards (for cross); with ``whole_turn``, ``;`` between
        moves and pass."""
        out = [_word_token(_move_word(k), _move_word(k)) for k in kinds]
        if whole_turn:
            out.append(Token(";", _("next move"), key(";", _("next move"))))
            passing = pgettext("nmbrs move", "pass")
            out.append(_word_token(passing, passing))
        group = _("Your hand")
        seen = {("joker" if c.is_joker else str(c.number)): c for c in hand}  # a card's colour is the deck's
        out += [Token(written, card_label(c, deck), card_svg(c, deck), group) for written, c in seen.items()]
        if any(c.is_joker for c in hand):  # where a joker goes is not always plain: joker=N says it
            stands = _("A joker standing for a number")
            taken = {c.number for c in hand} | {v for v, c in table.cards().items() if not c.is_joker}
            out += [Token(f"joker={n}", card_label(Card(), deck, n), key(f"★{n}", card_label(Card(), deck, n),
                                                                               width=56), stands)
                    for n in range(deck.low, deck.high + 1) if n not in taken]
        if table.sequences:
            rows = _("Sequences on the table (add, link)")
            out += [Token(str(i), _("sequence {n}").format(n=i), _sequence_badge(i), rows)
                    for i in range(1, len(table.sequences) + 1)]
            on = _("Cards on the table (cross)")
            cards = table.cards()
            out += [Token(str(v), card_label(c, deck, v), card_svg(c, deck, v), on)
                    for v, c in sorted(cards.items()) if not c.is_joker]
        return tuple(out)

    def _answer_groups(self) -> tuple[str, ...]:
        return (_("Your hand"), _("Sequences on the table (add, link)"), _("Cards on the table (cross)"))

    def draw(self, situation: Position, rules, deck: Deck) -> str:
        n = len(situation.hand)
        hand = row([card_svg(c, deck) for c in situation.hand],
                   ngettext("Hand ({n} card)", "Hand ({n} cards)", n).format(n=n))
        parts = ['<div class="game-table nmbrs">', hand, self._table(situation.table, deck)]
        came = _("Came out in an earlier turn.") if situation.opened else _("Has not come out yet.")
        parts.append(f'<p class="note">{esc(came)}</p></div>')
        return "".join(parts)

    def _table(self, table, deck: Deck) -> str:
        if not table.sequences:
            return f'<p class="note">{esc(_("Nothing on the table yet."))}</p>'
        crossings = table.crossings()
        rows = []
        for i, seq in enumerate(table.sequences, 1):
            pieces = [_sequence_badge(i)]
            for p in seq:
                label = card_label(p.card, deck, p.value if p.is_joker else None)
                mark = ""
                if p.value in crossings:
                    label = _("{card}, where sequences {a} and {b} cross").format(
                        card=label, a=crossings[p.value][0], b=crossings[p.value][1])
                    mark = "✕"
                pieces.append(card_svg(p.card, deck, p.value if p.is_joker else None, label=label, mark=mark))
            rows.append(row(pieces))
        return f'<div class="sequences"><span class="row-label">{esc(_("On the table"))}</span>{"".join(rows)}</div>'

    # -- a round in play -----------------------------------------------------------------------

    def draw_state(self, state, seat: int | None) -> str:
        """The round as ``seat`` sees it: the table's sequences, the open pile's top card and the
        closed pile, every player's score and hand (face down but the seat's own; all face up for
        ``None``), who is to move and where the turn stands."""
        deck = state.deck
        over = state.is_terminal()
        parts = ['<div class="game-table nmbrs">', self._table(state.table, deck)]
        top = state.open_top
        piles = [card_svg(top, deck) if top is not None else back(label=_("the open pile is empty"), fill="#bbb"),
                 back(label=ngettext("closed pile: {n} card", "closed pile: {n} cards", len(state.closed)).format(
                     n=len(state.closed)))]
        parts.append(row(piles, _("Open pile, closed pile ({n})").format(n=len(state.closed))))
        mover = None if over else state.current_player()
        for i, (name, hand) in enumerate(zip(state.names, state.hands)):
            shown = seat is None or i == seat
            if shown:
                pieces = [card_svg(c, deck, width=40, height=55) for c in sorted(hand, key=Card.sort_key)]
            else:
                pieces = [back(26, 36, label=_("a hidden card")) for _c in hand]
            head = ngettext("{name}: {points} point", "{name}: {points} points", state.scores[i]).format(
                name=name, points=state.scores[i])
            if i == mover:
                head += " — " + _("to play")
            if not shown:
                head += " · " + ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))
            parts.append(f'<div class="seat{" to-move" if i == mover else ""}">' + row(pieces, head) + "</div>")
        if over:
            if state.out is not None:
                note = _("{name} went out: the round is over.").format(name=state.names[state.out])
            else:
                note = _("The round is over: nobody went out.")
            parts.append(f'<p class="note">{esc(note)}</p>')
        elif state.asking is not None:
            note = _("{name} refused {card}: {asker} may claim it, or pass.").format(
                name=state.names[state.to], card=card_label(state.open_top, deck) if state.open_top else "-",
                asker=state.names[state.asking])
            parts.append(f'<p class="note">{esc(note)}</p>')
        elif state.turn is not None and state.turn.moves:
            done = ", ".join(say_move(str(m)) for m in state.turn.moves)
            parts.append(f'<p class="note">{esc(_("This turn so far: {moves}").format(moves=done))}</p>')
        parts.append("</div>")
        return "".join(parts)

    def move_tokens(self, state) -> tuple[Token, ...]:
        """The moves tapped whole: at the draw (or the claim) each move there is; in the turn,
        the moves that end it (a discard of each card, or ``end``). The others are built in
        :meth:`move_field`."""
        if state.is_terminal():
            return ()
        if state.turn is None:
            moves = state.legal_moves()
        else:
            ends = [m for m in state.legal_moves() if m.kind in (MoveKind.DISCARD, MoveKind.END)]
            moves = sorted(ends, key=lambda m: m.cards[0].sort_key() if m.cards else (True, 0, ""))
        return tuple(_word_token(say_move(str(m)), say_move(str(m))) for m in moves)

    def move_field(self, state) -> Field | None:
        """In the turn, a move built from its word (lay, add, cross, link, swap), the hand's cards,
        the table's sequences and cards."""
        if state.is_terminal() or state.turn is None:
            return None
        kinds = (MoveKind.LAY, MoveKind.ADD, MoveKind.CROSS, MoveKind.LINK, MoveKind.SWAP)
        hand = sorted(state.hands[state.to], key=Card.sort_key)
        tokens = self._turn_tokens(hand, state.table, state.deck, whole_turn=False, kinds=kinds)
        return Field("move", _("The move: tap its word, then its cards"), "many", tokens, joiner=" ",
                     example=f"{_move_word(MoveKind.LAY)} 5 6 7", fold=True, open_groups=self._answer_groups())


FACE = NmbrsFace(GAME)
"""Nmbrs!'s face (:func:`trainer.web.face.face_of`)."""
