"""Per-seat views of an Illuminati position (the one place hidden information is filtered).

A seat sees its own Specials (and those it has seen in another hand: Computer Espionage, deals), the
UFOs' player its secret goal; everyone sees how many Specials each player holds, every power structure
with its treasuries, the uncontrolled groups, the dead pile, the discarded Specials and the attack being
resolved with its modifiers.  With Hidden Illuminati a face-down Illuminati card is shown to the others as
"<Seat>'s Illuminati" (id ``hidden-<seat>``) with unknown Power, Income, ability and goal, everywhere in
the view (masters, attack terms, the last attack); a correct accusation turns it face-up.
"""

from __future__ import annotations

from illumi_widgets.engine.game import OMNISCIENT

from . import model as M
from .common import INCOME_BONUS


def _group(game, d, g, pos=None) -> dict:
    c = game.cards[g]
    out = {"id": g, "name": c.name, "power": game.power(g), "tp": c.tp, "resistance": c.resistance,
           "income": c.income, "alignments": list(game.aligns(g, d)), "arrow_in": c.arrow_in,
           "arrows_out": list(c.arrows_out), "ability": c.ability,
           "stats": game.group_stats(d, g)}  # live: as the rules use them now (stats.py)
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
        hidden = game.is_hidden(d, s)
        if hidden and not own:
            goal = "secret"
        known = game._known_in(d, seat, s) if isinstance(seat, int) and not own else []
        seats.append({
            "seat": s, "name": game.seat_name(s), "illuminati": ill,
            "illuminati_name": game.label(ill) if ill and (own or not hidden) else None,
            "face_down": hidden, "alive": d["alive"][s],
            # Hidden Illuminati: the Power and Income the face-down card is stated to use (public)
            "shows": dict(d.get("disguise", {}).get(str(s), {})) if hidden else {},
            "specials": list(d["hands"][s]) if own else None, "special_count": len(d["hands"][s]),
            "known_specials": known,
            "goal": goal, "destroyed": d["destroyed"][s], "turns": d["turns"][s],
            "groups": [_group(game, d, g, pos) for g in game.groups_of(d, s)],
            "treasury": game.structure_total(d, s) if ill in d["ctrl"] else 0,
        })
    f = d["frames"][-1] if d["frames"] else None
    attack = None
    # the attack under way: on top, or below the windows that interrupt it (Secrets Man Was Not Meant to
    # Know after a Special, Deep Agent against a privilege, replacing a Special), so the seats asked there
    # see what they are deciding about
    under = None
    for g in reversed(d["frames"]):
        if g["t"] in ("attack", "roll", "react") and (g.get("attack") or g)["t"] == "attack":
            under = g
            break
        if g["t"] not in ("secrets", "counter", "replace"):
            break
    if under is not None:
        a = under.get("attack") or under
        attack = {"attacker": a["att"], "seat": a["seat"], "mode": a["mode"], "target": a["target"],
                  "aid": list(a["aid"]), "privileged": a["priv"], "spent": dict(a["spent"]),
                  "terms": [list(x) for x in game.attack_terms(d, a)], "need": game.attack_need(d, a)}
    view = {
        "game": "illuminati", "players": d["n"], "seats": seats, "active": d["active"],
        "phase": f["t"] if f else None, "actions_left": d["acts"], "transfers_left": d["xfers"],
        "uncontrolled": [_group(game, d, g) for g in d["unc"]], "dead": list(d["dead"]),
        "discard": list(d["discard"]), "deck": len(d["deck"]), "attack": attack,
        "last_attack": d["last_attack"], "last_roll": d["last_roll"], "goal_groups": game.goal_groups,
        "options": {"hidden_goals": game.hidden_goals, "hidden_illuminati": game.hidden_illuminati,
                    "very_long_game": game.very_long},
    }
    view["omniscient"] = hidden_zones(game, d) if omni else None
    # every hidden zone in order, for the analysis view only (the key Gray Eminence's view uses too)
    view["hidden"] = view["omniscient"].pop("hidden") if omni else None
    mask = None if omni else game.hidden_mask(d, seat)
    if mask is None:
        return view
    for s in seats:  # the face-down cards of the others: nothing of the card but its four arrows
        if s["face_down"] and s["seat"] != seat:
            for g in s["groups"]:
                if g["id"] == d["illum"][s["seat"]]:
                    g.update({"name": "?", "power": "?", "tp": None, "income": "?", "ability": None})
                    shows = s["shows"]  # the stats: only what its player states (p.9)
                    income = shows["income"] + INCOME_BONUS.get(d["n"], 0) if "income" in shows else "?"
                    g["stats"].update({"power": shows.get("power", "?"), "income": income,
                                       "transferable_power": shows.get("power", "?")})
    return _deep(view, mask)


def _deep(obj, mask):
    if isinstance(obj, dict):
        return {mask(k): _deep(v, mask) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_deep(x, mask) for x in obj]
    return mask(obj) if isinstance(obj, str) else obj


def _zone(game, name: str, cards) -> dict:
    cards = list(cards)
    return {"zone": name, "cards": cards, "names": [game.label(c) for c in cards]}


def hidden_zones(game, d) -> dict:
    """What some seat cannot see, for the omniscient view only: ``"hidden"`` (moved to ``view["hidden"]``),
    every hidden zone in order -- the deck (top card FIRST), each player's Specials -- as ``{"zone": words,
    "cards": ids, "names": card names}``; ``"deck"`` (top first); ``"goals"``: each seat's goal (secret with
    hidden goals or the UFOs); ``"face_down"``: each seat's Illuminati when it is face-down (Hidden
    Illuminati), else ``None``; ``"box"``: the cards not yet dealt.  The rest stays ``view["omniscient"]``."""
    zones = [_zone(game, "deck", reversed(d["deck"]))]
    zones += [_zone(game, f"{game.seat_name(s)}'s Specials", d["hands"][s]) for s in range(d["n"])]
    return {
        "deck": list(reversed(d["deck"])), "hidden": zones, "goals": list(d["goals"]),
        "face_down": [d["illum"][s] if game.is_hidden(d, s) else None for s in range(d["n"])],
        "box": list(d["box"]),
    }
