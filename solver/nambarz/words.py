"""Nambarz in words: the referee's verdicts and a hand's solution in one or two sentences a
child can follow, and plays written the way players type them.

The verdict itself is data (:class:`solver.nambarz.referee.Verdict`); this module only
words it, so the referee never builds a sentence.

>>> from solver.nambarz.cards import Deck
>>> from solver.nambarz.referee import check, solve
>>> deck = Deck.default()
>>> top, hand = deck.parse_card("3-bee"), deck.parse_hand("6 5 2 10")
>>> explain_verdict(check(top, hand, "6+5+2-10"))
'6+5+2-10 does make 3, but 6÷2 uses only 2 cards, and the simplest calculation is compulsory. Draw 3 cards, play 6÷2 instead and take back 5 and 10.'
>>> best_answers(solve(top, hand))
('5-2', '6÷2')
"""

from __future__ import annotations

from fractions import Fraction

from solver.i18n import _
from solver.expr import SYMBOL, Intermediates, format_value, label_leaves, parse_expression, render
from solver.nambarz.cards import Card
from solver.nambarz.referee import CONCORDANCE, DRAW, Play, Solution, Verdict, Violation

__all__ = ["explain_verdict", "explain_solution", "play_text", "cards_text", "best_answers", "best_line", "explain_ruling"]


def _num(x: Fraction | int | None) -> str:
    return "nothing" if x is None else format_value(x)


