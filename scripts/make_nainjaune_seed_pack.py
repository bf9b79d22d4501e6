"""Write ``puzzles/packs/nainjaune-seed.json``: every rule of the seed as a known case
(docs/known-cases.md) — a position and a lay judged (``verdict``), a round end settled (its
amount judged, its settlement as the best answer), a hand's best lay (``best``), a bad deal
(``error``), or a command (the Grand Opéra question) — with what
the referee, the solver or the settlement must answer. The cases are written here by hand from
the seed; the expectations were worked out by hand too. ``tests/core/test_known_cases.py`` checks
them through the game, ``tests/games/nainjaune/test_nainjaune_seed.py`` through the command line.

Run: ``python3 scripts/make_nainjaune_seed_pack.py`` (deterministic).
"""

from __future__ import annotations

from pathlib import Path

from puzzles import format_pack

B = "board 10:3 J:6 Q:9 K:12 7:15"

CASES = [
    # -- the deal (a whole game deals, stakes and passes the deal: tests/games/nainjaune/test_nainjaune_match.py)
    dict(id="deal-4-players-12-cards", source="seed: 4 players are dealt 12 cards each, the rest set aside",
         situation="hands Ann: Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc | Bob: Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd | "
                   "Cid: Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh | Dan: As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs; "
                   "board 10:4 J:8 Q:12 K:16 7:20; dealer Dan",
         expect={"best": {"player": "Ann", "cards": {"cards": 12, "out": True}}}),
    dict(id="deal-4-players-13-cards", source="seed: 4 players are dealt 12 cards each; a hand of 13 is no deal",
         situation="hands Ann: Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc | Bob: Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd | "
                   "Cid: Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh | Dan: As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs; "
                   "board 10:4 J:8 Q:12 K:16 7:20",
         expect={"error": "Ann holds 13 cards: with 4 players each is dealt 12"}),
    dict(id="deal-too-many-cards", source="seed: with 8 players each is dealt 6 cards",
         situation="hands Ac 2c 3c 4c 5c 6c 7c | 2d | 3d | 4d | 5d | 6d | 7d | 8d",
         expect={"error": "with 8 players each is dealt 6"}),
    dict(id="deal-too-few-players", source="seed: 3 to 8 players",
         situation="hands Ac 2c | 3d 4d", expect={"error": "played by 3 to 8"}),
    dict(id="left-of-dealer-starts", source="seed: play goes clockwise, the player to the dealer's left starts",
         situation=f"hands Ann: 2c 5d | Bob: 3c 6d | Cid: 4c 7h; {B}; dealer Cid", answer="2c",
         expect={"verdict": {"legal": True, "player": "Ann"}, "best": {"player": "Ann"}}),
    dict(id="dealer-does-not-start", source="seed: the player to the dealer's left starts, not the dealer",
         situation=f"hands Ann: 2c 5d | Bob: 3c 6d | Cid: 4c 7h; {B}; dealer Ann", answer="2c",
         expect={"best": {"player": "Bob"}, "verdict": {"legal": False, "violations": ["not-in-hand"]}}),
    # -- the run
    dict(id="run-up-any-suit", source="seed: a first card of any rank, then the next rank up, whatever its suit",
         situation=f"hands Ann: 5c 6d 7h 2s | Bob: 8c Qh | Cid: 4d 9s; {B}", answer="5c 6d 7h",
         expect={"verdict": {"legal": True, "violations": [], "moves": ["5c", "6d", "7h", "sans 8"], "cards": 3,
                             "next_player": "Bob"}}),
    dict(id="run-wrong-rank", source="seed: the run goes up one rank at a time",
         situation=f"hands Ann: 5c 6d 8h 2s | Bob: 7c Qh | Cid: 4d 9s; {B}", answer="5c 6d 8h",
         expect={"verdict": {"legal": False, "violations": ["wrong-rank"], "failed_move": 2,
                             "penalty": {"take_back": ["8h"]}}}),
    dict(id="not-in-hand", source="seed: a player lays the cards of their own hand",
         situation=f"hands Ann: 5c 6d 2s | Bob: 7c Qh | Cid: 4d 9s; {B}", answer="5c 6d 7c",
         expect={"verdict": {"legal": False, "violations": ["not-in-hand"], "failed_move": 2}}),
    dict(id="stop-at-will", source="seed: a player stops when they cannot or do not want to go on (\"ne veut plus\")",
         situation=f"hands Ann: 5c 6d 7h 2s | Bob: 7c Qh | Cid: 4d 9s; {B}", answer="5c 6d sans 7",
         expect={"verdict": {"legal": True, "violations": [], "cards": 2, "next_player": "Bob"}}),
    dict(id="sans-passes-left", source="seed: \"sans Valet !\": the player to the left goes on; and so on (the first to "
         "the left holding the card)",
         situation=f"hands Ann: 9c 10s 2s | Bob: 3h Qh | Cid: Jd 9s; {B}", answer="9c 10s sans J",
         expect={"verdict": {"legal": True, "cards": 2, "next_player": "Cid"}}),
    dict(id="wrong-sans", source="seed: \"sans\" names the missing card",
         situation=f"hands Ann: 9c 10s 2s | Bob: 3h Qh | Cid: Jd 9s; {B}", answer="9c 10s sans Q",
         expect={"verdict": {"legal": False, "violations": ["wrong-sans"], "failed_move": 2}}),
    dict(id="sans-holder-continues", source="seed: after \"sans J\" the next player holding a J lays it and goes on",
         situation=f"hands Ann: 2s 3s | Bob: 3h Qh Kc | Cid: Jd Qd 9s; {B}; to Cid; sans J; opened Bob",
         answer="Jd Qd", expect={"verdict": {"legal": True, "cards": 2, "stakes": 0, "next_player": "Bob"}}),
    dict(id="sans-holder-must-lay", source="interpretation of \"c'est le joueur à sa gauche qui poursuit\": a player "
         "reached by \"sans J\" who holds a J lays it",
         situation=f"hands Ann: 2s 3s | Bob: 3h Qh Kc | Cid: Jd Qd 9s; {B}; to Cid; sans J; opened Bob",
         answer="sans J", expect={"verdict": {"legal": False, "violations": ["must-lay"]}}),
    dict(id="nobody-holds-restart", source="seed: if nobody holds the missing card, the last player to have played "
         "starts a new run with any card",
         situation=f"hands Ann: 4c 5c 9d 2s | Bob: 3h Qh 10c | Cid: Jd 9s; {B}", answer="4c 5c sans 6 9d sans 10",
         expect={"verdict": {"legal": True, "cards": 3, "next_player": "Bob"}}),
    dict(id="nobody-holds-lay-goes-on", source="seed: the lead comes back to the last player: their lay is not over",
         situation=f"hands Ann: 4c 5c 9d 2s | Bob: 3h Qh 10c | Cid: Jd 9s; {B}", answer="4c 5c sans 6",
         expect={"verdict": {"legal": False, "violations": ["unfinished"], "failed_move": None,
                             "moves": ["4c", "5c", "sans 6"]}}),
    dict(id="king-restart", source="seed: \"Roi et je recommence !\": a King ends the run and its player starts another",
         situation=f"hands Ann: Qc Kd 2s 8h | Bob: 3h 9h | Cid: Jd 9s; {B}", answer="Qc Kd 2s",
         expect={"verdict": {"legal": True, "cards": 3, "next_player": "Bob"}}),
    dict(id="king-restart-missed", source="seed: after a King its player must start a new run (no \"sans\")",
         situation=f"hands Ann: Qc Kd 2s 8h | Bob: 3h 9h Ad | Cid: Jd 9s; {B}", answer="Qc Kd sans A",
         expect={"verdict": {"legal": False, "violations": ["missed-king-restart"]}}),
    # -- the board
    dict(id="board-card-takes-stake", source="seed: \"Roi qui prend !\": laying a board card takes its cell's stake",
         situation=f"hands Ann: 9d 10d Jc Qs Kh 2s 3s | Bob: 4h 5h | Cid: 2h 8s; {B}", answer="9d 10d! Jc! Qs! Kh! 2s 3s",
         expect={"verdict": {"legal": True, "cards": 7, "stakes": 30, "out": True, "grand_opera": True}}),
    dict(id="announce-forgotten", source="seed: a player who forgets to announce loses the stake for the round "
         "(option announce=required)", preset="announce",
         situation=f"hands Ann: Jd Qs 2s | Bob: 4h Kc | Cid: 2h 8s; {B}", answer="Jd Qs",
         expect={"verdict": {"legal": True, "cards": 2, "stakes": 0, "forfeited": 9, "next_player": "Bob"}}),
    dict(id="announce-made", source="seed: announced, the board card takes its stake (option announce=required)",
         preset="announce", situation=f"hands Ann: Jd Qs 2s | Bob: 4h Kc | Cid: 2h 8s; {B}", answer="Jd dame de pique qui prend",
         expect={"verdict": {"legal": True, "cards": 2, "stakes": 9, "forfeited": 0}}),
    dict(id="stake-without-card", source="seed: only the board card takes the stake (here 7♣ claims the Nain Jaune's 7♦)",
         situation=f"hands Ann: 6c 7c 2s | Bob: 4h Kc | Cid: 2h 8s; {B}", answer="6c 7c!",
         expect={"verdict": {"legal": False, "violations": ["stake-without-card"], "penalty": {"return_stake": 15}}}),
    dict(id="ten-cell-suit-option", source="the seed leaves the 10's suit unsaid: 10♦ by default, which takes the stake",
         situation=f"hands Ann: 10d Jh 2s | Bob: 4h Kc Qd | Cid: 2h 8s; {B}",
         answer="10d Jh", expect={"verdict": {"legal": True, "stakes": 3}}),
    dict(id="ten-cell-suit-hearts", source="the seed leaves the 10's suit unsaid: with the option ten_suit=h the 10♥ "
         "takes the stake and 10♦ takes nothing", options={"ten_suit": "h"},
         situation=f"hands Ann: 10d Jh 2s | Bob: 4h Kc Qd | Cid: 2h 8s; {B}",
         answer="10d Jh", expect={"verdict": {"legal": True, "stakes": 0}}),
    # -- going out and the Grand Opéra
    dict(id="grand-opera-first-turn", source="seed: out in the first turn of play — a Grand Opéra",
         situation=f"hands Ann: 6c 7c 8h | Bob: 4h Kc | Cid: 2h 8s; {B}", answer="6c 7c 8h",
         expect={"verdict": {"legal": True, "out": True, "grand_opera": True}}),
    dict(id="out-not-first-turn", source="seed: going out after one's first turn is not a Grand Opéra",
         situation=f"hands Ann: 6c 7c 8h | Bob: 4h Kc | Cid: 2h 8s; {B}; opened Ann", answer="6c 7c 8h",
         expect={"verdict": {"legal": True, "out": True, "grand_opera": False}}),
    dict(id="opera-hand", source="seed: a Grand Opéra from the deal: Q K restart, 9 10 J Q K restart, A 2",
         situation="hands Ann: 9c 10d Jc Qs Kh As 2s Qd Kd | Bob: 3c | Cid: 4c",
         expect={"best": {"player": "Ann", "cards": {"grand_opera": True, "out": True, "cards": 9}}}),
    dict(id="opera-hand-alone", source="seed: the Grand Opéra question for a hand that starts, whatever the others hold",
         command=["opera", "9c 10d Jc Qs Kh As 2s Qd Kd"], expect={"json": {"grand_opera": True, "cards_left": 0}}),
    dict(id="opera-hand-impossible", source="seed: without a King to restart, a hand with a gap cannot go out at once",
         situation="hands Ann: 9c 10d Qs 2h | Bob: 3c Jh Kd | Cid: 4c 3d",
         expect={"best": {"cards": {"grand_opera": False, "out": False}}}),
    dict(id="opera-hand-impossible-alone", source="seed: without a King to restart, a hand with a gap cannot go out at once",
         command=["opera", "9c 10d Qs 2h"], expect={"json": {"grand_opera": False}}),
    # -- the settlement (judged: the amount the player asked about pays; best: the whole settlement)
    dict(id="pay-per-card", source="seed: \"J'arrête !\" — the others pay the player out 1 token per card left",
         situation="settle; hands Ann: 3c 5h 9d | Bob: - | Cid: 2c Kc; board 10:3 J:6 Q:9 K:12 7:15; ask Ann",
         answer="3", expect={"verdict": {"legal": True, "expected": 3},
                             "best": {"amount": 3, "balances": {"Ann": -3, "Bob": 5, "Cid": -2}}}),
    dict(id="pay-face-value", source="seed, variant: the others pay the value of their cards, A-10 their number, figures 10",
         preset="face-value",
         situation="settle; hands Ann: Ac 5h Kd | Bob: - | Cid: 2c Qc; board 10:3 J:6 Q:9 K:12 7:15; ask Ann",
         answer="16", expect={"verdict": {"legal": True, "expected": 16},
                              "best": {"amount": 16, "balances": {"Ann": -16, "Bob": 28, "Cid": -12}}}),
    dict(id="doubling", source="seed: a player still holding a board card doubles its cell (5 tokens on it: 5 more)",
         situation="settle; hands Ann: 3c Qs | Bob: - | Cid: 2c; board 10:3 J:6 Q:5 K:12 7:15; ask Ann",
         answer="7", expect={"verdict": {"legal": True, "expected": 7},
                             "best": {"amount": 7, "board": {"10": 3, "J": 6, "Q": 10, "K": 12, "7": 15}}}),
    dict(id="doubling-two-cells", source="seed: each board card held doubles its own cell",
         situation="settle; hands Ann: Jc 7d | Bob: - | Cid: 2c 10d; board 10:3 J:6 Q:9 K:12 7:15; ask Ann",
         answer="23", expect={"verdict": {"legal": True, "expected": 23},
                              "best": {"amount": 23, "board": {"10": 6, "J": 12, "Q": 9, "K": 12, "7": 30}}}),
    dict(id="opera-takes-the-board", source="seed: a Grand Opéra also wins every stake on the board",
         situation="settle; hands Ann: 3c | Bob: - | Cid: 2c 5d; board 10:3 J:6 Q:9 K:0 7:15; opera; ask Bob",
         answer="36", expect={"verdict": {"legal": True, "expected": 36},
                              "best": {"amount": 36, "board": {"10": 0, "J": 0, "Q": 0, "K": 0, "7": 0}}}),
    dict(id="cannot-pay-ends-the-game", source="seed: the game ends when a player cannot pay; the most tokens wins",
         situation="settle; hands Ann: 3c Qs | Bob: - | Cid: 2c; board Q:9; tokens 5 40 30; ask Ann",
         answer="5", expect={"verdict": {"legal": True, "expected": 5},
                             "best": {"amount": 5, "game_over": True, "cannot_pay": ["Ann"]}}),
    dict(id="cannot-stake-ends-the-game", source="seed: the game ends when a player cannot stake (15 tokens a round)",
         situation="settle; hands Ann: 3c | Bob: - | Cid: 2c; board Q:9; tokens 14 40 30; ask Ann",
         answer="1", expect={"verdict": {"legal": True, "expected": 1},
                             "best": {"amount": 1, "game_over": True, "cannot_pay": [], "cannot_stake": ["Ann"]}}),
]


def _case(c: dict) -> dict:
    """A case in the known-case format (docs/known-cases.md): a situation judged under its preset
    (``classic`` unless said) and options, or a command."""
    if "command" in c:
        return {"id": c["id"], "source": c["source"], "command": c["command"], "expect": c["expect"]}
    return {"id": c["id"], "source": c["source"], "situation": c["situation"], "preset": c.get("preset", "classic"),
            **({"options": c["options"]} if "options" in c else {}),
            **({"answer": c["answer"]} if "answer" in c else {}), "expect": c["expect"]}


def main() -> None:
    pack = {
        "name": "nainjaune-seed",
        "game": "nainjaune",
        "description": "Every rule of the seed of Le Nain Jaune (003) as a case: the deal, the run, sans, King "
                       "restarts, the board, the Grand Opéra, the settlement, the end of the game.",
        "cases": [_case(c) for c in CASES],
    }
    out = Path(__file__).resolve().parent.parent / "puzzles" / "packs" / "nainjaune-seed.json"
    out.write_text(format_pack(pack), encoding="utf-8")
    print(f"wrote {out} ({len(CASES)} cases)")


if __name__ == "__main__":
    main()
