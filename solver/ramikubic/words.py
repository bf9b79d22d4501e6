"""Every sentence Ramikubic says: combinations, verdicts, lays and melds in words.

Verdicts are data everywhere else; the CLI and the drill call these at the edge.

>>> fault_text(ComboFault.COLOUR_TWICE, ())
'a group has each colour at most once'
"""

from __future__ import annotations

from typing import Sequence

from solver.ramikubic.combos import ComboFault, ComboVerdict, MAX_SHOWN
from solver.ramikubic.tiles import Tile, tiles_text

__all__ = ["fault_text", "explain_combination", "explain_move", "violation_text", "lay_lines", "meld_lines"]

_FAULTS = {
    ComboFault.TOO_SHORT: "a combination has at least 3 tiles",
    ComboFault.MIXED: "a group has one number, a run one colour; these tiles have neither",
    ComboFault.GROUP_TOO_BIG: "a group has at most 4 tiles, one of each colour",
    ComboFault.COLOUR_TWICE: "a group has each colour at most once",
    ComboFault.NUMBER_TWICE: "a run has each number once",
    ComboFault.WRAP_NOT_ALLOWED: "these rules do not let this run go on past the 10 (standard: only a 1 may follow the 10, at the end)",
    ComboFault.NOT_CONSECUTIVE: "a run's numbers follow each other, and the jokers cannot fill the gaps",
}


def fault_text(fault: ComboFault, tiles: Sequence[Tile] = ()) -> str:
    """Why tiles make no combination, in words (the same for any ``tiles``)."""
    return _FAULTS[fault]


def explain_combination(v: ComboVerdict) -> str:
    """A combination's verdict: valid with its readings (the tile each joker stands for), or why not."""
    shown = tiles_text(v.tiles)
    if not v.valid:
        return f"{shown} is not a combination: {fault_text(v.fault, v.tiles)}."  # type: ignore[arg-type]
    rs = v.readings
    if len(rs) == 1:
        r = rs[0]
        jokers = f" (the joker stands for {', '.join(map(str, r.jokers))})" if r.jokers else ""
        if len(r.jokers) > 1:
            jokers = f" (the jokers stand for {', '.join(map(str, r.jokers))})"
        return f"{shown} is a valid {r.kind}{jokers}, worth {r.points}."
    more = f", and {len(rs) - MAX_SHOWN} more" if len(rs) > MAX_SHOWN else ""
    listed = "; ".join(" ".join(r.laid()) for r in rs[:MAX_SHOWN])
    return f"{shown} is valid, {len(rs)} readings: {listed}{more}. Worth up to {v.points}."


def violation_text(v, code) -> str:
    """One violation of a move's verdict, in words."""
    from solver.ramikubic.referee import Violation

    if code is Violation.NOT_IN_RACK:
        return f"{tiles_text(v.not_in_rack)} {'is' if len(v.not_in_rack) == 1 else 'are'} neither on the table nor in your rack"
    if code is Violation.TABLE_TILE_REMOVED:
        return f"{tiles_text(v.removed)} left the table: what is laid stays on the table"
    if code is Violation.JOKER_NOT_RELAID:
        n = v.jokers_missing
        return f"{'a joker was' if n == 1 else f'{n} jokers were'} taken from the table and not laid again"
    if code is Violation.NOT_A_COMBINATION:
        parts = [f"{tiles_text(v.new_table[i - 1])} ({fault_text(f, v.new_table[i - 1])})" for i, f in v.invalid]
        return f"not a group or a run: {'; '.join(parts)}"
    if code is Violation.MELD_USES_TABLE:
        return "the initial meld comes from your rack alone: the table's combinations stay as they are"
    return f"the initial meld is worth {v.meld_points}, less than {v.rules.meld_points}"


def explain_move(v) -> str:
    """A move's verdict: what was laid, or why not and the penalty."""
    if v.legal:
        if not v.placed:
            return "Nothing laid: draw a tile and pass."
        meld = f" (initial meld worth {v.meld_points})" if v.meld_points is not None else ""
        n = v.tiles_placed
        return f"Legal: {n} tile{'s' * (n != 1)} laid ({tiles_text(v.placed)}), {v.points_placed} points{meld}."
    reasons = "; ".join(violation_text(v, c) for c in v.violations)
    p = v.penalty
    back = f" take back {tiles_text(p.take_back)}," if p.take_back else ""
    return f"Not legal: {reasons}. The table is restored:{back} draw {p.draw} tile{'s' * (p.draw != 1)}."


def lay_lines(lay) -> list[str]:
    """The best lay in lines: what to lay, the new table, and how each combination is made."""
    if not lay.placed:
        what = "initial meld" if lay.kind == "meld" else "lay"
        return [f"No {what} possible: draw a tile and pass."]
    head = (f"Lay {lay.tiles_placed} tile{'s' * (lay.tiles_placed != 1)} ({tiles_text(lay.placed)}), "
            f"{lay.points_placed} points")
    if lay.meld_points is not None:
        head += f"; initial meld worth {lay.meld_points}"
    out = [head + ".", "New table:"]
    for i, m in enumerate(lay.moves, 1):
        if m.kept is not None:
            how = f"combination {m.kept} as it was"
        else:
            bits = [f"{tiles_text(t)} from combination {j}" for j, t in m.from_table]
            bits += [f"{tiles_text(m.from_rack)} from your rack"] if m.from_rack else []
            how = " + ".join(bits)
        out.append(f"  {i}. {tiles_text(m.combination):<30} {how}")
    if lay.rack_after:
        out.append(f"Left in your rack: {tiles_text(lay.rack_after)}.")
    return out


def meld_lines(meld) -> list[str]:
    """The initial meld in lines: the one laying the most tiles, and the highest total."""
    need = meld.rules.meld_points
    if not meld.possible and not meld.highest:
        return ["No initial meld: your rack makes no group or run. Draw a tile and pass."]
    if not meld.possible:
        return [f"No initial meld: the best your rack makes is worth {meld.highest_points}, less than {need} ({' | '.join(tiles_text(c) for c in meld.highest)}). Draw a tile and pass."]
    out = [f"Initial meld: {meld.tiles} tiles worth {meld.points} (at least {need}):"]
    out += [f"  {tiles_text(c)}" for c in meld.combinations]
    if meld.highest_points > meld.points:
        out.append(f"Highest total: {meld.highest_points} with {' | '.join(tiles_text(c) for c in meld.highest)}.")
    return out
