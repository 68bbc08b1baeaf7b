"""Each effect verb and timing at work (legal use), with the glossary word it implements.  Illegal uses
(wrong timing, wrong target, bad args) are refused at load: see test_cards.py's mutation tests."""

from __future__ import annotations

import copy
import json

from illumi_widgets.games.primordial.cards import DATA_DIR
from illumi_widgets.games.primordial.setup import Table

DOC = json.loads((DATA_DIR / "cards.json").read_text())
M3 = ["messenger"] * 3


def with_effects(**effects):
    """The shipped set with these cards' effects replaced (``scout=[...]``)."""
    doc = copy.deepcopy(DOC)
    for c in doc["primordials"]:
        key = c["id"].replace("-", "_")
        if key in effects:
            c["effects"] = effects[key]
    return doc


def visit(t, red_hand, blue_hosts, red_intent="left"):
    """Red visits Blue (Green stays home); Red hosts three Messengers."""
    t.hand(0, red_hand + M3)
    t.hand(1, blue_hosts + M3)
    t.hand(2, ["musician"] * 3 + M3)
    t.plot((0, f"host messenger messenger messenger visit {red_intent}"),
           (1, f"host {' '.join(blue_hosts)} visit home"),
           (2, "host musician musician musician visit home"))


def turn(t):
    return t.state.view(None)["turn"]


def test_window_order_before_visiting_then_before_hosting():
    """Resolve a visit, step 2: "before visiting" (visitor's) resolves before "before hosting" (host's)."""
    t = Table(3)
    visit(t, ["inquisitor", "scout", "scout"], ["whisperer", "musician", "musician"])
    assert t.state.decisions()[0].seat == 0 and "Inquisitor" in t.state.decisions()[0].prompt
    t.play("choose whisperer")
    assert t.state.decisions()[0].seat == 1 and "Whisperer" in t.state.decisions()[0].prompt


def test_captivate_and_silence():
    """Captivate: insight and deceit 0 for the turn; Silence: devotion 0 and no effects for the turn."""
    t = Table(3)
    visit(t, ["puppeteer", "scout", "scout"], ["whisperer", "charmer", "musician"])
    t.play("choose puppeteer")  # Whisperer (before hosting) silences Puppeteer: its effect never resolves
    pup = t.inst("visitors", 0, "puppeteer")
    assert t.stat(pup, "devotion") == 0
    # Charmer (when hosting) captivates one visitor
    t.play("choose scout")
    scout = t.inst("visitors", 0, "scout")
    assert (t.stat(scout, "insight"), t.stat(scout, "deceit")) == (0, 0)
    assert turn(t)["insight"] == 1 + 0 + 2  # Silence leaves insight; the captivated Scout gives 0
    assert t.d["turn"]["done"] == [[t.inst("hosts", 1, "whisperer"), 0], [t.inst("hosts", 1, "charmer"), 0]]


def test_double_and_set_to_a_number():
    """Double (Jester) doubles the value shown now; Set (Dream Weaver) replaces a host's deceit."""
    t = Table(3)
    visit(t, ["jester", "dream-weaver", "scout"], ["sentinel", "musician", "musician"])
    assert t.state.decisions()[0].kind == "order"
    t.play("order jester")
    t.play("choose scout")  # 2 -> 4 insight
    assert t.stat(t.inst("visitors", 0, "scout"), "insight") == 4
    t.play("choose sentinel")  # Dream Weaver: deceit 0
    assert t.stat(t.inst("hosts", 1, "sentinel"), "deceit") == 0
    assert turn(t)["deceit"] == 4 and turn(t)["insight"] == 2 + 4 + 4


def test_add_negative_floors_at_zero():
    """Add with a negative amount; a stat never goes below 0 (guide §5)."""
    t = Table(3, cards=with_effects(scout=[{"timing": "when_visiting", "verb": "add",
                                             "target": {"from": "opposing_party", "pick": "all"},
                                             "args": {"stat": "deceit", "amount": -5}}]))
    visit(t, ["scout", "messenger", "messenger"], ["sentinel", "musician", "musician"])
    assert t.d["last"]["deceit"] == 0  # 3 + 2 + 2 - 5 each, floored at 0


