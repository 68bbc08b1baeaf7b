"""Setup (p.2, p.9) and the sequence of play (p.2, p.16)."""

from __future__ import annotations

import pytest

from illumi_widgets import CHANCE, load_game
from illumi_widgets.games.illuminati.setup import pass_talk


@pytest.mark.parametrize("players", range(2, 9))
def test_setup_for_every_player_count(players):
    g = load_game("illuminati", players=players)
    state = g.new_state(seed=players, auto_chance=False)
    state.apply(state.sample_chance())  # the deal
    d = state.data
    assert len(set(d["illum"])) == players and len(d["out"]) == 8 - players
    assert len(d["unc"]) == 4 and all(c in g.cd.groups for c in d["unc"])  # Specials were buried
    assert len(d["deck"]) + len(d["unc"]) == 98
    assert not g.problems(d)


def test_first_player_by_two_dice_with_reroll_on_ties():
    g = load_game("illuminati", players=3)
    state = g.new_state(seed=3, auto_chance=False)
    state.apply(state.sample_chance())  # the deal
    if "ufos" in state.data["illum"]:
        state.apply(state.legal_actions()[0])
    opts = state.legal_actions(CHANCE)
    assert [a.notation() for a in opts] == [f"roll {n}" for n in range(2, 13)]
    state.play("roll 9", "roll 9", "roll 4")
    assert state.data["frames"][-1]["t"] == "first" and state.data["frames"][-1]["todo"] == [0, 1]
    state.play("roll 5", "roll 8")
    assert state.data["active"] == 1


def test_ufos_choose_a_secret_goal():
    g = load_game("illuminati", players=8)
    state = g.new_state(seed=1)
    ufo = state.data["illum"].index("ufos")
    assert state.to_act() == [ufo]
    state.apply("choose weird5")
    assert state.data["goals"][ufo] == "goal-weird5"
    for s in range(8):
        text = str(state.view(s))
        assert ("goal-weird5" in text) == (s == ufo)


def _end_turn(state):
    state.apply("done")
    state.apply("done")
    pass_talk(state)  # the next player's table-talk window


def test_income_tax_upkeep_and_draw(table):
    # p.4 Income: I.R.S. taxes each other player 2 MB; Post Office costs 1 MB per turn
    state, g, edit = table()
    with edit() as t:
        t.give(1, "irs", money=0)
        t.give(1, "post-office", "irs", money=1)
        t.give(1, "mafia", money=0)
        t.uncontrolled("cia")
        t.uncontrolled("fbi")  # two targets: the end of Red's turn adds none
        t.deck("yuppies", "slush-fund")  # Blue (the Network) draws both
    _end_turn(state)
    d = state.data
    assert d["active"] == 1
    assert d["money"]["bavarian-illuminati"] == 18 and d["money"]["gnomes-of-zurich"] == 18
    assert d["money"]["irs"] == 4
    # upkeep before the tax: the I.R.S. (its master) is empty, so the Illuminati pay
    assert d["money"]["post-office"] == 1
    assert d["money"]["network"] == 20 + 9 - 1 and d["money"]["mafia"] == 6
    assert d["hands"][1] == ["slush-fund"] and d["unc"] == ["cia", "fbi", "yuppies"]


def test_network_draws_two(table):
    state, g, edit = table(illuminati=("bavarian-illuminati", "network", "gnomes-of-zurich"))
    with edit() as t:
        t.deck("yuppies", "cia")
    _end_turn(state)
    assert {"yuppies", "cia"} <= set(state.data["unc"])


def test_larger_games_raise_illuminati_income(table):
    state, g, edit = table(players=7)
    _end_turn(state)
    assert state.data["money"]["network"] == 20 + 9 + 3


def test_two_actions_then_free_transfers(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=4)
    state.apply("transfer 1 from mafia to bavarian-illuminati")
    state.apply("transfer 1 from mafia to bavarian-illuminati")
    assert "both actions are used" in state.explain("transfer 1 from mafia to bavarian-illuminati")
    state.apply("done")
    state.apply("transfer 1 from mafia to bavarian-illuminati")
    state.apply("transfer 1 from mafia to bavarian-illuminati")
    assert state.data["active"] == 1  # two free transfers end the transfer step


def test_federal_reserve_sends_to_any_group(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "federal-reserve", money=5)
        t.give(0, "mafia")
        t.give(0, "yuppies", "mafia")
    assert state.explain("transfer 2 from federal-reserve to yuppies") is None
    with edit() as t:
        t.money("yuppies", 3)
    assert "adjacent" in state.explain("transfer 2 from yuppies to federal-reserve")


