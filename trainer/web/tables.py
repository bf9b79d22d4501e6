"""Play against the computer, or follow a real game, at a table in the browser: every game played
whole (``GAME.plays_whole()``), move by move, every move refereed as it is played.

``GET /t/GAME`` starts a table: against bots (how many players, how many people at this screen,
the bots' kind, the rules) or following a real game (the players' names, a seed or a deal typed in
the game's notation). A table lives in the server's memory under a random id, the key of its
address (``/t/GAME/ID``): a move tapped or typed (``/move``), ``/undo``, ``/hint``, ``/ready``
(the next person at a shared screen has the phone), ``/next`` (the next round), ``/log`` (the
game so far as a log to download, the format ``tablecalc GAME referee`` reads) and ``/analysis``
(every move against the best). What a round looks like is the game's face
(:func:`trainer.web.face.face_of`); what happens at the table is :class:`solver.whole.table.Table`,
the same as the terminal's ``play`` and ``follow``; nothing here knows a rule.

Tables are kept in memory, at most :data:`MAX_TABLES` (the one unused longest is dropped), each
with its lock: two taps at once are played one after the other, and a form sent from a page the
table has moved on from is refused (every form carries the table's version).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from solver.errors import TablecalcError
from solver.i18n import _, ngettext
from solver.registry import find_game
from solver.rulebook import explained
from solver.whole.table import Table, fewest_players
from trainer.web.app import whole
from trainer.web.face import Field, face_of

__all__ = ["routes", "Tables", "Entry", "MAX_TABLES", "MAX_BOT_MOVES"]

MAX_TABLES = 200
"""The most tables a server keeps; a new one drops the one unused the longest."""
MAX_BOT_MOVES = 10_000
"""The most bots' moves played after one move of a person (every game's round ends long before)."""
MAX_PEOPLE = 12


@dataclass
class Entry:
    """One table in the server's memory: the :class:`Table`, whether it follows a real game, its
    lock, its version (one more at every change: a form of an older page is refused), where the
    last turn began (what the page shows as just played), the seat of the person who has the
    screen (shared screens), what to tell the table once (a hint, a move taken back) and the
    analysis of the game so far (kept for the version it was made for)."""

    id: str
    game: Any
    table: Table
    follow: bool
    lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    turn: int = 0
    ready: int | None = None
    notice: tuple[str, Any, int] | None = None
    analysis: tuple[int, Any] | None = None

    def changed(self) -> None:
        self.version += 1


class Tables:
    """The tables of a server, by id: at most ``cap``, the one unused the longest dropped first."""

    def __init__(self, cap: int = MAX_TABLES):
        self.cap = cap
        self.lock = threading.Lock()
        self.entries: OrderedDict[str, Entry] = OrderedDict()

    def add(self, game, table: Table, follow: bool) -> Entry:
        entry = Entry(secrets.token_urlsafe(16), game, table, follow)
        with self.lock:
            self.entries[entry.id] = entry
            while len(self.entries) > self.cap:
                self.entries.popitem(last=False)
        return entry

    def get(self, game, ident: str) -> Entry:
        from trainer.web.app import BadRequest

        with self.lock:
            entry = self.entries.get(ident)
            if entry is not None and entry.game is game:
                self.entries.move_to_end(ident)
                return entry
        raise BadRequest(_("There is no such table (any more): tables are kept while the server runs, the oldest "
                           "dropped when there are many. Start a new game."), status=404)


# -- reading the start form -------------------------------------------------------------------


def _whole_game(request: Request):
    from trainer.web.app import BadRequest

    name = request.path_params["game"]
    try:
        game = find_game(name)
    except TablecalcError:
        raise BadRequest(_("There is no game called {name} here.").format(name=name[:40]), status=404) from None
    if not game.plays_whole():
        raise BadRequest(_("{game} is not played move by move: there is no table to play at. Settle a dispute "
                           "instead.").format(game=game.title), status=404)
    return game


def _whole_number(values: dict[str, str], key: str, label: str, default: int, lo: int, hi: int) -> int:
    text = values.get(key, "").strip()
    if not text:
        return default
    number = whole(text, lo, hi)
    if number is None:
        raise TablecalcError(_("{label}: {value} is not a number from {lo} to {hi}.").format(
            label=label, value=text[:20], lo=lo, hi=hi))
    return number


def _seed(values: dict[str, str]) -> int | None:
    text = values.get("seed", "").strip()
    if not text:
        return None
    number = whole(text, 0, 10 ** 18)
    if number is None:
        raise TablecalcError(_("The seed {value} is not a whole number: leave it empty for a new deal.").format(
            value=text[:20]))
    return number


def _names(typed: str, count: int, default) -> list[str]:
    """``count`` names: those typed (separated by commas), then ``default(n)`` for the others (one
    word: a game may refuse a name with a space)."""
    names = [n.strip() for n in typed.split(",") if n.strip()] if typed.strip() else []
    if len(names) > count:
        raise TablecalcError(_("{n} names for {count} people: give one name each, separated by commas.").format(
            n=len(names), count=count))
    return names + [default(k + 1) for k in range(len(names), count)]


def _check_names(names: list[str]) -> tuple[str, ...]:
    if any(len(n) > 40 for n in names):
        raise TablecalcError(_("A name is too long: at most 40 characters."))
    if len({n.lower() for n in names}) != len(names):
        raise TablecalcError(_("Two players have the same name ({names}): give each a different name.").format(
            names=", ".join(names)))
    return tuple(names)


def _new_table(game, values: dict[str, str], tables: Tables) -> Entry:
    """A table as the start form asks for it, its first round dealt and the bots' first moves played."""
    from trainer.web.dispute import rules_from

    rules = rules_from(game, values)
    data = game.load_data(rules)
    follow = values.get("mode") == "follow"
    seed = _seed(values)
    deal = values.get("deal", "").strip() or None
    if follow:
        typed = values.get("names", "")
        count = len([n for n in typed.split(",") if n.strip()]) or fewest_players(game, rules, data)
        if count > MAX_PEOPLE:
            raise TablecalcError(_("{n} players: at most {hi}.").format(n=count, hi=MAX_PEOPLE))
        names = _check_names(_names(typed, count, lambda k: f"{_('Player')}{k}"))
        table = Table(game, rules, data, names, seed=seed, follow=True)
    else:
        players = _whole_number(values, "players", _("Players"), fewest_players(game, rules, data), 1, MAX_PEOPLE)
        people = _whole_number(values, "people", _("People at this screen"), 1, 1, players)
        match = game.new_match(tuple(f"P{k + 1}" for k in range(players)), rules, data)  # the game's own count
        kind = values.get("bot") or next(iter(match.bots))
        if kind not in match.bots:
            raise TablecalcError(_("Unknown computer player {kind}: expected one of {kinds}.").format(
                kind=kind[:40], kinds=", ".join(match.bots)))
        names = _names(values.get("names", ""), people, lambda k: _("Player") if people == 1 else f"{_('Player')}{k}")
        computers = players - people
        names += [_("Computer") if computers == 1 else f"{_('Computer')}{k}" for k in range(1, computers + 1)]
        table = Table(game, rules, data, _check_names(names), humans=range(people), bots=(kind,), seed=seed)
    table.start(deal)
    entry = tables.add(game, table, follow)
    with entry.lock:
        _bots_play(entry)
    return entry


