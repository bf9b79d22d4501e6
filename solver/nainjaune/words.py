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

from solver.nainjaune.cards import rank_text
from solver.nainjaune.round import Lay, Mode, Move, Position, Sans, Violation, claimed_cell
from solver.nainjaune.rules import Cell, Rules

__all__ = ["why", "explain_verdict", "explain_violation", "explain_settlement", "explain_lay", "explain_opera",
           "explain_amount", "explain_move_verdict", "drill_prompt", "tokens", "cards_text", "best_line"]

_CELL_NAME = {Cell.TEN: "10", Cell.JACK: "J♣", Cell.QUEEN: "Q♠", Cell.KING: "King", Cell.NAIN: "Nain Jaune (7♦)"}


def tokens(n: int) -> str:
    """``1 token``, ``4 tokens``."""
    return f"{n} token{'s' * (n != 1)}"


def cards_text(cards) -> str:
    return " ".join(c.pretty for c in cards) or "none"


def _cell(cell: Cell) -> str:
    return f"the {cell.value} cell"


def why(p, rules: Rules) -> str:
    """One payment line of a settlement, in a sentence."""
    from solver.nainjaune.settle import Reason

    short = f" — {tokens(p.due)} were due, but that is all {p.payer} had left: the game ends" if p.short else ""
    if p.reason is Reason.CARDS_LEFT:
        n = len(p.cards)
        return f"{p.payer} pays {p.payee} {tokens(p.tokens)} for {n} card{'s' * (n != 1)} left ({cards_text(p.cards)}){short}."
    if p.reason is Reason.POINTS_LEFT:
        sums = " + ".join(str(c.points) for c in p.cards) or "0"
        return f"{p.payer} pays {p.payee} {tokens(p.tokens)}, the face value of the cards left ({cards_text(p.cards)}: {sums}){short}."
    if p.reason is Reason.OPERA:
        return f"Grand Opéra: {p.payee} takes the {tokens(p.tokens)} on {_cell(p.cell)}."
    held = p.cards[0].pretty if p.cards else "its card"
    if not p.cell_before:
        return f"{p.payer} still holds {held}, but {_cell(p.cell)} is empty: nothing to double."
    if p.short:
        return (f"{p.payer} still holds {held} and owes {_cell(p.cell)} the {tokens(p.cell_before)} it holds (doubling it), "
                f"but pays only {tokens(p.tokens)} ({p.cell_before} → {p.cell_before + p.tokens}){short}.")
    return (f"{p.payer} still holds {held} and doubles {_cell(p.cell)}, paying in the {tokens(p.cell_before)} "
            f"it holds ({p.cell_before} → {p.cell_before + p.tokens}).")


def explain_settlement(s, rules: Rules) -> list[str]:
    """Every line of a settlement, then the board after and the end of the game if it comes."""
    names = s.end.names
    w = names[s.end.winner]
    lines = [f"{w} went out{' in a Grand Opéra (in the first turn)' if s.end.opera else ''}."]
    lines += [why(p, rules) for p in s.payments]
    lines.append(f"Board after: {s.board_after}.")
    lines.append("Balances: " + ", ".join(f"{n} {b:+d}" for n, b in zip(names, s.balances)) + ".")
    if s.tokens_after is not None:
        lines.append("Tokens: " + ", ".join(f"{n} {t}" for n, t in zip(names, s.tokens_after)) + ".")
    if s.cannot_pay:
        lines.append(f"{', '.join(names[i] for i in s.cannot_pay)} could not pay in full: the game is over.")
    if s.cannot_stake:
        lines.append(f"{', '.join(names[i] for i in s.cannot_stake)} cannot stake the 15 tokens of the next round: "
                     "the game is over.")
    if s.game_over and s.tokens_after is not None:
        top = max(s.tokens_after)
        lines.append(f"Winner of the game: {', '.join(n for n, t in zip(names, s.tokens_after) if t == top)} with {tokens(top)}.")
    return lines


