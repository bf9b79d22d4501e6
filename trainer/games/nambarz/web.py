"""Nambarz in the browser: the deck's cards drawn as cards (symbol cards, drawing cards with their
animal, jokers), a dispute built by tapping the card on top and the hand, the play tapped from the
hand's own cards and the operations, and a round in play as a seat sees it.

Every card, token and word comes from the deck (``GAME.load_data``) and the game's words (the
animals' and jokers' names in the player's language, which the deck reads back): the notation a
tap writes is the notation the referee reads.

>>> from solver.nambarz import GAME
>>> rules = GAME.rules("basic")
>>> deck = GAME.load_data(rules)
>>> values = FACE.fields_from("top 3-bee; hand 6 5 2 10")
>>> values["top"], values["hand"]
('3-bee', '6 5 2 10')
>>> FACE.situation_text(values)
'top 3-bee; hand 6 5 2 10'
>>> deal = GAME.parse_situation(FACE.situation_text(values), deck)
>>> [t.text for t in FACE.answer_field(deal, rules, deck).tokens][:6]
['6', '5', '2', '10', '+', '−']
"""

from __future__ import annotations

import zlib

from solver.errors import TablecalcError
from solver.i18n import N_, _, ngettext, pgettext
from solver.nambarz import GAME, Announcement, Card, Deal, Deck, JokerKind, RoundState, card_name
from solver.nambarz.cards import ANIMAL
from solver.nambarz.round import Phase
from solver.nambarz.words import cover_name, say_move
from solver.parsing import format_fields
from trainer.web.face import Face, Field, Token, calculation_tokens
from trainer.web.svg import back, box, esc, key, open_svg, row, text

__all__ = ["FACE", "NambarzFace", "card_svg", "cover_svg", "ANIMAL_COLOURS"]

W, H = 48, 70
"""A card's size, in pixels (a tap target on a phone with room to spare)."""
TW, TH = 46, 67
"""A card's size in a palette to tap from (five in a row on a phone)."""

ANIMAL_COLOURS: dict[str, tuple[str, str]] = {
    "bee": ("#fff3bf", "#f6c915"), "hippo": ("#ece8f7", "#9b8fc4"), "cat": ("#fde3d3", "#f0894d"),
    "dog": ("#f1e2d6", "#b7835a"), "owl": ("#ece3da", "#8a6d55"), "fish": ("#dcefff", "#4fa3e0"),
    "frog": ("#dff3df", "#5cb85c"), "lion": ("#fbe7c8", "#c9731d"), "snail": ("#f7e1f0", "#d184b8"),
    "mouse": ("#ededed", "#a7a7a7"),
}
"""Each animal of the built-in deck: the tint of its cards and its own colour. A deck file's other
animals get a colour of their own from their name."""

_OTHER = ("#e3f2fd", "#5c9bd1"), ("#fce4ec", "#d16b8f"), ("#e8f5e9", "#66a86a"), ("#fff8e1", "#d9a521")

