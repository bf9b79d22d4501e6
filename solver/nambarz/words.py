"""Nambarz in words: the referee's verdicts and a hand's solution in one or two sentences a
child can follow.

The verdicts themselves are data (:mod:`solver.nambarz.verdict`); this module only words
them, so the referee never builds a sentence. Only :mod:`solver.nambarz.game` and the trainer
import it.

>>> from solver.nambarz.best import best
>>> from solver.nambarz.cards import Deck
>>> from solver.nambarz.referee import judge
>>> deck = Deck.default()
>>> top, hand = deck.parse_card("3-bee"), deck.parse_hand("6 5 2 10")
>>> explain_verdict(judge(top, hand, "6+5+2-10"))
'6+5+2-10 does make 3, but 6÷2 uses only 2 cards, and the simplest calculation is compulsory. Draw 3 cards, play 6÷2 instead and take back 5 and 10.'
>>> best_answers(best(top, hand))
('5-2', '6÷2')
"""

from __future__ import annotations

from fractions import Fraction

from solver.errors import quoted
from solver.expr import SYMBOL, Intermediates, format_value
from solver.i18n import N_, _, ngettext, pgettext
from solver.nambarz.best import Solution, play_text
from solver.nambarz.cards import ANIMAL, Card, card_name
from solver.nambarz.moves import THEN, Announcement
from solver.nambarz.referee import CONCORDANCE, DRAW
from solver.nambarz.verdict import RoundVerdict, Verdict, Violation

__all__ = ["explain_verdict", "explain_solution", "cards_text", "best_answers", "best_line", "explain_round_verdict",
           "cover_name"]


def _num(x: Fraction | int | None) -> str:
    return _("nothing") if x is None else format_value(x)


