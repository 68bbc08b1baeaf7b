"""Stealing a Secret on the board (issue 30, item 7: choices without content).

Rulebook, the Visit, step 3 (ruling 4): when the visitors' insight beats the hosts' deceit by 4 or more, the
visiting player looks through the host's Secrets zone and steals one.  While that seat decides, its board
shows the Secrets it looks through face up on the host's mat, each card the target of its "steal" option,
and the prompt names whose Secrets they are.  Only that seat sees them (``state.view`` filters them): any
other seat's board and a spectator's name none of them.
"""

from __future__ import annotations

import json
import re

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match


def _steal_position(players=2, seeds=range(1, 30)):
    """The first steal decision of a seeded random game (the seeds are fixed: the same position each run)."""
    for seed in seeds:
        st = load_game("primordial", players=players).new_state(seed=seed)
        rng = Rng(seed)
        for _ in range(3000):
            if st.is_terminal():
                break
            f = st.data["frames"][-1] if st.data["frames"] else None
            if f and f["t"] == "choose" and f["kind"] == "steal" and len(f["options"]) >= 2:
                return st, f
            st.apply(random_action(st, rng))
    raise AssertionError("no steal in the seeded games")


def _drawn(scene: dict) -> dict:
    return {it["id"]: it for it in scene["items"] if it.get("id") and it.get("t") == "rect"}


def test_the_thief_sees_the_secrets_it_looks_through_as_cards_each_the_target_of_its_steal():
    st, f = _steal_position()
    g, d = st.game, st.data
    thief = f["seat"]
    host = next(s for s in range(d["n"]) if f["options"][0] in d["secrets"][s])
    snap = Match.from_state(st).snapshot(f"seat:{thief}")
    (dec,) = [x for x in snap["decisions"] if x["seat"] == thief]
    # the prompt names whose Secrets
    assert dec["prompt"] == (f"{g.seat_name(thief)}: look through {g.seat_name(host)}'s Secrets and choose "
                             "one to steal")
    names = [g.intent_name(i) for i in f["options"]]
    assert len(dec["options"]) == len(names)
    for layout in ("wide", "narrow"):
        scene = snap["scene"] if layout == "wide" else snap["scene"]["layouts"]["narrow"]
        drawn = _drawn(scene)
        texts = [it["s"] for it in scene["items"] if it.get("t") == "text"]
        assert f"{g.seat_name(host)}'s Secrets — you look through them: click one to steal" in texts, layout
        # the host's mat holds every Secret, face up, each the one target of its option
        mat = drawn[f"seat:{host}"]
        said_for = []
        for o in dec["options"]:
            (target,) = o["targets"]
            card = drawn[target]
            assert mat["x"] <= card["x"] and card["x"] + card["w"] <= mat["x"] + mat["w"], (layout, target)
            assert mat["y"] <= card["y"] and card["y"] + card["h"] <= mat["y"] + mat["h"], (layout, target)
            name = o["label"].removeprefix("Steal the Secret ")
            assert card["tip"].startswith(f"{name} (Intent)"), card["tip"]
            # whom it points at is said for the thief, whose Intent it becomes (not for the host)
            assert f"For {g.seat_name(host)}, " not in card["tip"], card["tip"]
            assert "\nFor " not in card["tip"] or f"\nFor {g.seat_name(thief)}, that is " in card["tip"]
            said_for.append("\nFor " in card["tip"])
        assert any(said_for)  # (an Intent that visits someone is among them: the check above is not vacuous)
        assert sorted(drawn[o["targets"][0]]["tip"].split(" (Intent)")[0] for o in dec["options"]) == \
            sorted(names)
    # a click on a Secret's card names that steal (the board's hint for a clicked entity)
    o = dec["options"][-1]
    assert st.game.hint(d, thief, o["targets"][0]).notation() == o["notation"]


def test_no_other_seat_nor_a_spectator_sees_the_secrets_being_looked_through():
    st, f = _steal_position(players=3, seeds=range(31, 60))
    g, d = st.game, st.data
    secret_names = {g.intent_name(i) for i in f["options"]}
    tokens = {f"c{i}" for i in f["options"]}
    match = Match.from_state(st)
    thief_board = json.dumps(match.snapshot(f"seat:{f['seat']}")["scene"])
    assert all(n in thief_board for n in secret_names)  # (the check below is not vacuous)
    # names that are public elsewhere in this position (an Intent on the table) do not count against it
    public = {c["name"] for c in _public_cards(st.view(None))}
    assert secret_names - public, "every Secret's name is public here: pick another position"
    for who in [f"seat:{s}" for s in range(d["n"]) if s != f["seat"]] + ["spectator"]:
        snap = match.snapshot(who)
        sent = json.dumps({"scene": snap["scene"], "decisions": snap["decisions"]})
        assert "secret:" not in sent, who
        assert not tokens & set(re.findall(r'"(c\d+)"', sent)), who
        for name in secret_names - public:
            assert name not in sent, (who, name)
    # ... and the view itself (the one place hidden information is filtered)
    for s in range(d["n"]):
        if s != f["seat"]:
            assert "options" not in st.view(s)["pending"], s


def _public_cards(view: dict):
    """Every card a spectator's view shows."""
    def walk(x):
        if isinstance(x, dict):
            if "name" in x and "card" in x:
                yield x
            for v in x.values():
                yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)
    return list(walk(view))
