"""Deliberately naive brute-force oracles for the Nmbrs! engine (``solver/nmbrs``).

Meant to be obviously correct by reading, and nothing else. Nothing is shared with the
engine's search: validity, doubling and points are re-implemented here from the rules.

* :func:`naive_sequences` — every subset of the hand (by position) with 3 or more cards;
  a subset without jokers is valid when its sorted numbers are; a subset with jokers is
  completed by every valid sequence of the right length that contains all its numbers
  (the valid sequences of 1..high are listed once by trying every start, step and
  length, each checked with :func:`is_valid`).
* :func:`naive_best` — every order of every move: each subset of the hand, each target
  (new sequence, each table sequence, each table card, each pair of sequences, each
  table joker), each joker number from 1..high; no memory of positions, no pruning.
  Returns the best ``(score, cards laid)``. With the doubling judged per turn, the score is
  counted once, on the table the turn ends with.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from solver.nmbrs.cards import Card, Deck

__all__ = ["is_valid", "naive_sequences", "naive_best", "valid_universe"]


def is_valid(numbers, count_back: bool, high: int) -> bool:
    """3+ different numbers in 1..high, evenly spaced; counting back lands on 0 or 1 if asked."""
    ns = sorted(numbers)
    if len(ns) < 3 or len(set(ns)) != len(ns) or ns[0] < 1 or ns[-1] > high:
        return False
    step = ns[1] - ns[0]
    if any(b - a != step for a, b in zip(ns, ns[1:])):
        return False
    if count_back:
        x = ns[0]
        while x - step >= 0:
            x -= step
        return x in (0, 1)
    return True


@lru_cache(maxsize=None)
def valid_universe(count_back: bool, high: int, max_len: int) -> dict:
    """Every valid sequence of 1..high up to ``max_len`` cards, indexed by (length, a number in it)."""
    index: dict = {}
    for first in range(1, high + 1):
        for step in range(1, high):
            for length in range(3, max_len + 1):
                cells = tuple(first + k * step for k in range(length))
                if is_valid(cells, count_back, high):
                    for v in cells:
                        index.setdefault((length, v), []).append(cells)
    return index


def _count_back(rules) -> bool:
    return rules.sequence.value == "count-back"


def naive_sequences(hand, rules) -> set[tuple[tuple[str, ...], tuple[int, ...]]]:
    """``{(cards as typed in laying order, numbers)}`` for every valid sequence of ``hand``.

    Sequences of jokers only are left out (as the engine does by default).
    """
    cb, high = _count_back(rules), rules.high
    universe = valid_universe(cb, high, len(hand))
    out = set()
    for size in range(3, len(hand) + 1):
        for subset in itertools.combinations(range(len(hand)), size):
            cards = [hand[i] for i in subset]
            reals = {c.number: str(c) for c in cards if c.number is not None}
            jokers = size - len(reals)
            if not reals:
                continue
            if jokers == 0:
                if is_valid(reals, cb, high):
                    nums = tuple(sorted(reals))
                    out.add((tuple(reals[v] for v in nums), nums))
                continue
            for cells in universe.get((size, min(reals)), []):
                if set(reals) <= set(cells):
                    out.add((tuple(reals.get(v, "joker") for v in cells), cells))
    return out


# ---------------------------------------------------------------- the best turn


def _colour(card: Card, value: int, deck: Deck, joker_colour: str):
    if card.number is None:
        return {"wild": "*", "none": None, "as-card": deck.colours[value].value}[joker_colour]
    return (card.colour or deck.colours[card.number]).value


def _doubled(judged, deck, rules) -> bool:
    """judged: [(card, value)]. One colour or all different, jokers as the rules say."""
    if len(judged) < 2:
        return False
    cols = [_colour(c, v, deck, rules.joker_colour.value) for c, v in judged]
    if None in cols:
        return False
    real = [c for c in cols if c != "*"]
    if len(set(real)) <= 1:
        return True
    return len(set(real)) == len(real) and len(judged) <= 4


def _points(laid, deck, rules) -> int:
    if rules.score_by.value == "cards":
        return sum(1 for c, _ in laid if rules.joker_counts or c.number is not None)
    return sum(0 if c.number is None else deck.points[c.number] for c, _ in laid)


def _assignments(cards, free_values):
    """Every way to give the jokers among ``cards`` different numbers from ``free_values``."""
    jokers = [i for i, c in enumerate(cards) if c.number is None]
    for values in itertools.combinations(sorted(free_values), len(jokers)):
        out = [(c, c.number) for c in cards]
        for i, v in zip(jokers, values):
            out[i] = (cards[i], v)
        yield out


def naive_best(table, hand, rules, deck, opened: bool = False, joker_only: bool = True) -> tuple[int, int]:
    """The best ``(score, cards laid)`` of any legal turn, by trying every order of every move.

    ``joker_only=False`` leaves out new sequences of jokers only, as the engine's search does
    (they need 3 jokers in hand)."""
    cb, high = _count_back(rules), rules.high
    seqs0 = [[(p.card, p.value) for p in s] for s in table.sequences]
    start_jokers = sum(1 for c in hand if c.number is None)
    opening = rules.opening.value
    whole = rules.doubling.value == "whole"

    per_turn = rules.doubling_per.value == "turn"
    start_values = {v for s in seqs0 for _, v in s}

    def gain(laid, seq_after):
        if per_turn:  # scored once, on the table the turn ends with
            return 0, len(laid)
        judged = seq_after if whole else laid
        return _points(laid, deck, rules) * (2 if _doubled(judged, deck, rules) else 1), len(laid)

    def turn_total(seqs) -> int:
        """Per turn: each card laid this turn, doubled when every sequence holding it doubles."""
        if not per_turn:
            return 0
        doubled = {}
        for s in seqs:
            new = [(c, v) for c, v in s if v not in start_values]
            d = _doubled(s if whole else new, deck, rules)
            for c, v in new:
                doubled[(v, c)] = doubled.get((v, c), True) and d
        return sum(_points([(c, v)], deck, rules) * (2 if d else 1) for (v, c), d in doubled.items())

    def search(seqs, hand, laid_new):
        best = None
        jokers_in_hand = sum(1 for c in hand if c.number is None)
        if jokers_in_hand <= start_jokers and (hand or not rules.discard_last):
            best = (turn_total(seqs), 0)

        def consider(result, seqs2, hand2, new):
            nonlocal best
            sub = search(seqs2, hand2, laid_new or new)
            if sub is not None:
                total = (result[0] + sub[0], result[1] + sub[1])
                if best is None or total > best:
                    best = total

        on_table = {v for s in seqs for _, v in s}
        may_add = opening == "free" or (opening == "once" and (opened or laid_new)) or (opening == "each-turn" and laid_new)
        for size in range(0, len(hand) + 1):
            for subset in itertools.combinations(range(len(hand)), size):
                cards = [hand[i] for i in subset]
                rest = [hand[i] for i in range(len(hand)) if i not in subset]
                free = [v for v in range(1, high + 1) if v not in on_table and v not in {c.number for c in cards}]
                if any(c.number in on_table for c in cards):
                    continue  # a number lies on the table once (its joker must be swapped first)
                for laid in _assignments(cards, free):
                    values = [v for _, v in laid]
                    # lay a new sequence
                    if size >= 3 and is_valid(values, cb, high) and (joker_only or any(c.number for c in cards)):
                        consider(gain(laid, laid), seqs + [laid], rest, True)
                    if not may_add:
                        continue
                    for i, s in enumerate(seqs):
                        # add to sequence i
                        if size >= 1 and is_valid([v for _, v in s] + values, cb, high):
                            new = sorted(s + laid, key=lambda cv: cv[1])
                            consider(gain(laid, new), seqs[:i] + [new] + seqs[i + 1:], rest, False)
                        # link sequence i with a later sequence j
                        for j, t in enumerate(seqs):
                            si, tj = {v for _, v in s}, {v for _, v in t}
                            if i == j or si & tj or max(si) >= min(tj):
                                continue
                            merged = si | tj | set(values)
                            others = [o for k, o in enumerate(seqs) if k not in (i, j)]
                            if not is_valid(merged, cb, high) or len(merged) != len(si) + len(tj) + size:
                                continue
                            if any(len(merged & {v for _, v in o}) > 1 for o in others):
                                continue
                            new = sorted(s + t + laid, key=lambda cv: cv[1])
                            consider(gain(laid, new), others + [new], rest, False)
                    # cross through a table card that lies in one sequence only
                    if size >= 2:
                        for c in sorted(on_table):
                            if sum(1 for s in seqs if any(v == c for _, v in s)) != 1:
                                continue
                            if is_valid([c] + values, cb, high):
                                card = next(cd for s in seqs for cd, v in s if v == c)
                                new = sorted([(card, c)] + laid, key=lambda cv: cv[1])
                                consider(gain(laid, new), seqs + [new], rest, False)
        # swap a table joker for the real card
        for idx, c in enumerate(hand):
            if c.number is None:
                continue
            if any(card.number is None and v == c.number for s in seqs for card, v in s):
                seqs2 = [[(c, v) if v == c.number else (card, v) for card, v in s] for s in seqs]
                consider((0, 0), seqs2, hand[:idx] + hand[idx + 1:] + [Card()], False)
        return best

    return search(seqs0, list(hand), False)
