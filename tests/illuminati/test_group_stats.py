"""The live stats of groups at any position (issue 29: "the live stats of cards ... are readable at any
position, not only inside a live turn"): ``IlluminatiGame.group_stats(data, group)`` and each group's
``"stats"`` in every view, on positions set up with the public editor only, checked against what the rules
compute in an attack (v3.2 p.4-5, p.9)."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.editor import edit
from illumi_widgets.engine import OMNISCIENT, EngineError

QUIET = ("assassination", "murphys-law", "secrets-man-was-not-meant-to-know",
         "senate-investigating-committee")


def table(ills=("bavarian-illuminati", "network", "gnomes-of-zurich"), **options):
    state = load_game("illuminati", players=len(ills), **options).new_state(seed=1)
    with edit(state) as ed:
        ed.clear()
        ed.assign(list(ills), money=20)
        for special in QUIET:
            ed.move(special, "discard")
        ed.turn("Red")
    state.auto_chance = False
    return state


def stats(state, group, seat=OMNISCIENT):
    view = state.view(seat)
    groups = [g for s in view["seats"] for g in s["groups"]] + view["uncontrolled"]
    return next(g["stats"] for g in groups if g["id"] == group)


def test_protection_and_survivalists_match_the_attack_the_rules_compute():
    # p.5: a group next to its Illuminati resists 10 more; the Survivalists add 2 for their master's groups
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")      # Power 6, no alignment
        ed.move("Empty Vee", "structure", who="Blue", money=3)                # Resistance 3, no alignment
        ed.move("Survivalists", "structure", who="Blue")
    live = state.game.group_stats(state.data, "empty-vee")
    assert live["resistance"] == 3
    assert [v for _, v in live["protection"]] == [10, 2]
    assert live["defense"] == 15 and live["money"] == 3 and live["owner"] == 1
    for seat in (OMNISCIENT, 0, 1, 2, None):  # every seat sees the same public stats
        assert stats(state, "empty-vee", seat) == live
    # the same numbers the rules use when Red attacks it (Power 6 against 15: a roll of -9 or less)
    state.apply("attack multinational-oil-companies control empty-vee")
    assert state.view()["attack"]["need"] == 6 - live["defense"]
    assert stats(state, "multinational-oil-companies")["attacks_left"] == 0  # p.4: one attack a turn


def test_illuminati_income_counts_the_seven_player_bonus_and_the_ufos_gain_power_with_hidden_goals():
    ills = ("bavarian-illuminati", "network", "gnomes-of-zurich", "ufos", "discordian-society",
            "servants-of-cthulhu", "society-of-assassins")
    state = table(ills, hidden_goals=True)
    game = state.game
    bav = game.group_stats(state.data, "bavarian-illuminati")
    assert bav["income"] == game.cards["bavarian-illuminati"].income + 3  # p.4: 7 players, +3 MB
    assert bav["resistance"] is None and bav["defense"] is None
    ufos = game.group_stats(state.data, "ufos")
    assert ufos["power"] == ufos["transferable_power"] == game.cards["ufos"].power + 1  # p.9
    assert ufos["attacks_left"] == 2  # p.13: the UFOs take part in two attacks a turn


def test_attacker_dependent_resistance_upkeep_and_uncontrolled_groups():
    state = table()
    with edit(state) as ed:
        ed.move("Gun Lobby", "uncontrolled")
        ed.move("Post Office", "structure", who="Green")
    gun = state.game.group_stats(state.data, "gun-lobby")
    assert gun["owner"] is None and gun["money"] is None and gun["protection"] == []
    assert gun["resistance"] == 3
    assert gun["resistance_against"] == {"Liberal": 10, "Communist": 10, "Weird": 10}
    assert state.game.group_stats(state.data, "post-office")["upkeep"] == 1


def test_a_face_down_illuminati_shows_only_what_its_player_states():
    state = table(hidden_illuminati=True)
    state.apply("disguise power 5")  # Red states Power 5 (p.9)
    own = stats(state, "bavarian-illuminati", 0)
    assert own["power"] == 5 and own["income"] == state.game.cards["bavarian-illuminati"].income
    red = next(s for s in state.view(1)["seats"] if s["seat"] == 0)
    theirs = next(g for g in red["groups"] if g["master"] is None)["stats"]
    assert theirs["power"] == 5 and theirs["income"] == "?"


def test_a_card_not_on_the_table_is_refused_by_name():
    state = table()
    with pytest.raises(EngineError, match="not on the table"):
        state.game.group_stats(state.data, "empty-vee")
    with pytest.raises(EngineError, match="not a group"):
        state.game.group_stats(state.data, "no-such-card")
