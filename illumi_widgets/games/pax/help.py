"""Rules help in context: a short summary, in this package's own words, of the decision being taken now,
with the rulebook section it restates (shown in the board's "?" legend; :func:`rules_help`)."""

from __future__ import annotations

from ..rules_help import help_from

__all__ = ["HELP", "rules_help"]

#: decision kind -> (summary, rulebook section)
HELP = {
    "turn": ("Take a main action (two a turn: Scout, Influence, Extort, Organize, Expel, Oust), play cards "
             "from your hand as a Scheme (any number), claim a Faction card or a Plot (once per turn each), "
             "or end the action phase.", "Action Phase"),
    "pay": ("Choose which Favor pays for this action.", "Action Phase"),
    "place": ("Place a card from your hand face-up on the map, where the action says.",
              "Action Phase: Scout, Expel"),
    "move": ("Organize: move an Influence between adjacent cards of the acting Faction, or stop.",
             "Action Phase: Organize"),
    "reveal": ("Oust challenge: choose a card of your hand to reveal; both choose in secret, then compare "
               "strength.", "Action Phase: Oust!"),
    "give": ("Conspire: give a share of the Favor you collected to the player who shares the card.",
             "Action Phase: Extort, Conspire Rule"),
    "collect": ("Choose the Favor you take.", "Action Phase: Quick Favor"),
    "subvert": ("The pool has no Favor of that kind left: choose whom to take it from.", "Action Phase"),
    "power": ("Use the ability of this card, or skip it.",
              "Action Phase: Scheme Action, Triggering Abilities"),
    "keep": ("Keep one of the two Event cards drawn; the other goes back on top.",
             "Check Phase: Event Check"),
    "plotkeep": ("Keep the Plot you drew or your old one.", "Action Phase: Claim Plot Card"),
    "activate": ("Activate a Special Event from your hand, or pass.", "Event Phase: Special Events"),
    "redraw": ("Refill your hand: one Court card free, two for 1 Favor (one under the Chamberlain), or draw "
               "from the deck.", "Check Phase: Redraw"),
}


def rules_help(data, decision) -> dict | None:
    """``{"text", "section"}`` for ``decision`` (a Decision or its kind); None when there is nothing to
    say."""
    return help_from(HELP, str(getattr(decision, "kind", decision)))
