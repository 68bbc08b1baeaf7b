"""Card text generated from the effect records (text from data, never kept separately)."""
from __future__ import annotations

from ...engine.words import counted, sentence
from .model import LEVELS

WHO = {
    "you": "you",
    "each_player": "each player",
    "each_other_player": "each other player",
    "public_eye": "the player In the Public Eye",
    "gray_eminences": "each Gray Eminence",
    "shadows": "the player In the Shadows",
}


def _says(who: str, verb: str) -> str:
    """``who`` and ``verb`` agreeing: "you gain", "each player gains", "each Gray Eminence refreshes"."""
    return f"{who} {verb}" if who == "you" else f"{who} {verb}{'es' if verb.endswith(('sh', 'ss')) else 's'}"


def effect_text(e: dict) -> str:
    v, a = e["verb"], e.get("args", {})
    who = WHO.get(e.get("target", "you"), "you")
    n = a.get("n")
    # "1 resource of choice", "2 resources of choice": never "1 a resource of choice"
    res = a.get("resource")
    amount = f"{counted(n, 'resource')} of choice" if res == "any" else f"{n} {res}"
    text = {
        "gain": f"{_says(who, 'gain')} {amount}",
        "spend": f"{_says(who, 'spend')} {amount}",
        "fund": f"add {amount} to the Bidding Pool",
        "drain": f"return {amount} from the Bidding Pool to the Common Pool",
        "take": f"{_says(who, 'take')} {amount} from the Bidding Pool",
        "contribute": f"{_says(who, 'add')} {amount} to the Bidding Pool",
        "relation": f"{a.get('entity')} relationship {'+' if a.get('steps', 0) > 0 else ''}{a.get('steps')}",
        "draw": f"{_says(who, 'draw')} {counted(n, 'Action card')}",
        "play_faction": f"{_says(who, 'play')} a new Faction",
        "refresh": f"{_says(who, 'refresh')} {counted(a.get('count'), 'Faction')}",
        "exhaust": f"{_says(who, 'exhaust')} {counted(a.get('count'), 'Faction')}",
        "vp": f"{_says(who, 'gain')} {n} VP",
        "rule": f"while in play: {a.get('key', '').replace('_', ' ')} is {a.get('value')}",
    }[v]
    return sentence(text)


def effects_text(effs) -> str:
    return "; ".join(effect_text(e) for e in effs) or "no effect"


_AT = {">=": "at least", "<=": "at most", "==": "exactly"}
ROUND_WORDS = {">=": " or later", "<=": " or earlier", "==": ""}
_POSITION = {
    "public_eye": "In the Public Eye",
    "gray_eminence": "a Gray Eminence",
    "shadows": "In the Shadows",
}


def _amount(v, singular: str, verb: tuple) -> str:
    """``at least 2 events have``: a condition's operator and number with its noun and verb (``verb``: the
    singular and plural forms)."""
    return f"{_AT[v['op']]} {counted(v['n'], singular)} {verb[0] if v['n'] == 1 else verb[1]}"


def _holding(typ: str) -> str:
    return "resources in total" if typ == "total" else typ


def level_text(op: str, n: int) -> str:
    """A relationship requirement in words: ``Tension or better``, ``Friendly or worse``, ``exactly
    Neutral`` (a number off the chart: ``at least 3``)."""
    if n not in LEVELS:
        return f"{_AT[op]} {n}"
    return {">=": f"{LEVELS[n]} or better", "<=": f"{LEVELS[n]} or worse", "==": f"exactly {LEVELS[n]}"}[op]


