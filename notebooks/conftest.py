"""Notebook tests (nbval) run the simulation study of ``06_simulation.ipynb`` with a few games: its
parameter cell reads ``ILLUMI_SIMULATION_GAMES`` (1,000 when unset, as a reader runs it).  Set here, before
nbval starts the kernels, which inherit it; an explicit value in the environment wins."""

import os

os.environ.setdefault("ILLUMI_SIMULATION_GAMES", "24")

# 07_analysis.ipynb: a few playouts per analysis (a reader's default is 400)
os.environ.setdefault("ILLUMI_ANALYSIS_PLAYOUTS", "30")
