"""Every sentence Ramikubic says: combinations, verdicts, lays and melds in words.

Verdicts are data everywhere else; the CLI and the drill call these at the edge.

>>> fault_text(Violation.COLOUR_TWICE, ())
'a group has each colour at most once'
"""

from __future__ import annotations

import re
from typing import Sequence

from solver.i18n import N_, NP_, _, language, ngettext, pgettext
from solver.ramikubic.combos import MAX_SHOWN, CombinationVerdict
from solver.ramikubic.rules import MeldJoker
from solver.ramikubic.steps import Build, Refusal, StepRefused
from solver.ramikubic.tiles import Tile, tiles_text
from solver.ramikubic.verdict import RoundVerdict, Verdict, Violation

__all__ = ["fault_text", "totals_text", "explain_combination", "explain_move", "explain_turn", "violation_text",
           "refusal_text", "build_lines", "lay_lines",
           "meld_lines"]

_FAULTS = {
    Violation.TOO_SHORT: N_("a combination has at least 3 tiles"),
    Violation.MIXED: N_("a group has one number, a run one colour; these tiles have neither"),
    Violation.GROUP_TOO_BIG: N_("a group has at most 4 tiles, one of each colour"),
    Violation.COLOUR_TWICE: N_("a group has each colour at most once"),
    Violation.NUMBER_TWICE: N_("a run has each number once"),
    Violation.WRAP_NOT_ALLOWED: N_("these rules do not let this run go on past the 10 (standard: only a 1 may follow the 10, at the end)"),
    Violation.NOT_CONSECUTIVE: N_("a run's numbers follow each other, and the jokers cannot fill the gaps"),
}
_KINDS = (N_("group"), N_("run"))
"""The kinds of combination (:class:`solver.ramikubic.combos.Kind`), for the catalogues."""


def _listed(parts) -> str:
    """Clauses one after another, separated as the language writes it (French: `` ; ``)."""
    return pgettext("between clauses", "; ").join(parts)


def totals_text(points: int, meld: int | None, placed: Sequence[Tile], rules) -> str:
    """The two totals of what was laid, each named: the points it takes off the rack (a joker
    at its end-of-round value) and, for an initial meld, what the meld is worth (a joker as
    the tile it stands for, unless ``meld_joker`` says otherwise). How a joker counts is said
    only when one was laid.

    >>> from solver.ramikubic.rules import Rules
    >>> from solver.ramikubic.tiles import TileSet
    >>> ts = TileSet.default()
    >>> totals_text(64, 21, ts.parse_tiles("7y 7g joker"), Rules())
    '64 points off your rack (a joker counts 50); initial meld worth 21 (a joker counts the tile it stands for)'
    >>> totals_text(21, None, ts.parse_tiles("7y 7g 7r"), Rules())
    '21 points off your rack'
    """
    jokers = [t for t in placed if t.is_joker]
    text = _("{points} points off your rack").format(points=points)
    if jokers:
        each = (points - sum(t.number for t in placed if not t.is_joker)) // len(jokers)
        joker = _("(a joker counts {points})").format(points=each)
        text += " " + joker
    if meld is None:
        return text
    text += pgettext("between clauses", "; ") + _("initial meld worth {points}").format(points=meld)
    if jokers:
        stands_for = rules.meld_joker is MeldJoker.STANDS_FOR
        text += " " + (_("(a joker counts the tile it stands for)") if stands_for else joker)
    return text


def fault_text(fault: Violation, tiles: Sequence[Tile] = ()) -> str:
    """Why tiles make no combination, in words (the same for any ``tiles``)."""
    return _(_FAULTS[fault])


