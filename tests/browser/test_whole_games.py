"""Issue 13: a WHOLE random game of Illuminati and Primordial Secrets, played by clicks only (Gray Eminence's
and Pax's whole games are played by keyboard alone in test_keyboard_games.py, from the first decision to the
end screen, which costs the suite less than a Gray Eminence game clicked here did besides).

Each game is a hot-seat board (``seat=None``: whoever must decide, a privacy curtain between players) in
real JupyterLab + Debian Chromium.  Every decision of every seat is taken in the page -- the curtain
clicked away, then a random legal option taken the way a person takes it: a click on its target on the
canvas (and its entry in the chooser menu that opens when several options name that thing), a button or a
stepper of the action bar (the "More" menu when the bar is full), or a composed choice (Primordial plots:
its cards clicked into a selection, then Confirm) -- until the game is over.  The kernel is only ASKED
where things are (``tests/widget/board_reach.py``, the same mirror of js/src the Python-level test uses);
it never acts.  At the end the game is over and its record holds exactly the options clicked, in order,
and replays to the same end.  A screenshot of each final board goes to the artifacts.

Shortest set-ups: Illuminati and Primordial Secrets for 2 players, hot seat (every seat clicked). A board
with bots (none here now; Gray Eminence's was one) has its seat clicked, the bots play (the page asks for
their moves, ``bot_delay=0``), and the record's moves of the clicked seats are the ones clicked.

In the suite the middle of each game is played in the kernel (random play for every seat, the same random
game a probe of it found): the first ``OPENING`` decisions are clicked, then the game jumps to ``keep``
decisions before its end, and the rest is clicked to the end screen -- the opening and the ending by clicks
in a fraction of the time.  ``ILLUMI_WHOLE_GAMES=1`` clicks every decision from the first to the last.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
WHOLE = os.environ.get("ILLUMI_WHOLE_GAMES") == "1"  # click every decision (else the opening and the end)
OPENING = 12  # decisions clicked before the middle of the game is played in the kernel
REACH = (Path(__file__).parents[1] / "widget" / "board_reach.py").read_text()

# Run in the kernel after board_reach.py: where the board shows things, and one random option's way.
PLAN = r'''
import json as _json
from illumi_widgets.engine.action import CHANCE as _CHANCE
from illumi_widgets.engine.testing import fingerprint as _fp


def _plan(b, r):
    """The board's curtain, or one random legal option (``r`` in [0, 1)) with how a click takes it."""
    m = b.match
    st = m.state
    snap = m.snapshot(b.perspective)
    out = {"version": st.version, "terminal": st.is_terminal(), "curtain": snap["status"].get("curtain"),
           "w": snap["scene"]["w"], "h": snap["scene"]["h"]}
    # a bot seat must act (alone, or beside this board's seat in a sealed step): the page plays it first
    out["wait"] = not out["terminal"] and any(s in m.bots for s in st.to_act())
    if out["terminal"] or out["curtain"] is not None or out["wait"]:
        return _json.dumps(out)
    ways = reach(snap["decisions"], snap["scene"])
    withdraw = st.game.withdraw_kinds
    kinds = {a.notation(): a.kind for d in st.decisions() if d.options for a in d.options}
    choices = [(d, o) for d in snap["decisions"] for o in d["options"] if kinds.get(o["id"]) not in withdraw]
    d, o = choices[int(r * len(choices))]
    out.update({"decision": d["id"], "seat": d["seat"], "option": o["id"], "label": o["label"],
                "group": o.get("group"), "way": ways[(d["id"], o["id"])], "choices": len(choices)})
    return _json.dumps(out)


def _fast_forward(b, keep):
    """Random play for every seat in the kernel until ``keep`` decisions are left of the random game a probe
    (a clone, playing the same random game) found; returns the record's length (decisions, as ``_moves``)
    before and after."""
    before = len(_json.loads(_moves(b)))
    total = len(b.state.clone().play_until(lambda s: False))
    played = b.match.play_until(lambda s: False, max_actions=max(0, total - keep))
    return _json.dumps([before, before + len(played)])


def _moves(b):
    """The non-chance decisions of the game so far, as (seat, notation)."""
    return _json.dumps([[a.seat, a.notation()] for a in b.state.history if a.seat != _CHANCE])
