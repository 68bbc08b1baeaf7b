"""Illuminati for reinforcement learning: the words of its notation and its observation size.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation, no learning library.  Every word listed here gets one action token; a word not listed
(a sum of money above 60, say) is spelled digit by digit, so the list needs to be complete only for
compactness, never for correctness.
"""

from __future__ import annotations

#: the keywords of the notation (notation.py), in a fixed order: new words go at the END of the list
KEYWORDS = (
    "attack", "control", "neutralize", "destroy", "whisper", "aid", "spend", "from", "to", "play",
    "assist", "interfere", "pass", "call", "off", "place", "transfer", "move", "drop", "bribe", "collect",
    "done", "give", "disguise", "power", "income", "sell", "buy", "price", "accept", "decline", "fit", "on",
    "abolish", "laser",
    "add", "recycle", "replace", "deal", "with", "offer", "ask", "mb", "special", "propose", "cancel",
    "accuse", "choose", "roll", "leave", "the", "game", "privilege", "pay", "discard",
    "north", "east", "south", "west",
)

OBSERVATION_SIZE = 2048
MAX_NUMBER = 60  # numbers 0..60 are one token each; larger ones are spelled digit by digit


def vocabulary(game) -> list[str]:
    """Keywords, numbers 0-60, seat colours, and every Illuminati, Group, Special and goal id."""
    from .rules import SEAT_NAMES

    words = list(KEYWORDS)
    words += [str(i) for i in range(MAX_NUMBER + 1)]
    words += [s.lower() for s in SEAT_NAMES]
    words += list(game.ill_ids) + list(game.group_ids) + list(game.special_ids)
    words += sorted({g.removeprefix("goal-") for g in game.goal_of.values() if g})
    words += sorted({g.removeprefix("goal-") for g in game.goal_ids})
    words += ["weird", "violent", "straight", "liberal", "conservative", "peaceful", "government",
              "communist", "criminal", "fanatic"]
    return words
