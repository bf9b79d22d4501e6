"""Le Nain Jaune in words: every sentence tablecalc says about a move, a lay, a settlement or a
recorded round. The verdicts and settlements are data; only this module words them.

>>> from solver.nainjaune.rules import Rules
>>> from solver.nainjaune.settle import RoundEnd, settle
>>> end = RoundEnd.parse("settle; hands Ann: 3c 5h 9d Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:9 K:12 7:15; ask Ann")
>>> for p in settle(end, Rules()).payments:
...     print(why(p, Rules()))
Cid pays Bob 1 token for 1 card left (2♣).
Ann pays Bob 4 tokens for 4 cards left (3♣ 5♥ 9♦ Q♠).
Ann still holds Q♠ and doubles the Q cell, paying in the 9 tokens it holds (9 → 18).
"""

from __future__ import annotations

from solver.i18n import NP_, _, ngettext, pgettext
from solver.nainjaune.cards import rank_text
from solver.nainjaune.round import Lay, Mode, Move, Pass, Position, Sans, claimed_cell
from solver.nainjaune.rules import Cell, Rules
from solver.nainjaune.settle import Reason
from solver.nainjaune.verdict import Violation

__all__ = ["why", "explain_verdict", "explain_violation", "explain_settlement", "explain_lay", "explain_opera",
           "explain_amount", "drill_prompt", "tokens", "cards_text", "best_line", "card_text", "rank_name", "where_text"]

RANK = "card rank"
"""The gettext context of a rank's letter: French players write V D R for J Q K (the parser reads both)."""
_RANKS = (NP_(RANK, "A"), NP_(RANK, "J"), NP_(RANK, "Q"), NP_(RANK, "K"))


def rank_name(rank: int | str) -> str:
    """A rank as the player's language writes it (``Q``, in French ``D``)."""
    text = rank_text(rank) if isinstance(rank, int) else rank
    return pgettext(RANK, text) if text in ("A", "J", "Q", "K") else text


def card_text(card) -> str:
    """A card with its suit's symbol, its rank in the player's language: ``Q♠``, in French ``D♠``."""
    pretty = card.pretty
    letter = rank_text(card.rank)
    return rank_name(card.rank) + pretty[len(letter):]


def tokens(n: int) -> str:
    """``1 token``, ``4 tokens``."""
    return ngettext("{n} token", "{n} tokens", n).format(n=n)


def cards_text(cards) -> str:
    return " ".join(card_text(c) for c in cards) or _("none")


def _cell(cell: Cell) -> str:
    return _("the {cell} cell").format(cell=rank_name(cell.value))


def where_text(pos: Position) -> str:
    """Where the run stands, for the player to move: what they may lay.

    >>> where_text(Position.parse("hands 7d 8s | 9c Kh | 2c 3c; to 2; sans 9"))
    '"Sans 9": P2 holds one and lays it.'
    """
    to = pos.names[pos.to]
    if pos.mode is Mode.KING:
        return _("{player} laid a King and starts a new run with any card.").format(player=to)
    if pos.mode is Mode.NEXT:
        return _("{player} may go on with a {rank} (any suit), or say \"sans {rank}\".").format(
            player=to, rank=rank_name(pos.need or 0))
    if pos.mode is Mode.SANS:
        return _("\"Sans {rank}\": {player} holds one and lays it.").format(player=to, rank=rank_name(pos.need or 0))
    return _("{player} starts a run with any card.").format(player=to)


def why(p, rules: Rules) -> str:
    """One payment line of a settlement, in a sentence."""
    short = (" — " + _("{due} were due, but that is all {payer} had left: the game ends").format(
        due=tokens(p.due), payer=p.payer)) if p.short else ""
    if p.reason is Reason.CARDS_LEFT:
        n = len(p.cards)
        return ngettext("{payer} pays {payee} {tokens} for {n} card left ({cards}){short}.",
                        "{payer} pays {payee} {tokens} for {n} cards left ({cards}){short}.", n).format(
            payer=p.payer, payee=p.payee, tokens=tokens(p.tokens), n=n, cards=cards_text(p.cards), short=short)
    if p.reason is Reason.POINTS_LEFT:
        sums = " + ".join(str(c.points) for c in p.cards) or "0"
        return _("{payer} pays {payee} {tokens}, the face value of the cards left ({cards}: {sums}){short}.").format(
            payer=p.payer, payee=p.payee, tokens=tokens(p.tokens), cards=cards_text(p.cards), sums=sums, short=short)
    if p.reason is Reason.OPERA:
        return _("Grand Opéra: {payee} takes the {tokens} on {cell}.").format(
            payee=p.payee, tokens=tokens(p.tokens), cell=_cell(p.cell))
    held = card_text(p.cards[0]) if p.cards else _("its card")
    if not p.cell_before:
        return _("{payer} still holds {card}, but {cell} is empty: nothing to double.").format(
            payer=p.payer, card=held, cell=_cell(p.cell))
    change = f"{p.cell_before} → {p.cell_before + p.tokens}"
    if p.short:
        return _("{payer} still holds {card} and owes {cell} the {held} it holds (doubling it), "
                 "but pays only {tokens} ({change}){short}.").format(
            payer=p.payer, card=held, cell=_cell(p.cell), held=tokens(p.cell_before), tokens=tokens(p.tokens),
            change=change, short=short)
    return _("{payer} still holds {card} and doubles {cell}, paying in the {held} it holds ({change}).").format(
        payer=p.payer, card=held, cell=_cell(p.cell), held=tokens(p.cell_before), change=change)


