"""The Gray Eminence board widget: a :class:`BoardWidget` bound to a :class:`~illumi_widgets.match.Match`.

>>> from illumi_widgets import GrayEminence
>>> board = GrayEminence(players=4, seed=7, seat=0, scenario="eu")   # Red's board
"""

from __future__ import annotations

from .board import BoardWidget

__all__ = ["GrayEminence"]


class GrayEminence(BoardWidget):
    """A Gray Eminence board in a notebook cell; seat 0 is Red.  Options ``scenario`` ("eu", "ecology",
    "latam", "mideast", "global"), ``length`` ("standard" or "long"), ``cards`` (a folder of card files) and
    ``tweet_vote`` go to the game."""

    game_name = "gray-eminence"
    default_players = 4
