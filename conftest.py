"""Collection for the whole run: the compiled kernels' modules import Numba (the ``fast`` extra),
so their doctests are left out where it is not installed; their tests skip themselves."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("numba") else ["solver/arith/kernel.py", "solver/namnam/kernel.py"]
