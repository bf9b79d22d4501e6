"""Nmbrs! in words: every sentence the solver shows, built from the referee's data.

The referee and the search return data (:mod:`solver.nmbrs.verdict`); this module is the
only place that turns it into words, in the language in use. :func:`sequence_reason`,
:func:`refusal_reason` and :func:`turn_reason` give why something is refused in one clause;
:func:`explain_sequence` and :func:`explain_turn` give a verdict in one or two sentences.
Only :mod:`solver.nmbrs.game` and the trainer import it.

>>> from solver.nmbrs.verdict import SequenceWhy, Violation
>>> sequence_reason(SequenceWhy(Violation.NOT_A_PROGRESSION, (14, 20, 27)))
'14, 20, 27 is not an arithmetic progression: the steps are 6, 7 (every step must be the same)'
"""

from __future__ import annotations

from typing import Iterable

from solver.i18n import N_, _, ngettext, pgettext
from solver.nmbrs.rules import MIN_LENGTH, Opening
from solver.nmbrs.moves import MoveKind
from solver.nmbrs.round import Draw, DrawKind
from solver.nmbrs.verdict import MoveResult, Refusal, RoundVerdict, SequenceVerdict, SequenceWhy, Verdict, Violation

__all__ = ["score_text", "rescored_text", "sequence_reason", "refusal_reason", "refusal_text", "turn_reason", "explain_sequence", "explain_turn",
           "numbers_text", "cards_text", "score_breakdown", "table_rows", "explain_round_move", "draw_words", "round_view"]


def numbers_text(values: Iterable[object]) -> str:
    """``14, 20, 26``."""
    return ", ".join(str(v) for v in values)


def cards_text(cards: Iterable[object]) -> str:
    """``7, 8 and joker``.

    >>> cards_text(["7", "8", "joker"]), cards_text(["7"])
    ('7, 8 and joker', '7')
    """
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


_DOUBLED = (N_("one colour"), N_("all different"))
"""Why a move's points are doubled (:class:`solver.nmbrs.scoring.Doubled`), for the catalogues."""


def _dashed(numbers: Iterable[int]) -> str:
    return "-".join(map(str, numbers))


def _count_back_text(back: tuple[int, ...]) -> str:
    return _("counting back {numbers} lands on {last}, not 0 or 1").format(numbers=numbers_text(back), last=back[-1])


# ---------------------------------------------------------------- reasons


def sequence_reason(why: SequenceWhy) -> str:
    """Why cards make no valid sequence, in one clause (what ``check`` prints after ``invalid``).

    >>> V = Violation
    >>> sequence_reason(SequenceWhy(V.TOO_SHORT, (14, 20)))
    'a sequence needs at least 3 cards, got 2 (14, 20)'
    >>> sequence_reason(SequenceWhy(V.JOKER_BLOCKED, (10, 20, 30), 1, could=((10, 20, 30, 40),), on_table=(40,)))
    'the joker could only make 10-20-30-40, but 40 is already on the table'
    """
    code, nums = why.code, numbers_text(why.numbers)
    who = _("the joker") if why.jokers == 1 else _("the jokers")
    with_ = _("with {numbers}").format(numbers=nums) if why.numbers else _("alone")
    if code is Violation.TOO_SHORT:
        got = nums + (" + " + ngettext("{n} joker", "{n} jokers", why.jokers).format(n=why.jokers) if why.jokers else "")
        return _("a sequence needs at least {min} cards, got {n} ({got})").format(
            min=MIN_LENGTH, n=len(why.numbers) + why.jokers, got=got.strip(" +"))
    if code is Violation.NUMBER_TWICE:
        return _("{numbers} has a number twice: the step must be at least 1").format(numbers=nums)
    if code is Violation.NOT_A_PROGRESSION:
        return _("{numbers} is not an arithmetic progression: the steps are {steps} "
                 "(every step must be the same)").format(numbers=nums, steps=numbers_text(why.steps))
    if code is Violation.COUNT_BACK:
        return _count_back_text(why.count_back)
    if code is Violation.JOKER_BLOCKED:
        return ngettext("{who} could only make {sequence}, but {numbers} is already on the table",
                        "{who} could only make {sequence}, but {numbers} are already on the table",
                        len(why.on_table)).format(who=who, sequence=_dashed(why.could[0]),
                                                  numbers=numbers_text(why.on_table))
    if code is Violation.NO_JOKER_NUMBER:
        return _("no number for {who} makes an arithmetic progression {with_}").format(who=who, with_=with_)
    could = _(" or ").join(_dashed(c) for c in why.could) + (" ..." if why.more else "")
    return _("no number for {who} makes a valid sequence {with_}: it could only be {could}, and {count_back}").format(
        who=who, with_=with_, could=could, count_back=_count_back_text(why.count_back))