def explain_violation(code: Violation, pos: Position, player: int, move: Move, rules: Rules) -> str:
    """Why one move is refused, in one sentence."""
    name, to = pos.names[player] if player < pos.players else str(player), pos.names[pos.to]
    need = rank_text(pos.need) if pos.need else ""
    if code is Violation.ROUND_OVER:
        return f"The round is over: {pos.names[pos.out or 0]} went out."
    if code is Violation.NOT_YOUR_TURN:
        if pos.mode is Mode.SANS:
            return f"It is {to}'s turn: {to} is the first to the left holding a {need} after \"sans {need}\"."
        return f"It is {to}'s turn, not {name}'s."
    if code is Violation.MISSED_KING_RESTART:
        return f"{to} laid a King: \"Roi et je recommence !\" — {to} starts a new run with any card."
    if code is Violation.NOT_IN_HAND:
        return f"{name} does not hold {move.card.pretty}."  # type: ignore[union-attr]
    if code is Violation.WRONG_RANK:
        return f"{move.card.pretty} does not continue the run: the next card is a {need} (any suit)."  # type: ignore[union-attr]
    if code is Violation.WRONG_SANS:
        if pos.mode is Mode.LEAD:
            return f"Nothing is missing: {to} starts a run with any card."
        return f"The missing card is a {need}: say \"sans {need}\"."
    if code is Violation.MUST_LAY:
        return f"{to} holds a {need}: after \"sans {need}\" the first player holding one must lay it."
    if code is Violation.STAKE_WITHOUT_CARD:
        cell = claimed_cell(move, rules)
        card = move.card.pretty  # type: ignore[union-attr]
        if cell is None:
            return f"{card} is not a board card: there is no stake to take."
        board = rules.board_cards[list(Cell).index(cell)].pretty
        return f"{card} is not {board}: only {board} takes the stake of {_cell(cell)}."
    if code is Violation.UNFINISHED:
        return f"Nobody else holds a {rank_text(_last_sans(move))}, so the lead comes back to {to}: the lay goes on with a new run."
    return str(code)


def _last_sans(move: Move) -> int:
    return move.rank if isinstance(move, Sans) else 0


def explain_lay(lay, pos: Position) -> str:
    """``9♣ 10♦ J♣, sans Q: 3 cards laid, 9 tokens taken``."""
    parts = []
    for m in lay.moves:
        parts.append(m.card.pretty + ("!" if m.announced else "") if isinstance(m, Lay) else f"sans {rank_text(m.rank)}")
    what = f"{lay.cards} card{'s' * (lay.cards != 1)} laid, {tokens(lay.stakes)} taken"
    if lay.opera:
        what += " — out: a Grand Opéra"
    elif lay.out:
        what += " — out"
    return f"{' '.join(parts)}: {what}"


def explain_verdict(v) -> str:
    """A lay's verdict (or a settlement answer's) in one or two sentences."""
    if hasattr(v, "expected"):
        return explain_amount(v)
    pos = v.before
    if v.legal:
        text = f"Legal: {v.player} lays {v.cards} card{'s' * (v.cards != 1)} and takes {tokens(v.stakes)}"
        if v.opera:
            text += ", and goes out in a Grand Opéra"
        elif v.out:
            text += ", and goes out"
        elif v.next_player:
            text += f"; {v.next_player} plays next"
        text += "."
        if v.forfeited:
            text += f" The board card was not announced: {tokens(v.forfeited)} stay on the board."
    else:
        at = v.position
        move = v.moves[v.failed_move] if v.failed_move is not None else None
        player = pos.to
        reasons = " ".join(explain_violation(c, at, player, move, v.rules) for c in v.violations)
        text = f"Not legal at move {(v.failed_move or 0) + 1} ({move}): {reasons}"
        if v.penalty.take_back:
            text += f" Take back {cards_text(v.penalty.take_back)}."
        if v.penalty.return_stake:
            text += f" Any {tokens(v.penalty.return_stake)} taken go back on the cell."
    if v.best is not None and (not v.legal or v.best.cards > v.cards):
        text += f" Best lay: {explain_lay(v.best, pos)}."
    return text


