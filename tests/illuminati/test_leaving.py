"""Leaving the Game (rules v3.2 p.8): "If a player drops out, his Groups go uncontrolled and their
treasuries go to the bank. His Illuminati card is taken out of play."  ``leave the game`` on the player's own
action step (READING in turn.py ``_check_leave``); random play and bots never choose it
(``Game.withdraw_kinds``)."""

from __future__ import annotations

from illumi_widgets.bots import RandomBot, SeatState
from illumi_widgets.engine import IllegalAction
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action


def test_leaving_frees_the_groups_banks_the_money_and_removes_the_illuminati(table):
    state, g, edit = table(players=3, money=20)
    with edit() as t:
        t.give(0, "cia", money=6)
        t.give(0, "kgb", master="cia", money=3)
        t.take("slush-fund")
        state.data["hands"][0] = ["slush-fund"]
    d = state.data
    ill = d["illum"][0]
    minted = d["minted"]
    others = sum(v for k, v in d["money"].items() if g.owner(d, k) != 0)
    assert "leave the game" in state.legal_actions(0)
    state.apply("leave the game")
    assert d["alive"] == [False, True, True]
    assert g.groups_of(d, 0) == [] and ill in d["out"] and ill not in d["money"]
    assert "cia" in d["unc"] and "kgb" in d["unc"]                 # puppets of puppets go uncontrolled too
    assert "cia" not in d["money"] and "kgb" not in d["money"]     # their treasuries went to the bank
    # all of Red's money went to the bank, the Illuminati's too (Blue's turn then began with its income)
    income = sum(d["money"].values()) - others
    assert d["minted"] == minted - (20 + 6 + 3) + income and income > 0
    assert "slush-fund" in d["discard"] and d["hands"][0] == []
    assert state.to_act() and 0 not in state.to_act()              # the game goes on without Red
    assert not g.problems(d)
    assert any("leaves the game" in str(x) for x in state.view(1)["log"])


def test_the_last_player_left_wins_and_leaving_round_trips(table):
    state, g, _ = table(players=2)
    state.apply("leave the game")
    assert state.is_terminal() and state.outcome()["winners"] == [1]
    again = g.load(state.record())
    assert again.position() == state.position()
    state.undo()
    assert state.data["alive"] == [True, True] and not state.is_terminal()


def test_leaving_only_on_your_own_action_step(table):
    state, g, _ = table(players=3)
    err = state.explain(g.act(1, "leave"))
    assert err is not None
    try:
        state.apply(g.act(1, "leave"))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a seat that is not on its action step left the game")
    assert all(state.data["alive"])


def test_random_play_and_bots_never_leave(table):
    state, g, _ = table(players=3)
    assert g.withdraw_kinds == {"leave"}
    rng = Rng(3)
    for _ in range(40):
        if "leave the game" in state.legal_actions():
            assert random_action(state, rng).kind != "leave"
            bot = RandomBot(state.to_act()[0], seed=1)
            assert bot.choose(SeatState(state, state.to_act()[0])).kind != "leave"
        state.apply(random_action(state, rng))
