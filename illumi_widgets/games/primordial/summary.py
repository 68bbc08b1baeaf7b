"""A Primordial Secrets position at a glance, per seat, from one perspective's view (``board.compare``)."""

from __future__ import annotations

from ...engine.words import sentence


def summary(game, view: dict) -> dict:
    seats = {}
    for s in view["seats"]:
        seats[s["name"]] = {"Secrets": s.get("secrets", 0), "Stolen": s.get("stolen", 0),
                            "Royals": s.get("royals", 0), "Sacrifices": s.get("sacrifices", 0),
                            "Cards in hand": s.get("hand_count", 0)}
    return {"seats": seats, "lead": "Stolen"}


_WHAT = {"secrets": ("Secret", "Secrets"), "sacrifices": ("Sacrifice", "Sacrifices"),
         "royals": ("Royal", "Royals")}


def final_report(game, d, seat) -> dict:
    """The end screen (``Game.final_report``; rulebook "Game End", RULES-NOTES.md rulings 13 and 21): the
    race to six.  A sixth Secret: most Secrets wins, Sacrifices break ties; a sixth Sacrifice: most
    Sacrifices, Secrets break ties; the last Royal recruited: Secrets, Sacrifices and Royals score 1 point
    each (no tie-breaker).  A tie that survives is a shared win.  Every seat's counts are the outcome's
    (public at the end)."""
    from ...engine.final import joined, report, row
    from ...engine.words import counted

    res = d["result"]
    n = d["n"]
    names = [game.seat_name(s) for s in range(n)]
    t = [res["scores"][names[s]] for s in range(n)]
    winners = list(res["winners"])
    reason = res["reason"]
    text = sentence(res["text"]) + "."
    breakdowns, keys, scores = {}, {}, {}
    for s in range(n):
        if reason == "royal":
            breakdowns[s] = [row(_WHAT[k][1], counted(t[s][k], "point")) for k in _WHAT]
            keys[s] = (sum(t[s].values()),)
            scores[s] = counted(keys[s][0], "point")
        else:
            first, second = ("secrets", "sacrifices") if reason == "secrets" else ("sacrifices", "secrets")
            breakdowns[s] = [row(_WHAT[k][1], str(t[s][k])) for k in (first, second, "royals")]
            keys[s] = (t[s][first], t[s][second])
            scores[s] = counted(t[s][first], *_WHAT[first])
    top = max(k[0] for k in keys.values())
    tied = [s for s in range(n) if keys[s][0] == top]
    tiebreak = None
    if len(tied) > 1:
        if reason == "royal":
            tiebreak = f"{joined(names[s] for s in tied)} had {counted(top, 'point')} each and share the win."
        else:
            one, many = _WHAT[first]
            two = _WHAT[second][1]
            head = f"{joined(names[s] for s in tied)} had {counted(top, one, many)}; "
            if len(winners) == 1:
                w = winners[0]
                rest = ", ".join(str(keys[s][1]) for s in tied if s != w)
                tiebreak = head + f"{names[w]} had more {two} ({keys[w][1]} against {rest})."
            else:
                also = counted(keys[winners[0]][1], *_WHAT[second])
                tiebreak = head + f"{joined(names[s] for s in winners)} also had {also} each: a shared win."
    return report(game, winners, keys=keys, scores=scores, breakdowns=breakdowns, reason=text,
                  tiebreak=tiebreak)
