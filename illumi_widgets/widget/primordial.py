"""The Primordial Secrets board widget: a :class:`BoardWidget` bound to a
:class:`~illumi_widgets.match.Match`.

    >>> from illumi_widgets import PrimordialSecrets
    >>> board = PrimordialSecrets(players=3, seed=7, seat=0)     # Red's board
    >>> blue = board.view_as(1)                                  # Blue's board on the same game

Options such as ``stacking="replace"`` or ``cards="my-cards.json"`` go to the game.
"""

from __future__ import annotations

from .board import BoardWidget

__all__ = ["PrimordialSecrets"]


class PrimordialSecrets(BoardWidget):
    """A Primordial Secrets board in a notebook cell; seat 0 is Red (see
    :class:`~illumi_widgets.widget.board.BoardWidget` for the other arguments)."""

    game_name = "primordial"
    default_players = 3