# -- what happens at a table ------------------------------------------------------------------


def _bots_play(entry: Entry) -> None:
    """The bots' moves until a person is to move, then the round scored if it ended."""
    table = entry.table
    for _n in range(MAX_BOT_MOVES):
        if not table.bot_to_move():
            break
        table.bot_move()
    if table.over():
        table.end_round()


def _shared_screen(entry: Entry) -> bool:
    return not entry.follow and len(entry.table.humans) > 1


def _pass_to(entry: Entry) -> int | None:
    """The person the screen must be passed to before their turn is shown (a shared screen), or ``None``."""
    table = entry.table
    if not _shared_screen(entry) or not table.open or table.state.is_terminal():
        return None
    return table.to_move if entry.ready != table.to_move else None


def _check_version(entry: Entry, values: dict[str, str]) -> None:
    from trainer.web.app import BadRequest

    if values.get("v") != str(entry.version):
        raise BadRequest(_("This page was out of date (the table had moved on): nothing was done. Here is the table "
                           "as it is now."), status=409)


def _move(entry: Entry, values: dict[str, str]) -> None:
    from trainer.web.app import BadRequest

    _check_version(entry, values)
    table = entry.table
    if not table.open or table.state.is_terminal():
        raise BadRequest(_("The round is over: start the next round, or a new game."), status=409)
    if not entry.follow and table.to_move not in table.humans:
        raise BadRequest(_("It is not your turn: the computer is to play."), status=409)
    if _pass_to(entry) is not None:
        raise BadRequest(_("Pass the screen to {player} first.").format(player=table.names[table.to_move]), status=409)
    text = (values.get("move") or values.get("typed") or "").strip()
    if not text:
        raise TablecalcError(_("Tap a move, or type one."))
    player, move = table.read(text)
    chosen = values.get("player", "").strip()
    if entry.follow and chosen and move == text.strip():  # the player chosen in the list, unless typed as NAME: MOVE
        seat = whole(chosen, 0, len(table.names) - 1)
        if seat is None:
            raise TablecalcError(_("Unknown player: choose one in the list."))
        player = seat
    verdict = table.judge(player, move)
    if not verdict.legal and verdict.violations and verdict.violations[0].not_understood and not entry.follow:
        raise TablecalcError(entry.game.explain(verdict))  # a typo: played again, no penalty
    entry.turn = len(table.history) - 1
    table.apply(player, move, verdict)
    _bots_play(entry)
    entry.notice = None
    entry.changed()