# The animals drawn in a 24 × 24 box: a few shapes each, enough for a child to know them.
_ICONS = {
    "bee": '<ellipse cx="8" cy="6" rx="4" ry="3" fill="#d6ecff" stroke="#555"/><ellipse cx="16" cy="6" rx="4" ry="3" '
           'fill="#d6ecff" stroke="#555"/><ellipse cx="12" cy="14" rx="9" ry="6" fill="#f6c915" stroke="#333"/>'
           '<path d="M10 8.3v11.4M14.2 8.3v11.4" stroke="#333" stroke-width="2.2"/><circle cx="19" cy="13" r="1.2" '
           'fill="#222"/>',
    "hippo": '<circle cx="5.5" cy="5.5" r="2.6" fill="#8a7db8"/><circle cx="18.5" cy="5.5" r="2.6" fill="#8a7db8"/>'
             '<ellipse cx="12" cy="12" rx="9" ry="8" fill="#9b8fc4"/><ellipse cx="12" cy="17" rx="7.5" ry="5" '
             'fill="#b9afdb"/><circle cx="8.5" cy="9.5" r="1.3" fill="#222"/><circle cx="15.5" cy="9.5" r="1.3" '
             'fill="#222"/><circle cx="9.8" cy="17" r="1.1" fill="#5b4e8a"/><circle cx="14.2" cy="17" r="1.1" '
             'fill="#5b4e8a"/>',
    "cat": '<path d="M4 10 6 2 11 7zM20 10 18 2 13 7z" fill="#f0894d"/><circle cx="12" cy="13.5" r="8" '
           'fill="#f0894d"/><circle cx="9" cy="12" r="1.3" fill="#222"/><circle cx="15" cy="12" r="1.3" fill="#222"/>'
           '<path d="M11 15h2l-1 1.5z" fill="#d9467a"/><path d="M3 15l5 .8M3 18l5-.8M21 15l-5 .8M21 18l-5-.8" '
           'stroke="#7a3d14" stroke-width=".8"/>',
    "dog": '<ellipse cx="12" cy="12.5" rx="7" ry="8" fill="#c9976a"/><ellipse cx="4.8" cy="12" rx="3" ry="6.5" '
           'fill="#7a5236"/><ellipse cx="19.2" cy="12" rx="3" ry="6.5" fill="#7a5236"/><circle cx="9.5" cy="10.5" '
           'r="1.3" fill="#222"/><circle cx="14.5" cy="10.5" r="1.3" fill="#222"/><ellipse cx="12" cy="16.5" rx="2.4" '
           'ry="1.7" fill="#222"/>',
    "owl": '<path d="M4 7 5.5 1 9.5 5zM20 7 18.5 1 14.5 5z" fill="#6e5441"/><ellipse cx="12" cy="13" rx="8.5" '
           'ry="10" fill="#8a6d55"/><circle cx="8.5" cy="10" r="3.6" fill="#fff"/><circle cx="15.5" cy="10" r="3.6" '
           'fill="#fff"/><circle cx="8.5" cy="10" r="1.7" fill="#222"/><circle cx="15.5" cy="10" r="1.7" '
           'fill="#222"/><path d="M11 13.2h2l-1 2.6z" fill="#f0a020"/>',
    "fish": '<path d="M17 12 23.5 6v12z" fill="#3b8fd0"/><ellipse cx="11" cy="12" rx="8.5" ry="6" fill="#4fa3e0"/>'
            '<circle cx="6.5" cy="10.8" r="1.8" fill="#fff"/><circle cx="6.3" cy="10.8" r=".9" fill="#222"/>'
            '<path d="M12 8.5q2 3.5 0 7" stroke="#2a6fa8" fill="none"/>',
    "frog": '<circle cx="7" cy="8" r="3.8" fill="#5cb85c"/><circle cx="17" cy="8" r="3.8" fill="#5cb85c"/>'
            '<ellipse cx="12" cy="15" rx="10.5" ry="7" fill="#5cb85c"/><circle cx="7" cy="7.6" r="2.2" fill="#fff"/>'
            '<circle cx="17" cy="7.6" r="2.2" fill="#fff"/><circle cx="7" cy="7.6" r="1.1" fill="#222"/>'
            '<circle cx="17" cy="7.6" r="1.1" fill="#222"/><path d="M7 16.5q5 3.5 10 0" stroke="#2d6a2d" '
            'stroke-width="1.3" fill="none"/>',
    "lion": '<circle cx="12" cy="12" r="11.5" fill="#c9731d"/><circle cx="6.8" cy="6.5" r="2.2" fill="#f3b95f"/>'
            '<circle cx="17.2" cy="6.5" r="2.2" fill="#f3b95f"/><circle cx="12" cy="13" r="7.3" fill="#f3b95f"/>'
            '<circle cx="9.5" cy="11.5" r="1.2" fill="#222"/><circle cx="14.5" cy="11.5" r="1.2" fill="#222"/>'
            '<path d="M10.6 14.5h2.8L12 16.2z" fill="#5a3a1a"/>',
    "snail": '<ellipse cx="11" cy="20" rx="10.5" ry="2.8" fill="#c9a27e"/><path d="M3 18 1.5 10M5.5 18 6 10" '
             'stroke="#8a6a4a" stroke-width="1.2"/><circle cx="1.5" cy="10" r="1.2" fill="#8a6a4a"/>'
             '<circle cx="6" cy="10" r="1.2" fill="#8a6a4a"/><circle cx="14" cy="12" r="7.5" fill="#d184b8" '
             'stroke="#8e4a7a"/><path d="M14 12m0-4.5a4.5 4.5 0 1 1-4.5 4.5a2.6 2.6 0 1 1 2.6 2.6" fill="none" '
             'stroke="#8e4a7a" stroke-width="1.3"/>',
    "mouse": '<circle cx="6" cy="7.5" r="4.6" fill="#a7a7a7"/><circle cx="18" cy="7.5" r="4.6" fill="#a7a7a7"/>'
             '<circle cx="6" cy="7.5" r="2.5" fill="#f2b8c6"/><circle cx="18" cy="7.5" r="2.5" fill="#f2b8c6"/>'
             '<ellipse cx="12" cy="14.5" rx="7" ry="6.5" fill="#bdbdbd"/><circle cx="9.5" cy="13.2" r="1.1" '
             'fill="#222"/><circle cx="14.5" cy="13.2" r="1.1" fill="#222"/><circle cx="12" cy="17.3" r="1.4" '
             'fill="#e57399"/>',
}