def refusal_reason(why: Refusal) -> str:
    """Why a move or the end of a turn is refused, in one line starting with the move
    (what ``judge`` prints after ``refused``).

    >>> refusal_reason(Refusal(Violation.CROSSING_FULL, "cross 10: 1 19", number=10, sequences=(1, 2)))
    'cross 10: 1 19: 10 already lies where sequences 1 and 2 cross; a card can be in two sequences at most'
    >>> refusal_reason(Refusal(Violation.JOKER_NOT_REUSED))
    'a joker taken from the table must be laid again in the same turn'
    """
    text = refusal_text(why)
    return f"{why.move}: {text}" if why.move is not None else text


def turn_reason(v: Verdict) -> str | None:
    """Why a turn is refused, in one line starting with the refused move (``None`` when it is legal):
    the ``reason`` of ``tablecalc nmbrs judge --json``."""
    return refusal_reason(v.why) if v.why else None


def refusal_text(why: Refusal) -> str:
    """Why a move is refused, without the move: what a game state's
    :class:`~solver.errors.IllegalMove` says after its codes.

    >>> refusal_text(Refusal(Violation.NOT_ON_TABLE, "cross 21: 15 25", number=21))
    '21 is not on the table'
    """
    f, n, seqs = why.code, why.number, why.sequences
    if f is Violation.NOT_IN_HAND:
        return _("{card} is not in your hand ({hand})").format(
            card=why.card, hand=" ".join(str(c) for c in why.hand or ()) or _("nothing"))
    if f is Violation.JOKER_ON_TABLE_NUMBER:
        return _("a joker cannot stand for {n}: it is on the table already (sequence {sequences})").format(
            n=n, sequences=numbers_text(seqs))
    if f is Violation.NUMBER_IS_A_JOKER:
        return _("{n} is on the table already as a joker; swap it first (swap {n})").format(n=n)
    if f is Violation.NUMBER_TWICE:
        return _("{n} would be in the sequence twice").format(n=n)
    if f is Violation.NOT_A_SEQUENCE:
        return sequence_reason(why.sequence) if why.sequence else _("no valid sequence")
    if f is Violation.LAY_TOO_SHORT:
        return _("a new sequence needs at least {min} cards").format(min=MIN_LENGTH)
    if f is Violation.CROSS_TOO_SHORT:
        return _("a crossing sequence needs at least {min} cards from your hand").format(min=MIN_LENGTH - 1)
    if f is Violation.NO_SUCH_SEQUENCE:
        return _("there is no sequence {n} (the table has {count})").format(n=n, count=why.count)
    if f is Violation.NOT_ON_TABLE:
        return _("{n} is not on the table").format(n=n)
    if f is Violation.CROSSING_FULL:
        return _("{n} already lies where sequences {a} and {b} cross; a card can be in two sequences at most").format(
            n=n, a=seqs[0], b=seqs[1])
    if f is Violation.LINK_ITSELF:
        return _("a sequence cannot be linked to itself")
    if f is Violation.LINK_CROSSING:
        return _("sequences {a} and {b} cross at {n}; only separate sequences can be linked").format(
            a=seqs[0], b=seqs[1], n=n)
    if f is Violation.LINK_OVERLAP:
        return _("sequences {a} and {b} overlap; linking joins one after the other").format(a=seqs[0], b=seqs[1])
    if f is Violation.SHARES_CARDS:
        a, b = why.numbers
        return _("the linked sequence would cross sequence {sequence} twice (at {a} and {b})").format(
            sequence=seqs[0], a=a, b=b)
    if f is Violation.NOT_COME_OUT:
        if why.opening is Opening.EACH_TURN:
            text = _("you may add to the table only after laying a sequence of your own this turn (opening rule: {rule})")
        else:
            text = _("you may add to the table only after laying a sequence of your own yet (opening rule: {rule})")
        return text.format(rule=why.opening)
    if f is Violation.NO_JOKER_THERE:
        return _("no joker on the table stands for {n}").format(n=n)
    if f is Violation.JOKER_NOT_REUSED:
        return _("a joker taken from the table must be laid again in the same turn")
    if f is Violation.NO_DISCARD:
        return _("you must keep one card to discard at the end of your turn (not in the simple version)")
    if f is Violation.DISCARD_NEEDED:
        held = " ".join(str(c) for c in why.hand or ())
        return _("you still hold {cards}: a turn ends by discarding one card (discard CARD)").format(cards=held)
    if f is Violation.TURN_OVER:
        return _("the turn is already over: discard CARD or end is the last move of a turn")
    return _round_text(why)


