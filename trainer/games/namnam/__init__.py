"""``tablecalc namnam``: Nam Nam (awalé) commands, the game against the computer and the drill."""