def cards_text(cards) -> str:
    """``6, 5 and 10``."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def cover_name(cover) -> str:
    """What is to be covered, in the player's language: a card (``3-abeille``), or a change joker
    laid alone and what it announced (``change-chiffre 5``, ``change-dessin chat``).

    >>> from solver.i18n import use
    >>> _ = use("fr"); cover_name(Announcement("change-drawing", animal="cat")); _ = use("en")
    'change-dessin chat'
    """
    if isinstance(cover, Announcement):
        value = str(cover.number) if cover.number is not None else pgettext(ANIMAL, str(cover.animal))
        return f"{card_name(cover.joker)} {value}"
    if isinstance(cover, str) and " " in cover:  # an announcement as written
        joker, _sep, value = cover.partition(" ")
        return f"{card_name(joker)} {value if value.isdigit() else pgettext(ANIMAL, value)}"
    return card_name(cover)


def _why_concordant(card: Card, top: Card) -> str:
    return _("same number") if card.number == top.number else _("same drawing")


def _reason(v: Verdict, code: Violation) -> str:
    t = v.target
    top = card_name(t)
    if code is Violation.NOT_A_CALCULATION:
        return v.error or _("{answer} is not a calculation: expected cards joined by + - × ÷").format(answer=repr(v.answer))
    if code is Violation.NOT_IN_HAND:
        return _("You do not have {cards} in your hand").format(cards=cards_text(v.missing))
    if code is Violation.NOT_CONCORDANT:
        card = v.cards[0]
        if t.animal and card is not None and card.animal:
            return _("{card} does not match {top}: a card played alone needs the same number or the same drawing").format(
                card=card_name(card), top=top)
        return _("{card} does not match {top}: a card played alone needs the same number").format(
            card=card_name(card), top=top)
    if code is Violation.OPERATION_NOT_ALLOWED:
        refused = _(" and ").join(SYMBOL[o] for o in v.ops_refused)
        allowed = " ".join(SYMBOL[o] for o in "+-*/" if o in v.rules.ops)
        return _("{refused} is not allowed with the {rules} rules (only {allowed})").format(
            refused=refused, rules=v.rules.name, allowed=allowed)
    if code is Violation.NEEDS_PARENTHESES:
        return _("The basic rule works strictly left to right, so {expression} needs the parentheses variant").format(
            expression=v.expression)
    if code is Violation.BAD_INTERMEDIATE:
        s = v.bad_step
        if s is None or s.result is None:
            return _("{left}÷0 divides by zero, which no rule allows").format(left=s.left) if s else _("It divides by zero")
        shown = f"{_num(s.left)}{SYMBOL[s.op]}{_num(s.right)} = {_num(s.result)}"
        if s.result < 0 and v.rules.intermediates is Intermediates.NATURAL:
            return _("{step} goes below zero, which these rules do not allow").format(step=shown)
        return _("{step} does not divide exactly, which these rules do not allow").format(
            step=f"{_num(s.left)}{SYMBOL[s.op]}{_num(s.right)}")
    if code is Violation.WRONG_RESULT:
        if v.precedence_value is not None:
            return _("Read left to right as the basic rule says, {expression} makes {value}, not {target}").format(
                expression=v.expression, value=_num(v.value), target=t.number)
        return _("{expression} makes {value}, not {target}").format(expression=v.expression, value=_num(v.value),
                                                                   target=t.number)
    if code is Violation.MIXED_FAMILIES:
        return _("A calculation uses only symbol cards or only drawing cards, and this one mixes them")
    if code is Violation.CONCORDANT_CARD:
        c = v.concordant_cards[0]
        return _("{card} matches {top} ({why}), so it may not be used in a calculation").format(
            card=card_name(c), top=top, why=_why_concordant(c, t))
    if code is Violation.COULD_PLAY:
        p = v.simplest[0] if v.simplest else None
        how = _("{play} covers it").format(play=play_text(p)) if p else _("a card of your hand covers it")
        return _("You may draw only when nothing covers {top}, and {how}").format(top=top, how=how)
    if code is Violation.NOT_SIMPLEST:
        p = v.penalty.play_instead or (v.simplest[0] if v.simplest else None)
        shorter = (_("{play} uses only {n} cards").format(play=play_text(p), n=len(p.cards)) if p
                   else _("a shorter calculation exists"))
        return _("{expression} does make {target}, but {shorter}, and the simplest calculation is compulsory").format(
            expression=v.expression, target=t.number, shorter=shorter)
    return str(code)


_ALSO = {
    Violation.NOT_IN_HAND: N_("some cards are not in your hand"),
    Violation.OPERATION_NOT_ALLOWED: N_("it uses an operation these rules do not allow"),
    Violation.NEEDS_PARENTHESES: N_("it needs brackets"),
    Violation.BAD_INTERMEDIATE: N_("it passes through a number these rules do not allow"),
    Violation.WRONG_RESULT: N_("the result is wrong"),
    Violation.MIXED_FAMILIES: N_("it mixes symbol and drawing cards"),
    Violation.CONCORDANT_CARD: N_("it uses a card that matches the top card"),
    Violation.NOT_SIMPLEST: N_("a calculation with fewer cards exists"),
    Violation.COULD_PLAY: N_("something could be played"),
    Violation.WRONG_JOKER: N_("it is the wrong joker"),
    Violation.CALCULATION_ON_JOKER: N_("it calculates on a joker laid alone"),
    Violation.JOKER_ON_JOKER: N_("it lays a joker on a joker laid alone"),
    Violation.MUST_DRAW: N_("play-again was the last card: draw first"),
    Violation.NOT_YOUR_TURN: N_("it is not this player's turn"),
    Violation.ROUND_OVER: N_("the round is over"),
}


def _cite(sentence: str, cited: str) -> str:
    """``sentence`` with the citation of its clauses (``cited``, in brackets) before its full stop."""
    if not cited:
        return sentence
    body = sentence[:-1] if sentence.endswith(".") else sentence
    return f"{body} {cited}."


def explain_verdict(v: Verdict, cited: str = "") -> str:
    """One or two sentences: why, and what happens now (naming the simpler play when there is one).
    ``cited``, the clauses the verdict applies in words (:func:`solver.rulebook.citation`), goes in
    the sentence that says why."""
    top = card_name(v.target)
    if v.legal:
        if v.kind == DRAW:
            return _cite(_("Correct: nothing in this hand covers {top}, so you draw a card.").format(top=top), cited)
        if v.kind == "joker":
            return _cite(_("Correct: a joker can be laid on any card; {card} now sets what comes next.").format(
                card=card_name(v.cards[0])), cited)
        if v.kind == "concordance":
            c = v.cards[0]
            return _cite(_("Correct: {card} covers {top} by concordance ({why}).").format(
                card=card_name(c), top=top, why=_why_concordant(c, v.target)), cited)
        n = len(v.cards)
        text = _cite(_("Correct: {expression} = {target} covers {top} with {n} cards, the fewest possible.").format(
            expression=v.expression, target=v.target.number, top=top, n=n), cited)
        if v.bonus:
            name = "coup de maître" if n == 4 else "coup de super maître" if n == 5 else "coup de maître"
            text += " " + _("{coup}: a legal {n}-card calculation earns {bonus} points.").format(
                coup=name.capitalize(), n=n, bonus=v.bonus)
        return text
    first, *others = v.violations
    reason = _reason(v, first)
    if others:
        reason += _("; also, ") + _(" and ").join(_(_ALSO[o]) for o in others)
    p = v.penalty
    if Violation.COULD_PLAY in v.violations:
        after = _("Play instead of drawing.")
    elif p.draw == 0:
        after = _("Nothing was laid, so there is no penalty: try again.")
    elif p.play_instead is not None:
        if p.take_back:
            after = ngettext("Draw {n} card, play {play} instead and take back {cards}.",
                             "Draw {n} cards, play {play} instead and take back {cards}.", p.draw).format(
                n=p.draw, play=play_text(p.play_instead), cards=cards_text(p.take_back))
        else:
            after = ngettext("Draw {n} card, play {play} instead.", "Draw {n} cards, play {play} instead.",
                             p.draw).format(n=p.draw, play=play_text(p.play_instead))
    else:
        after = ngettext("Draw {n} card and take back {cards}.", "Draw {n} cards and take back {cards}.",
                         p.draw).format(n=p.draw, cards=cards_text(p.take_back))
        if v.relaid is not None:
            after += " " + _("Laid as {play} it would have been right.").format(play=play_text(v.relaid))
        elif v.simplest and Violation.NOT_SIMPLEST not in v.violations:
            after += " " + _("You could have played {play}.").format(play=play_text(v.simplest[0]))
    return f"{reason}{' ' + cited if cited else ''}. {after}"


def explain_solution(s: Solution) -> str:
    """A one-sentence summary of what a hand can do."""
    if isinstance(s.target, Announcement):
        return _explain_after_joker(s)
    parts = []
    if s.concordant:
        parts.append(_("cover {top} by concordance with {cards}").format(top=card_name(s.target),
                                                                        cards=cards_text(s.concordant)))
    if s.plays:
        parts.append(_("calculate with {n} cards: {play}").format(n=s.min_cards, play=play_text(s.plays[0])))
    if s.jokers:
        parts.append(_("lay a joker ({cards})").format(cards=cards_text(s.jokers)))
    if not parts:
        return _("Nothing in this hand covers {top}: draw a card.").format(top=card_name(s.target))
    return _("You can {options}.").format(options=_("; or ").join(parts))


def _explain_after_joker(s: Solution) -> str:
    cover = cover_name(s.target)
    parts = []
    if s.concordant:
        parts.append(_("lay {cards}").format(cards=_(" or ").join(card_name(c) for c in s.concordant)))
    if s.jokers:
        parts.append(_("lay a joker ({cards})").format(cards=cards_text(s.jokers)))
    if not parts:
        return _("Nothing in this hand follows {cover}, and no calculation may be laid on a joker laid alone: "
                 "draw a card.").format(cover=cover)
    return _("On {cover} laid alone, one card of what it announced and no calculation: you can {options}.").format(
        cover=cover, options=_("; or ").join(parts))


def best_answers(s: Solution) -> tuple[str, ...]:
    """The best answers as a player types them: every simplest calculation (a coup de maître
    scores most), else the concordant cards, else the jokers, else ``draw``."""
    if s.plays:
        return tuple(play_text(p) for p in s.plays)
    if s.concordant:
        return tuple(f"{CONCORDANCE} {c}" for c in s.concordant)
    if s.joker_moves:
        return s.joker_moves
    if s.jokers:
        return tuple(str(j) for j in s.jokers)
    return (DRAW,)


def best_line(s: Solution) -> str:
    """One sentence naming the best play, for a drill's feedback.

    >>> from solver.nambarz.best import best
    >>> from solver.nambarz.cards import Deck
    >>> deck = Deck.default()
    >>> best_line(best(deck.parse_card("3"), deck.parse_hand("7 9")))
    'Nothing was playable: draw.'
    """
    if s.plays:
        best = play_text(s.plays[0])
    elif s.concordant:
        best = f"{CONCORDANCE} {card_name(s.concordant[0])}"
    elif s.jokers:
        best = card_name(s.jokers[0])
    else:
        return _("Nothing was playable: draw.")  # a French or Dutch player may type "pioche" or "trek"
    return _("The best play was {play}.").format(play=best)


# ---------------------------------------------------------------- a move in a round


def explain_round_verdict(r: RoundVerdict, cited: str = "") -> str:
    """The verdict on a move in a round in one or two sentences; ``cited`` (the clauses it applies, in
    words) goes in the sentence that says why.

    >>> from solver.nambarz.cards import Deck
    >>> from solver.nambarz.moves import judge
    >>> from solver.nambarz.rules import Rules
    >>> deck = Deck.default()
    >>> print(explain_round_verdict(judge(Announcement("change-number", 5), deck.parse_hand("6 1 5-cat"), "6-1", Rules(), deck)))
    After a joker laid alone (change-number 5) the next player may not calculate: they lay one card of that number or drawing. Draw 3 cards and take back 6 and 1.
    """
    if r.card_verdict is not None:
        return explain_verdict(r.card_verdict, cited)
    cover = r.cover
    if r.legal:
        m = r.move
        if m is None:
            return _cite(_("Correct."), cited)
        if m.kind == "draw":
            return _cite(_("Correct: nothing in this hand may be laid, so you draw a card."), cited)
        if m.kind == "joker":
            if m.announce is None:
                return _cite(_("Correct: {joker} is laid; the same player plays again (or draws if they cannot).").format(
                    joker=card_name(m.cards[0])), cited)
            if m.then is not None:
                return _cite(_("Correct: {joker} announces {value} and {card} follows it.").format(
                    joker=card_name(m.cards[0]), value=m.announce, card=card_name(m.then)), cited)
            return _cite(_("Correct: {joker} announces {value}; the next player must lay a card of it, without calculating.").format(
                joker=card_name(m.cards[0]), value=m.announce), cited)
        return _cite(_("Correct: {card} follows {cover}.").format(card=card_name(m.cards[0]), cover=cover_name(cover)), cited)
    code = r.violations[0]
    p = r.penalty
    if code is Violation.NOT_IN_HAND:
        why = _("You do not have {cards} in your hand").format(cards=cards_text(r.missing))
    elif code is Violation.WRONG_JOKER:
        m = r.move
        if m.announce is None:
            why = _("{joker} must announce what comes next (a number or a drawing, as the joker says)").format(joker=card_name(m.cards[0]))
        elif m.cards[0].joker == "play-again":
            why = _("play-again announces nothing: the same player plays again")
        else:
            why = _("{joker} cannot announce {value}: that is the wrong joker").format(joker=card_name(m.cards[0]), value=m.announce)
    elif code is Violation.CALCULATION_ON_JOKER:
        why = _("After a joker laid alone ({cover}) the next player may not calculate: they lay one card of that "
                "number or drawing").format(cover=cover_name(cover))
    elif code is Violation.JOKER_ON_JOKER:
        why = _("These rules allow no joker on a joker laid alone ({cover}): lay a card of what it announced").format(cover=cover_name(cover))
    elif code is Violation.NOT_CONCORDANT:
        card = r.move.then if r.move is not None and r.move.then is not None else (r.move.cards[0] if r.move else None)
        said = cover if isinstance(cover, Announcement) else r.move.announce if r.move else cover
        why = _("{card} does not follow {said}: one card of the announced number or drawing").format(
            card=card_name(card) if card is not None else "", said=cover_name(said))
    elif code is Violation.COULD_PLAY:
        why = _("You may draw only when nothing may be laid on {cover}").format(cover=cover_name(cover))
    elif code is Violation.MUST_DRAW:
        why = _("Play-again was your last card: draw one card first")
    elif code is Violation.NOT_YOUR_TURN:
        why = _("It is not this player's turn")
    elif code is Violation.ROUND_OVER:
        why = _("The round is over")
    elif code is Violation.NOT_A_CALCULATION and r.error:
        why = r.error[:1].upper() + r.error[1:]  # a card the deck does not have
    elif code is Violation.NOT_A_CALCULATION:
        why = _("{answer} is not a move: expected a card, a calculation, a joker or draw").format(answer=quoted(r.answer))
    else:
        why = str(code)
    if p.draw == 0 and not r.joker_stands:
        after = _("Nothing was laid, so there is no penalty: try again.")
    elif r.joker_stands:
        after = ngettext("The joker stays alone; draw {n} card and take back {cards}.",
                         "The joker stays alone; draw {n} cards and take back {cards}.", p.draw).format(
            n=p.draw, cards=cards_text(p.take_back))
    else:
        after = ngettext("Draw {n} card and take back {cards}.", "Draw {n} cards and take back {cards}.", p.draw).format(
            n=p.draw, cards=cards_text(p.take_back))
    return f"{why}{' ' + cited if cited else ''}. {after}"


def say_move(move: str) -> str:
    """A move of a round as the language in use writes it: its cards and jokers by their names there,
    the animal a joker announces, ``then`` and ``draw``; read back, it is the same move.

    >>> from solver.i18n import use
    >>> _ = use("fr"); say_move("change-drawing hippo then 3-hippo"), say_move("draw"), say_move("6÷2"); _ = use("en")
    ('change-dessin hippopotame puis 3-hippopotame', 'piocher', '6÷2')
    """
    words = {THEN: pgettext("nambarz move", "then"), DRAW: pgettext("nambarz move", "draw")}
    out = []
    for w in move.split(" "):
        named = words.get(w) or card_name(w)
        out.append(pgettext(ANIMAL, w) if named == w and w.isalpha() else named)  # an animal announced
    return " ".join(out)
