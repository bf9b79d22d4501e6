"""Nmbrs! in words: every sentence the solver shows, built from the referee's data.

The referee and the search return data (:mod:`solver.nmbrs.reasons`, the verdicts); this
module is the only place that turns it into English. The verdicts' ``reason`` properties
call :func:`sequence_reason` and :func:`refusal_reason`; :func:`explain_sequence` and
:func:`explain_turn` give a verdict in one or two sentences.

>>> from solver.nmbrs.reasons import SequenceViolation, SequenceWhy
>>> sequence_reason(SequenceWhy(SequenceViolation.NOT_A_PROGRESSION, (14, 20, 27)))
'14, 20, 27 is not an arithmetic progression: the steps are 6, 7 (every step must be the same)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from solver.i18n import _
from solver.nmbrs.reasons import Fault, Refusal, SequenceViolation, SequenceWhy
from solver.nmbrs.rules import MIN_LENGTH, Opening

if TYPE_CHECKING:  # the verdicts import this module; only their attributes are read here
    from solver.nmbrs.sequences import SequenceVerdict
    from solver.nmbrs.table import MoveResult, TurnVerdict

__all__ = ["sequence_reason", "refusal_reason", "illegal_move", "explain_sequence", "explain_turn", "numbers_text",
           "cards_text"]


def numbers_text(values: Iterable[object]) -> str:
    """``14, 20, 26``."""
    return ", ".join(str(v) for v in values)


def cards_text(cards: Iterable[object]) -> str:
    """``7, 8 and joker``.

    >>> cards_text(["7", "8", "joker"]), cards_text(["7"])
    ('7, 8 and joker', '7')
    """
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _dashed(numbers: Iterable[int]) -> str:
    return "-".join(map(str, numbers))


def _count_back_text(back: tuple[int, ...]) -> str:
    return f"counting back {numbers_text(back)} lands on {back[-1]}, not 0 or 1"


# ---------------------------------------------------------------- reasons


def sequence_reason(why: SequenceWhy) -> str:
    """Why cards make no valid sequence, in one clause (what ``check`` prints after ``invalid``).

    >>> from solver.nmbrs.reasons import SequenceViolation as V
    >>> sequence_reason(SequenceWhy(V.TOO_SHORT, (14, 20)))
    'a sequence needs at least 3 cards, got 2 (14, 20)'
    >>> sequence_reason(SequenceWhy(V.JOKER_BLOCKED, (10, 20, 30), 1, could=((10, 20, 30, 40),), on_table=(40,)))
    'the joker could only make 10-20-30-40, but 40 is already on the table'
    """
    code, nums = why.code, numbers_text(why.numbers)
    who = "the joker" if why.jokers == 1 else "the jokers"
    with_ = f"with {nums}" if why.numbers else "alone"
    if code is SequenceViolation.TOO_SHORT:
        got = nums + (f" + {why.jokers} joker{'s' * (why.jokers > 1)}" if why.jokers else "")
        return f"a sequence needs at least {MIN_LENGTH} cards, got {len(why.numbers) + why.jokers} ({got.strip(' +')})"
    if code is SequenceViolation.NUMBER_TWICE:
        return f"{nums} has a number twice: the step must be at least 1"
    if code is SequenceViolation.NOT_A_PROGRESSION:
        return (f"{nums} is not an arithmetic progression: the steps are {numbers_text(why.steps)} "
                "(every step must be the same)")
    if code is SequenceViolation.COUNT_BACK:
        return _count_back_text(why.count_back)
    if code is SequenceViolation.JOKER_BLOCKED:
        verb = "is" if len(why.on_table) == 1 else "are"
        return (f"{who} could only make {_dashed(why.could[0])}, but {numbers_text(why.on_table)} {verb} "
                "already on the table")
    if code is SequenceViolation.NO_JOKER_NUMBER:
        return f"no number for {who} makes an arithmetic progression {with_}"
    could = " or ".join(_dashed(c) for c in why.could) + (" ..." if why.more else "")
    return f"no number for {who} makes a valid sequence {with_}: it could only be {could}, and {_count_back_text(why.count_back)}"


def refusal_reason(why: Refusal) -> str:
    """Why a move or the end of a turn is refused, in one line starting with the move
    (what ``move`` prints after ``refused``).

    >>> from solver.nmbrs.reasons import Fault
    >>> refusal_reason(Refusal(Fault.CROSSING_FULL, "cross 10: 1 19", number=10, sequences=(1, 2)))
    'cross 10: 1 19: 10 already lies where sequences 1 and 2 cross; a card can be in two sequences at most'
    >>> refusal_reason(Refusal(Fault.JOKER_NOT_REUSED))
    'a joker taken from the table must be laid again in the same turn'
    """
    text = _refusal_text(why)
    return f"{why.move}: {text}" if why.move is not None else text


def illegal_move(why: Refusal) -> str:
    """The error a game state raises for a refused move: the move quoted, then why.

    >>> from solver.nmbrs.reasons import Fault
    >>> illegal_move(Refusal(Fault.NOT_ON_TABLE, "cross 21: 15 25", number=21))
    "illegal move 'cross 21: 15 25': 21 is not on the table"
    """
    return f"illegal move {why.move!r}: {_refusal_text(why)}"


def _refusal_text(why: Refusal) -> str:
    f, n, seqs = why.fault, why.number, why.sequences
    if f is Fault.NOT_IN_HAND:
        return f"{why.card} is not in your hand ({' '.join(str(c) for c in why.hand or ()) or 'nothing'})"
    if f is Fault.JOKER_ON_TABLE_NUMBER:
        return f"a joker cannot stand for {n}: it is on the table already (sequence {numbers_text(seqs)})"
    if f is Fault.NUMBER_IS_A_JOKER:
        return f"{n} is on the table already as a joker; swap it first (swap {n})"
    if f is Fault.NUMBER_TWICE:
        return f"{n} would be in the sequence twice"
    if f is Fault.NOT_A_SEQUENCE:
        return sequence_reason(why.sequence) if why.sequence else "no valid sequence"
    if f is Fault.LAY_TOO_SHORT:
        return f"a new sequence needs at least {MIN_LENGTH} cards"
    if f is Fault.CROSS_TOO_SHORT:
        return f"a crossing sequence needs at least {MIN_LENGTH - 1} cards from your hand"
    if f is Fault.NO_SUCH_SEQUENCE:
        return f"there is no sequence {n} (the table has {why.count})"
    if f is Fault.NOT_ON_TABLE:
        return f"{n} is not on the table"
    if f is Fault.CROSSING_FULL:
        return f"{n} already lies where sequences {seqs[0]} and {seqs[1]} cross; a card can be in two sequences at most"
    if f is Fault.LINK_ITSELF:
        return "a sequence cannot be linked to itself"
    if f is Fault.LINK_CROSSING:
        return f"sequences {seqs[0]} and {seqs[1]} cross at {n}; only separate sequences can be linked"
    if f is Fault.LINK_OVERLAP:
        return f"sequences {seqs[0]} and {seqs[1]} overlap; linking joins one after the other"
    if f is Fault.SHARES_CARDS:
        a, b = why.numbers
        return f"the linked sequence would cross sequence {seqs[0]} twice (at {a} and {b})"
    if f is Fault.NOT_COME_OUT:
        when = "this turn" if why.opening is Opening.EACH_TURN else "yet"
        return f"you may add to the table only after laying a sequence of your own {when} (opening rule: {why.opening})"
    if f is Fault.NO_JOKER_THERE:
        return f"no joker on the table stands for {n}"
    if f is Fault.JOKER_NOT_REUSED:
        return "a joker taken from the table must be laid again in the same turn"
    if f is Fault.NO_DISCARD:
        return "you must keep one card to discard at the end of your turn (not in the simple version)"
    if f is Fault.DISCARD_NEEDED:
        held = " ".join(str(c) for c in why.hand or ())
        return f"you still hold {held}: a turn ends by discarding one card (discard CARD)"
    if f is Fault.TURN_OVER:
        return "the turn is already over: discard CARD or end is the last move of a turn"
    return _round_text(why)


def _round_text(why: Refusal) -> str:
    """The refusals of a whole round (the draw, the claim of a refused open card, whose turn)."""
    f = why.fault
    if f is Fault.NOT_YOUR_TURN:
        return _("it is not this player's turn")
    if f is Fault.DRAW_FIRST:
        return _("draw first: a turn starts with draw open, refuse (the open card) or draw closed")
    if f is Fault.ALREADY_DREW:
        return _("the card of this turn is drawn already: lay, add, cross, link, swap, then discard a card")
    if f is Fault.ANSWER_CLAIM:
        return _("the refused open card is offered: the player asked answers claim or pass")
    if f is Fault.NO_OFFER:
        return _("no refused open card is offered now")
    if f is Fault.REFUSE_FIRST:
        return _("the open pile has a card: take it (draw open) or refuse it first, so that the players after you "
                 "may claim it")
    if f is Fault.ALREADY_REFUSED:
        return _("the open card is refused already: draw from the closed pile")
    if f is Fault.OPEN_EMPTY:
        return _("the open pile is empty")
    if f is Fault.CLOSED_EMPTY:
        return _("the closed pile is empty")
    if f is Fault.REFUSED_CARD:
        return _("you refused the open card and nobody claimed it: draw from the closed pile")
    return _("the round is over: a player went out")


# ---------------------------------------------------------------- verdicts


def explain_sequence(v: "SequenceVerdict") -> str:
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
        return f"Not valid ({name}): {v.reason}."
    nums, jokers = v.resolutions[0], v.joker_values
    text = f"Valid ({name}): {' '.join(map(str, nums))} goes up by {nums[1] - nums[0]}"
    if jokers:
        who = "the joker standing for" if len(jokers) == 1 else "the jokers standing for"
        text += f", {who} {cards_text(jokers)}"
    text += "."
    others = v.resolutions[1:]
    if others:
        who = "joker" if len(jokers) == 1 else "jokers"
        text += f" The {who} could also make {' or '.join(' '.join(map(str, r)) for r in others)}."
    return text


def _move_text(r: "MoveResult") -> str:
    if r.kind == "swap":
        return f"{r.move} (no points)"
    doubled = f" ({r.doubled}, doubled)" if r.doubled else ""
    return f"{r.move} scores {r.score}{doubled}"


def explain_turn(v: "TurnVerdict") -> str:
    """A turn verdict in one or two sentences: what the moves score (or why the turn is refused
    and what goes back to the hand), then how the turn ends.

    >>> from solver.nmbrs import Deck, Rules
    >>> from solver.nmbrs.table import Table, play_turn
    >>> deck, rules = Deck.default(), Rules()
    >>> table = Table.parse("10 20 30", deck, rules)
    >>> explain_turn(play_turn(table, deck.parse_hand("15 25 40 7 8"), ["cross 20: 15 25", "add 1: 40"], rules, deck, True))
    'Legal: cross 20: 15 25 scores 6 (all different, doubled), add 1: 40 scores 1: 7 in all; card points are an estimate. Discard one of 7 and 8 to end the turn.'
    >>> explain_turn(play_turn(table, deck.parse_hand("15 25 7"), ["add 1: 15"], rules, deck, True))
    'Refused at move 1: add 1: 15: 10, 15, 20, 30 is not an arithmetic progression: the steps are 5, 5, 10 (every step must be the same). The turn scores nothing.'
    """
    if not v.legal:
        where = f"at move {v.failed_move}" if v.failed_move else "at the end of the turn"
        back = v.penalty.take_back
        then = f"Take back {cards_text(back)}: the turn scores nothing." if back else "The turn scores nothing."
        return f"Refused {where}: {v.reason}. {then}"
    played = [r for r in v.results if r.kind not in ("discard", "end")]
    estimate = v.rules.scores_estimated(v.points_estimated)
    note = "; card points are an estimate" if estimate and v.score else ""
    if not played:
        first = "Legal: nothing is laid, so the turn scores 0."
    elif len(played) == 1:
        first = f"Legal: {_move_text(played[0])}{note}."
    else:
        first = f"Legal: {', '.join(_move_text(r) for r in played)}: {v.score} in all{note}."
    discarded = v.discarded
    if discarded is not None:
        then = f"The turn ends with the discard of {discarded}."
    elif not v.hand_left:
        then = "Your hand is empty: you are out."
    elif len(v.hand_left) == 1:
        then = f"Discard {v.hand_left[0]} to end the turn."
    else:
        then = f"Discard one of {cards_text(v.hand_left)} to end the turn."
    return f"{first} {then}"


# ---------------------------------------------------------------- whole rounds


def round_state_text(r) -> str:
    """A round in one line: the table, every hand, the piles, whose move it is.

    ``r`` is a :class:`~solver.nmbrs.round.Round`.
    """
    hands = "; ".join(_("{name} holds {cards}").format(name=n, cards=" ".join(map(str, h)) or "-")
                      for n, h in zip(r.names, r.hands))
    top = str(r.open_top) if r.open_top is not None else "-"
    if r.is_terminal():
        who = _("the round is over")
    else:
        who = _("{name} to move ({phase})").format(name=r.names[r.current_player()], phase=r.phase)
    return _("table {table}; {hands}; open pile {top}, closed pile {closed}; {who}").format(
        table=str(r.table) or "-", hands=hands, top=top, closed=len(r.closed), who=who)


def explain_log_move(m) -> str:
    """One recorded move judged, in one or two lines (``m`` is a
    :class:`~solver.nmbrs.replay.MoveVerdict`)."""
    head = _("line {line}: {player}: {move}").format(line=m.line, player=m.player, move=m.move)
    if m.legal is None:
        return _("{head} — not judged (after an illegal move in this round)").format(head=head)
    if m.legal:
        return _("{head} — legal").format(head=head)
    reason = _refusal_text(m.why)
    if m.expected_player and m.expected_player != m.player:
        reason = _("{reason} ({name} is to move)").format(reason=reason, name=m.expected_player)
    if m.penalty.take_back:
        penalty = _("penalty: {cards} go back to {player}'s hand, the table is as at the start of the turn and the "
                    "turn scores nothing").format(cards=cards_text(m.penalty.take_back), player=m.player)
    else:
        penalty = _("penalty: none, the move is not made")
    text = _("{head} — ILLEGAL ({code}): {reason}; {penalty}").format(
        head=head, code=m.violations[0], reason=reason, penalty=penalty)
    if m.after is not None:
        text += "\n  " + _("after the penalty: {state}").format(state=round_state_text(m.after))
    return text
