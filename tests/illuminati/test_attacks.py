"""Attacks (rules pp.4-7 and the summary on p.16): each modifier, the results and the bidding."""

from __future__ import annotations

import pytest


def terms(state):
    return dict((label, v) for label, v in state.view()["attack"]["terms"])


def need(state):
    return state.view()["attack"]["need"]


def test_mafia_gets_plus_seven_against_a_criminal_group(table):
    # p.4: "+3 to control Criminal ... it would have a total of +7 for control of other Criminal cards"
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia")
        t.uncontrolled("loan-sharks")  # Criminal, resistance 5
    state.apply("attack mafia control loan-sharks")
    tm = terms(state)
    mafia = tm["The Mafia: +3 when it itself attacks to control a Criminal group"]
    bonus = tm["same alignment (Criminal)"] + mafia
    assert bonus == 7
    # Power 7 - Resistance 5 + Criminal +4 + Violent +4 (Loan Sharks are Criminal/Violent) + 3
    assert need(state) == 7 - 5 + 4 + 4 + 3


def test_power_minus_resistance_and_transferable_power(table):
    # p.4 "subtract the defending Group's Resistance from the attacking Group's Power"; p.5 aiding
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia")  # 6/4 R5, Government/Violent
        t.uncontrolled("boy-sprouts")  # R 1, Straight... see data
    state.apply("attack bavarian-illuminati control boy-sprouts")
    base = need(state)
    state.apply("aid cia")
    assert need(state) == base + g.cards["cia"].tp
    assert f"transferable Power of {g.label('cia')}" in terms(state)


def test_opposite_alignments_subtract_four_each(table):
    # p.5: a Weird, Communist group trying to control a Straight, Government group: -8
    state, g, edit = table()
    with edit() as t:
        t.give(0, "kgb")  # Communist/Violent
        t.uncontrolled("fbi")  # Government/Straight
    state.apply("attack kgb control fbi")
    tm = terms(state)
    assert tm["opposite alignment (Communist)"] == -4
    state.apply("call off")


def test_two_fanatic_groups_are_opposite(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "tv-preachers")  # Straight/Fanatic
        t.uncontrolled("hackers")  # Weird/Fanatic
    state.apply("attack tv-preachers control hackers")
    tm = terms(state)
    assert tm["opposite alignment (Fanatic)"] == -4 and tm["opposite alignment (Straight)"] == -4
    assert not any(k.startswith("same alignment") for k in tm)


def test_destroy_is_power_minus_power_with_alignments_reversed(table):
    # p.6: "Power minus Power"; +4 for every opposite, -4 for every identical alignment
    state, g, edit = table()
    with edit() as t:
        t.give(0, "kgb")  # 2/2, Communist/Violent
        t.uncontrolled("fbi")  # Power 4, Government/Straight
    state.apply("attack kgb destroy fbi")
    tm = terms(state)
    assert tm[f"Power of {g.label('fbi')}"] == -g.cards["fbi"].power
    assert tm["opposite alignment (Communist)"] == 4
    assert tm["KGB: +2 to any destroy attempt"] == 2


def test_powerless_group_cannot_be_destroyed(table):
    state, g, edit = table()
    with edit():
        pass
    with edit() as t:
        t.uncontrolled("cycle-gangs")  # Power 0
    assert "Whispering Campaign" in state.explain("attack bavarian-illuminati destroy cycle-gangs")


def test_neutralize_gets_six_and_needs_a_rival_group(table):
    state, g, edit = table()
    with edit() as t:
        t.give(1, "yuppies")
        t.uncontrolled("cia")
    assert "another player" in state.explain("attack bavarian-illuminati neutralize cia")
    state.apply("attack bavarian-illuminati neutralize yuppies")
    assert terms(state)["attack to neutralize"] == 6


@pytest.mark.parametrize("depth,bonus", [(1, 10), (2, 5), (3, 2), (4, 0)])
def test_distance_from_the_defenders_illuminati(table, depth, bonus):
    # p.5 Figure 4: adjacent +10, one group away +5, two away +2, further nothing
    state, g, edit = table()
    chain = ["international-communist-conspiracy", "mafia", "texas", "yuppies"]
    with edit() as t:
        master = None
        for grp in chain[:depth]:
            t.give(1, grp, master)
            master = grp
    target = chain[depth - 1]
    state.apply(f"attack bavarian-illuminati destroy {target}")
    got = [v for k, v in terms(state).items() if "Illuminati" in k and k.startswith(g.label(target))]
    assert got == ([-bonus] if bonus else [])


