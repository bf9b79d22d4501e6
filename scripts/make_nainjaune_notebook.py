"""Write ``notebooks/nainjaune_games.ipynb`` (the cells, without outputs; run it in Jupyter or let
``tests/core/test_notebooks.py`` execute it). Run: ``python3 scripts/make_nainjaune_notebook.py``."""

import nbformat as nbf

cells = []
md = lambda s: cells.append(nbf.v4.new_markdown_cell(s.strip()))
code = lambda s: cells.append(nbf.v4.new_code_cell(s.strip()))

md(r"""
# Le Nain Jaune — Grand Opéras, the first player's edge, and the Nain Jaune's pot

**The questions players ask.**

1. **How often does a Grand Opéra happen** — a player going out in their first turn and
   sweeping the whole board — and how does it depend on the number of players?
2. **What is starting worth?** The player to the dealer's left lays first: how many tokens
   does that seat win or lose in a round, compared with the others?
3. **How big does the Nain Jaune cell grow?** The 7♦ cell gets 5 tokens per player each
   round and is only emptied by whoever lays the 7♦ — which is often set aside, or stuck in a
   hand at the end. How many tokens does it hold when a round starts?

**The method.** Two kinds of answer, both from `solver.nainjaune`:

* **exact, per deal**: for random deals, the solver's exact search (`best_lay`, which knows
  every hand) says whether the starting player *can* go out in one turn. This is the best
  possible play, not what people do.
* **simulated**: whole games between `greedy` bots (`solver.whole.simulate`, the engine of
  `tablecalc nainjaune simulate`; a bot starts the run that climbs furthest in its own hand,
  preferring one ending in a King, and always continues), each round replayed through the
  game's `Match` to see its deal, its end and everyone's tokens. Figures from simulation are
  estimates, given with their 95 % margin.

Every round played here is checked: tokens and cards are conserved (the property tests check
the same on every player count). Seeds are fixed, so the figures below are reproducible; the
sample sizes keep this notebook to a few seconds in CI.
""")

code(r"""
%matplotlib inline
import random
import statistics
import sys
import time
from collections import defaultdict
from math import sqrt
from pathlib import Path

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from solver.nainjaune import GAME, Goal, Match, Rules, best_lay, hand_size
from solver.nainjaune.rules import Cell
from solver.whole.simulate import simulate

RULES = Rules()
PLAYERS = range(3, 9)
start = time.perf_counter()


def play(n, rounds, seed, rules):
    # a game between greedy bots, and each of its rounds replayed through the match:
    # (the match before the round, the round's start, its end, the match after)
    names = tuple(f"P{i + 1}" for i in range(n))
    played = simulate(GAME, rules, None, names, rounds=rounds, seed=seed, bots=("greedy",))
    match, out = Match(names, rules), []
    for r in played.rounds:
        begin = end = match.parse_deal(r.deal)
        for _seat, move in r.moves:
            end = end.apply(move)
        after = match.after_round(end)
        assert after.scores() == r.scores
        out.append((match, begin.position, end.position, after))
        match = after
    return out


def margin(p, n):
    # 95 % normal-approximation margin of a proportion
    return 1.96 * sqrt(max(p * (1 - p), 1e-12) / n)


def share(p, n):
    # a proportion with its 95 % margin; none seen: below 3/n (the rule of three)
    return f"0 (< {3 / n:.1%})" if p == 0 else f"{p:.1%} ± {margin(p, n):.1%}"

""")

md(r"""
## 1. How often is a Grand Opéra possible, and how often does it happen?

*Possible*: the starting player, knowing every hand, has a lay that empties their hand (King
restarts, and "sans R" coming back when nobody else holds an R) — the solver's exact search on
the deal. *Happens*: the greedy bots make one in the simulated round. Both are measured on the
same deals (every simulated round), so greedy play can never beat the
exact answer — the cell below checks it deal by deal. Any player can make a Grand Opéra, not
only the starter: a player reached by "sans R" may lay their whole hand in their first turn.
""")

