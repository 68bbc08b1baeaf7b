"""Odd input to every public method of a State that takes an action (issue 34, review items 8 and 9).

Item 8: the presentation helpers raised raw exceptions on actions whose arguments the game cannot read
(Gray Eminence ``label("propose 99")`` an ``IndexError``, ``label("resolve A33 G01")`` a ``KeyError``;
Primordial ``label(Action(0, "recruit", ("nope",)))``; Pax ``confirm(Action(0, "reveal", ()))``).  Every
public action-taking method now refuses such an action with an engine error in plain words and changes
nothing: ``State`` asks the game's presentation hooks through one door (``State._ask_game``), as it asks
the rules through ``_resolve``.

Item 9: an argument whose own ``__hash__`` raises escaped ``apply``/``explain``/``canonical`` raw; it is
refused as a malformed action.
"""

from __future__ import annotations

import pytest

from illumi_widgets.engine import EngineError, IllegalAction, load_game
from illumi_widgets.engine.action import Action
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

GAMES = {"gray-eminence": 4, "primordial": 4, "pax": 2, "illuminati": 4}

#: the cases the review found (game, action as notation or Action, the method that raised)
FOUND = [
    ("gray-eminence", "propose 99", "label"),
    ("gray-eminence", "resolve A33 G01", "label"),
    ("primordial", Action(0, "recruit", ("nope",)), "label"),
    ("pax", Action(0, "reveal", ()), "confirm"),
]


def _methods(st):
    """Every public method of ``State`` that takes an action, as ``name -> call(action)``."""
    return {
        "label": st.label,
        "label as another seat": lambda a: st.label(a, 0),
        "confirm": st.confirm,
        "explain": st.explain,
        "why_illegal": st.why_illegal,
        "canonical": st.canonical,
        "apply": st.apply,
        "play": st.play,
    }


def _positions(name: str) -> list:
    """A few positions of a game: the start and after some random play."""
    g = load_game(name, players=GAMES[name])
    out = []
    for steps in (0, 25, 60):
        st = g.new_state(seed=11)
        rng = Rng(11)
        for _ in range(steps):
            if st.is_terminal():
                break
            st.apply(random_action(st, rng))
        out.append(st)
    return out


def _odd_variants(action: Action) -> list:
    """Actions of the same seat and kind as a legal one, with arguments the game cannot read."""
    seat, kind, args = action.seat, action.kind, action.args
    out = [Action(seat, kind, ()), Action(seat, kind, (*args, "extra")), Action(seat, kind, ("nope",) * 3)]
    for i in range(len(args)):
        for odd in ("nope", 99, -1, None, (), ("nope", 99)):
            out.append(Action(seat, kind, args[:i] + (odd,) + args[i + 1:]))
    return out


def _table(st) -> list:
    """The small table of odd actions at ``st``: variants of one legal action of each kind, plus a kind
    the game does not have."""
    seen: dict = {}
    for a in st.legal_actions():
        seen.setdefault(a.kind, a)
    out = [Action(0, "no-such-kind", ("nope",))]
    for a in seen.values():
        out += _odd_variants(a)
    return out


def _refused_or_answered(st, method: str, action) -> None:
    """``method(action)`` on ``st`` answers, or raises an engine error in words and changes nothing; any
    other exception fails the test, naming the game's action and the method."""
    before, version = st.position(), st.version
    try:
        _methods(st)[method](action)
    except EngineError as e:
        assert e.message.strip(), f"{method}({action!r}): an engine error without words"
        assert (st.position(), st.version) == (before, version), f"{method}({action!r}) changed the state"
    except Exception as e:  # noqa: BLE001 - the failure this test exists for
        pytest.fail(f"{st.game.title}: {method}({action.kind} {action.args!r}) raised "
                    f"{type(e).__name__}: {e}")


@pytest.mark.parametrize(("name", "action", "method"), FOUND)
def test_the_reviews_cases_are_refused_in_plain_words(name, action, method):
    st = load_game(name, players=GAMES[name]).new_state(seed=1)
    before = st.position()
    with pytest.raises(IllegalAction) as err:
        getattr(st, method)(action)
    assert err.value.code == "bad-action"
    assert "is not an action of" in err.value.message
    assert st.position() == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_odd_actions_never_raise_raw_errors(name):
    checked = 0
    for st in _positions(name):
        if st.is_terminal():
            continue
        for action in _table(st):
            for method in _methods(st):
                _refused_or_answered(st.clone(), method, action)
                checked += 1
    assert checked > 100


class _HashRaises:
    def __hash__(self):
        raise RuntimeError("no hashing here")


class _IntHashRaises(int):
    def __hash__(self):
        raise ValueError("no hashing here")


class _SeatIndexRaises:
    def __index__(self):
        raise RuntimeError("no index here")


HOSTILE = [
    Action(0, "x", (_HashRaises(),)),
    Action(0, "x", (_IntHashRaises(3),)),
    Action(0, "x", (("a", (_HashRaises(),)),)),
    Action(_SeatIndexRaises(), "x", ()),
    Action(0, "x", ((((((((((((),),),),),),),),),),),)),  # nested deeper than any game's arguments
]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("action", HOSTILE, ids=["hash", "int-hash", "nested-hash", "seat-index", "deep"])
def test_an_argument_whose_hash_raises_or_nests_too_deep_is_malformed(name, action):
    st = load_game(name, players=GAMES[name]).new_state(seed=3)
    before, version = st.position(), st.version
    for method in ("apply", "canonical", "label", "confirm"):
        with pytest.raises(IllegalAction) as err:
            getattr(st, method)(action)
        assert err.value.code == "bad-action"
    assert st.why_illegal(action).code == "bad-action"
    reason = st.explain(action)
    assert isinstance(reason, str) and ("plain values" in reason or "no such seat" in reason)
    assert (st.position(), st.version) == (before, version)
