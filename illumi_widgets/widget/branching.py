"""What-if branches on a board: ``board.branch()``, ``board.compare(side)``, saving and loading.

A branch is a second board on a NEW Match (a copy of this one at the position shown, or at history point
``at``), in analysis mode: play it freely, the main line does not change (see :mod:`illumi_widgets.branch`).
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from .. import branch as B
from ..engine import OMNISCIENT

__all__ = ["BranchMixin"]


class BranchMixin:
    """``branch`` / ``compare`` / ``origin`` / ``save_branch`` / ``load_branch`` for a board."""

    def branch(self, at: int | None = None, seat: Any = "same"):
        """A new board on a copy of this game at history point ``at`` (default: the position shown), for
        ``seat`` (default: this board's perspective).  Moves on it never touch this board's game."""
        side = B.branch(self._match, at)
        perspective = self.perspective if seat == "same" else seat
        return type(self)(match=side, seat=perspective)

    def edit(self):
        """``with board.edit() as ed:`` -- edit the position by hand (:mod:`illumi_widgets.editor`); checked
        when the block ends; it becomes the game's new start (the history is cleared)."""
        self.clear_analysis()
        return self._match.edit()

    @property
    def origin(self) -> dict | None:
        """Where this branch came from: ``{"record": <the main line's record>, "index": <history point>}``
        (``None``: this board is not on a branch)."""
        return getattr(self._match, "origin", None)

    def compare(self, other, names=("this board", "other")):
        """What differs between this board's position and ``other``'s (a board, Match or State), read from
        this board's perspective only: a pandas DataFrame (a list of dicts without pandas)."""
        key = self.perspective
        seat = OMNISCIENT if key == "omniscient" else (None if key == "spectator" else self._seat())
        target = getattr(other, "match", other)
        rows = B.compare(self._match, target, seat, names=names)
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - pandas is an optional extra
            return rows
        return pd.DataFrame(rows, columns=["what", *names]).set_index("what")

    def save_branch(self, path=None) -> dict:
        """This branch (record + origin) as a dict; also written to ``path`` as JSON when given."""
        data = B.save_branch(self._match)
        if path is not None:
            pathlib.Path(path).write_text(json.dumps(data), encoding="utf-8")
        return data

    @classmethod
    def load_branch(cls, data, seat=None, **kwargs):
        """A board on a branch saved by :meth:`save_branch` (the dict, its JSON text or a file path)."""
        if isinstance(data, (str, pathlib.Path)) and not str(data).lstrip().startswith("{"):
            data = pathlib.Path(data).read_text(encoding="utf-8")
        return cls(match=B.load_branch(data), seat=seat, **kwargs)
