"""The Nambarz referee: the simplest play for a hand, and the verdict on a player's play.

>>> deck = Deck.default()
>>> hand = deck.parse_hand("6 5 2 10")
>>> sol = solve(deck.parse_card("3-bee"), hand)
>>> sol.min_cards, [p.expression for p in sol.plays]
(2, ['5-2', '6÷2'])
>>> v = check(deck.parse_card("3-bee"), hand, "6+5+2-10")
>>> v.legal, [str(x) for x in v.violations], v.penalty.draw, [str(c) for c in v.penalty.take_back]
(False, ['not-simplest'], 3, ['5', '10'])
>>> v.penalty.play_instead.expression
'6÷2'

With several cards of the same number in the hand, a number in the calculation is read
as whichever card is most favourable to the player; ``3-hippo`` names one exactly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations_with_replacement, product
from typing import Iterable, Sequence

from solver.errors import TablecalcError
from solver.game import Code
from solver.expr import (
    Expr,
    Num,
    Order,
    Step,
    canonical,
    evaluate,
    is_chain,
    json_value,
    label_leaves,
    leaves,
    normal_key,
    parse_expression,
    render,
)
from solver.nambarz.cards import Card, Deck, Family, is_concordant
from solver.nambarz.rules import Rules, SimplestScope
from solver.search import reach

__all__ = ["Play", "Solution", "Violation", "Penalty", "Verdict", "solve", "check", "simplest_plays"]


# ---------------------------------------------------------------- plays


@dataclass(frozen=True)
class Play:
    """A calculation made of cards, in laying order."""

    cards: tuple[Card, ...]
    expression: str

    @property
    def family(self) -> Family:
        return self.cards[0].family

    def as_dict(self) -> dict:
        return {"cards": [str(c) for c in self.cards], "expression": self.expression, "count": len(self.cards)}


def _play_from(expr: Expr, pool: Sequence[Card]) -> Play:
    """Attach cards of ``pool`` to the numbers of ``expr`` (which uses a sub-multiset of them)."""
    free = list(pool)
    cards = []
    for leaf in leaves(expr):
        card = next(c for c in free if c.number == leaf.value)
        free.remove(card)
        cards.append(card)
    return Play(tuple(cards), render(expr))


def _calc_pools(target: Card, cards: Iterable[Card]) -> dict[Family, list[Card]]:
    """The cards that may take part in a calculation on ``target``, by family."""
    pools: dict[Family, list[Card]] = {Family.SYMBOL: [], Family.DRAWING: []}
    for c in cards:
        if not c.is_joker and not is_concordant(c, target):
            pools[c.family].append(c)
    for pool in pools.values():
        pool.sort()
    return pools


def simplest_plays(target: Card, cards: Iterable[Card], rules: Rules) -> tuple[int | None, tuple[Play, ...]]:
    """The fewest cards of a legal calculation on ``target`` and every such calculation.

    Legal means: one family, no concordant card, at least 2 cards, within ``rules``.
    """
    best: int | None = None
    plays: list[Play] = []
    for family, pool in _calc_pools(target, cards).items():
        if len(pool) < 2:
            continue
        r = reach([c.number for c in pool], target.number, rules.search_rules, min_numbers=2)
        if r.min_cards is None or (best is not None and r.min_cards > best):
            continue
        if best is None or r.min_cards < best:
            best, plays = r.min_cards, []
        plays += [_play_from(e, pool) for e in r.expressions]
    return best, tuple(plays)


@dataclass(frozen=True)
class Solution:
    """What a hand can do on a top card: concordant cards, jokers, and the simplest calculations."""

    target: Card
    hand: tuple[Card, ...]
    rules: Rules
    concordant: tuple[Card, ...]
    jokers: tuple[Card, ...]
    min_cards: int | None
    plays: tuple[Play, ...]

    @property
    def playable(self) -> bool:
        return bool(self.concordant or self.jokers or self.plays)

    def as_dict(self) -> dict:
        return {
            "target": str(self.target),
            "hand": [str(c) for c in self.hand],
            "rules": self.rules.as_dict(),
            "concordant": [str(c) for c in self.concordant],
            "jokers": [str(c) for c in self.jokers],
            "min_cards": self.min_cards,
            "plays": [p.as_dict() for p in self.plays],
            "coup_bonus": self.rules.coup_bonus(self.min_cards or 0),
        }


def _validate(target: Card, hand: Sequence[Card], deck: Deck) -> None:
    if target.is_joker:
        raise TablecalcError(
            f"the top card {target} is a joker: give the card it announced instead (e.g. --target 5 or --target 5-cat)"
        )
    if not hand:
        raise TablecalcError("the hand is empty: expected at least one card, e.g. --hand \"6 5 2 10\"")
    deck.check_available([*hand, target], "hand and top card")


def solve(target: Card, hand: Sequence[Card], rules: Rules = Rules(), deck: Deck | None = None) -> Solution:
    """Every way ``hand`` can cover ``target``: by concordance, by joker, and the simplest calculations."""
    deck = deck or Deck.default()
    _validate(target, hand, deck)
    concordant = tuple(sorted(set(c for c in hand if is_concordant(c, target))))
    jokers = tuple(sorted(set(c for c in hand if c.is_joker)))
    n, plays = simplest_plays(target, hand, rules)
    return Solution(target, tuple(hand), rules, concordant, jokers, n, plays)


# ---------------------------------------------------------------- verdicts


class Violation(Code):
    """Why a play is not allowed; the value is the stable code used in JSON."""

    NOT_A_CALCULATION = "not-a-calculation"
    NOT_IN_HAND = "not-in-hand"
    NOT_CONCORDANT = "not-concordant"
    OPERATION_NOT_ALLOWED = "operation-not-allowed"
    NEEDS_PARENTHESES = "needs-parentheses"
    BAD_INTERMEDIATE = "bad-intermediate"
    WRONG_RESULT = "wrong-result"
    MIXED_FAMILIES = "mixed-families"
    CONCORDANT_CARD = "concordant-card"
    NOT_SIMPLEST = "not-simplest"
    COULD_PLAY = "could-play"
    """Drawing when a card, a joker or a calculation could cover the top card."""
    WRONG_JOKER = "wrong-joker"
    """A joker that cannot do what was asked of it: a change-number joker announcing a drawing,
    a change joker announcing nothing, play-again announcing something (the seed's "wrong joker")."""
    CALCULATION_ON_JOKER = "calculation-on-joker"
    """A calculation on a change joker laid alone: one card of the announced number or drawing only."""
    JOKER_ON_JOKER = "joker-on-joker"
    """A joker on a change joker laid alone, when the rules (``joker_on_joker=false``) forbid it."""
    MUST_DRAW = "must-draw"
    """Play-again was the player's last card: they draw one card before anything else."""
    NOT_YOUR_TURN = "not-your-turn"
    """Another player was to move."""
    ROUND_OVER = "round-over"
    """A move after the round ended."""


_ORDER = list(Violation)


@dataclass(frozen=True)
class Penalty:
    """Draw ``draw`` cards and take back ``take_back``; for a not-simplest play, lay ``play_instead``."""

    draw: int = 0
    take_back: tuple[Card, ...] = ()
    play_instead: Play | None = None

    @property
    def amount(self) -> int:
        """The penalty in cards drawn."""
        return self.draw

    def as_dict(self) -> dict:
        return {
            "draw": self.draw,
            "take_back": [str(c) for c in self.take_back],
            "play_instead": self.play_instead.as_dict() if self.play_instead else None,
        }


@dataclass(frozen=True)
class Verdict:
    """The referee's judgement of one play, as data (rendered by the CLI, serialised to JSON).

    ``kind`` is ``calculation``, ``concordance``, ``joker``, ``draw`` or ``None`` (unreadable).
    ``cards`` are the cards as read (most favourable reading), ``None`` where a number
    matches no card of the hand. ``bad_step`` is the first forbidden operation;
    ``concordant_cards`` the cards that matched the top card; ``simplest`` the simplest
    plays of the hand; ``relaid`` the same calculation laid in an order the rules accept
    (when the typed order was refused); ``precedence_value`` what the typed text makes
    with usual precedence, when that differs from the left-to-right reading.
    """

    target: Card
    hand: tuple[Card, ...]
    rules: Rules
    answer: str
    kind: str | None
    cards: tuple[Card | None, ...]
    expression: str | None
    value: Fraction | None
    violations: tuple[Violation, ...]
    penalty: Penalty
    bonus: int = 0
    min_cards: int | None = None
    simplest: tuple[Play, ...] = ()
    bad_step: Step | None = None
    concordant_cards: tuple[Card, ...] = ()
    missing: tuple[str, ...] = ()
    ops_refused: tuple[str, ...] = ()
    relaid: Play | None = None
    precedence_value: Fraction | None = None
    error: str | None = None
    error_position: int | None = None

    @property
    def legal(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict:
        return {
            "target": str(self.target),
            "hand": [str(c) for c in self.hand],
            "answer": self.answer,
            "rules": self.rules.as_dict(),
            "kind": self.kind,
            "legal": self.legal,
            "violations": [str(v) for v in self.violations],
            "cards": [None if c is None else str(c) for c in self.cards],
            "expression": self.expression,
            "value": json_value(self.value),
            "penalty": self.penalty.as_dict(),
            "bonus": self.bonus,
            "min_cards": self.min_cards,
            "simplest": [p.as_dict() for p in self.simplest],
            "bad_step": str(self.bad_step) if self.bad_step else None,
            "concordant_cards": [str(c) for c in self.concordant_cards],
            "missing": list(self.missing),
            "relaid": self.relaid.as_dict() if self.relaid else None,
            "precedence_value": json_value(self.precedence_value),
            "error": self.error,
            "error_position": self.error_position,
        }


def _sorted_violations(vs: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(sorted(set(vs), key=_ORDER.index))


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
            f"there is no card numbered {token.value}: Nambarz numbers run {deck.low}-{deck.high}"
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


def check(
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
    >>> [str(v) for v in check(deck.parse_card("3-bee"), deck.parse_hand("6 2"), "draw").violations]
    ['could-play']
    >>> check(deck.parse_card("3-bee"), deck.parse_hand("7 9"), "draw").legal
    True
    """
    sol = solve(target, hand, rules, deck)
    deck = deck or Deck.default()
    hand = tuple(hand)
    best, simplest = sol.min_cards, sol.plays
    base = dict(target=target, hand=hand, rules=rules, answer=answer, min_cards=best, simplest=simplest)
    text = answer.strip()
    if text.lower() in DRAW_WORDS:
        return _judge_draw(sol.playable, base)
    word, _, rest = text.partition(" ")
    if word.lower() == CONCORDANCE and rest.strip():
        text = rest.strip()

    # one card alone: a concordance play or a joker
    single = _single_card(text, deck)
    if single is not None:
        return _judge_single(single, text, hand, target, rules, base)

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
        return _judge_single(_outside_card(tokens[0], deck), text, hand, target, rules, base, token=tokens[0])

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
        scope_best, scope_plays = best, simplest
        if rules.simplest is SimplestScope.PLAYED and need_scope:
            scope_best, scope_plays = simplest_plays(target, held, rules)
        shorter_exists = scope_best is not None and scope_best < len(tokens)
        if right_result and shorter_exists:
            vs.append(Violation.NOT_SIMPLEST)
        violations = _sorted_violations(vs)
        score = (len(missing), len(violations), [_ORDER.index(v) for v in violations])
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
        relaid = _play_from(relaid_expr, cards)
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


def _single_card(text: str, deck: Deck) -> Card | None:
    try:
        return deck.parse_card(text)
    except TablecalcError:
        return None


def _judge_single(
    card: Card, text: str, hand: tuple[Card, ...], target: Card, rules: Rules, base: dict, token: Num | None = None
) -> Verdict:
    """One card laid alone: a joker, or a concordance play (a plain number may be any card of that number)."""
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
