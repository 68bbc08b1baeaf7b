"""Notation, explain(), per-seat views (the rulebook's Hidden & Public Knowledge list) and board hooks."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.errors import NotationError
from illumi_widgets.engine.rng import Rng
from illumi_widgets.games.primordial.setup import Table

M3 = ["messenger"] * 3


def test_every_legal_action_round_trips_through_notation():
    g = load_game("primordial", players=4)
    st = g.new_state(seed=12)
    rng = Rng(3)
    for _ in range(300):
        if st.is_terminal():
            break
        for s in st.to_act():
            for a in st.legal_actions(s):
                assert g.parse(st.data, a.notation(), s) == a
        s = st.to_act()[rng.below(len(st.to_act()))]
        legal = st.legal_actions(s)
        st.apply(legal[rng.below(len(legal))])


def test_readable_notation():
    g = load_game("primordial", players=3)
    d = g.new_state(seed=1).data
    a = g.parse(d, "plot host messenger musician advisor visit left", 0)
    assert a.kind == "plot" and a.args == (("advisor", "messenger", "musician"), "left")
    assert a.notation() == "plot host advisor messenger musician visit left"
    assert g.parse(d, "recruit dawn-prophet", 0).args == ("dawn-prophet",)
    assert g.parse(d, "recruit Dawn Prophet", 0).args == ("dawn-prophet",)
    assert g.parse(d, "order puppeteer dawn-prophet", 0).args == ("puppeteer", 1)
    assert g.parse(d, "order messenger 2", 0).notation() == "order messenger 2"
    assert g.parse(d, "steal masquerade", 0).args == ("masquerade", 1)
    with pytest.raises(NotationError, match="did you mean 'recruit'"):
        g.parse(d, "recriut emissary", 0)
    with pytest.raises(NotationError, match="did you mean 'emissary'"):
        g.parse(d, "recruit emisary", 0)
    with pytest.raises(NotationError, match="one Visiting Intent"):
        g.parse(d, "plot host messenger musician advisor visit left right", 0)


def test_explain_names_the_rule():
    t = Table(3)
    st = t.state
    assert "Plotting Phase" in st.explain(st.parse("recruit emissary", seat=0))
    t.hand(0, ["emissary", "emissary", "scout"] + M3)
    t.hand(1, ["sentinel"] * 3 + M3)
    t.hand(2, ["musician"] * 3 + M3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host sentinel sentinel sentinel visit home"),
           (2, "host musician musician musician visit home"))
    why = st.explain(st.parse("recruit iron-marquis", seat=0))
    assert "not in The Court" in why or "tribute" in why


def _at_visit():
    t = Table(3)
    t.hand(0, ["emissary", "scout", "scout"] + M3)
    t.hand(1, ["musician"] * 3 + M3)
    t.hand(2, ["musician"] * 3 + M3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host musician musician musician visit home"),
           (2, "host musician musician musician visit home"))
    return t


def test_views_hidden_and_public_exactly():
    """Hidden & Public Knowledge: Decks, Pawn/Royal Decks, removed Royals and Secrets zones hidden from all;
    the Court and Sacrifices public; only the top of a Discard / Intent Discard; Intent Deck and hand hidden
    from the others; parties and Intents revealed for the Visiting Phase."""
    t = _at_visit()
    st = t.state
    with st.edit() as d:
        d["sacrifices"][1].append(d["deck"][1].pop())
    for seat in (0, 1, None):
        v = st.view(seat)
        text = json.dumps(v)
        for s, sv in enumerate(v["seats"]):
            assert isinstance(sv["deck"], int) and isinstance(sv["secrets"], int)
            assert (sv["intents"] is not None) == (seat == s)
            assert (sv["hand"] is not None) == (seat == s)
            assert sv["discard_top"] is None or sv["discard_top"]["id"] == f"c{st.data['discard'][s][-1]}"
            assert len(sv["sacrifices"]) == len(st.data["sacrifices"][s])
            assert [c["card"] for c in sv["hosts"]] == [t.g.types[i] for i in st.data["hosts"][s]]
        for i in st.data["deck"][0] + st.data["secrets"][1] + st.data["royal_deck"] + st.data["removed"]:
            assert f'"c{i}"' not in text
        assert len(v["court"]["pawns"]) == 7 and v["court"]["familiars"] == 32
    omni = st.omniscient_view()
    assert len(omni["seats"][1]["secret_cards"]) == 6


def test_discard_shows_only_its_top():
    t = Table(3)
    t.plot(*[(s, "host " + " ".join(sorted(t.names("hand", s))[:3]) + " visit home") for s in range(3)])
    st = t.state
    v = st.view(0)
    d = st.data
    assert v["seats"][0]["discard"] == 6 and v["seats"][0]["discard_top"]["id"] == f"c{d['discard'][0][-1]}"
    text = json.dumps(v)
    assert all(f'"c{i}"' not in text for i in d["discard"][0][:-1])
    assert v["seats"][1]["intent_discard_top"]["card"] == "home"


def test_labels_hints_legend_confirm_touched():
    t = _at_visit()
    st, g, d = t.state, t.g, t.state.data
    dec = st.decisions()[0]
    assert dec.kind == "recruit"
    for a in st.legal_actions(0):
        label = g.label(d, a, 0)
        assert label and "c1" not in label and "-" not in label.replace(" - ", "")
    assert g.label(d, st.parse("recruit dawn-prophet", seat=0), 0).startswith("Recruit Dawn Prophet")
    pawn = d["court_pawns"][0]
    hint = g.hint(d, 0, f"c{pawn}")
    assert hint is not None and hint.kind == "recruit" and hint.args == (g.types[pawn],)
    assert g.hint(d, 1, f"c{pawn}") is None and g.hint(d, 0, "nonsense") is None
    assert g.touched(d, hint) == [f"c{pawn}"]
    assert "devotion unspent" in g.confirm(d, st.parse("done", seat=0))
    legend = g.legend(0)
    assert {x["text"].split()[0] for x in legend} >= {"devotion", "insight", "deceit"}
    assert all(set(x) == {"symbol", "color", "text"} for x in legend)
    plot = load_game("primordial", players=3).new_state(seed=1)
    a = plot.legal_actions(0)[0]
    assert g.label(plot.data, a, 0).startswith("Plot: host ")


def test_illegal_choices_are_explained():
    """Each decision refuses what is not one of its options, with the reason."""
    t = Table(3)
    t.hand(0, ["emissary", "puppeteer", "dawn-prophet"] + M3)
    t.hand(1, ["musician"] * 3 + M3)
    t.hand(2, ["musician"] * 3 + M3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host musician musician musician visit home"),
           (2, "host musician musician musician visit home"))
    st = t.state
    assert "not an eligible effect" in st.explain(st.parse("order emissary", seat=0))
    assert "recruiting is step 5" in st.explain(st.parse("done", seat=0))
    assert "not Blue's decision" in st.explain(st.parse("order puppeteer", seat=1))
    t.play("order puppeteer")
    assert "not an option" in st.explain(st.parse("choose advisor", seat=0))
    t.play("choose emissary")
    t.play("choose emissary")
    assert st.decisions()[0].kind == "steal"
    assert "now:" in st.explain(st.parse("sacrifice emissary", seat=0))
    assert "not an option" in st.explain(st.parse("steal left", seat=0))
