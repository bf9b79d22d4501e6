"""Tables in the browser, in process: every game played whole is started against the computer,
played move by move (a move tapped from its face, one typed), taken back, hinted, analysed; its
log downloaded is one ``tablecalc GAME referee`` judges all legal. A real game is followed move by
move to its round's end. Every bad input is one line, never a traceback; a shared screen hides a
player's turn until the screen is passed."""

from __future__ import annotations

import re
import threading
from html import unescape

import pytest
from typer.testing import CliRunner

from solver.registry import all_games, find_game
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from solver.whole.table import fewest_players
from tests.web.conftest import csrf_of

WHOLE = [g for g in all_games() if g.plays_whole()]
ids = [g.name for g in WHOLE]


def _errors(html: str) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', html)


def _version(html: str) -> str:
    return re.search(r'name="v" value="(\d+)"', html).group(1)


def _tokens(html: str) -> list[str]:
    return [unescape(t) for t in re.findall(r'class="token move" name="move" value="([^"]*)"', html)]


def _start(client, game, **fields):
    page = client.get(f"/t/{game.name}")
    assert page.status_code == 200
    form = {"csrf": csrf_of(page.text), "preset": game.default_preset, "shown_preset": game.default_preset, **fields}
    return client.post(f"/t/{game.name}/new", data=form, follow_redirects=False)


def _table(web, url: str):
    return web.state["tables"].entries[url.rsplit("/", 1)[1]].table


def _weakest(game) -> str:
    rules = game.rules()
    data = game.load_data(rules)
    match = game.new_match(tuple(f"P{k + 1}" for k in range(fewest_players(game, rules, data))), rules, data)
    return list(match.bots)[-1]


def _post(client, url, action, html, **fields):
    return client.post(f"{url}/{action}", data={"csrf": csrf_of(html), "v": _version(html), **fields},
                       follow_redirects=False)


def _referee_download(client, url, game, tmp_path):
    r = client.get(f"{url}/log")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    path = tmp_path / "downloaded.jsonl"
    path.write_bytes(r.content)
    from trainer.cli import app

    judged = CliRunner().invoke(app, [game.name, "referee", str(path)])
    assert judged.exit_code == 0, judged.output
    return read(r.content.decode("utf-8"), "downloaded")


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_game_against_the_computer_is_played_taken_back_hinted_saved_and_refereed(client, web, game, tmp_path):
    r = _start(client, game, mode="play", people="1", bot=_weakest(game), seed="5")
    assert r.status_code == 303, r.text[:2000]
    url = r.headers["location"]
    table = _table(web, url)
    before_last = 0
    for turn in range(3):
        html = client.get(url).text
        assert not _errors(html), _errors(html)
        if 'id="round-over"' in html:
            break
        state = table.state
        legal = [t for t in _tokens(html) if state.judge(t, table.to_move).legal]
        move = legal[0] if legal else table.match.analyse(state).best[0]
        field = "move" if legal and turn != 1 else "typed"  # tapped, and once typed
        before_last = len(table.moves)
        r = _post(client, url, "move", html, **{field: move})
        assert r.status_code == 303, _errors(r.text) or r.text[:2000]
        assert table.moves[before_last] == (0, move)
        html = client.get(url).text
        assert game.say_move(move) in unescape(html)  # the move and the bots' after it, in the player's words
        for seat, bot_move in table.moves[before_last + 1:]:
            assert f"{table.names[seat]} plays {game.say_move(bot_move)}." in unescape(html)
    # a hint: the best moves of the position, in the player's words
    if 'id="play"' in html:
        r = _post(client, url, "hint", html)
        assert r.status_code == 303
        html = client.get(url).text
        best = table.match.analyse(table.state).best
        assert "Hint: " + " / ".join(map(game.say_move, best)) in unescape(html)
    # undo takes back the person's last move and the bots' after it
    r = _post(client, url, "undo", html)
    assert r.status_code == 303
    html = client.get(url).text
    assert "Taken back." in html and len(table.moves) == before_last and table.to_move == 0
    log = _referee_download(client, url, game, tmp_path)
    assert log.players == table.names
    assert [m.move for m in log.rounds[-1].moves] == [m for _s, m in table.moves]
    assert referee(game, log).legal
    r = client.get(f"{url}/analysis")
    assert r.status_code == 200 and "Traceback" not in r.text
    assert r.text.count("<li class=") >= len(table.moves)


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_real_game_is_followed_to_the_end_of_its_round(client, web, game, tmp_path):
    rules = game.rules()
    data = game.load_data(rules)
    names = tuple(["Ann", "Bob", "Cid", "Dee"][:fewest_players(game, rules, data)])
    played = simulate(game, rules, data, names, rounds=1, seed=5, bots=(_weakest(game),))
    rnd = played.rounds[0]
    r = _start(client, game, mode="follow", names=", ".join(names), deal=rnd.deal)
    assert r.status_code == 303, _errors(r.text) or r.text[:2000]
    url = r.headers["location"]
    html = client.get(url).text
    assert "Who played" in html
    table = _table(web, url)
    token = csrf_of(html)
    for version, (seat, move) in enumerate(rnd.moves):
        typed = f"{names[seat]}: {move}" if version % 2 else move
        fields = {"typed": typed} if version % 2 else {"typed": typed, "player": str(seat)}
        r = client.post(f"{url}/move", data={"csrf": token, "v": str(version), **fields}, follow_redirects=False)
        assert r.status_code == 303, (version, move, _errors(r.text))
    html = client.get(url).text
    assert 'id="round-over"' in html and "Not legal" not in html
    assert table.scores() == played.scores
    for name, score in zip(names, played.scores):
        assert f"<span>{name}</span> <strong>{score:g}</strong>" in html
    log = _referee_download(client, url, game, tmp_path)
    assert [m.move for m in log.rounds[0].moves] == [m for _s, m in rnd.moves]
    assert log.rounds[0].scores == played.scores
    # the move that ended the round can be taken back: the round is open again
    r = _post(client, url, "undo", html)
    assert r.status_code == 303 and table.open and len(table.moves) == len(rnd.moves) - 1
    html = client.get(url).text
    r = _post(client, url, "move", html, typed=rnd.moves[-1][1], player=str(rnd.moves[-1][0]))
    assert r.status_code == 303
    html = client.get(url).text
    if table.match.is_over():
        assert "The game is over." in html
    else:
        r = _post(client, url, "next", html)
        assert r.status_code == 303, _errors(r.text)
        html = client.get(url).text
        assert "Round 2" in html and table.open


