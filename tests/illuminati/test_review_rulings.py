"""Rules the outside review found applied too narrowly (rulebook v3.2 page numbers):

* p.8 elimination "if, at any time after his third turn, he controls no Groups except his Illuminati":
  checked after every change, so dropping the last group puts the player out at once (it used to wait
  for an attack, a deal or the end of the turn);
* legal actions are distinct: when the Illuminati itself attacks, each "spend N from <Illuminati>" is
  listed once (it was listed twice: once as the attacker, once as the Illuminati);
* the seats asked about Deep Agent (against a privilege) or Secrets Man Was Not Meant to Know see the
  attack they are deciding about in ``view()["attack"]``;
* Hidden Goals (p.9): the UFOs attack with Power 7, and their view shows the 7.
"""

from __future__ import annotations

from collections import Counter

SECRETS = "secrets-man-was-not-meant-to-know"


def test_dropping_the_last_group_after_the_third_turn_eliminates_at_once(table):
    state, g, edit = table(turns_done=3)
    with edit() as t:
        t.give(0, "cia")
        t.give(1, "kgb")
        t.give(2, "fbi")
    d = state.data
    state.apply("drop cia")
    # out at once (p.8), its turn over: Blue's turn has begun before any end-of-turn step of Red
    assert not d["alive"][0] and "bavarian-illuminati" in d["out"] and d["active"] == 1
    assert "is eliminated" in " ".join(state.view(None)["log"])
    assert not g.problems(d)


def test_dropping_the_last_group_before_the_third_turn_is_allowed(table):
    state, g, edit = table(turns_done=2)
    with edit() as t:
        t.give(0, "cia")
        t.give(1, "kgb")
        t.give(2, "fbi")
    d = state.data
    state.apply("drop cia")
    assert d["alive"][0] and d["active"] == 0  # "after his third turn" only
    assert not g.problems(d)


def test_spend_options_are_listed_once_when_the_illuminati_attacks(table):
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
    state.apply("attack bavarian-illuminati control cia")
    d = state.data
    assert d["frames"][-1]["t"] == "attack"
    seat = state.to_act()[0]
    assert seat == 0
    legal = state.legal_actions(seat).notations()
    twice = [a for a, k in Counter(legal).items() if k > 1]
    assert twice == []
    spends = [a for a in legal if a.startswith("spend ")]
    assert len(spends) == d["money"]["bavarian-illuminati"]  # 1..20 from the Illuminati, each once


def test_the_attack_is_in_the_view_while_seats_are_asked_about_a_privilege(table):
    # p.7-8: a privileged attack may be abolished (Deep Agent, two Specials): the seats asked see it
    state, g, edit = table()
    with edit() as t:
        t.uncontrolled("cia")
        t.special(0, "bribery")
        t.special(1, "deep-agent")
    state.play("attack bavarian-illuminati control cia", "privilege discard bribery")
    d = state.data
    assert d["frames"][-1]["t"] == "counter" and state.to_act() == [1]
    for seat in (1, 2, None):
        attack = state.view(seat)["attack"]
        assert attack is not None, seat
        assert (attack["attacker"], attack["target"], attack["mode"]) == ("bavarian-illuminati", "cia",
                                                                          "control")
        assert attack["privileged"]


def test_the_ufos_power_is_seven_in_the_view_with_hidden_goals(table):
    # p.9 Hidden Goals: "the UFOs ... get +1 Power"; the view shows the Power they attack with
    state, g, edit = table(illuminati=("ufos", "network", "gnomes-of-zurich"), hidden_goals=True)
    ufos = next(x for x in state.view(0)["seats"][0]["groups"] if x["id"] == "ufos")
    assert g.power("ufos") == 7 == ufos["power"]
    state2, g2, _ = table(illuminati=("ufos", "network", "gnomes-of-zurich"))
    plain = next(x for x in state2.view(0)["seats"][0]["groups"] if x["id"] == "ufos")
    assert g2.power("ufos") == 6 == plain["power"]


def test_the_attack_is_in_the_view_while_seats_are_asked_about_secrets_man(table):
    # Secrets Man Was Not Meant to Know may cancel a Special played during an attack: the seat asked sees
    # the attack the Special was played in
    state, g, edit = table(windows=True)
    with edit() as t:
        t.uncontrolled("cia")
        t.special(1, "slush-fund")
        t.special(2, SECRETS)
    state.play("attack bavarian-illuminati control cia", "pass")  # Red spends nothing; Blue's turn to bid
    state.apply("play slush-fund")
    d = state.data
    assert [f["t"] for f in d["frames"]][-2:] == ["attack", "secrets"] and state.to_act() == [2]
    attack = state.view(2)["attack"]
    assert attack is not None and (attack["attacker"], attack["target"]) == ("bavarian-illuminati", "cia")
