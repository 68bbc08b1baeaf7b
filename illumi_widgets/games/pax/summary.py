"""A Pax position at a glance, per seat, from one perspective's view (for ``board.compare``)."""

from __future__ import annotations

LEAD = "Influence"


def summary(game, view: dict) -> dict:
    names = view.get("seat_names") or [game.seat_name(s) for s in range(game.players)]
    infl = [0] * len(names)
    for cell in view["map"]["cells"]:
        for owner in cell.get("influence") or []:
            if isinstance(owner, int) and 0 <= owner < len(infl):
                infl[owner] += 1
    plots = view.get("plots", {})
    claims = plots.get("claims", {}) if isinstance(plots, dict) else {}
    seats = {}
    for s, name in enumerate(names):
        favor = view["favor"][s] if s < len(view.get("favor", [])) else {}
        hand = view["hands"][s] if s < len(view.get("hands", [])) else {}
        seats[name] = {"Influence": infl[s], "Favor": sum(favor.values()) if isinstance(favor, dict) else 0,
                       "Contacts": view.get("contacts", [0] * len(names))[s],
                       "Cards in hand": hand.get("count", 0) if isinstance(hand, dict) else 0,
                       "Claims": sum(1 for v in claims.values() if v == s) if isinstance(claims, dict) else 0}
    return {"seats": seats, "lead": LEAD}


def final_report(game, d, seat) -> dict:
    """The end screen (``Game.final_report``).  Plot Victory (EN "Plot Victory"): the active player with
    Influence on two Plots wins at once; the standings count each seat's Plots with its Influence on them
    (claims are face up).  Faction Scoring (EN "Faction Scoring", after the fifth Edict's round): 1 point per
    Influence in each Scoring Lodge, broken down by Faction; a tie goes to more Faction cards held, then is
    shared.  A rulebook bot (automa) that meets its plot wins at once."""
    from ...engine.final import joined, report, row
    from ...engine.words import counted
    from .favor import FACTION_NAMES, FACTIONS

    res = d.result
    n = d.seats
    names = [game.seat_name(s) for s in range(n)]
    plots = {s: [game.plots[p].name for p, on in d.claims[s].items() if on] for s in range(n)}
    fname = {f: FACTION_NAMES[i] for i, f in enumerate(FACTIONS)}
    held = {s: [fname[f] for f, h in d.faction_holder.items() if h == s] for s in range(n)}
    winners = list(res["winners"])
    if res["reason"] in ("plot victory", "bot plot"):
        keys = {s: int(res["scores"].get(s, 0)) for s in range(n)}
        breakdowns = {s: [row("Plots with your Influence" if s == seat else "Plots with Influence",
                              joined(plots[s]) or "none")] for s in range(n)}
        w = winners[0]
        if res["reason"] == "bot plot":
            met = res.get("plots") or []
            breakdowns[w] = [row("Bot plot met", "; ".join(met))]
            reason = f"{names[w]}, a rulebook bot, met its plot at its Check Phase and won at once."
            scores = {s: counted(keys[s], "Plot") for s in range(n)}
            scores[w] = "Plot met"
        else:
            won = res.get("plots") or plots[w]
            reason = (f"{names[w]} had Influence on {counted(len(won), 'Plot')} during their turn "
                      f"({joined(won)}): a Plot Victory wins at once.")
            scores = {s: counted(keys[s], "Plot") for s in range(n)}
        how = "meeting its plot" if res["reason"] == "bot plot" else "Plot Victory"
        return report(game, winners, keys=keys, scores=scores, breakdowns=breakdowns, reason=reason,
                      title=f"{names[w]} wins by {how}.")
    totals = {s: int(res["scores"].get(s, 0)) for s in range(n)}
    per = res.get("by_faction") or {}
    scoring = [f for f in FACTIONS if any((per.get(s) or {}).get(f, 0) for s in range(n))]
    breakdowns = {}
    for s in range(n):
        mine = per.get(s) or {}
        breakdowns[s] = [row(fname[f], counted(mine.get(f, 0), "point")) for f in scoring]
        breakdowns[s].append(row("Faction cards held", joined(held[s]) or "none"))
    best = max(totals.values())
    tied = [s for s in range(n) if totals[s] == best]
    tiebreak = None
    if len(tied) > 1:
        cards = {s: len(held[s]) for s in tied}
        head = f"{joined(names[s] for s in tied)} had {counted(best, 'point')}; "
        if len(winners) == 1:
            rest = ", ".join(str(cards[s]) for s in tied if s != winners[0])
            tiebreak = head + (f"{names[winners[0]]} held more Faction cards ({cards[winners[0]]} against "
                               f"{rest}).")
        else:
            tiebreak = head + (f"{joined(names[s] for s in winners)} held as many Faction cards "
                               f"({counted(cards[winners[0]], 'card')} each), so they share the win.")
    keys = {s: (totals[s], len(held[s]) if s in tied else 0) for s in range(n)}
    scoring_names = joined(fname[f] for f in scoring) or "no Faction"
    return report(game, winners, keys=keys, scores={s: counted(totals[s], "point") for s in range(n)},
                  breakdowns=breakdowns, tiebreak=tiebreak,
                  reason=("The fifth Edict was discarded and the round was finished, so Faction Scoring "
                          f"decided: 1 point per Influence in the largest Lodges ({scoring_names} scored)."))