def explain_amount(v) -> str:
    """A settlement answer judged: right or not, and the settlement's lines that make the amount."""
    s = v.settlement
    end = s.end
    ask = end.ask if end.ask is not None else next(i for i in range(len(end.hands)) if i != end.winner)
    name = end.names[ask]
    relevant = [p for p in s.payments if name in (p.payer, p.payee)]
    verb = "receives" if ask == end.winner else "pays"
    if v.legal:
        head = f"Right: {name} {verb} {tokens(v.expected)}."
    elif v.given is None:
        head = f"{v.answer!r} is not a number of tokens: {name} {verb} {tokens(v.expected)}."
    else:
        head = f"Not {v.given}: {name} {verb} {tokens(v.expected)}."
    return head + " " + " ".join(why(p, v.rules) for p in relevant)


def explain_opera(answer) -> str:
    if answer.possible:
        moves = " ".join(str(m) for m in answer.moves)
        return f"Yes: starting, this hand goes out in one turn — a Grand Opéra: {moves}."
    return (f"No: whatever the others hold, at most {answer.cards} of the {len(answer.hand)} cards go down in the "
            f"first turn ({' '.join(str(m) for m in answer.moves)}).")


def explain_move_verdict(m, rules: Rules) -> str:
    """One recorded move judged, in a sentence."""
    if m.legal is None:
        return f"line {m.line}: {m.player} {m.move} — not judged (the round went off the rules earlier)"
    if m.legal:
        extra = f", takes {tokens(m.stakes)}" if m.stakes else ""
        extra += f", forgot the announcement: {tokens(m.forfeited)} stay on the board" if m.forfeited else ""
        return f"line {m.line}: {m.player} {m.move} — legal{extra}"
    from solver.nainjaune.round import parse_move, seat

    move = parse_move(m.move)
    pos = m.position
    player = seat(m.player, pos.names)
    reasons = " ".join(explain_violation(c, pos, player, move, rules) for c in m.violations)
    fix = ""
    if m.penalty.take_back:
        fix += f" Take back {cards_text(m.penalty.take_back)}."
    if m.penalty.return_stake:
        fix += f" Any {tokens(m.penalty.return_stake)} taken go back on the cell."
    return f"line {m.line}: {m.player} {m.move} — NOT LEGAL ({', '.join(map(str, m.violations))}): {reasons}{fix}"


def drill_prompt(end, rules: Rules) -> str:
    """The settlement question: "Bob went out. Ann holds 4 cards (…) and the Q♠…: what does Ann pay?"."""
    w = end.names[end.winner]
    ask = end.ask if end.ask is not None else next(i for i in range(len(end.hands)) if i != end.winner)
    name = end.names[ask]
    opera = " in a Grand Opéra" if end.opera else ""
    if ask == end.winner:
        others = "; ".join(f"{n} holds {cards_text(h)}" for n, h in zip(end.names, end.hands) if h)
        return f"{w} went out{opera}. {others}. Board: {end.board}. What does {w} receive in all?"
    hand = end.hands[ask]
    board = [c.pretty for c in hand if rules.cell_of(c) is not None]
    with_board = f"; board card{'s' * (len(board) > 1)} {' '.join(board)}" if board else ""
    return (f"{w} went out{opera}. {name} holds {len(hand)} card{'s' * (len(hand) != 1)} ({cards_text(hand)}{with_board}). "
            f"Board: {end.board}. What does {name} pay in all?")


def best_line(amount: int, name: str, verb: str = "pays") -> str:
    return f"{name} {verb} {tokens(amount)}."
