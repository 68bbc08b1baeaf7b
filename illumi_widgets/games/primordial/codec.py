"""Primordial Secrets for reinforcement learning: the words of its notation and its observation size.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation (``notation.py``), no learning library. Every word listed here gets one action token; a
word not listed (a chance seed, say) is spelled character by character, so the list only has to be complete
for compactness, never for correctness.
"""

from __future__ import annotations

#: the keywords of the notation, in a fixed order: new words go at the END of the list
KEYWORDS = ("plot", "host", "visit", "order", "choose", "steal", "sacrifice", "recruit", "done", "reset",
            "deal", "shuffle", "pawns", "red", "blue", "green", "yellow")

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True

OBSERVATION_SIZE = 2048
MAX_NUMBER = 12  # copy numbers ("order messenger 2") are one token each


def vocabulary(game) -> list[str]:
    """Keywords, small numbers, and every card and Intent id of the game's card set (sorted: stable for a
    card file)."""
    words = list(KEYWORDS) + [str(i) for i in range(MAX_NUMBER + 1)]
    words += sorted(game.card_ids) + sorted(set(game.intent_ids) - set(game.card_ids))
    return words