_JOKER_FILL, _JOKER_INK, _STAR = "#5b2a86", "#ffffff", "#ffd54a"
_SYMBOL_INK = "#1b3a6b"

_GROUP_NUMBERS = N_("Number cards")
_GROUP_ANIMALS = N_("Drawing cards (animals)")
_GROUP_JOKERS = N_("Jokers")
_GROUP_ALONE = N_("A joker laid alone, and what it announced")


def animal_colours(animal: str) -> tuple[str, str]:
    """The tint of an animal's cards and its own colour (``#rrggbb`` each)."""
    if animal in ANIMAL_COLOURS:
        return ANIMAL_COLOURS[animal]
    return _OTHER[zlib.crc32(animal.encode()) % len(_OTHER)]


def animal_name(animal: str) -> str:
    """An animal's name in the player's language."""
    return pgettext(ANIMAL, animal)


def _icon(animal: str, x: float, y: float, scale: float = 1.0) -> str:
    """The animal drawn in a ``24 × scale`` square whose corner is at ``x, y``."""
    inner = _ICONS.get(animal)
    if inner is None:  # an animal of a deck file: its initial on its colour
        _tint, colour = animal_colours(animal)
        inner = (f'<circle cx="12" cy="12" r="11" fill="{colour}"/>'
                 + text(12, 17, animal_name(animal)[:1].upper(), size=14, ink="#fff", weight="bold"))
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{inner}</g>'


def _name_line(x: float, y: float, word: str, ink: str, size: float = 9.5, room: float = W - 8) -> str:
    """A card's small word, squeezed to ``room`` pixels when it is long."""
    squeeze = len(word) * size * 0.56 > room
    fit = f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"' if squeeze else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{ink}" text-anchor="middle"{fit} '
            f'font-family="system-ui, sans-serif">{esc(word)}</text>')


def card_label(card: Card) -> str:
    """What a card is called aloud: ``6``, ``3 abeille``, ``rejouer``."""
    if card.is_joker:
        return card_name(card)
    if card.animal:
        return f"{card.number} {animal_name(card.animal)}"
    return str(card.number)


def _joker_lines(name: str) -> list[str]:
    """A joker's name on up to four lines (split where its words are joined)."""
    words = name.split("-")
    if len(words) <= 4:
        return words
    return [*words[:3], "-".join(words[3:])]


