"""Pax Illuminaten for reinforcement learning: the words of its notation and its observation size.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation, no learning library.  Every word listed here gets one action token; a word not listed
(a number of a rulebook bot's step, say) is spelled letter by letter, so the list needs to be complete only
for compactness, never for correctness.
"""

from __future__ import annotations

from .favor import ABBR
from .model import SEAT_COLORS

#: the keywords of the notation (notation.py's grammar), in a fixed order: new words go at the END of the
#: list, so existing token numbers never change
KEYWORDS = (
    "scout", "from", "influence", "bonus", "extort", "organize", "any", "onto", "move", "done", "expel",
    "oust",
    "pay", "collect", "subvert", "give", "place", "reveal", "nothing", "press", "call", "off", "claim",
    "faction", "plot", "end", "scheme", "quick", "skip", "swap", "raid", "borrow", "draw", "deck", "court",
    "keep", "event", "investigate", "hand", "activate", "pass", "redraw", "areopagus", "bot",
    "x1", "x2", "x3", "x4", "x5", "x6", "+1", "-1", "1", "2", "3", "4", "5",
)

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True

OBSERVATION_SIZE = 4096  # (a Pax view has ~300 features; ~900 over a game: few collisions)


def vocabulary(game) -> list[str]:
    """Keywords, map cells, seat colours, Factions, Luminary cards, Plots and Events (by notation name)."""
    from .rules import slug

    words = list(KEYWORDS)
    words += list(game.geom.names)
    words += list(SEAT_COLORS)
    words += list(ABBR)
    words += sorted(game.lum)
    words += sorted(slug(p.name) for p in game.plots.values())
    words += sorted(slug(e.name) for e in game.events.values())
    return words