def _undo(entry: Entry, values: dict[str, str]) -> None:
    _check_version(entry, values)
    done = entry.table.undo()
    entry.turn = len(entry.table.history) - 1
    entry.notice = ("undo", done, entry.version + 1)
    if done:
        entry.ready = None if _shared_screen(entry) else entry.ready
    entry.changed()


def _hint(entry: Entry, values: dict[str, str]) -> None:
    from trainer.web.app import BadRequest

    _check_version(entry, values)
    table = entry.table
    if not table.open or table.state.is_terminal() or _pass_to(entry) is not None:
        raise BadRequest(_("There is no move to give a hint for now."), status=409)
    entry.notice = ("hint", table.hint(), entry.version + 1)
    entry.changed()


def _ready(entry: Entry, values: dict[str, str]) -> None:
    _check_version(entry, values)
    to = _pass_to(entry)
    if to is not None and values.get("seat") == str(to):
        entry.ready = to
        entry.changed()


def _next_round(entry: Entry, values: dict[str, str]) -> None:
    from trainer.web.app import BadRequest

    _check_version(entry, values)
    table = entry.table
    if table.open:
        raise BadRequest(_("The round is still being played."), status=409)
    if table.match.is_over():
        raise BadRequest(_("The game is over: start a new game."), status=409)
    table.start(values.get("deal", "").strip() or None)
    entry.turn, entry.notice, entry.ready = 0, None, None
    _bots_play(entry)
    entry.changed()


def _said(game, move: str) -> str:
    try:
        return game.say_move(move)
    except (TablecalcError, ValueError, KeyError):
        return move


def _played(entry: Entry, start: int) -> list[dict]:
    """The moves of the round from ``start`` on: who, what (in the player's words), legal, why."""
    table, game = entry.table, entry.game
    out = []
    for k in range(start, len(table.moves)):
        who, move = table.moves[k]
        verdict = table.history[k + 1][1]
        out.append({"number": k + 1, "player": table.names[who] if 0 <= who < len(table.names) else "-",
                    "move": _said(game, move), "legal": verdict.legal,
                    "explanation": explained(game, verdict, table.rules), "clauses": list(verdict.clauses),
                    "bot": who in table.bots})
    return out


