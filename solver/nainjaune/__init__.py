"""Le Nain Jaune: runs up in rank and "sans", the staking board, payouts and the Grand Opéra.

>>> from solver.nainjaune import Position, Rules, best_lay
>>> pos = Position.parse("hands Qs Kh 2c 6s | 3c 7h | 5d; board Q:9 K:12")
>>> str(best_lay(pos, Rules()))
'Qs! Kh! 6s sans 7'
"""

from solver.nainjaune.cards import Card, full_deck, parse_card, parse_cards, parse_rank
from solver.nainjaune.rules import PRESETS, Announce, Board, Cell, OperaOrder, Payment, Rules, hand_size
from solver.nainjaune.round import Lay as LayMove, Mode, Pass, Position, Sans, parse_move, parse_moves
from solver.nainjaune.settle import RoundEnd, Settlement, asked_amount, settle
from solver.nainjaune.best import Goal, Lay, all_lays, best, best_lay, grand_opera, move_worths
from solver.nainjaune.verdict import AmountVerdict, Penalty, Verdict, Violation
from solver.nainjaune.referee import judge, judge_amount, judge_lay, judge_move
from solver.nainjaune.state import RoundState
from solver.nainjaune.bots import BOTS
from solver.nainjaune.match import Match
from solver.nainjaune.game import GAME

__all__ = [
    "Card", "full_deck", "parse_card", "parse_cards", "parse_rank",
    "PRESETS", "Announce", "Board", "Cell", "OperaOrder", "Payment", "Rules", "hand_size",
    "LayMove", "Mode", "Pass", "Position", "Sans", "parse_move", "parse_moves",
    "RoundEnd", "Settlement", "asked_amount", "settle", "Goal", "Lay", "all_lays", "best", "best_lay", "grand_opera",
    "move_worths", "AmountVerdict", "Penalty", "Verdict", "Violation",
    "judge", "judge_amount", "judge_lay", "judge_move", "RoundState", "BOTS", "Match", "GAME",
]