def card_svg(card: Card, width: int = W, height: int = H, label: str | None = None) -> str:
    """One card drawn: a symbol card (its number), a drawing card (number, animal and its name on
    the animal's tint) or a joker (a star and its name), named aloud in the player's language."""
    sx = width / W
    parts = [open_svg(width, height, label if label is not None else card_label(card)),
             f'<g transform="scale({sx:g} {height / H:g})">']
    if card.is_joker:
        parts.append(box(1.5, 1.5, W - 3, H - 3, fill=_JOKER_FILL, stroke="#2e1145"))
        parts.append(text(W / 2, 24, "★", size=22, ink=_STAR))
        lines = _joker_lines(card_name(card))
        top = 38 if len(lines) <= 3 else 34
        for k, word in enumerate(lines):
            parts.append(_name_line(W / 2, top + 9.5 * k, word, _JOKER_INK, size=8.5))
    elif card.animal:
        tint, colour = animal_colours(card.animal)
        parts.append(box(1.5, 1.5, W - 3, H - 3, fill=tint, stroke=colour))
        parts.append(text(W / 2, 21, card.number, size=19, ink="#1d232a", weight="bold"))
        parts.append(_icon(card.animal, W / 2 - 14, 25, 1.17))
        parts.append(_name_line(W / 2, H - 6, animal_name(card.animal), "#1d232a", size=9))
    else:
        parts.append(box(1.5, 1.5, W - 3, H - 3, fill="#ffffff", stroke=_SYMBOL_INK))
        parts.append(box(6, 6, W - 12, H - 12, fill="none", stroke="#b9c6dd", radius=4))
        size = 30 if card.number is not None and card.number < 10 else 26
        parts.append(text(W / 2, H / 2 + size * 0.35, card.number, size=size, ink=_SYMBOL_INK, weight="bold"))
    parts.append("</g></svg>")
    return "".join(parts)


def announcement_label(a: Announcement) -> str:
    value = str(a.number) if a.number is not None else animal_name(str(a.animal))
    return _("{joker} laid alone, announcing {value}").format(joker=card_name(a.joker), value=value)


def cover_svg(cover, width: int = W, height: int = H) -> str:
    """What is to be covered: a card, or a change joker laid alone with what it announced drawn
    under its name (the number, or the animal)."""
    if not isinstance(cover, Announcement):
        return card_svg(cover, width, height)
    parts = [open_svg(width, height, announcement_label(cover)), f'<g transform="scale({width / W:g} {height / H:g})">',
             box(1.5, 1.5, W - 3, H - 3, fill=_JOKER_FILL, stroke="#2e1145"), text(9, 13, "★", size=11, ink=_STAR)]
    for k, word in enumerate(_joker_lines(card_name(cover.joker))):
        parts.append(_name_line(W / 2 + 4, 12 + 8 * k, word, _JOKER_INK, size=7.5, room=W - 16))
    parts.append(box(6, 38, W - 12, 27, fill="#ffffff", stroke=_STAR, radius=6))
    if cover.number is not None:
        parts.append(text(W / 2, 58, cover.number, size=18, ink=_SYMBOL_INK, weight="bold"))
    else:
        parts.append(_icon(str(cover.animal), W / 2 - 10.5, 40.5, 0.88))
    parts.append("</g></svg>")
    return "".join(parts)


def _group(card: Card) -> str:
    return _(_GROUP_JOKERS if card.is_joker else _GROUP_ANIMALS if card.animal else _GROUP_NUMBERS)


def _card_token(card: Card) -> Token:
    return Token(card_name(card), card_label(card), card_svg(card, TW, TH), _group(card))


def _announcements(deck: Deck) -> list[Announcement]:
    """Every change joker of ``deck`` laid alone with each thing it may announce."""
    out = []
    for kind in JokerKind:
        if not deck.jokers.get(kind.value):
            continue
        if kind.announces_number:
            out += [Announcement(kind.value, n) for n in range(deck.low, deck.high + 1)]
        if kind.announces_drawing:
            out += [Announcement(kind.value, animal=a) for a in deck.animals]
    return out


