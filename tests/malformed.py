"""Shared set-up of the malformed-position tests of every game (issue 14, defect 4): real positions from
random play, mutations of their data, and the two outcomes a mutation may have -- refused with
``RecordError`` naming the field, loaded both ways (``game.load_position`` and the module's
``load_position``), or accepted into a position the rules can go on from.  Each game's
``tests/<game>/test_malformed_positions.py`` keeps its own mutations (``NAMED``, ``WILD``) and checks."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import RecordError, load_game, load_position
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import check_consistent, position_payload, position_text, random_action

unpack = position_payload


def pack(payload: dict) -> str:
    return position_text(payload)


def real_positions(name: str, cases, prefer=()) -> list:
    """``[(game, position text)]``: for each ``(players, options, steps, seed)``, the position after at most
    ``steps`` random actions (``prefer``: action kinds taken whenever legal)."""
    out = []
    for players, options, steps, seed in cases:
        g = load_game(name, players=players, **options)
        st = g.new_state(seed=seed)
        rng = Rng(seed)
        for _ in range(steps):
            if st.is_terminal():
                break
            st.apply(random_action(st, rng, prefer))
        out.append((g, st.position()))
    return out


def loads_unchanged(positions) -> None:
    """Every real position loads both ways and gives back the same text."""
    for g, text in positions:
        assert g.load_position(text).position() == text
        assert load_position(text).position() == text


def refused(g, text: str, field: str) -> str:
    """Both loaders refuse ``text`` with a ``RecordError`` naming ``field``; returns the message."""
    for load in (g.load_position, load_position):
        with pytest.raises(RecordError) as err:
            load(text)
        assert field in str(err.value), f"{field!r} not named in: {err.value}"
    return str(err.value)


def mutated(text: str, change) -> str:
    """``text`` with ``change(data)`` applied to the position's data."""
    payload = unpack(text)
    change(payload["data"])
    return pack(payload)


def set_field(field, value):
    """A change that sets ``data[field] = value``."""
    def change(d):
        d[field] = value
    return change


def check_named(positions, k: int, field: str, change,
                missing=(IndexError, KeyError, AttributeError)) -> None:
    """``change`` of position ``k`` is refused naming ``field`` (skipped where it has nothing to change)."""
    g, text = positions[k]
    try:
        bad = mutated(text, change)
    except missing:
        pytest.skip("this position has no such entry to change")
    if bad == pack(unpack(text)):
        pytest.skip("the mutation changed nothing here")
    refused(g, bad, field)


def usable(g, st) -> None:
    """A loaded position the rules can go on from: consistent, every view, a few random actions."""
    check_consistent(st, "after loading a mutated position")
    for s in (*range(g.players), None):
        st.view(s)
    rng = Rng(3)
    for _ in range(6):
        if st.is_terminal():
            break
        for s in st.to_act():
            st.legal_actions(s)
        st.apply(random_action(st, rng))
        check_consistent(st, "after an action from a mutated position")


def random_mutations(positions, wild, seed: int, also_named: str, tries: int = 600) -> tuple[int, int]:
    """Mutations of a random field (or one entry of it) to a value of ``wild``: each is refused naming the
    field (or with a message holding ``also_named``) or is :func:`usable`; returns (refused, accepted)."""
    rng = Rng(seed)
    n_refused = accepted = 0
    for _ in range(tries):
        g, text = positions[rng.below(len(positions))]
        payload = unpack(text)
        d = payload["data"]
        field = sorted(d)[rng.below(len(d))]
        value = wild[rng.below(len(wild))]
        if isinstance(d[field], list) and d[field] and rng.below(2):
            d[field][rng.below(len(d[field]))] = value
        else:
            d[field] = value
        try:
            st = g.load_position(pack(payload))
        except RecordError as e:
            assert field in str(e) or also_named in str(e), f"{field} = {value!r}: {e}"
            n_refused += 1
            continue
        usable(g, st)
        accepted += 1
    return n_refused, accepted
