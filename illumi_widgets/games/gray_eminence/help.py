"""Rules help in context: a short summary, in this package's own words, of the decision being taken now,
with the rulebook section it restates (shown in the board's "?" legend; :func:`rules_help`)."""

from __future__ import annotations

from ..rules_help import help_from

__all__ = ["HELP", "rules_help"]

PHASES = "Round Phases"

#: decision kind (or "kind@phase") -> (summary, rulebook section)
HELP = {
    "eminence": ("Choose the Gray Eminence you play: each has a Public Objective of its own.", "Game Setup"),
    "keep@setup": ("Keep Secret Objectives from those dealt to you; the rest go back.", "Game Setup"),
    "keep": ("A completed Secret Objective is replaced: keep one of the two drawn.",
             f"{PHASES}: 9. Scoring phase"),
    "refresh": ("Pay to refresh an exhausted Faction, or go on.", f"{PHASES}: 1. Refresh phase"),
    "handlimit": ("Your hand is over the limit: discard down to it.", f"{PHASES}: 1. Refresh phase"),
    "bid": ("Seal a bid of money, then power, then influence. The larger total places first, then the larger "
            "amount of one kind, then the visibility track; all bids go to the Bidding Pool.",
            f"{PHASES}: 3. Bidding"),
    "place": ("In bid order, take a place on the visibility track: In the Public Eye, a Gray Eminence place, "
              "or In the Shadows (each round has a Public Eye and a Shadows player).",
              f"{PHASES}: 3. Bidding, Winning and placement choice order"),
    "expose": ("In the Public Eye your plans are exposed: turn one Secret Objective face up.",
               f"{PHASES}: Role Activation after Bidding"),
    "rolegain": ("Your place on the track gives you one resource from the Common Pool: choose which.",
                 f"{PHASES}: Role Activation after Bidding"),
    "blackmail": ("In the Shadows you may blackmail a player who holds a Faction: demand that Faction.",
                  f"{PHASES}: Role Activation after Bidding, In the Shadows"),
    "bmanswer": ("You are blackmailed: hand the Faction over, or refuse and pay a penalty the blackmailer "
                 "chooses.", f"{PHASES}: Role Activation after Bidding, In the Shadows"),
    "penalty": ("They refused: choose the penalty, 2 of a resource or a look at a Secret Objective.",
                f"{PHASES}: Role Activation after Bidding, In the Shadows"),
    "show": ("Show the blackmailer one of your Secret Objectives (to them only).",
             f"{PHASES}: Role Activation after Bidding, In the Shadows"),
    "shadowtake": ("In the Shadows you take one resource from the Bidding Pool.",
                   f"{PHASES}: Role Activation after Bidding, In the Shadows"),
    "drop": ("Put back what you cannot keep.", f"{PHASES}"),
    "program": ("Program in secret: slot A goes to the Common Good, B to your Personal Gain, C is "
                "discarded; a fourth card in D is optional (free for a Gray Eminence, one resource for "
                "others).",
                f"{PHASES}: 4. Programming"),
    "act": ("In turn order, play your programmed cards: one for Personal Gain, one face down to the Common "
            "Good, one discarded, the fourth either way; Factions may be used.", "6. Action phase"),
    "pick": ("Choose which resource the effect gives or takes.", "Glossary"),
    "vote@tweets": ("A country named in several tweets: vote in secret to worsen that relationship or leave "
                    "it; the majority decides.", f"{PHASES}: 5. Presidential response"),
    "addone": ("You may add one resource to the Bidding Pool.", f"{PHASES}: 5. Presidential response"),
    "vote": ("Vote in secret for an option of the Event the Bidding Pool can pay; a simple majority wins, a "
             "tie goes to the player highest on the visibility track.", "7. Resolution phase"),
    "trade": ("Propose a trade to one player (resources, cards, Victory Point markers), or pass; trading "
              "ends when everyone has passed.", "8. Trading phase"),
    "terms": ("Build your proposal: what you offer and what you ask, then send it (or cancel).",
              "8. Trading phase"),
    "answer": ("A trade is proposed to you: accept it or decline it. Only this phase's deal is binding.",
               "8. Trading phase"),
    "score": ("Complete one objective (your Public Objective or a Secret Objective) if you can, or pass.",
              "9. Scoring phase"),
}


def rules_help(data, decision) -> dict | None:
    """``{"text", "section"}`` for ``decision`` (a Decision or its kind) in the position ``data``; None when
    there is nothing to say."""
    kind = getattr(decision, "kind", decision)
    phase = data.get("phase") if isinstance(data, dict) else None
    return help_from(HELP, f"{kind}@{phase}", str(kind))
