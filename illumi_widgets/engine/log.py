"""The event log: each entry with its per-seat visibility, and the writer a game's hooks append to.
:meth:`LogEntry.text_for` is the one per-seat filter of a line; only
:meth:`~illumi_widgets.engine.game.State.view` and :meth:`~illumi_widgets.engine.game.State.log_lines` call
it for what leaves the engine."""

from __future__ import annotations

__all__ = ["OMNISCIENT", "Log", "LogEntry"]

OMNISCIENT = "omniscient"
"""Pass to :meth:`State.view` for the analysis view that sees every hidden card."""


class LogEntry:
    """One event of the log with its per-seat visibility.

    ``public`` is what every seat sees (``None``: nobody but the seats in
    ``private``); ``private`` maps a seat to the text that seat sees instead;
    ``secret`` is the omniscient text (defaults to the public one).

    ``public`` may be given as ``(format, args)``, a module-level function and its arguments (plain values,
    so that an entry still pickles): the text is ``format(*args)``, made when ``public`` is first read and
    kept from then on.  Random play and search never read the log, so most lines need never be worded.
    """

    __slots__ = ("step", "_public", "private", "secret")

    def __init__(self, step: int, public, private: dict | None = None, secret: str | None = None):
        self.step = step
        self._public = public
        self.private = private
        self.secret = secret

    @property
    def public(self) -> str | None:
        p = self._public
        if p is None or p.__class__ is str:
            return p
        fmt, args = p  # (worded now, once)
        p = self._public = fmt(*args)
        return p

    @public.setter
    def public(self, text: str | None) -> None:
        self._public = text

    def __eq__(self, other):
        if other.__class__ is not LogEntry:
            return NotImplemented
        return (self.step, self.public, self.private, self.secret) == (
            other.step, other.public, other.private, other.secret)

    __hash__ = None  # (as the dataclass it was: equal by value, so not hashable)

    def __repr__(self) -> str:
        return (f"LogEntry(step={self.step!r}, public={self.public!r}, private={self.private!r}, "
                f"secret={self.secret!r})")

    def __reduce__(self):  # (pickled with its text worded: no function travels with a saved log)
        return (LogEntry, (self.step, self.public, self.private, self.secret))

    def text_for(self, seat) -> str | None:
        if seat == OMNISCIENT:
            if self.secret is not None:
                return self.secret
            public = self.public
            if public is not None:
                return public
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
