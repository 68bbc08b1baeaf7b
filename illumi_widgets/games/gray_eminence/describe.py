"""Card text generated from the effect records (text from data, never kept separately)."""
from __future__ import annotations

from ...engine.words import counted

WHO = {
    "you": "you",
    "each_player": "each player",
    "each_other_player": "each other player",
    "public_eye": "the player In the Public Eye",
    "gray_eminences": "each Gray Eminence",
    "shadows": "the player In the Shadows",
}


def effect_text(e: dict) -> str:
    v, a = e["verb"], e.get("args", {})
    who = WHO.get(e.get("target", "you"), "you")
    res = "a resource of choice" if a.get("resource") == "any" else a.get("resource")
    n = a.get("n")
    text = {
        "gain": f"{who} gains {n} {res}",
        "spend": f"{who} spends {n} {res}",
        "fund": f"add {n} {res} to the Bidding Pool",
        "drain": f"return {n} {res} from the Bidding Pool to the Common Pool",
        "take": f"{who} takes {n} {res} from the Bidding Pool",
        "contribute": f"{who} adds {n} {res} to the Bidding Pool",
        "relation": f"{a.get('entity')} relationship {'+' if a.get('steps', 0) > 0 else ''}{a.get('steps')}",
        "draw": f"{who} draws {counted(n, 'Action card')}",
        "play_faction": f"{who} plays a new Faction",
        "refresh": f"{who} refreshes {counted(a.get('count'), 'Faction')}",
        "exhaust": f"{who} exhausts {counted(a.get('count'), 'Faction')}",
        "vp": f"{who} gains {n} VP",
        "rule": f"while in play: {a.get('key', '').replace('_', ' ')} is {a.get('value')}",
    }[v]
    return text[0].upper() + text[1:]


def effects_text(effs) -> str:
    return "; ".join(effect_text(e) for e in effs) or "no effect"


def condition_text(c) -> str:
    ((k, v),) = c.items()
    if k in ("all", "any"):
        return (" and " if k == "all" else " or ").join(condition_text(x) for x in v)
    if k == "not":
        return "not " + condition_text(v)
    if k == "resources":
        return f"{v['type']} {v['op']} {v['n']}"
    if k == "most":
        return f"the most {v['type']}"
    if k == "least":
        return f"the least {v['type']} (ties count)"
    if k == "resolved_events":
        return f"resolved events{' with ' + v['with'] if 'with' in v else ''} {v['op']} {v['n']}"
    if k == "unresolved_events":
        return f"unresolved events {v['op']} {v['n']}"
    if k == "entity":
        return f"{v['name']} relationship {v['op']} {v['n']}"
    if k == "factions":
        return f"Factions {v['op']} {v['n']}"
    if k == "position":
        return f"you are {v['is'].replace('_', ' ')}"
    if k == "hashtag":
        return f"a tweet this round shows {v['tag']}"
    return f"round {v['op']} {v['n']}"


def objective_text(game, oid) -> str:
    o = game.cards.objectives[oid]
    spend = ", ".join(f"{n} {r}" for r, n in o["spend"].items())
    return (
        f"{o['name']}: {condition_text(o['requires'])}"
        + (f"; spend {spend}" if spend else "")
        + f" — {o['vp']['standard']} VP ({o['vp']['long']})"
    )