def test_while_effect_is_read_not_applied():
    """"While" effects are continuous: Warden's +1 deceit to the other hosts shows in every reading and is
    never written into the ledger."""
    t = Table(3)
    visit(t, ["scout", "scout", "messenger"], ["warden", "musician", "musician"])
    assert t.d["last"]["deceit"] == 4 + 3 + 3
    assert t.d["turn"] is None or t.d["turn"]["ledger"] == {}


def test_rule_effect_changes_the_steal_margin():
    """Card Game Golden Rule: Veiled Duke (while hosting) raises the steal margin to 6 — a margin of 4
    no longer steals."""
    t = Table(3)
    visit(t, ["emissary", "emissary", "scout"], ["veiled-duke", "messenger", "messenger"])
    # insight 10, deceit 5 + 1 + 1 = 7: margin 3 — and even 4-5 would not steal now
    assert t.d["last"]["outcome"] == "none"
    t2 = Table(3)
    visit(t2, ["emissary", "emissary", "scout"], ["musician", "messenger", "messenger"])
    assert t2.d["last"]["outcome"] == "steal"  # margin 10 - 4 = 6 without the Duke


def test_effect_sacrifice_and_banish_after_hosting():
    """Sacrifice by an effect (Cultist, after hosting, when neither happened): the visiting player
    chooses; Banish (Grave Bishop after a Sacrifice) removes a visitor from the game."""
    t = Table(3)
    visit(t, ["scout", "scout", "advisor"], ["cultist", "messenger", "messenger"])
    t.play("choose scout")  # Advisor's target
    assert t.d["last"]["outcome"] == "none"
    dec = t.state.decisions()[0]
    assert dec.seat == 0 and dec.kind == "choose" and "Cultist" in dec.prompt
    t.play("choose advisor")
    assert [t.g.types[i] for i in t.d["sacrifices"][1]] == ["advisor"]
    t2 = Table(3)
    visit(t2, ["scout", "messenger", "messenger"], ["grave-bishop", "sentinel", "messenger"])
    t2.play("sacrifice scout")
    t2.play("choose messenger")  # Grave Bishop: banish one (the visiting player chooses)
    assert [t2.g.types[i] for i in t2.d["banished"]] == ["messenger"]


def test_effect_steal_secret_and_free_recruit():
    """Steal a Secret by an effect (Spy: margin 2-3); Recruit for free (Zealot: a Familiar, no tribute,
    no "when recruited")."""
    t = Table(3)
    visit(t, ["spy", "zealot", "scout"], ["sentinel", "musician", "messenger"])
    # insight 3 + 3 + 2 = 8 vs deceit 3 + 2 + 1 = 6: margin 2
    assert t.d["last"]["outcome"] == "none"
    n = len(t.d["familiars"])
    while t.state.decisions()[0].kind in ("order", "steal"):
        dec = t.state.decisions()[0]
        t.play(dec.options[0].notation())
    assert t.state.view(0)["seats"][0]["stolen"] == 1 and len(t.d["familiars"]) == n - 1
    assert t.state.view(0)["turn"]["spent"] == 0


def test_move_to_next_visitors_after_visiting():
    """Move (Wanderer): to the next round's Visiting Party, face up."""
    t = Table(3)
    visit(t, ["wanderer", "scout", "scout"], ["messenger", "messenger", "messenger"])
    assert t.d["last"]["outcome"] == "none"
    t.play("done")
    assert [t.g.types[i] for i in t.d["next_visitors"][0]] == ["wanderer"]