_ROUND_TEXT = {
    Violation.NOT_YOUR_TURN: N_("it is not this player's turn"),
    Violation.DRAW_FIRST: N_("draw first: a turn starts with draw open, refuse (the open card) or draw closed"),
    Violation.ALREADY_DREW: N_("the card of this turn is drawn already: lay, add, cross, link, swap, then discard a card"),
    Violation.ANSWER_CLAIM: N_("the refused open card is offered: the player asked answers claim or pass"),
    Violation.NO_OFFER: N_("no refused open card is offered now"),
    Violation.REFUSE_FIRST: N_("the open pile has a card: take it (draw open) or refuse it first, so that the players "
                           "after you may claim it"),
    Violation.ALREADY_REFUSED: N_("the open card is refused already: draw from the closed pile"),
    Violation.OPEN_EMPTY: N_("the open pile is empty"),
    Violation.CLOSED_EMPTY: N_("the closed pile is empty"),
    Violation.REFUSED_CARD: N_("you refused the open card and nobody claimed it: draw from the closed pile"),
}
"""The refusals of a whole round (the draw, the claim of a refused open card, whose turn); any
other is the end of the round."""


def _round_text(why: Refusal) -> str:
    return _(_ROUND_TEXT.get(why.code, N_("the round is over: a player went out")))


# ---------------------------------------------------------------- verdicts


def explain_sequence(v: SequenceVerdict) -> str:
    """A sequence verdict in one or two sentences.

    >>> from solver.nmbrs import Deck, Rules, check_sequence
    >>> deck = Deck.default()
    >>> explain_sequence(check_sequence(deck.parse_hand("10 joker 30"), Rules()))
    'Valid (basic): 10 20 30 goes up by 10, the joker standing for 20. The joker could also make 10 30 50.'
    >>> explain_sequence(check_sequence(deck.parse_hand("14 20 26"), Rules.preset("advanced")))
    'Not valid (advanced): counting back 26, 20, 14, 8, 2 lands on 2, not 0 or 1.'
    """
    name = v.rules.name
    if not v.valid:
        return _("Not valid ({rules}): {reason}.").format(rules=name, reason=sequence_reason(v.why))  # type: ignore[arg-type]
    nums, jokers = v.resolutions[0], v.joker_values
    text = _("Valid ({rules}): {sequence} goes up by {step}").format(
        rules=name, sequence=" ".join(map(str, nums)), step=nums[1] - nums[0])
    if jokers:
        if len(jokers) == 1:
            text += _(", the joker standing for {numbers}").format(numbers=cards_text(jokers))
        else:
            text += _(", the jokers standing for {numbers}").format(numbers=cards_text(jokers))
    text += "."
    others = v.resolutions[1:]
    if others:
        also = _(" or ").join(" ".join(map(str, r)) for r in others)
        if len(jokers) == 1:
            text += " " + _("The joker could also make {sequences}.").format(sequences=also)
        else:
            text += " " + _("The jokers could also make {sequences}.").format(sequences=also)
    return text


