"""What counts at the end of a Primordial Secrets game (rulebook "Game End"; RULES-NOTES.md ruling 21).

Each card counts once, for the player who holds it, as what it is held as: a Secret among that player's
Intents, a Sacrifice in their Sacrifices zone, a Royal among their own cards (Deck, hand, Discard, the
parties, next round's Visiting Party).  A Royal lost as a Sacrifice counts only as the other player's
Sacrifice; a banished Royal counts for nobody.  Every count is read from the zones when it is needed, never
kept in a counter of its own, so no move, effect or edit can leave a count behind its cards.
"""

from __future__ import annotations

#: a player's own Primordial cards, where a Royal they hold counts as their Royal (not the Sacrifices zone)
ROYAL_ZONES = ("deck", "hand", "discard", "hosts", "visitors", "next_visitors")


def secrets_held(g, d, seat: int) -> int:
    """The Secrets ``seat`` has stolen and holds: Secret Intent cards among its Intents (Intent Deck, Intent
    Discard, Visiting Intent).  A Secret gets there only by being stolen ("Steal a Secret": to the thief's
    Intent Discard, from the thief's own Secrets zone when the host has none) and stays there; a Secret still
    in a Secrets zone counts for nobody."""
    # READING: the ruling's "Secrets held" are the stolen Secret Intents among the player's Intents
    n = sum(1 for i in d["intent_deck"][seat] if i in g.secret_of)
    n += sum(1 for i in d["intent_discard"][seat] if i in g.secret_of)
    return n + (1 if d["intent"][seat] in g.secret_of else 0)


def sacrifices_held(d, seat: int) -> int:
    """The cards in ``seat``'s Sacrifices zone (a Royal among them counts as a Sacrifice, not a Royal)."""
    return len(d["sacrifices"][seat])


def royals_held(g, d, seat: int) -> int:
    """The Royals among ``seat``'s own cards (``ROYAL_ZONES``), however they came there."""
    cards, types = g.cards, g.types
    return sum(1 for z in ROYAL_ZONES for i in d[z][seat] if cards[types[i]].kind == "royal")


def tallies(g, d) -> list[dict]:
    """Each seat's ``{"secrets", "sacrifices", "royals"}`` held now (seat order)."""
    return [{"secrets": secrets_held(g, d, s), "sacrifices": sacrifices_held(d, s),
             "royals": royals_held(g, d, s)} for s in range(d["n"])]


#: each end condition: its words, and what ranks the players (the printed scoring, then its tie-breaker)
ENDS = {
    "secrets": ("a sixth Secret was stolen: most Secrets wins, Sacrifices break ties",
                lambda t: (t["secrets"], t["sacrifices"])),
    "sacrifices": ("a sixth Sacrifice was collected: most Sacrifices wins, Secrets break ties",
                   lambda t: (t["sacrifices"], t["secrets"])),
    "royal": ("the last Royal was recruited: Secrets, Sacrifices and Royals score 1 point each",
              lambda t: (t["secrets"] + t["sacrifices"] + t["royals"],)),
}


def result(g, d) -> dict:
    """The outcome when the game ends: the first end condition met this round in the rulebook's order
    (Secrets, then Sacrifices, then the last Royal; ruling 13), its winners by the printed scoring and
    tie-breakers (a tie that survives them is a shared win), and every seat's counts."""
    met = {r for r, _s in d["ends"]}
    reason = next((r for r in ("secrets", "sacrifices") if r in met), "royal")
    text, key = ENDS[reason]
    t = tallies(g, d)
    best = max(key(x) for x in t)
    winners = [s for s in range(d["n"]) if key(t[s]) == best]
    scores = {g.seat_name(s): dict(t[s]) for s in range(d["n"])}
    return {"winners": winners, "reason": reason, "text": text, "scores": scores}
