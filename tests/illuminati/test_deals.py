"""Deals (p.7-8): groups for money with the other player's consent; money gifts."""

from __future__ import annotations


def test_sell_a_group_with_consent(table):
    # p.7 Transferring groups: on your turn; each group exchanged is an action; receiving needs consent;
    # puppets and treasuries go along
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=3)
        t.give(0, "yuppies", "cia", money=2)
    state.apply("sell cia to blue")
    assert state.to_act() == [0] and state.legal_actions().notations()[:2] == ["price 0", "price 1"]
    state.apply("price 10")
    assert state.to_act() == [1]
    state.apply("accept")
    assert state.to_act() == [1]  # Blue fits the group: four open arrows on its Illuminati
    state.apply("fit on network east")
    d = state.data
    assert d["ctrl"]["cia"][:2] == [1, "network"] and d["ctrl"]["yuppies"][:2] == [1, "cia"]
    assert d["money"]["cia"] == 3 and d["money"]["yuppies"] == 2
    assert d["money"]["bavarian-illuminati"] == 30 and d["money"]["network"] == 10
    assert d["acts"] == 1 and state.to_act() == [0]
    assert not g.problems(d)


def test_buy_a_group_declined(table):
    state, g, edit = table()
    with edit() as t:
        t.give(2, "kgb", money=1)
    state.play("buy kgb from green", "price 5")
    assert state.to_act() == [2]
    state.apply("decline")
    d = state.data
    assert d["ctrl"]["kgb"][0] == 2 and d["acts"] == 2 and d["money"]["bavarian-illuminati"] == 20


def test_deals_need_an_action(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=4)
    state.play("transfer 1 from cia to bavarian-illuminati", "transfer 1 from cia to bavarian-illuminati")
    assert "counts as an action" in state.explain("sell cia to blue")


def test_selling_the_last_group_after_the_third_turn_eliminates(table):
    # p.8: "at any time after his third turn" with only the Illuminati left: out, and the turn passes on
    state, g, edit = table(turns_done=3)
    with edit() as t:
        t.give(0, "cia")
        t.give(1, "kgb")
        t.give(2, "fbi")
    state.play("sell cia to blue", "price 0", "accept", "fit on network east")
    d = state.data
    assert not d["alive"][0] and d["active"] == 1 and "bavarian-illuminati" not in d["money"]
    assert not g.problems(d)
