"""The teacher's pages: the class behind the join code, a learner's fact grid, weakest facts and
chart, a printable worksheet with its answer key; learners' names as they drilled."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest


@pytest.fixture
def class_history(web):
    """Two learners who answered multiplication facts: Léa misses 7 × 8, Tom gets everything right."""
    from trainer.classroom import record_answer
    from trainer.drills import make_drill
    from trainer.history import History

    drill = make_drill("arith", level="mul")
    at = datetime.now(timezone.utc) - timedelta(hours=1)
    with History.open(web.history) as h:
        for name, wrong in (("Léa", {"7 × 8"}), ("Tom", set())):
            for k, (a, b) in enumerate([(7, 8), (6, 7), (3, 4), (9, 9)]):
                puzzle = drill.from_situation(f"calculate {a} × {b}")
                answer = str(a * b + (1 if f"{a} × {b}" in wrong else 0))
                record_answer(h, name, drill, puzzle, answer, 2.0, at=at + timedelta(seconds=k))
    return web.history


def _join(client):
    assert client.get("/join?code=123456").status_code == 200


def test_the_class_page_needs_the_code_even_on_this_computer(client, class_history):
    r = client.get("/class", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/join?next=/class")
    assert client.get("/join?code=999999").status_code == 403
    assert "Léa" not in client.get("/class").text


def test_the_class_lists_every_learner(client, class_history):
    _join(client)
    page = client.get("/class").text
    assert "Léa" in page and "Tom" in page and "75 %" in page and "100 %" in page


def test_a_learner_page_shows_the_fact_grid_and_the_weakest(client, class_history):
    _join(client)
    page = client.get("/class/learner", params={"name": "léa"}).text  # any case: one learner
    assert 'title="7 × 8 = 56: missed"' in page
    assert 'title="6 × 7 = 42: fast"' in page or 'title="6 × 7 = 42: slow"' in page
    assert "7 × 8" in page.split("Weakest puzzles")[1]
    assert "<svg" in page.split("Progress")[-1]  # the chart, drawn in the page


def test_a_learner_s_report_prints_from_the_learner_page(client, class_history):
    _join(client)
    assert 'href="/class/report?name=L%C3%A9a"' in client.get("/class/learner", params={"name": "Léa"}).text
    page = client.get("/class/report", params={"name": "léa"}, headers={"accept-language": "fr"}).text
    assert "<h1>Bilan de Léa</h1>" in page and page.count('<table class="facts"') == 4
    assert "7 × 8 = 56</strong>" in page and "<svg" in page.split("Progrès")[-1]
    assert client.get("/class/report", params={"name": "Zoé"}).status_code == 400


def test_an_unknown_learner_is_one_line(client, class_history):
    _join(client)
    r = client.get("/class/learner", params={"name": "Zoé"})
    assert r.status_code == 400 and "Léa" in r.text and "Traceback" not in r.text


def test_the_worksheet_puts_the_weakest_fact_first_with_an_answer_key(client, class_history):
    _join(client)
    page = client.get("/class/worksheet", params={"name": "Léa", "count": "5", "seed": "1"}).text
    sheet, key = page.split("Answer key")
    assert "7 × 8 =" in sheet and "56" not in sheet.split("<ol")[1]
    assert "7 × 8 = <strong>56</strong>" in key


@pytest.mark.parametrize("count", ["0", "500", "ten"])
def test_a_bad_worksheet_size_is_one_line(client, class_history, count):
    _join(client)
    r = client.get("/class/worksheet", params={"name": "Léa", "count": count})
    assert r.status_code == 400 and "1 to 200" in r.text


def test_drills_record_under_the_name_typed_and_it_is_offered_next_time(client, web):
    from tests.web.conftest import csrf_of
    from trainer.history import History

    token = csrf_of(client.get("/drill").text)
    page = client.post("/drill/start", data={"csrf": token, "drill": "arith:mul", "count": "1", "learner": " Noé "})
    import re

    a, b = map(int, re.search(r'<h1 class="prompt">(\d+) × (\d+)</h1>', page.text).groups())
    key = re.search(r'action="/d/([^/]+)/answer"', page.text).group(1)
    client.post(f"/d/{key}/answer", data={"csrf": csrf_of(page.text), "answer": str(a * b)})
    with History.open(web.history, read_only=True, learner="noé") as h:
        assert h.count() == 1 and h.learner == "Noé"
    assert 'data-text="Noé"' in client.get("/drill").text
    assert 'name="learner" value="Noé"' in client.get("/drill").text  # the name last typed, from its cookie
