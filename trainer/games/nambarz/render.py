"""How ``tablecalc nambarz`` shows its results in a terminal (rich): solutions, verdicts, score sheets, the deck."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from solver.nambarz import Deck, Scoreboard, Solution, Verdict
from solver.i18n import _
from solver.nambarz.words import cards_text, explain_ruling, explain_solution, explain_verdict, play_text

console = Console(highlight=False, soft_wrap=True)


def print_solution(s: Solution) -> None:
    console.print(f"Top card [bold]{escape(str(s.target))}[/], hand {escape(' '.join(str(c) for c in s.hand))}")
    console.print(f"[dim]Rules {escape(s.rules.describe())}[/]")
    console.print(f"By concordance: {escape(cards_text(s.concordant) or 'none')}")
    if s.jokers:
        console.print(f"Jokers: {escape(cards_text(s.jokers))}")
    if s.min_cards is None:
        console.print("By calculation: none")
    else:
        bonus = s.rules.coup_bonus(s.min_cards)
        extra = f" (coup de maître: +{bonus} points)" if bonus else ""
        console.print(f"By calculation: [bold]{s.min_cards}[/] cards at least{extra}")
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        table.add_column("calculation")
        table.add_column("lay, in order")
        for p in s.plays:
            table.add_row(escape(play_text(p)), escape(", ".join(str(c) for c in p.cards)))
        console.print(table)
    console.print(escape(explain_solution(s)))


def print_verdict(v: Verdict) -> None:
    mark = "[bold green]LEGAL[/]" if v.legal else "[bold red]NOT LEGAL[/]"
    codes = "" if v.legal else f"  [dim]({', '.join(str(x) for x in v.violations)})[/]"
    console.print(f"{mark}{codes}")
    console.print(escape(explain_verdict(v)))
    console.print(f"[dim]Rules {escape(v.rules.describe())}[/]")


def print_scoreboard(b: Scoreboard) -> None:
    table = Table(header_style="bold")
    table.add_column("player")
    for i in range(len(b.rounds)):
        table.add_column(f"round {i + 1}", justify="right")
    table.add_column("total", justify="right", style="bold")
    for p in b.players:
        cells = []
        for place, pp, cp in b.cells[p]:
            where = f"{place}." if place else "–"
            cells.append(f"{where} {pp}" + (f" +{cp}" if cp else ""))
        table.add_row(escape(p), *cells, str(b.totals[p]))
    console.print(table)
    if b.teams:
        for t, members in b.teams.items():
            console.print(f"Team {escape(t)} ({escape(', '.join(members))}): [bold]{b.team_totals[t]}[/]")
    leaders = b.leaders
    if len(leaders) > 1:
        console.print(f"Tie between {escape(cards_text(leaders))}: play an extra round.")
    else:
        console.print(f"Winner: [bold]{escape(leaders[0])}[/]")


def print_deck(d: Deck) -> None:
    table = Table(header_style="bold")
    for col in ("card", "family", "copies", "confirmed"):
        table.add_column(col)
    for c in d.as_dict()["cards"]:
        table.add_row(escape(c["card"]), c["family"], str(c["copies"]), "yes" if c["confirmed"] else "assumed")
    console.print(table)
    console.print(f"{d.size()} cards ({escape(d.source)}). Animal pairs marked 'assumed' are not published; edit the deck file to match your box.")


def print_game(game) -> None:
    """A simulated game: who played, each round's finishing order, the score sheet."""
    console.print(escape(_("{n} players, {policy} bots, {rules}").format(
        n=len(game.names), policy=game.policy.value, rules=game.rules.describe())))
    for r in game.rounds:
        extra = _(" (extra round)") if r.number > game.rounds_asked else ""
        end = "" if r.end.end().value == "out" else _(" [{end}]").format(end=r.end.end().value)
        console.print(escape(_("round {k}{extra}: {result}, {moves} moves{end}").format(
            k=r.number, extra=extra, result=r.end.result(), moves=len(r.moves), end=end)))
    if game.board is not None:
        print_scoreboard(game.board)


def print_log_verdict(v) -> None:
    """A refereed log: every illegal move with why, the penalty and the table after it; the rounds; the scores."""
    for m in v.rulings:
        if m.legal:
            continue
        codes = ", ".join(str(x) for x in m.ruling.violations)
        console.print(escape(_("line {line}, round {k}: {player} plays {move}: NOT LEGAL ({codes})").format(
            line=m.line, k=m.round, player=m.player, move=m.move, codes=codes)))
        console.print("  " + escape(explain_ruling(m.ruling)))
        console.print("  " + escape(_("After it: {position}").format(position=m.after)))
    for r in v.rounds:
        if r.end.is_terminal():
            console.print(escape(_("round {k}: {result}").format(k=r.number, result=r.end.result())))
        else:
            console.print(escape(_("round {k}: not finished ({who} to move)").format(k=r.number, who=r.end.names[r.end.to])))
    if v.board is not None:
        print_scoreboard(v.board)
    first = v.first_illegal
    if first is None:
        console.print(escape(_("{n} moves judged: all legal.").format(n=v.judged)))
    else:
        console.print(escape(_("{n} moves judged: the first illegal move is on line {line}.").format(n=v.judged, line=first.line)))
