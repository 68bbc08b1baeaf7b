"""Rules help in context: a short summary, in this package's own words, of the decision being taken now,
with the rulebook section it restates (shown in the board's "?" legend; :func:`rules_help`)."""

from __future__ import annotations

from ..rules_help import help_from

__all__ = ["HELP", "rules_help"]

VISIT = "Visiting Phase: Resolve a visit in this order"

#: decision kind -> (summary, rulebook section)
HELP = {
    "plot": ("In secret: choose three hosts (the other three cards visit) and one Visiting Intent; the plans "
             "are shown together when everyone has plotted.", "Plotting Phase"),
    "order": ("Several of your effects trigger in the same timing window: choose which resolves first.",
              f"{VISIT}, step 2"),
    "choose": ("An effect of your card has triggered: it must happen; choose its target.",
               f"{VISIT}, step 2"),
    "sacrifice": ("Your visitors' insight fell below the hosts' deceit: choose the visitor the host "
                  "Sacrifices.", f"{VISIT}, step 3"),
    "steal": ("Your visitors' insight beat the hosts' deceit by 4 or more: take one Secret from the host's "
              "Secrets zone.", f"{VISIT}, step 3"),
    "recruit": ("Recruit from The Court with your remaining visitors' devotion (a Royal also needs "
                "Sacrifices held), card by card, or finish.", f"{VISIT}, step 5"),
    "reset": ("Every fourth round: choose the five Intents you keep for the next four rounds, from your "
              "Starting Intents and the Secrets you stole.", "Round End: Resetting Intents"),
}


def rules_help(data, decision) -> dict | None:
    """``{"text", "section"}`` for ``decision`` (a Decision or its kind); None when there is nothing to
    say."""
    return help_from(HELP, str(getattr(decision, "kind", decision)))
