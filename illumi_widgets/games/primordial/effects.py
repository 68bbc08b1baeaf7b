"""The effect interpreter: stats read through the per-turn ledger, "while" effects on read, selectors,
conditions and one function per verb (never one per card).

Design (RULES-NOTES.md, How card effects work):

- **Ledger.** ``d["turn"]["ledger"][inst]`` is an ordered list ``[stat, op, amount]`` (``op`` add/set).
  Operands are resolved when a step runs (Double stores ``add <value now>``; Set-from-stat stores ``set
  <value now>``), so the Replacement example gives 7/7 in one order and 7/4 in the other.  Reading a stat
  folds base → ledger → "while" bonuses, floored at 0.  The ledger lives in the turn and is dropped when
  the turn ends (no inverse operations): a host hosting twice starts again from its base stats.
- **While effects** are never applied: :func:`active_while` lists those in force now and readers ask it.
- **Effect frames** ``{"t": "effect", "inst", "e", "owner", "side", "k", "bind"}`` are the interpreter's
  cursor; a choice pushes a ``choose`` frame and a shuffle a chance frame, and the effect resumes after.
"""

from __future__ import annotations

from .cards import RULES, VERBS
from .scoring import sacrifices_held, secrets_held

_OPS = {">=": int.__ge__, "<=": int.__le__, "==": int.__eq__, ">": int.__gt__, "<": int.__lt__}


# ------------------------------------------------------------------------------------------------
# reading stats
# ------------------------------------------------------------------------------------------------
def side_of(d: dict, inst: int):
    """"v" if the card is a visitor of the current turn, "h" if a host, else None."""
    t = d["turn"]
    if t is None:
        return None
    if inst in d["visitors"][t["v"]]:
        return "v"
    if inst in d["hosts"][t["h"]]:
        return "h"
    return None


def party(d: dict, side: str) -> list:
    t = d["turn"]
    return d["visitors"][t["v"]] if side == "v" else d["hosts"][t["h"]]


def effects_by_timing(card) -> dict:
    """A card's effects grouped by timing: ``{timing: ((index, effect), ...)}`` in printed order."""
    out: dict = {}
    for k, e in enumerate(card.effects):
        out.setdefault(e["timing"], []).append((k, e))
    return {timing: tuple(pairs) for timing, pairs in out.items()}


def active_while(g, d) -> list:
    """The "while" effects in force now: ``(inst, effect, side)`` for cards of the current turn's parties,
    not silenced, whose condition holds (visiting party slots first, then hosting)."""
    t = d["turn"]
    if t is None:
        return []
    out = []
    silenced = t["silenced"]
    fx, fx_insts = g.fx, g.fx_insts
    for side, timing, owner in (("v", "while_visiting", t["v"]), ("h", "while_hosting", t["h"])):
        party = d["visitors"][owner] if side == "v" else d["hosts"][owner]
        if timing not in fx_insts or fx_insts[timing].isdisjoint(party):  # (most parties: none)
            continue
        for inst in party:
            mine = fx[inst].get(timing)
            if not mine or inst in silenced:  # READING: Silence also switches off the card's "while" effects
                continue
            for _k, e in mine:
                if "condition" not in e or condition(g, d, e["condition"], owner):
                    out.append((inst, e, side))
    return out


def _owner(d, side):
    t = d["turn"]
    return t["v"] if side == "v" else t["h"]


def rule(g, d, key):
    """A rule parameter now: the rulebook default unless a "while" ``rule`` effect changes it (the later in
    visiting-then-hosting slot order wins)."""
    value = RULES[key]
    for _inst, e, _side in active_while(g, d):
        if e["verb"] == "rule" and e["args"]["key"] == key:
            value = e["args"]["value"]
    return value


def base_stat(g, inst: int, stat: str) -> int:
    return getattr(g.cards[g.types[inst]], stat)


def stat(g, d, inst: int, name: str, bonuses: bool = True, aw=None) -> int:
    """A card's stat now: base, folded through this turn's ledger in order, plus "while" bonuses, ≥ 0.

    READING: the ledger lasts the turn (the visit and its recruiting); "while" bonuses come after
    the ledger; a captivated card still gains from a later Add or a "while" bonus; never below 0."""
    v = base_stat(g, inst, name)
    t = d["turn"]
    if t is not None:
        for s, op, n in t["ledger"].get(str(inst), ()):
            if s == name:
                v = v + n if op == "add" else n
        if bonuses:
            for src, e, side in (active_while(g, d) if aw is None else aw):
                if e["verb"] == "add" and e["args"]["stat"] == name and inst in select(
                        g, d, e.get("target", "self"), src, side, _owner(d, side)):
                    v += e["args"]["amount"]
    return max(0, v)