def test_own_group_destroyed_without_distance_bonus(table):
    # p.6 item 5: closeness to its Illuminati does not protect your own group
    state, g, edit = table()
    with edit() as t:
        t.give(0, "fbi")
    state.apply("attack bavarian-illuminati destroy fbi")
    assert not any("its Illuminati" in k for k in terms(state))


def test_money_spent_by_each_side(table):
    # p.5 and p.16: attacker +1, defending group -2, defender's Illuminati -1, assist +1, interfere -1
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=5)
        t.give(1, "yuppies", money=5)
    state.apply("attack mafia control yuppies")
    n0 = need(state)
    state.apply("spend 3 from mafia")          # Red
    state.apply("spend 2 from yuppies")        # Blue, the defender
    state.apply("assist 4")                    # Green
    state.apply("spend 1 from bavarian-illuminati")
    state.apply("spend 1 from network")
    state.apply("interfere 1")
    assert need(state) == n0 + 3 - 4 + 4 + 1 - 1 - 1
    assert state.data["money"]["mafia"] == 2 and state.data["money"]["network"] == 19


def test_transferable_power_only_before_money(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=3)
        t.give(0, "mafia", money=3)
        t.uncontrolled("yuppies")
    state.apply("attack mafia control yuppies")
    state.apply("spend 1 from mafia")
    state.play("pass", "pass")  # Blue and Green; Red bids again
    assert state.to_act() == [0]
    assert "before any money" in state.explain("aid cia")


def test_eleven_and_twelve_always_fail(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("yuppies")
    state.auto_chance = False
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("spend 20 from bavarian-illuminati")
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    assert need(state) > 12
    state.apply("roll 11")  # a teacher forces the roll
    assert "yuppies" in state.data["unc"] and state.data["last_attack"]["ok"] is False


def test_call_off_before_money_only(table):
    # p.7 Calling off an attack: free until money is spent; then it is committed
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("yuppies")
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("call off")
    assert state.data["acts"] == 2 and state.data["used"]["bavarian-illuminati"] == 0
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("spend 1 from bavarian-illuminati")
    state.play("pass", "pass")
    assert state.to_act() == [0] and "committed" in state.explain("call off")


def test_a_group_attacks_once_per_turn_but_ufos_twice(table):
    state, g, edit = table(illuminati=("ufos", "network", "gnomes-of-zurich"))
    with edit() as t:
        t.uncontrolled("yuppies")
        t.uncontrolled("cia")
    state.auto_chance = False
    for _ in range(2):
        state.apply("attack ufos control yuppies")
        state.play("pass", "pass", "pass", "roll 12")
    assert state.data["acts"] == 0

    state2, g2, edit2 = table()
    with edit2() as t:
        t.uncontrolled("yuppies")
    state2.auto_chance = False
    state2.apply("attack bavarian-illuminati control yuppies")
    state2.play("pass", "pass", "pass", "roll 12")
    assert "already attacked" in state2.explain("attack bavarian-illuminati control yuppies")


def test_capture_brings_puppets_and_half_their_money(table):
    # p.6 Results of the attack
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=8)
        t.give(1, "cia", money=7)
        t.give(1, "yuppies", "cia", money=5)
    state.auto_chance = False
    state.apply("attack mafia control cia")
    state.play("spend 4 from mafia", "pass", "pass", "spend 10 from bavarian-illuminati",
               "pass", "pass", "pass")
    assert need(state) == 7 - 5 + 4 - 10 + 4 + 10
    state.apply("roll 2")
    assert state.data["frames"][-1]["t"] in ("place", "captxfer")
    if state.data["frames"][-1]["t"] == "place":
        state.apply(state.legal_actions()[0])
    assert state.data["ctrl"]["cia"][:2] == [0, "mafia"]
    assert state.data["ctrl"]["yuppies"][:2] == [0, "cia"]
    assert state.data["money"]["cia"] == 3 and state.data["money"]["yuppies"] == 2
    state.apply("transfer 4 from mafia to cia")  # part of the attack (p.6)
    assert state.data["money"]["cia"] == 7


