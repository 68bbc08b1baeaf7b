"""Computer Espionage, Secrets Man Was Not Meant To Know and the Senate Investigating Committee
(specials.csv; rules p.8 "Special Cards")."""

from __future__ import annotations

import json

from illumi_widgets.engine.testing import check_no_leak
from illumi_widgets.games.illuminati.setup import pass_talk

SECRETS = "secrets-man-was-not-meant-to-know"
SENATE = "senate-investigating-committee"


def test_computer_espionage_shows_one_players_specials_to_the_player_only(table):
    state, g, edit = table()
    with edit() as t:
        t.special(0, "computer-espionage")
        t.special(1, "slush-fund")
        t.special(1, "bribery")
        t.special(2, "deep-agent")
    assert "play computer-espionage blue" in state.legal_actions()
    assert "play computer-espionage red" not in state.legal_actions()
    assert "another player" in state.explain("play computer-espionage red")
    since = len(state.log)
    state.apply("play computer-espionage blue")
    d = state.data
    assert "computer-espionage" in d["discard"] and d["acts"] == 2  # a free action (p.7)
    red = state.view(0)
    assert red["seats"][1]["known_specials"] == ["slush-fund", "bribery"]
    assert "Slush Fund" in red["log"][-1] and "Bribery" in red["log"][-1]
    assert "Slush Fund" not in state.view(1)["log"][-1]  # Blue learns that Red looked, not what it saw
    for seat in (2, None):
        text = json.dumps(state.view(seat))
        assert "Slush Fund" not in text and "slush-fund" not in text
    check_no_leak(state, since)
    # what Red saw stays known while Blue keeps the card; it can ask for it by name in a deal
    state.play("deal with blue")
    assert "ask slush-fund" in state.legal_actions() and "ask deep-agent" not in state.legal_actions()


def test_computer_espionage_is_played_on_the_own_action_step_only(table):
    state, g, edit = table()
    with edit() as t:
        t.special(1, "computer-espionage")
    state.play("done")  # Red's transfer step: Blue does not act
    assert state.to_act() == [0]
    assert "not Blue's decision" in state.explain(state.parse("play computer-espionage red", seat=1)) or \
        state.why_illegal(state.parse("play computer-espionage red", seat=1)).code == "not-your-decision"


def _secrets_table(table, **kw):
    state, g, edit = table(windows=True, **kw)
    with edit() as t:
        t.special(0, "slush-fund")
        t.special(1, SECRETS)
        t.special(2, "deep-agent")
    return state, g, edit


def _window(state) -> list:
    """The window's own options (gifts and deal openings are offered at every decision point too)."""
    return [a.notation() for a in state.legal_actions() if a.kind not in ("gift", "negotiate")]


def test_secrets_man_cancels_a_special_when_it_is_played(table):
    state, g, edit = _secrets_table(table)
    state.apply("play slush-fund")
    d = state.data
    assert state.to_act() == [1] and d["money"]["bavarian-illuminati"] == 20  # not yet paid
    assert _window(state) == [f"play {SECRETS} slush-fund", "pass"]
    assert "naming the Special it cancels" in state.explain(f"play {SECRETS} bribery")
    state.apply(f"play {SECRETS} slush-fund")
    assert d["money"]["bavarian-illuminati"] == 20 and d["discard"][-2:] == ["slush-fund", SECRETS]
    assert state.to_act() == [0] and d["frames"][-1]["t"] == "actions"
    assert not g.problems(d)


def test_everyone_holding_a_special_is_asked_and_passing_lets_the_card_act(table):
    state, g, edit = _secrets_table(table)
    state.apply("play slush-fund")
    assert state.to_act() == [1]
    state.apply("pass")
    assert state.to_act() == [2] and _window(state) == ["pass"]  # Green holds no Secrets
    state.apply("pass")
    assert state.data["money"]["bavarian-illuminati"] == 35


def test_no_secrets_window_once_secrets_man_is_discarded_or_nobody_holds_a_special(table):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(0, "slush-fund")
    state.apply("play slush-fund")  # no other player holds a Special: no one to ask
    assert state.data["money"]["bavarian-illuminati"] == 35 and state.to_act() == [0]


def test_secrets_man_cannot_be_played_on_its_own(table):
    state, g, edit = _secrets_table(table)
    with edit() as t:
        t.special(0, SECRETS)
    assert f"play {SECRETS}" not in state.legal_actions()
    assert "when another Special is played" in state.explain(f"play {SECRETS}")


def test_secrets_man_cancels_bribery_and_the_action_is_spent(table):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(0, "bribery")
        t.special(2, SECRETS)
        t.uncontrolled("cia")
    state.apply("bribe cia to bavarian-illuminati east")
    assert state.to_act() == [2]
    state.apply(f"play {SECRETS} bribery")
    d = state.data
    assert "cia" in d["unc"] and d["acts"] == 1 and "bribery" in d["discard"]


