"""Seating bots in a :class:`~illumi_widgets.match.Match`: :func:`attach_bots` (``Match(..., bots={seat:
name | Bot})`` calls it) and then ``match.run_bots()``.

Bot decisions go through ``match.play(action, perspective=seat)``: the same checks, undo policy and widget
notifications as a person's click. This module never imports ``illumi_widgets.match`` (the match owns its
bots, not the other way round): it only reads ``match.state`` and sets ``match.bots``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import EngineError, Rng
from .base import Bot
from .registry import RULEBOOK_BOTS, make_bot

if TYPE_CHECKING:
    from ..match import Match


def _bot_seed(state, seat: int) -> int:
    """A bot's seed derived from the game's seed and its seat (so a seeded match replays exactly)."""
    return Rng((state.seed or 0) * 31 + 7919 * (seat + 1)).next64() >> 1


def attach_bots(match: Match, bots: dict | None) -> dict:
    """Set ``match.bots`` from ``{seat: name | (name, options) | Bot}``; returns the bots by seat."""
    players = match.state.game.players
    out: dict[int, Bot] = {}
    for seat, spec in (bots or {}).items():
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
            raise EngineError(f"bots: no seat {seat!r} in a {players}-player game", code="bad-seat")
        name = spec[0] if isinstance(spec, tuple) and spec and isinstance(spec[0], str) else spec
        if isinstance(name, str) and name in RULEBOOK_BOTS:
            # a rulebook bot is a rule of the game (Pax option bots={seat: name}), not a player of it
            scripted = getattr(match.state.game, "automa", None) or {}
            if scripted.get(seat) != name:
                raise EngineError(f"bots: seat {seat} is not the rulebook bot {name!r} in this game; create "
                                  f"the game with the option bots={{{seat}: {name!r}}} (Match(..., bots=...) "
                                  "does it for a new game)", code="bad-seat")
        if isinstance(spec, Bot):
            bot = spec
        elif isinstance(spec, str):
            bot = make_bot(spec, seat, seed=_bot_seed(match.state, seat))
        elif isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
            bot = make_bot(spec[0], seat, **{"seed": _bot_seed(match.state, seat), **spec[1]})
        else:
            raise EngineError(f"bots: seat {seat} needs a bot name or a Bot, not {spec!r}",
                              code="unknown-bot")
        out[seat] = bot
    match.bots = out
    return out
