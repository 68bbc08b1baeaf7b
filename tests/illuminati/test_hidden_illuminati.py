"""Advanced rules (p.9): Hidden Illuminati with accusations, a very long game; a teacher forcing a roll."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.errors import EngineError
from illumi_widgets.engine.testing import check_no_leak, random_games
from illumi_widgets.games.illuminati.scene import illuminati_scene
from illumi_widgets.games.illuminati.setup import pass_talk

from ..world_checks import seat_view_worlds

NAMES = {"bavarian-illuminati": "Bavarian Illuminati", "network": "Network", "gnomes-of-zurich": "Gnomes",
         "ufos": "UFOs", "discordian-society": "Discordian", "bermuda-triangle": "Bermuda",
         "servants-of-cthulhu": "Cthulhu", "society-of-assassins": "Assassins"}


def _shown(state, seat, since=0) -> str:
    """Everything ``seat`` is shown: its view (the log since ``since``) and the scene drawn from it."""
    view = state.view(seat, log_tail=len(state.log) - since)
    return json.dumps(view) + json.dumps(illuminati_scene(view, state.game))


def _assert_hidden(state, owner, ill, since=0):
    """(``since``: hand-set tables log the Illuminati of the original deal before the edit)"""
    for seat in [*range(state.game.players), None]:
        if seat == owner:
            continue
        text = _shown(state, seat, since)
        assert ill not in text and NAMES[ill] not in text, (seat, ill)


def test_option_is_validated():
    with pytest.raises(EngineError, match="hidden_illuminati must be True or False"):
        load_game("illuminati", players=3, hidden_illuminati="yes")


def test_nobody_else_sees_a_face_down_illuminati():
    g = load_game("illuminati", players=3, hidden_illuminati=True)
    state = g.new_state(seed=5)
    d = state.data
    # everyone writes down a goal, so the step does not single out the UFOs; the others have one choice
    for s in range(3):
        assert state.to_act() == [s] and state.view(s)["decisions"][0]["prompt"].endswith("secret goal")
        opts = state.legal_actions()
        assert len(opts) == (7 if d["illum"][s] == "ufos" else 1)
        state.apply(opts[0])
    for _ in range(60):  # some play: attacks by Illuminati, transfers, income lines
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[len(state.legal_actions()) // 3])
        for s in range(3):
            if not d["revealed"][s]:  # a correct accusation turns a card face-up
                _assert_hidden(state, s, d["illum"][s])
        check_no_leak(state)
    own = state.view(0)["seats"][0]
    assert own["illuminati"] == d["illum"][0] and own["face_down"]
    other = state.view(0)["seats"][1]
    assert other["illuminati"] == "hidden-blue" and other["illuminati_name"] is None
    assert other["goal"] == "secret"
    assert state.view("omniscient")["seats"][1]["illuminati"] == d["illum"][1]


def test_a_correct_accusation_turns_the_card_face_up(table):
    state, g, edit = table(hidden_illuminati=True)
    since = len(state.log)
    assert "accuse blue the-net" in state.legal_actions()
    assert "accuse blue bavarians" not in state.legal_actions()  # Red knows its own card
    assert "your own" in state.explain("accuse blue bavarians")
    _assert_hidden(state, 1, "network", since)
    state.apply("accuse blue the-net")
    d = state.data
    assert d["revealed"][1] and d["acts"] == 1  # one of the two actions (p.9)
    view = state.view(2)
    assert view["seats"][1]["illuminati"] == "network" and "correct" in view["log"][-1]
    assert "face-up" in state.explain("accuse blue the-net")
    _assert_hidden(state, 2, "gnomes-of-zurich", since)
    check_no_leak(state, since)


def test_a_wrong_accusation_has_no_effect_but_costs_the_action(table):
    state, g, edit = table(hidden_illuminati=True)
    since = len(state.log)
    state.apply("accuse green discordians")
    d = state.data
    assert not d["revealed"][2] and d["acts"] == 1 and "wrong" in state.view(1)["log"][-1]
    state.apply("accuse green cthulhu")
    assert d["acts"] == 0
    assert "two actions" in state.explain("accuse green gnomes")
    _assert_hidden(state, 2, "gnomes-of-zurich", since)


def test_accusations_need_the_option(table):
    state, g, edit = table()
    assert "Hidden Illuminati" in state.explain("accuse blue the-net")
    assert not any(a.kind == "accuse" for a in state.legal_actions())


def test_identified_ufos_keep_their_goal_secret(table):
    # p.9: "once the UFOs are identified, they are played face-up, but their true Goal remains unknown!"
    state, g, edit = table(illuminati=("network", "ufos", "gnomes-of-zurich"), hidden_illuminati=True)
    state.data["goals"][1] = "goal-weird5"
    state.apply("accuse blue saucers")
    seat = state.view(0)["seats"][1]
    assert seat["illuminati"] == "ufos" and seat["goal"] == "secret"
    assert "goal-weird5" not in json.dumps(state.view(0))


def test_discordian_immunity_refusal_does_not_name_a_face_down_card(table):
    state, g, edit = table(illuminati=("network", "discordian-society", "gnomes-of-zurich"),
                           hidden_illuminati=True)
    with edit() as t:
        t.give(0, "fbi")  # Government, Straight
        t.give(1, "cia")
    msg = state.explain("attack fbi control cia")
    assert "that power structure" in msg and "Discordian" not in msg


def test_the_search_bot_world_keeps_the_seat_view():
    g = load_game("illuminati", players=4, hidden_illuminati=True)
    state = g.new_state(seed=9)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    seat_view_worlds(state, 0, 4)


def test_random_games_with_hidden_illuminati_and_hidden_goals():
    stats = random_games(load_game("illuminati", players=3, hidden_illuminati=True, hidden_goals=True),
                         games=2, seed=12, max_decisions=150, replay_every=50)
    assert stats.games == 2


# -- a very long game (p.9) -------------------------------------------------------------------------------
def test_very_long_game_ignores_goals_and_scores_power_when_nothing_is_left(table):
    state, g, edit = table(very_long_game=True)
    with edit() as t:
        for grp in ("mafia", "cia", "fbi", "kgb", "texas"):
            t.add(1, grp)
        t.add(0, "yuppies")
        t.uncontrolled("boy-sprouts")
    assert g.basic_goal_met(state.data, 1) is False
    state.play("done", "done")
    pass_talk(state)
    assert not state.is_terminal()  # an uncontrolled group is left
    with edit() as t:
        t.take("boy-sprouts")
        t.d["box"].append("boy-sprouts")
    state.play("done", "done")
    res = state.outcome()
    assert res["reason"] == "score"
    mine = ("network", "mafia", "cia", "fbi", "kgb", "texas")
    assert res["scores"]["1"] == g.long_score(state.data, 1) == sum(g.power(x) for x in mine) + 6
    assert res["winners"] == [1]


# -- a teacher forces the dice in analysis (auto_chance=False) ----------------------------------------------
def test_teacher_forces_an_attack_roll(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
    state.auto_chance = False
    state.play("attack bavarian-illuminati control cia", "pass", "pass", "pass")
    assert state.to_act() == [-1]
    assert state.legal_actions(-1).notations() == [f"roll {n}" for n in range(2, 13)]
    state.apply("roll 11")  # forced: automatic failure (p.5)
    assert state.data["last_attack"]["roll"] == 11 and not state.data["last_attack"]["ok"]
    state.undo()
    state.apply("roll 3")
    assert state.data["last_attack"]["ok"]