def test_draw_repopulate_and_then_as():
    """Draw (into the party, the golden rule applies), Repopulate, and a multi-step effect whose second
    step acts on "that card" (``as`` / ``ref``)."""
    scout = [{"timing": "when_visiting", "verb": "draw", "args": {"n": 1}},
             {"timing": "after_visiting", "verb": "repopulate"},
             {"timing": "before_visiting", "verb": "add", "target": {"from": "your_party", "pick": "one"},
              "args": {"stat": "insight", "amount": 1},
              "then": [{"verb": "add", "target": {"from": "your_party", "pick": "one"},
                        "args": {"stat": "insight", "amount": 0}, "as": "it"},
                       {"verb": "add", "target": {"ref": "it"}, "args": {"stat": "devotion", "amount": 2}}]}]
    t = Table(3, cards=with_effects(scout=scout))
    with t.state.edit() as d:
        d["pawn_deck"].append(d["court_pawns"].pop())
    visit(t, ["scout", "messenger", "messenger"], ["musician", "musician", "musician"])
    t.play("choose messenger")  # first step's target
    t.play("choose messenger")  # "it"
    m = t.inst("visitors", 0, "messenger")
    assert t.stat(m, "devotion") == 3 and t.stat(m, "insight") == 2
    assert len(t.d["visitors"][0]) == 4  # drew one card into the party
    # after visiting: Repopulate refills the Court at once, before recruiting (step 5) and step 6
    while t.d["turn"] is not None and t.state.decisions()[0].kind != "recruit":
        t.play(t.state.decisions()[0].options[0].notation())
    assert t.d["turn"] is not None and len(t.d["court_pawns"]) == 7


def test_every_signature_key_is_read_by_its_handler():
    """No dead keys (guide §4, pitfall 1): each argument a verb's signature allows is read by the code that
    carries the verb out."""
    import inspect

    from illumi_widgets.games.primordial import cards, effects, flow

    source = {v: inspect.getsource(f) for v, f in effects.VERB_FUNCS.items()}
    source["rule"] = inspect.getsource(effects.rule)
    source["add"] += inspect.getsource(effects.stat)  # a "while" add is read by stat()
    source["total"] = inspect.getsource(cards.load_cards) + inspect.getsource(flow)
    for verb, (sig, _target, _durations) in cards.VERBS.items():
        for key in sig:
            assert f'["{key}"]' in source[verb], (verb, key)


def test_every_selector_is_usable():
    """The selectors not on a shipped card: visitors, hosts, the Court's Pawns and Royals, ``where``."""
    scout = [{"timing": "when_visiting", "verb": "add", "target": {"from": "hosts", "pick": "all"},
              "args": {"stat": "deceit", "amount": -1}},
             {"timing": "when_visiting", "verb": "add",
              "target": {"from": "visitors", "pick": "all", "where": {"kind": "starting"}},
              "args": {"stat": "insight", "amount": 1}},
             {"timing": "after_visiting", "verb": "banish",
              "target": {"from": "court_pawns", "pick": "all", "where": {"tribute": {"op": "<=", "n": 2}}}},
             {"timing": "after_visiting", "verb": "move",
              "target": {"from": "court_royals", "pick": "one", "where": {"frame": "black"}},
              "args": {"to": "discard"}}]
    t = Table(3, cards=with_effects(scout=scout))
    cheap = [i for i in t.d["court_pawns"] if t.g.cards[t.g.types[i]].tribute <= 2]
    visit(t, ["scout", "messenger", "messenger"], ["musician", "musician", "musician"])
    assert t.state.legal_actions(0).notations() == ["order scout", "order scout 2"]  # two effects, one card
    t.play("order scout 2")
    # insight 2 + (1+1) + (1+1) = 6 against deceit (2-1) * 3 = 3: margin 3
    assert t.d["last"]["insight"] == 6 and t.d["last"]["deceit"] == 3
    assert t.state.decisions()[0].kind == "order"  # the two after-visiting effects: Red orders them
    t.play("order scout")
    while t.state.decisions() and t.state.decisions()[0].kind in ("order", "choose"):
        t.play(t.state.decisions()[0].options[0].notation())
    assert set(cheap) <= set(t.d["banished"])
    assert any(t.g.cards[t.g.types[i]].kind == "royal" for i in t.d["discard"][0])