code(r"""
ROUNDS = 400  # simulated rounds per player count
EXACT = ROUNDS  # all searched exactly for the starter

LONG = RULES.with_options(start_tokens=10**6)  # long games: nobody runs out of tokens
games, opera = {}, {}
for n in PLAYERS:
    game = play(n, ROUNDS, seed=n, rules=LONG)
    assert len(game) == ROUNDS
    last = game[-1][3]
    assert sum(last.scores()) + last.board.total == n * LONG.start_tokens
    games[n] = game
    possible = made = 0
    for _before, begin, end, _after in game[:EXACT]:
        starter = begin.to
        can = best_lay(begin, RULES, Goal.CARDS).opera
        did = end.opera and end.out == starter
        assert can or not did  # the bots never beat the exact search
        possible += can
        made += did
    anyone = sum(end.opera for _before, _begin, end, _after in game)
    opera[n] = (possible / EXACT, made / EXACT, anyone / ROUNDS)

rows = ["| players | cards each | starter: Grand Opéra possible (exact) | starter: made by the bot | any player: made by the bots |",
        "| --- | --- | --- | --- | --- |"]
for n in PLAYERS:
    p, m, a = opera[n]
    rows.append(f"| {n} | {hand_size(n)} | {share(p, EXACT)} | {share(m, EXACT)} | {share(a, ROUNDS)} |")
display(Markdown("\n".join(rows)))
""")

code(r"""
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.plot(list(PLAYERS), [opera[n][0] for n in PLAYERS], "o-", label="starter, possible (exact)")
ax.plot(list(PLAYERS), [opera[n][2] for n in PLAYERS], "s--", label="any player, greedy bots")
ax.set_xlabel("players")
ax.set_ylabel("share of rounds")
ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
ax.legend()
ax.set_title("Grand Opéra")
plt.show()
""")

code(r"""
low, high = min(opera[n][2] for n in PLAYERS), max(opera[n][2] for n in PLAYERS)
display(Markdown(
    f"**Answer.** A Grand Opéra is rare: the bots make one in {low:.1%} to {high:.1%} of rounds "
    f"(most often with {max(PLAYERS, key=lambda n: opera[n][2])} players, whose 6-card hands are short), and even "
    f"with perfect knowledge of every hand the starter has one in at most "
    f"{max(opera[n][0] for n in PLAYERS):.1%} of these deals. The samples are small ({ROUNDS} rounds per table "
    f"size): the order of magnitude — a few rounds in a hundred at most — is what to take away."))
""")

md(r"""
## 2. What is starting worth?

For each simulated round, the tokens each seat won during the round (stakes taken from the
board plus the settlement), not counting the 15 tokens everyone staked before the deal. The
*starter* is the player to the dealer's left.
""")

code(r"""
gain = {}
for n in PLAYERS:
    game = games[n]  # the same long games
    starter, others = [], []
    for before, begin, _end, after in game:
        s = begin.to  # the player to the dealer's left
        change = [a - (b - 15) for a, b in zip(after.scores(), before.scores())]  # the stake not counted
        assert sum(change) == begin.board.total - after.board.total  # nothing created
        starter.append(change[s])
        others.extend(change[i] for i in range(n) if i != s)
    m1, m2 = statistics.mean(starter), statistics.mean(others)
    se = statistics.stdev(starter) / sqrt(len(starter))
    gain[n] = (m1, m2, 1.96 * se)

rows = ["| players | starter wins per round | another seat wins per round | edge of starting | net of the 15-token stake, starter |",
        "| --- | --- | --- | --- | --- |"]
for n in PLAYERS:
    m1, m2, e = gain[n]
    rows.append(f"| {n} | {m1:+.1f} ± {e:.1f} | {m2:+.1f} | {m1 - m2:+.1f} | {m1 - 15:+.1f} |")
display(Markdown("\n".join(rows)))
""")

