"""Every game played whole passes the same checks (the layer of :mod:`solver.whole`, written once):
simulate → log → the referee judges every move legal; a tampered log is caught and the moves after
it are still judged; the analysis of the best bot's game finds no mistake where the solver is
exact; the commands answer bad input in one line; a game is played and followed over a pipe, in
English, French and Dutch words. Parametrised over the registry: a new game is held to it as soon
as its ``GAME.new_match`` gives a match."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from solver.registry import all_games
from solver.whole import Match, RoundState
from solver.whole.analyse import analyse
from solver.whole.log import read
from solver.whole.referee import referee
from solver.whole.simulate import simulate
from trainer.cli import app

WHOLE = [g for g in all_games() if g.plays_whole()]
ids = [g.name for g in WHOLE]
runner = CliRunner()


def _players(game) -> tuple[str, ...]:
    return ("Ann", "Bob", "Cid", "Dee")[:_seats(game)]


def _seats(game) -> int:
    for n in (2, 3, 4):
        try:
            game.new_match(tuple(f"P{i}" for i in range(n)), game.rules(), game.load_data(game.rules()))
            return n
        except Exception:  # noqa: BLE001 - a match refusing this many players: try more
            continue
    raise AssertionError(f"{game.name}: no match of 2 to 4 players")


def _log_text(played) -> str:
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in played.log_lines()) + "\n"


def _played(game, seed=1, bots=("random",), rounds=1):
    rules = game.rules()
    return simulate(game, rules, game.load_data(rules), _players(game), rounds=rounds, seed=seed, bots=bots)


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_the_match_and_its_states_follow_the_protocol(game):
    rules = game.rules()
    match = game.new_match(_players(game), rules, game.load_data(rules))
    assert isinstance(match, Match) and match.bots and len(match.loss_labels) == 3
    state = match.deal(random.Random(0))
    assert isinstance(state, RoundState)
    assert str(match.parse_deal(str(state))) == str(state)  # a deal's notation round-trips
    for seat in range(len(match.names)):
        assert match.view(seat) if hasattr(match, "view") else state.view(seat)


@pytest.mark.parametrize("game", WHOLE, ids=ids)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_simulated_game_is_judged_all_legal_from_its_log(game, seed):
    played = _played(game, seed=seed, rounds=2)
    report = referee(game, read(_log_text(played), "log"))
    assert report.legal, [(m.line, m.move, [str(v) for v in m.verdict.violations]) for m in report.illegal]
    assert report.judged == sum(len(r.moves) for r in played.rounds)
    assert report.scores == played.scores
    assert all(m.as_dict()["clauses"] for m in report.moves)  # each legal move cites what it was judged against
    again = _played(game, seed=seed, rounds=2)
    assert _log_text(again) == _log_text(played)  # the same seed plays the same game


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_tampered_log_is_caught_and_the_moves_after_it_still_judged(game):
    played = _played(game, seed=3)
    lines = _log_text(played).splitlines()
    moves = [i for i, line in enumerate(lines) if json.loads(line)["type"] == "move"]
    k = moves[len(moves) // 2]
    repeated = lines[:k + 1] + [lines[k]] + lines[k + 1:]  # a move played twice
    report = referee(game, read("\n".join(repeated), "log"))
    assert not report.legal and report.illegal and report.illegal[0].line == k + 2
    assert report.judged == len(moves) + 1  # every later move judged too
    out_of_turn = json.loads(lines[moves[0]])
    names = list(played.names)
    out_of_turn["player"] = names[(names.index(out_of_turn["player"]) + 1) % len(names)]
    tampered = lines[:moves[0]] + [json.dumps(out_of_turn)] + lines[moves[0]:]
    report = referee(game, read("\n".join(tampered), "log"))
    assert not report.legal and report.illegal[0].line == moves[0] + 1 and report.judged == len(moves) + 1


@pytest.mark.slow
@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_the_best_bot_makes_no_mistake_where_the_solver_is_exact(game):
    rules = game.rules()
    match = game.new_match(_players(game), rules, game.load_data(rules))
    best = next(iter(match.bots))
    a = analyse(game, read(_log_text(_played(game, seed=4, bots=(best,))), "log"))
    exact = [m for m in a.moves if m.legal and m.exact]
    assert not [m for m in exact if m.label in ("mistake", "blunder")], [m.as_dict() for m in exact if m.label]


def _run(game, *args, input=None):
    return runner.invoke(app, [game.name, *args], input=input)


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_the_commands_through_the_cli(game, tmp_path):
    log = tmp_path / "game.jsonl"
    r = _run(game, "simulate", "--players", ",".join(_players(game)), "--seed", "7", "--bot", "random",
             "--log", str(log), "--json")
    assert r.exit_code == 0, r.output
    assert set(json.loads(r.stdout)) >= {"players", "seed", "rounds", "scores"}
    r = _run(game, "referee", str(log), "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["legal"] is True and d["illegal"] == [] and d["first_illegal"] is None and set(d) >= {"moves", "scores"}
    r = _run(game, "analyse", str(log), "--json")
    assert r.exit_code == 0, r.output
    assert set(json.loads(r.stdout)["players"]) == set(_players(game))
    r = _run(game, "simulate", "--seed", "7", "--log", str(log))
    assert r.exit_code == 2 and "already exists" in r.output  # never over a file


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_bad_logs_are_refused_in_one_line(game, tmp_path):
    other = next((g for g in all_games() if g is not game), None)
    cases = {
        "empty.jsonl": b"",
        "binary.jsonl": bytes(range(256)) * 40,
        "long.jsonl": b"{}\n" * 1_000_000,
        "no-game.jsonl": b'{"type": "deal", "deal": "x"}\n',
    }
    if other is not None:
        cases["other.jsonl"] = json.dumps({"type": "game", "game": other.name, "players": ["A", "B"]}).encode() \
            + b'\n{"type": "deal", "deal": "x"}\n'
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        for command in ("referee", "analyse"):
            r = _run(game, command, str(path))
            assert r.exit_code == 2, (name, command, r.output)
            lines = r.output.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("tablecalc: error:") and "Traceback" not in r.output, r.output


@pytest.mark.parametrize("game", WHOLE, ids=ids)
@pytest.mark.parametrize("words", [("hint", "undo", "quit"), ("indice", "annuler", "quitter"), ("tip", "ongedaan", "stoppen")])
def test_a_game_is_played_over_a_pipe_with_the_words_of_each_language(game, words, tmp_path):
    hint, undo, quit_ = words
    rules = game.rules()
    match = game.new_match(_players(game), rules, game.load_data(rules))
    first = match.bot(next(iter(match.bots)), 0, random.Random(0)).choose(match.deal(random.Random(11)))
    save = tmp_path / "so-far.jsonl"
    r = _run(game, "play", "--players", ",".join(_players(game)), "--seed", "11",
             input=f"{hint}\n{first}\n{undo}\n{first}\nsave {save}\n{quit_}\n")
    assert r.exit_code == 0, r.output
    assert "Hint" in r.output and "Taken back" in r.output and "Stopped" in r.output
    assert read(save.read_text(encoding="utf-8"), "saved").rounds[0].moves  # the log so far, a referee's log


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_real_game_is_followed_move_by_move(game, tmp_path):
    played = _played(game, seed=5)
    rnd = played.rounds[0]
    typed = [f"{played.names[seat]}: {move}" for seat, move in rnd.moves[:4]]
    log = tmp_path / "followed.jsonl"
    r = _run(game, "follow", "--players", ",".join(played.names), "--deal", rnd.deal, "--log", str(log),
             input="\n".join([*typed, "quit", ""]))
    assert r.exit_code == 0, r.output
    assert r.output.count("Legal.") == len(typed)
    saved = read(log.read_text(encoding="utf-8"), "followed")
    assert [m.move for m in saved.rounds[0].moves] == [move for _, move in rnd.moves[:4]]
    assert referee(game, saved).legal


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_move_shown_in_the_players_words_reads_back_as_the_same_move(game, lang):
    """A hint or a bot's move is shown in the player's language (``GAME.say_move``): typed back at
    the prompt, it is the move it shows — the same verdict, the same round after it."""
    from solver.i18n import use

    rules = game.rules()
    data = game.load_data(rules)
    played = _played(game, seed=5, bots=("random",))  # any legal game will do: the words are the point
    match = game.new_match(_players(game), rules, data)
    state = match.parse_deal(played.rounds[0].deal)
    use(lang)
    try:
        said = 0
        for seat, move in played.rounds[0].moves[:60]:
            shown = game.say_move(move)
            said += shown != move
            v, w = state.judge(move, seat), state.judge(shown, seat)
            assert (w.legal, w.violations) == (v.legal, v.violations), (lang, move, shown)
            assert str(state.after(w)) == str(state.after(v)), (lang, move, shown)
            state = state.after(v)
    finally:
        use("en")
    if lang == "en":
        assert said == 0  # English shows the notation itself


@pytest.mark.parametrize("game", WHOLE, ids=ids)
def test_a_table_of_bots_plays_the_seeded_game_and_undo_reopens_the_round(game):
    """:class:`solver.whole.table.Table`, the one home of a table in play (the terminal's and the
    browser's): bots at every seat play the round the seed deals, as ``simulate`` would judge it;
    undo takes the round's last move back, its score too; the log is all legal."""
    from solver.whole.table import Table

    rules = game.rules()
    data = game.load_data(rules)
    table = Table(game, rules, data, _players(game), humans=(), bots=("random",), seed=9)
    table.start()
    while table.bot_to_move():
        _seat, _move, verdict = table.bot_move()
        assert verdict.legal
    assert table.over()
    scores = table.end_round()
    moves = list(table.moves)
    log = read("\n".join(json.dumps(line) for line in table.log_lines()), "table")
    assert [m.move for m in log.rounds[0].moves] == [m for _s, m in moves] and log.rounds[0].scores == scores
    assert referee(game, log).legal
    assert table.undo() and table.open and table.moves == moves[:-1] and not table.rounds
    assert not any(line["type"] == "end" for line in table.log_lines())
    table.play(*moves[-1])
    assert table.end_round() == scores
