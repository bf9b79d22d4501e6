"""A plain Nam Nam move generator written straight from the rules, for the tests to check the engine
against: seeds go round a ring of named pits one at a time, nothing is shared with ``solver.namnam``.

A board is ``{(side, pit): seeds}`` with side 0 = South, 1 = North and pits 1-6 from each
player's own left.
"""

from __future__ import annotations


def ring(direction: str) -> list[tuple[int, int]]:
    """The pits in sowing order: counter-clockwise runs South 1→6 then North 1→6."""
    order = list(range(1, 7)) if direction == "ccw" else list(range(6, 0, -1))
    return [(0, p) for p in order] + [(1, p) for p in order]


def board_of(south, north) -> dict:
    b = {(0, i + 1): n for i, n in enumerate(south)}
    b.update({(1, i + 1): n for i, n in enumerate(north)})
    return b


def play(board: dict, mover: int, pit: int, direction: str) -> tuple[dict, int, bool]:
    """Sow ``pit`` of ``mover``: the new board, the seeds captured, and whether it was a grand slam."""
    r = ring(direction)
    b = dict(board)
    seeds, b[(mover, pit)] = b[(mover, pit)], 0
    pos = r.index((mover, pit))
    while seeds:
        pos = (pos + 1) % len(r)
        if r[pos] == (mover, pit):
            continue  # a full lap: the emptied pit is skipped
        b[r[pos]] += 1
        seeds -= 1
    taken = []
    while r[pos][0] != mover and b[r[pos]] in (2, 3) and r[pos] not in taken:
        taken.append(r[pos])
        pos -= 1
    total = sum(b[t] for t in taken)
    opponent_total = sum(n for (side, _), n in b.items() if side != mover)
    if taken and total == opponent_total:
        return b, 0, True
    for t in taken:
        b[t] = 0
    return b, total, False


def legal_moves(board: dict, mover: int, direction: str, forbid_grand_slam: bool = False) -> list[int]:
    """Pits 1-6 the mover may sow: not empty; feeding a starving opponent when they are; grand slam rule."""
    starving = all(n == 0 for (side, _), n in board.items() if side != mover)
    moves = []
    for pit in range(1, 7):
        if board[(mover, pit)] == 0:
            continue
        after, _, _ = play(board, mover, pit, direction)
        if starving and all(n == 0 for (side, _), n in after.items() if side != mover):
            continue
        moves.append(pit)
    if forbid_grand_slam:
        plain = [p for p in moves if not play(board, mover, p, direction)[2]]
        moves = plain or moves
    return moves


def perft(board: dict, mover: int, depth: int, direction: str = "ccw", forbid_grand_slam: bool = False) -> int:
    if depth == 0:
        return 1
    return sum(perft(play(board, mover, p, direction)[0], 1 - mover, depth - 1, direction, forbid_grand_slam)
               for p in legal_moves(board, mover, direction, forbid_grand_slam))


def value(board: dict, mover: int, depth: int, direction: str = "ccw") -> int | None:
    """Plain minimax of the rest of the game (seeds the mover still takes minus the opponent's, the
    rows split at the end), or ``None`` when some line is still going at ``depth``."""
    moves = legal_moves(board, mover, direction)
    if not moves:
        mine = sum(n for (side, _), n in board.items() if side == mover)
        return mine - (sum(board.values()) - mine)
    if depth == 0:
        return None
    best = None
    for p in moves:
        after, cap, _ = play(board, mover, p, direction)
        v = value(after, 1 - mover, depth - 1, direction)
        if v is None:
            return None
        best = max(best if best is not None else -99, cap - v)
    return best


def all_boards(n: int):
    """Every (south, north) with ``n`` seeds, South to move, as plain tuples."""
    def parts(total, k):
        if k == 1:
            yield (total,)
            return
        for a in range(total + 1):
            for rest in parts(total - a, k - 1):
                yield (a,) + rest
    for pits in parts(n, 12):
        yield pits[:6], pits[6:]


def table_values(max_seeds: int) -> dict:
    """The endgame tables' values the slow way, layer by layer (counter-clockwise, South to move):
    ``{(south, north): value}``. In a layer, the bounds rise and fall move by move until they
    stop; where they still differ the game can go round for ever, and the position's own row
    split, kept between the bounds, is its value (the end-of-game rule)."""
    def key(board, mover):  # as the player to move sees it: their row first
        rows = [tuple(board[(s, p)] for p in range(1, 7)) for s in (0, 1)]
        return (rows[mover], rows[1 - mover])

    values: dict = {}
    for n in range(max_seeds + 1):
        layer = list(all_boards(n))
        moves = {}
        for south, north in layer:
            b = board_of(south, north)
            moves[(south, north)] = [(cap, key(after, 1)) for after, cap, _ in
                                     (play(b, 0, p, "ccw") for p in legal_moves(b, 0, "ccw"))]
        split = {k: sum(k[0]) - sum(k[1]) for k in layer}
        low = {k: (split[k] if not moves[k] else -n) for k in layer}
        high = {k: (split[k] if not moves[k] else n) for k in layer}
        while True:
            new_low = {k: max(cap - (values[c] if cap else high[c]) for cap, c in moves[k]) if moves[k] else low[k]
                       for k in layer}
            new_high = {k: max(cap - (values[c] if cap else low[c]) for cap, c in moves[k]) if moves[k] else high[k]
                        for k in layer}
            if new_low == low and new_high == high:
                break
            low, high = new_low, new_high
        for k in layer:
            values[k] = min(max(split[k], low[k]), high[k])
    return values