def explain_combination(v: CombinationVerdict) -> str:
    """A combination's verdict: valid with its readings (the tile each joker stands for), or why not."""
    shown = tiles_text(v.tiles)
    if not v.valid:
        return _("{tiles} is not a combination: {why}.").format(tiles=shown, why=fault_text(v.fault, v.tiles))  # type: ignore[arg-type]
    rs = v.readings
    if len(rs) == 1:
        r = rs[0]
        jokers = (" " + _("(the joker stands for {tiles})").format(tiles=", ".join(map(str, r.jokers)))) if r.jokers else ""
        if len(r.jokers) > 1:
            jokers = " " + _("(the jokers stand for {tiles})").format(tiles=", ".join(map(str, r.jokers)))
        return _("{tiles} is a valid {kind}{jokers}, worth {points}.").format(
            tiles=shown, kind=_(str(r.kind)), jokers=jokers, points=r.points)
    more = _(", and {n} more").format(n=len(rs) - MAX_SHOWN) if len(rs) > MAX_SHOWN else ""
    listed = _listed(" ".join(r.laid()) for r in rs[:MAX_SHOWN])
    return _("{tiles} is valid, {n} readings: {listed}{more}. Worth up to {points}.").format(
        tiles=shown, n=len(rs), listed=listed, more=more, points=v.points)


def violation_text(v: Verdict, code: Violation) -> str:
    """One violation of a move's verdict, in words."""
    if code is Violation.NOT_IN_RACK:
        return ngettext("{tiles} is neither on the table nor in your rack", "{tiles} are neither on the table nor in your rack",
                        len(v.not_in_rack)).format(tiles=tiles_text(v.not_in_rack))
    if code is Violation.TABLE_TILE_REMOVED:
        return _("{tiles} left the table: what is laid stays on the table").format(tiles=tiles_text(v.removed))
    if code is Violation.JOKER_NOT_RELAID:
        n = v.jokers_missing
        return ngettext("a joker was taken from the table and not laid again",
                        "{n} jokers were taken from the table and not laid again", n).format(n=n)
    if code is Violation.NOT_A_COMBINATION:
        parts = [f"{tiles_text(v.new_table[i - 1])} ({fault_text(f, v.new_table[i - 1])})" for i, f in v.invalid]
        return _("not a group or a run: {parts}").format(parts=_listed(parts))
    if code is Violation.COULD_LAY:
        return _("your rack can lay: with these rules a player who can lay must lay (a pass only when nothing can be laid)")
    if code is Violation.MELD_USES_TABLE:
        return _("the initial meld comes from your rack alone: the table's combinations stay as they are")
    return _("the initial meld is worth {points}, less than {need}").format(points=v.meld_points, need=v.rules.meld_points)


def refusal_text(e: StepRefused) -> str:
    """Why a step of a move entered step by step (:mod:`solver.ramikubic.steps`) was not made, and what
    was expected, in words.

    >>> from solver.ramikubic.steps import Refusal
    >>> refusal_text(StepRefused("", Refusal.LOOSE_TILES))
    'Lay the tiles taken from the table again before done (or undo).'
    """
    r = e.refusal
    if r is Refusal.NO_SUCH_COMBINATION:
        return _("There is no such combination: expected numbers of the table, 1 to {n}.").format(n=e.combinations)
    if r is Refusal.NOT_AVAILABLE:
        return ngettext("{tiles} is neither in your rack nor taken from the table.",
                        "{tiles} are neither in your rack nor taken from the table.", len(e.tiles)).format(
            tiles=tiles_text(e.tiles))
    if r is Refusal.NOT_A_COMBINATION:
        return _("{tiles} is not a combination: {why}. Nothing was laid.").format(
            tiles=tiles_text(e.tiles), why=fault_text(e.fault, e.tiles))  # type: ignore[arg-type]
    if r is Refusal.LOOSE_TILES:
        return _("Lay the tiles taken from the table again before done (or undo).")
    if r is Refusal.MELD_FIRST:
        return _("Your initial meld comes from your rack alone: lay new combinations, take nothing from the table.")
    return _("Expected a step: take N (take up combination N), lay TILES (a new combination), "
             "add N: TILES (to combination N), undo, or done.")


def build_lines(b: Build) -> list[str]:
    """Where a move entered step by step stands: the table now (numbered as the next step names it),
    the tiles taken from the table still to lay, the rack left."""
    lines = [_("Table now:")]
    lines += [f"  [{i}] {tiles_text(c)}" for i, c in enumerate(b.table, 1)] or ["  " + _("empty")]
    if b.loose:
        lines.append(_("Taken from the table, to lay again: {tiles}").format(tiles=tiles_text(b.loose)))
    lines.append(_("Your rack: {tiles}").format(tiles=tiles_text(b.rack) or "-"))
    return lines


