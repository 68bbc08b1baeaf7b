"""The Plotting decision composed on the board (issue 15: "the plotting choice by clicking cards into
host/visitor rows and an Intent"): each plot option names the SET of the seat's own cards it uses -- its
three hosts and its Visiting Intent -- so the painter can narrow the options by clicked cards and confirm
the one the selection names (``js/src/compose.js``).  Checked over random positions of every player count:
every option is reachable by its target set (its entities are drawn on that seat's board and are the
seat's own hand / Intent Deck cards of the named kinds), and no two options share a target multiset."""

from __future__ import annotations

from collections import Counter

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.match import Match


def _plot_positions(players: int, seed: int, rounds: int = 3):
    g = load_game("primordial", players=players)
    st = g.new_state(seed=seed)
    rng = Rng(seed)
    found = 0
    for _ in range(3000):
        if st.is_terminal() or found >= rounds:
            break
        f = st.data["frames"][-1]
        if f["t"] == "plot" and any(d.kind == "plot" for d in st.decisions()):
            found += 1
            yield st.clone()
            # the rest of this plotting phase, at random
            while st.data["frames"][-1]["t"] == "plot" and not st.is_terminal():
                s = st.to_act()[0]
                legal = st.legal_actions(s)
                st.apply(legal[rng.below(len(legal))])
            continue
        s = st.to_act()[0]
        legal = st.legal_actions(s)
        st.apply(legal[rng.below(len(legal))])


def _multiset(compose, targets):
    return frozenset(Counter(compose["alike"].get(t, t) for t in targets).items())


def test_every_plot_is_reachable_by_its_own_distinct_target_set():
    checked = 0
    for players in (2, 3, 4):
        for seed in (1, 7):
            for st in _plot_positions(players, seed):
                m = Match.from_state(st, mode="play")
                for d in st.decisions():
                    if d.kind != "plot":
                        continue
                    seat = d.seat
                    snap = m.snapshot(f"seat:{seat}")
                    (dec,) = [x for x in snap["decisions"] if x["seat"] == seat]
                    comp = dec["compose"]
                    drawn = {it.get("id") for it in snap["scene"]["items"]}
                    view = st.view(seat)["seats"][seat]
                    hand = {c["id"]: c["card"] for c in view["hand"]}
                    intents = {c["id"]: c["card"] for c in view["intents"]}
                    assert {o["id"] for o in dec["options"]} == {a.notation() for a in d.options}
                    seen = {}
                    for o, a in zip(dec["options"], d.options, strict=True):
                        hosts, intent = a.args
                        t = o["targets"]
                        assert len(set(t)) == len(t) == len(hosts) + 1, o
                        assert set(t) <= drawn, (o, "a target the board does not draw")
                        assert sorted(hand[i] for i in t[:-1]) == sorted(hosts)
                        assert intents[t[-1]] == intent
                        key = _multiset(comp, t)
                        assert key not in seen, (o["id"], seen.get(key))
                        seen[key] = o["id"]
                        checked += 1
                    # the interchangeable classes are exactly the card kinds: a hand card and an Intent never
                    # share a class, and two cards of one kind always do
                    for i, cid in hand.items():
                        assert comp["alike"][i] == f"hand:{cid}"
                    for i, cid in intents.items():
                        assert comp["alike"][i] == f"intent:{cid}"
                    # the other seats' views say nothing about this seat's plot options
                    for other in range(st.game.players):
                        if other != seat:
                            osnap = m.snapshot(f"seat:{other}")
                            assert all(x["seat"] != seat for x in osnap["decisions"])
    assert checked > 500


def test_other_decisions_keep_the_menu_path():
    """Only the plot (and a reset with a choice) is composed: a visit's decisions carry no ``compose``."""
    g = load_game("primordial", players=2)
    st = g.new_state(seed=3)
    rng = Rng(3)
    seen = set()
    for _ in range(400):
        if st.is_terminal():
            break
        m = Match.from_state(st.clone(), mode="play")
        for d in m.snapshot("omniscient")["decisions"]:
            kinds = {o["id"].split()[0] for o in d["options"]}
            seen |= kinds
            if kinds == {"plot"}:
                assert "compose" in d
            if "compose" in d:
                assert kinds <= {"plot", "reset"}, kinds
        s = st.to_act()[0]
        legal = st.legal_actions(s)
        st.apply(legal[rng.below(len(legal))])
    assert "plot" in seen and len(seen) > 2


def test_intent_reset_with_a_choice_is_composed_from_the_drawn_pool():
    """Intent reset (end of every fourth round): with more than five Intents in the pool (a stolen Secret
    joins it), each choice names the five kept Intents of the pool the board draws; with exactly five the
    one choice stays a plain button."""
    g = load_game("primordial", players=2)
    st = g.new_state(seed=1)
    rng = Rng(1)
    while not (st.data["frames"] and st.data["frames"][-1]["t"] == "reset"):
        s = st.to_act()[0]
        legal = st.legal_actions(s)
        st.apply(legal[rng.below(len(legal))])
    plain = Match.from_state(st.clone(), mode="play").snapshot("seat:0")["decisions"]
    assert [len(d["options"]) for d in plain if d["seat"] == 0] == [1]
    assert all("compose" not in d for d in plain)
    # a Secret stolen from seat 1 sits in seat 0's Intent Discard: six Intents, six ways to keep five
    st.data["intent_discard"][0].append(st.data["secrets"][1].pop())
    m = Match.from_state(st, mode="play")
    snap = m.snapshot("seat:0")
    (dec,) = [d for d in snap["decisions"] if d["seat"] == 0]
    legal = st.legal_actions(0)
    assert len(dec["options"]) == len(legal) == 6
    drawn = {it.get("id") for it in snap["scene"]["items"]}
    pool = {c["id"]: c["card"] for c in st.view(0)["seats"][0]["reset_pool"]}
    keys = set()
    for o, a in zip(dec["options"], legal, strict=True):
        assert o["id"] == a.notation()
        assert set(o["targets"]) <= drawn and len(set(o["targets"])) == 5
        assert sorted(pool[t] for t in o["targets"]) == sorted(a.args[0])
        keys.add(_multiset(dec["compose"], o["targets"]))
    assert len(keys) == 6
    words = " ".join(str(it.get("s")) for it in snap["scene"]["items"] if it["t"] == "text")
    assert "click five to keep" in words
