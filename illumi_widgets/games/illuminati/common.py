"""Constants and small helpers shared by the Illuminati rules modules (``rules.py`` and its topic mixins)."""

from __future__ import annotations

import functools
import re

from illumi_widgets.engine.errors import IllegalAction

from .model import SEAT_NAMES  # noqa: F401  (the rules modules import it here)

#: Basic goal: groups controlled, Illuminati included (p.16).
BASIC_GOAL = {2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8}
#: Larger games: Illuminati income bonus (p.9).
INCOME_BONUS = {7: 3, 8: 5}
MODES = ("control", "neutralize", "destroy")
#: ``whisper``: the destroy attack that Whispering Campaign allows on a Power-0 group (specials.csv)
ATTACK_MODES = (*MODES, "whisper")
FREE_SPECIALS = ("slush-fund", "swiss-bank-account")
DICE_SPECIALS = {"assassination": 2, "murphys-law": 12}
COUNTER_SPECIALS = ("deep-agent", "interference", "interference-2")
SPECIAL_CASH = {"slush-fund": 15, "swiss-bank-account": 25}
ESPIONAGE = "computer-espionage"
SECRETS = "secrets-man-was-not-meant-to-know"
SENATE = "senate-investigating-committee"
#: READING: the rules set no limit on negotiation; a player proposes at most this many deals per turn, so
#: that bots (and hot-seat play) cannot stall a turn with endless proposals
MAX_PROPOSALS = 3
#: READING: money and Specials may be given "at any time" (p.7-8); besides the own action and transfer steps a
#: seat gives at each of its own decision points (the table-talk window, attack bidding, the dice window, the
#: Secrets Man and Senate windows, the Gnomes/Bermuda step), at most this many gifts there from the start of
#: one of its turns to the start of its next, so that random play cannot spend every window handing money
#: around
MAX_GIFTS = 2
#: READING: out of its own turn a player proposes at most this many deals from the start of one of its turns
#: to the start of its next (on its own turn: ``MAX_PROPOSALS``)
MAX_OUT_PROPOSALS = 1
#: the frames where a seat may give money or Specials and open a deal "at any time" (see ``_anytime``)
ANYTIME_FRAMES = ("actions", "transfers", "special", "attack", "react", "secrets", "senate", "talk")
#: the Specials whose timing is "any time" (specials.csv; p.8 "Some may be used at any time")
ANYTIME_SPECIALS = ("slush-fund", "swiss-bank-account", "media-campaign", "white-collar-crime", ESPIONAGE)
#: READING: an "any time" Special is played at the same decision points as gifts (``ANYTIME_FRAMES``) and
#: also in the windows against a privilege: p.7-8 forbid exchanging or giving Specials while a privileged
#: attack is under way, not using them.  No budget like ``MAX_GIFTS``: a played card is discarded for good
#: (the discard pile is never shuffled back), so the plays between two draws are bounded by the Specials in
#: the hands and random play stays finite; see ``_anytime_plays``
PLAY_FRAMES = (*ANYTIME_FRAMES, "counter", "replace")
#: READING: accusations (Hidden Illuminati, p.9) name an Illuminati by a nickname, in notation and in the
#: log, never by its id or card name, so the options listing every Illuminati and a wrong guess never spell
#: a hidden identity (as goal ids drop "goal-"); the card name is logged only when the guess is right
ACCUSE_ALIAS = {"bavarian-illuminati": "bavarians", "bermuda-triangle": "bermuda",
                "discordian-society": "discordians", "gnomes-of-zurich": "gnomes", "network": "the-net",
                "servants-of-cthulhu": "cthulhu", "society-of-assassins": "assassins", "ufos": "saucers"}
#: the kinds each frame accepts
FRAME_KINDS = {
    "actions": {"attack", "move", "transfer", "drop", "play", "bribe", "collect", "done", "gift", "offer",
                "request", "laser", "recycle", "negotiate", "accuse", "disguise", "leave"},
    "price": {"price"},
    "terms": {"dgive", "dget", "propose", "cancel"},
    "answer": {"accept", "decline"},
    "secrets": {"play", "pass", "gift", "negotiate"},
    "senate": {"play", "pass", "gift", "negotiate"},
    "talk": {"pass", "gift", "negotiate", "play"},
    "replace": {"replace", "pass", "gift", "negotiate", "play"},
    "fit": {"fit"},
    "attack": {"aid", "privilege", "spend", "assist", "interfere", "pass", "calloff", "gift", "negotiate",
               "play"},
    "place": {"place"},
    "captxfer": {"transfer", "done"},
    "transfers": {"transfer", "done", "gift", "negotiate", "play"},
    "special": {"transfer", "move", "done", "gift", "negotiate", "play"},
    "redistribute": {"transfer", "done"},
    "react": {"play", "pass", "gift", "negotiate"},
    "counter": {"play", "abolish", "pass", "gift", "negotiate"},  # gifts: refused with the reason (p.8)
    "choose": {"choose"},
}
CHANCE_FRAMES = ("deal", "first", "roll")
ROLL_WEIGHTS = {n: 6 - abs(7 - n) for n in range(2, 13)}


@functools.lru_cache(maxsize=64)
def _word_rx(text: str):
    """``text`` as a whole word (ids and names: not inside a longer id)."""
    return re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)