def intent_mod(g, d, seat: int, name: str) -> int:
    i = d["intent"][seat]
    if i is None:
        return 0
    return sum(n for s, n in g.intents[g.types[i]].mods if s == name)


def total(g, d, side: str, name: str) -> int:
    """A party's total of a stat, with its player's Intent modifiers for the round (≥ 0): the sum of
    :func:`stat` over the party (written out: only the "while" effects that add to this stat are read)."""
    adds = [x for x in active_while(g, d) if x[1]["verb"] == "add" and x[1]["args"]["stat"] == name]
    t = d["turn"]
    ledger = t["ledger"]
    base = g.base_stats[name]
    owner = t["v"] if side == "v" else t["h"]
    party = d["visitors"][owner] if side == "v" else d["hosts"][owner]
    if not adds and not ledger:  # (printed stats only: most comparisons)
        out = 0
        for v in map(base.__getitem__, party):
            if v > 0:
                out += v
        return max(0, out + intent_mod(g, d, owner, name))
    out = 0
    for i in party:
        v = base[i]
        if ledger:
            for s, op, n in ledger.get(str(i), ()):
                if s == name:
                    v = v + n if op == "add" else n
        for src, e, sd in adds:
            if i in select(g, d, e.get("target", "self"), src, sd, _owner(d, sd)):
                v += e["args"]["amount"]
        if v > 0:
            out += v
    return max(0, out + intent_mod(g, d, owner, name))


def margin(g, d) -> int:
    return total(g, d, "v", "insight") - total(g, d, "h", "deceit")


# ------------------------------------------------------------------------------------------------
# selectors and conditions
# ------------------------------------------------------------------------------------------------
def select(g, d, target, inst, side, owner) -> list:
    """The cards a selector names now (in zone order) for the effect of ``inst`` owned by ``owner``
    (``side``: the party the card is in, "v"/"h", or None when it was just recruited)."""
    if target is None or target == "self":
        return [inst]
    frm = target["from"]
    t = d["turn"]
    if frm in ("your_party", "opposing_party", "visitors", "hosts"):
        if t is None:
            return []
        mine = side or "v"
        which = {"your_party": mine, "opposing_party": "h" if mine == "v" else "v", "visitors": "v",
                 "hosts": "h"}[frm]
        pool = party(d, which)
    elif frm == "court_pawns":
        pool = d["court_pawns"]
    elif frm == "court_royals":
        pool = d["court_royals"]
    elif frm == "court_familiars":
        pool = d["familiars"][-1:]  # READING: Familiars are all alike: one stands for the supply
    elif frm == "your_deck_top":
        pool = d["deck"][owner][-1:]
    else:  # your_discard
        pool = d["discard"][owner]
    w = target.get("where")
    if not w:
        return list(pool)
    return [c for c in pool if _matches(g, d, c, w, inst)]


def _matches(g, d, c, w, inst) -> bool:
    card = g.cards[g.types[c]]
    for k, v in w.items():
        if k == "other":
            if (c != inst) != v:
                return False
        elif k == "kind":
            if card.kind != v:
                return False
        elif k == "frame":
            if card.frame != v:
                return False
        elif k == "name":
            if card.id != v:
                return False
        elif k == "tribute":
            if not _OPS[v["op"]](card.tribute, v["n"]):
                return False
        elif k in ("devotion", "insight", "deceit"):
            if not _OPS[v["op"]](stat(g, d, c, k), v["n"]):
                return False
    return True


def condition(g, d, c, owner) -> bool:
    (k, v), = c.items()
    if k == "all":
        return all(condition(g, d, x, owner) for x in v)
    if k == "any":
        return any(condition(g, d, x, owner) for x in v)
    if k == "not":
        return not condition(g, d, v, owner)
    t = d["turn"]
    if k == "outcome":
        return t is not None and t["outcome"] == v
    if k == "margin":
        if t is None:
            return False
        m = t["margin"] if t["margin"] is not None else margin(g, d)
        return _OPS[v["op"]](m, v["n"])
    if k == "round":
        return _OPS[v["op"]](d["round"], v["n"])
    if k == "holds":
        n = secrets_held(g, d, owner) if v["what"] == "secrets" else sacrifices_held(d, owner)
        return _OPS[v["op"]](n, v["n"])
    raise ValueError(k)  # pragma: no cover - validated at load


