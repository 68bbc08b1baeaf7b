"""The Pax Illuminaten board widget.

    >>> from illumi_widgets import PaxIlluminaten
    >>> board = PaxIlluminaten(players=3, seed=7, seat=0)        # Blue's board
    >>> red = board.view_as(1)                                   # Red's board on the same game

Every method delegates to the Match, with this widget's perspective: ``board.play("end")`` is checked
exactly like a click on that board (see :class:`~illumi_widgets.widget.board.BoardWidget`).
"""

from __future__ import annotations

from .board import BoardWidget, perspective_of

__all__ = ["PaxIlluminaten", "perspective_of"]


class PaxIlluminaten(BoardWidget):
    """A Pax Illuminaten board in a notebook cell; seat 0 is Blue.  ``cards=``/``map=``/``plots=`` load
    corrected data files (see ``load_game``)."""

    game_name = "pax"
    default_players = 3