def cards_text(cards) -> str:
    """``6, 5 and 10``."""
    names = [str(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def play_text(p: Play) -> str:
    """``6÷2`` or, for drawing cards, ``8-lion - 5-cat``."""
    if not any(c.animal for c in p.cards):
        return p.expression
    return render(label_leaves(parse_expression(p.expression), p.cards), labels=True)


def _why_concordant(card: Card, top: Card) -> str:
    return "same number" if card.number == top.number else "same drawing"


def _reason(v: Verdict, code: Violation) -> str:
    t = v.target
    if code is Violation.NOT_A_CALCULATION:
        return v.error or f"{v.answer!r} is not a calculation: expected cards joined by + - × ÷"
    if code is Violation.NOT_IN_HAND:
        return f"You do not have {cards_text(v.missing)} in your hand"
    if code is Violation.NOT_CONCORDANT:
        card = v.cards[0]
        extra = " or the same drawing" if t.animal and card is not None and card.animal else ""
        return f"{card} does not match {t}: a card played alone needs the same number{extra}"
    if code is Violation.OPERATION_NOT_ALLOWED:
        refused = " and ".join(SYMBOL[o] for o in v.ops_refused)
        allowed = " ".join(SYMBOL[o] for o in "+-*/" if o in v.rules.ops)
        return f"{refused} is not allowed with the {v.rules.name} rules (only {allowed})"
    if code is Violation.NEEDS_PARENTHESES:
        return (
            f"The basic rule works strictly left to right, so {v.expression} needs the parentheses variant"
        )
    if code is Violation.BAD_INTERMEDIATE:
        s = v.bad_step
        if s is None or s.result is None:
            return f"{s.left}÷0 divides by zero, which no rule allows" if s else "It divides by zero"
        shown = f"{_num(s.left)}{SYMBOL[s.op]}{_num(s.right)} = {_num(s.result)}"
        if s.result < 0 and v.rules.intermediates is Intermediates.NATURAL:
            return f"{shown} goes below zero, which these rules do not allow"
        return f"{_num(s.left)}{SYMBOL[s.op]}{_num(s.right)} does not divide exactly, which these rules do not allow"
    if code is Violation.WRONG_RESULT:
        if v.precedence_value is not None:
            return (
                f"Read left to right as the basic rule says, {v.expression} makes {_num(v.value)}, "
                f"not {t.number}"
            )
        return f"{v.expression} makes {_num(v.value)}, not {t.number}"
    if code is Violation.MIXED_FAMILIES:
        return "A calculation uses only symbol cards or only drawing cards, and this one mixes them"
    if code is Violation.CONCORDANT_CARD:
        c = v.concordant_cards[0]
        return f"{c} matches {t} ({_why_concordant(c, t)}), so it may not be used in a calculation"
    if code is Violation.COULD_PLAY:
        p = v.simplest[0] if v.simplest else None
        how = f"{play_text(p)} covers it" if p else "a card of your hand covers it"
        return f"You may draw only when nothing covers {t}, and {how}"
    if code is Violation.NOT_SIMPLEST:
        p = v.penalty.play_instead or (v.simplest[0] if v.simplest else None)
        shorter = f"{play_text(p)} uses only {len(p.cards)} cards" if p else "a shorter calculation exists"
        return f"{v.expression} does make {t.number}, but {shorter}, and the simplest calculation is compulsory"
    return str(code)


_ALSO = {
    Violation.NOT_IN_HAND: "some cards are not in your hand",
    Violation.OPERATION_NOT_ALLOWED: "it uses an operation these rules do not allow",
    Violation.NEEDS_PARENTHESES: "it needs brackets",
    Violation.BAD_INTERMEDIATE: "it passes through a number these rules do not allow",
    Violation.WRONG_RESULT: "the result is wrong",
    Violation.MIXED_FAMILIES: "it mixes symbol and drawing cards",
    Violation.CONCORDANT_CARD: "it uses a card that matches the top card",
    Violation.NOT_SIMPLEST: "a calculation with fewer cards exists",
    Violation.COULD_PLAY: "something could be played",
    Violation.WRONG_JOKER: "it is the wrong joker",
    Violation.CALCULATION_ON_JOKER: "it calculates on a joker laid alone",
    Violation.JOKER_ON_JOKER: "it lays a joker on a joker laid alone",
    Violation.MUST_DRAW: "play-again was the last card: draw first",
    Violation.NOT_YOUR_TURN: "it is not this player's turn",
    Violation.ROUND_OVER: "the round is over",
}


def explain_verdict(v: Verdict) -> str:
    """One or two sentences: why, and what happens now (naming the simpler play when there is one)."""
    if v.legal:
        if v.kind == DRAW:
            return f"Correct: nothing in this hand covers {v.target}, so you draw a card."
        if v.kind == "joker":
            return f"Correct: a joker can be laid on any card; {v.cards[0]} now sets what comes next."
        if v.kind == "concordance":
            c = v.cards[0]
            return f"Correct: {c} covers {v.target} by concordance ({_why_concordant(c, v.target)})."
        n = len(v.cards)
        text = f"Correct: {v.expression} = {v.target.number} covers {v.target} with {n} cards, the fewest possible."
        if v.bonus:
            name = "coup de maître" if n == 4 else "coup de super maître" if n == 5 else "coup de maître"
            text += f" {name.capitalize()}: a legal {n}-card calculation earns {v.bonus} points."
        return text
    first, *others = v.violations
    reason = _reason(v, first)
    if others:
        reason += "; also, " + " and ".join(_ALSO[o] for o in others)
    p = v.penalty
    if Violation.COULD_PLAY in v.violations:
        after = "Play instead of drawing."
    elif p.draw == 0:
        after = "Nothing was laid, so there is no penalty: try again."
    elif p.play_instead is not None:
        back = f" and take back {cards_text(p.take_back)}" if p.take_back else ""
        after = f"Draw {p.draw} cards, play {play_text(p.play_instead)} instead{back}."
    else:
        after = f"Draw {p.draw} cards and take back {cards_text(p.take_back)}."
        if v.relaid is not None:
            after += f" Laid as {play_text(v.relaid)} it would have been right."
        elif v.simplest and Violation.NOT_SIMPLEST not in v.violations:
            after += f" You could have played {play_text(v.simplest[0])}."
    return f"{reason}. {after}"


def explain_solution(s: Solution) -> str:
    """A one-sentence summary of what a hand can do."""
    parts = []
    if s.concordant:
        parts.append(f"cover {s.target} by concordance with {cards_text(s.concordant)}")
    if s.plays:
        parts.append(f"calculate with {s.min_cards} cards: {play_text(s.plays[0])}")
    if s.jokers:
        parts.append(f"lay a joker ({cards_text(s.jokers)})")
    if not parts:
        return f"Nothing in this hand covers {s.target}: draw a card."
    return "You can " + "; or ".join(parts) + "."


def best_answers(s: Solution) -> tuple[str, ...]:
    """The best answers as a player types them: every simplest calculation (a coup de maître
    scores most), else the concordant cards, else the jokers, else ``draw``."""
    if s.plays:
        return tuple(play_text(p) for p in s.plays)
    if s.concordant:
        return tuple(f"{CONCORDANCE} {c}" for c in s.concordant)
    if s.jokers:
        return tuple(str(j) for j in s.jokers)
    return (DRAW,)


def best_line(s: Solution) -> str:
    """One sentence naming the best play, for a drill's feedback.

    >>> from solver.nambarz.cards import Deck
    >>> from solver.nambarz.referee import solve
    >>> deck = Deck.default()
    >>> best_line(solve(deck.parse_card("3"), deck.parse_hand("7 9")))
    'Nothing was playable: draw.'
    """
    best = best_answers(s)[0]
    return "Nothing was playable: draw." if best == DRAW else f"The best play was {best}."


# ---------------------------------------------------------------- a move in a round


def explain_ruling(r) -> str:
    """A ruling on a move in a round (:class:`solver.nambarz.moves.Ruling`) in one or two sentences.

    >>> from solver.nambarz.cards import Deck
    >>> from solver.nambarz.moves import Announcement, judge
    >>> from solver.nambarz.rules import Rules
    >>> deck = Deck.default()
    >>> print(explain_ruling(judge(Announcement("change-number", 5), deck.parse_hand("6 1 5-cat"), "6-1", Rules(), deck)))
    After a joker laid alone (change-number 5) the next player may not calculate: they lay one card of that number or drawing. Draw 3 cards and take back 6 and 1.
    """
    from solver.nambarz.moves import Announcement

    if r.verdict is not None:
        return explain_verdict(r.verdict)
    cover = r.cover
    if r.legal:
        m = r.move
        if m is None:
            return _("Correct.")
        if m.kind == "draw":
            return _("Correct: nothing in this hand may be laid, so you draw a card.")
        if m.kind == "joker":
            if m.announce is None:
                return _("Correct: {joker} is laid; the same player plays again (or draws if they cannot).").format(joker=m.cards[0])
            if m.then is not None:
                return _("Correct: {joker} announces {value} and {card} follows it.").format(
                    joker=m.cards[0], value=m.announce, card=m.then)
            return _("Correct: {joker} announces {value}; the next player must lay a card of it, without calculating.").format(
                joker=m.cards[0], value=m.announce)
        return _("Correct: {card} follows {cover}.").format(card=m.cards[0], cover=cover)
    code = r.violations[0]
    p = r.penalty
    if code is Violation.NOT_IN_HAND:
        why = _("You do not have {cards} in your hand").format(cards=cards_text(r.missing))
    elif code is Violation.WRONG_JOKER:
        m = r.move
        if m.announce is None:
            why = _("{joker} must announce what comes next (a number or a drawing, as the joker says)").format(joker=m.cards[0])
        elif m.cards[0].joker == "play-again":
            why = _("play-again announces nothing: the same player plays again")
        else:
            why = _("{joker} cannot announce {value}: that is the wrong joker").format(joker=m.cards[0], value=m.announce)
    elif code is Violation.CALCULATION_ON_JOKER:
        why = _("After a joker laid alone ({cover}) the next player may not calculate: they lay one card of that "
                "number or drawing").format(cover=cover)
    elif code is Violation.JOKER_ON_JOKER:
        why = _("These rules allow no joker on a joker laid alone ({cover}): lay a card of what it announced").format(cover=cover)
    elif code is Violation.NOT_CONCORDANT:
        card = r.move.then if r.move is not None and r.move.then is not None else (r.move.cards[0] if r.move else None)
        said = cover if isinstance(cover, Announcement) else r.move.announce if r.move else cover
        why = _("{card} does not follow {said}: one card of the announced number or drawing").format(card=card, said=said)
    elif code is Violation.COULD_PLAY:
        why = _("You may draw only when nothing may be laid on {cover}").format(cover=cover)
    elif code is Violation.MUST_DRAW:
        why = _("Play-again was your last card: draw one card first")
    elif code is Violation.NOT_YOUR_TURN:
        why = _("It is not this player's turn")
    elif code is Violation.ROUND_OVER:
        why = _("The round is over")
    elif code is Violation.NOT_A_CALCULATION:
        why = _("{answer} is not a move: expected a card, a calculation, a joker or draw").format(answer=quoted_text(r.answer))
    else:
        why = str(code)
    if p.draw == 0 and not r.joker_stands:
        after = _("Nothing was laid, so there is no penalty: try again.")
    elif r.joker_stands:
        after = _("The joker stays alone; draw {n} cards and take back {cards}.").format(n=p.draw, cards=cards_text(p.take_back))
    else:
        after = _("Draw {n} cards and take back {cards}.").format(n=p.draw, cards=cards_text(p.take_back))
    return f"{why}. {after}"


def quoted_text(text: str) -> str:
    from solver.errors import quoted

    return quoted(text)