# ------------------------------------------------------------------------------------------------
# running an effect
# ------------------------------------------------------------------------------------------------
def steps_of(g, f) -> list:
    e = g.cards[g.types[f["inst"]]].effects[f["e"]]
    return [e, *e.get("then", ())]


def run_effect(g, d, f, log) -> bool:
    """Advance the effect frame ``f``; True when it is finished (pop it), False when a frame was pushed
    (a choice or a shuffle) and the effect waits for it."""
    steps = steps_of(g, f)
    name = g.cards[g.types[f["inst"]]].name
    owner, side = f["owner"], f["side"]
    while f["k"] < len(steps):
        s = steps[f["k"]]
        if f["k"] == 0 and not f.get("started"):
            f["started"] = True
            if "condition" in s and not condition(g, d, s["condition"], owner):
                log.add(f"{name}'s effect does not happen: its condition does not hold.")
                return True
        verb = s["verb"]
        vt = VERBS[verb][1]
        targets = None
        if vt is not None or "target" in s:
            tgt = s.get("target", "self")
            if "chosen" in f:
                targets = f.pop("chosen")
            elif isinstance(tgt, dict) and "ref" in tgt:
                targets = list(f["bind"].get(tgt["ref"], []))
            else:
                if isinstance(tgt, dict) and tgt["from"] == "your_deck_top" and not d["deck"][owner] \
                        and d["discard"][owner]:
                    # the deck-builder's golden rule: an empty Deck is refilled from the Discard first
                    d["frames"].append({"t": "shuffle", "seat": owner, "why": "golden"})
                    return False
                cands = select(g, d, tgt, f["inst"], side, owner)
                if vt == "party":
                    cands = [c for c in cands if side_of(d, c) is not None]
                elif vt == "visitors":
                    cands = [c for c in cands if side_of(d, c) == "v"]
                if isinstance(tgt, dict) and tgt.get("pick") == "one" and len(cands) > 1:
                    chooser = {"owner": owner, "visiting_player": d["turn"]["v"] if d["turn"] else owner,
                               "hosting_player": d["turn"]["h"] if d["turn"] else owner}[tgt.get("chooser",
                                                                                                   "owner")]
                    d["frames"].append({"t": "choose", "kind": "choose", "seat": chooser, "options": cands,
                                        "why": f"{name}: {g.step_text(s)}",
                                        # a choice among hidden cards (your Discard): its chooser sees them
                                        "private": tgt["from"] == "your_discard"})
                    return False
                targets = cands[:1] if isinstance(tgt, dict) and tgt.get("pick") == "one" else cands
            if not targets:
                log.add(f"{name}: nothing to {verb.replace('_', ' ')} — the effect does nothing.")
        if "as" in s:
            f["bind"][s["as"]] = list(targets or [])
        f["k"] += 1
        if targets == [] and vt is not None:
            continue
        pushed = VERB_FUNCS[verb](g, d, f, s, targets or [], log)
        if pushed:
            return False
    return True


def _card_name(g, inst):
    return g.cards[g.types[inst]].name


def _ledger(d, inst, stat_name, op, n):
    d["turn"]["ledger"].setdefault(str(inst), []).append([stat_name, op, n])


def _v_add(g, d, f, s, targets, log):
    a = s["args"]
    for c in targets:
        _ledger(d, c, a["stat"], "add", a["amount"])
        log.add(f"{_card_name(g, f['inst'])} adds {a['amount']} {a['stat']} to {_card_name(g, c)} "
                f"(now {stat(g, d, c, a['stat'])}).")


def _v_double(g, d, f, s, targets, log):
    a = s["args"]
    for c in targets:
        now = stat(g, d, c, a["stat"])  # a snapshot: doubling adds the value shown now (the ledger)
        _ledger(d, c, a["stat"], "add", now)
        log.add(f"{_card_name(g, f['inst'])} doubles the {a['stat']} of {_card_name(g, c)} (now "
                f"{stat(g, d, c, a['stat'])}).")


def _v_set(g, d, f, s, targets, log):
    a = s["args"]
    for c in targets:
        n = a["to"] if "to" in a else stat(g, d, c, a["from"])  # resolved now, stored as a number
        _ledger(d, c, a["stat"], "set", n)
        log.add(f"{_card_name(g, f['inst'])} sets the {a['stat']} of {_card_name(g, c)} to {n}.")