code(r"""
edges = {n: gain[n][0] - gain[n][1] for n in PLAYERS}
display(Markdown(
    f"**Answer.** Between greedy players, starting is worth next to nothing at 3 and 4 players "
    f"({edges[3]:+.1f} and {edges[4]:+.1f} tokens a round, within the noise) and the most at 8 players "
    f"({edges[8]:+.1f} ± {gain[8][2]:.0f}), where 6-card hands are short and laying first often means going out "
    f"first; in between the estimates are too noisy to rank. The deal moves one seat each round, so over a number "
    f"of rounds that is a multiple of the players' count the edge is shared evenly."))
""")

md(r"""
## 3. How big does the Nain Jaune cell grow?

Whole games with the seed's 120 tokens each, played until someone cannot stake or pay (at
most 60 rounds); the 7♦ cell's tokens at the start of every round, after the stakes.
""")

code(r"""
GAMES = 40
nain, longest = defaultdict(list), {}
for n in PLAYERS:
    rounds = 0
    for g in range(GAMES):
        game = play(n, 60, seed=10_000 * n + g, rules=RULES)
        for _before, begin, _end, after in game:
            nain[n].append(begin.board[Cell.NAIN])
            assert sum(after.scores()) + after.board.total == n * RULES.start_tokens
        rounds += len(game)
    longest[n] = rounds / GAMES

rows = ["| players | rounds per game (mean) | rounds starting with tokens carried over | Nain Jaune cell at a round's start: median | mean | 90th percentile | largest seen |",
        "| --- | --- | --- | --- | --- | --- | --- |"]
carried = {}
for n in PLAYERS:
    xs = sorted(nain[n])
    carried[n] = sum(x > 5 * n for x in xs) / len(xs)
    rows.append(f"| {n} | {longest[n]:.1f} | {carried[n]:.0%} | {statistics.median(xs):.0f} | {statistics.mean(xs):.1f} "
                f"| {xs[int(0.9 * (len(xs) - 1))]} | {xs[-1]} |")
display(Markdown("\n".join(rows)))
""")

code(r"""
fig, ax = plt.subplots(figsize=(6, 3.2))
xs = list(PLAYERS)
ax.plot(xs, [5 * n for n in xs], ":", color="grey", label="one round's stakes (5 per player)")
ax.plot(xs, [statistics.mean(nain[n]) for n in xs], "o-", label="mean")
ax.plot(xs, [sorted(nain[n])[int(0.9 * (len(nain[n]) - 1))] for n in xs], "s--", label="90th percentile")
ax.plot(xs, [max(nain[n]) for n in xs], "^-.", label="largest seen")
ax.set_xlabel("players")
ax.set_ylabel("tokens on the 7♦ cell")
ax.set_title("The Nain Jaune cell when a round starts")
ax.legend(fontsize=8)
plt.show()
n8 = max(PLAYERS)
display(Markdown(
    f"**Answer.** Most rounds start with just that round's stakes on the cell (5 per player: the 7♦ was "
    f"laid in the round before), but {min(carried.values()):.0%} to {max(carried.values()):.0%} start with tokens "
    f"carried over — the 7♦ was set aside, or doubled by a player caught holding it. On average the cell holds "
    f"{statistics.mean(nain[3]):.0f} tokens at 3 players and {statistics.mean(nain[n8]):.0f} at {n8}; one round in "
    f"ten starts with {sorted(nain[n8])[int(0.9 * (len(nain[n8]) - 1))]} or more at {n8} players, and the largest pot "
    f"seen was {max(nain[n8])}."))
print(f"{time.perf_counter() - start:.1f} s")
""")

nb = nbf.v4.new_notebook()
nb["cells"] = cells
nb["metadata"] = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}}
from pathlib import Path

nbf.write(nb, Path(__file__).resolve().parent.parent / "notebooks" / "nainjaune_games.ipynb")
