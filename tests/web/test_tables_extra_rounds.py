"""Issue 24 in the browser: a Nambarz table whose extra rounds only the tied play. The seat that
sits an extra round out is drawn so ("sits this round out"), the places follow the scores, and
the log downloaded is one the referee judges all legal."""

from __future__ import annotations

import random
from html import unescape

from solver.nambarz import GAME
from solver.nambarz.bots import Bot
from tests.web.test_tables import _errors, _post, _referee_download, _start, _table

RULES = {"rule.game_rounds": "1", "rule.extra_round_players": "tied", "rule.tie_break": "any-place",
         "rule.hand_size": "3"}


def test_a_table_whose_extra_round_only_the_tied_play(client, web, tmp_path):
    me = Bot("greedy", random.Random(0))
    for seed in (19, *range(40)):  # 19: a tie for second place, found by playing the same table
        r = _start(client, GAME, mode="play", people="1", players="4", bot="best", seed=str(seed), **RULES)
        assert r.status_code == 303, _errors(r.text) or r.text[:2000]
        url = r.headers["location"]
        table = _table(web, url)
        seen_sitting = False
        for _turn in range(400):
            html = client.get(url).text
            assert not _errors(html), _errors(html)
            if table.match.is_over():
                break
            if 'id="round-over"' in html:
                r = _post(client, url, "next", html)
                assert r.status_code == 303, _errors(r.text) or r.text[:2000]
                continue
            if table.state.sitting:
                seen_sitting = True
                assert "sits this round out" in html
            r = _post(client, url, "move", html, typed=me.choose(table.state))
            assert r.status_code == 303, _errors(r.text) or r.text[:2000]
        if seen_sitting or len(table.rounds) > 1:
            break
    else:  # pragma: no cover - the seeds are fixed
        raise AssertionError("no extra round in 40 tables")
    html = unescape(client.get(url).text)
    assert table.match.is_over() and "Places after the extra rounds: 1." in html
    assert table.state.sitting and "sits this round out" in html  # the last round drawn as it was played
    log = _referee_download(client, url, GAME, tmp_path)
    assert len(log.rounds) == len(table.rounds) >= 2 and "sitting-out" in log.rounds[1].deal
