"""The search bot's playout depth (issue 18): ``depth="auto"`` (the default) is the game's own, its hints
module's ``DEPTH``, else ``DEFAULT_DEPTH``; an explicit depth wins; a bad depth is refused with a clear
error."""

from __future__ import annotations

import sys
import types

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import SearchBot
from illumi_widgets.bots.base import SeatState
from illumi_widgets.bots.search import (
    _EVALUATORS,
    DEFAULT_DEPTH,
    DEFAULT_PER_ACTION,
    default_depth,
    default_per_action,
)
from illumi_widgets.games.pax import evaluation as E


def _seat_state(game, seed=3):
    st = game.new_state(seed=seed)
    seat = next(s for s in st.to_act() if s >= 0)
    return SeatState(st, seat)


@pytest.fixture
def pax_hint(monkeypatch):
    """Pax's hints module with one value changed (a copy registered for the game)."""
    def use(name, value):
        mod = types.ModuleType(f"_pax_hints_with_{name.lower()}")
        mod.__dict__.update({k: v for k, v in vars(E).items() if not k.startswith("__")})
        setattr(mod, name, value)
        monkeypatch.setitem(sys.modules, mod.__name__, mod)
        monkeypatch.setitem(_EVALUATORS, "pax", mod.__name__)
    return use


@pytest.fixture
def pax_depth(pax_hint):
    """Pax's hints module with ``DEPTH`` set to the given value."""
    return lambda depth: pax_hint("DEPTH", depth)


def test_default_depth_is_the_games_own(pax_depth):
    g = load_game("pax", players=2, bots={1: "weishaupt"})
    assert default_depth(g) == getattr(E, "DEPTH", DEFAULT_DEPTH)
    pax_depth(7)
    assert default_depth(g) == 7
    bot = SearchBot(iterations=30, seed=4)
    ss = _seat_state(g)
    bot.search(ss, iterations=30)
    assert bot.depth == 7
    # "auto" plays exactly as the same depth given explicitly (same seed, same tree)
    explicit = SearchBot(iterations=30, seed=4, depth=7)
    explicit.search(ss, iterations=30)
    assert bot.last_stats["visits"] == explicit.last_stats["visits"]
    # ... and not as another depth would (the depth is really used)
    other = SearchBot(iterations=30, seed=4, depth=0)
    other.search(ss, iterations=30)
    assert bot.last_stats["visits"] != other.last_stats["visits"]


def test_explicit_depth_wins(pax_depth):
    pax_depth(7)
    g = load_game("pax", players=2)
    for depth in (0, 3, None):
        bot = SearchBot(iterations=5, seed=1, depth=depth)
        bot.search(_seat_state(g), iterations=5)
        assert bot.depth == depth


def test_a_game_without_hints_uses_the_default_depth():
    g = load_game("illuminati", players=3)  # its heuristic is a method of the game: no hints module
    assert default_depth(g) == DEFAULT_DEPTH == 2


@pytest.mark.parametrize("bad", [-1, 2.5, "deep", True])
def test_bad_depth_is_refused(bad):
    with pytest.raises(ValueError, match="depth must be"):
        SearchBot(depth=bad)


def test_bad_depth_in_a_hints_module_names_it(pax_depth):
    pax_depth(-3)
    with pytest.raises(ValueError, match="not -3"):
        default_depth(load_game("pax", players=2))


# ------------------------------------------------------------------ playouts per action, the same way
def _budget(bot, ss):
    """The playouts ``bot`` spends on the decision of ``ss`` (its choice's statistics)."""
    bot.choose(ss)
    return bot.last_stats["iterations"]


def test_per_action_auto_is_the_games_own(pax_hint):
    g = load_game("pax", players=2, bots={1: "weishaupt"})
    assert default_per_action(g) == getattr(E, "PER_ACTION", DEFAULT_PER_ACTION)
    ss = _seat_state(g)
    k = len(ss.legal_actions())
    assert 2 <= k < 20, k  # (the first decision: a few actions, so the cap is below 200 playouts)
    pax_hint("PER_ACTION", 3)
    assert _budget(SearchBot(seed=4), ss) == 3 * k  # the cap read on the FIRST decision too
    assert _budget(SearchBot(seed=4, per_action=5), ss) == 5 * k  # an explicit value wins
    assert _budget(SearchBot(seed=4, per_action=None), ss) == 200  # None: no cap
    pax_hint("PER_ACTION", None)
    assert _budget(SearchBot(seed=4), ss) == 200


def test_a_game_without_hints_uses_the_default_per_action():
    assert default_per_action(load_game("illuminati", players=3)) == DEFAULT_PER_ACTION == 10


@pytest.mark.parametrize("bad", [0, -1, 2.5, "many", True])
def test_bad_per_action_is_refused(bad):
    with pytest.raises(ValueError, match="per_action must be"):
        SearchBot(per_action=bad)


def test_bad_per_action_in_a_hints_module_names_it(pax_hint):
    pax_hint("PER_ACTION", 0)
    with pytest.raises(ValueError, match="not 0"):
        default_per_action(load_game("pax", players=2))


def test_design_strength_table_names_paxs_own_defaults():
    """DESIGN.md's strength table was measured at Pax's defaults and says which; a change of ``DEPTH`` or
    ``PER_ACTION`` that leaves DESIGN.md behind makes its figures untrue, so it fails here."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "illumi_widgets" / "DESIGN.md").read_text(encoding="utf-8")
    text = " ".join(text.split())
    depth = re.search(r"Pax's search plays its default playouts of (\d+) decisions \(`DEPTH`", text)
    per_action = re.search(r"up to (\d+) playouts per legal action \(`PER_ACTION`", text)
    assert depth and per_action, "DESIGN.md: the strength table no longer names Pax's DEPTH and PER_ACTION"
    assert int(depth.group(1)) == E.DEPTH
    assert int(per_action.group(1)) == E.PER_ACTION