def rescored_text(r: MoveResult) -> str:
    """What a move changed for the cards laid earlier this turn in its sequence (the doubling
    judged on the turn), or ``""``.

    >>> from solver.nmbrs import Deck
    >>> from solver.nmbrs.moves import Move
    >>> r = MoveResult(Move.parse("add 1: 40", Deck.default()), "append", 1, (10, 20, 30, 40), (), 1, None, -5, -6)
    >>> rescored_text(r)
    '-6 for the cards laid earlier this turn in this sequence, judged again with it'
    """
    if not r.rescored:
        return ""
    return _("{change} for the cards laid earlier this turn in this sequence, judged again with it").format(
        change=f"{r.rescored:+d}")


def score_text(r: MoveResult) -> str:
    """A move's score as a sum: ``3 × 2 (all different) = 6``, ``1``, or with cards laid earlier
    this turn judged again, ``1, -6 for the cards … = -5``."""
    own = (_("{points} × 2 ({doubled})").format(points=r.points, doubled=_(r.doubled)) if r.doubled
           else str(r.points if r.rescored else r.score))
    if r.rescored:
        return f"{own}, {rescored_text(r)} = {r.score}"
    return f"{own} = {r.score}" if r.doubled else own


def _move_text(r: MoveResult) -> str:
    if r.kind == "swap" and not r.rescored:
        return _("{move} (no points)").format(move=r.move)
    if r.rescored:
        return _("{move} scores {score} ({how})").format(move=r.move, score=r.score, how=score_text(r))
    if r.doubled:
        return _("{move} scores {score} ({why}, doubled)").format(move=r.move, score=r.score, why=_(r.doubled))
    return _("{move} scores {score}").format(move=r.move, score=r.score)


def explain_turn(v: Verdict) -> str:
    """A turn verdict in one or two sentences: what the moves score (or why the turn is refused
    and what goes back to the hand), then how the turn ends.

    >>> from solver.nmbrs import Deck, Rules
    >>> from solver.nmbrs.referee import judge
    >>> from solver.nmbrs.table import Table
    >>> deck, rules = Deck.default(), Rules()
    >>> table = Table.parse("10 20 30", deck, rules)
    >>> explain_turn(judge(table, deck.parse_hand("15 25 40 7 8"), ["cross 20: 15 25", "add 1: 40"], rules, deck, True))
    'Legal: cross 20: 15 25 scores 6 (all different, doubled), add 1: 40 scores 1: 7 in all; card points are an estimate. Discard one of 7 and 8 to end the turn.'
    >>> explain_turn(judge(table, deck.parse_hand("15 25 7"), ["add 1: 15"], rules, deck, True))
    'Refused at move 1: add 1: 15: 10, 15, 20, 30 is not an arithmetic progression: the steps are 5, 5, 10 (every step must be the same). The turn scores nothing.'
    """
    if not v.legal:
        where = _("at move {n}").format(n=v.failed_move) if v.failed_move else _("at the end of the turn")
        back = v.penalty.take_back
        then = (_("Take back {cards}: the turn scores nothing.").format(cards=cards_text(back)) if back
                else _("The turn scores nothing."))
        return _("Refused {where}: {reason}.").format(where=where, reason=turn_reason(v)) + " " + then
    played = [r for r in v.results if r.kind not in ("discard", "end")]
    estimate = v.rules.scores_estimated(v.points_estimated)
    note = _("; card points are an estimate") if estimate and v.score else ""
    if not played:
        first = _("Legal: nothing is laid, so the turn scores 0.")
    elif len(played) == 1:
        first = _("Legal: {move}{note}.").format(move=_move_text(played[0]), note=note)
    else:
        first = _("Legal: {moves}: {score} in all{note}.").format(
            moves=", ".join(_move_text(r) for r in played), score=v.score, note=note)
    discarded = v.discarded
    if discarded is not None:
        then = _("The turn ends with the discard of {card}.").format(card=discarded)
    elif not v.hand_left:
        then = _("Your hand is empty: you are out.")
    elif len(v.hand_left) == 1:
        then = _("Discard {card} to end the turn.").format(card=v.hand_left[0])
    else:
        then = _("Discard one of {cards} to end the turn.").format(cards=cards_text(v.hand_left))
    return f"{first} {then}"