def test_a_move_that_is_not_understood_is_one_line_and_not_played(client, web):
    game = find_game("namnam")
    url = _start(client, game, mode="play", bot="random", seed="1").headers["location"]
    html = client.get(url).text
    r = _post(client, url, "move", html, typed="banana")
    assert r.status_code == 422 and len(_errors(r.text)) == 1 and "Traceback" not in r.text
    assert "banana" in _errors(r.text)[0]
    assert _table(web, url).moves == []
    r = _post(client, url, "move", html, typed="")
    assert r.status_code == 422 and len(_errors(r.text)) == 1


def test_a_move_of_the_wrong_player_is_judged_and_taken_back(client, web):
    game = find_game("namnam")
    url = _start(client, game, mode="follow", names="Ann, Bob").headers["location"]
    html = client.get(url).text
    r = _post(client, url, "move", html, typed="Bob: 3")
    assert r.status_code == 303
    html = client.get(url).text
    assert "Not legal." in html and "It is South's turn, not North's" in unescape(html)
    table = _table(web, url)
    assert table.moves == [(1, "3")] and table.to_move == 0
    r = _post(client, url, "move", html, typed="3", player="7")
    assert r.status_code == 422 and len(_errors(r.text)) == 1


@pytest.mark.parametrize("fields,words", [
    ({"mode": "play", "players": "3"}, "2 players"),
    ({"mode": "play", "players": "two"}, "not a number"),
    ({"mode": "play", "players": "2", "people": "3"}, "not a number from 1 to 2"),
    ({"mode": "play", "bot": "genius"}, "genius"),
    ({"mode": "play", "seed": "-4"}, "seed"),
    ({"mode": "play", "deal": "4.4.4/4.4 s"}, ""),
    ({"mode": "follow", "names": "Ann, ann"}, "same name"),
    ({"mode": "follow", "names": "Ann, Bob", "deal": "banana"}, "banana"),
    ({"mode": "follow", "names": "Ann, Bob, Cid"}, "2 players"),
    ({"mode": "play", "preset": "sideways"}, "sideways"),
])
def test_a_bad_start_is_one_line_and_keeps_the_form(client, fields, words):
    r = _start(client, find_game("namnam"), **fields)
    assert r.status_code == 422, r.text[:1000]
    errors = _errors(r.text)
    assert len(errors) == 1 and words in unescape(errors[0]) and "Traceback" not in r.text