def explain_move(v: Verdict) -> str:
    """A move's verdict: what was laid, or why not and the penalty."""
    if v.legal:
        if not v.placed:
            return _("Nothing laid: draw a tile and pass.")
        n = v.tiles_placed
        return ngettext("Legal: {n} tile laid ({tiles}), {totals}.", "Legal: {n} tiles laid ({tiles}), {totals}.", n).format(
            n=n, tiles=tiles_text(v.placed), totals=totals_text(v.points_placed, v.meld_points, v.placed, v.rules))
    reasons = _listed(violation_text(v, c) for c in v.violations)
    if v.violations == (Violation.COULD_LAY,):
        return _("Not legal: {reasons}. No penalty: lay instead.").format(reasons=reasons)
    p = v.penalty
    if p.take_back:
        return ngettext("Not legal: {reasons}. The table is restored: take back {tiles}, draw {n} tile.",
                        "Not legal: {reasons}. The table is restored: take back {tiles}, draw {n} tiles.", p.draw).format(
            reasons=reasons, tiles=tiles_text(p.take_back), n=p.draw)
    return ngettext("Not legal: {reasons}. The table is restored: draw {n} tile.",
                    "Not legal: {reasons}. The table is restored: draw {n} tiles.", p.draw).format(reasons=reasons, n=p.draw)


def explain_turn(v: RoundVerdict) -> str:
    """One turn of a whole round: what was laid or drawn, or why the move is refused and the
    penalty; a missed turn that puts the player out of the round. (``play`` and ``follow`` say
    "Legal." or "Not legal." before it.)

    >>> from solver.ramikubic.round import RoundState
    >>> from solver.ramikubic.rules import Rules
    >>> from solver.ramikubic.tiles import TileSet
    >>> s = RoundState.parse("racks Ann: 7y 7g 7r | Bob: 1r; pool 4b; missed Ann:1", Rules(), TileSet.default())
    >>> explain_turn(s.judge("+ 7y 7g 7r"))
    '3 tiles laid (7y 7g 7r), 21 points off your rack; initial meld worth 21.'
    >>> explain_turn(s.judge("overtime"))
    'Over time. The table is restored: draw 1 tile. Ann missed 2 turns in a row: out of the round.'
    >>> explain_turn(s.judge("pass", 1))
    "It is not Bob's turn: Ann is to play. The move is not played."
    """
    if Violation.ROUND_OVER in v.violations:
        return _("The round is over: no more moves.")
    if Violation.NOT_YOUR_TURN in v.violations:
        return _("It is not {player}'s turn: {mover} is to play. The move is not played.").format(
            player=v.name, mover=v.mover)
    if v.legal:
        assert v.turn is not None
        if v.placed:
            t = v.turn
            return ngettext("{n} tile laid ({tiles}), {totals}.", "{n} tiles laid ({tiles}), {totals}.",
                            t.tiles_placed).format(n=t.tiles_placed, tiles=tiles_text(t.placed),
                                                   totals=totals_text(t.points_placed, t.meld_points, t.placed, t.rules))
        if v.drew:
            return _("Nothing laid: draw a tile and pass.")
        return _("Nothing laid, and the pool is empty: pass.")
    if Violation.NOT_UNDERSTOOD in v.violations:
        head = _("Not understood: {reason}").format(reason=v.reason)
    elif Violation.OVERTIME in v.violations:
        head = _("Over time")
    else:
        assert v.turn is not None
        head = _capital(_listed(violation_text(v.turn, c) for c in v.violations))
    if not v.played:
        return _("{head}. The move is not played: {mover} is still to play.").format(head=head, mover=v.mover)
    back = v.penalty.take_back
    if back and v.drew:
        tail = ngettext("The table is restored: take back {tiles}, draw {n} tile.",
                        "The table is restored: take back {tiles}, draw {n} tiles.", v.drew)
    elif back:
        tail = _("The table is restored: take back {tiles}; the pool is empty, nothing to draw.")
    elif v.drew:
        tail = ngettext("The table is restored: draw {n} tile.", "The table is restored: draw {n} tiles.", v.drew)
    else:
        tail = _("The table is restored; the pool is empty, nothing to draw.")
    text = _("{head}. {tail}").format(head=head, tail=tail.format(tiles=tiles_text(back), n=v.drew))
    if v.ejected:
        text += " " + _("{player} missed {n} turns in a row: out of the round.").format(player=v.name, n=v.missed)
    return text