def _view(entry: Entry) -> dict:
    """Everything the table's page shows, in the language being spoken (called on a worker thread,
    the table locked)."""
    table, game = entry.table, entry.game
    face = face_of(game)
    state = table.state
    over = not table.open
    pass_to = _pass_to(entry)
    to_move = None if over or state.is_terminal() else table.to_move
    if entry.follow or over or to_move is None:
        shown = None
    elif to_move in table.humans:
        shown = to_move
    else:
        shown = min(table.humans)
    mine = to_move is not None and pass_to is None and (entry.follow or to_move in table.humans)
    notice = None
    if entry.notice is not None and entry.notice[2] == entry.version:
        kind, payload, _v = entry.notice
        if kind == "hint":
            notice = _("Hint: {moves}.").format(moves=" / ".join(_said(game, m) for m in payload)) if payload \
                else _("No hint here: there is no move to weigh.")
        else:
            notice = _("Taken back.") if payload else _("Nothing to undo.")
    scores = list(zip(table.names, table.scores()))
    return {
        "entry": entry, "game": game, "table": table, "follow": entry.follow, "names": table.names,
        "round_number": len(table.rounds) + (0 if over else 1), "over": over, "match_over": over and table.match.is_over(),
        "pass_to": None if pass_to is None else table.names[pass_to], "pass_seat": pass_to,
        "to_move": None if to_move is None else table.names[to_move], "to_move_seat": to_move,
        "drawing": None if pass_to is not None else face.draw_state(state, shown),
        "tokens": face.move_tokens(state) if mine else (), "mine": mine,
        "move_field": face.move_field(state) if mine else None,
        "just": _played(entry, entry.turn), "all_moves": _played(entry, 0), "notice": notice,
        "scores": [(n, f"{s:g}") for n, s in scores], "unit": _(table.match.unit),
        "bots": [(table.names[i], kind) for i, kind in table.kinds.items()],
        "people": [table.names[i] for i in sorted(table.humans)],
        "advice": tuple(getattr(table.match, "advice", tuple)()),
        "standing": tuple(getattr(table.match, "standing", tuple)()), "rules_line": table.rules.describe(),
        "seed": table.seed, "can_undo": bool(table.moves),
    }


def _log(entry: Entry) -> bytes:
    from solver.gamelog import log_bytes

    return log_bytes(entry.table.log_lines(), _("the log"))


def _analysis(entry: Entry) -> dict:
    """Every move of the game so far against the best (:func:`solver.whole.analyse.analyse`), kept
    for the table's version it was made for."""
    from solver.whole.analyse import analyse
    from solver.whole.log import read

    with entry.lock:
        version, text, table = entry.version, _log(entry).decode("utf-8"), entry.table
        kept = entry.analysis
    if kept is not None and kept[0] == version:
        found = kept[1]
    else:
        found = analyse(entry.game, read(text, "log"), table.rules, table.data)
        with entry.lock:
            entry.analysis = (version, found)
    game = entry.game
    rows = [{"round": m.round, "player": m.player, "move": _said(game, m.move), "legal": m.legal,
             "label": _(m.label) if m.label else None, "loss": None if m.loss is None else f"{m.loss:g}",
             "best": " / ".join(_said(game, b) for b in m.best), "exact": m.exact,
             "is_best": m.legal and m.move in m.best} for m in found.moves]
    summary = [(name, {**row, "moves": ngettext("{n} move", "{n} moves", row["moves"]).format(n=row["moves"]),
                       "loss": f"{row['loss']:g}"})
               for name, row in found.summary().items()]
    return {"rows": rows, "summary": summary, "unit": _(found.unit), "game": game, "entry": entry}