def condition_text(c) -> str:
    """A condition record in plain words (its player is "you"): ``you hold at least 6 influence``, ``the
    USA–EU relationship is Tension or better and at least 2 events have been resolved``."""
    ((k, v),) = c.items()
    if k in ("all", "any"):
        parts = [condition_text(x) for x in v]
        if len(parts) == 1:
            return parts[0]
        joined = ", ".join(parts[:-1]) + (" and " if k == "all" else " or ") + parts[-1]
        return joined if k == "all" else "either " + joined
    if k == "not":
        if next(iter(v)) == "position":
            return f"you are not {_POSITION[v['position']['is']]}"
        return f"it is not the case that {condition_text(v)}"
    if k == "resources":
        return f"you hold {_AT[v['op']]} {v['n']} {_holding(v['type'])}"
    if k == "most":
        return f"you hold more {_holding(v['type'])} than anyone else"
    if k == "least":
        return f"you hold the least {_holding(v['type'])} (a tie for least counts)"
    if k == "resolved_events":
        with_ = f" with {v['with']}" if "with" in v else ""
        return f"{_amount(v, 'event', ('has', 'have'))} been resolved{with_}"
    if k == "unresolved_events":
        return f"{_amount(v, 'event', ('is', 'are'))} in the Unresolved Events pile"
    if k == "entity":
        return f"the USA–{v['name']} relationship is {level_text(v['op'], v['n'])}"
    if k == "factions":
        return f"you hold {_AT[v['op']]} {counted(v['n'], 'Faction')}"
    if k == "position":
        return f"you are {_POSITION[v['is']]}"
    if k == "hashtag":
        return f"a tweet this round shows {v['tag']}"
    return f"it is round {v['n']}{ROUND_WORDS[v['op']]}"


def objective_text(game, oid) -> str:
    o = game.cards.objectives[oid]
    spend = ", ".join(f"{n} {r}" for r, n in o["spend"].items())
    return (
        f"{o['name']}: {sentence(condition_text(o['requires']))}"
        + (f"; spend {spend}" if spend else "")
        + f" — {o['vp']['standard']} VP ({o['vp']['long']} in the long game)"
    )


def common_objective_text(game) -> str:
    """The scenario's Common Objective in words, generated from its record (rulebook Glossary "Scenario":
    "the Common Objective that has to be met or all players lose")."""
    words = condition_text(game.scenario["common_objective"]["requires"])
    return f"All players lose unless, at the end of the game, {words}."


def progress_text(c, now) -> str:
    """One part of a Common Objective with where it stands ``now`` (a relationship level, a count, the
    round), short enough for a line of the board: ``EU: Neutral (needs Tension or better)``, ``Events
    resolved: 1 (needs at least 2)``."""
    ((k, v),) = c.items()
    if k == "entity":
        return f"{v['name']}: {LEVELS.get(now, now)} (needs {level_text(v['op'], v['n'])})"
    if k in ("resolved_events", "unresolved_events"):
        what = "Events resolved" if k == "resolved_events" else "Unresolved events"
        return f"{what}{' with ' + v['with'] if 'with' in v else ''}: {now} (needs {_AT[v['op']]} {v['n']})"
    if k == "round":
        return f"Round {now} (needs round {v['n']}{ROUND_WORDS[v['op']]})"
    return sentence(condition_text(c))


_ROLES = {"public_eye": "In the Public Eye", "gray_eminence": "a Gray Eminence", "shadows": "In the Shadows"}


def summary(view: dict, game, seat: int) -> list[str]:
    """A few sentences on ``seat``'s own position, read from ``view`` (``state.view(seat)``): the summary that
    opens ``state.describe(seat)``."""
    me = next(s for s in view["seats"] if s["seat"] == seat)
    out = [f"Round {view['round']} of {view['rounds']}."]
    if me.get("role") in _ROLES:
        out.append(f"You are {_ROLES[me['role']]}.")
    box = me.get("box")
    if box:
        out.append(f"Your Box of Secrets: {box[0]} money, {box[1]} power, {box[2]} influence.")
    out.append(f"You hold {counted(me.get('hand_count', 0), 'Action card')}, "
               f"{counted(len(me.get('factions') or []), 'Faction')} and "
               f"{counted(me.get('secret_count', 0), 'Secret Objective')}; "
               f"{me.get('vp_markers', 0)} VP markers.")
    return out
