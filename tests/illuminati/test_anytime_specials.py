"""The "any time" Specials (specials.csv timing; p.8 "Some may be used at any time"): Slush Fund, Swiss Bank
Account, Media Campaign, White Collar Crime and Computer Espionage, played by their holder at each of its
decision points, as gifts are given (the table-talk window, attack bidding, the dice window, the Secrets Man
and Senate windows), also while a privileged attack is under way; Secrets Man may cancel them."""

from __future__ import annotations

import json

from illumi_widgets.engine.testing import check_no_leak

SECRETS = "secrets-man-was-not-meant-to-know"
SENATE = "senate-investigating-committee"
ESPIONAGE = "computer-espionage"


def _bank(d):
    """Money in play and the bank's net payout: equal at all times (conserved except bank flows)."""
    return sum(d["money"].values()), d["minted"]


def test_slush_fund_in_the_table_talk_window(table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.special(2, "slush-fund")
    to_blues_talk(state)
    d = state.data
    total, minted = _bank(d)
    assert "play slush-fund" in state.legal_actions()
    state.apply("play slush-fund")
    assert d["money"]["gnomes-of-zurich"] == 35 and d["discard"][-1] == "slush-fund"
    assert _bank(d) == (total + 15, minted + 15)  # only the bank's 15 MB are new
    # the window goes on: Green still decides, Blue's turn is untouched
    assert d["frames"][-1]["t"] == "talk" and state.to_act() == [2] and d["acts"] == 2 and not d["busy"]
    assert "play slush-fund" not in state.legal_actions()
    assert not g.problems(d)


def test_swiss_bank_account_in_the_dice_window_of_a_privileged_attack(table):
    # READING: p.7-8 forbid giving or exchanging Specials during a privileged attack, not playing them
    state, g, edit = table(dice_specials=True)
    with edit() as t:
        t.uncontrolled("cia")
        t.special(0, "bribery")
        t.special(1, "swiss-bank-account")
    state.auto_chance = False
    state.play("attack bavarian-illuminati control cia", "privilege discard bribery")
    d = state.data
    assert d["frames"][-1]["t"] == "counter" and state.to_act() == [1]
    assert "play swiss-bank-account" in state.legal_actions()  # the window against the privilege too
    state.play("pass", "pass", "pass", "roll 7")  # Blue, Green; Red; the dice
    assert d["frames"][-1]["t"] == "react" and state.to_act() == [0]
    state.apply("pass")
    assert state.to_act() == [1]
    assert "privileged attack" in state.explain("give swiss-bank-account to green")
    total, minted = _bank(d)
    state.apply("play swiss-bank-account")
    assert d["money"]["network"] == 45 and _bank(d) == (total + 25, minted + 25)
    assert d["frames"][-1]["t"] == "react" and state.to_act() == [1]  # Blue still answers the dice
    assert "play swiss-bank-account" not in state.legal_actions()
    state.play("pass", "pass")
    assert d["frames"][-1]["t"] == "actions" and not g.problems(d)


def test_media_campaign_in_the_window_against_a_privilege(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
        t.special(0, "bribery")
        t.special(1, "media-campaign")
        t.take("kgb")
        state.data["dead"].append("kgb")
    d = state.data
    state.play("attack bavarian-illuminati control cia", "privilege discard bribery")
    assert d["frames"][-1]["t"] == "counter" and state.to_act() == [1]
    total, minted = _bank(d)
    state.apply("play media-campaign kgb")
    assert "kgb" in d["unc"] and "kgb" not in d["dead"] and "media-campaign" in d["discard"]
    assert _bank(d) == (total, minted)
    # the privilege stands and Blue is still asked about it
    assert d["frames"][-1]["t"] == "counter" and state.to_act() == [1] and d["frames"][-2]["priv"]
    assert not g.problems(d)


def test_white_collar_crime_by_a_third_player_in_attack_bidding(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
        t.give(1, "kgb", money=3)
        t.special(1, "white-collar-crime")
    d = state.data
    state.play("attack bavarian-illuminati control cia", "spend 2 from bavarian-illuminati")
    assert state.to_act() == [1] and "play white-collar-crime kgb" in state.legal_actions()
    total, minted = _bank(d)
    state.apply("play white-collar-crime kgb")
    assert d["money"]["kgb"] == 8 and _bank(d) == (total + 5, minted + 5)
    assert d["frames"][-1]["t"] == "redistribute" and state.to_act() == [1]
    state.play("transfer 8 from kgb to network", "transfer 5 from network to kgb", "done")
    assert d["money"]["kgb"] == 5 and d["money"]["network"] == 23 and _bank(d) == (total + 5, minted + 5)
    # back in the bidding, Blue's decision again; its play was no bid (Red's attack is unchanged)
    assert d["frames"][-1]["t"] == "attack" and state.to_act() == [1] and d["acts"] == 1
    state.apply("assist 3")
    assert not g.problems(d)


def test_computer_espionage_in_the_senate_window(table):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(2, ESPIONAGE)
        t.special(0, "slush-fund")
        d = state.data
        d["discard"].append(SECRETS)
        t.take(SECRETS)
    since = len(state.log)
    state.play("done", "done")  # Blue's turn: Green and Red hold Specials and are asked about the Senate
    assert d["frames"][-1]["t"] == "senate" and state.to_act() == [2]
    state.apply(f"play {ESPIONAGE} red")
    assert d["frames"][-1]["t"] == "senate" and state.to_act() == [2]
    assert "Slush Fund" in state.view(2)["log"][-1] and "Slush Fund" not in json.dumps(state.view(1)["log"])
    check_no_leak(state, since)


def test_secrets_man_cancels_an_any_time_special_out_of_turn(table, to_blues_talk):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.special(2, "slush-fund")
        t.special(0, SECRETS)
        state.data["discard"].append(SENATE)
        t.take(SENATE)
    to_blues_talk(state)
    d = state.data
    total, minted = _bank(d)
    state.apply("play slush-fund")  # Green, in the table-talk window of Blue's turn
    assert d["frames"][-1]["t"] == "secrets" and state.to_act() == [0]  # Red holds a Special
    state.apply(f"play {SECRETS} slush-fund")
    assert d["money"]["gnomes-of-zurich"] == 20 and _bank(d) == (total, minted)
    assert d["discard"][-2:] == ["slush-fund", SECRETS]
    assert d["frames"][-1]["t"] == "talk" and state.to_act() == [2]  # Green still decides
    assert not g.problems(d)


def test_timing_and_notation_are_checked(table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.special(2, "bribery")
        t.special(2, "slush-fund")
        t.special(2, "white-collar-crime")
    to_blues_talk(state)
    assert "any time" in state.explain("play bribery")
    assert "names nothing" in state.explain("play slush-fund kgb")
    assert "your own groups" in state.explain("play white-collar-crime cia")
    assert state.explain("play slush-fund") is None
    state.apply("deal with red")  # the deal steps are no decision points for it (as for gifts)
    assert "does not answer" in state.explain("play slush-fund")


def test_any_time_special_record_and_undo_round_trip(table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.special(2, "slush-fund")
        t.special(2, "white-collar-crime")
    to_blues_talk(state)
    before = state.position()
    state.play("play slush-fund", "play white-collar-crime gnomes-of-zurich", "done", "pass")
    after = state.position()
    assert state.data["money"]["gnomes-of-zurich"] == 40
    again = g.load(json.loads(json.dumps(state.record())))
    assert again.position() == after
    assert again.legal_actions().notations() == state.legal_actions().notations()
    for _ in range(4):
        state.undo()
    assert state.position() == before and state.data["hands"][2] == ["slush-fund", "white-collar-crime"]
    for _ in range(4):
        state.redo()
    assert state.position() == after
