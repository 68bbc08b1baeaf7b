"""The Illuminati board widget: a :class:`GameWidget` bound to a :class:`~illumi_widgets.match.Match`.

    >>> from illumi_widgets import Illuminati
    >>> board = Illuminati(players=4, seed=7, seat=0)        # Red's board
    >>> blue = board.view_as(1)                              # Blue's board on the same game

Every method delegates to the Match with this widget's perspective, exactly like a click on that board.
"""

from __future__ import annotations

from .board import BoardWidget

__all__ = ["Illuminati"]


class Illuminati(BoardWidget):
    """An Illuminati board in a notebook cell; seat 0 is Red.  Options such as ``goal_groups=15`` go to the
    game (see :class:`~illumi_widgets.widget.board.BoardWidget` for the other arguments)."""

    game_name = "illuminati"
    default_players = 4
