"""``tablecalc namnam``: show a position, referee a move, count with perft, find the best move,
build the endgame tables; referee, simulate, analyse, play and follow whole games (the
commands every game played whole gets from :mod:`trainer.whole`).

A thin layer over :mod:`solver.namnam`. Positions are written ``S1.S2.S3.S4.S5.S6/N1...N6 s|n
SOUTH-NORTH`` (pits from each player's left, the side to move, the seeds captured) or
``start``. Bad input raises :class:`TablecalcError`, printed as one line (exit 2); ``judge``
exits 1 when the move is illegal (``move`` is its old name).
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from trainer.clikit import EngineOpt, GameApp, JsonOpt, emit_json, answer_verdict

app = GameApp("namnam", help="Nam Nam (awalé): referee a move, perft, the best move, endgame tables, play the computer.")

PositionArg = Annotated[str, typer.Argument(help="'start' or e.g. '4.4.4.4.4.4/4.4.4.4.4.4 s 0-0' "
                                                 "(South's pits, North's pits, side to move, seeds captured).")]


def _position(text: str):
    from solver.namnam import Position

    return Position.parse(text)


@app.command("show")
def show(position: PositionArg, *, rules, as_json: JsonOpt = False) -> None:
    """Draw the board, and list the legal moves."""
    from solver.namnam import legal_pits

    pos = _position(position)
    moves = legal_pits(pos, rules)
    if as_json:
        emit_json({"position": str(pos), "south": list(pos.south), "north": list(pos.north),
                   "to_move": ("south", "north")[pos.to_move], "captured": list(pos.captured),
                   "legal_moves": moves, "rules": rules.as_dict()})
        return
    from trainer.games.namnam.render import console, print_board

    print_board(pos, rules)
    console.print(_("Legal moves: {moves}").format(moves=", ".join(map(str, moves)) or _("none — the game is over")))


@app.command("judge", aliases=("move",))
def judge(position: PositionArg, pit: Annotated[str, typer.Argument(help="The pit to sow: 1-6 from the mover's left.")],
          *, rules, as_json: JsonOpt = False) -> None:
    """The position after a move, what it captured and why; an illegal move says why (exit 1)."""
    from solver.namnam import GAME

    pos = _position(position)

    def show(v) -> None:
        from solver.namnam import Position
        from trainer.games.namnam.render import console, marks_of, print_board
        from trainer.out import safe

        console.print((_("LEGAL") if v.legal else _("NOT LEGAL") + f"  ({', '.join(v.violations)})"))
        console.print(safe(GAME.explain(v)))  # it quotes what was typed
        if v.legal:
            marks = marks_of((v.last, *v.captured_pits) if not v.captured else v.captured_pits, pos.to_move)
            print_board(Position.parse(v.after), rules, marks)

    answer_verdict(GAME, GAME.judge(pos, pit, rules, None), as_json, rules=rules, show=show)


@app.command("perft")
def perft(position: PositionArg, depth: Annotated[int, typer.Argument(help="Plies (0-12).")],
          divide: Annotated[bool, typer.Option("--divide", help="Also count per first move.")] = False,
          engine: EngineOpt = "auto", *, rules, as_json: JsonOpt = False) -> None:
    """Count the legal move sequences of DEPTH plies (python-chess's perft), optionally per first move."""
    import time

    from solver.namnam.perft import divide as do_divide, perft as do_perft

    pos = _position(position)
    t0 = time.perf_counter()
    per_move = do_divide(pos, depth, rules, engine) if divide else None
    nodes = sum(per_move.values()) if per_move is not None and depth else do_perft(pos, depth, rules, engine)
    seconds = time.perf_counter() - t0
    if as_json:
        out = {"position": str(pos), "depth": depth, "nodes": nodes}
        if per_move is not None:
            out["divide"] = {str(k): v for k, v in per_move.items()}
        emit_json({**out, "seconds": round(seconds, 4)})
        return
    for k, v in (per_move or {}).items():
        typer.echo(f"{k}: {v}")
    typer.echo(_("nodes {nodes}  ({seconds:.2f} s)").format(nodes=nodes, seconds=seconds))


@app.command("best")
def best(position: PositionArg,
         depth: Annotated[Optional[int], typer.Option("--depth", "-d", help="Search depth in plies (default 8).")] = None,
         seconds: Annotated[Optional[float], typer.Option("--seconds", "--time", "-t", help="Search for this many seconds of the clock instead (iterative deepening: the answer depends on the machine).")] = None,
         tables: Annotated[bool, typer.Option("--tables/--no-tables", help="Use the endgame tables already built.")] = True,
         *, rules, as_json: JsonOpt = False) -> None:
    """The best moves, the value (final seed difference for the mover) and the principal variation.

    Moves are pit numbers from the mover's left; exact from the endgame tables when they cover the board.
    """
    from solver.namnam.best import best as do_best
    from solver.namnam.tables import Lookup, find

    if depth is not None and seconds is not None:
        raise TablecalcError(_("give either --depth or --seconds, not both"))
    pos = _position(position)
    found = find(pos.seeds_on_board, rules) if tables else Lookup(None)
    r = do_best(pos, rules, depth=depth, seconds=seconds, tables=found.tables, refused=found.refused)
    if as_json:
        emit_json(r.as_dict())
        return
    from trainer.games.namnam.render import console, print_board
    from trainer.out import safe

    print_board(pos, rules)
    how = _("exact") if r.exact else _("estimate at depth {depth}").format(depth=r.depth)
    moves = ", ".join(map(str, r.moves)) or _("none (the game is over)")
    words = {"tables": _("tables"), "search": _("search"), "game over": _("game over")}
    head, sep, why = r.source.partition("; ")  # "search; <why the tables were refused>", the why in words already
    source = words.get(head, head) + sep + why
    console.print(_("Best: {moves}   value {value} for the player to move ({how}, {source})").format(
        moves=f"[bold]{moves}[/]", value=f"{r.value:+d}", how=how, source=safe(source)))
    if r.pv:
        console.print(_("Principal variation: {moves}").format(moves=" ".join(map(str, r.pv))))
    console.print("[dim]" + ngettext("{n} position in {seconds} s", "{n} positions in {seconds} s", r.nodes).format(
        n=r.nodes, seconds=f"{r.seconds:.2f}") + "[/]")


@app.command("tables")
def tables(build: Annotated[Optional[int], typer.Option("--build", help="Build the tables up to N seeds on the board (15: a few seconds compiled, a minute in pure Python), extending the largest built.")] = None,
           engine: EngineOpt = "auto",
           scheduler: Annotated[str, typer.Option("--scheduler", help="Who runs the build's tasks: local (this machine's cores), or the address of a Dask cluster's scheduler (tcp://HOST:8786).")] = "local",
           *, rules, as_json: JsonOpt = False) -> None:
    """The endgame tables: build them (with a progress bar) and show positions, wins, draws and losses per seed count."""
    from solver.namnam.tables import (MAX_BUILD, TablesDamaged, available, build as do_build, cache_path,
                                      check_build, forget, layer_size, lookup, superseded)
    from solver.namnam.taskgraph import check_scheduler

    check_scheduler(scheduler)
    found = lookup(rules)  # the largest tables that read well; the files refused on the way
    if found.tables is None and found.refused and build is None:
        raise TablecalcError(found.refused[0])
    for n, line in zip(found.refused_seeds, found.refused):
        if build is None or n > build:  # a file --build replaces goes without a word
            typer.echo(f"tablecalc: warning: {line}", err=True)
    t, path = found.tables, None
    if build is not None:
        if not 0 <= build <= MAX_BUILD:
            raise TablecalcError(_("bad --build {build}: expected 0 to {max_build} seeds").format(build=build, max_build=MAX_BUILD))
        base = t if t is not None and t.grand_slam is rules.grand_slam else None
        if base is not None and base.source is not None and base.max_seeds >= build:  # saved: write nothing
            typer.echo(_("The endgame tables up to {n} seeds are already built: they hold every board of {build} "
                         "seeds or fewer").format(n=base.max_seeds, build=build), err=True)
            build = None
    if build is not None:
        if base is not None:
            try:  # extended only when every block reads well: a damaged one is rebuilt instead
                base.verify()
            except TablesDamaged as e:
                typer.echo(f"tablecalc: warning: {e}", err=True)
                forget(base, str(e))
                base = None
        start = base.max_seeds + 1 if base is not None else 0
        total = 2 * sum(layer_size(n) for n in range(start, build + 1))  # generated, then solved
        path = cache_path(build, rules)
        check_build(build, rules, base, engine, scheduler=scheduler, saving=True)  # refused before the bar is drawn
        try:
            if as_json or total == 0:
                t = do_build(build, rules, base=base, engine=engine, scheduler=scheduler, path=path)
            else:
                from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

                with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                              TimeElapsedColumn()) as bar:
                    task = bar.add_task(_("tables up to {n} seeds").format(n=build), total=total or None)
                    t = do_build(build, rules, lambda n, k: bar.update(task, advance=k, description=_("layer {n}/{total}").format(n=n, total=build)),
                                 base=base, engine=engine, scheduler=scheduler, path=path)
        except MemoryError:  # the estimate checked before the build was short of what this machine had
            from solver.errors import SearchTooLarge

            raise SearchTooLarge(_("the machine ran out of memory building the endgame tables up to {n} seeds; "
                                   "nothing was saved: try a smaller --build").format(n=build)) from None
        for n, other in available(rules):  # the new tables hold the smaller ones (refused ones too)
            if n < build:
                other.unlink(missing_ok=True)
        for old in superseded(rules):  # files of an earlier tablecalc, which this one does not read
            old.unlink(missing_ok=True)
    if t is None:
        if as_json:
            emit_json({"max_seeds": None, "layers": []})
            return
        typer.echo(_("No endgame tables built yet: {command}").format(command="tablecalc namnam tables --build 15"))
        return
    rows = t.counts()
    if as_json:
        emit_json({"max_seeds": t.max_seeds, "grand_slam": t.grand_slam.value, "layers": rows,
                   **({"path": str(path)} if path else {})})
        return
    from rich.table import Table

    from trainer.games.namnam.render import console
    from trainer.out import safe

    table = Table(title=_("Endgame tables up to {n} seeds (for the player to move)").format(n=t.max_seeds))
    for col in (_("seeds"), _("positions"), _("wins"), _("draws"), _("losses"), _("cyclic")):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(*(str(r[k]) for k in ("seeds", "positions", "wins", "draws", "losses", "cyclic")))
    console.print(table)
    if path:
        console.print(_("Saved to {path}").format(path=safe(path)))