def test_neutralize_and_destroy_results(table):
    state, g, edit = table()
    with edit() as t:
        t.give(1, "cia", money=7)
        t.give(1, "yuppies", "cia", money=5)
        t.give(2, "fbi", money=3)
    state.auto_chance = False
    state.apply("attack bavarian-illuminati neutralize cia")
    state.play("spend 5 from bavarian-illuminati", "pass", "pass", "pass")
    assert need(state) == 10 - 5 + 6 - 10 + 5
    state.apply("roll 6")
    assert {"cia", "yuppies"} <= set(state.data["unc"]) and "cia" not in state.data["money"]
    state3, g3, edit3 = table(illuminati=("servants-of-cthulhu", "network", "gnomes-of-zurich"))
    with edit3() as t:
        t.give(1, "cia", money=7)
        t.give(1, "yuppies", "cia", money=5)
    state3.auto_chance = False
    state3.apply("attack servants-of-cthulhu destroy cia")
    assert terms(state3)["Servants of Cthulhu: destroy"] == 2
    state3.play("spend 8 from servants-of-cthulhu", "pass", "pass", "pass")
    assert need(state3) == 9 - 6 + 2 - 10 + 8
    state3.apply("roll 3")
    assert "cia" in state3.data["dead"] and "yuppies" in state3.data["unc"]
    assert state3.data["destroyed"][0] == 1


def test_privilege_shuts_out_interference(table):
    # p.7: discard a Special to make an attack privileged; Bavarians may pay 5 MB once per turn
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("yuppies")
        t.give(0, "mafia")
    state.auto_chance = False
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("privilege pay")
    assert state.data["money"]["bavarian-illuminati"] == 15
    state.play("pass", "pass")  # Blue and Green may answer the privilege (Deep Agent, ...): they pass
    state.apply("pass")  # no one else may bid: the dice are rolled at once
    state.apply("roll 12")
    assert state.data["last_attack"]["target"] == "yuppies"
    state.apply("attack mafia control yuppies")
    assert "one privileged attack per turn" in state.explain("privilege pay")


def test_privileged_attack_only_attacker_and_defender_bid(table):
    state, g, edit = table()
    with edit() as t:
        t.give(1, "yuppies", money=2)
        t.special(0, "slush-fund")
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("privilege discard slush-fund")
    state.play("pass", "pass")  # the window against the privilege
    state.apply("pass")
    assert state.to_act() == [1]
    assert not any(a.kind in ("assist", "interfere") for a in state.legal_actions(1))
    state.apply("pass")
    assert state.data["last_attack"] is not None


def test_special_discard_privilege(table):
    state, g, edit = table(illuminati=("network", "bavarian-illuminati", "gnomes-of-zurich"))
    with edit() as t:
        t.uncontrolled("yuppies")
        t.special(0, "deep-agent")
    state.apply("attack network control yuppies")
    assert "only the Bavarian" in state.explain("privilege pay")
    state.apply("privilege discard deep-agent")
    assert "deep-agent" in state.data["discard"] and state.data["hands"][0] == []


def test_illuminati_abilities_bonuses(table):
    state, g, edit = table(illuminati=("discordian-society", "society-of-assassins", "network"))
    with edit() as t:
        t.uncontrolled("trekkies")
    state.apply("attack discordian-society control trekkies")
    assert terms(state)["Discordian Society: control of a Weird group"] == 4
    state.apply("call off")


def test_assassins_neutralize_bonus(table):
    state, g, edit = table(illuminati=("society-of-assassins", "network", "gnomes-of-zurich"))
    with edit() as t:
        t.give(1, "yuppies")
    state.apply("attack society-of-assassins neutralize yuppies")
    assert terms(state)["Society of Assassins: neutralize"] == 4


def test_discordian_immunity(table):
    # p.12: no Straight or Government group may attack or aid an attack on the Discordian structure
    state, g, edit = table(illuminati=("bavarian-illuminati", "discordian-society", "network"))
    with edit() as t:
        t.give(0, "fbi")  # Government/Straight
        t.give(0, "cia")
        t.give(1, "trekkies")
    assert "Discordian" in state.explain("attack fbi control trekkies")
    state.apply("attack bavarian-illuminati control trekkies")
    assert "Discordian" in state.explain("aid cia")


def test_gun_lobby_resists_weird_attackers(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "hackers")  # Weird/Fanatic
        t.uncontrolled("gun-lobby")
    state.apply("attack hackers control gun-lobby")
    assert terms(state)["Resistance of Gun Lobby"] == -10


def test_assassination_and_murphys_law_last_played_governs(table):
    # specials.csv timing; p.8: "the last card played is the one that governs"
    state, g, edit = table(dice_specials=True)
    with edit() as t:
        t.uncontrolled("yuppies")
        t.special(1, "assassination")
        t.special(2, "murphys-law")
    state.auto_chance = False
    state.apply("attack bavarian-illuminati control yuppies")
    state.play("spend 5 from bavarian-illuminati", "pass", "pass", "pass", "roll 9")
    assert need(state) == 10 - 4 + 5 and state.to_act() == [0]  # everyone is asked, holder or not
    assert [a.notation() for a in state.legal_actions(0) if a.kind not in ("gift", "negotiate")] == ["pass"]
    state.apply("pass")
    state.apply("play assassination")  # Blue: the roll counts as 2
    state.apply("play murphys-law")    # Green plays last: 12, automatic failure
    assert state.data["last_attack"]["roll"] == 12 and not state.data["last_attack"]["ok"]
    assert "yuppies" in state.data["unc"]


