"""Constants and small helpers shared by the Pax rules modules (``rules.py`` and its topic mixins)."""

from __future__ import annotations

import re

from ...engine import IllegalAction
from .model import slug  # noqa: F401  (the rules modules import it here)

EXCHANGE_RATE = 3
EDICTS_TO_END = 5

# READING: decision frames whose single legal option is taken without asking (a forced choice is not a
# choice); replays apply the same rule, so records stay exact
FORCED = frozenset({"pay", "collect", "subvert", "give", "place", "reveal", "keep", "move", "redraw",
                    "power"})


# the rules cite card effects by their codes ("(SF: …)"); a player reads what the effect is
_EFFECT_WORDS = {
    "BI": "the Bonus Influence", "BS": "the Bonus Scout", "BO": "the Bonus Organize", "BX": "the Bonus Expel",
    "BU": "the Bonus Oust", "SW": "the swap", "SE": "taking Favor from an Edict", "SP": "drawing a Plot",
    "SD": "drawing cards", "SF": "borrowing a Faction card", "FI": "the Buff", "FS": "the Buff",
    "FX": "the Buff", "FU": "the Buff", "FE": "the Buff",
}
_EFFECT_CODE = re.compile(r"\((" + "|".join(_EFFECT_WORDS) + r"): ")


def plain_reason(message: str) -> str:
    """A rules reason as a player reads it: the rulebook named ("rulebook, Redraw" for "EN Redraw") and
    card-effect codes said in words ("(borrowing a Faction card: …)" for "(SF: …)")."""
    message = message.replace("(EN ", "(rulebook, ").replace("; EN ", "; rulebook, ")
    if ": " not in message:  # (no card-effect code "(XX: " to say in words)
        return message
    return _EFFECT_CODE.sub(_effect_words, message)


def _effect_words(m) -> str:
    return f"({_EFFECT_WORDS[m.group(1)]}: "


def influence_returns(k: int) -> str:
    """"1 Influence returns", "2 Influence return" (a log line's words)."""
    return f"{k} Influence {'returns' if k == 1 else 'return'}"


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(plain_reason(message), code=code)


_MISSING = object()  # (a memo's "not there yet")
_BOARD_CACHE_SIZE = 256  # entries; the table is simply cleared when full (a bigger table costs more in


#: turn actions that ``_turn_other_candidates`` lists only when legal (tests/pax/test_fast_legal.py checks it)
_LEGAL_AS_LISTED = frozenset({"scheme", "end"})
#: steps whose candidates are exactly the set their check tests membership in (the payments of a cost, the
#: ways to take a gain): listed without checking each (tests/pax/test_fast_legal.py compares)
_FRAMES_LEGAL_AS_LISTED = frozenset({"pay", "collect"})

_FRAME_KINDS = {
    "turn": {"scout", "influence", "extort", "organize", "expel", "oust", "claimfaction", "claimplot", "end",
             "scheme", "faction", "event", "investigate"},
    "power": {"skip", "influence", "scout", "organize", "expel", "oust", "extort", "swap", "raid", "drawplot",
              "drawcards", "borrow"},
    "plotkeep": {"keepplot"},
    "pay": {"pay"},
    "collect": {"collect"},
    "subvert": {"subvert"},
    "give": {"give"},
    "place": {"place"},
    "move": {"move", "done"},
    "reveal": {"reveal"},
    "press": {"press", "calloff"},
    "keep": {"keep"},
    "redraw": {"redraw"},
    "activate": {"activate", "pass"},
    "bot": {"bot"},
}