def explain_settlement(s, rules: Rules) -> list[str]:
    """Every line of a settlement, then the board after and the end of the game if it comes."""
    names = s.end.names
    w = names[s.end.winner]
    if s.end.opera:
        lines = [_("{player} went out in a Grand Opéra (in the first turn).").format(player=w)]
    else:
        lines = [_("{player} went out.").format(player=w)]
    lines += [why(p, rules) for p in s.payments]
    lines.append(_("Board after: {board}.").format(board=s.board_after))
    lines.append(_("Balances: {balances}.").format(balances=", ".join(f"{n} {b:+d}" for n, b in zip(names, s.balances))))
    if s.tokens_after is not None:
        lines.append(_("Tokens: {tokens}.").format(tokens=", ".join(f"{n} {t}" for n, t in zip(names, s.tokens_after))))
    if s.cannot_pay:
        lines.append(_("{players} could not pay in full: the game is over.").format(
            players=", ".join(names[i] for i in s.cannot_pay)))
    if s.cannot_stake:
        lines.append(_("{players} cannot stake the 15 tokens of the next round: the game is over.").format(
            players=", ".join(names[i] for i in s.cannot_stake)))
    if s.game_over and s.tokens_after is not None:
        top = max(s.tokens_after)
        lines.append(_("Winner of the game: {players} with {tokens}.").format(
            players=", ".join(n for n, t in zip(names, s.tokens_after) if t == top), tokens=tokens(top)))
    return lines


def explain_violation(code: Violation, pos: Position, player: int, move: Move, rules: Rules) -> str:
    """Why one move is refused, in one sentence."""
    name, to = pos.names[player] if player < pos.players else str(player), pos.names[pos.to]
    need = rank_name(pos.need) if pos.need else ""
    if code is Violation.ROUND_OVER:
        return _("The round is over: {player} went out.").format(player=pos.names[pos.out or 0])
    if code is Violation.NOT_YOUR_TURN:
        if pos.mode is Mode.SANS:
            return _("It is {to}'s turn: {to} is the first to the left holding a {rank} after \"sans {rank}\".").format(
                to=to, rank=need)
        return _("It is {to}'s turn, not {player}'s.").format(to=to, player=name)
    if code is Violation.MISSED_KING_RESTART:
        return _("{to} laid a King: \"Roi et je recommence !\" — {to} starts a new run with any card.").format(to=to)
    if code is Violation.NOT_IN_HAND:
        return _("{player} does not hold {card}.").format(player=name, card=card_text(move.card))  # type: ignore[union-attr]
    if code is Violation.WRONG_RANK:
        return _("{card} does not continue the run: the next card is a {rank} (any suit).").format(
            card=card_text(move.card), rank=need)  # type: ignore[union-attr]
    if code is Violation.WRONG_SANS:
        if pos.mode is Mode.LEAD:
            return _("Nothing is missing: {to} starts a run with any card.").format(to=to)
        return _("The missing card is a {rank}: say \"sans {rank}\".").format(rank=need)
    if code is Violation.MUST_LAY:
        if not rules.sans_must_lay:
            return _("{to} holds a {rank}: after \"sans {rank}\" {to} lays one or says pass.").format(to=to, rank=need)
        return _("{to} holds a {rank}: after \"sans {rank}\" the first player holding one must lay it.").format(
            to=to, rank=need)
    if code is Violation.STAKE_WITHOUT_CARD:
        cell = claimed_cell(move, rules)
        card = card_text(move.card)  # type: ignore[union-attr]
        if cell is None:
            return _("{card} is not a board card: there is no stake to take.").format(card=card)
        board = card_text(rules.board_cards[list(Cell).index(cell)])
        return _("{card} is not {board}: only {board} takes the stake of {cell}.").format(
            card=card, board=board, cell=_cell(cell))
    if code is Violation.CANNOT_PASS:
        return _("Only a player a \"sans\" went by may say pass: {to} lays a card (or, ending their own run, "
                 "says \"sans {rank}\").").format(to=to, rank=need) if need else _(
            "Only a player a \"sans\" went by may say pass: {to} starts a run with any card.").format(to=to)
    if code is Violation.UNFINISHED:
        return _("Nobody else holds a {rank}, so the lead comes back to {to}: the lay goes on with a new run.").format(
            rank=rank_name(_last_sans(move)), to=to)
    return str(code)


