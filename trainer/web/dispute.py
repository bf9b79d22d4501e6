"""Settle a dispute in the browser: build the situation by tapping (or typing), enter the play, and
read the referee's verdict, its penalty, the better play and the rules it assumed.

``GET /g/GAME`` shows the form; ``POST /g/GAME/draw`` draws the situation being built and the
things its answer is tapped from (the page asks after every change); ``POST /g/GAME/judge``
judges. Every step calls the game (``parse_situation``, ``check_situation``, ``judge``,
``explain``, ``best``, ``best_answers``) and its face; nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from solver.errors import TablecalcError
from solver.i18n import _
from solver.registry import find_game
from solver.rulebook import explained
from trainer.web.face import face_of

__all__ = ["routes", "rules_from", "RuleField"]

OPTION_PREFIX = "rule."


@dataclass(frozen=True)
class RuleField:
    """A rule option as a form shows it: its name, meaning, kind, choices and the value shown."""

    name: str
    meaning: str
    kind: str
    choices: tuple[str, ...]
    value: str


def _shown(spec, value) -> str:
    text = spec.text(value)
    if isinstance(text, bool):
        return "true" if text else "false"
    return str(text)


def rule_fields(game, preset: str) -> list[RuleField]:
    """Every rule option of ``game`` with the value ``preset`` gives it."""
    rules = game.rules(preset)
    return [RuleField(s.name, _(s.decl.meaning), s.kind, s.choices, _shown(s, getattr(rules, s.name)))
            for s in rules.options()]


def rules_from(game, values: dict[str, str]):
    """The rules a form asks for: the chosen preset, with each option the person changed from what
    the page showed (the page's own preset, ``shown_preset``) applied on top.

    >>> from solver.registry import find_game
    >>> g = find_game("nambarz")
    >>> rules_from(g, {"preset": "basic", "shown_preset": "basic"}) is g.rules("basic")
    True
    >>> rules_from(g, {"preset": "basic", "shown_preset": "basic", "rule.penalty_draw": "2"}).penalty_draw
    2
    """
    preset = values.get("preset") or game.default_preset
    if preset not in game.presets:
        raise TablecalcError(_("Unknown rules {preset}: expected one of {presets}.").format(
            preset=preset, presets=", ".join(game.presets)))
    shown = values.get("shown_preset") or preset
    shown = shown if shown in game.presets else preset
    base = game.rules(shown)
    changed: dict[str, Any] = {}
    for spec in base.options():
        key = OPTION_PREFIX + spec.name
        if spec.kind == "flag":
            typed = "true" if values.get(key) in ("true", "on") else "false"
            if key not in values and values.get(key + ".present") is None:
                continue
        elif key in values:
            typed = values[key].strip()
        else:
            continue
        if typed != _shown(spec, getattr(base, spec.name)):
            changed[spec.name] = typed
    return game.rules(preset, **changed)


def _game(request: Request):
    try:
        return find_game(request.path_params["game"])
    except TablecalcError:
        from trainer.web.app import BadRequest

        raise BadRequest(_("There is no game called {name} here.").format(name=request.path_params["game"][:40]),
                         status=404)


def _situation_values(face, rules, data, values: dict[str, str]) -> dict[str, str]:
    return {f.name: values.get("s." + f.name, f.value) for f in face.situation_fields(rules, data)}


def _read_situation(game, face, rules, data, values):
    text = face.situation_text(_situation_values(face, rules, data, values))
    if not text:
        raise TablecalcError(_("Build the situation first: tap its cards, or type it."))
    situation = game.parse_situation(text, data)
    game.check_situation(situation, rules, data)
    return situation


def routes(web) -> list:
    def context(game, preset: str, values: dict[str, str]) -> dict:
        face = face_of(game)
        rules = game.rules(preset)
        data = game.load_data(rules)
        fields = face.situation_fields(rules, data)
        return {"game": game, "face": face, "fields": fields, "presets": list(game.presets), "preset": preset,
                "rule_fields": rule_fields(game, preset), "values": values,
                "situation_values": _situation_values(face, rules, data, values)}

    def preview(game, values):
        """The drawing of the situation being built and the answer's field, or why it does not read."""
        face = face_of(game)
        rules = rules_from(game, values)
        data = game.load_data(rules)
        situation = _read_situation(game, face, rules, data, values)
        return {"drawing": face.draw(situation, rules, data), "notation": str(situation),
                "answer": face.answer_field(situation, rules, data)}

    def judged(game, values):
        face = face_of(game)
        rules = rules_from(game, values)
        data = game.load_data(rules)
        situation = _read_situation(game, face, rules, data, values)
        answer = values.get("answer", "").strip()
        out = {"drawing": face.draw(situation, rules, data), "notation": str(situation),
               "answer_field": face.answer_field(situation, rules, data), "rules_line": rules.describe()}
        if not answer:
            raise TablecalcError(_("Enter the play: tap it, or type it."))
        verdict = game.judge(situation, answer, rules, data)
        out["verdict"] = verdict
        out["explanation"] = explained(game, verdict, rules)
        out["clauses"] = list(verdict.clauses)
        out["not_understood"] = bool(verdict.violations) and verdict.violations[0].not_understood
        try:
            out["best"] = game.best_answers(game.best(situation, rules, data))
        except TablecalcError as e:
            out["best"], out["best_error"] = (), str(e)
        out["penalty"] = verdict.penalty.amount if verdict.penalty is not None else 0
        out["unit"] = _(game.penalty_unit)
        return out

    async def show(request: Request):
        game = _game(request)
        preset = request.query_params.get("preset") or game.default_preset
        if preset not in game.presets:
            preset = game.default_preset
        ctx = await web.work(request, context, game, preset, {})
        return web.page(request, "dispute.html", **ctx, result=None, error=None, drawn=None)

    async def draw(request: Request):
        game = _game(request)
        values = await web.form(request)
        try:
            drawn = await web.work(request, preview, game, values)
        except TablecalcError as e:
            return web.page(request, "preview.html", status=422, drawn=None, error=str(e), game=game)
        return web.page(request, "preview.html", drawn=drawn, error=None, game=game)

    async def judge(request: Request):
        game = _game(request)
        values = await web.form(request)
        preset = values.get("preset") if values.get("preset") in game.presets else game.default_preset
        ctx = await web.work(request, context, game, preset, values)
        try:
            result = await web.work(request, judged, game, values)
        except TablecalcError as e:
            drawn = None
            try:
                drawn = await web.work(request, preview, game, values)
            except TablecalcError:
                pass
            return web.page(request, "dispute.html", status=400, **ctx, result=None, error=str(e), drawn=drawn)
        drawn = {"drawing": result["drawing"], "notation": result["notation"], "answer": result["answer_field"]}
        return web.page(request, "dispute.html", **ctx, result=result, error=None, drawn=drawn)

    return [Route("/g/{game}", show), Route("/g/{game}/draw", draw, methods=["POST"]),
            Route("/g/{game}/judge", judge, methods=["POST"])]
