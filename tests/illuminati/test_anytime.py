"""Gifts "at any time" (p.7-8), Secrets Man against Whispering Campaign, Hidden Illuminati disguise and the
overstating rule (p.9), and throwing the game (p.8)."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.errors import EngineError, IllegalAction
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import check_no_leak
from illumi_widgets.games.illuminati.setup import pass_talk

SECRETS = "secrets-man-was-not-meant-to-know"


# -- p.7 "Cash or special cards may be transferred any time (except when a privileged attack is under way)"---
def test_a_non_active_seat_gives_money_and_a_special_in_the_table_talk_window(table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.special(2, "slush-fund")
    to_blues_talk(state)
    d = state.data
    total, minted = sum(d["money"].values()), d["minted"]
    assert "give slush-fund to red" in state.legal_actions() and "give 5 to blue" in state.legal_actions()
    since = len(state.log)
    state.play("give 5 to red", "give slush-fund to blue")
    assert d["money"]["gnomes-of-zurich"] == 15 and d["money"]["bavarian-illuminati"] == 25
    assert d["hands"][1] == ["slush-fund"] and d["hands"][2] == []
    assert sum(d["money"].values()) == total and d["minted"] == minted  # conserved: no bank flow
    # third parties learn that a Special moved, not which (the two players see it)
    assert "Slush Fund" not in json.dumps(state.view(0, log_tail=len(state.log) - since))
    assert "gives a Special card to Blue" in state.view(0)["log"][-1]
    assert "Slush Fund" in state.view(1)["log"][-1] and "Slush Fund" in state.view(2)["log"][-1]
    check_no_leak(state, since)
    state.apply("pass")  # Green done; Red is asked
    assert state.to_act() == [0]
    state.apply("pass")
    assert state.to_act() == [1] and d["frames"][-1]["t"] == "actions" and not d["busy"]
    assert not g.problems(d)


def test_gifts_in_attack_bidding_and_the_dice_window(table):
    state, g, edit = table(dice_specials=True)
    with edit() as t:
        t.uncontrolled("cia")
        t.special(1, "assassination")
    state.play("attack bavarian-illuminati control cia", "spend 5 from bavarian-illuminati")
    assert state.to_act() == [1] and "give 10 to red" in state.legal_actions()  # Blue, a third player
    state.play("give 10 to red", "pass", "pass")  # Blue and Green pass
    assert state.to_act() == [0] and state.data["money"]["bavarian-illuminati"] == 25
    state.play("spend 25 from bavarian-illuminati", "pass", "pass", "pass")
    # the dice window: Blue may give (here: the Assassination card itself) instead of playing it
    assert state.data["frames"][-1]["t"] == "react" and state.to_act() == [0]
    state.apply("pass")
    state.apply("give assassination to green")
    assert state.data["hands"][2] == ["assassination"]


def test_gifts_and_deals_are_refused_while_a_privileged_attack_is_under_way(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
        t.special(0, "bribery")
        t.special(1, "slush-fund")
    state.auto_chance = False
    state.play("attack bavarian-illuminati control cia", "privilege discard bribery")
    assert state.data["frames"][-1]["t"] == "counter" and state.to_act() == [1]
    for text in ("give 5 to red", "give slush-fund to green", "deal with green"):
        assert "privileged attack is under way" in state.explain(text)
        assert text not in state.legal_actions()
    state.play("pass", "pass")
    assert state.to_act() == [0] and "privileged attack" in state.explain("give 5 to blue")
    with pytest.raises(IllegalAction):
        state.apply("give 5 to blue")
    state.play("pass", "roll 12")  # the attack fails; the privilege is over
    assert "give 5 to blue" in state.legal_actions()


def test_gifts_outside_the_own_steps_are_bounded_per_turn(table, to_blues_talk):
    state, g, edit = table()
    to_blues_talk(state)
    state.play("give 1 to red", "give 1 to blue")
    assert "at most 2 gifts" in state.explain("give 1 to red")
    assert not any(a.kind == "gift" for a in state.legal_actions())
    assert "pass" in state.legal_actions()


def test_an_out_of_turn_deal_holds_money_and_specials_only_unless_with_the_active_player(
        table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.give(2, "kgb", money=1)
        t.special(0, "slush-fund")
    to_blues_talk(state)
    state.apply("deal with red")  # Green and Red: it is Blue's turn, so no group may change hands
    assert "offer kgb" not in state.legal_actions() and "groups change hands" in state.explain("offer kgb")
    state.play("offer 4 mb", "ask special", "propose", "accept slush-fund")
    d = state.data
    assert d["hands"][2] == ["slush-fund"] and d["money"]["gnomes-of-zurich"] == 16
    assert d["acts"] == 2  # Blue's actions untouched
    assert "at most 1 deal proposal out of your own turn" in state.explain("deal with blue")
    for _ in range(5):
        state.undo()
    state.apply("deal with blue")  # with the active player: its groups count as its actions (p.7)
    state.play("offer kgb", "ask 3 mb", "propose", "accept", "fit on network east")
    d = state.data
    assert g.owner(d, "kgb") == 1 and d["acts"] == 1 and d["money"]["gnomes-of-zurich"] == 23
    assert not g.problems(d)


def test_gift_record_and_undo_round_trip(table, to_blues_talk):
    state, g, edit = table()
    with edit() as t:
        t.special(2, "slush-fund")
    to_blues_talk(state)
    before = state.position()
    state.play("give 5 to red", "give slush-fund to blue", "pass")
    after = state.position()
    again = g.load(json.loads(json.dumps(state.record())))
    assert again.position() == after
    for _ in range(3):
        state.undo()
    assert state.position() == before
    assert state.data["hands"][2] == ["slush-fund"]


def test_special_gift_notation_is_validated(table):
    state, g, edit = table()
    assert "do not hold" in state.explain("give slush-fund to blue")
    assert "another player" in state.explain("give 5 to red")


# -- Secrets Man Was Not Meant To Know against Whispering Campaign (specials.csv)-----------------------------
def _whisper_table(table):
    state, g, edit = table(windows=True)
    with edit() as t:
        t.give(0, "kgb")
        t.give(1, "trekkies")  # Power 0
        t.special(0, "whispering-campaign")
        t.special(1, SECRETS)
        state.data["discard"].append("senate-investigating-committee")
        t.take("senate-investigating-committee")
    return state, g


def test_secrets_man_cancels_whispering_campaign_and_the_attack(table):
    state, g = _whisper_table(table)
    state.apply("attack kgb whisper trekkies")
    d = state.data
    assert "whispering-campaign" in d["discard"] and state.to_act() == [1]
    assert d["frames"][-1]["t"] == "secrets"
    state.apply(f"play {SECRETS} whispering-campaign")
    assert d["frames"][-1]["t"] == "actions" and d["acts"] == 2 and d["used"].get("kgb", 0) == 0
    assert g.owner(d, "trekkies") == 1 and d["discard"][-2:] == ["whispering-campaign", SECRETS]
    assert not g.problems(d)


def test_whispering_campaign_goes_on_when_no_one_cancels_it(table):
    state, g = _whisper_table(table)
    state.auto_chance = False
    state.play("attack kgb whisper trekkies", "pass")  # Blue passes; Green holds no Special
    d = state.data
    assert d["frames"][-1]["t"] == "attack" and state.to_act() == [0]
    state.play("spend 20 from bavarian-illuminati", "pass", "pass", "pass", "roll 5")
    assert "trekkies" in d["dead"] and d["discard"].count("whispering-campaign") == 1


# -- Hidden Illuminati (p.9): less than full Power or Income; the alternative rule: overstate by 1------------
def test_a_face_down_illuminati_may_use_less_power_and_income(table):
    state, g, edit = table(hidden_illuminati=True)
    with edit() as t:
        t.uncontrolled("cia")
    assert "disguise power 10" not in state.legal_actions()  # already the printed Power
    assert "never more" in state.explain("disguise power 11")
    state.play("disguise power 8", "disguise income 6")
    assert "already changed" in state.explain("disguise power 7")
    assert state.view(1)["seats"][0]["shows"] == {"power": 8, "income": 6}
    state.apply("attack bavarian-illuminati control cia")
    terms = dict(map(tuple, state.view(2)["attack"]["terms"]))
    assert terms["Power of Red's Illuminati"] == 8
    state.play("call off", "done", "done")
    while state.data["active"] != 0:  # Blue's and Green's turns pass
        pass_talk(state)
        state.apply("done")
    pass_talk(state)
    assert any("Red collects 6 MB income" in line for line in state.view(1)["log"][-8:])


def test_the_alternative_rule_lets_an_unidentified_illuminati_overstate_by_one(table):
    with pytest.raises(EngineError, match="needs hidden_illuminati"):
        load_game("illuminati", players=3, overstate=True)
    state, g, edit = table(hidden_illuminati=True, overstate=True)
    assert "disguise power 11" in state.legal_actions() and "disguise power 12" not in state.legal_actions()
    state.play("disguise power 11", "disguise income 10")
    assert g.shown(state.data, 0, "power") == 11
    # identified: the card plays face-up with its printed numbers from then on
    state.play("done", "done")
    pass_talk(state)
    state.apply("accuse red bavarians")
    assert g.shown(state.data, 0, "power") == 10 and state.data["disguise"].get("0") is None


def test_disguise_needs_a_face_down_card(table):
    state, g, edit = table()
    assert "Hidden Illuminati" in state.explain("disguise power 8")
    assert not any(a.kind == "disguise" for a in state.legal_actions())


# -- Throwing the game (p.8)----------------------------------------------------------------------------------
def test_a_gift_or_sale_that_hands_another_player_the_game_is_refused(table):
    state, g, edit = table(goal_groups=4)
    with edit() as t:
        for grp in ("cia", "fbi"):
            t.give(0, grp)
        t.give(1, "mafia")
        t.give(1, "irs")
        t.money("gnomes-of-zurich", 140)
    # Blue would control 4 groups (the Basic Goal here), Red 3: no price makes the sale legal, so it cannot be
    # opened (opened, it left the price step with no legal price, and the game could not go on)
    assert state.explain("sell cia to blue") == ("at any price, this would hand Blue the game: no player may "
                                                 "throw the game to another (p.8); a trade that lets both "
                                                 "players win is legal")
    assert "sell cia to blue" not in state.legal_actions() and "sell cia to green" in state.legal_actions()
    # asking for a group is judged alike: Blue selling the Mafia would hand Red the game
    assert "at any price, this would hand Red the game" in state.explain("buy mafia from blue")
    with pytest.raises(IllegalAction, match="throw the game"):
        state.apply("sell cia to blue")
    # money: the Gnomes' goal (150 MB in the structure) is public
    assert "hand Green the game" in state.explain("give 10 to green")
    assert "give 9 to green" in state.legal_actions()


def test_a_sale_is_opened_when_some_price_lets_both_players_win(table):
    # Green (the Gnomes of Zurich, whose goal of 150 MB is public) sells the KGB to Red: Red reaches the
    # Basic Goal (4 groups here); at 10 MB or more Green reaches 150 MB too, and a trade that lets both win
    # is legal (p.8): so the sale may be opened, and the price step refuses only the prices below 10
    state, g, edit = table(goal_groups=4)
    with edit() as t:
        for grp in ("cia", "fbi"):
            t.give(0, grp)
        t.give(2, "kgb")
        t.money("gnomes-of-zurich", 140)
    assert state.explain("buy kgb from green") is None
    state.apply("buy kgb from green")
    prices = [a for a in state.legal_actions() if a.kind == "price"]
    assert [a.args[0] for a in prices] == list(range(10, 21))  # Red's 20 MB; below 10 Red alone would win
    assert "hand Red the game" in state.explain("price 9")


def test_a_trade_that_lets_both_players_win_is_legal(table):
    state, g, edit = table(goal_groups=4)
    with edit() as t:
        for grp in ("cia", "fbi"):
            t.give(0, grp)
        t.give(2, "kgb")
        t.give(2, "mafia")
        t.money("gnomes-of-zurich", 140)
    state.play("deal with green", "offer 10 mb", "ask kgb")
    assert "propose" in state.legal_actions()  # Red reaches 4 groups and Green 150 MB: both win
    state.play("propose", "accept")
    state.apply(state.legal_actions()[0])  # Red fits the KGB
    state.play("done", "done")
    assert state.is_terminal() and sorted(state.outcome()["winners"]) == [0, 2]


def test_hidden_goals_are_not_used_to_refuse_a_gift(table):
    # the refusal would reveal a secret goal: only goals the table can see are checked
    state, g, edit = table(hidden_goals=True)
    with edit() as t:
        t.money("gnomes-of-zurich", 140)
    state.data["goals"][2] = "goal-money150"
    assert "give 10 to green" in state.legal_actions()


def _completable(g, d, a) -> bool:
    """Whether some price the buyer can pay lets the sale ``a`` through without throwing the game (p.8):
    the price step's own judgement (``_throws``), tried at every price."""
    grp, other = a.args
    seller, buyer = (a.seat, other) if a.kind == "offer" else (other, a.seat)
    cash = d["money"][d["illum"][buyer]]
    return any(g._throws(d, [(seller, buyer, [grp], 0), (buyer, seller, [], n)]) is None
               for n in range(cash + 1))