def test_a_table_that_does_not_exist_is_a_clear_404(client):
    r = client.get("/t/namnam/no-such-table")
    assert r.status_code == 404 and "no such table" in r.text
    r = client.post("/t/namnam/no-such-table/move", data={"move": "3"})
    assert r.status_code == 404


def test_a_table_is_only_found_under_its_own_game(client):
    url = _start(client, find_game("namnam"), mode="play", bot="random").headers["location"]
    assert client.get(url.replace("/namnam/", "/nambarz/")).status_code == 404


def test_a_game_not_played_whole_has_no_table(client):
    r = client.get("/t/arith")
    assert r.status_code == 404 and "not played move by move" in r.text
    assert client.get("/t/chess").status_code == 404


def test_every_form_is_csrf_checked(client):
    game = find_game("namnam")
    r = client.post("/t/namnam/new", data={"mode": "play", "preset": game.default_preset})
    assert r.status_code == 403
    url = _start(client, game, mode="play", bot="random").headers["location"]
    for action in ("move", "undo", "hint", "ready", "next"):
        r = client.post(f"{url}/{action}", data={"v": "0", "move": "3"})
        assert r.status_code == 403, action


def test_a_page_the_table_moved_on_from_is_refused(client, web):
    url = _start(client, find_game("namnam"), mode="play", bot="random", seed="2").headers["location"]
    html = client.get(url).text
    assert _post(client, url, "move", html, move="3").status_code == 303
    r = _post(client, url, "move", html, move="4")  # the same page again: a second tap
    assert r.status_code == 409 and "out of date" in r.text and len(_errors(r.text)) == 1
    assert len([m for m in _table(web, url).moves if m[0] == 0]) == 1


def test_two_taps_at_once_play_one_move(client, web):
    url = _start(client, find_game("namnam"), mode="play", bot="random", seed="2").headers["location"]
    html = client.get(url).text
    answers = []

    def tap(move):
        answers.append(_post(client, url, "move", html, move=move).status_code)

    threads = [threading.Thread(target=tap, args=(m,)) for m in ("3", "4")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [303, 409]
    table = _table(web, url)
    assert [seat for seat, _m in table.moves].count(0) == 1


def test_a_shared_screen_hides_each_turn_until_the_screen_is_passed(client, web):
    game = find_game("namnam")
    url = _start(client, game, mode="play", players="2", people="2", names="Ann, Bea").headers["location"]
    html = client.get(url).text
    assert "Pass the screen to Ann" in html and 'id="table"' not in html and not _tokens(html)
    r = _post(client, url, "move", html, move="3")
    assert r.status_code == 409  # not before the screen is Ann's
    assert _post(client, url, "ready", html, seat="0").status_code == 303
    html = client.get(url).text
    assert 'id="table"' in html and _tokens(html) and "Ann, your move" in html
    assert _post(client, url, "move", html, move="3").status_code == 303
    html = client.get(url).text
    assert "Pass the screen to Bea" in html and not _tokens(html) and "Ann plays 3." in html
    assert _post(client, url, "ready", html, seat="1").status_code == 303
    assert "Bea, your move" in client.get(url).text


def test_the_oldest_tables_are_dropped_past_the_cap():
    from trainer.web.tables import Tables

    game = find_game("namnam")
    tables = Tables(cap=2)
    made = [tables.add(game, None, False) for _ in range(3)]
    assert list(tables.entries) == [made[1].id, made[2].id]
    tables.get(game, made[1].id)  # used: kept longest
    tables.add(game, None, False)
    assert made[1].id in tables.entries and made[2].id not in tables.entries
    assert len({s.id for s in made}) == 3 and all(len(s.id) >= 20 for s in made)


def test_the_home_page_links_every_game_played_whole(client):
    html = client.get("/").text
    for game in all_games():
        assert (f'href="/t/{game.name}"' in html) == game.plays_whole()


def test_a_table_in_french(client):
    client.get("/lang/fr")
    game = find_game("namnam")
    page = client.get("/t/namnam").text
    assert "Jouer contre l'ordinateur" in unescape(page)
    url = _start(client, game, mode="play", bot="random", seed="1").headers["location"]
    html = client.get(url).text
    assert "Annuler" in html or "Indice" in html