def test_secrets_man_cancels_a_dice_special(table):
    state, g, edit = table(windows=True, dice_specials=True)
    with edit() as t:
        t.special(1, "assassination")
        t.special(2, SECRETS)
        t.uncontrolled("cia")
        t.take("murphys-law")
        state.data["discard"].append("murphys-law")
    state.auto_chance = False
    state.play("attack bavarian-illuminati control cia", "pass", "pass", "pass", "roll 12")
    assert state.data["frames"][-1]["t"] == "react"
    state.play("pass")  # Red
    state.apply("play assassination")  # Blue: the roll would count as 2
    assert state.to_act() == [2]
    state.apply(f"play {SECRETS} assassination")
    state.play("pass")  # Green's own reaction turn in the dice window
    d = state.data
    assert d["last_attack"]["roll"] == 12 and not d["last_attack"]["ok"]


def test_secrets_man_against_two_specials_discarded_to_abolish_privilege(table):
    # p.8: cancelling one of the two cards discarded against a privilege: the other one is lost unless the
    # player can replace it
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(0, "swiss-bank-account")
        t.special(1, "slush-fund")
        t.special(1, "bribery")
        t.special(1, "market-manipulation")
        t.special(2, SECRETS)
        t.uncontrolled("cia")
    state.play("attack bavarian-illuminati control cia", "privilege discard swiss-bank-account")
    state.play("pass", "pass")  # the Secrets window on the privilege: Blue, Green pass
    assert state.data["frames"][-2]["priv"] and state.data["frames"][-1]["t"] == "counter"
    state.apply("abolish slush-fund bribery")  # Blue
    assert state.to_act() == [2]  # Green may cancel one (Red too would be asked if it held a Special)
    state.apply(f"play {SECRETS} bribery")
    assert state.to_act() == [1] and state.data["frames"][-1]["t"] == "replace"
    assert state.legal_actions().notations() == ["replace market-manipulation", "pass"]
    state.apply("replace market-manipulation")
    att = state.data["frames"][-1]
    assert att["t"] == "attack" and not att["priv"] and att["abolished"]
    assert not g.problems(state.data)


def test_a_cancelled_abolition_not_replaced_leaves_the_privilege(table):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(0, "swiss-bank-account")
        t.special(1, "slush-fund")
        t.special(1, "bribery")
        t.special(2, SECRETS)
        t.uncontrolled("cia")
    state.play("attack bavarian-illuminati control cia", "privilege discard swiss-bank-account",
               "pass", "pass")
    state.play("abolish slush-fund bribery", f"play {SECRETS} slush-fund")
    assert state.to_act() == [2] and state.data["frames"][-1]["t"] == "counter"  # Blue has nothing left
    state.apply("pass")
    att = state.data["frames"][-1]
    assert att["t"] == "attack" and att["priv"]


def _senate_table(table, holder=0):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(holder, SENATE)
        t.uncontrolled("fbi")
        t.uncontrolled("kgb")
        t.deck("cia", "yuppies")  # yuppies on top
    return state, g, edit


def test_senate_investigating_committee_skips_the_next_players_turn(table):
    state, g, edit = _senate_table(table)
    assert f"play {SENATE}" not in state.legal_actions()
    assert "start of another player's turn" in state.explain(f"play {SENATE}")
    state.play("done", "done")  # Red ends its turn; Blue's turn starts: Red is asked first
    d = state.data
    assert state.to_act() == [0] and d["frames"][-1]["t"] == "senate" and d["active"] == 1
    assert d["money"]["network"] == 20  # before income
    state.apply(f"play {SENATE}")
    assert d["money"]["network"] == 20 and "yuppies" not in g.groups_of(d, 1)
    assert d["deck"] == ["cia"] and "yuppies" in d["unc"]  # Blue drew nothing; Green drew the top card
    assert d["frames"][-1]["t"] == "talk"  # Green's table-talk window: Red and Blue may give first
    pass_talk(state)
    assert d["turns"][1] == 1 and d["active"] == 2 and state.to_act() == [2]
    assert d["money"]["gnomes-of-zurich"] == 20 + 12  # Green's turn began normally
    assert not g.problems(d)


def test_senate_window_passed_the_turn_begins_as_usual(table):
    state, g, edit = _senate_table(table)
    state.play("done", "done", "pass")
    d = state.data
    assert d["active"] == 1 and d["money"]["network"] == 29 and d["hands"][1] == []
    assert {"cia", "yuppies"} <= set(d["unc"]) and not d["deck"]  # the Network draws two


def test_secrets_man_cancels_the_senate_investigating_committee(table):
    state, g, edit = _senate_table(table)
    with edit() as t:
        t.special(1, SECRETS)
    state.play("done", "done", f"play {SENATE}")
    assert state.to_act() == [1]
    state.apply(f"play {SECRETS} {SENATE}")
    pass_talk(state)
    d = state.data
    assert d["active"] == 1 and d["money"]["network"] == 29 and d["frames"][-1]["t"] == "actions"
