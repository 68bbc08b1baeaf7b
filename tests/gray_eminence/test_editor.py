"""The Gray Eminence position editor (issue 29): every field an analyst can arrange, set through the public
editor, read back through the view and through ``position()`` / ``load_position``; refusals name the field
and the rule and change nothing; phases and turns start with the pending decision a real game has there;
the auto-finishing of Programming and of an Action turn follows one rule; the analysis view lists every
hidden zone in order and a seat's view never does."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.editor import edit
from illumi_widgets.engine import EngineError, IllegalAction
from illumi_widgets.engine.game import OMNISCIENT


def after_setup(players=4, seed=3, **options):
    """A new game played through its setup (each seat's first legal choice): Phase 1 of round 1 pending."""
    g = load_game("gray-eminence", players=players, **options)
    s = g.new_state(seed=seed)
    while s.data["phase"] == "setup":
        seat = s.to_act()[0]
        s.apply(s.legal_actions(seat)[0])
    return s


def names(cards):
    return [c["name"] for c in cards]


def test_every_field_round_trips_through_the_view_and_the_position():
    s = after_setup()
    g = s.game
    with edit(s) as ed:
        ed.round(3)
        ed.track("Blue", "Red", "Green", "Yellow")
        ed.pool(money=4, power=0, influence=2)
        ed.resources("Green", power=5)
        ed.vp("Yellow", 3)
        ed.move("Harbor Trust", "mat", who="Red", refreshed=False)
        ed.events(mandatory="E05", additional="EU: Open Conflict")
        ed.relations(EU="Conflict", China=1)
        ed.move("E07", "resolved", used=["money", "power"])
        ed.move("E08", "unresolved")
        ed.stack("tweet", ["T12", "T03"])
        ed.stack("action", ["A01"])
        ed.escalated(True)
        ed.phase("bidding")
    for st in (s, g.load_position(s.position())):
        v = st.view(1)  # Blue's view: the public fields
        assert v["round"] == 3 and v["phase"] == "bidding" and v["step"] == "bid"
        assert [g.seat_name(x) for x in v["order"]] == ["Blue", "Red", "Green", "Yellow"]
        assert v["seats"][1]["role"] == "public_eye" and v["seats"][3]["role"] == "shadows"
        assert v["pool"] == [4, 0, 2]
        assert {"id": "F01", "name": "Harbor Trust", "refreshed": False} in v["seats"][0]["factions"]
        assert v["mandatory"]["id"] == "E05" and v["additional"]["id"] == "X01:conflict"
        rel = {r["entity"]: r["state"] for r in v["relations"]}
        assert rel["EU"] == "Conflict" and rel["China"] == "Friendly"
        assert {"id": "E07", "name": g.cards.name("E07"), "with": ["money", "power"]} in v["resolved"]
        assert v["unresolved"][-1]["id"] == "E08"
        assert v["seats"][3]["vp_markers"] == 3
        assert st.view(2)["seats"][2]["box"][1] == 5
        o = {z["zone"]: z["cards"] for z in st.view(OMNISCIENT)["hidden"]}
        assert o["Tweet deck"][:2] == ["T12", "T03"]
        assert o["Action deck"][0] == "A01"
        assert st.data["escalated"] is True
    # the Box of Secrets and the Bidding Pool keep the Common Pool ledger (the engine's, not the caller's)
    d = s.data
    assert [sum(d["box"][x][r] for x in range(4)) + d["pool"][r] for r in range(3)] == d["minted"]


def test_partial_updates_leave_the_rest_alone():
    s = after_setup()
    before = s.view(OMNISCIENT)
    with edit(s) as ed:
        ed.pool(power=7)
        ed.resources("Red", money=9)
        ed.relations(Russia="Allied")
    v = s.view(OMNISCIENT)
    assert v["pool"] == [before["pool"][0], 7, before["pool"][2]]
    assert v["seats"][0]["box"] == [9, *before["seats"][0]["box"][1:]]
    assert {r["entity"]: r["level"] for r in v["relations"]} == dict(
        {r["entity"]: r["level"] for r in before["relations"]}, Russia=2
    )
    assert v["seats"][1:] == before["seats"][1:]


@pytest.mark.parametrize(
    "bad, code, words",
    [
        (lambda ed: ed.round(9), "bad-round", "field 'round'"),
        (lambda ed: ed.relations(EU="Hostile"), "bad-value", "field 'rel.EU'"),
        (lambda ed: ed.relations(Mars=1), "bad-entity", "field 'rel'"),
        (lambda ed: ed.track("Red", "Blue", "Green"), "bad-track", "field 'track'"),
        (lambda ed: ed.roles(public_eye="Red", shadows="Red"), "bad-track", "Role Activation"),
        (lambda ed: ed.pool(money=-1), "bad-resource", "whole number"),
        (lambda ed: ed.move("Nope", "hand", who="Red"), "unknown-card", "no card"),
        (lambda ed: ed.move("E05", "hand", who="Red"), "bad-place", "an Event"),
        (lambda ed: ed.move("X01:conflict", "deck"), "bad-place", "only an Allied Escalation"),
        (lambda ed: ed.move("E05", "resolved"), "bad-value", "resource types used"),
        (lambda ed: ed.phase("lunch"), "bad-phase", "no phase"),
        (lambda ed: ed.turn("Red", "bidding"), "not-supported", "sealed and simultaneous"),
        (lambda ed: ed.program("Red", A="A70"), "not-found", "Phase 4"),
    ],
)
def test_refusals_name_the_field_and_rule_and_change_nothing(bad, code, words):
    s = after_setup()
    pos = s.position()
    with pytest.raises(EngineError) as e:
        with edit(s) as ed:
            ed.pool(money=5)  # (an accepted edit earlier in the block is undone too)
            bad(ed)
    assert e.value.code == code and words in str(e.value)
    assert s.position() == pos


def test_the_faction_limit_is_refused_naming_the_rule():
    s = after_setup()
    facs = [f for f in s.game.cards.factions if f in s.data["decks"]["faction"]][:4]
    with pytest.raises(EngineError) as e:
        with edit(s) as ed:
            for f in facs:
                ed.move(f, "mat", who="Red")
    assert e.value.code == "too-many" and "Factions" in str(e.value)


def test_each_phase_starts_with_the_decision_a_real_game_has():
    want = {
        "refresh": ("handlimit", "refresh"),
        "event": None,
        "bidding": ("bid",),
        "programming": ("program",),
        "action": ("act",),
        "trading": ("trade",),
        "scoring": ("score",),
        "role activation": (
            "expose",
            "rolegain",
            "blackmail",
            "gedraw",
            "newfaction",
            "handlimit",
            "shadowtake",
            "bmanswer",
        ),
    }
    for name, steps in want.items():
        s = after_setup(seed=5)
        with edit(s) as ed:
            ed.round(2)
            ed.phase(name)
        d = s.data
        assert d["round"] == 2, name
        assert d["frames"], name
        if steps is not None:
            assert d["frames"][-1]["t"] in steps, (name, d["frames"][-1]["t"])
        assert s.to_act() and all(s.legal_actions(x) for x in s.to_act() if x >= 0)
        again = s.game.load_position(s.position())
        assert again.data == d


def test_event_phase_draws_the_stacked_event():
    s = after_setup()
    with edit(s) as ed:
        ed.stack("event", ["E09"])
        ed.phase("event")
    assert s.data["mandatory"] == "E09" and s.data["phase"] in ("event", "bidding")


def test_turn_in_the_action_phase_and_its_turn_order_rule():
    s = after_setup(seed=7)
    with edit(s) as ed:
        ed.phase("programming")
    d = s.data
    order = [s.game.seat_name(x) for x in d["track"] if x is not None]
    second = order[1]
    with pytest.raises(EngineError) as e:
        with edit(s) as ed:
            ed.phase("action")
            h = d["hands"][d["track"][0]]
            ed.program(order[0], A=h[0], B=h[1], C=h[2])
            ed.turn(second)
    assert e.value.code == "bad-turn" and "Phase 6" in str(e.value)
    sec = s.game.seat_names.index(second)
    with edit(s) as ed:
        ed.phase("action")
        h = d["hands"][sec]
        ed.program(second, A=h[0], B=h[1], C=h[2])
        ed.turn(second)
    assert s.to_act() == [sec]
    assert s.data["frames"][-1] == {
        "t": "act",
        "seat": sec,
        "left": ["A", "B", "C"],
        "k": 3,
        "used": {"pg": 0, "cg": 0, "dis": 0},
    }
    assert s.game.load_position(s.position()).data == s.data


def test_program_set_by_hand_is_played_in_the_action_phase():
    s = after_setup(seed=2)
    with edit(s) as ed:
        ed.phase("tweets")
        for who in range(4):
            h = s.data["hands"][who]
            ed.program(who, A=h[0], B=h[1], C=h[2])
    d = s.data
    assert d["phase"] == "action"
    seat = d["frames"][-1]["seat"] if d["frames"][-1]["t"] == "act" else None
    if seat is not None:
        assert sorted(d["frames"][-1]["left"]) == ["A", "B", "C"]
        assert any(a.kind == "resolve" for a in s.legal_actions(seat))


# -- auto-finishing: one rule (RULES-NOTES.md "Auto-finishing") ---------------------------------------------
def test_programming_ends_by_itself_and_then_explains_why():
    # Phase 4: "Each player must, if possible, place three or four cards": with 3 cards in hand the program
    # ends by itself after slot C ('done' would be the only choice) -- and 'program done' then says so
    s = after_setup(seed=4)
    with edit(s) as ed:
        ed.phase("programming")
    d = s.data
    seat = d["track"][0]
    keep = d["hands"][seat][:3]
    with edit(s) as ed:
        for c in list(d["hands"][seat][3:]):
            ed.move(c, "deck")
        ed.phase("programming")
    for slot, c in zip("ABC", keep, strict=True):
        s.apply(s.parse(f"program {slot} {c}", seat))
    assert seat not in s.to_act()
    assert any("Your program is complete" in text for _, text in s.log_lines(seat)[-3:])
    # nothing is left to decide, so a later 'program done' is not this seat's decision (as after an Action
    # turn that ended by itself)
    with pytest.raises(IllegalAction):
        s.apply(s.parse("program done", seat))


def test_programming_ends_by_itself_when_the_fourth_card_is_unaffordable():
    # the fourth card costs 1 resource for a player who is not a Gray Eminence (Phase 4): with an empty
    # Box of Secrets 'done' is the only choice left after slot C, so the program ends by itself
    s = after_setup(seed=4)
    eye = s.data["track"][0]
    with edit(s) as ed:
        ed.resources(eye, money=0, power=0, influence=0)
        ed.phase("programming")
    h = s.data["hands"][eye]
    assert len(h) >= 4
    for slot, c in zip("ABC", list(h[:3]), strict=True):
        s.apply(s.parse(f"program {slot} {c}", eye))
    assert eye not in s.to_act()


def test_an_action_turn_ends_by_itself_unless_a_refreshed_faction_is_left():
    # Phase 6: the turn ends once the programmed cards are resolved -- unless the player may still exhaust a
    # Refreshed Faction ("You may exhaust any refreshed Faction cards"), then it ends with 'done'
    for refreshed in (False, True):
        s = after_setup(seed=6)
        d = s.data
        eye = d["track"][0]
        fac = d["decks"]["faction"][-1]
        with edit(s) as ed:
            for fc in list(d["facs"][eye]):
                ed.move(fc[0], "deck")
            ed.move(fac, "mat", who=eye, refreshed=refreshed)
            ed.phase("programming")
            h = d["hands"][eye]
            ed.program(eye, A=h[0], B=h[1], C=h[2])
            ed.phase("action")
        assert s.data["frames"][-1] == {
            "t": "act",
            "seat": eye,
            "left": ["A", "B", "C"],
            "k": 3,
            "used": {"pg": 0, "cg": 0, "dis": 0},
        }
        prog = s.data["prog"][eye]
        for slot, purpose in (("A", "common"), ("B", "personal"), ("C", "discard")):
            s.apply(s.parse(f"resolve {prog[slot]} {purpose}", eye))
            while s.data["frames"] and s.data["frames"][-1]["t"] == "fx":
                x = s.to_act()[0]
                s.apply(s.legal_actions(x)[0])
        mine = [f for f in s.data["frames"] if f["t"] == "act" and f["seat"] == eye]
        if refreshed:
            assert mine and {a.kind for a in s.legal_actions(eye)} == {"exhaust", "done"}
        else:
            assert not mine
            with pytest.raises(IllegalAction):
                s.apply(s.parse("done", eye))


# -- the analysis view lists the hidden zones; a seat's view never does -------------------------------------
def test_the_analysis_view_lists_every_hidden_zone_in_order():
    s = after_setup()
    with edit(s) as ed:
        ed.stack("action", ["A01", "A02"])
        ed.move("A03", "discard", face_down=True)
        ed.phase("bidding")
    zones = s.view(OMNISCIENT)["hidden"]
    h = {z["zone"]: z for z in zones}
    d = s.data
    assert h["Action deck"]["cards"] == list(reversed(d["decks"]["action"]))
    assert h["Action deck"]["cards"][:2] == ["A01", "A02"]
    for k, name in (("faction", "Faction"), ("secret", "Secret Objective"), ("tweet", "Tweet"),
                    ("event", "Event")):
        assert h[f"{name} deck"]["cards"] == list(reversed(d["decks"][k]))
    assert h["Escalation box"]["cards"] == d["box_esc"]
    face_down = h["Action discard pile (face down)"]
    assert face_down["cards"] == ["A03"] and face_down["depth"] == [0]
    assert face_down["names"] == [s.game.cards.name("A03")]
    assert {f"{who}'s hand" for who in ("Red", "Blue", "Green", "Yellow")} <= set(h)
    for seat in range(4):
        v = s.view(seat)
        assert v["hidden"] is None and v["omniscient"] is None
        text = repr(v)
        for other in range(4):
            if other != seat:
                for c in d["hands"][other]:
                    if c not in d["known"].get(str(seat), []):
                        assert f"'{c}'" not in text
        for c in d["decks"]["action"]:
            assert f"'{c}'" not in text


def test_sealed_choices_appear_only_in_the_analysis_view():
    s = after_setup()
    with edit(s) as ed:
        ed.phase("bidding")
        ed.resources("Red", money=3)
    s.apply(s.parse("bid money 2", 0))
    assert s.view(OMNISCIENT)["omniscient"]["sealed"] == {"Red": [2]}
    assert s.view(1)["seats"][0]["bid"] is None and s.view(1)["omniscient"] is None


def test_the_other_fields_round_trip_too():
    s = after_setup()
    g = s.game
    d = s.data
    red_secret = d["secret"][0][0]
    with edit(s) as ed:
        ed.phase("tweets")  # (the programs of this round are set by hand below)
        ed.roles(public_eye="Green", shadows="Red")
        ed.public_objective("Blue", done=True)
        h = list(d["hands"][1])
        ed.program("Blue", A=h[0], B=h[1], C=h[2], D=h[3], side="personal")
        ed.move(red_secret, "secret", who="Red", exposed=True)
        ed.move(d["decks"]["secret"][-1], "completed", who="Yellow")
        fac = d["decks"]["faction"][-1]
        ed.move(fac, "mat", who="Yellow")
        ed.faction(fac, refreshed=False)
        ed.move("X02", "box")
        ed.move(d["hands"][2][0], "discard", face_down=True)
    done = d["done"][3][-1]
    for st in (s, g.load_position(s.position())):
        v = st.view(3)
        assert v["seats"][2]["role"] == "public_eye" and v["seats"][0]["role"] == "shadows"
        assert v["seats"][1]["public_objective"]["done"] is True
        # the program is face down: Yellow sees four cards, not which
        assert v["seats"][1]["programmed_count"] == 4 and v["seats"][1]["program"] is None
        assert red_secret in v["seats"][0]["exposed"]
        assert done in [c["id"] for c in v["seats"][3]["completed"]]
        assert {"id": fac, "name": g.cards.name(fac), "refreshed": False} in v["seats"][3]["factions"]
        assert v["action_discard_face_down"] == 1 and v["face_down_discards"] == []
        want = {"A": h[0], "B": h[1], "C": h[2], "D": h[3], "side": "personal"}
        assert st.view(1)["seats"][1]["program"] == want
        box = {z["zone"]: z["cards"] for z in st.view(OMNISCIENT)["hidden"]}["Escalation box"]
        assert "X02" in box
