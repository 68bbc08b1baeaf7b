"""Field-by-field checks of a position's data for the games' ``problems`` (positions are untrusted input).

A :class:`Fields` collects one plain-words problem per malformed field, each naming the field (``field
'main_left' must be a whole number from 0 to 3, got -5``), so the loader refuses the position with a
:class:`~illumi_widgets.engine.RecordError` that says what is wrong instead of failing later with a
``TypeError`` deep in the rules. Every check returns whether the value passed, so a caller checks the parts
of a container only when the container itself is sound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

_QUOTE = 40  # characters of a bad value quoted in a message


def is_int(v) -> bool:
    """A whole number, not a bool (JSON has no other integers)."""
    return type(v) is int


def quote(v) -> str:
    text = repr(v)
    return text if len(text) <= _QUOTE else text[: _QUOTE - 3] + "..."


class Fields:
    """Collects the problems of one position; ``ok`` while none was found."""

    def __init__(self) -> None:
        self.out: list[str] = []

    @property
    def ok(self) -> bool:
        return not self.out

    def bad(self, field: str, message: str) -> bool:
        self.out.append(f"field '{field}' {message}")
        return False

    def int(self, field: str, v, lo: int | None = 0, hi: int | None = None, none: bool = False) -> bool:
        if v is None and none:
            return True
        rng = (f" from {lo} to {hi}" if hi is not None else f" of at least {lo}") if lo is not None else ""
        if not is_int(v):
            return self.bad(field, f"must be a whole number{rng}{' or null' if none else ''}, got {quote(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            return self.bad(field, f"must be a whole number{rng}, got {quote(v)}")
        return True

    def bool(self, field: str, v) -> bool:
        return True if type(v) is bool else self.bad(field, f"must be true or false, got {quote(v)}")

    def one_of(self, field: str, v, allowed: Iterable, what: str, none: bool = False) -> bool:
        if v is None and none:
            return True
        try:
            known = v in allowed
        except TypeError:  # an unhashable value
            known = False
        if known:
            return True
        return self.bad(field, f"must be {what}{' or null' if none else ''}, got {quote(v)}")

    def list(self, field: str, v, length: int | None = None, item: Callable | None = None,
             most: int | None = None) -> bool:
        """A list (a tuple too: positions in memory keep some rows as tuples) of ``length`` items (or at
        most ``most``), each passing ``item(field_of_item, value) -> bool``."""
        if type(v) not in (list, tuple):
            return self.bad(field, f"must be a list, got {quote(v)}")
        if length is not None and len(v) != length:
            return self.bad(field, f"must have {length} entries, has {len(v)}")
        if most is not None and len(v) > most:
            return self.bad(field, f"has {len(v)} entries, at most {most} are possible")
        ok = True
        if item is not None:
            for i, x in enumerate(v):
                if not item(f"{field}[{i}]", x):
                    ok = False
                    break  # one message per field is enough
        return ok

    def dict(self, field: str, v, key: Callable | None = None, value: Callable | None = None) -> bool:
        if type(v) is not dict:
            return self.bad(field, f"must be an object, got {quote(v)}")
        for k, x in v.items():
            if key is not None and not key(f"{field} key", k):
                return False
            if value is not None and not value(f"{field}[{k!r}]", x):
                return False
        return True

    def keys(self, field: str, v: dict, required: Iterable[str]) -> bool:
        missing = [k for k in required if k not in v]
        return self.bad(field, f"lacks {', '.join(missing)}") if missing else True

    def players(self, field: str, n, lo: int, hi: int, players: int) -> bool:
        """The position's player count ``n`` (field ``field``): a whole number from ``lo`` to ``hi`` and this
        game's ``players``."""
        if not self.int(field, n, lo, hi):
            return False
        return True if n == players else self.bad(field, f"is {n}, this game has {players} players")

    def position(self, d, required: Iterable[str]) -> bool:
        """``d`` is an object with every field of ``required``."""
        if type(d) is not dict:
            self.out.append("the position data must be an object")
            return False
        return self.keys("data", d, required)


def trial_problems(game, d, advance, *, options: int = 40) -> list[str]:
    """Play a position's pending steps on copies (for a loader, after the field checks passed): the decisions
    as loaded and their options listed, the automatic steps (``advance(copy)``), then every deciding seat's
    options listed and up to ``options`` of them carried out (each on its own copy, with the steps that
    follow), every seat's view, and a finished game's final report. A failure there is
    a position whose fields are each sound but do not fit together, one the rules cannot go on from: the
    message names the pending steps (field 'frames') and the failure."""
    from ..engine.game import Log

    try:
        probe = game.copy(d)
        for dec in game.decisions(probe):  # as loaded: what the engine lists before any step runs
            dec.prompt  # noqa: B018 (a prompt worded on demand is worded here: it must not fail either)
            if is_int(dec.seat) and dec.seat >= 0:
                game.legal(probe, dec.seat)
        advance(probe)
        for dec in game.decisions(probe):
            dec.prompt  # noqa: B018
            seat = dec.seat
            if not is_int(seat) or seat < 0:
                continue  # chance: its outcomes are drawn by the engine, checked when recorded
            legal = game.legal(probe, seat)
            step = max(1, len(legal) // options)
            for a in legal[::step][:options]:
                after = game.copy(probe)
                game.perform(after, a, Log([], 0))
                for nxt in game.decisions(after):
                    nxt.prompt  # noqa: B018
                    if is_int(nxt.seat) and nxt.seat >= 0:
                        game.legal(after, nxt.seat)
        for s in (*range(game.players), None):
            game.view(probe, s)
    except Exception as e:  # noqa: BLE001 - any failure: the pending steps do not fit the position
        return [f"field 'frames': the pending steps cannot be played from this position "
                f"({type(e).__name__}: {quote(str(e))})"]
    if game.outcome(d) is not None:
        try:  # a finished game: its final report, what every seat's board shows
            for s in (*range(game.players), None):
                game.final_report(d, s)
        except Exception as e:  # noqa: BLE001 - any failure: the result does not fit the position
            return [f"field 'result': the final report cannot be made from it ({type(e).__name__}: "
                    f"{quote(str(e))})"]
    return []