def score_breakdown(v: Verdict) -> str:
    """What a legal turn scores, move by move: the card points, the colour doubling, the total.

    >>> from solver.nmbrs import Deck, Rules
    >>> from solver.nmbrs.referee import judge
    >>> from solver.nmbrs.table import Table
    >>> deck, rules = Deck.default(), Rules()
    >>> print(score_breakdown(judge(Table.parse("10 20 30", deck, rules), deck.parse_hand("15 25 40 7 8"),
    ...                                 ["cross 20: 15 25", "add 1: 40"], rules, deck, True)))
      cross 20: 15 25 → sequence 2: 15 20 25   3 × 2 (all different) = 6
      add 1: 40 → sequence 1: 10 20 30 40   1
      score 7 (card points are an estimate)
    """
    lines = []
    for r in v.results:
        if r.kind in ("discard", "end"):
            continue
        if r.kind == "swap" and not r.rescored:
            lines.append(_("  {move}   no points").format(move=r.move))
            continue
        score = score_text(r)
        lines.append(_("  {move} → sequence {n}: {numbers}   {score}").format(
            move=r.move, n=r.sequence, numbers=" ".join(map(str, r.numbers)), score=score))
    note = _(" (card points are an estimate)") if v.rules.scores_estimated(v.points_estimated) and v.score else ""
    lines.append(_("  score {score}{note}").format(score=v.score, note=note))
    return "\n".join(lines)


def table_rows(table_text: str) -> list[str]:
    """The table's sequences as numbered rows, as ``add N:`` and ``link N M:`` count them.

    >>> table_rows("10 20 30 | 5 6 7")
    ['1: 10 20 30', '2: 5 6 7']
    """
    return [f"{i}: {seq.strip()}" for i, seq in enumerate(table_text.split("|"), 1) if seq.strip()]


# ---------------------------------------------------------------- whole rounds


def _sentence(clause: str) -> str:
    return clause[:1].upper() + clause[1:]


def explain_round_move(v: RoundVerdict) -> str:
    """A move of a whole round judged, in one or two sentences: what it did, or why it is refused
    and what that costs (a card drawn from the closed pile is never named: others may see the screen).

    >>> from solver.nmbrs.verdict import Penalty, Refusal, RoundVerdict, Violation
    >>> from solver.nmbrs.cards import Card
    >>> explain_round_move(RoundVerdict("draw open", 0, 0, card=Card(90)))
    'Takes 90 from the open pile.'
    >>> explain_round_move(RoundVerdict("add 1: 9", 1, 1, Refusal(Violation.NOT_IN_HAND, "add 1: 9", card=Card(9),
    ...                    hand=(Card(10), Card(20))), Penalty((Card(40), Card(42), Card(44)))))
    '9 is not in your hand (10 20). Penalty: 40, 42 and 44 go back to the hand and the turn starts again after its draw, with nothing scored.'
    """
    if not v.legal:
        why = v.why
        assert why is not None
        if why.code is Violation.NOT_A_MOVE:
            return _("Not understood: {error}.").format(error=v.error or why.move)
        reason = _sentence(refusal_text(why)) + "."
        if v.penalty.take_back:
            return reason + " " + _("Penalty: {cards} go back to the hand and the turn starts again after its draw, "
                                    "with nothing scored.").format(cards=cards_text(v.penalty.take_back))
        return reason + " " + _("Nothing is played.")
    kind = Draw.parse(v.move)
    if kind is not None:
        return {
            DrawKind.OPEN: lambda: _("Takes {card} from the open pile.").format(card=v.card),
            DrawKind.CLOSED: lambda: _("Draws a card from the closed pile."),
            DrawKind.REFUSE: lambda: _("Refuses the open card: the players after may claim it."),
            DrawKind.CLAIM: lambda: _("Claims {card}, and draws a card from the closed pile with it.").format(card=v.card),
            DrawKind.PASS: lambda: _("Passes."),
        }[kind.kind]()
    if v.turn_score is not None:
        card = v.move.partition(" ")[2]
        text = (_("The turn ends with the discard of {card}: it scored {score}.").format(card=card, score=v.turn_score)
                if card else _("The turn ends: it scored {score}.").format(score=v.turn_score))
        return text + (" " + _("Out: the round is over.") if v.out else "")
    r = v.result
    if r is None or r.kind == "swap" and not r.rescored:
        return _("No points: the joker goes to the hand and must be laid again this turn.")
    if r.rescored:
        return _("Scores {score} ({how}).").format(score=r.score, how=score_text(r))
    if r.doubled:
        return _("Scores {score} ({why}, doubled).").format(score=r.score, why=_(r.doubled))
    return _("Scores {score}.").format(score=r.score)


