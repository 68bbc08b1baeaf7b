"""Malformed Primordial Secrets positions are refused with ``RecordError`` naming the field (issue 34, review
item 2: its decoding used to check only the player count and that keys exist): made by mutating real
positions (``state.position()``), loaded both ways (``game.load_position`` and the module's
``load_position``). Never a raw TypeError or ValueError later; a mutation that is accepted gives a position
the rules can go on from."""

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


def _mid_plot(players: int = 3, seed: int = 4):
    """A position in the Plotting Phase after one seat has sealed its plot, and one in the middle of a
    visit."""
    g = load_game("primordial", players=players)
    st = g.new_state(seed=seed)
    rng = Rng(seed)
    plot = visit = None
    for _ in range(400):
        top = st.data["frames"][-1]["t"] if st.data["frames"] else None
        if plot is None and top == "plot" and len(st.data["frames"][-1]["commits"]) == 1:
            plot = st.position()
        if visit is None and st.data["turn"] is not None and st.data["turn"]["step"] >= 5:
            visit = st.position()
        if plot and visit or st.is_terminal():
            break
        st.apply(random_action(st, rng))
    assert plot and visit
    return g, plot, visit


def _positions() -> list:
    cases = ((2, {}, 3, 1), (3, {}, 40, 2), (4, {}, 120, 3), (3, {"stacking": "replace"}, 60, 4),
             (2, {}, 3000, 5))
    out = real_positions("primordial", cases)
    g, plot, visit = _mid_plot()
    out += [(g, plot), (g, visit)]
    assert any(unpack(t)["data"]["result"] is not None for _, t in out), "a finished game is among them"
    return out


POSITIONS = _positions()
PLOT, VISIT = len(POSITIONS) - 2, len(POSITIONS) - 1


def test_the_real_positions_load_unchanged():
    loads_unchanged(POSITIONS)


def _commit(d):
    return next(iter(d["frames"][-1]["commits"].values()))


def _plot_commit(change):
    def go(d):
        change(_commit(d), d)
    return go


# the review's examples (each refused naming the field; they used to load and fail later)
def test_a_sealed_plot_whose_intent_is_true_is_refused():
    """It loaded, then every one of the next seat's plots raised ValueError: the game could not go on."""
    g, text = POSITIONS[PLOT]
    refused(g, mutated(text, _plot_commit(lambda c, d: c.__setitem__(1, True))), "commits")


def test_a_round_given_as_text_is_refused():
    """``round="3"`` loaded, then a TypeError five moves later."""
    for k in (1, PLOT, VISIT):
        g, text = POSITIONS[k]
        assert "round" in refused(g, mutated(text, _set("round", "3")), "round")


@pytest.mark.parametrize(("field", "change"), [
    ("round", _set("round", -1)),
    ("first", _set("first", -1)),
    ("turn.spent", lambda d: d["turn"].__setitem__("spent", -5)),
    ("turn.sac", lambda d: d["turn"].__setitem__("sac", -1)),
    ("frames[0].i", lambda d: d["frames"][0].__setitem__("i", -1)),
])
def test_negative_counts_are_refused(field, change):
    g, text = POSITIONS[VISIT]
    refused(g, mutated(text, change), field)


def test_a_sealed_plot_must_come_from_the_hand_and_the_intent_deck():
    g, text = POSITIONS[PLOT]
    refused(g, mutated(text, _plot_commit(lambda c, d: c.__setitem__(1, c[0][0]))), "commits")
    refused(g, mutated(text, _plot_commit(lambda c, d: c[0].__setitem__(0, c[0][1]))), "commits")
    refused(g, mutated(text, _plot_commit(lambda c, d: c[0].pop())), "commits")
    refused(g, mutated(text, lambda d: d["frames"][-1]["commits"].__setitem__("7", [[], 0])), "commits")


def test_a_forged_winner_is_refused():
    g, text = POSITIONS[4]
    data = unpack(text)["data"]
    assert data["result"] is not None
    others = [s for s in range(g.players) if s not in data["result"]["winners"]]
    refused(g, mutated(text, lambda d: d["result"].__setitem__("winners", others[:1])), "result")


