"""Goals, elimination and victory (pp.8, 11-13, 16)."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game


def _end_turn(state):
    state.play("done", "done")


def test_basic_goal_by_player_count():
    assert [load_game("illuminati", players=n).goal_groups for n in range(2, 9)] == [13, 13, 12, 10, 9, 8, 8]
    assert load_game("illuminati", players=4, goal_groups=15).goal_groups == 15  # longer game (p.9)


def test_basic_goal_wins_at_end_of_turn(table):
    state, g, edit = table(players=6)
    groups = ["cia", "fbi", "kgb", "mafia", "yuppies", "texas", "hackers", "kkk"]
    with edit() as t:
        for grp in groups:
            t.add(1, grp)
    assert len(g.groups_of(state.data, 1)) == 9
    _end_turn(state)  # Red's turn ends: Blue meets the goal at the end of someone else's turn (p.8)
    assert state.outcome()["winners"] == [1]


@pytest.mark.parametrize("ill,groups,extra", [
    ("bavarian-illuminati", ["mafia", "international-communist-conspiracy", "cia", "cfl-aio"], {}),
    ("society-of-assassins", ["mafia", "cia", "kgb", "kkk", "texas", "comic-books"], {}),
    ("discordian-society", ["hackers", "trekkies", "comic-books", "cycle-gangs", "flat-earthers"], {}),
    ("network", ["cia", "fbi", "kgb", "irs", "federal-reserve", "post-office", "hackers"], {}),
    ("gnomes-of-zurich", ["mafia"], {"mafia": 145}),  # 145 + 5 on the Illuminati
])
def test_special_goals(table, ill, groups, extra):
    state, g, edit = table(illuminati=("network" if ill != "network" else "ufos", ill, "servants-of-cthulhu"),
                           money=5)
    with edit() as t:
        for grp in groups:
            t.add(1, grp, money=extra.get(grp, 0))
    assert not g.basic_goal_met(state.data, 1)
    assert g.special_goal_met(state.data, 1)
    _end_turn(state)
    assert state.outcome()["winners"] == [1]


def test_bermuda_needs_all_ten_alignments(table):
    state, g, edit = table(illuminati=("network", "bermuda-triangle", "gnomes-of-zurich"))
    with edit() as t:
        t.add(1, "semiconscious-liberation-army")  # Criminal Violent Liberal Weird Communist
        t.add(1, "fbi")  # Government Straight
        t.add(1, "tv-preachers")  # Straight Fanatic
        t.add(1, "kkk")  # Conservative Violent
    assert not g.special_goal_met(state.data, 1)
    with edit() as t:
        t.add(1, "copy-shops")  # Peaceful
    assert g.special_goal_met(state.data, 1)


def test_cthulhu_counts_destroyed_groups(table):
    state, g, edit = table(illuminati=("network", "servants-of-cthulhu", "gnomes-of-zurich"))
    state.data["destroyed"][1] = 8
    assert g.special_goal_met(state.data, 1)


def test_ufo_goal_is_the_chosen_one(table):
    state, g, edit = table(illuminati=("network", "ufos", "gnomes-of-zurich"))
    with edit() as t:
        t.give(1, "mafia", money=150)
    assert not g.special_goal_met(state.data, 1)
    state.data["goals"][1] = "goal-money150"
    assert g.special_goal_met(state.data, 1)


def test_shared_victory(table):
    state, g, edit = table(illuminati=("network", "gnomes-of-zurich", "society-of-assassins"))
    with edit() as t:
        t.give(1, "mafia", money=150)
        for grp in ("cia", "kgb", "kkk", "texas", "comic-books", "cycle-gangs"):
            t.add(2, grp)
    _end_turn(state)
    assert state.outcome()["winners"] == [1, 2]


def test_elimination_after_the_third_turn(table):
    # p.8: only the Illuminati left after his third turn: eliminated, money to the bank
    state, g, edit = table(turns_done=2)
    with edit() as t:
        t.give(0, "cia")
        t.give(1, "yuppies")
        t.give(2, "fbi")
    state.apply("drop cia")
    assert state.data["alive"][0]  # not yet: Red is still in its third turn
    _end_turn(state)
    assert not state.data["alive"][0] and "bavarian-illuminati" in state.data["out"]
    assert state.data["active"] == 1


def test_hidden_goals_option():
    # p.9 Hidden Goals: every player writes down a goal; the UFOs get +1 Power
    g = load_game("illuminati", players=3, hidden_goals=True)
    state = g.new_state(seed=2)
    assert state.to_act() == [0]
    state.play("choose weird5", "choose weird5", "choose money150")
    d = state.data
    assert d["goals"] == ["goal-weird5", "goal-weird5", "goal-money150"]
    assert g.seat_goal(d, 2) == "goal-money150"
    assert g.view(d, 0)["seats"][2]["goal"] == "secret"
    assert g.power("ufos") == 7 and load_game("illuminati", players=3).power("ufos") == 6
    from illumi_widgets.engine.testing import check_no_leak

    check_no_leak(state)


def test_cthulhu_survives_its_last_group_when_it_reaches_the_goal(table):
    # p.8: Cthulhu destroying its own last group and so reaching eight is not eliminated: it wins
    state, g, edit = table(illuminati=("servants-of-cthulhu", "network", "gnomes-of-zurich"), turns_done=3)
    with edit() as t:
        t.give(0, "fbi")
        t.give(1, "yuppies")
        t.give(2, "kgb")
    state.data["destroyed"][0] = 7
    state.auto_chance = False
    state.apply("attack servants-of-cthulhu destroy fbi")
    state.play("pass", "pass", "pass", "roll 2")
    assert state.data["alive"][0] and state.data["destroyed"][0] == 8
    state.play("done", "done")
    assert state.outcome()["winners"] == [0]


def test_orbital_mind_control_lasers_change_an_alignment_for_the_turn(table):
    # groups.csv: add, remove or reverse one alignment of another group until the end of the turn;
    # Bermuda strategy (p.11): the Lasers can give the victory by changing an alignment at the right time
    state, g, edit = table(illuminati=("bermuda-triangle", "network", "gnomes-of-zurich"))
    with edit() as t:
        for grp in ("semiconscious-liberation-army", "fbi", "tv-preachers", "kkk",
                    "orbital-mind-control-lasers"):
            t.add(0, grp)
    assert not g.special_goal_met(state.data, 0)  # no Peaceful group
    assert "cannot add Violent" in state.explain("laser kkk add violent")
    state.apply("laser kkk reverse violent")  # Violent -> Peaceful, until the end of the turn
    assert g.aligns("kkk", state.data) == ("Conservative", "Peaceful")
    assert "one alignment per turn" in state.explain("laser fbi remove straight")
    assert g.special_goal_met(state.data, 0)
    state.play("done", "done", "done")  # actions, transfers, Bermuda's special-power step
    assert state.outcome()["winners"] == [0]


def test_lasers_affect_attack_modifiers_and_reset(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "orbital-mind-control-lasers")
        t.give(0, "mafia")
        t.uncontrolled("yuppies")  # Conservative
    state.apply("laser yuppies add criminal")
    state.apply("attack mafia control yuppies")
    tm = dict((k, v) for k, v in state.view()["attack"]["terms"])
    assert tm["same alignment (Criminal)"] == 4
    state.apply("call off")
    state.play("done", "done")
    assert g.aligns("yuppies", state.data) == ("Conservative",)


def test_recyclers_buy_an_extra_draw(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "recyclers", money=6)
        t.deck("cia")
    state.apply("recycle")
    assert "cia" in state.data["unc"] and state.data["money"]["recyclers"] == 1 and state.data["acts"] == 2
