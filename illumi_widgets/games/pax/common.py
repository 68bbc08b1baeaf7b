"""Constants and small helpers shared by the Pax rules modules (``rules.py`` and its topic mixins)."""

from __future__ import annotations

from ...engine import IllegalAction
from .model import slug  # noqa: F401  (the rules modules import it here)

EXCHANGE_RATE = 3
EDICTS_TO_END = 5

# READING: decision frames whose single legal option is taken without asking (a forced choice is not a
# choice); replays apply the same rule, so records stay exact
FORCED = frozenset({"pay", "collect", "subvert", "give", "place", "reveal", "keep", "move", "redraw",
                    "power"})


def _illegal(code: str, message: str) -> IllegalAction:
    # the rules cite the English rulebook as "EN <section>"; a player reads "rulebook, <section>"
    return IllegalAction(message.replace("(EN ", "(rulebook, ").replace("; EN ", "; rulebook, "), code=code)


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

