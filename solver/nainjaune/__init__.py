"""Le Nain Jaune: runs up in rank and "sans", the staking board, payouts and the Grand Opéra.

>>> from solver.nainjaune import Position, Rules, best_lay
>>> pos = Position.parse("hands Qs Kh 2c 6s | 3c 7h | 5d; board Q:9 K:12")
>>> str(best_lay(pos, Rules()))
'Qs! Kh! 6s sans 7'
"""

from solver.nainjaune.cards import Card, full_deck, parse_card, parse_cards, parse_rank
from solver.nainjaune.rules import PRESETS, Announce, Board, Cell, OperaOrder, Payment, Rules, hand_size
from solver.nainjaune.round import Lay as LayMove, Mode, Position, Sans, Violation, parse_move, parse_moves
from solver.nainjaune.settle import RoundEnd, Settlement, settle
from solver.nainjaune.solver import Goal, Lay, all_lays, best_lay, grand_opera
from solver.nainjaune.referee import check_amount, check_lay, referee_log
from solver.nainjaune.state import RoundState
from solver.nainjaune.simulate import Bot, play_game
from solver.nainjaune.game import GAME

__all__ = [
    "Card", "full_deck", "parse_card", "parse_cards", "parse_rank",
    "PRESETS", "Announce", "Board", "Cell", "OperaOrder", "Payment", "Rules", "hand_size",
    "LayMove", "Mode", "Position", "Sans", "Violation", "parse_move", "parse_moves",
    "RoundEnd", "Settlement", "settle", "Goal", "Lay", "all_lays", "best_lay", "grand_opera",
    "check_amount", "check_lay", "referee_log", "RoundState", "Bot", "play_game", "GAME",
]
