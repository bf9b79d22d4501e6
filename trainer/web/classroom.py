"""The teacher's pages: the class (every learner side by side), one learner (the fact grids as
XtraMath shows them, the weakest facts and puzzles, the streak, the progress chart), a
printable worksheet of the learner's weakest facts with its answer key, and the learner's
one-page report to print (``tablecalc report --html``'s page, :mod:`trainer.report`).

Every page needs the table's join code (the browser is sent to the join page first), on this computer
too: a class's results are the teacher's. The data is :mod:`trainer.classroom`'s, read from the
history the drills write; nothing here computes a result of its own.
"""

from __future__ import annotations

import random

from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from solver.errors import TablecalcError
from solver.i18n import _

__all__ = ["routes", "learner_chart"]




def learner_chart(history) -> tuple[str | None, str | None]:
    """The learner's progress chart as SVG (``stats --plot``'s), or why there is none (matplotlib,
    in the plot extra, is not installed: the page says how to add it)."""
    from trainer.chart import chart_svg

    try:
        return chart_svg(history, tz=None), None
    except TablecalcError as e:
        return None, str(e)


def routes(web) -> list:
    from urllib.parse import quote

    from trainer import classroom
    from trainer.history import History
    from trainer.web.app import whole

    def gate(request: Request):
        if not request.scope.get("tc_joined"):
            return RedirectResponse("/join?next=" + quote(request.url.path + ("?" + request.url.query
                                                                              if request.url.query else "")),
                                    status_code=303)
        return None

    def overview():
        with History.open(web.history, read_only=True) as h:
            return classroom.class_overview(h, tz=None)

    def one(name: str):
        with History.open(web.history, read_only=True) as h:
            learner = classroom.known_learner(h, name)
            stats = classroom.learner_stats(h, learner, tz=None)
            grids = [classroom.fact_matrix(h, learner, kind) for kind in classroom.fact_kinds()]
            grids = [g for g in grids if any(c is not None and c.status != "unseen" for line in g.cells for c in line)]
            chart, chart_note = learner_chart(h.for_learner(learner)) if stats["answers"] else (None, None)
        return {"learner": learner, "stats": stats, "grids": grids, "chart": chart, "chart_note": chart_note}

    def sheet(name: str, count: int, seed: int | None):
        with History.open(web.history, read_only=True) as h:
            learner = classroom.known_learner(h, name)
            return classroom.worksheet(h, learner, count, random.Random(seed))

    async def class_page(request: Request):
        if (away := gate(request)) is not None:
            return away
        rows = await web.work(request, overview)
        return web.page(request, "class.html", rows=rows, label=classroom.learner_label)

    async def learner_page(request: Request):
        if (away := gate(request)) is not None:
            return away
        ctx = await web.work(request, one, request.query_params.get("name", ""))
        return web.page(request, "learner.html", marks=classroom.MARKS, status_name=classroom.status_name,
                        label=classroom.learner_label, **ctx)

    async def worksheet_page(request: Request):
        if (away := gate(request)) is not None:
            return away
        q = request.query_params
        count, seed_text = whole(q.get("count", "20"), 1, 200), q.get("seed", "").strip()
        if count is None:
            raise TablecalcError(_("A worksheet has 1 to 200 facts."))
        seed = whole(seed_text, 0, 10 ** 18) if seed_text else None
        if seed_text and seed is None:
            raise TablecalcError(_("The seed {value} is not a whole number: leave it empty for a new deal.").format(
                value=seed_text[:20]))
        ws = await web.work(request, sheet, q.get("name", "")[:100], count, seed)
        return web.page(request, "worksheet.html", sheet=ws, label=classroom.learner_label)

    def printed(name: str) -> str:
        from trainer.chart import chart_svg
        from trainer.report import CHART, make_report, report_html

        with History.open(web.history, read_only=True) as h:
            made = make_report(h, name, tz=None)
            try:
                chart, note = chart_svg(h.for_learner(made.learner), tz=None, now=made.at, **CHART), None
            except TablecalcError as e:
                chart, note = None, str(e)
            return report_html(made, chart, note)

    async def report_page(request: Request):
        from starlette.responses import HTMLResponse

        if (away := gate(request)) is not None:
            return away
        html = await web.work(request, printed, request.query_params.get("name", "")[:100])
        return HTMLResponse(html)

    return [Route("/class", class_page), Route("/class/learner", learner_page),
            Route("/class/worksheet", worksheet_page), Route("/class/report", report_page)]
