"""The Nambarz referee: the verdict on a play laid on the top card (the one home of its
legality: the round's moves, the state, the drills and the command line all ask here; the
jokers' rules of a whole round are :mod:`solver.nambarz.moves`').

>>> deck = Deck.default()
>>> hand = deck.parse_hand("6 5 2 10")
>>> v = judge(deck.parse_card("3-bee"), hand, "6+5+2-10")
>>> v.legal, [str(x) for x in v.violations], v.penalty.draw, [str(c) for c in v.penalty.take_back]
(False, ['not-simplest'], 3, ['5', '10'])
>>> v.penalty.play_instead.expression
'6÷2'

With several cards of the same number in the hand, a number in the calculation is read
as whichever card is most favourable to the player; ``3-hippo`` names one exactly.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations_with_replacement, product
from typing import Iterable, Sequence

from solver.errors import TablecalcError
from solver.i18n import _
from solver.expr import (
    Expr,
    Num,
    Order,
    canonical,
    evaluate,
    is_chain,
    label_leaves,
    leaves,
    normal_key,
    parse_expression,
    render,
)
from solver.nambarz.best import Play, best, play_from, simplest_plays
from solver.nambarz.cards import Card, Deck, is_concordant
from solver.nambarz.rules import Rules, SimplestScope
from solver.nambarz.verdict import VIOLATION_ORDER, Penalty, Verdict, Violation
from solver.search import reach

__all__ = ["judge", "judge_card", "DRAW", "DRAW_WORDS", "CONCORDANCE", "RELAY_SEARCH_NUMBERS"]


def _sorted_violations(vs: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(sorted(set(vs), key=VIOLATION_ORDER.index))


def _matching(token: Num, hand_types: Iterable[Card], deck: Deck) -> list[Card]:
    """The card types of the hand a typed number may stand for."""
    if token.label:
        card = deck.parse_card(token.label)
        return [c for c in hand_types if c == card]
    return [c for c in hand_types if not c.is_joker and c.number == token.value]


def _outside_card(token: Num, deck: Deck) -> Card:
    """The card a typed number names when the hand has no such card."""
    if token.label:
        return deck.parse_card(token.label)
    if not deck.low <= token.value <= deck.high:
        raise TablecalcError(
            _("there is no card numbered {number}: Nambarz numbers run {low}-{high}").format(
                number=token.value, low=deck.low, high=deck.high)
        )
    return Card(token.value)


def _readings(tokens: list[Num], hand: Sequence[Card], deck: Deck) -> Iterable[list[Card | None]]:
    """Every assignment of hand cards to the typed numbers (``None`` = not in the hand)."""
    have = Counter(hand)
    groups: dict[Num, list[int]] = {}
    for i, t in enumerate(tokens):
        groups.setdefault(Num(t.value, t.label), []).append(i)
    options = []
    for tok, idxs in groups.items():
        cands: list[Card | None] = [*_matching(tok, sorted(have), deck), None]
        options.append([(idxs, combo) for combo in combinations_with_replacement(cands, len(idxs))])
    seen = set()
    for choice in product(*options):
        used = Counter(c for _, combo in choice for c in combo if c is not None)
        if any(n > have[c] for c, n in used.items()):
            continue
        reading: list[Card | None] = [None] * len(tokens)
        for idxs, combo in choice:
            for i, c in zip(idxs, combo):
                reading[i] = c
        key = tuple(reading)
        if key not in seen:
            seen.add(key)
            yield reading


RELAY_SEARCH_NUMBERS = 6
"""Above this many numbers the referee offers only the canonical re-laying of a calculation:
the exhaustive search for another order grows too fast (2 s at 8 numbers, 40 s at 9)."""


def _relay(expr: Expr, value: Fraction, rules: Rules) -> Expr | None:
    """The same calculation (same normal form) laid in an order the rules accept, if any.

    First the canonical order (largest terms first, additions before subtractions,
    multiplications before divisions: every intermediate stays whole and ≥ 0 whenever the
    parts allow it); failing that, for small calculations, a search over every order.

    >>> from solver.nambarz.rules import Rules
    >>> e = parse_expression("1-2+4+5+6+7+8+9+10+1+2")
    >>> str(_relay(e, evaluate(e), Rules()))
    '10+9+8+7+6+5+4+2+1+1-2'
    """
    key = normal_key(expr)
    candidate = canonical(expr)
    faults = rules.search_rules.faults(candidate)
    if (not faults.refused and faults.bad_step is None and not faults.needs_parentheses
            and faults.value == value and (rules.order is not Order.CHAIN or is_chain(candidate))):
        return candidate
    nums = [leaf.value for leaf in leaves(expr)]
    if len(nums) > RELAY_SEARCH_NUMBERS:
        return None
    r = reach(nums, value, replace(rules.search_rules, use_all=True))
    for e in r.expressions:
        if normal_key(e) == key:
            return e
    return None


def judge(
    target: Card,
    hand: Sequence[Card],
    answer: str,
    rules: Rules = Rules(),
    deck: Deck | None = None,
) -> Verdict:
    """Judge ``answer`` on ``target``: a calculation, one card (a concordance or joker play,
    optionally written ``concordance CARD``), or ``draw``.

    Raises :class:`TablecalcError` only for input that names no card at all (``3-lion``,
    ``12``); everything a player could lay gets a :class:`Verdict`. Drawing is legal only
    when nothing in the hand covers the top card (the seed: a player who cannot play draws).

    >>> deck = Deck.default()
    >>> [str(v) for v in judge(deck.parse_card("3-bee"), deck.parse_hand("6 2"), "draw").violations]
    ['could-play']
    >>> judge(deck.parse_card("3-bee"), deck.parse_hand("7 9"), "draw").legal
    True
    """
    sol = best(target, hand, rules, deck)
    deck = deck or Deck.default()
    hand = tuple(hand)
    fewest, simplest = sol.min_cards, sol.plays
    base = dict(target=target, hand=hand, rules=rules, answer=answer, min_cards=fewest, simplest=simplest)
    text = answer.strip()
    if text.lower() in DRAW_WORDS:
        return _judge_draw(sol.playable, base)
    word, _, rest = text.partition(" ")
    if word.lower() == CONCORDANCE and rest.strip():
        text = rest.strip()

    # one card alone: a concordance play or a joker
    single = _single_card(text, deck)
    if single is not None:
        return judge_card(single, text, hand, target, rules, base)

    try:
        expr = parse_expression(text, rules.order)
    except TablecalcError as e:
        return Verdict(
            **base, kind=None, cards=(), expression=None, value=None,
            violations=(Violation.NOT_A_CALCULATION,), penalty=Penalty(),
            error=str(e), error_position=e.position,
        )
    tokens = leaves(expr)
    if len(tokens) == 1:  # e.g. "(3)"
        return judge_card(_outside_card(tokens[0], deck), text, hand, target, rules, base, token=tokens[0])

    # what does not depend on which card each number is
    fixed: list[Violation] = []
    faults = rules.search_rules.faults(expr)
    refused, bad, value = faults.refused, faults.bad_step, faults.value
    if refused:
        fixed.append(Violation.OPERATION_NOT_ALLOWED)
    if faults.needs_parentheses:
        fixed.append(Violation.NEEDS_PARENTHESES)
    if bad is not None:
        fixed.append(Violation.BAD_INTERMEDIATE)
    right_result = value is not None and value == target.number
    if not right_result:
        fixed.append(Violation.WRONG_RESULT)

    # the same cards laid in an order the rules accept, when the typed order was refused
    # or (left to right) when the player meant the usual precedence
    precedence_value = relaid_expr = None
    if rules.order is Order.CHAIN:
        tree_expr = parse_expression(text, Order.TREE)
        pv = evaluate(tree_expr)
        if pv != value:
            precedence_value = pv
            if pv == target.number and not refused:
                relaid_expr = _relay(tree_expr, pv, rules)
    if relaid_expr is None and value is not None and not refused and (bad is not None or Violation.NEEDS_PARENTHESES in fixed):
        relaid_expr = _relay(expr, value, rules)

    need_scope = right_result or relaid_expr is not None
    best_verdict = None
    for reading in _readings(tokens, hand, deck):
        vs = list(fixed)
        cards = [c if c is not None else _outside_card(t, deck) for c, t in zip(reading, tokens)]
        missing = tuple(str(cards[i]) for i, c in enumerate(reading) if c is None)
        if missing:
            vs.append(Violation.NOT_IN_HAND)
        held = [c for c in reading if c is not None]  # judge families and concordance on real cards
        if len({c.family for c in held}) > 1:
            vs.append(Violation.MIXED_FAMILIES)
        conc = tuple(c for c in held if is_concordant(c, target))
        if conc:
            vs.append(Violation.CONCORDANT_CARD)
        # "simplest" is judged against the whole hand, or (option) only the cards laid
        scope_best, scope_plays = fewest, simplest
        if rules.simplest is SimplestScope.PLAYED and need_scope:
            scope_best, scope_plays = simplest_plays(target, held, rules)
        shorter_exists = scope_best is not None and scope_best < len(tokens)
        if right_result and shorter_exists:
            vs.append(Violation.NOT_SIMPLEST)
        violations = _sorted_violations(vs)
        score = (len(missing), len(violations), [VIOLATION_ORDER.index(v) for v in violations])
        if best_verdict is None or score < best_verdict[0]:
            best_verdict = (score, reading, cards, violations, missing, conc, scope_best, scope_plays, shorter_exists)
            if not violations:
                break
    assert best_verdict is not None
    _, reading, cards, violations, missing, conc, scope_best, scope_plays, shorter_exists = best_verdict
    labelled = label_leaves(expr, cards)
    laid = [c for c in reading if c is not None]
    penalty = _penalty(violations, laid, scope_plays, rules)
    relaid = None
    fixable = {Violation.BAD_INTERMEDIATE, Violation.NEEDS_PARENTHESES, Violation.WRONG_RESULT}
    # the same cards re-laid are only "right" when no calculation with fewer cards exists
    if relaid_expr is not None and not (set(violations) - fixable) and not shorter_exists:
        relaid = play_from(relaid_expr, cards)
    return Verdict(
        **{**base, "min_cards": scope_best, "simplest": scope_plays},
        kind="calculation",
        cards=tuple(reading),
        expression=render(labelled),
        value=value,
        violations=violations,
        penalty=penalty,
        bonus=0 if violations else rules.coup_bonus(len(tokens)),
        bad_step=bad,
        concordant_cards=conc,
        missing=missing,
        ops_refused=refused,
        relaid=relaid,
        precedence_value=precedence_value,
    )


def _penalty(violations: Sequence[Violation], laid: list[Card], simplest: tuple[Play, ...], rules: Rules) -> Penalty:
    if not violations or {Violation.NOT_IN_HAND, Violation.NOT_A_CALCULATION} & set(violations):
        return Penalty()  # nothing that could really be laid: no penalty, try again
    instead = None
    back = list(laid)
    if Violation.NOT_SIMPLEST in violations and simplest:
        # prefer a simplest play made of the cards the player laid first: they lay it
        # and take back the rest
        def closeness(p: Play) -> tuple:
            free = list(laid)
            positions = []
            for c in p.cards:
                if c in free:
                    i = free.index(c)
                    positions.append(i)
                    free[i] = None  # type: ignore[call-overload]
            return (-len(positions), sorted(positions))

        instead = min(simplest, key=closeness)
        for c in instead.cards:
            if c in back:
                back.remove(c)
    return Penalty(rules.penalty_draw, tuple(back), instead)


DRAW = "draw"
"""The answer that draws a card instead of playing."""
DRAW_WORDS = frozenset({DRAW, "pioche", "piocher", "trek", "trekken"})
"""Every way to answer "I draw" (English, French, Dutch)."""
CONCORDANCE = "concordance"
"""The word that may stand before a card played alone (``concordance 3-hippo``)."""


def _judge_draw(playable: bool, base: dict) -> Verdict:
    """Drawing: legal only when nothing covers the top card (no concordant card, joker or calculation)."""
    return Verdict(
        **base, kind="draw", cards=(), expression=None, value=None,
        violations=(Violation.COULD_PLAY,) if playable else (), penalty=Penalty(),
    )


_CALCULATION = re.compile(r"[\s+×÷*/:()\[\]]|\d\s*-\s*\d")
"""What only a calculation holds (an operation, a bracket, a minus between numbers): no card to look up."""


def _single_card(text: str, deck: Deck) -> Card | None:
    if _CALCULATION.search(text.strip()):
        return None
    try:
        return deck.parse_card(text)
    except TablecalcError:
        return None


def judge_card(
    card: Card, text: str, hand: Sequence[Card], target: Card, rules: Rules, base: dict | None = None,
    token: Num | None = None,
) -> Verdict:
    """One card laid alone on ``target``: a joker, or a concordance play (a plain number may be any
    card of that number; ``text`` is the card as typed, ``token`` the number it was read from in a
    calculation). ``base`` holds the verdict's other fields (by default: this card is the whole answer).

    >>> deck = Deck.default()
    >>> v = judge_card(deck.parse_card("3"), "3", deck.parse_hand("3-hippo 7"), deck.parse_card("3-bee"), Rules())
    >>> v.legal, v.kind, [str(c) for c in v.cards]
    (True, 'concordance', ['3-hippo'])
    """
    hand = tuple(hand)
    if base is None:
        base = dict(target=target, hand=hand, rules=rules, answer=text, min_cards=None, simplest=())
    if card.is_joker:
        ok = card in hand
        return Verdict(
            **base, kind="joker", cards=(card if ok else None,), expression=None, value=None,
            violations=() if ok else (Violation.NOT_IN_HAND,), penalty=Penalty(),
            missing=() if ok else (str(card),),
        )
    explicit = token.label if token else ("-" in text)
    cands = [c for c in dict.fromkeys(hand) if (c == card if explicit else (not c.is_joker and c.number == card.number))]
    if not cands:
        return Verdict(
            **base, kind="concordance", cards=(None,), expression=None, value=None,
            violations=(Violation.NOT_IN_HAND,), penalty=Penalty(), missing=(str(card),),
        )
    good = [c for c in cands if is_concordant(c, target)]
    if good:
        return Verdict(
            **base, kind="concordance", cards=(good[0],), expression=None, value=None,
            violations=(), penalty=Penalty(),
        )
    return Verdict(
        **base, kind="concordance", cards=(cands[0],), expression=None, value=None,
        violations=(Violation.NOT_CONCORDANT,), penalty=Penalty(rules.penalty_draw, (cands[0],)),
    )