# -- the pages ----------------------------------------------------------------------------------


def routes(web) -> list:
    from trainer.web.dispute import rule_fields

    tables: Tables = web.state.setdefault("tables", Tables())

    def start_context(game, values: dict[str, str]) -> dict:
        preset = values.get("preset") if values.get("preset") in game.presets else game.default_preset
        rules = game.rules(preset)
        data = game.load_data(rules)
        fewest = fewest_players(game, rules, data)
        match = game.new_match(tuple(f"P{k + 1}" for k in range(fewest)), rules, data)
        example = ""
        try:
            import random

            example = str(match.deal(random.Random(1)))
        except TablecalcError:
            pass
        return {"game": game, "presets": list(game.presets), "preset": preset, "rule_fields": rule_fields(game, preset),
                "values": values, "bots": [(k, _(line)) for k, line in match.bots.items()],
                "bot": values.get("bot") or next(iter(match.bots)), "example": example,
                "players_field": Field("players", _("Players"), "number", value=str(fewest), lo=1, hi=MAX_PEOPLE),
                "people_field": Field("people", _("People at this screen"), "number", value="1", lo=1, hi=MAX_PEOPLE)}

    async def start(request: Request):
        game = _whole_game(request)
        ctx = await web.work(request, start_context, game, {})
        return web.page(request, "tables_start.html", **ctx, error=None, mode=None)

    async def new(request: Request):
        game = _whole_game(request)
        values = await web.form(request)
        try:
            entry = await web.work(request, _new_table, game, values, tables)
        except TablecalcError as e:
            ctx = await web.work(request, start_context, game, values)
            status = getattr(e, "status", 422)
            return web.page(request, "tables_start.html", status=status, **ctx, error=str(e), mode=values.get("mode"))
        return RedirectResponse(f"/t/{game.name}/{entry.id}", status_code=303)

    def viewed(entry: Entry) -> dict:
        with entry.lock:
            return _view(entry)

    async def show(request: Request, entry: Entry | None = None, error: str | None = None, status: int = 200):
        if entry is None:
            entry = tables.get(_whole_game(request), request.path_params["id"])
        ctx = await web.work(request, viewed, entry)
        return web.page(request, "tables_table.html", status=status, **ctx, error=error)

    def action(fn):
        async def endpoint(request: Request):
            entry = tables.get(_whole_game(request), request.path_params["id"])
            values = await web.form(request)

            def locked():
                with entry.lock:
                    fn(entry, values)

            try:
                await web.work(request, locked)
            except TablecalcError as e:
                return await show(request, entry, str(e), getattr(e, "status", 422))
            return RedirectResponse(f"/t/{entry.game.name}/{entry.id}", status_code=303)

        return endpoint

    async def download(request: Request):
        entry = tables.get(_whole_game(request), request.path_params["id"])

        def locked():
            with entry.lock:
                return _log(entry)

        body = await web.work(request, locked)
        filename = f"{entry.game.name}-{entry.id[:8]}.jsonl"
        return Response(body, media_type="application/x-ndjson; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="{filename}"',
                                 "cache-control": "no-store"})

    async def analysis(request: Request):
        entry = tables.get(_whole_game(request), request.path_params["id"])
        try:
            ctx = await web.work(request, _analysis, entry)
        except TablecalcError as e:
            return await show(request, entry, str(e), 422)
        return web.page(request, "tables_analysis.html", **ctx)

    base = "/t/{game}/{id}"
    return [Route("/t/{game}", start), Route("/t/{game}/new", new, methods=["POST"]),
            Route(base, show), Route(base + "/move", action(_move), methods=["POST"]),
            Route(base + "/undo", action(_undo), methods=["POST"]), Route(base + "/hint", action(_hint), methods=["POST"]),
            Route(base + "/ready", action(_ready), methods=["POST"]),
            Route(base + "/next", action(_next_round), methods=["POST"]),
            Route(base + "/log", download), Route(base + "/analysis", analysis)]
