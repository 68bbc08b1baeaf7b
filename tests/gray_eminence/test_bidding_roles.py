"""Setup, Bidding, placement and role activation (rulebook "Game Setup", Phase 3; RULINGS "Bidding",
"Blackmail", "Players")."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import EngineError
from illumi_widgets.games.gray_eminence import model as M
from illumi_widgets.games.gray_eminence import phases as P


def test_players_three_to_five_from_the_visibility_track():
    # RULINGS "Players: 3–5": the track has five positions
    for n in (3, 4, 5):
        assert load_game("gray-eminence", players=n).players == n
    for n in (2, 6):
        with pytest.raises(EngineError):
            load_game("gray-eminence", players=n)
    for alias in ("gray_eminence", "grayeminence"):
        assert load_game(alias, players=3).name == "gray-eminence"


def test_every_scenario_and_both_lengths_load():
    for scen in ("eu", "ecology", "latam", "mideast", "global"):
        for length, rounds in (("standard", 5), ("long", 8)):
            g = load_game("gray-eminence", players=4, scenario=scen, length=length)
            st = g.new_state(seed=2)
            assert st.data["rounds"] == rounds
            assert sorted(st.data["rel"]) == sorted(g.scenario["entities"])
    with pytest.raises(EngineError, match="scenario"):
        load_game("gray-eminence", players=4, scenario="mars")
    with pytest.raises(EngineError, match="length"):
        load_game("gray-eminence", players=4, length="epic")


def test_setup_as_printed(table):
    # Setup 2: Bidding Pool 1 of each; 3: meeples in random order; 5: Gray Eminence choice as a decision;
    # 6: three Secret Objectives, keep two; 7: scenario relationship markers
    t = table(players=4, scenario="latam", seed=7)
    assert t.d["pool"] == [1, 1, 1]
    assert sorted(M.order(t.d)) == [0, 1, 2, 3]
    assert t.d["track"][0] is not None and t.d["track"][4] is not None
    assert t.top() == "eminence" and t.state.to_act() == [M.order(t.d)[0]]
    first = M.order(t.d)[0]
    t.play(first, "eminence G01")
    ge = t.game.cards.eminences["G01"]
    assert t.d["box"][first] == [ge["start"].get(r, 0) for r in M.RES]
    assert [fc[0] for fc in t.d["facs"][first]] == ge["factions"]
    assert "eminence G01" not in t.state.legal_actions().notations()  # taken
    t.to_step("keep")
    s = t.state.to_act()[0]
    assert len(t.d["frames"][-1]["cards"]) == 3
    t.state.apply(t.first())
    t.state.apply(t.first())
    assert len(t.d["secret"][s]) == 2
    assert t.d["rel"] == t.game.scenario["relations"]
    t.to_phase("refresh")
    assert all(len(x) == 2 for x in t.d["secret"])


def test_bidding_example_exactly():
    # RULINGS "Bidding": the worked example must come out as printed: Wyrm, Greg, Tony, Andrea, David
    names = ["Greg", "Wyrm", "Tony", "David", "Andrea"]
    d = {"track": [0, 1, 2, 3, 4], "n": 5}  # Tony is higher on the track than Andrea
    bids = {"0": [3, 0, 1], "1": [0, 1, 4], "2": [2, 2, 0], "3": [0, 0, 0], "4": [0, 2, 2]}
    assert [names[s] for s in P.bid_order(d, bids)] == ["Wyrm", "Greg", "Tony", "Andrea", "David"]


def test_bidding_example_played_through_sealed_bids(table):
    t = table(players=5, seed=3)
    t.to_step("bid")
    names = {}
    order = M.order(t.d)
    # give every seat the resources of the example and name them in track order Greg, Wyrm, Tony, David, Andrea
    ex = {"Greg": [3, 0, 1], "Wyrm": [0, 1, 4], "Tony": [2, 2, 0], "David": [0, 0, 0], "Andrea": [0, 2, 2]}
    with t.state.edit():
        for who, s in zip(ex, order, strict=True):
            names[s] = who
            t.set_box(s, [5, 5, 5])
    since = len(t.state.log)
    for s in order:
        for r, n in zip(M.RES, ex[names[s]], strict=True):
            t.play(s, f"bid {r} {n}")
        if s != order[-1]:
            # sealed: nobody else sees the bid, the log only says it was sealed
            other = order[(order.index(s) + 1) % 5]
            assert t.state.view(other)["seats"][s]["bid"] is None
            assert t.state.view(other)["seats"][s]["committed"] is True
    assert t.d["last"]["bid_order"] == [order[1], order[0], order[2], order[4], order[3]]
    assert "Placement choice order: " in t.log_text(None, since)
    assert t.d["pool"] == [1 + 5, 1 + 5, 1 + 7]  # all bids go to the Bidding Pool


def test_placement_keeps_a_public_eye_and_a_shadows_player(table):
    t = table(players=3, seed=5)
    t.to_step("place")
    f = t.d["frames"][-1]
    first = f["order"][0]
    t.play(first, "place gray1")
    second = t.d["frames"][-1]["order"][0]
    # two players left and two required positions empty: only those are offered
    assert sorted(a.args[0] for a in t.state.legal_actions(second)) == ["eye", "shadows"]
    assert "need-eye-and-shadows" == t.state.why_illegal(t.state.parse("place gray2", second)).code
    t.play(second, "place shadows")
    third = t.d["frames"][-1]["order"][0]
    assert [a.args[0] for a in t.state.legal_actions(third)] == ["eye"]


def _roles_table(table, players=4, seed=11):
    t = table(players=players, seed=seed)
    t.to_step("place")
    return t


def test_role_activation_public_eye(table):
    # Phase 3 "In the Public Eye": draw a Faction, expose a Secret Objective, gain 1 resource
    t = _roles_table(table)
    t.drive(lambda x: x.top() in ("expose", "drop"))
    eye = t.d["track"][0]
    assert t.top() in ("expose", "drop")
    if t.top() == "drop":
        t.state.apply(t.first())
    since = len(t.state.log)
    before = list(t.d["box"][eye])
    x = t.d["secret"][eye][0]
    t.play(eye, f"expose {x}")
    assert x in t.d["exposed"]
    assert t.game.cards.name(x) in t.log_text(None, since)  # face up for everyone
    assert sorted(a.args[0] for a in t.state.legal_actions(eye)) == ["influence", "money"]
    t.play(eye, "gain money")
    assert t.d["box"][eye][0] == before[0] + 1


def test_role_activation_gray_eminence_and_free_fourth_card(table):
    t = _roles_table(table)
    t.to_step("rolegain")
    t.drive(lambda x: x.top() == "rolegain" and M.role(x.d, x.d["frames"][-1]["seat"]) == "gray_eminence")
    s = t.d["frames"][-1]["seat"]
    assert sorted(a.args[0] for a in t.state.legal_actions(s)) == ["influence", "money", "power"]
    t.to_step("program")
    eye = t.d["track"][0]
    # It pays to be Gray: a fourth card without payment; others must name the resource they pay
    gray_d = [a for a in t.state.legal_actions(s) if a.args and a.args[0] == "D"]
    assert gray_d == []  # slots A–C first
    for slot in "ABC":
        t.state.apply(next(a for a in t.state.legal_actions(s) if a.args[0] == slot))
    fourth = [a for a in t.state.legal_actions(s) if a.args[0] == "D"]
    assert fourth and all(len(a.args) == 3 for a in fourth)
    for slot in "ABC":
        t.state.apply(next(a for a in t.state.legal_actions(eye) if a.args[0] == slot))
    eye_fourth = [a for a in t.state.legal_actions(eye) if a.args[0] == "D"]
    assert all(len(a.args) == 4 for a in eye_fourth)


def _to_blackmail(table, seed=11):
    t = table(players=4, seed=seed)
    t.to_step("blackmail")
    return t


def test_blackmail_only_against_a_player_with_a_faction(table):
    t = _to_blackmail(table)
    sh = t.d["track"][4]
    targets = {a.args[0] for a in t.state.legal_actions(sh)}
    assert targets == {s for s in range(4) if s != sh and t.d["facs"][s]}
    victim = next(s for s in range(4) if s != sh and not t.d["facs"][s]) if any(
        not t.d["facs"][s] for s in range(4) if s != sh) else None
    if victim is not None:
        err = t.state.why_illegal(t.state.parse(f"blackmail {victim} F01", sh))
        assert err is not None


def test_blackmail_comply_keeps_the_faction_state(table):
    t = _to_blackmail(table)
    sh = t.d["track"][4]
    a = t.state.legal_actions(sh)[0]
    target, fid = a.args
    with t.state.edit():
        for fc in t.d["facs"][target]:
            fc[1] = False  # exhausted
    a = t.state.parse(f"blackmail {target} {fid}", sh)
    t.state.apply(a)
    t.play(target, "comply")
    assert [fid, False] in t.d["facs"][sh]
    assert all(fc[0] != fid for fc in t.d["facs"][target])


@pytest.mark.parametrize("held,paid", [(5, 2), (1, 1), (0, 0)])
def test_blackmail_refused_resource_penalty(table, held, paid):
    # "they must give you two of that resource (or one if they only have one)"; none: skulk away
    t = _to_blackmail(table)
    sh = t.d["track"][4]
    target, fid = t.state.legal_actions(sh)[0].args
    with t.state.edit():
        t.set_box(target, [held, 0, 0])
        t.set_box(sh, [0, 0, 0])
    t.state.apply(t.state.parse(f"blackmail {target} {fid}", sh))
    t.play(target, "refuse")
    assert t.state.to_act() == [sh]
    t.play(sh, "penalty money")
    assert t.d["box"][target][0] == held - paid and t.d["box"][sh][0] == paid


def test_blackmail_refused_secret_objective_is_shown_to_the_blackmailer_only(table):
    t = _to_blackmail(table)
    sh = t.d["track"][4]
    target, fid = t.state.legal_actions(sh)[0].args
    t.state.apply(t.state.parse(f"blackmail {target} {fid}", sh))
    t.play(target, "refuse")
    t.play(sh, "penalty objective")
    assert t.state.to_act() == [target]
    hidden = [x for x in t.d["secret"][target] if x not in t.d["exposed"]]
    shown = hidden[0]
    name = t.game.cards.name(shown)
    since = len(t.state.log)
    t.play(target, f"show {shown}")
    assert name in t.log_text(sh, since)
    third = next(s for s in range(4) if s not in (sh, target))
    assert name not in t.log_text(third, since) and name not in t.log_text(None, since)
    ids = [c["id"] for c in t.state.view(sh)["seats"][target]["secret_objectives"]]
    assert shown in ids
    assert shown not in [c["id"] for c in t.state.view(third)["seats"][target]["secret_objectives"]]


def test_shadows_take_from_the_bidding_pool(table):
    t = _to_blackmail(table)
    t.to_step("shadowtake")
    sh = t.d["track"][4]
    before = list(t.d["pool"])
    a = t.state.legal_actions(sh)[0]
    t.state.apply(a)
    r = M.RES.index(a.args[0])
    assert t.d["pool"][r] == before[r] - 1
