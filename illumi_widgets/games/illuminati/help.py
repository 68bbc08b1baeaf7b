"""Rules help in context: a short summary, in this package's own words, of the decision being taken now,
with the rulebook section it restates (shown in the board's "?" legend; :func:`rules_help`)."""

from __future__ import annotations

from ..rules_help import help_from

__all__ = ["HELP", "rules_help"]

#: decision kind -> (summary, rulebook section)
HELP = {
    "choose": ("Write down your secret goal: it is revealed only when you win with it.", "Hidden Goals"),
    "actions": ("Take an action (attack, transfer money, move a group, give a group away), a free action, "
                "or end your action phase; two actions a turn.", "Actions"),
    "talk": ("Before the player acts: give money or Special cards, offer a deal, or pass.",
             "Threats and Negotiations"),
    "terms": ("Build the deal: what each side gives; propose it or cancel.", "Gifts and Trades"),
    "answer": ("A deal is offered to you: accept or decline.", "Gifts and Trades"),
    "attack": ("Spend money on the attack (the attacker's, and any player may help or hinder), or pass.",
               "Attacks; Interference"),
    "react": ("The dice are rolled: play a Special card on the roll, or pass.", "Special Cards"),
    "counter": ("The attack is privileged: play a Special card against the privilege, or pass.",
                "Special Cards"),
    "senate": ("A turn begins: play a Special card against it, or pass.", "Special Cards"),
    "transfers": ("Make your free money transfers, or finish.", "Transferring Money"),
    "captxfer": ("Move money from the captured group to a neighbour, or finish.", "Attack to Control"),
    "place": ("Choose the free arrow where the captured group joins your Power Structure.",
              "The Power Structure"),
    "special": ("Your Illuminati's special power step: use it (move groups, or move money for the Gnomes of "
                "Zurich), or finish.", "Special Abilities"),
    "price": ("A group is offered for sale: name the price the buyer pays, from what the buyer holds.",
              "Transferring Groups"),
}


def rules_help(data, decision) -> dict | None:
    """``{"text", "section"}`` for ``decision`` (a Decision or its kind); None when there is nothing to
    say."""
    return help_from(HELP, str(getattr(decision, "kind", decision)))