# (field named in the refusal, mutation of the position's data)
NAMED = [
    ("round", _set("round", 0)),
    ("round", _set("round", 1.5)),
    ("round", _set("round", 10 ** 9)),
    ("first", _set("first", 5)),
    ("first", _set("first", None)),
    ("n", _set("n", "3")),
    ("intent", _set("intent", "x")),
    ("intent", lambda d: d["intent"].__setitem__(0, True)),
    ("ends", _set("ends", [["nope", 0]])),
    ("ends", _set("ends", "x")),
    ("hand", lambda d: d["hand"].__setitem__(0, None)),
    ("hand", lambda d: d["hand"][0].append(-3)),
    ("deck", lambda d: d["deck"].pop()),
    ("discard", lambda d: d["discard"][0].append(10 ** 9)),
    ("court_pawns", _set("court_pawns", {})),
    ("banished", lambda d: d["banished"].append(True)),
    ("last", _set("last", {"v": 0})),
    ("result", _set("result", {"winners": [9], "reason": "royal"})),
    ("result", _set("result", "Red")),
    ("frames", _set("frames", "plot")),
    ("frames", _set("frames", [{"t": "nope"}])),
    ("frames", lambda d: d["frames"].append(dict(d["frames"][-1]))),
    ("turn", _set("turn", 3)),
    ("turn", _set("turn", {"v": 0})),
]


@pytest.mark.parametrize("k", range(len(POSITIONS)))
@pytest.mark.parametrize(("field", "change"), NAMED, ids=[f"{f}-{i}" for i, (f, _) in enumerate(NAMED)])
def test_a_malformed_field_is_refused_naming_it(k, field, change):
    check_named(POSITIONS, k, field, change)


@pytest.mark.parametrize("k", [1, 2, VISIT])
def test_cards_duplicated_or_missing_are_refused(k):
    """Conservation: each card instance is in exactly one place; the message names where (or which card is
    lost)."""
    g, text = POSITIONS[k]
    data = unpack(text)["data"]
    seat_deck = next(s for s in range(g.players) if data["deck"][s])
    top = data["deck"][seat_deck][-1]
    refused(g, mutated(text, lambda d: d["deck"][seat_deck].append(d["deck"][seat_deck][0])), "deck")
    refused(g, mutated(text, lambda d: d["deck"][seat_deck].pop()), f"card {top} ")
    two = refused(g, mutated(text, lambda d: d["pawn_deck"].append(d["deck"][seat_deck][-1])), "pawn_deck")
    assert "deck[" in two  # both places named


@pytest.mark.parametrize("k", [1, VISIT])
def test_a_card_in_a_zone_of_the_wrong_kind_is_refused(k):
    g, text = POSITIONS[k]
    refused(g, mutated(text, lambda d: d["court_royals"].append(d["pawn_deck"].pop())), "court_royals")
    refused(g, mutated(text, lambda d: d["hand"][0].append(d["intent_deck"][0].pop())), "hand")


def test_a_visit_without_its_ledger_is_refused():
    g, text = POSITIONS[VISIT]
    refused(g, mutated(text, _set("turn", None)), "turn")
    refused(g, mutated(text, lambda d: d["turn"].__setitem__("step", 12)), "turn.step")
    refused(g, mutated(text, lambda d: d["turn"].__setitem__("ledger", {"5": [["luck", "add", 1]]})),
            "ledger")


WILD = [None, -1, 0, 1, 2, 10 ** 6, 10 ** 4000, 1.5, True, False, "", "x", "3", [], [None], [-1], {},
        {"t": "plot"}, [[]], [{"t": "plot", "commits": {}}]]


def test_random_mutations_are_refused_cleanly_or_playable():
    """Many mutations (a field, or one entry of it, set to a value of any kind): each is refused with a
    RecordError naming the field, or loads into a position the rules can go on from."""
    refused_, accepted = random_mutations(POSITIONS, WILD, seed=34,
                                          also_named="Primordial Secrets position for this player count")
    assert refused_ > 400 and accepted > 5, (refused_, accepted)
