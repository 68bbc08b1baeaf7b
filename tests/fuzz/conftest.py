"""Shared material of the fuzz tests: real inputs to mutate, the mutations, and the invariants.

Every fuzz test takes real inputs (notation offered by a game, records and positions of random games,
the packaged data files, messages a board sends), mutates them with Hypothesis, and checks one property:
the input is refused with a documented engine error (an ``EngineError`` subclass: never a raw
``TypeError``/``KeyError``/…) and nothing changed, or it is accepted and every invariant holds.

Helpers reach the tests as session fixtures (``--import-mode=importlib``: test modules do not import each
other); inside a test, strategies are drawn through Hypothesis' ``data`` object.
"""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import strategies as st

from illumi_widgets import load_game
from illumi_widgets.engine import CHANCE, EngineError
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

#: characters that broke notation readers before: other scripts' digits, superscripts, controls, spaces
ODD_CHARS = "²³¹١٣۴߃𝟙０x:,-_ \t\n\r\x00\u200béÄ'\"\\/."
GAMES = [("pax", 3), ("illuminati", 4)]


@functools.cache
def corpus(name: str, players: int) -> dict:
    """States along a random game of ``name`` (their notations, records, positions): real material."""
    game = load_game(name, players=players)
    state = game.new_state(seed=players * 7 + 1)
    rng = Rng(players)
    states, texts = [], set()
    for step in range(120):
        if state.is_terminal():
            break
        if step % 12 == 0:
            states.append(state.clone())
        texts.update(state.legal_actions().notations()[:40])
        state.apply(random_action(state, rng))
    states.append(state.clone())
    return {"game": game, "states": states, "texts": sorted(texts),
            "records": [s.record() for s in states], "positions": [s.position() for s in states]}


def fingerprint(state) -> tuple:
    """What a refusal must leave unchanged."""
    return (state.position(), state.version, len(state.log), len(state.history), state.rng.state,
            tuple(a.notation() for a in state.history))


def check_invariants(state, play: int = 3, seed: int = 0) -> None:
    """Every invariant of an accepted state: consistent, every view builds, the record replays to the same
    position, the position text round-trips, someone can act, and a few random actions can be played."""
    from illumi_widgets.engine import OMNISCIENT, load_position, load_record

    game = state.game
    assert not game.problems(state.data), game.problems(state.data)
    for seat in [*range(game.players), None, OMNISCIENT]:
        assert isinstance(state.view(seat), dict)
    record = json.loads(json.dumps(state.record()))
    assert load_record(record, game=game).position() == state.position()
    assert load_position(state.position(), game=game).position() == state.position()
    rng = Rng(seed)
    for _ in range(play):
        if state.is_terminal():
            break
        if CHANCE in state.to_act():
            state.resolve_chance()
            continue
        legal = [a for s in state.to_act() for a in state.legal_actions(s)]
        assert legal, f"{state!r}: seats to act have no legal action"
        state.apply(legal[rng.below(len(legal))])
        assert not game.problems(state.data)


def refused_or_holds(state, call, *, play: int = 2):
    """Run ``call()``: refused with an EngineError and ``state`` unchanged, or accepted with invariants."""
    before = fingerprint(state)
    try:
        result = call()
    except EngineError as e:
        assert e.code and e.message and len(e.message) <= 1000
        assert fingerprint(state) == before, "a refusal changed the state"
        return None
    return result


def mutate_text(data, text: str) -> str:
    """``text`` with a few character-level mutations drawn from ``data`` (Hypothesis' data object)."""
    ops = data.draw(st.lists(st.sampled_from(["ins", "del", "rep", "dup", "cut", "num", "join"]), max_size=4))
    for op in ops:
        i = data.draw(st.integers(0, len(text)))
        if op == "ins":
            text = text[:i] + data.draw(st.text(ODD_CHARS, min_size=1, max_size=3)) + text[i:]
        elif op == "del":
            text = text[:i] + text[i + 1:]
        elif op == "rep" and text:
            j = min(i, len(text) - 1)
            text = text[:j] + data.draw(st.sampled_from(ODD_CHARS)) + text[j + 1:]
        elif op == "dup":
            text = text + " " + text.split(" ")[-1]
        elif op == "cut":
            text = text[:i]
        elif op == "num":
            text = text[:i] + str(data.draw(st.sampled_from([-1, 0, 99, 2**63, 10**30]))) + text[i:]
        elif op == "join":
            text = text + data.draw(st.sampled_from([" ", "\n", "; "])) + text
    return text


JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                        st.text(ODD_CHARS + "abcPIL0123", max_size=12))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text("abcdefn0", max_size=5), inner, max_size=4)),
    max_leaves=12)


def mutate_json(data, value, depth: int = 0):
    """A copy of a JSON value with one change somewhere inside (replace, delete, duplicate, retype)."""
    if isinstance(value, dict) and value and depth < 8 and data.draw(st.integers(0, 3)):
        key = data.draw(st.sampled_from(sorted(value, key=str)))
        out = dict(value)
        if data.draw(st.integers(0, 5)) == 0:
            del out[key]
        else:
            out[key] = mutate_json(data, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and depth < 8 and data.draw(st.integers(0, 3)):
        i = data.draw(st.integers(0, len(value) - 1))
        out = list(value)
        how = data.draw(st.integers(0, 6))
        if how == 0:
            del out[i]
        elif how == 1:
            out.insert(i, out[i])
        else:
            out[i] = mutate_json(data, value[i], depth + 1)
        return out
    if isinstance(value, str) and data.draw(st.booleans()):
        return mutate_text(data, value)
    if isinstance(value, int) and not isinstance(value, bool) and data.draw(st.booleans()):
        return value + data.draw(st.sampled_from([-1, 1, -100, 2**64]))
    return data.draw(JSON_VALUES)


@pytest.fixture(scope="session")
def fuzz():
    """The helpers above, as one object (test modules do not import each other)."""

    class Fuzz:
        pass

    f = Fuzz()
    for fn in (corpus, fingerprint, check_invariants, refused_or_holds, mutate_text, mutate_json):
        setattr(f, fn.__name__, staticmethod(fn))
    f.GAMES, f.JSON_VALUES, f.ODD_CHARS = GAMES, JSON_VALUES, ODD_CHARS
    return f