def test_pass_for_five_only_when_idle(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=4)
    state.apply("collect 5")
    assert state.data["money"]["bavarian-illuminati"] == 25 and state.data["active"] == 1
    state2, _, edit2 = table()
    with edit2() as t:
        t.give(0, "mafia", money=4)
    state2.apply("transfer 1 from mafia to bavarian-illuminati")
    assert "no action" in state2.explain("collect 5")


def test_add_targets_and_counter_clockwise_order(table):
    state, g, edit = table()
    with edit() as t:
        t.deck("cia", "swiss-bank-account", "yuppies")
    _end_turn(state)
    d = state.data
    assert d["unc"] == ["yuppies", "cia"]
    assert "swiss-bank-account" in d["discard"]
    assert d["active"] == 1 and d["turns"][0] == 1
    _end_turn(state)
    assert state.data["active"] == 2


def test_cash_specials_and_bribery(table):
    state, g, edit = table()
    with edit() as t:
        t.special(0, "swiss-bank-account")
        t.special(0, "bribery")
        t.uncontrolled("cia")
    state.apply("play swiss-bank-account")
    assert state.data["money"]["bavarian-illuminati"] == 45
    state.apply("bribe cia to bavarian-illuminati east")
    assert state.data["ctrl"]["cia"][:2] == [0, "bavarian-illuminati"] and state.data["acts"] == 1


def test_gnomes_move_money_freely_in_the_special_power_step(table):
    # p.2 step 6 and p.12: the Gnomes redistribute money among all their groups at the end of the turn
    state, g, edit = table(illuminati=("gnomes-of-zurich", "network", "bavarian-illuminati"))
    with edit() as t:
        t.give(0, "mafia", money=4)
        t.give(0, "yuppies", "mafia")
    assert "adjacent" in state.explain("transfer 5 from gnomes-of-zurich to yuppies")
    state.play("done", "done")
    assert state.data["frames"][-1]["t"] == "special"
    state.play("transfer 5 from gnomes-of-zurich to yuppies", "transfer 4 from mafia to yuppies")
    assert state.data["money"]["yuppies"] == 9
    state.apply("done")
    assert state.data["active"] == 1


def test_bermuda_reorganizes_for_free(table):
    state, g, edit = table(illuminati=("bermuda-triangle", "network", "bavarian-illuminati"))
    with edit() as t:
        t.give(0, "mafia", direction="east")
        t.give(0, "yuppies", "mafia")
    state.play("done", "done")
    state.apply("move yuppies to bermuda-triangle west")
    assert state.data["ctrl"]["yuppies"][1] == "bermuda-triangle" and state.data["acts"] == 2
    assert "only the Gnomes" in state.explain("transfer 1 from bermuda-triangle to mafia")


def test_money_gifts_between_illuminati(table):
    # p.7 Gifts and trades: cash goes from one Illuminati card to another, as a free action
    state, g, edit = table()
    state.apply("give 5 to green")
    assert state.data["money"]["bavarian-illuminati"] == 15 and state.data["money"]["gnomes-of-zurich"] == 25
    assert state.data["acts"] == 2
    assert "Illuminati to Illuminati" in state.explain("give 50 to blue")


def test_chosen_illuminati():
    # p.2: Illuminati are drawn; the issue also allows choosing them
    ills = ["ufos", "network", "gnomes-of-zurich"]
    g = load_game("illuminati", players=3, illuminati=ills)
    state = g.new_state(seed=8)
    assert state.data["illum"] == ills
    with pytest.raises(Exception, match="different Illuminati"):
        load_game("illuminati", players=3, illuminati=["ufos", "ufos", "network"])


def test_white_collar_crime(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=2)
        t.give(0, "yuppies", "mafia")
        t.special(0, "white-collar-crime")
    state.apply("play white-collar-crime mafia")
    assert state.data["money"]["mafia"] == 7
    state.play("transfer 20 from bavarian-illuminati to yuppies", "done")  # redistribute freely
    assert state.data["money"]["yuppies"] == 20 and state.data["acts"] == 2
    assert state.data["frames"][-1]["t"] == "actions"


def test_market_manipulation_doubles_this_turns_income(table):
    state, g, edit = table()
    with edit() as t:
        t.give(1, "mafia")
        t.give(1, "irs")
        t.uncontrolled("cia")
        t.uncontrolled("fbi")
        t.special(1, "market-manipulation")
    state.play("done", "done")  # Blue's turn: income 9 (Network) + 6 (Mafia), tax 2 + 2
    pass_talk(state)
    assert state.data["money"]["network"] == 29 and state.data["money"]["irs"] == 4
    state.apply("play market-manipulation")
    d = state.data
    assert d["money"]["network"] == 38 and d["money"]["mafia"] == 12 and d["money"]["irs"] == 4