def _v_captivate(g, d, f, s, targets, log):
    for c in targets:
        _ledger(d, c, "insight", "set", 0)
        _ledger(d, c, "deceit", "set", 0)
        log.add(f"{_card_name(g, f['inst'])} captivates {_card_name(g, c)}: its insight and deceit are 0 "
                "for this turn.")


def _v_silence(g, d, f, s, targets, log):
    for c in targets:
        _ledger(d, c, "devotion", "set", 0)
        if c not in d["turn"]["silenced"]:
            d["turn"]["silenced"].append(c)
        log.add(f"{_card_name(g, f['inst'])} silences {_card_name(g, c)}: no devotion and no effects "
                "for this turn.")


def _v_banish(g, d, f, s, targets, log):
    from .model import take

    for c in targets:
        take(d, c)
        d["banished"].append(c)
        log.add(f"{_card_name(g, f['inst'])} banishes {_card_name(g, c)} from the game.")


def _v_move(g, d, f, s, targets, log):
    from .model import take

    owner, to = f["owner"], s["args"]["to"]
    for c in targets:
        take(d, c)
        if to == "party":
            dest = party(d, f["side"] or "v") if d["turn"] else d["next_visitors"][owner]
            where = "the party"
        elif to == "next_visitors":
            dest, where = d["next_visitors"][owner], "next round's Visiting Party"
        elif to == "discard":
            dest, where = d["discard"][owner], "the Discard"
        else:
            dest, where = d["deck"][owner], "the top of the Deck"
        dest.append(c)
        log.add(f"{_card_name(g, f['inst'])} moves {_card_name(g, c)} to {g.seat_name(owner)}'s {where}.")


def _v_sacrifice(g, d, f, s, targets, log):
    from .model import event, take

    owner = f["owner"]
    for c in targets:
        take(d, c)
        d["sacrifices"][owner].append(c)
        log.add(f"{_card_name(g, f['inst'])}: {g.seat_name(owner)} Sacrifices {_card_name(g, c)}.")
        event(log, "sacrifice", seat=owner, card=_card_name(g, c))
        g.note_sacrifice(d, owner)


def _v_steal(g, d, f, s, targets, log):
    t = d["turn"]
    owner = f["owner"]
    who = s["args"]["from"]
    if t is None:
        return False
    victim = {"hosting_player": t["h"], "visiting_player": t["v"],
              "opponent": t["h"] if owner == t["v"] else t["v"]}[who]
    return g.start_steal(d, owner, victim, log, why=_card_name(g, f["inst"]))


def _v_recruit(g, d, f, s, targets, log):
    paid = s["args"]["pay"] != "free"  # (only "free" is in the vocabulary: tribute is paid in step 5)
    for c in targets:
        g.gain(d, f["owner"], c, log, paid=paid)


def _v_repopulate(g, d, f, s, targets, log):
    g.repopulate(d, log)


def _v_shuffle(g, d, f, s, targets, log):
    t = d["turn"]
    who = f["owner"] if s["args"]["whose"] == "you" or t is None else (t["h"] if f["owner"] == t["v"]
                                                                        else t["v"])
    if not d["discard"][who]:
        log.add(f"{g.seat_name(who)}'s Discard is empty: nothing to shuffle.")
        return False
    d["frames"].append({"t": "shuffle", "seat": who, "why": "effect"})
    return True


def _v_draw(g, d, f, s, targets, log):
    owner = f["owner"]
    n = s["args"]["n"] - f.get("drawn", 0)
    while n > 0:
        if not d["deck"][owner]:
            if d["discard"][owner]:
                f["k"] -= 1  # come back to this step after the shuffle
                f["drawn"] = s["args"]["n"] - n
                d["frames"].append({"t": "shuffle", "seat": owner, "why": "golden"})
                return True
            break
        c = d["deck"][owner].pop()
        dest = party(d, f["side"] or "v") if d["turn"] else d["next_visitors"][owner]
        dest.append(c)
        log.add(f"{g.seat_name(owner)} draws {_card_name(g, c)} into the party.")
        n -= 1
    f.pop("drawn", None)
    return False


def _v_rule(g, d, f, s, targets, log):  # pragma: no cover - "while" only (validated), read by rule()
    return False


VERB_FUNCS = {"add": _v_add, "double": _v_double, "set": _v_set, "captivate": _v_captivate,
              "silence": _v_silence, "banish": _v_banish, "move": _v_move, "sacrifice": _v_sacrifice,
              "steal_secret": _v_steal, "recruit": _v_recruit, "repopulate": _v_repopulate,
              "shuffle": _v_shuffle, "draw": _v_draw, "rule": _v_rule}
