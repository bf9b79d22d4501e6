"""``tablecalc ramikubic``: check a combination, find the initial meld and the best lay, judge a move, score rounds.

A thin layer over :mod:`solver.ramikubic`. Bad input raises :class:`TablecalcError`, which
:class:`trainer.clikit.Group` prints as one line (exit 2); ``check`` and ``judge`` exit 1
when the combination or the move is refused (``move`` is ``judge``'s old name). Every
command takes ``--json``; the rule options and ``--tiles`` come from the game's declaration
(:class:`trainer.clikit.GameApp`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _
from trainer.clikit import EXIT_ILLEGAL, ExportOpt, ForceOpt, GameApp, JsonOpt, emit_json, export_data, answer_verdict

app = GameApp(
    "ramikubic",
    help="Ramikubic (tile rummy): check a combination, the initial meld, the best lay, judge a move, score rounds.",
)

TableOpt = Annotated[str, typer.Option("--table", help="The table: combinations separated by |, e.g. \"7b 8b 9b | 5r 5y 5g\".")]
RackOpt = Annotated[str, typer.Option("--rack", help="Your rack, e.g. \"10b 7ja 7g joker\".")]
MeldedOpt = Annotated[bool, typer.Option("--melded/--not-melded", help="Whether you made your initial meld in an earlier turn.")]


def _position(table: str, rack: str, melded: bool, rules, ts):
    from solver.ramikubic import Position
    from solver.parsing import format_fields

    if "|" not in table and ";" in table:
        raise TablecalcError(_("bad table {table}: combinations are separated by |, not ;").format(table=repr(table)))
    text = format_fields([("table", table.strip()), ("rack", rack.strip() or "-"), ("melded", melded)])
    position = Position.parse(text, ts)
    position.check(rules, ts)
    return position


# ---------------------------------------------------------------- check


@app.command("check")
def check(
    tiles: Annotated[list[str], typer.Argument(help="The tiles of one combination, e.g. \"7b 8b 9b\" or 7r 7b joker.")],
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Whether tiles make a group or a run, the tile each joker stands for (every reading), or why not."""
    from solver.ramikubic import GAME, judge_combination
    from solver.ramikubic.words import explain_combination, say
    from solver.rulebook import citation

    combo = data.parse_tiles(" ".join(tiles), "the combination")
    if not combo:
        raise TablecalcError(_("no tiles: expected the tiles of one combination, e.g. \"7b 8b 9b\""))
    data.check_counts(combo, "the combination")
    v = judge_combination(combo, rules, data)
    said = f"{explain_combination(v)} {citation(GAME, v.clauses, rules)}".strip()
    if as_json:
        emit_json({**v.as_dict(), "rules": rules.as_dict(), "explanation": said})
    else:
        typer.echo((_("VALID") if v.valid else _("NOT VALID") + f"  ({v.fault})"))
        typer.echo(say(said))
    if not v.valid:
        raise typer.Exit(EXIT_ILLEGAL)


# ---------------------------------------------------------------- meld


@app.command("meld")
def meld(rack: RackOpt, *, rules, data, as_json: JsonOpt = False) -> None:
    """The initial meld from the rack alone: whether one exists, the one laying the most tiles, the highest total."""
    from solver.ramikubic import best_meld
    from solver.ramikubic.words import meld_lines, say

    position = _position("", rack, False, rules, data)
    m = best_meld(position, rules, data)
    if as_json:
        emit_json(m.as_dict())
        return
    for line in meld_lines(m):
        typer.echo(say(line))


# ---------------------------------------------------------------- best


@app.command("best")
def best(table: TableOpt = "", rack: RackOpt = "", melded: MeldedOpt = True, *, rules, data,
         as_json: JsonOpt = False) -> None:
    """The best lay: the most tiles from the rack, any rearrangement of the table; the final table and the moves."""
    from solver.ramikubic import solve
    from solver.ramikubic.words import lay_lines, say

    position = _position(table, rack, melded, rules, data)
    lay = solve(position, rules, data)
    if as_json:
        emit_json(lay.as_dict())
        return
    for line in lay_lines(lay):
        typer.echo(say(line))


