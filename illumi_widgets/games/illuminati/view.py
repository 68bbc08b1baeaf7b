"""Per-seat views of an Illuminati position (the one place hidden information is filtered).

A seat sees its own Specials, the UFOs' player its secret goal; everyone sees how many Specials each
player holds, every power structure with its treasuries, the uncontrolled groups, the dead pile, the
discarded Specials and the attack being resolved with its modifiers.
"""

from __future__ import annotations

from illumi_widgets.engine.game import OMNISCIENT

from . import model as M


def _group(game, d, g, pos=None) -> dict:
    c = game.cards[g]
    out = {"id": g, "name": c.name, "power": c.power, "tp": c.tp, "resistance": c.resistance,
           "income": c.income, "alignments": list(game.aligns(g, d)), "arrow_in": c.arrow_in,
           "arrows_out": list(c.arrows_out), "ability": c.ability}
    if g in d["ctrl"]:
        seat, master, side = d["ctrl"][g]
        out.update({"master": master, "side": side, "money": d["money"][g]})
        if pos is not None and g in pos:
            x, y, r = pos[g]
            out.update({"x": x, "y": y, "rot": r})
    return out


def make_view(game, d, seat) -> dict:
    omni = seat == OMNISCIENT
    seats = []
    for s in range(d["n"]):
        ill = d["illum"][s]
        pos = M.layout(d, s, game.cards)
        own = omni or s == seat
        goal = None
        if ill is not None:
            if ill == "ufos" or game.hidden_goals:
                goal = d["goals"][s] if own else "secret"
            else:
                goal = game.cd.illuminati[ill].goal_text
        seats.append({
            "seat": s, "name": game.seat_name(s), "illuminati": ill,
            "illuminati_name": game.label(ill) if ill else None, "alive": d["alive"][s],
            "specials": list(d["hands"][s]) if own else None, "special_count": len(d["hands"][s]),
            "goal": goal, "destroyed": d["destroyed"][s], "turns": d["turns"][s],
            "groups": [_group(game, d, g, pos) for g in game.groups_of(d, s)],
            "treasury": game.structure_total(d, s) if ill in d["ctrl"] else 0,
        })
    f = d["frames"][-1] if d["frames"] else None
    attack = None
    if f is not None and f["t"] in ("attack", "roll", "react") and (f.get("attack") or f)["t"] == "attack":
        a = f.get("attack") or f
        attack = {"attacker": a["att"], "seat": a["seat"], "mode": a["mode"], "target": a["target"],
                  "aid": list(a["aid"]), "privileged": a["priv"], "spent": dict(a["spent"]),
                  "terms": [list(x) for x in game.attack_terms(d, a)], "need": game.attack_need(d, a)}
    return {
        "game": "illuminati", "players": d["n"], "seats": seats, "active": d["active"],
        "phase": f["t"] if f else None, "actions_left": d["acts"], "transfers_left": d["xfers"],
        "uncontrolled": [_group(game, d, g) for g in d["unc"]], "dead": list(d["dead"]),
        "discard": list(d["discard"]), "deck": len(d["deck"]), "attack": attack,
        "last_attack": d["last_attack"], "last_roll": d["last_roll"], "goal_groups": game.goal_groups,
    }