def draw_words() -> dict[DrawKind, str]:
    """The draw moves as the language in use writes them (every one of them reads back as the move)."""
    return {DrawKind.OPEN: pgettext("nmbrs move", "draw open"), DrawKind.CLOSED: pgettext("nmbrs move", "draw closed"),
            DrawKind.REFUSE: pgettext("nmbrs move", "refuse"), DrawKind.CLAIM: pgettext("nmbrs move", "claim"),
            DrawKind.PASS: pgettext("nmbrs move", "pass")}


def round_view(r, seat: int) -> list[str]:
    """What the player at ``seat`` sees of a round (``r``, a :class:`~solver.nmbrs.round.Round`), as
    lines: the table, the piles, the scores and the cards the others hold, their own hand, and what
    they may type now, in the language in use."""
    rows = table_rows(str(r.table))
    lines = [_("  table: {table}").format(table="  ".join(rows) if rows else "-"),
             ngettext("  open pile: {top}   closed pile: {n} card", "  open pile: {top}   closed pile: {n} cards",
                      len(r.closed)).format(
                 top=r.open_top if r.open_top is not None else "-", n=len(r.closed)),
             _("  scores: {scores}   cards held: {held}").format(
                 scores=", ".join(f"{n} {s}" for n, s in zip(r.names, r.scores)),
                 held=", ".join(f"{n} {len(h)}" for i, (n, h) in enumerate(zip(r.names, r.hands)) if i != seat)),
             _("  your hand ({name}): {cards}").format(
                 name=r.names[seat], cards=" ".join(str(c) for c in sorted(r.hands[seat], key=lambda c: c.sort_key())) or "-")]
    if r.is_terminal():
        res = r.result()
        lines.append("  " + (_("{name} went out.").format(name=r.names[r.out]) if r.out is not None
                             else _("Nobody went out ({why}).").format(why=r.blocked)))
        for p in res.players:
            left = " ".join(map(str, p.hand)) or _("out")
            lines.append(f"  {p.name:<8} {p.before:>4} - {p.penalty:<3} = {p.after:>4}   ({left})")
        return lines
    if r.current_player() != seat:
        return lines
    words = draw_words()
    if r.asking == seat:
        lines.append(_("  {name} refused {card}: {claim} (you take it and a card of the closed pile) or {pass_}?").format(
            name=r.names[r.to], card=r.open_top, claim=words[DrawKind.CLAIM], pass_=words[DrawKind.PASS]))
    elif r.turn is None:
        lines.append(_("  draw: {moves}").format(moves=" / ".join(words[m.kind] for m in r.legal_moves())))
    else:
        lines.append(_("  your moves: lay CARDS, add N: CARDS, cross CARD: CARDS, link N M: CARDS, swap N; "
                       "end with discard CARD"))
    return lines


def say_move(move: str) -> str:
    """A move of a round as the language in use writes it (its first word: ``poser``, ``piocher
    ouverte``, ``leggen``...); read back, it is the same move.

    >>> from solver.i18n import use
    >>> _ = use("nl"); say_move("lay 5 6 7"), say_move("draw open"), say_move("claim"); _ = use("en")
    ('leggen 5 6 7', 'open trekken', 'opeisen')
    """
    draws = {k.value: w for k, w in draw_words().items()}
    if move in draws:
        return draws[move]
    verbs = {MoveKind.LAY: pgettext("nmbrs move", "lay"), MoveKind.ADD: pgettext("nmbrs move", "add"),
             MoveKind.CROSS: pgettext("nmbrs move", "cross"), MoveKind.LINK: pgettext("nmbrs move", "link"),
             MoveKind.SWAP: pgettext("nmbrs move", "swap"), MoveKind.DISCARD: pgettext("nmbrs move", "discard"),
             MoveKind.END: pgettext("nmbrs move", "end")}
    word, sep, rest = move.partition(" ")
    kind = next((k for k in MoveKind if k.value == word), None)
    return verbs[kind] + sep + rest if kind is not None else move
