"""Property-based fuzzing of the engine's untrusted inputs (issue 14): notation text, Action values, seats,
records and positions, each mutated from real ones.  Property: a documented engine error with the state
unchanged, or accepted with every invariant holding (see tests/fuzz/conftest.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illumi_widgets.engine import Action, EngineError, load_position, load_record
from illumi_widgets.engine.testing import position_payload, position_text

GAMES = [("pax", 3), ("illuminati", 4)]
game_ids = [f"{n}-{p}" for n, p in GAMES]


def share(part: float) -> settings:
    """``part`` of the profile's example count (tests/conftest.py: ci bounded, release long)."""
    return settings(max_examples=max(5, int(settings.default.max_examples * part)))

SEATS = st.one_of(st.integers(-3, 6),
                  st.sampled_from([None, True, False, 0.0, 1.0, "0", "1", 2**70, -(2**70)]),
                  st.integers(0, 3).map(np.int64), st.text(max_size=3))
ARGS = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.integers(2**62, 2**80), st.floats(),
                 st.text(max_size=6), st.lists(st.integers(0, 3), max_size=2),
                 st.tuples(st.integers(0, 5), st.integers(0, 5)))


@pytest.mark.parametrize("name,players", GAMES, ids=game_ids)
@share(0.5)
@given(data=st.data())
def test_action_text(fuzz, name, players, data):
    c = fuzz.corpus(name, players)
    state = data.draw(st.sampled_from(c["states"])).clone()
    text = fuzz.mutate_text(data, data.draw(st.sampled_from(c["texts"])))
    seat = data.draw(st.one_of(st.none(), SEATS))

    def act():
        action = state.parse(text, seat=seat) if seat is not None else state.parse(text)
        state.apply(action)
        return action

    if fuzz.refused_or_holds(state, act) is not None:
        stored = state.history[-1 if state.history[-1].seat != -1 else len(state.history) - 1]
        assert type(stored.seat) is int
        fuzz.check_invariants(state, play=1)


@pytest.mark.parametrize("name,players", GAMES, ids=game_ids)
@share(0.5)
@given(data=st.data())
def test_action_values(fuzz, name, players, data):
    c = fuzz.corpus(name, players)
    state = data.draw(st.sampled_from(c["states"])).clone()
    if state.is_terminal():
        return
    legal = state.legal_actions()
    base = data.draw(st.sampled_from(list(legal))) if legal else Action(0, "end", ())
    args = list(base.args)
    for _ in range(data.draw(st.integers(0, 3))):
        how = data.draw(st.integers(0, 3))
        if how == 0 or not args:
            args.insert(data.draw(st.integers(0, len(args))), data.draw(ARGS))
        elif how == 1:
            args.pop(data.draw(st.integers(0, len(args) - 1)))
        else:
            args[data.draw(st.integers(0, len(args) - 1))] = data.draw(ARGS)
    seat = data.draw(st.one_of(st.just(base.seat), SEATS))
    kind = data.draw(st.one_of(st.just(base.kind), st.sampled_from([None, 3, "", "END", "pay "]), st.text()))
    action = Action(seat, kind, tuple(args))
    n = len(state.history)
    if fuzz.refused_or_holds(state, lambda: state.apply(action)) is not None:
        stored = state.history[n]
        assert stored == action and type(stored.seat) is int and stored in legal
        assert stored.notation() == legal.get(action).notation()  # the engine's own action, not the caller's
        fuzz.check_invariants(state, play=1)


@pytest.mark.parametrize("name,players", GAMES, ids=game_ids)
@share(0.25)
@given(data=st.data())
def test_seats_and_view_arguments(fuzz, name, players, data):
    state = data.draw(st.sampled_from(fuzz.corpus(name, players)["states"])).clone()
    seat = data.draw(SEATS)
    tail = data.draw(st.one_of(st.none(), st.integers(-3, 5), st.sampled_from(["x", 1.5, True, 2**70])))
    for call in (lambda: state.view(seat, log_tail=tail), lambda: state.legal_actions(seat),
                 lambda: state.decisions(seat), lambda: state.parse("end", seat=seat)):
        fuzz.refused_or_holds(state, call)


def _mutated_record(fuzz, c, data, name, players):
    """A saved record: a few of its actions dropped, moved or garbled, or one change inside its JSON; its
    checksum made to match or not."""
    record = json.loads(json.dumps(data.draw(st.sampled_from(c["records"]))))
    if data.draw(st.booleans()):
        actions = list(record["actions"])
        for _ in range(data.draw(st.integers(1, 3))):
            if not actions:
                break
            i = data.draw(st.integers(0, len(actions) - 1))
            how = data.draw(st.integers(0, 3))
            if how == 0:
                del actions[i]
            elif how == 1:
                actions[i], actions[-1] = actions[-1], actions[i]
            else:
                actions[i] = fuzz.mutate_text(data, actions[i])
        record["actions"] = actions
    else:
        record = fuzz.mutate_json(data, record)
    if data.draw(st.booleans()) and isinstance(record, dict):
        from illumi_widgets.engine.records import record_checksum

        try:
            record["checksum"] = record_checksum(record)
        except EngineError:
            pass
    return record


def _mutated_position(fuzz, c, data, name, players):
    """A saved position text: garbled as text, or one change inside its payload or its game data; None when
    the change cannot be written as a text (e.g. NaN in a key)."""
    text = data.draw(st.sampled_from(c["positions"]))
    how = data.draw(st.integers(0, 4))
    if how == 0:
        return fuzz.mutate_text(data, text)
    payload = position_payload(text)
    if how == 1:
        payload = fuzz.mutate_json(data, payload)
    else:
        payload["data"] = fuzz.mutate_json(data, payload["data"])
    try:
        return position_text(payload, name, players)
    except (TypeError, ValueError):
        return None


# A saved game (a record, a position), mutated: refused with a documented error, or it loads and every
# invariant holds (and it plays on).
SAVED = {"record": (_mutated_record, load_record), "position": (_mutated_position, load_position)}


@pytest.mark.parametrize("saved", sorted(SAVED))
@pytest.mark.parametrize("name,players", GAMES, ids=game_ids)
@share(0.4)
@given(data=st.data())
def test_saved_games(fuzz, name, players, saved, data):
    mutate, load = SAVED[saved]
    c = fuzz.corpus(name, players)
    value = mutate(fuzz, c, data, name, players)
    if value is None:
        return
    game = c["game"] if data.draw(st.booleans()) else None
    try:
        state = load(value, game=game)
    except EngineError as e:
        assert e.code and len(e.message) <= 1000
        return
    fuzz.check_invariants(state, play=3)