'''

# board class, its arguments, the most decisions to click, the seats played by bots, the decisions (of every
# seat) left to click after the middle of the game is played in the kernel
GAMES = {
    "illuminati": ("Illuminati", "players=2, seed={seed}", 600, (), 15),
    "primordial": ("PrimordialSecrets", "players=2, seed={seed}", 600, (), 15),
}


def _notebook(tmp_path: Path, cls: str, args: str) -> Path:
    # every decision of the clicked seats is clicked: no game-site preference answers for them (a seat
    # board against bots starts with some on), so the record is exactly the options clicked
    src = (f"from illumi_widgets import {cls}\nboard = {cls}({args})\n"
           "for _s in range(board.match.game.players):\n"
           "    for _p in list(board.match.auto_prefs(_s)):\n"
           "        board.match.set_auto(_s, _p, False)\n"
           "board")
    cell = {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / f"whole_{cls.lower()}.ipynb"
    path.write_text(json.dumps(nb))
    return path


def _click_scene(page, widget, plan, x, y) -> None:
    """A click at scene point (x, y) of the board.  Playwright's own click: the point is scrolled into sight
    and the click waits until the board canvas (nothing laid over it) would receive it."""
    canvas = widget.locator("canvas.illumi-overlay")
    box = canvas.bounding_box()
    assert box and box["width"] > 0, "the board canvas has no size"
    canvas.click(position={"x": x * box["width"] / plan["w"], "y": y * box["width"] / plan["w"]})


def _open_chooser(page, widget, plan):
    """Click the plan's target; the chooser menu it opens.  No menu fails, saying what the page showed."""
    from playwright.sync_api import expect

    menu = widget.locator(".illumi-chooser:not([hidden])")
    _click_scene(page, widget, plan, *plan["way"]["point"])
    try:
        expect(menu).to_be_visible(timeout=5_000)
    except AssertionError:
        seen = widget.evaluate("el => ({version: el.dataset.version, "
                               "status: (el.querySelector('.illumi-status') || {}).textContent})")
        what = f"{plan['way']['entity']!r} for {plan['label']!r} (version {plan['version']})"
        raise AssertionError(f"no menu after clicking {what}; the page shows {seen}") from None
    return menu


def _step_to(stepper, option: str, amounts: list, want: int) -> None:
    """Set an amount stepper (``.illumi-stepper``) to ``option`` with its − / + buttons, then take it."""
    go = stepper.locator(".illumi-step-go")
    for _ in range(len(amounts) + 1):
        if go.get_attribute("data-option") == option:
            go.click()
            return
        now = stepper.locator(".illumi-amount-value").inner_text().strip()
        k = amounts.index(float(now) if "." in now else int(now))
        stepper.locator(".illumi-step-plus" if k < want else ".illumi-step-minus").click()
    raise AssertionError(f"the stepper never offered {option!r}")


def _take(page, widget, plan) -> str:
    """Take the plan's option by clicks; returns how ("click", "chooser", "bar", "more", "stepper", ...)."""
    from playwright.sync_api import expect

    way, did, oid = plan["way"], plan["decision"], plan["option"]
    sel = f'[data-decision="{did}"][data-option="{oid}"]'
    how = way["how"]
    assert how in ("click", "bar", "compose"), plan  # ("menu"/"none": not on the board, see board_reach)
    if how == "click":
        if way["chooser"] is None:
            _click_scene(page, widget, plan, *way["point"])
        else:
            menu = _open_chooser(page, widget, plan)
            if way["chooser"]["kind"] == "stepper":
                go = menu.locator(f'.illumi-step-go[data-decision="{did}"]').first
                _step_to(go.locator("xpath=.."), oid, way["chooser"]["amounts"], way["chooser"]["step"])
                how = "chooser-stepper"
            else:
                menu.locator(f"button.illumi-choice{sel}").click()
                how = "chooser"
    elif how == "bar":
        box = widget.locator(f'.illumi-panel .illumi-decision[data-decision="{did}"]')
        if way["kind"] == "stepper":
            group = plan["group"]
            stepper = box.locator(".illumi-stepper").filter(
                has=page.locator(f'.illumi-step-go[data-decision="{did}"]'))
            stepper = next(s for s in stepper.all() if s.get_attribute("data-group") == group)
            _step_to(stepper, oid, way["amounts"], way["step"])
            how = "stepper"
        elif way["more"]:
            box.locator("button.illumi-more").click()
            widget.locator(f".illumi-chooser:not([hidden]) button{sel}").click()
            how = "more"
        else:
            box.locator(f"button{sel}").click()
    else:  # compose: click the cards into a selection, then Confirm
        go = widget.locator(f'.illumi-panel .illumi-compose-go[data-decision="{did}"]')
        for x, y in way["points"]:
            _click_scene(page, widget, plan, x, y)
        expect(go).to_have_attribute("data-option", oid)
        go.click()
    confirm = widget.locator(".illumi-confirm-yes")
    if confirm.is_visible():
        confirm.click()
    return how


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_random_game_by_clicks(game, tmp_path, page, open_notebook, run_all, kernel, save_screenshot):
    from playwright.sync_api import expect

    cls, args, most, bots, keep = GAMES[game]
    seed = 3
    rng = random.Random(f"{game}-{seed}")
    panel = open_notebook(page, _notebook(tmp_path, cls, args.format(seed=seed)))
    run_all(page, timeout=120)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1, timeout=30_000)
    widget.scroll_into_view_if_needed()
    kernel(page, REACH)
    kernel(page, PLAN)
    t0 = time.monotonic()
    clicked: list[list] = []
    hows: dict[str, int] = {}
    curtains = 0
    jumped = None  # (record length before, after) the middle of the game played in the kernel
    r = None  # the random number of the next option taken (drawn once per decision clicked, so the game
    for _ in range(most):  # played does not depend on how often the page had to wait for the bots)
        if not WHOLE and jumped is None and len(clicked) >= OPENING and r is None:
            jumped = json.loads(kernel(page, f"print(_fast_forward(board, {keep}))").strip().splitlines()[-1])
        r = rng.random() if r is None else r
        plan = json.loads(kernel(page, f"print(_plan(board, {r!r}))").strip().splitlines()[-1])
        if plan["wait"]:  # the bots' turn: the page asks Python for their decisions
            expect(widget).not_to_have_attribute("data-version", str(plan["version"]))
            continue
        expect(widget).to_have_attribute("data-version", str(plan["version"]))  # (no one else moves now)
        if plan["terminal"]:
            break
        if plan["curtain"] is not None:
            curtain = widget.locator(".illumi-curtain")
            expect(curtain).to_be_visible()
            curtain.click()
            expect(curtain).to_be_hidden()
            curtains += 1
            continue
        how = _take(page, widget, plan)
        r = None
        hows[how] = hows.get(how, 0) + 1
        clicked.append([plan["seat"], plan["option"]])
        expect(widget).not_to_have_attribute("data-version", str(plan["version"]))
    else:
        pytest.fail(f"{game}: not over after {most} clicked decisions ({len(clicked)} taken, {hows})")
    seconds = time.monotonic() - t0
    moves = json.loads(kernel(page, "print(_moves(board))").strip().splitlines()[-1])
    if jumped is not None:  # the decisions played in the kernel are not the page's
        moves = moves[:jumped[0]] + moves[jumped[1]:]
    assert [m for m in moves if m[0] not in bots] == clicked, "the record is not the options clicked"
    assert not bots or len(moves) > len(clicked)
    replay = kernel(page, "from illumi_widgets.engine import load_record\n"
                          "_r = load_record(board.match.record())\n"
                          "print(_r.is_terminal(), _r.version == board.state.version, "
                          "_fp(_r) == _fp(board.state))")
    assert replay.split() == ["True", "True", "True"], replay
    assert hows.get("click", 0) + hows.get("chooser", 0) + hows.get("compose", 0) > 0, hows
    assert WHOLE or jumped is not None and jumped[1] > jumped[0], "the middle of the game was not skipped"
    print(f"{game}: {len(clicked)} decisions clicked ({hows}), {curtains} curtains, {seconds:.0f} s, "
          f"{'every decision' if jumped is None else f'{jumped[1] - jumped[0]} played in the kernel'}")
    save_screenshot(widget, f"whole_game_{game}")
