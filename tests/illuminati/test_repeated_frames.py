"""An Illuminati position whose pending steps repeat a step is refused at load, naming field 'frames' (issue
34, review item 7): a repeated attack loaded, and 18 legal moves later the game's own check reported "field
'used' does not count the attack of ufos under way" (or a ValueError as the attack resolved twice)."""

from __future__ import annotations

import copy

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import RecordError, load_position
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import position_payload, position_text, random_action


def _with_top(kinds: tuple, players: int = 3):
    """The first position of a random game whose pending steps are ``kinds`` (bottom first)."""
    g = load_game("illuminati", players=players)
    for seed in range(10):
        st = g.new_state(seed=seed)
        rng = Rng(seed)
        for _ in range(400):
            if tuple(f["t"] for f in st.data["frames"]) == kinds:
                return g, st.position()
            if st.is_terminal():
                break
            st.apply(random_action(st, rng))
    raise AssertionError(f"no position with the steps {kinds}")


def _repeat(text: str, k: int) -> str:
    payload = position_payload(text)
    frames = payload["data"]["frames"]
    frames.insert(k, copy.deepcopy(frames[k]))
    return position_text(payload)


@pytest.mark.parametrize(("kinds", "k"), [
    (("actions", "attack"), 1),  # the review's case: the attack under way twice
    (("actions", "attack"), 0),  # the turn's own step twice
    (("actions", "react"), 1),
    (("actions", "talk"), 1),
    (("transfers",), 0),
])
def test_a_repeated_pending_step_is_refused(kinds, k):
    g, text = _with_top(kinds)
    assert g.load_position(text).position() == text  # the real position loads
    bad = _repeat(text, k)
    for load in (g.load_position, load_position):
        with pytest.raises(RecordError, match="frames") as err:
            load(bad)
        assert "repeats" in str(err.value) or "bottom" in str(err.value)


def test_a_turns_step_above_another_step_is_refused():
    g, text = _with_top(("actions", "attack"))
    payload = position_payload(text)
    payload["data"]["frames"].append({"t": "transfers", "seat": payload["data"]["frames"][0]["seat"]})
    with pytest.raises(RecordError, match="bottom"):
        g.load_position(position_text(payload))


def test_an_attack_and_its_reactions_are_not_both_pending():
    g, attack = _with_top(("actions", "attack"))
    _g, react = _with_top(("actions", "react"))
    payload = position_payload(react)
    payload["data"]["frames"].insert(1, position_payload(attack)["data"]["frames"][1])
    with pytest.raises(RecordError, match="an attack and the reactions to its roll cannot both be pending"):
        g.load_position(position_text(payload))


@pytest.mark.parametrize("key", ["attack", "forced", "order"])
def test_a_reaction_step_without_its_keys_is_refused(key):
    """The reactions to an attack's roll name the attack: without it (or its other keys) the position used to
    load and fail with a KeyError on the next pass."""
    g, text = _with_top(("actions", "react"))
    payload = position_payload(text)
    del payload["data"]["frames"][1][key]
    with pytest.raises(RecordError, match=key):
        g.load_position(position_text(payload))
    payload = position_payload(text)
    payload["data"]["frames"][1]["attack"] = {}
    with pytest.raises(RecordError, match="attack"):
        g.load_position(position_text(payload))
