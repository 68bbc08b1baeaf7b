"""Malformed Illuminati positions are refused with ``RecordError`` naming the field (a position text is
untrusted input): made by mutating real positions (``state.position()``) — wrong types, negative and oversized
counters, no one to act or every player out in a game going on, cards duplicated or missing (conservation),
money created from nothing —
and loaded both ways (``game.load_position`` and the module's ``load_position``). Never a raw TypeError,
KeyError, IndexError, AttributeError or ValueError; and a mutation that is accepted gives a position the
rules can go on from (every seat's options and view, a few more random actions, every invariant).
"""

from __future__ import annotations

import pytest

from ..malformed import (
    check_named,
    loads_unchanged,
    mutated,
    random_mutations,
    real_positions,
    refused,
    unpack,
)
from ..malformed import set_field as _set


def _positions() -> list:
    """Real positions: early, mid-game (with pending steps), Hidden Illuminati, and a finished game."""
    cases = ((3, {}, 10, 1), (4, {}, 150, 2), (4, {"hidden_illuminati": True, "hidden_goals": True}, 200, 3),
             (2, {}, 400, 4), (3, {}, 6000, 5))
    out = real_positions("illuminati", cases)
    assert any(unpack(t)["data"]["result"] is not None for _, t in out), "a finished game is among them"
    return out


POSITIONS = _positions()


def test_the_real_positions_load_unchanged():
    loads_unchanged(POSITIONS)


def _first_group(d):
    return next(g for g, c in d["ctrl"].items() if c[1] is not None)


# (field named in the refusal, mutation of the position's data)
NAMED = [
    ("acts", _set("acts", -5)),
    ("acts", _set("acts", 10 ** 6)),
    ("acts", _set("acts", "2")),
    ("xfers", _set("xfers", 10 ** 4000)),
    ("minted", _set("minted", -1)),
    ("minted", _set("minted", 2.5)),
    ("active", _set("active", 9)),
    ("active", _set("active", "0")),
    ("last_roll", _set("last_roll", 13)),
    ("busy", _set("busy", 1)),
    ("n", _set("n", 3.0)),
    ("illum", _set("illum", "bavarian-illuminati")),
    ("illum", lambda d: d["illum"].__setitem__(0, "no-such-illuminati")),
    ("illum", lambda d: d["illum"].append(None)),
    ("alive", lambda d: d["alive"].__setitem__(0, "yes")),
    ("revealed", _set("revealed", [])),
    ("deck", _set("deck", {})),
    ("deck", lambda d: d["deck"].append(["x"])),
    ("unc", lambda d: d["unc"].append("no-such-group")),
    ("hands", lambda d: d["hands"].__setitem__(0, ["no-such-special"])),
    ("hands", lambda d: d["hands"].pop()),
    ("ctrl", _set("ctrl", [])),
    ("ctrl", lambda d: d["ctrl"].__setitem__(_first_group(d), [0, None])),
    ("ctrl", lambda d: d["ctrl"].__setitem__(_first_group(d), [7, None, None])),
    ("ctrl", lambda d: d["ctrl"].__setitem__(_first_group(d), [0, "no-such-group", 1])),
    ("ctrl", lambda d: d["ctrl"][_first_group(d)].__setitem__(2, 9)),
    ("money", lambda d: d["money"].__setitem__(next(iter(d["money"])), -3)),
    ("money", lambda d: d["money"].__setitem__(next(iter(d["money"])), "5")),
    ("goals", _set("goals", None)),
    ("destroyed", lambda d: d["destroyed"].__setitem__(0, -1)),
    ("turns", _set("turns", [0])),
    ("used", _set("used", {"x": -1})),
    ("income", _set("income", {"no-such-group": 3})),
    ("aligns", _set("aligns", {"no-such-group": ["Weird"]})),
    ("known", _set("known", {"9": []})),
    ("proposals", _set("proposals", {"0": -1})),
    ("gifts", _set("gifts", {"zero": 1})),
    ("disguise", _set("disguise", {"0": {"power": -2}})),
    ("disguised", _set("disguised", "0:power")),
    ("result", _set("result", 3)),
    ("result", _set("result", {"winners": [9]})),
    ("frames", _set("frames", {})),
    ("frames", _set("frames", ["actions"])),
    ("frames", _set("frames", [{"seat": 0}])),
    ("frames", _set("frames", [{"t": "no-such-step"}])),
    ("frames", _set("frames", [{"t": "actions"}])),
    ("frames", _set("frames", [{"t": "actions", "seat": 8}])),
    ("frames", _set("frames", [{"t": "talk", "order": [0, 1], "i": 5}])),
    ("frames", _set("frames", [{"t": "attack", "seat": 0}])),  # sound fields that do not fit: the trial
]


@pytest.mark.parametrize("k", range(len(POSITIONS)))
@pytest.mark.parametrize(("field", "change"), NAMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(NAMED)])
def test_a_malformed_field_is_refused_naming_it(k, field, change):
    check_named(POSITIONS, k, field, change, missing=(IndexError, KeyError, AttributeError, StopIteration))


def test_no_one_to_act_in_a_game_going_on():
    g, text = POSITIONS[1]
    assert unpack(text)["data"]["result"] is None
    assert "no one is to act" in refused(g, mutated(text, _set("frames", [])), "frames")


def test_every_player_out_while_the_game_goes_on():
    g, text = POSITIONS[1]
    assert unpack(text)["data"]["result"] is None
    refused(g, mutated(text, lambda d: d.__setitem__("alive", [False] * d["n"])), "alive")


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_cards_duplicated_or_missing_are_refused(k):
    """Conservation: each card is in exactly one place; the message names where."""
    g, text = POSITIONS[k]
    data = unpack(text)["data"]
    if not data["deck"]:
        pytest.skip("before the deal")
    top = data["deck"][-1]
    refused(g, mutated(text, lambda d: d["deck"].append(d["deck"][0])), "deck")
    refused(g, mutated(text, lambda d: d["deck"].pop()), top)  # the missing card is named
    refused(g, mutated(text, lambda d: d["dead"].append(d["deck"][-1])), "dead")


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_money_made_from_nothing_is_refused(k):
    g, text = POSITIONS[k]
    if not unpack(text)["data"]["money"]:
        pytest.skip("before the deal")
    refused(g, mutated(text, lambda d: d["money"].__setitem__(next(iter(d["money"])),
                                                                 d["money"][next(iter(d["money"]))] + 1)),
             "money")


WILD = [None, -1, -5, 0, 1, 2, 13, 10 ** 6, 10 ** 4000, 1.5, True, False, "", "x", "bavarian-illuminati", [],
        [None], [-1], {}, {"t": "actions"}, [[]], [{"t": "actions", "seat": 0}], {"0": 1}]


def test_random_mutations_are_refused_cleanly_or_playable():
    """Many mutations (a field, or one entry of it, set to a value of any kind): each is refused with a
    RecordError naming the field, or loads into a position the rules can go on from."""
    refused_, accepted = random_mutations(POSITIONS, WILD, seed=15,
                                          also_named="Illuminati position for this player count")
    assert refused_ > 400 and accepted > 10, (refused_, accepted)