class NambarzFace(Face):
    """Nambarz's face: cards drawn, the top card and the hand tapped from the deck."""

    def _deck(self) -> Deck:
        return self.game.load_data(self.game.rules())

    # -- settling a dispute ------------------------------------------------------------------

    def situation_fields(self, rules, deck: Deck) -> tuple[Field, ...]:
        cards = deck.cards()
        numbered = [c for c in cards if not c.is_joker]
        top_tokens = [_card_token(c) for c in numbered]
        top_tokens += [Token(cover_name(a), announcement_label(a), cover_svg(a, TW, TH), _(_GROUP_ALONE))
                       for a in _announcements(deck)]
        hand_tokens = [_card_token(c) for c in cards if deck.copies(c)]
        opened = (_(_GROUP_NUMBERS),)
        return (
            Field("top", _("The card to cover (on top of the pile)"), "one", tuple(top_tokens),
                  example=card_name("3-bee"), fold=True, open_groups=opened),
            Field("hand", _("The player's hand: tap each card"), "many", tuple(hand_tokens), joiner=" ",
                  example=" ".join(card_name(c) for c in ("6", "5", "2", "10")), fold=True, open_groups=opened),
            Field("situation", _("Or type the whole situation (it replaces the cards tapped)"),
                  example=format_fields([("top", card_name("3-bee")), ("hand", "6 5 2 10")])),
        )

    def tapped_text(self, values) -> str:
        top, hand = values.get("top", "").strip(), values.get("hand", "").strip()
        if not top or not hand:  # still being built: the page asks for the rest
            return ""
        return f"top {top}; hand {hand}"

    def fields_from(self, notation: str) -> dict[str, str]:
        """A deal read back into the tapped fields (cards named as the tokens name them, in the
        player's language); a moment of a round, or text that is no deal, stays typed."""
        try:
            deal = Deal.parse(notation, self._deck())
        except TablecalcError:  # not a deal: the typed field keeps it, and its parser says why
            return {"top": "", "hand": "", "situation": notation}
        return {"top": cover_name(deal.top), "hand": " ".join(card_name(c) for c in deal.hand), "situation": ""}

    def answer_field(self, situation, rules, deck) -> Field:
        hand = situation.hand() if isinstance(situation, RoundState) else situation.hand
        return Field("answer", _("The play: tap the cards in the order they were laid, and the signs between them"),
                     "many", self._play_tokens(hand, deck), joiner="", example="6÷2", fold=True)

    def _play_tokens(self, hand, deck: Deck) -> tuple[Token, ...]:
        """The pieces of a play: the hand's cards (each once), the calculation's keys, ``draw``, and
        for a change joker what it may announce and ``then``. A joker or an announcement carries
        its own spaces, so the pieces read back whatever joins them."""
        seen = list(dict.fromkeys(hand))
        cards = [Token(card_name(c) + (" " if c.is_joker and c.joker != JokerKind.PLAY_AGAIN.value else ""),
                       card_label(c), card_svg(c)) for c in seen]
        out = cards + list(calculation_tokens())
        draw = say_move("draw")
        out.append(Token(draw, draw, key(draw, draw, width=88)))
        kinds = {JokerKind(c.joker) for c in seen if c.is_joker and c.joker in {k.value for k in JokerKind}}
        if any(k.announces_number or k.announces_drawing for k in kinds):
            group = _("What the joker announces")
            if any(k.announces_number for k in kinds):
                out += [Token(f"{n} ", str(n), key(n, str(n), fill="#f3ecfa", ink=_JOKER_FILL), group)
                        for n in range(deck.low, deck.high + 1)]
            if any(k.announces_drawing for k in kinds):
                out += [Token(f"{animal_name(a)} ", animal_name(a), _animal_svg(a), group) for a in deck.animals]
            then = say_move("then")
            out.append(Token(f" {then} ", then, key(then, then, width=64), group))
        return tuple(out)

    def draw(self, situation, rules, deck) -> str:
        if isinstance(situation, RoundState):
            return self.draw_state(situation, None)
        top = row([cover_svg(situation.top, 72, 105)], _("On top"))
        n = len(situation.hand)
        hand = row([card_svg(c) for c in situation.hand],
                   ngettext("Hand ({n} card)", "Hand ({n} cards)", n).format(n=n))
        return f'<div class="game-table nambarz">{top}{hand}</div>'

    # -- a round in play -----------------------------------------------------------------------

    def draw_state(self, state: RoundState, seat: int | None) -> str:
        """The round as ``seat`` sees it: the card to cover (a play-again on it), the draw pile,
        every player's hand (face down but the seat's own; all face up for ``None``), who is to
        move, who is out, who sits the round out; once over, the points."""
        over = state.is_terminal()
        parts = ['<div class="game-table nambarz">']
        top = [cover_svg(state.cover, 72, 105)]
        if state.phase is not Phase.PLAY:
            top.append(card_svg(Card(joker=JokerKind.PLAY_AGAIN.value)))
        parts.append(row(top, _("On top")))
        stock = len(state.stock)
        parts.append(row([back(label=_("draw pile"))],
                         ngettext("Draw pile: {n} card", "Draw pile: {n} cards", stock).format(n=stock)))
        points = state.returns() if over else None
        for i, (name, hand) in enumerate(zip(state.names, state.hands)):
            shown = seat is None or i == seat
            if shown:
                pieces = [card_svg(c, 40, 58) for c in sorted(hand, key=Card.sort_key)]
            else:
                pieces = [back(26, 38, label=_("a hidden card")) for _c in hand]
            head = name
            if i in state.sitting:
                head = _("{name} (sits this round out)").format(name=name)
            elif i in state.out:
                head = _("{name} (out, place {place})").format(name=name, place=state.out.index(i) + 1)
            elif not over and i == state.to:
                head = _("{name} — to play").format(name=name)
            if points is not None:
                got = int(points[i])
                head += " · " + ngettext("{points} point", "{points} points", got).format(points=got)
            if not shown:
                head += " · " + ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))
            label = head
            parts.append(f'<div class="seat{" to-move" if not over and i == state.to else ""}">'
                         + row(pieces, label) + "</div>")
        if state.phase is Phase.AGAIN and not over:
            parts.append(f'<p class="note">{esc(_("Play-again was laid: the same player plays again, or draws."))}</p>')
        elif state.phase is Phase.LAST_DRAW and not over:
            parts.append(f'<p class="note">{esc(_("Play-again was the last card: the player draws one."))}</p>')
        if over:
            parts.append(f'<p class="note">{esc(_("The round is over."))}</p>')
        parts.append("</div>")
        return "".join(parts)

    def move_tokens(self, state: RoundState) -> tuple[Token, ...]:
        """``draw``, the one move tapped whole: every other move is built in :meth:`move_field`
        (a list of the legal moves would give the calculation away)."""
        if state.is_terminal():
            return ()
        draw = say_move("draw")
        return (Token(draw, draw, key(draw, draw, width=88)),)

    def move_field(self, state: RoundState) -> Field | None:
        """The move of the player to move, tapped from their cards in the order laid, the signs
        between them, and for a change joker what it announces and ``then``."""
        if state.is_terminal():
            return None
        hand = sorted(state.hand(), key=Card.sort_key)
        tokens = tuple(t for t in self._play_tokens(hand, state.deck) if t.text != say_move("draw"))
        return Field("move", _("The move: tap the cards in the order they are laid, and the signs between them"),
                     "many", tokens, joiner="", example="6÷2", fold=True)


def _animal_svg(animal: str) -> str:
    """An animal alone (what a change joker announces), on its tint."""
    tint, colour = animal_colours(animal)
    return (open_svg(W, H, animal_name(animal)) + box(1.5, 1.5, W - 3, H - 3, fill=tint, stroke=colour)
            + _icon(animal, W / 2 - 15, 12, 1.25) + _name_line(W / 2, H - 6, animal_name(animal), "#1d232a", size=9)
            + "</svg>")


FACE = NambarzFace(GAME)
"""Nambarz's face (:func:`trainer.web.face.face_of`)."""
