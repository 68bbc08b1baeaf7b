"""The scenario's Common Objective is shown to every player, in words, with its progress.

Rulebook, Glossary "Scenario" (p.4): each scenario card shows "the Common Objective that has to be met or all
players lose"; "Winning the game": if it fails, everyone loses.  RULINGS.md "The Common Objective"
(RULES-NOTES ruling 24): public from setup, shown on the board with its progress and in every seat's view, in
words generated from its record.  (The engine enforced it while every scenario's text was empty and neither
the view nor the board showed anything: players could all lose on a condition they were never shown.)
"""

from __future__ import annotations

import re

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.game import OMNISCIENT
from illumi_widgets.games.gray_eminence import data as D
from illumi_widgets.games.gray_eminence.describe import common_objective_text
from illumi_widgets.games.gray_eminence.scene import gray_eminence_scene

SCENARIOS = ("eu", "ecology", "latam", "mideast", "global")
CODE = re.compile(r">=|<=|==|_|\{|\b[A-Z]\d\d\b|seat \d")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenarios_common_objective_is_written_out_in_plain_words(scenario):
    g = load_game("gray-eminence", players=3, scenario=scenario)
    text = common_objective_text(g)
    assert text.startswith("All players lose unless, at the end of the game, ") and text.endswith(".")
    assert not CODE.search(text), text
    req = g.scenario["common_objective"]["requires"]
    for part in req.get("all", [req]):
        ((kind, v),) = part.items()
        if kind == "entity":  # the entity and its level by name
            assert f"the USA–{v['name']} relationship is Tension or better" in text
        if kind == "resolved_events":
            assert f"at least {v['n']} events have been resolved" in text


def test_the_words_are_generated_from_the_record(table):
    """A replacement scenario file with another Common Objective reads differently: the words come from the
    record (there is no text field to fall out of step with it)."""
    import json

    shipped = json.loads((D.DATA_DIR / "scenarios.json").read_text(encoding="utf-8"))
    assert all("text" not in s["common_objective"] for s in shipped["cards"])
    shipped["cards"][2]["common_objective"]["requires"] = {
        "any": [{"entity": {"name": "Brazil", "op": "==", "n": 2}}, {"round": {"op": "<=", "n": 3}}]
    }
    g = load_game("gray-eminence", players=3, scenario="latam", cards={"scenarios": shipped})
    assert common_objective_text(g) == (
        "All players lose unless, at the end of the game, either the USA–Brazil relationship is exactly "
        "Allied or it is round 3 or earlier."
    )


def test_every_seats_view_shows_it_with_its_progress(table):
    t = table(players=4, scenario="eu", seed=2)
    d = t.d
    want = (
        "All players lose unless, at the end of the game, the USA–EU relationship is Tension or better and "
        "at least 2 events have been resolved."
    )
    views = [t.state.view(s) for s in (*range(4), None, OMNISCIENT)]
    for v in views:
        co = v["scenario"]["common_objective"]
        assert co == views[0]["scenario"]["common_objective"]  # public: the same for every seat
        assert co["text"] == want
    # the progress follows the position
    assert d["resolved"] == []
    with t.state.edit():
        d["rel"]["EU"] = 0
    co = t.state.view(1)["scenario"]["common_objective"]
    assert co["met"] is False
    assert co["parts"] == [
        {"text": "EU: Neutral (needs Tension or better)", "met": True},
        {"text": "Events resolved: 0 (needs at least 2)", "met": False},
    ]
    with t.state.edit():  # two events resolved, the EU relationship in Conflict
        evs = [e for e in d["decks"]["event"] if ":" not in e][:2]
        for e in evs:
            d["decks"]["event"].remove(e)
            d["resolved"].append([e, ["money"]])
        d["rel"]["EU"] = -2
    co = t.state.view(2)["scenario"]["common_objective"]
    assert co["parts"] == [
        {"text": "EU: Conflict (needs Tension or better)", "met": False},
        {"text": "Events resolved: 2 (needs at least 2)", "met": True},
    ]
    with t.state.edit():
        d["rel"]["EU"] = -1
    assert t.state.view(0)["scenario"]["common_objective"]["met"] is True


@pytest.mark.parametrize("scenario", ["eu", "latam"])
def test_the_board_shows_it_with_its_progress_for_every_seat(table, scenario):
    t = table(players=3, scenario=scenario, seed=4)
    for seat in (0, 1, 2, None):
        view = t.state.view(seat)
        co = view["scenario"]["common_objective"]
        scene = gray_eminence_scene(view, t.game)
        texts = [it["s"] for it in scene["items"] if it["t"] == "text"]
        assert "Common Objective — or all players lose" in texts
        for part in co["parts"]:
            assert ("✓ " if part["met"] else "✗ ") + part["text"] in texts
        tips = [it.get("tip", "") for it in scene["items"]]
        assert any(tip.startswith(co["text"]) for tip in tips)


def test_the_board_sums_up_an_objective_of_many_parts():
    """A Common Objective of more than two parts (a user's card file): the board says how many are met now
    and the tip lists each."""
    import json

    shipped = json.loads((D.DATA_DIR / "scenarios.json").read_text(encoding="utf-8"))
    shipped["cards"][0]["common_objective"]["requires"] = {"all": [
        {"entity": {"name": "EU", "op": ">=", "n": -1}},
        {"entity": {"name": "China", "op": ">=", "n": -1}},
        {"unresolved_events": {"op": "<=", "n": 4}},
    ]}
    g = load_game("gray-eminence", players=3, scenario="eu", cards={"scenarios": shipped})
    st = g.new_state(seed=1)
    view = st.view(0)
    co = view["scenario"]["common_objective"]
    assert co["met"] and [p["met"] for p in co["parts"]] == [True, True, True]
    assert co["parts"][2]["text"] == "Unresolved events: 0 (needs at most 4)"
    scene = gray_eminence_scene(view, g)
    texts = [it["s"] for it in scene["items"] if it["t"] == "text"]
    assert "✓ 3 of 3 conditions met now" in texts
    tip = next(it["tip"] for it in scene["items"] if it.get("tip", "").startswith("All players lose unless"))
    assert "✓ Unresolved events: 0 (needs at most 4)" in tip


def test_when_it_fails_the_log_says_which_part_failed(table):
    # "Winning the game": the Common Objective not met, all players lose -- and the table reads why
    t = table(players=3, scenario="latam", seed=5)
    t.drive(lambda x: x.d["round"] == 5 and x.d["phase"] == "scoring")
    with t.state.edit():
        t.d["rel"]["Brazil"] = -2
    since = len(t.state.log)
    t.drive(lambda x: x.state.is_terminal())
    assert t.state.outcome()["reason"] == "common-objective-failed"
    assert (
        "The Common Objective of the Latin America scenario was not met (Brazil: Conflict (needs Tension or "
        "better)): all players lose." in t.log_text(since=since)
    )
