"""``engine.hooks.attach_hooks``: a game's player-facing functions become its engine hooks, called with the
hook's own parameters (positional or by name, ``seat`` defaulting to None), and only known hooks attach."""

from __future__ import annotations

import inspect

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.hooks import HOOKS, attach_hooks


class Toy:
    pass


def test_each_hook_calls_the_function_with_the_game_first():
    calls = []

    def record(name):
        return lambda g, *args: calls.append((name, g, args)) or name

    attach_hooks(Toy, **{name: record(name) for name in HOOKS})
    toy = Toy()
    assert toy.label("d", "a") == "label" and calls[-1] == ("label", toy, ("d", "a", None))
    assert toy.label(data="d", action="a", seat=2) == "label" and calls[-1][2] == ("d", "a", 2)
    assert toy.legend() == "legend" and calls[-1][2] == (None,)
    assert toy.hint("d", 1, "cell:A1") == "hint" and calls[-1][2] == ("d", 1, "cell:A1")
    assert toy.amount("a") == "amount" and calls[-1][2] == ("a",)
    with pytest.raises(TypeError):
        toy.confirm("d")  # a hook's arguments are checked like a method's
    assert list(inspect.signature(Toy.prompt).parameters) == ["self", "data", "seat", "kind"]


def test_an_unknown_hook_is_refused():
    with pytest.raises(TypeError, match="not an engine hook: labels"):
        attach_hooks(Toy, labels=lambda g: None)


@pytest.mark.parametrize("name", ["pax", "illuminati"])
def test_the_games_hooks_have_the_engine_signatures(name):
    game = load_game(name, players=3)
    for hook in HOOKS:
        params = list(inspect.signature(getattr(type(game), hook)).parameters)
        if name == "illuminati" and hook == "label":  # also names a card: label(card_id)
            continue
        assert params == ["self", *(p.name for p in HOOKS[hook])], (hook, params)
