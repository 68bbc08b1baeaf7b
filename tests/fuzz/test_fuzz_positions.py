"""Position-field fuzzing of all four games (issue 34, review item 2): real positions, taken at several points
of random games, each with one field (or one entry of it, or a key of one of its pending steps) set to a bad
value: a wrong type, out of range, None, a huge whole number, a duplicated card, a missing key.

Property: the mutated position is refused at load with the engine's typed error (a ``RecordError`` whose
message names a field, and the game and a live state of it left unchanged), or it loads and plays
``PLAY`` random legal moves with every invariant after each (no raw exception, the game's own check clean).
The sample is bounded and derandomized by the Hypothesis profile (``ci`` in tests/conftest.py: a share of its
examples per game); ``--hypothesis-profile=release`` runs many more.
"""

from __future__ import annotations

import copy
import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illumi_widgets import load_game
from illumi_widgets.engine import EngineError, RecordError, load_position
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import position_payload, position_text, random_action

GAMES = [("pax", 3), ("illuminati", 4), ("primordial", 3), ("gray-eminence", 4)]
STOPS = (0, 8, 30, 90, 250, 100_000)  # random actions before a position is taken (the last: the game's end)
SEEDS = (1, 2)
PLAY = 20  # random legal moves played from an accepted position
#: bad values of every kind: wrong types, None, out of range, huge whole numbers, text where a number goes
BAD = (None, -1, 10 ** 9, 2 ** 70, -(2 ** 70), 10 ** 400, "x", "3", "", 1.5, True, False, [], {}, [None],
       {"t": "x"})
MAX_DEPTH = 3


def share(part: float) -> settings:
    """``part`` of the profile's example count (tests/conftest.py: ci bounded, release long)."""
    return settings(max_examples=max(10, int(settings.default.max_examples * part)))


@functools.cache
def corpus(name: str, players: int) -> tuple:
    """``(game, [position texts])``: the positions of random games after each of ``STOPS`` actions."""
    game = load_game(name, players=players)
    texts = []
    for seed in SEEDS:
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        done = 0
        for stop in STOPS:
            while done < stop and not state.is_terminal():
                state.apply(random_action(state, rng))
                done += 1
            texts.append(state.position())
            if state.is_terminal():
                break
    return game, tuple(dict.fromkeys(texts))


def paths(value, depth: int = 0, path: tuple = ()) -> list:
    """Every place in ``value`` a mutation can go: each key of an object, the first and last entries of a
    list, down to ``MAX_DEPTH`` levels."""
    out = []
    if isinstance(value, dict):
        for k in sorted(value, key=str):
            out.append(path + (k,))
            if depth < MAX_DEPTH:
                out += paths(value[k], depth + 1, path + (k,))
    elif isinstance(value, list) and value:
        for i in sorted({0, len(value) - 1}):
            out.append(path + (i,))
            if depth < MAX_DEPTH:
                out += paths(value[i], depth + 1, path + (i,))
    return out


def mutate(data: dict, path: tuple, how: str, value=None) -> dict:
    """A copy of ``data`` with the place at ``path`` set to ``value`` (``how`` "set"), removed ("drop": a
    missing key or entry), or, for a list, one entry repeated ("dup": a duplicated card) or made equal to
    another ("same")."""
    out = copy.deepcopy(data)
    parent = out
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    if how == "set":
        parent[key] = value
    elif how == "drop":
        del parent[key]
    elif how == "dup":
        target = parent[key]
        target.append(copy.deepcopy(target[-1]))
    else:  # "same": the first entry made equal to the last
        target = parent[key]
        target[0] = copy.deepcopy(target[-1])
    return out


@st.composite
def mutations(draw, name: str, players: int):
    """``(game, position text, what was changed)``, or ``None`` when the change cannot be written as a
    text."""
    game, texts = corpus(name, players)
    text = draw(st.sampled_from(texts))
    payload = position_payload(text)
    path = draw(st.sampled_from(paths(payload["data"])))
    parent = payload["data"]
    for k in path:
        parent = parent[k]
    hows = ["set", "set", "set", "drop"] + (["dup", "same"] if isinstance(parent, list) and parent else [])
    how = draw(st.sampled_from(hows))
    value = draw(st.sampled_from(BAD)) if how == "set" else None
    payload["data"] = mutate(payload["data"], path, how, value)
    try:
        return game, position_text(payload), (path, how, value)
    except (TypeError, ValueError):  # (a number too long for JSON's writer)
        return None


def fingerprint(state) -> tuple:
    return state.position(), state.version, len(state.log), state.rng.state


@pytest.mark.parametrize("name,players", GAMES, ids=[n for n, _ in GAMES])
@share(1.0)
@given(data=st.data())
def test_a_mutated_position_is_refused_or_plays_on(fuzz, name, players, data):
    got = data.draw(mutations(name, players))
    if got is None:
        return
    game, text, what = got
    live = game.new_state(seed=7)  # a game in progress with the same rules: a refusal leaves it as it was
    before = fingerprint(live)
    try:
        state = load_position(text, game=game) if data.draw(st.booleans()) else game.load_position(text)
    except EngineError as e:
        assert isinstance(e, RecordError), f"{what}: {type(e).__name__}: {e}"
        assert e.code and e.message and len(e.message) <= 1000
        assert "field" in e.message, f"{what}: the refusal names no field: {e.message}"
        assert fingerprint(live) == before, "a refused position changed another state of the game"
        return
    fuzz.check_invariants(state, play=PLAY, seed=len(text))


def test_a_finished_game_whose_result_cannot_be_reported_is_refused():
    """Found by this fuzzing: a finished Pax game's ``result.scores`` entry set to ``[None]`` loaded, then
    every seat's view raised a TypeError making the final report; now refused naming field 'result'."""
    game, texts = corpus("pax", 3)
    text = next(t for t in texts if position_payload(t)["data"]["result"] is not None)
    payload = position_payload(text)
    scores = payload["data"]["result"].get("scores")
    if not scores:
        pytest.skip("this game ended without scores")
    payload["data"]["result"]["scores"][sorted(scores)[0]] = [None]
    with pytest.raises(RecordError, match="field 'result'"):
        game.load_position(position_text(payload))