_COLOUR_NAMES = {"blue": NP_("tile colour", "blue"), "yellow": NP_("tile colour", "yellow"),
                 "green": NP_("tile colour", "green"), "red": NP_("tile colour", "red")}


def colour_name(colour) -> str:
    """A tile colour's name in the language in use (``jaune``)."""
    name = str(getattr(colour, "value", colour))
    return pgettext("tile colour", name) if name in _COLOUR_NAMES else name


_TILE = re.compile(r"(?<![\w-])(\d{1,2})([bygr])(?![\w-])")
_FRENCH_LETTERS = {"b": "bl", "y": "ja", "g": "ve", "r": "ro"}


def say(text: str) -> str:
    """``text`` with every tile in the letters of the language in use: French writes ``7ja`` for
    ``7y`` (bl, ja, ve, ro, which the tile reader reads back); English and Dutch keep b y g r.

    >>> from solver.i18n import speaking
    >>> with speaking("fr"):
    ...     say("7y 8y 9y | 10b joker")
    '7ja 8ja 9ja | 10bl joker'
    """
    if language() != "fr":
        return text
    return _TILE.sub(lambda m: m[1] + _FRENCH_LETTERS[m[2]], text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def lay_lines(lay) -> list[str]:
    """The best lay in lines: what to lay, the new table, and how each combination is made."""
    if not lay.placed:
        if lay.kind == "meld":
            return [_("No initial meld possible: draw a tile and pass.")]
        return [_("No lay possible: draw a tile and pass.")]
    head = ngettext("Lay {n} tile ({tiles}), {totals}", "Lay {n} tiles ({tiles}), {totals}", lay.tiles_placed).format(
        n=lay.tiles_placed, tiles=tiles_text(lay.placed),
        totals=totals_text(lay.points_placed, lay.meld_points, lay.placed, lay.rules))
    out = [head + ".", _("New table:")]
    for i, m in enumerate(lay.moves, 1):
        if m.kept is not None:
            how = _("combination {n} as it was").format(n=m.kept)
        else:
            bits = [_("{tiles} from combination {n}").format(tiles=tiles_text(t), n=j) for j, t in m.from_table]
            bits += [_("{tiles} from your rack").format(tiles=tiles_text(m.from_rack))] if m.from_rack else []
            how = " + ".join(bits)
        out.append(f"  {i}. {tiles_text(m.combination):<30} {how}")
    if lay.rack_after:
        out.append(_("Left in your rack: {tiles}.").format(tiles=tiles_text(lay.rack_after)))
    return out


def meld_lines(meld) -> list[str]:
    """The initial meld in lines: the one laying the most tiles, and the highest total."""
    need = meld.rules.meld_points
    if not meld.possible and not meld.highest:
        return [_("No initial meld: your rack makes no group or run. Draw a tile and pass.")]
    if not meld.possible:
        return [_("No initial meld: the best your rack makes is worth {points}, less than {need} ({combinations}). "
                  "Draw a tile and pass.").format(points=meld.highest_points, need=need,
                                                  combinations=" | ".join(tiles_text(c) for c in meld.highest))]
    out = [_("Initial meld: {n} tiles worth {points} (at least {need}):").format(n=meld.tiles, points=meld.points, need=need)]
    out += [f"  {tiles_text(c)}" for c in meld.combinations]
    if meld.highest_points > meld.points:
        out.append(_("Highest total: {points} with {combinations}.").format(
            points=meld.highest_points, combinations=" | ".join(tiles_text(c) for c in meld.highest)))
    return out