@pytest.mark.parametrize("players", [3, 4])
def test_a_sale_is_refused_when_opened_exactly_when_no_price_could_complete_it(table, players):
    """At positions with the groups dealt at random near the Basic Goal (5 groups here) and the Gnomes of
    Zurich's treasury near their public goal of 150 MB, every sale Red could open is refused as throwing
    the game (p.8) exactly when no price would let it through; an opened sale always reaches a price step
    with a legal price, so the game never stops at a step where no one can move.  Both answers occur."""
    seen = {True: 0, False: 0}
    rng = Rng(5)
    for _round in range(12):
        state, g, edit = table(players=players, goal_groups=5, money=rng.below(40))
        pool = [c for c, card in g.cards.items() if card.resistance is not None and card.arrow_in is not None]
        with edit() as t:
            for seat in range(players):
                for _ in range(1 + rng.below(4)):
                    grp = pool.pop(rng.below(len(pool)))
                    try:
                        t.add(seat, grp)
                    except ValueError:  # no open arrow left
                        break
            t.money("gnomes-of-zurich", 120 + rng.below(40))
        d = state.data
        for a in g.candidates(d, 0):
            if a.kind not in ("offer", "request"):
                continue
            why = state.explain(a)
            if why is not None and not why.startswith("at any price"):
                continue  # refused for another reason (a group that cannot change hands)
            completable = _completable(g, d, a)
            assert (why is None) == completable, (a.notation(), why)
            seen[completable] += 1
            if completable:
                trial = state.clone()
                trial.apply(a)
                prices = trial.legal_actions()
                assert prices and all(p.kind == "price" for p in prices), a.notation()
    assert seen[True] and seen[False], seen
