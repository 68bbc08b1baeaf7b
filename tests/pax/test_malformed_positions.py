"""Malformed Pax positions are refused with ``RecordError`` naming the field (a position text is untrusted
input): made by mutating real positions (``state.position()``) — wrong types, negative and oversized counters,
no one to act in a game going on, cards duplicated or missing (conservation), Favor created from nothing —
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
    """Real positions: early, mid-game (with pending steps), with a rulebook bot, and a finished game."""
    cases = ((2, {}, 5, 1), (3, {}, 120, 2), (3, {"bots": {"1": "weishaupt"}}, 80, 3), (4, {}, 260, 4),
             (2, {}, 5000, 5))
    out = real_positions("pax", cases, prefer=("claimplot", "claimfaction"))
    assert any(unpack(t)["data"]["result"] is not None for _, t in out), "a finished game is among them"
    assert any(len(unpack(t)["data"]["frames"]) > 2 for _, t in out), "and one with pending steps"
    return out


POSITIONS = _positions()


def test_the_real_positions_load_unchanged():
    loads_unchanged(POSITIONS)


# (field named in the refusal, mutation of the position's data)
NAMED = [
    ("main_left", _set("main_left", -5)),
    ("main_left", _set("main_left", 10 ** 6)),
    ("main_left", _set("main_left", "2")),
    ("main_left", _set("main_left", 1.5)),
    ("main_left", _set("main_left", 10 ** 4000)),  # (JSON texts of longer numbers do not even parse)
    ("round", _set("round", -1)),
    ("turn", _set("turn", None)),
    ("active", _set("active", 7)),
    ("active", _set("active", True)),
    ("first", _set("first", -1)),
    ("chamberlain", _set("chamberlain", 5)),
    ("reshuffles", _set("reshuffles", -3)),
    ("final_round", _set("final_round", 1)),
    ("quick_used", _set("quick_used", "no")),
    ("cards", _set("cards", "PIL001")),
    ("cards", lambda d: d["cards"].__setitem__(0, "PIL999")),
    ("cards", lambda d: d["cards"].pop()),
    ("up", lambda d: d["up"].__setitem__(0, "yes")),
    ("infl", lambda d: d["infl"].__setitem__(0, [9])),
    ("infl", lambda d: d["infl"].__setitem__(0, 5)),
    ("infl", _set("infl", {"a": 1})),
    ("deck", _set("deck", None)),
    ("deck", lambda d: d["deck"].append(["PIL001"])),
    ("court", lambda d: d["court"].append(None)),
    ("hands", lambda d: d["hands"].append([])),
    ("hands", lambda d: d["hands"].__setitem__(0, "PIL001")),
    ("known", _set("known", [])),
    ("favor", lambda d: d["favor"][0].__setitem__(2, -1)),
    ("favor", lambda d: d["favor"][0].__setitem__(2, "x")),
    ("favor", lambda d: d["favor"][0].append(0)),
    ("pool", lambda d: d["pool"].__setitem__(0, -2)),
    ("pool", _set("pool", [0] * 5)),
    ("contacts", _set("contacts", 4)),
    ("faction_row", lambda d: d["faction_row"].append("XYZ")),
    ("faction_holder", _set("faction_holder", {"NOB": 9})),
    ("faction_holder", _set("faction_holder", [])),
    ("borrowed", _set("borrowed", {"XYZ": 0})),
    ("public_plots", lambda d: d["public_plots"].append("no-such-plot")),
    ("private_plot", _set("private_plot", [])),
    ("private_revealed", lambda d: d["private_revealed"].__setitem__(0, None)),
    ("claims", lambda d: d["claims"].__setitem__(0, {"no-such-plot": True})),
    ("claims", _set("claims", {})),
    ("event_deck", lambda d: d["event_deck"].append(7)),
    ("edicts", lambda d: d["edicts"].__setitem__(0, [["EV01"]])),
    ("edicts", lambda d: d["edicts"].__setitem__(0, [["EV01", -4]])),
    ("special_hand", lambda d: d["special_hand"].__setitem__(0, ["nope"])),
    ("special_active", lambda d: d["special_active"].__setitem__(0, 3)),
    ("cubes", _set("cubes", [999])),
    ("extorted", _set("extorted", ["A1"])),
    ("bs_adj", _set("bs_adj", [-7])),
    ("bot_token", _set("bot_token", [1000, None])),
    ("peek", _set("peek", {"viewer": 0})),
    ("peek", _set("peek", 3)),
    ("result", _set("result", "Blue")),
    ("result", _set("result", {"winners": [5]})),
    ("frames", _set("frames", "turn")),
    ("frames", _set("frames", [["turn"]])),
    ("frames", _set("frames", [{"seat": 0}])),
    ("frames", _set("frames", [{"t": "no-such-step", "seat": 0}])),
    ("frames", _set("frames", [{"t": "turn"}])),
    ("frames", _set("frames", [{"t": "turn", "seat": 9}])),
    ("frames", _set("frames", [{"t": "turn", "seat": "0"}])),
    ("frames", _set("frames", [{"t": "place", "seat": 0, "cell": 10 ** 9, "carry": 1, "why": "x"}])),
    ("frames", _set("frames", [{"t": "reveal", "att": 0, "def": 1}])),
    ("frames", _set("frames", [{"t": "turn", "seat": 0}])),  # no end of turn below: would stop the game
    # sound fields that do not fit together: found by playing the pending steps on a copy
    ("frames", _set("frames", [{"t": "endturn"}, {"t": "pay", "seat": 0}])),
    ("frames", _set("frames", [{"t": "endturn"}, {"t": "gain", "seat": 0}])),
    ("frames", _set("frames", [{"t": "keep", "seat": 0, "cards": ["nope"]}])),
]


@pytest.mark.parametrize("k", range(len(POSITIONS)))
@pytest.mark.parametrize(("field", "change"), NAMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(NAMED)])
def test_a_malformed_field_is_refused_naming_it(k, field, change):
    check_named(POSITIONS, k, field, change)


def test_no_one_to_act_in_a_game_going_on():
    g, text = POSITIONS[1]
    assert unpack(text)["data"]["result"] is None
    msg = refused(g, mutated(text, _set("frames", [])), "frames")
    assert "no one is to act" in msg


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_cards_duplicated_or_missing_are_refused(k):
    """Conservation: each Luminary card is in exactly one place; the message names where."""
    g, text = POSITIONS[k]
    data = unpack(text)["data"]
    if not data["deck"]:
        pytest.skip("before the deal")
    top = data["deck"][-1]
    refused(g, mutated(text, lambda d: d["deck"].append(d["deck"][0])), "deck")
    refused(g, mutated(text, lambda d: d["deck"].pop()), top)  # the missing card is named
    refused(g, mutated(text, lambda d: d["discard"].append(d["deck"][-1])), "discard")
    two = refused(g, mutated(text, lambda d: d["hands"][0].append(d["deck"][-1])), "hands")
    assert "deck" in two  # both places named


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_favor_made_from_nothing_is_refused(k):
    g, text = POSITIONS[k]
    if not unpack(text)["data"]["cards"]:
        pytest.skip("before the deal")
    refused(g, mutated(text, lambda d: d["favor"][0].__setitem__(0, d["favor"][0][0] + 1)), "favor")
    refused(g, mutated(text, lambda d: d["pool"].__setitem__(1, d["pool"][1] + 1)), "pool")


WILD = [None, -1, -5, 0, 1, 2, 10 ** 6, 10 ** 4000, 1.5, True, False, "", "x", "PIL001", [], [None], [-1], {},
        {"t": "turn"}, [[]], [{"t": "turn", "seat": 0}]]


def test_random_mutations_are_refused_cleanly_or_playable():
    """Many mutations (a field, or one entry of it, set to a value of any kind): each is refused with a
    RecordError naming the field, or loads into a position the rules can go on from."""
    refused_, accepted = random_mutations(POSITIONS, WILD, seed=14, also_named="seats")
    assert refused_ > 400 and accepted > 10, (refused_, accepted)
