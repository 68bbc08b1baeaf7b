"""Issue 13: every decision of a random game can be taken on the board -- for every game.

Over random games of Pax, Illuminati, Primordial Secrets and Gray Eminence (several seeds and player
counts, hidden-information variants too), at every position and for every seat that must decide, the
seat's board (``Match.snapshot("seat:N")``: the ``scene`` and ``decisions`` a widget sends) offers every
legal option of that seat, and each one is reached the way the front end reaches it (``board_reach``
mirrors js/src): a click on an entity the scene paints where no later entity covers it (then the chooser
menu when several options name it), a button or stepper of the action bar, or a composed choice (entities
clicked into a selection, then Confirm).  An option with board targets that is only in the bar's "On the
board" menu counts as NOT on the board.  Every few positions the narrow layout (below 900 px) is checked
too, and the omniscient analysis board (``"omniscient"``: every hand visible, every seat's decisions at
once) is held to the same: every option of every seat that must decide is on the board.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match
from illumi_widgets.textfit import reflow


def _load_board_reach():
    """board_reach.py beside this file (pytest's importlib mode does not put test folders on sys.path)."""
    if "board_reach" not in sys.modules:
        path = Path(__file__).with_name("board_reach.py")
        spec = importlib.util.spec_from_file_location("board_reach", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["board_reach"] = module
        spec.loader.exec_module(module)
    return sys.modules["board_reach"]


_reach = _load_board_reach()
click_points, problems, reach = _reach.click_points, _reach.problems, _reach.reach

# (game, players, options, seeds, most decisions per game): the shortest set-ups and the variants
GAMES = [
    ("pax", 2, {}, (1,), 400),
    ("pax", 4, {}, (2,), 250),
    ("illuminati", 2, {}, (1,), 400),
    ("illuminati", 3, {"hidden_goals": True}, (3,), 300),
    ("illuminati", 3, {"hidden_illuminati": True, "overstate": True}, (4,), 300),
    ("illuminati", 5, {}, (5,), 200),
    ("primordial", 2, {}, (1, 2), 400),
    ("primordial", 3, {"stacking": "replace"}, (4,), 400),
    ("primordial", 4, {}, (5,), 300),
    ("gray-eminence", 3, {}, (1,), 600),
    ("gray-eminence", 4, {"contest": True, "tweet_vote": True}, (2,), 400),
    ("gray-eminence", 5, {}, (3,), 250),
]
EXTRA_EVERY = 7  # every position: the boards of the seats that must decide; every 7th also narrow
OMNI_AT = 3  # ... and every 7th (from the 3rd) the omniscient board too


def check_board(match: Match, perspective: str, seat, narrow: bool) -> tuple[list[str], dict]:
    """The problems of one board: options of the seat missing from its decisions, or not reachable."""
    snap = match.snapshot(perspective)
    decisions = snap["decisions"]
    state = match.state
    found: list[str] = []
    seats = [seat] if seat is not None else [s for s in state.to_act() if s != CHANCE]
    for s in seats:
        legal = sorted(a.notation() for a in state.legal_actions(s))
        shown = sorted(o["id"] for d in decisions if d["seat"] == s for o in d["options"])
        if legal != shown:
            found.append(f"{state.game.seat_name(s)}'s board offers {shown[:6]}... not its legal options "
                         f"{legal[:6]}...")
    scenes = [snap["scene"]]
    if narrow and snap["scene"].get("layouts"):
        scenes.append(reflow(snap["scene"]))
    ways: dict = {}
    for scene in scenes:
        found += problems(decisions, scene)
        ways.update(reach(decisions, scene))
    return found, ways


def play_and_check(name: str, players: int, options: dict, seed: int, most: int) -> dict:
    game = load_game(name, players=players, **options)
    state = game.new_state(seed=seed)
    match = Match.from_state(state)
    rng = Rng(seed * 7919 + players)
    hows: dict[str, int] = {}
    kinds: set[str] = set()
    step = 0
    while not state.is_terminal() and step < most:
        extra = step % EXTRA_EVERY == 0
        perspectives = [(f"seat:{s}", s) for s in dict.fromkeys(state.to_act()) if s != CHANCE]
        if step % EXTRA_EVERY == OMNI_AT:
            perspectives.append(("omniscient", None))
        for perspective, seat in perspectives:
            found, ways = check_board(match, perspective, seat, extra)
            assert not found, (f"{name} {players} players {options} seed {seed}, decision {step}, "
                               f"{perspective}:\n" + "\n".join(found[:10]))
            for way in ways.values():
                hows[way["how"]] = hows.get(way["how"], 0) + 1
        action = random_action(state, rng)
        kinds.add(action.kind)
        state.apply(action)
        step += 1
    return {"hows": hows, "steps": step, "over": state.is_terminal(), "kinds": kinds}


@pytest.mark.parametrize(("name", "players", "options", "seeds", "most"), GAMES,
                         ids=[f"{g}-{p}p{'-' + '-'.join(o) if o else ''}" for g, p, o, _s, _m in GAMES])
def test_every_option_of_a_random_game_is_reachable_on_the_board(name, players, options, seeds, most):
    totals: dict[str, int] = {}
    for seed in seeds:
        got = play_and_check(name, players, options, seed, most)
        assert got["steps"] > 20, got  # a real game was played
        for how, n in got["hows"].items():
            totals[how] = totals.get(how, 0) + n
    assert totals.get("click", 0) > 0, totals  # options really are taken on the canvas
    assert totals.get("bar", 0) > 0, totals
    if name == "primordial":
        assert totals.get("compose", 0) > 0, totals  # the plots are composed on the board


# --------------------------------------------------------------------------------- the check can fail
def _position_with_targets(name: str, players: int, compose: bool = False):
    game = load_game(name, players=players)
    state = game.new_state(seed=3)
    match = Match.from_state(state)
    rng = Rng(3)
    for _ in range(400):
        seat = next(s for s in state.to_act() if s != CHANCE)
        snap = match.snapshot(f"seat:{seat}")
        decs = snap["decisions"]
        if any(("compose" in d) == compose and any(o["targets"] for o in d["options"]) for d in decs):
            return snap
        state.apply(random_action(state, rng))
    raise AssertionError("no position with board targets")


@pytest.mark.parametrize("name", ["pax", "illuminati", "gray-eminence"])
def test_an_option_whose_target_is_not_painted_is_reported(name):
    snap = _position_with_targets(name, 3)
    decisions, scene = snap["decisions"], snap["scene"]
    assert not problems(decisions, scene)
    option = next(o for d in decisions if "compose" not in d for o in d["options"] if o["targets"])
    gone = set(option["targets"])
    cut = {**scene, "items": [it for it in scene["items"] if it.get("id") not in gone]}
    found = problems(decisions, cut)
    assert any(option["id"] in p and "not clickable" in p for p in found), found
    # ... or painted but covered by a later entity
    top = [{**it, "id": "cover"} for it in scene["items"] if it.get("id") in gone]
    covered = {**scene, "items": scene["items"] + top}
    assert any(option["id"] in p for p in problems(decisions, covered))


def test_a_compose_option_that_clicks_cannot_single_out_is_reported():
    snap = _position_with_targets("primordial", 2, compose=True)
    decisions, scene = snap["decisions"], snap["scene"]
    assert not problems(decisions, scene)
    d = next(d for d in decisions if "compose" in d)
    ways = reach(decisions, scene)
    assert all(ways[(d["id"], o["id"])]["how"] == "compose" for o in d["options"])
    # two options naming the same cards: Confirm can never name either
    twin = copy.deepcopy(decisions)
    dd = next(x for x in twin if x["id"] == d["id"])
    a, b = dd["options"][0], dd["options"][1]
    b["targets"] = list(a["targets"])
    found = problems(twin, scene)
    assert any(a["id"] in p for p in found) and any(b["id"] in p for p in found), found
    # an Intent card not drawn: the plots that need it cannot be composed
    intent = a["targets"][-1]
    cut = {**scene, "items": [it for it in scene["items"] if it.get("id") != intent]}
    assert any(a["id"] in p and "not clickable" in p for p in problems(decisions, cut))


def test_an_option_missing_from_the_bar_and_the_board_is_reported():
    snap = _position_with_targets("pax", 2)
    decisions = copy.deepcopy(snap["decisions"])
    d = decisions[0]
    d["options"].append(dict(d["options"][0]))  # a second option with the first one's id
    assert any("same id" in p for p in problems(decisions, snap["scene"]))


def test_click_points_hit_what_they_name():
    """A click point is where hit.js finds that entity on top (checked against a direct topmost search)."""
    snap = _position_with_targets("illuminati", 3)
    scene = snap["scene"]
    shapes = [it for it in scene["items"] if it.get("t") in ("rect", "circle", "poly") and it.get("id")]

    def inside(it, x, y):
        if it["t"] == "rect":
            return it["x"] <= x <= it["x"] + it["w"] and it["y"] <= y <= it["y"] + it["h"]
        if it["t"] == "circle":
            return (x - it["x"]) ** 2 + (y - it["y"]) ** 2 <= it["r"] ** 2
        pts, odd = it["pts"], False
        for i in range(len(pts)):
            (xi, yi), (xj, yj) = pts[i], pts[i - 1]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                odd = not odd
        return odd

    points = click_points(scene)
    assert len(points) > 10
    for ident, (x, y) in points.items():
        top = next((it for it in reversed(shapes) if inside(it, x, y)), None)
        assert top is not None and top["id"] == ident, (ident, x, y, top)


# ------------------------------------------------------------------- Pax's omniscient board, closer up
PAX_OMNI_KINDS = ("reveal", "keep", "activate", "event", "raid", "scheme", "place")


def test_pax_omniscient_board_puts_every_deciding_seats_cards_and_events_on_the_board():
    """Pax's omniscient board: the first seat to decide has its hand under the map; the other revealer of an
    Oust challenge picks its card among the hand chips of its table panel, and the Events kept, activated or
    played and the rivals' Edicts raided are chips too.  At every position of random games where such an
    option is decided, each one is a click on the board, in the wide and the narrow layout.  (A panel's row
    count once skipped the row a long first name leaves empty, and the revealer's last cards were cut into a
    "+N more" chip.)"""
    met: dict[str, int] = {}
    for players, seed in ((3, 2), (4, 3), (2, 5)):
        state = load_game("pax", players=players).new_state(seed=seed)
        match = Match.from_state(state)
        rng = Rng(seed * 7919 + players)
        for _ in range(400):
            if state.is_terminal():
                break
            acting = [s for s in state.to_act() if s != CHANCE]
            kinds = {a.kind for s in acting for a in state.legal_actions(s)} & set(PAX_OMNI_KINDS)
            if kinds:
                found, ways = check_board(match, "omniscient", None, narrow=True)
                assert not found, (players, seed, state.version, found[:5])
                for k in kinds | ({"two revealers"} if len(acting) > 1 else set()):
                    met[k] = met.get(k, 0) + 1
            state.apply(random_action(state, rng))
    assert met.get("two revealers", 0) >= 5 and all(met.get(k) for k in PAX_OMNI_KINDS), met
