"""illumi_widgets: Jupyter-native interactive widgets for secret-society board games (unofficial)."""

from .engine import CHANCE, OMNISCIENT, Action, available_games, load_game

__version__ = "0.1.0"
__all__ = ["CHANCE", "OMNISCIENT", "Action", "available_games", "load_game", "__version__"]
