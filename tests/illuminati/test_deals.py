"""Deals (p.7-8): groups for money with the other player's consent; money gifts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from illumi_widgets.engine import negotiation as N
from illumi_widgets.engine.errors import IllegalAction
from illumi_widgets.engine.records import load_position, load_record


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


# -- general deals: proposals built item by item, then accepted or declined by the other seat -------------
def _money_total(d):
    return sum(d["money"].values())


def test_group_and_money_for_a_special_of_their_choice(table):
    # p.7 Gifts and Trades: groups, Specials and money traded in one exchange; one action per group
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=3)
        t.give(0, "yuppies", "cia", money=2)
        t.special(1, "slush-fund")
        t.special(1, "bribery")
    minted = state.data["minted"]
    state.play("deal with blue", "offer cia", "offer 5 mb", "ask special")
    assert "offer yuppies" not in state.legal_actions()  # the puppet goes with its master
    assert "ask special" not in state.legal_actions() or len(state.data["hands"][1]) > 1
    state.apply("propose")
    assert state.to_act() == [1]
    assert state.legal_actions().notations() == ["accept slush-fund", "accept bribery", "decline"]
    state.apply("accept slush-fund")
    assert state.to_act() == [1]  # Blue fits the group it receives
    state.apply("fit on network south")
    d = state.data
    assert d["ctrl"]["cia"][:2] == [1, "network"] and d["ctrl"]["yuppies"][:2] == [1, "cia"]
    assert d["money"]["cia"] == 3 and d["money"]["yuppies"] == 2  # treasuries go along (p.8)
    assert d["money"]["bavarian-illuminati"] == 15 and d["money"]["network"] == 25
    assert d["hands"][0] == ["slush-fund"] and d["hands"][1] == ["bribery"]
    assert d["acts"] == 1 and state.to_act() == [0]
    assert d["minted"] == minted and _money_total(d) == minted and not g.problems(d)  # conserved


def test_group_for_group_counts_two_actions_and_both_receivers_fit(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia")
        t.give(1, "kgb", money=4)
    state.play("deal with blue", "offer cia", "ask kgb", "propose", "accept")
    assert state.to_act() == [1]
    state.apply("fit on network east")
    assert state.to_act() == [0]
    state.apply("fit on bavarian-illuminati west")
    d = state.data
    assert g.owner(d, "cia") == 1 and g.owner(d, "kgb") == 0 and d["money"]["kgb"] == 4
    assert d["acts"] == 0 and d["frames"][-1]["t"] == "actions" and not g.problems(d)


def test_receiving_a_group_needs_consent(table):
    # p.7: "You may only give a Group away with the permission of the player who receives it!"
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=2)
    state.play("deal with blue", "offer cia", "propose")
    assert state.to_act() == [1]
    state.apply("decline")
    d = state.data
    assert g.owner(d, "cia") == 0 and d["acts"] == 2 and d["money"]["cia"] == 2


def test_specials_and_money_change_hands_free_and_third_players_do_not_learn_the_card(table):
    import json

    from illumi_widgets.engine.testing import check_no_leak

    state, g, edit = table()
    with edit() as t:
        t.special(0, "bribery")
    since = len(state.log)
    state.play("deal with blue", "offer bribery", "ask 3 mb", "propose")
    assert "Bribery" in state.view(1)["decisions"][0]["prompt"]  # shown to the other party
    state.apply("accept")
    d = state.data
    assert d["hands"][1] == ["bribery"] and d["acts"] == 2  # no group: no action (p.7)
    assert d["money"]["bavarian-illuminati"] == 23 and d["money"]["network"] == 17
    assert "Bribery" not in json.dumps(state.view(2)) and "1 Special" in state.view(2)["log"][-1]
    assert state.view(0)["seats"][1]["known_specials"] == ["bribery"]  # Red knows where it went
    check_no_leak(state, since)


def test_illegal_deals_explain_and_change_nothing(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia")
        t.give(0, "yuppies", "cia")
        t.give(0, "fbi")
        t.give(1, "kgb")
        t.special(1, "slush-fund")
    assert "another player" in state.explain("deal with red")
    state.apply("deal with blue")
    assert "not control" in state.explain("offer kgb")  # not yours to give
    assert "does not control" in state.explain("ask cia")
    assert "20 MB" in state.explain("offer 21 mb")
    assert "do not hold" in state.explain("offer slush-fund")
    assert "not seen" in state.explain("ask slush-fund")  # unseen cards are asked for as 'special'
    assert "cannot change hands" in state.explain("offer bavarian-illuminati")
    assert "empty" in state.explain("propose")
    state.play("offer cia")
    assert "puppets go with it" in state.explain("offer yuppies")
    state.play("offer fbi")
    assert "counts as an action" in state.explain("ask kgb")  # a third group with two actions left
    before = state.position()
    with pytest.raises(IllegalAction, match="counts as an action"):  # typed error, nothing changed
        state.apply("ask kgb")
    assert state.position() == before
    state.apply("cancel")
    assert state.data["frames"][-1]["t"] == "actions" and state.data["acts"] == 2


def test_a_group_cannot_go_to_a_seat_without_a_free_arrow(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia")
        for grp, dr in (("boy-sprouts", "north"), ("cycle-gangs", "east"), ("intellectuals", "south"),
                        ("goldfish-fanciers", "west")):
            t.give(1, grp, "network", dr)  # four groups without out-arrows: Blue has no open arrow
    state.play("deal with blue", "offer cia")
    assert "no free control arrow" in state.explain("propose")
    assert "propose" not in state.legal_actions()


def test_an_arrow_freed_in_the_same_deal_counts(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia")
        for grp, dr in (("boy-sprouts", "north"), ("cycle-gangs", "east"), ("intellectuals", "south"),
                        ("goldfish-fanciers", "west")):
            t.give(1, grp, "network", dr)
    state.play("deal with blue", "offer cia", "ask boy-sprouts")
    assert "propose" in state.legal_actions()
    state.play("propose", "accept")
    # Boy Sprouts leave first (Red fits them), then CIA takes the Network's arrow they freed
    if state.to_act() == [0]:
        state.apply(state.legal_actions()[0])
    d = state.data
    assert d["ctrl"]["cia"] == [1, "network", d["ctrl"]["cia"][2]]
    assert g.owner(d, "boy-sprouts") == 0 and g.owner(d, "cia") == 1 and not g.problems(d)


def test_at_most_three_proposals_a_turn(table):
    state, g, edit = table()
    for _ in range(3):
        state.play("deal with blue", "cancel")
    assert "at most 3" in state.explain("deal with blue")
    assert "deal with green" not in state.legal_actions()


def test_deal_record_and_undo_round_trip(table):
    import json

    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=3)
        t.special(1, "slush-fund")
    before = state.position()
    state.play("deal with blue", "offer cia", "ask special", "propose", "accept slush-fund",
               "fit on network east")
    after = state.position()
    again = g.load(json.loads(json.dumps(state.record())))
    assert again.position() == after
    for _ in range(6):
        state.undo()
    assert state.position() == before


# -- deals on the core negotiation steps (engine/negotiation.py): what was saved before still loads ----------
_SAVED = Path(__file__).with_name("deals_saved_before_core.json")


def test_deal_records_and_positions_saved_before_the_core_steps_still_load():
    # the frames ("terms", "answer", "price") and budgets ("proposals", "outdeals") kept their shape when
    # deals moved onto engine/negotiation.py: a record saved before replays to the same position, and
    # positions saved mid-deal load and go on
    saved = json.loads(_SAVED.read_text())
    kinds = {line.split(": ", 1)[1].split()[0] for line in saved["record"]["actions"]}
    assert {"cancel", "propose", "accept", "decline", "price", "fit"} <= kinds
    state = load_record(saved["record"])
    old = load_position(saved["final"])
    assert state.data == old.data and state.position() == saved["final"]
    for step in ("terms", "answer"):
        mid = saved["mid"][step]
        st = load_position(mid["position"])
        assert st.data["frames"][-1]["t"] == step
        seat, text = mid["next"].split(": ", 1)
        assert st.to_act() == [int(seat)]
        st.apply(text)
        assert not st.game.problems(st.data)


def test_deal_steps_are_the_core_proposal_steps(table):
    # the draft is the core's "terms" frame (withdrawn by 'cancel'), the proposal its "answer" frame; the
    # budget is a core budget: the fourth proposal of a turn is refused (READING in common.MAX_PROPOSALS)
    state, g, edit = table()
    frames = state.data["frames"]
    before = [dict(f) for f in frames]
    state.play("deal with blue", "offer 2 mb")
    assert N.drafting(state.data["frames"])["deal"]["give"]["money"] == 2
    state.apply("cancel")
    assert state.data["frames"] == before and state.data["money"]["bavarian-illuminati"] == 20
    state.play("deal with blue", "offer 2 mb", "propose")
    f = N.pending(state.data["frames"])
    assert f["seat"] == 1 and f["deal"]["by"] == 0 and "waiting" not in f
    state.apply("decline")
    assert state.data["frames"] == before
    assert N.used(state.data["proposals"], 0) == 2
    state.play("deal with green", "cancel")
    assert not g.may_propose(state.data, 0)
    with pytest.raises(IllegalAction) as e:
        state.apply("deal with green")
    assert e.value.code == "proposals"