def _last_sans(move: Move) -> int:
    return move.rank if isinstance(move, Sans) else 0


def explain_lay(lay, pos: Position) -> str:
    """``9♣ 10♦ J♣, sans Q: 3 cards laid, 9 tokens taken``."""
    parts = []
    for m in lay.moves:
        parts.append(card_text(m.card) + ("!" if m.announced else "") if isinstance(m, Lay) else f"sans {rank_name(m.rank)}")
    what = ngettext("{n} card laid, {tokens} taken", "{n} cards laid, {tokens} taken", lay.cards).format(
        n=lay.cards, tokens=tokens(lay.stakes))
    if lay.opera:
        what += " — " + _("out: a Grand Opéra")
    elif lay.out:
        what += " — " + _("out")
    return f"{' '.join(parts)}: {what}"


def _explain_move(v) -> str:
    """One legal move of a game played move by move: what it did (and who plays next, after "sans")."""
    move, pos, end = v.moves[0], v.before, v.position
    if isinstance(move, Pass):
        if pos.mode is Mode.SANS and pos.names[pos.to] == v.player:  # a holder passes "sans R" on
            rank = rank_name(pos.need or 0)
            if end.mode is Mode.LEAD:
                return _("{player} passes; nobody else holds a {rank}, so {next} starts a new run.").format(
                    player=v.player, rank=rank, next=end.names[end.to])
            return _("{player} passes: {next} plays on, the next to the left holding a {rank}.").format(
                player=v.player, next=end.names[end.to], rank=rank)
        return _("{player} passes.").format(player=v.player)
    if isinstance(move, Sans):
        rank = rank_name(move.rank)
        if end.to == pos.to:
            return _("Nobody else holds a {rank}, so {player} starts a new run.").format(rank=rank, player=v.player)
        return _("{next} plays on, the first to the left holding a {rank}.").format(next=v.next_player, rank=rank)
    card = card_text(move.card)
    if v.opera:
        text = _("{player} lays {card} and goes out in a Grand Opéra!").format(player=v.player, card=card)
    elif v.out:
        text = _("{player} lays {card} and goes out.").format(player=v.player, card=card)
    elif move.card.rank == 13:
        text = _("{player} lays {card} — \"Roi et je recommence !\": a new run.").format(player=v.player, card=card)
    else:
        text = _("{player} lays {card}.").format(player=v.player, card=card)
    if v.stakes:
        text += " " + _("{player} takes the {tokens} of {cell}.").format(
            player=v.player, tokens=tokens(v.stakes), cell=_cell(v.rules.cell_of(move.card)))
    if v.forfeited:
        text += " " + _("The board card was not announced: {tokens} stay on the board.").format(tokens=tokens(v.forfeited))
    return text


