"""How ``tablecalc nambarz`` shows its results: solutions, verdicts, score sheets, the deck
(drawn by rich on a terminal, see :mod:`trainer.out`)."""

from __future__ import annotations

from solver.nambarz import Deck, Scoreboard, Solution, Verdict
from solver.nambarz.words import cards_text, explain_solution, explain_verdict, play_text
from trainer.out import escape, out as console


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
        console.table(["calculation", "lay, in order"],
                      [[escape(play_text(p)), escape(", ".join(str(c) for c in p.cards))] for p in s.plays])
    console.print(escape(explain_solution(s)))


def print_verdict(v: Verdict) -> None:
    mark = "[bold green]LEGAL[/]" if v.legal else "[bold red]NOT LEGAL[/]"
    codes = "" if v.legal else f"  [dim]({', '.join(str(x) for x in v.violations)})[/]"
    console.print(f"{mark}{codes}")
    console.print(escape(explain_verdict(v)))
    console.print(f"[dim]Rules {escape(v.rules.describe())}[/]")


def print_scoreboard(b: Scoreboard) -> None:
    from rich.table import Table

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
    console.rich(table)
    if b.teams:
        for t, members in b.teams.items():
            console.print(f"Team {escape(t)} ({escape(', '.join(members))}): [bold]{b.team_totals[t]}[/]")
    leaders = b.leaders
    if len(leaders) > 1:
        console.print(f"Tie between {escape(cards_text(leaders))}: play an extra round.")
    else:
        console.print(f"Winner: [bold]{escape(leaders[0])}[/]")


def print_deck(d: Deck) -> None:
    from rich.table import Table

    table = Table(header_style="bold")
    for col in ("card", "family", "copies", "confirmed"):
        table.add_column(col)
    for c in d.as_dict()["cards"]:
        table.add_row(escape(c["card"]), c["family"], str(c["copies"]), "yes" if c["confirmed"] else "assumed")
    console.rich(table)
    console.print(f"{d.size()} cards ({escape(d.source)}). Animal pairs marked 'assumed' are not published; edit the deck file to match your box.")
