"""How ``tablecalc nambarz`` shows its results: solutions, verdicts, score sheets, the deck, and
the table to a player of ``play`` (drawn by rich on a terminal, see :mod:`trainer.out`)."""

from __future__ import annotations

from solver.i18n import N_, _
from solver.nambarz import Deck, RoundVerdict, Scoreboard, Solution, Verdict, card_name, play_text
from solver.nambarz.cards import Announcement
from solver.nambarz.words import cards_text, cover_name, explain_round_verdict, explain_solution, explain_verdict
from trainer.out import escape, out as console


def print_solution(s: Solution) -> None:
    console.print(_("Top card {top}, hand {hand}").format(
        top=f"[bold]{escape(cover_name(s.target))}[/]", hand=escape(" ".join(card_name(c) for c in s.hand))))
    console.print("[dim]" + _("Rules {rules}").format(rules=escape(s.rules.describe())) + "[/]")
    if isinstance(s.target, Announcement):  # a change joker laid alone: no calculation
        console.print(_("Following it: {cards}").format(cards=escape(cards_text(s.concordant) or _("none"))))
        if s.joker_moves:
            console.print(_("Jokers: {moves}").format(moves=escape(", ".join(cover_name(m) for m in s.joker_moves))))
        console.print(escape(explain_solution(s)))
        return
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


def print_verdict(v: Verdict | RoundVerdict, rules=None, cited: str = "") -> None:
    """A verdict on a play (or, for a joker's play, on a move by the jokers' rules) and the rules it used;
    ``cited``, the clauses it applies in words, in the sentence that says why."""
    mark = f"[bold green]{_('LEGAL')}[/]" if v.legal else f"[bold red]{_('NOT LEGAL')}[/]"
    codes = "" if v.legal else f"  [dim]({', '.join(str(x) for x in v.violations)})[/]"
    console.print(f"{mark}{codes}")
    console.print(escape(explain_round_verdict(v, cited) if isinstance(v, RoundVerdict) else explain_verdict(v, cited)))
    rules = rules if isinstance(v, RoundVerdict) else v.rules
    if rules is not None:
        console.print("[dim]" + _("Rules {rules}").format(rules=escape(rules.describe())) + "[/]")


def print_scoreboard(b: Scoreboard) -> None:
    from rich.table import Table

    table = Table(header_style="bold")
    table.add_column(_("player"))
    for i in range(len(b.rounds)):
        table.add_column(_("round {n}").format(n=i + 1), justify="right")
    table.add_column(_("total"), justify="right", style="bold")
    apart = bool(b.extra) and len(b.rounds) > b.game_rounds  # extra rounds the tied alone played
    if apart:
        table.add_column(_("extra rounds"), justify="right")
    for p in b.players:
        cells = []
        for place, pp, cp in b.cells[p]:
            where = f"{place}." if place else "–"
            cells.append(f"{where} {pp}" + (f" +{cp}" if cp else ""))
        table.add_row(escape(p), *cells, str(b.totals[p]), *([str(b.extra[p])] if apart else []))
    console.rich(table)
    if apart:
        console.print(_("Only the tied played the extra rounds: their points are not in the totals, they only "
                        "order the tied among themselves."))
    if b.teams:
        for t, members in b.teams.items():
            console.print(_("Team {team} ({members}): {total}").format(
                team=escape(t), members=escape(", ".join(members)), total=f"[bold]{b.team_totals[t]}[/]")
                + (" " + _("(+{extra} in extra rounds)").format(extra=b.team_extra[t]) if apart else ""))
    leaders = b.leaders
    if len(leaders) == 1:
        console.print(_("Winner: {player}").format(player=f"[bold]{escape(leaders[0])}[/]"))
    for place, names in b.disputed:
        if b.extra_round_seats() is not None:
            who = escape(cards_text(names))  # the first disputed place is played off first
            if place == 1:
                console.print(_("Tie between {players}: they play an extra round, the others sit it out.").format(
                    players=who))
            else:
                console.print(_("Tie for place {place} between {players}: they play an extra round, the others sit "
                                "it out.").format(place=place, players=who))
            break
        if place == 1:
            console.print(_("Tie between {players}: play an extra round.").format(players=escape(cards_text(names))))
        else:
            console.print(_("Tie for place {place} between {players}: play an extra round.").format(
                place=place, players=escape(cards_text(names))))


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
                    "your box.").format(n=d.size(), source=escape(_("built-in") if d.source == "built-in" else d.source)))


_FAMILIES = (N_("symbol"), N_("drawing"), N_("joker"))
"""The card families (:class:`solver.nambarz.cards.Family`), for the catalogues."""


def show_state(state, seat: int) -> None:
    """How ``play`` shows the table to the player at ``seat`` (:mod:`trainer.whole`): the card to
    cover (or the lone joker and what it announced), that player's hand and no other, how many
    cards the others hold and how many are left to draw; once the round is over, how it ended."""
    if state.is_terminal():
        console.print(escape(_("Round over: {result}.").format(result=state.result())))
        points = ", ".join(f"{n} {int(p)}" for n, p in zip(state.names, state.returns()))
        console.print(escape(_("Points this round: {points}").format(points=points)))
        return
    cover = state.cover
    if isinstance(cover, Announcement):
        top = _("{joker} laid alone, announcing {value}: lay one card of it (no calculation)").format(
            joker=card_name(cover.joker), value=cover.value)
    else:
        top = card_name(cover)
    if state.phase.value == "again":
        top += _(" — you laid play-again: play again, or draw")
    elif state.phase.value == "last-draw":
        top += _(" — play-again was your last card: draw")
    others = ", ".join(f"{n} {len(h)}" for i, (n, h) in enumerate(zip(state.names, state.hands))
                       if i != seat and i not in state.out and i not in state.sitting)
    console.print(escape(_("Top: {top}").format(top=top)))
    console.print(escape(_("Your hand ({name}): {hand}").format(
        name=state.names[seat], hand=" ".join(card_name(c) for c in sorted(state.hands[seat])) or "-")))
    console.print("[dim]" + escape(_("Cards held: {others}; draw pile {n}").format(others=others, n=len(state.stock)))
                  + "[/]")