def explain_verdict(v) -> str:
    """A lay's verdict (or a settlement answer's, or one move's) in one or two sentences."""
    if hasattr(v, "expected"):
        return explain_amount(v)
    pos = v.before
    if Violation.NOT_A_LAY in v.violations:
        if len(v.moves) > 1:
            return _("One move at a time: {move} first.").format(move=v.moves[0])
        return _("{answer} is not a move: expected a card (7d, Qs!), sans R, or pass.").format(answer=repr(v.answer))
    if v.legal and len(v.moves) == 1 and v.best is None:
        return _explain_move(v)
    if v.legal:
        text = ngettext("Legal: {player} lays {n} card and takes {tokens}", "Legal: {player} lays {n} cards and takes {tokens}",
                        v.cards).format(player=v.player, n=v.cards, tokens=tokens(v.stakes))
        if v.opera:
            text += _(", and goes out in a Grand Opéra")
        elif v.out:
            text += _(", and goes out")
        elif v.next_player:
            text += _("; {player} plays next").format(player=v.next_player)
        text += "."
        if v.forfeited:
            text += " " + _("The board card was not announced: {tokens} stay on the board.").format(tokens=tokens(v.forfeited))
    else:
        at = v.position
        if v.failed_move is not None:
            move = v.moves[v.failed_move]
            head = _("Not legal at move {n} ({move}): {reasons}")
            if len(v.moves) == 1 and v.best is None:  # one move of a game played move by move: the reasons
                head = "{reasons}"
            n = v.failed_move + 1
        else:  # no one move is illegal: the lay stops too soon, after its last move ("sans R" gave the lead back)
            move = v.moves[-1] if v.moves else None
            head = _("Not legal after move {n} ({move}): {reasons}")
            n = len(v.moves)
        player = pos.names.index(v.player) if v.player in pos.names else pos.to
        reasons = " ".join(explain_violation(c, at, player, move, v.rules) for c in v.violations)
        text = head.format(n=n, move=move, reasons=reasons)
        text += _penalty_text(v.penalty)
    if v.best is not None and (not v.legal or v.best.cards > v.cards):
        text += " " + _("Best lay: {lay}.").format(lay=explain_lay(v.best, pos))
    return text


def _penalty_text(penalty) -> str:
    text = ""
    if penalty.take_back:
        text += " " + _("Take back {cards}.").format(cards=cards_text(penalty.take_back))
    if penalty.return_stake:
        text += " " + _("Any {tokens} taken go back on the cell.").format(tokens=tokens(penalty.return_stake))
    return text


def _pays(name: str, receives: bool, amount: int) -> str:
    if receives:
        return _("{player} receives {tokens}").format(player=name, tokens=tokens(amount))
    return _("{player} pays {tokens}").format(player=name, tokens=tokens(amount))


def explain_amount(v) -> str:
    """A settlement answer judged: right or not, and the settlement's lines that make the amount."""
    s = v.settlement
    end = s.end
    ask = end.asked
    name = end.names[ask]
    relevant = [p for p in s.payments if name in (p.payer, p.payee)]
    owed = _pays(name, ask == end.winner, v.expected)
    if v.legal:
        head = _("Right: {owed}.").format(owed=owed)
    elif v.given is None:
        head = _("{answer} is not a number of tokens: {owed}.").format(answer=repr(v.answer), owed=owed)
    else:
        head = _("Not {given}: {owed}.").format(given=v.given, owed=owed)
    return head + " " + " ".join(why(p, v.rules) for p in relevant)


def explain_opera(answer) -> str:
    moves = " ".join(str(m) for m in answer.moves)
    if answer.possible:
        return _("Yes: starting, this hand goes out in one turn — a Grand Opéra: {moves}.").format(moves=moves)
    return _("No: whatever the others hold, at most {n} of the {total} cards go down in the first turn ({moves}).").format(
        n=answer.cards, total=len(answer.hand), moves=moves)


def drill_prompt(end, rules: Rules) -> str:
    """The settlement question: "Bob went out. Ann holds 4 cards (…) and the Q♠…: what does Ann pay?"."""
    w = end.names[end.winner]
    ask = end.asked
    name = end.names[ask]
    out = (_("{player} went out in a Grand Opéra.") if end.opera else _("{player} went out.")).format(player=w)
    if ask == end.winner:
        others = "; ".join(_("{player} holds {cards}").format(player=n, cards=cards_text(h))
                           for n, h in zip(end.names, end.hands) if h)
        return out + " " + _("{others}. Board: {board}. What does {player} receive in all?").format(
            others=others, board=end.board, player=w)
    hand = end.hands[ask]
    board = [card_text(c) for c in hand if rules.cell_of(c) is not None]
    with_board = ("; " + ngettext("board card {cards}", "board cards {cards}", len(board)).format(cards=" ".join(board))
                  if board else "")
    return out + " " + ngettext(
        "{player} holds {n} card ({cards}{board_cards}). Board: {board}. What does {player} pay in all?",
        "{player} holds {n} cards ({cards}{board_cards}). Board: {board}. What does {player} pay in all?",
        len(hand)).format(player=name, n=len(hand), cards=cards_text(hand), board_cards=with_board, board=end.board)


def best_line(amount: int, name: str, verb: str = "pays") -> str:
    return (_pays(name, verb == "receives", amount) + ".") if verb in ("pays", "receives") else f"{name} {verb} {tokens(amount)}."
