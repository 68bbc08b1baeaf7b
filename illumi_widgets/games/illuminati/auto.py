"""Illuminati: the answers a game site gives for a person who asked not to be asked (``Game.auto_answer``).

A person playing against bots is asked at every privileged attack, roll, spending round and deal whether to
pass.  The board's preferences (``Match.set_auto``) name what may be answered for them:

* ``"no_choice"``: a step whose own choices are only "pass" -- the dice Specials, a Special against the
  privilege or against the Senate, Secrets Man Was Not Meant To Know, the money for an attack when the
  Illuminati's treasury (and the defended group) hold none, the talk before another player's turn -- is
  passed.  Gifts, deals and the "any time" Specials stay possible at every step (p.7-8) and are not a reason
  to ask: the person offers them at their own steps.
* ``"decline_bots"``: a deal whose other side is a bot is declined.
* ``"others_attacks"``: in an attack neither by nor on the person, their spending (to assist or interfere)
  is passed.
* ``"quiet"``: "don't ask me again this turn": every step that can be passed is passed until the turn
  changes (``turn_marker``).
"""

from __future__ import annotations

from .common import ANYTIME_SPECIALS

#: the preferences this game offers a board (id -> the words of its switch)
AUTO_PREFS = {
    "no_choice": "Pass for me when I have no useful choice",
    "decline_bots": "Decline all deals from bots",
    "others_attacks": "Pass for me in attacks between other players",
    "quiet": "Don't ask me again this turn",
}
_EXTRA = frozenset({"pass", "gift", "negotiate"})  # always there (or the pass itself): not a real choice


def _own(a) -> bool:
    """Is ``a`` one of the step's own choices (not pass, a gift, a deal opening or an "any time" Special)?"""
    if a.kind in _EXTRA:
        return False
    return not (a.kind == "play" and a.args and a.args[0] in ANYTIME_SPECIALS)


def auto_answer(game, d, decision, prefs, bots=frozenset()):
    """The answer for ``decision`` under ``prefs`` (see the module docstring), or None: ask the person."""
    if d["result"] is not None or not d["frames"]:
        return None
    f = d["frames"][-1]
    seat = decision.seat
    legal = game.legal(d, seat)
    if f["t"] == "answer" and "decline_bots" in prefs:
        dl = f.get("deal") or {}
        others = {dl.get(k) for k in ("by", "with", "from", "to")} - {None, seat}
        if others and others <= set(bots):
            return next((a for a in legal if a.kind == "decline"), None)
    passes = [a for a in legal if a.kind == "pass"]
    if not passes:
        return None
    if ("others_attacks" in prefs and f["t"] == "attack" and seat != f["seat"]
            and seat != game.owner(d, f["target"])):
        return passes[0]
    if "quiet" in prefs:
        return passes[0]
    if "no_choice" in prefs and not any(_own(a) for a in legal):
        return passes[0]
    return None


def turn_marker(d):
    """What changes when a new turn begins: the turns taken and the player whose turn it is."""
    return (sum(d["turns"]), d["active"])
