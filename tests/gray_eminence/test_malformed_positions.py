"""Malformed Gray Eminence positions are refused with ``RecordError`` naming the field (issue 34, review item
2: its decoding used to check only the player count): made by mutating real positions (``state.position()``),
loaded both ways (``game.load_position`` and the module's ``load_position``). Never a raw exception later; a
mutation that is accepted gives a position the rules can go on from."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

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


def _at(top: str, players: int = 4, seed: int = 3, options=None):
    """The first position of a random game whose pending step on top is ``top``."""
    g = load_game("gray-eminence", players=players, **(options or {}))
    st = g.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(3000):
        if st.data["frames"] and st.data["frames"][-1]["t"] == top:
            return g, st.position()
        assert not st.is_terminal(), f"no {top!r} step in this game"
        st.apply(random_action(st, rng))
    raise AssertionError(f"no {top!r} step in this game")


def _positions() -> list:
    cases = ((3, {}, 3, 1), (4, {}, 60, 2), (5, {}, 200, 3), (4, {"length": "long"}, 400, 4),
             (3, {}, 3000, 5))
    out = real_positions("gray-eminence", cases)
    out += [_at("act"), _at("program"), _at("bid")]
    assert any(unpack(t)["data"]["result"] is not None for _, t in out), "a finished game is among them"
    return out


POSITIONS = _positions()
FINISHED, ACT, PROGRAM, BID = 4, 5, 6, 7


def test_the_real_positions_load_unchanged():
    loads_unchanged(POSITIONS)


# the review's examples (each loaded, then a fake winner, a game without end, a raw error 47-120 moves later)
@pytest.mark.parametrize("k", [1, 2, ACT, FINISHED])
def test_a_huge_victory_point_count_is_refused(k):
    g, text = POSITIONS[k]
    refused(g, mutated(text, lambda d: d["vp"].__setitem__(0, 10 ** 9)), "vp")


@pytest.mark.parametrize("k", [1, 2, ACT])
def test_a_game_of_a_million_rounds_is_refused(k):
    g, text = POSITIONS[k]
    refused(g, mutated(text, _set("rounds", 10 ** 6)), "rounds")


@pytest.mark.parametrize("k", [1, 2, ACT])
@pytest.mark.parametrize(("field", "change"), [
    ("vp", lambda d: d["vp"].__setitem__(0, "x")),
    ("exposed", _set("exposed", "x")),
    ("ge", lambda d: d["ge"].__setitem__(0, None)),
])
def test_the_reviews_wrong_types_are_refused(k, field, change):
    g, text = POSITIONS[k]
    refused(g, mutated(text, change), field)


def test_a_forged_winner_is_refused():
    g, text = POSITIONS[FINISHED]
    winners = unpack(text)["data"]["result"]["winners"]
    assert winners
    other = next(s for s in range(g.players) if s not in winners)
    refused(g, mutated(text, lambda d: d["result"].__setitem__("winners", [other])), "result")


@pytest.mark.parametrize("k", [1, 2, ACT, PROGRAM])
def test_cards_duplicated_or_missing_are_refused(k):
    """Conservation: each card is in exactly one place; the message names where (or which card is lost)."""
    g, text = POSITIONS[k]
    data = unpack(text)["data"]
    top = data["decks"]["action"][-1]
    refused(g, mutated(text, lambda d: d["decks"]["action"].append(d["decks"]["action"][0])), "decks")
    refused(g, mutated(text, lambda d: d["decks"]["action"].pop()), f"({top})")
    two = refused(g, mutated(text, lambda d: d["hands"][0].append(d["decks"]["action"][-1])), "hands")
    assert "decks.action" in two  # both places named
    refused(g, mutated(text, lambda d: d["secret"][1].append(d["decks"]["secret"][-1])), "secret")
    refused(g, mutated(text, lambda d: d["tweets"].append(d["decks"]["tweet"][-1])), "tweets")


@pytest.mark.parametrize("k", [1, 2, ACT])
def test_resources_made_from_nothing_are_refused(k):
    g, text = POSITIONS[k]
    refused(g, mutated(text, lambda d: d["box"][0].__setitem__(1, d["box"][0][1] + 1)), "minted")
    refused(g, mutated(text, lambda d: d["pool"].__setitem__(0, -1)), "pool")


def test_pending_steps_that_do_not_fit_are_refused():
    g, text = POSITIONS[ACT]
    refused(g, mutated(text, lambda d: d["frames"].append(dict(d["frames"][-1]))), "frames")  # repeated
    refused(g, mutated(text, lambda d: d["frames"][-1].__setitem__("left", ["A", "A"])), "left")
    refused(g, mutated(text, lambda d: d["frames"][-1]["used"].__setitem__("pg", 3)), "used")
    refused(g, mutated(text, lambda d: d["frames"].append({"t": "bid", "bids": {}})), "frames")  # wrong phase
    g, text = POSITIONS[PROGRAM]
    refused(g, mutated(text, lambda d: d["frames"][-1]["progs"].__setitem__("0", {"A": "A99"})), "progs")
    g, text = POSITIONS[BID]
    refused(g, mutated(text, lambda d: d["frames"][-1]["bids"].__setitem__("0", [10 ** 6])), "bids")


# (field named in the refusal, mutation of the position's data)
NAMED = [
    ("round", _set("round", -1)),
    ("round", _set("round", "3")),
    ("rounds", _set("rounds", 8)),
    ("scen", _set("scen", "mars")),
    ("phase", _set("phase", "lunch")),
    ("track", _set("track", [0, 1])),
    ("track", lambda d: d["track"].__setitem__(0, 9)),
    ("ge", lambda d: d["ge"].__setitem__(0, "G99")),
    ("box", lambda d: d["box"][0].__setitem__(0, -3)),
    ("box", lambda d: d["box"].__setitem__(0, [1, 2])),
    ("pool", _set("pool", None)),
    ("minted", lambda d: d["minted"].__setitem__(0, 1.5)),
    ("hands", lambda d: d["hands"][0].append("A999")),
    ("facs", lambda d: d["facs"].__setitem__(0, [["F01", "yes"]])),
    ("secret", _set("secret", {})),
    ("done", lambda d: d["done"].__setitem__(0, None)),
    ("exposed", lambda d: d["exposed"].append("S99")),
    ("known", _set("known", {"9": []})),
    ("known", _set("known", {"0": "S01"})),
    ("pub_done", lambda d: d["pub_done"].__setitem__(0, 1)),
    ("vp", lambda d: d["vp"].__setitem__(0, -1)),
    ("decks", _set("decks", [])),
    ("decks", lambda d: d["decks"].pop("tweet")),
    ("discards", lambda d: d["discards"]["action"].append(7)),
    ("box_esc", lambda d: d["box_esc"].append("X99")),
    ("mandatory", _set("mandatory", "E99")),
    ("additional", _set("additional", 4)),
    ("resolved", _set("resolved", [["E01"]])),
    ("unresolved", _set("unresolved", "E01")),
    ("rel", lambda d: d["rel"].__setitem__("EU", 3)),
    ("rel", lambda d: d["rel"].__setitem__("Mars", 0)),
    ("escalated", _set("escalated", "no")),
    ("tweets", _set("tweets", [None])),
    ("prog", lambda d: d["prog"].__setitem__(0, {"E": "A01"})),
    ("cgpile", _set("cgpile", [["A01"]])),
    ("rs", _set("rs", -1)),
    ("rs", _set("rs", 2 ** 64)),
    ("last", _set("last", [])),
    ("trades", _set("trades", [{"from": 9, "to": 0, "accepted": True}])),
    ("result", _set("result", "Red")),
    ("result", _set("result", {"winners": [7]})),
    ("frames", _set("frames", "act")),
    ("frames", _set("frames", [{"seat": 0}])),
    ("frames", _set("frames", [{"t": "nope"}])),
    ("frames", lambda d: d["frames"].append({"t": "score", "seat": 12})),
]


@pytest.mark.parametrize("k", range(len(POSITIONS)))
@pytest.mark.parametrize(("field", "change"), NAMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(NAMED)])
def test_a_malformed_field_is_refused_naming_it(k, field, change):
    check_named(POSITIONS, k, field, change)


WILD = [None, -1, 0, 1, 2, 10 ** 6, 10 ** 4000, 1.5, True, False, "", "x", "A01", "S01", [], [None], [-1], {},
        {"t": "act"}, [[]], [{"t": "score", "seat": 0}], {"0": ["A01"]}]


def test_random_mutations_are_refused_cleanly_or_playable():
    """Many mutations (a field, or one entry of it, set to a value of any kind): each is refused with a
    RecordError naming the field, or loads into a position the rules can go on from."""
    refused_, accepted = random_mutations(POSITIONS, WILD, seed=34,
                                          also_named="Gray Eminence position for this player count",
                                          tries=300)
    assert refused_ > 200 and accepted > 5, (refused_, accepted)


@pytest.mark.parametrize("change", [
    lambda d: d["track"].__setitem__(0, None),
    lambda d: d["track"].__setitem__(4, d["track"][0]),
])
def test_a_broken_visibility_track_is_refused_naming_it(change):
    g, text = POSITIONS[ACT]
    refused(g, mutated(text, change), "field 'track'")