# ---------------------------------------------------------------- judge


@app.command("judge", aliases=("move",))
def judge(
    new_table: Annotated[str, typer.Argument(help="The table after your move (combinations separated by |), \"+ COMBINATIONS\" to add, \"1 2: COMBINATIONS\" to replace old combinations 1 and 2, or pass.")],
    table: TableOpt = "", rack: RackOpt = "", melded: MeldedOpt = True, *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Judge a move: the new table against the old one and the rack (exit 1 when it is refused)."""
    from solver.ramikubic import GAME

    position = _position(table, rack, melded, rules, data)
    answer_verdict(GAME, GAME.judge(position, new_table, rules, data), as_json, rules=rules)


# ---------------------------------------------------------------- score


@app.command("score")
def score(
    rounds: Annotated[list[str], typer.Option("--round", help="One round: the racks at its end separated by |, the winner's -, e.g. \"- | 5r 7b joker | 10y\"; a first-turn finish: \"first: - | laid | waiting\".")],
    players: Annotated[Optional[str], typer.Option("--players", help="Names, comma-separated, in the racks' order.")] = None,
    *, rules, data, as_json: JsonOpt = False,
) -> None:
    """Round scores (the winner 0, the others minus their rack, a joker 50; first-turn finish −200/−100), totals, the winner."""
    from solver.ramikubic.rules import Winner
    from solver.ramikubic.scoring import parse_round, round_scores, totals, winners

    parsed = [parse_round(r, data) for r in rounds]
    scores = [round_scores(r, rules, data) for r in parsed]
    total = totals(scores)
    names = [n.strip() for n in players.split(",")] if players else [f"player {i + 1}" for i in range(len(total))]
    if len(names) != len(total) or not all(names):
        raise TablecalcError(_("bad --players {players}: expected {total} names separated by commas").format(
            players=repr(players), total=len(total)))
    won = [names[i] for i in winners(total, rules)]
    if as_json:
        emit_json({"players": names, "rounds": [list(s) for s in scores], "totals": list(total),
                   "points_lost": [-t for t in total], "winners": won, "rules": rules.as_dict()})
        return
    width = max(len(n) for n in names)
    for i, n in enumerate(names):
        typer.echo(f"{n:<{width}}  " + "  ".join(f"{s[i]:>5}" for s in scores) + f"   total {total[i]:>5}")
    if rules.winner is Winner.LOWEST_TOTAL:
        typer.echo(_("Winner: {players} (the lowest total, the seed's words read literally).").format(
            players=", ".join(won)))
    else:
        typer.echo(_("Winner: {players} (the lowest total of points lost).").format(players=", ".join(won)))


# ---------------------------------------------------------------- tiles


@app.command("tiles")
def tiles(
    tiles_file: Annotated[Optional[Path], typer.Option("--tiles", help="A tile file (TOML) instead of the built-in set.")] = None,
    export: ExportOpt = None, force: ForceOpt = False, as_json: JsonOpt = False,
) -> None:
    """The tile set tablecalc plays with, and how to write a tile; --export writes the tile file to edit."""
    from solver.ramikubic import GAME

    if export is not None:
        from importlib import resources

        export_data(resources.files("solver.ramikubic").joinpath("tiles.toml").read_text("utf-8"), export, "tiles", "--tiles", force=force)
        return

    ts = GAME.load_data(GAME.rules(), tiles_file)
    if as_json:
        emit_json(ts.as_dict())
        return
    from solver.ramikubic.words import colour_name

    typer.echo(_("Numbers {low}-{high} in {colours}, {copies} of each; {jokers} jokers worth {points} ({source}).").format(
        low=ts.low, high=ts.high, colours=", ".join(colour_name(c) for c in ts.colours), copies=ts.copies,
        jokers=ts.jokers, points=ts.joker_points, source=_("built-in") if ts.source == "built-in" else ts.source))
    typer.echo(_("Write a tile as number + colour: 7b 7y 7g 7r (English) or 7bl 7ja 7ve 7ro (French); a joker j."))
