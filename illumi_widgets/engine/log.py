"""The event log: each entry with its per-seat visibility, and the writer a game's hooks append to.
:meth:`LogEntry.text_for` is the one per-seat filter of a line; only
:meth:`~illumi_widgets.engine.game.State.view` and :meth:`~illumi_widgets.engine.game.State.log_lines` call
it for what leaves the engine."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["OMNISCIENT", "Log", "LogEntry"]

OMNISCIENT = "omniscient"
"""Pass to :meth:`State.view` for the analysis view that sees every hidden card."""


@dataclass(slots=True)
class LogEntry:
    """One event of the log with its per-seat visibility.

    ``public`` is what every seat sees (``None``: nobody but the seats in
    ``private``); ``private`` maps a seat to the text that seat sees instead;
    ``secret`` is the omniscient text (defaults to the public one).
    """

    step: int
    public: str | None
    private: dict | None = None
    secret: str | None = None

    def text_for(self, seat) -> str | None:
        if seat == OMNISCIENT:
            if self.secret is not None:
                return self.secret
            if self.public is not None:
                return self.public
            return next(iter(self.private.values()), None) if self.private else None
        if self.private and seat in self.private:
            return self.private[seat]
        return self.public


class Log:
    """What a game's hooks write events into."""

    __slots__ = ("entries", "step")

    def __init__(self, entries: list, step: int):
        self.entries = entries
        self.step = step

    def add(self, public: str | None, private: dict | None = None, secret: str | None = None) -> None:
        self.entries.append(LogEntry(self.step, public, private, secret))
