"""How ``tablecalc nambarz`` shows its results: solutions, verdicts, score sheets, the deck
(drawn by rich on a terminal, see :mod:`trainer.out`)."""

from __future__ import annotations

from solver.i18n import N_, _
from solver.nambarz import Deck, Scoreboard, Solution, Verdict, card_name, play_text
from solver.nambarz.words import cards_text, explain_round_verdict, explain_solution, explain_verdict
from trainer.out import escape, out as console


def print_solution(s: Solution) -> None:
    console.print(_("Top card {top}, hand {hand}").format(
        top=f"[bold]{escape(card_name(s.target))}[/]", hand=escape(" ".join(card_name(c) for c in s.hand))))
    console.print("[dim]" + _("Rules {rules}").format(rules=escape(s.rules.describe())) + "[/]")
    console.print(_("By concordance: {cards}").format(cards=escape(cards_text(s.concordant) or _("none"))))
    if s.jokers:
        console.print(_("Jokers: {cards}").format(cards=escape(cards_text(s.jokers))))
    if s.min_cards is None:
        console.print(_("By calculation: none"))
    else:
        bonus = s.rules.coup_bonus(s.min_cards)
        extra = " " + _("(coup de maître: +{bonus} points)").format(bonus=bonus) if bonus else ""
        console.print(_("By calculation: {n} cards at least{extra}").format(n=f"[bold]{s.min_cards}[/]", extra=extra))
        console.table([_("calculation"), _("lay, in order")],
                      [[escape(play_text(p)), escape(", ".join(card_name(c) for c in p.cards))] for p in s.plays])
    console.print(escape(explain_solution(s)))


def print_verdict(v: Verdict) -> None:
    mark = f"[bold green]{_('LEGAL')}[/]" if v.legal else f"[bold red]{_('NOT LEGAL')}[/]"
    codes = "" if v.legal else f"  [dim]({', '.join(str(x) for x in v.violations)})[/]"
    console.print(f"{mark}{codes}")
    console.print(escape(explain_verdict(v)))
    console.print("[dim]" + _("Rules {rules}").format(rules=escape(v.rules.describe())) + "[/]")


def print_scoreboard(b: Scoreboard) -> None:
    from rich.table import Table

    table = Table(header_style="bold")
    table.add_column(_("player"))
    for i in range(len(b.rounds)):
        table.add_column(_("round {n}").format(n=i + 1), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    for p in b.players:
        cells = []
        for place, pp, cp in b.cells[p]:
            where = f"{place}." if place else "–"
            cells.append(f"{where} {pp}" + (f" +{cp}" if cp else ""))
        table.add_row(escape(p), *cells, str(b.totals[p]))
    console.rich(table)
    if b.teams:
        for t, members in b.teams.items():
            console.print(_("Team {team} ({members}): {total}").format(
                team=escape(t), members=escape(", ".join(members)), total=f"[bold]{b.team_totals[t]}[/]"))
    leaders = b.leaders
    if len(leaders) > 1:
        console.print(_("Tie between {players}: play an extra round.").format(players=escape(cards_text(leaders))))
    else:
        console.print(_("Winner: {player}").format(player=f"[bold]{escape(leaders[0])}[/]"))


def print_deck(d: Deck) -> None:
    from rich.table import Table

    table = Table(header_style="bold")
    for col in (N_("card"), N_("family"), N_("copies"), N_("confirmed")):
        table.add_column(_(col))
    for c in d.as_dict()["cards"]:
        table.add_row(escape(card_name(c["card"])), _(c["family"]), str(c["copies"]),
                      _("yes") if c["confirmed"] else _("assumed"))
    console.rich(table)
    console.print(_("{n} cards ({source}). Animal pairs marked 'assumed' are not published; edit the deck file to match "
                    "your box.").format(n=d.size(), source=escape(d.source)))


_FAMILIES = (N_("symbol"), N_("drawing"), N_("joker"))
"""The card families (:class:`solver.nambarz.cards.Family`), for the catalogues."""


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
    for m in v.moves:
        if m.legal:
            continue
        codes = ", ".join(str(x) for x in m.verdict.violations)
        console.print(escape(_("line {line}, round {k}: {player} plays {move}: NOT LEGAL ({codes})").format(
            line=m.line, k=m.round, player=m.player, move=m.move, codes=codes)))
        console.print("  " + escape(explain_round_verdict(m.verdict)))
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