def test_assassination_makes_the_roll_two(table):
    state, g, edit = table(dice_specials=True)
    with edit() as t:
        t.uncontrolled("yuppies")
        t.special(1, "assassination")
    state.auto_chance = False
    state.apply("attack bavarian-illuminati control yuppies")
    state.play("pass", "pass", "pass", "roll 12", "pass", "play assassination", "pass")
    assert state.data["last_attack"]["roll"] == 2 and state.data["last_attack"]["ok"]


def test_whispering_campaign_destroys_a_powerless_group(table):
    # p.6 item 1 and specials.csv: Power minus Resistance, destroy alignments; the card is played (and
    # discarded) when the attack is declared
    state, g, edit = table()
    with edit() as t:
        t.give(0, "kgb")  # Communist/Violent, +2 destroy
        t.give(1, "trekkies")  # Power 0, R 4, Weird/Fanatic
        t.special(0, "whispering-campaign")
    assert "Whispering Campaign" in state.explain("attack kgb destroy trekkies")
    state.auto_chance = False
    state.apply("attack kgb whisper trekkies")
    tm = terms(state)
    assert tm[f"Resistance of {g.label('trekkies')}"] == -4 and tm["KGB: +2 to any destroy attempt"] == 2
    assert "whispering-campaign" in state.data["discard"] and "not-held" == state.game.check(
        state.data, state.parse("privilege discard whispering-campaign")).code
    state.play("spend 20 from bavarian-illuminati", "pass", "pass", "pass", "roll 5")
    assert "trekkies" in state.data["dead"] and "whispering-campaign" in state.data["discard"]


def test_media_campaign_revives_a_dead_group(table):
    state, g, edit = table()
    with edit() as t:
        t.special(0, "media-campaign")
        t.take("fbi")
        state.data["dead"].append("fbi")
    assert "dead pile" in state.explain("play media-campaign cia")
    state.apply("play media-campaign fbi")
    assert "fbi" in state.data["unc"] and "media-campaign" in state.data["discard"]


def test_after_a_capture_done_returns_to_the_action_phase(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=5)
        t.uncontrolled("yuppies")
    state.auto_chance = False
    state.apply("attack mafia control yuppies")
    state.play("pass", "pass", "pass", "roll 2")
    while state.data["frames"][-1]["t"] == "place":
        state.apply(state.legal_actions()[0])
    assert state.data["frames"][-1]["t"] == "captxfer"
    state.apply("done")
    assert state.data["frames"][-1]["t"] == "actions" and state.data["acts"] == 1


def test_deep_agent_and_two_specials_abolish_privilege(table):
    # p.7-8: Deep Agent, or any two Specials discarded together, abolish a privilege for good
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("yuppies")
        t.special(0, "slush-fund")
        t.special(0, "bribery")
        t.special(2, "deep-agent")
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("privilege discard slush-fund")
    assert state.to_act() == [1] and [x.notation() for x in state.legal_actions(1)] == ["pass"]
    state.apply("pass")
    state.apply("play deep-agent")
    f = state.data["frames"][-1]
    assert f["t"] == "attack" and not f["priv"] and state.to_act() == [0]
    assert "cannot be reinstated" in state.explain("privilege discard bribery")

    state2, g2, edit2 = table()
    with edit2() as t:
        t.uncontrolled("yuppies")
        t.special(1, "slush-fund")
        t.special(1, "swiss-bank-account")
    state2.apply("attack bavarian-illuminati control yuppies")
    state2.apply("privilege pay")
    state2.apply("abolish slush-fund swiss-bank-account")
    assert not state2.data["frames"][-1]["priv"]


def test_interference_card_joins_a_privileged_attack(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("yuppies")
        t.special(2, "interference-2")
    state.apply("attack bavarian-illuminati control yuppies")
    state.apply("privilege pay")
    state.apply("pass")  # Blue
    state.apply("play interference-2")  # Green
    state.apply("pass")  # Red, the attacker, bids
    assert state.to_act() == [2] and "interfere 3" in state.legal_actions(2)
    state.apply("interfere 3")
    assert state.view()["attack"]["spent"] == {"interfere": 3}
