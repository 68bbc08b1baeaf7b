"""Gray Eminence for reinforcement learning: the words of its notation and its observation size.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation (``notation.py``), no learning library.  Every word listed here gets one action token; a
word not listed (a chance seed, a bid above 30) is spelled character by character, so the list only has to
be complete for compactness, never for correctness.
"""

from __future__ import annotations

from .notation import KINDS, WORDS

#: the action kinds and argument words of the notation (sorted: a fixed order for a given notation.py)
KEYWORDS = tuple(sorted(KINDS)) + tuple(sorted(WORDS - KINDS)) + ("A", "B", "C", "D")

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True

OBSERVATION_SIZE = 4096  # (a 5-player view has ~350 features; ~2,000 over a game: few collisions)
MAX_NUMBER = 30  # bids, votes, seats and contest offers 0..30 are one token each; larger ones are spelled


def vocabulary(game) -> list[str]:
    """Keywords, numbers 0-30, and every Action, Faction, Secret Objective and Gray Eminence card id of the
    game's card set (sorted: stable for a card file)."""
    words = list(KEYWORDS) + [str(i) for i in range(MAX_NUMBER + 1)]
    c = game.cards
    for family in (c.actions, c.factions, c.objectives, c.eminences):
        words += sorted(family)
    return list(dict.fromkeys(words))
