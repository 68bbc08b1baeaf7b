"""A whole game played by keyboard alone on each of the four games (issue 31), with axe-core and the board in
words. In JupyterLab + Debian Chromium at 1400×900, Red's board against random bots in the shortest set-up
(the fewest players, seeds whose random games are short; ``bot_delay=0``: the page asks for the bots' moves):

* every one of Red's decisions, from the first to the end screen, is taken with the keyboard alone
  (Playwright ``keyboard.press`` only): Tab into the board, the arrow keys to a target, Enter (and the
  chooser menu's arrows and Enter, a spinbutton's arrows, Tab to a button of the action bar and Enter, a
  composed choice picked thing by thing and its Confirm); a random legal option each time, reached the way
  the front end offers it (``tests/widget/board_reach.py``, run in the kernel, only says WHERE it is: the
  kernel never acts). The record's Red moves are exactly the options chosen; the notebook's cell count and
  active cell are unchanged (no key reached JupyterLab); the game ends on the end screen;
* on the way: the focus ring shows, "." goes to the decision's first target, Escape on the board keeps the
  focus there, Tab leaves the board; Playwright's ``aria_snapshot()`` of the board holds every line
  ``board.describe()`` names (Red's hand among them), the current decision's prompt and the last move;
* axe-core (its WCAG 2.0-2.2 A and AA rules) finds no violation on the board, with a menu open (opened by
  the keyboard; Escape gives the focus back to its button) and on the end screen.

Every decision of a whole game (Red's: 26 to 129 a game here) costs about half a second of keys.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
REACH = (Path(__file__).parents[1] / "widget" / "board_reach.py").read_text()
AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
MOST = 1500  # plans asked of the kernel per game (Red's decisions and the bots' turns), a bound never met
WORDS_AFTER = 4  # the board in words is checked before Red's fifth decision

# the shortest set-ups (the fewest players; seeds whose random games are short); bots for the other seats
GAMES = {
    "pax": "PaxIlluminaten(players=2, seed=2, seat=0, bots={1: 'random'}, bot_delay=0)",  # Red: 88 decisions
    "illuminati": "Illuminati(players=2, seed=4, seat=0, bots={1: 'random'}, bot_delay=0)",  # 58
    "primordial": "PrimordialSecrets(players=2, seed=2, seat=0, bots={1: 'random'}, bot_delay=0)",  # 26
    "gray_eminence": "GrayEminence(players=3, seed=1, seat=0, bots={1: 'random', 2: 'random'}, "
                     "bot_delay=0)",  # 129
}

# in the kernel, after board_reach.py: Red's next option (``r`` in [0, 1)) and how the page offers it
PLAN = r'''
import json as _json
from illumi_widgets.engine.action import CHANCE as _CHANCE


def _plan(b, r):
    m = b.match
    st = m.state
    snap = m.snapshot(b.perspective)
    out = {"version": st.version, "terminal": st.is_terminal()}
    out["wait"] = not out["terminal"] and any(s in m.bots for s in st.to_act())
    if out["terminal"] or out["wait"]:
        return _json.dumps(out)
    ways = reach(snap["decisions"], snap["scene"])
    withdraw = st.game.withdraw_kinds
    kinds = {a.notation(): a.kind for d in st.decisions() if d.options for a in d.options}
    keyed = ("click", "bar", "compose")
    choices = [(d, o) for d in snap["decisions"] for o in d["options"]
               if kinds.get(o["id"]) not in withdraw and ways[(d["id"], o["id"])]["how"] in keyed]
    d, o = choices[int(r * len(choices))]
    out.update({"decision": d["id"], "option": o["id"], "group": o.get("group"),
                "targets": next(([t for o in dd["options"] for t in (o.get("targets") or [])]
                                 for dd in snap["decisions"]
                                 if any(o.get("targets") for o in dd["options"])), []),
                "way": ways[(d["id"], o["id"])]})
    return _json.dumps(out)


def _by_hand(b):
    """Red answers every decision itself: no game-site preference answers for it (a board against bots
    starts with some on)."""
    m = b.match
    for pref in list(getattr(m, "auto_prefs", lambda seat: [])(0)):
        m.set_auto(0, pref, False)


def _moves(b):
    return _json.dumps([[a.seat, a.notation()] for a in b.state.history if a.seat != _CHANCE])
'''

_NOTEBOOK_JS = """
() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return { cells: nb.widgets.length, active: nb.activeCellIndex };
}
"""

# what has the focus, and does it match `spec` ({sel, decision, option, group, spin})
_FOCUS_JS = """
(spec) => {
  const a = document.activeElement;
  const ok = !!(a && a.closest && a.closest('.illumi-widget'));
  const go = a && a.closest ? a.closest('.illumi-stepper') : null;
  const goBtn = go ? go.querySelector('.illumi-step-go') : null;
  let fits = false;
  if (spec && ok) {
    const dec = a.closest('[data-decision]');
    fits = (!spec.sel || a.matches(spec.sel))
      && (!spec.option || a.dataset.option === spec.option)
      && (!spec.decision || (spec.spin ? goBtn && goBtn.dataset.decision === spec.decision
        : (a.dataset.decision === spec.decision || (dec && dec.dataset.decision === spec.decision))))
      && (!spec.group || (go && go.dataset.group === spec.group));
  }
  return { inWidget: ok, inBoard: !!(a && a.closest && a.closest('.illumi-sr')),
           inMenu: !!(a && a.closest && a.closest('.illumi-chooser')),
           entity: a && a.dataset ? a.dataset.entity || null : null,
           option: a && a.dataset ? a.dataset.option || null : null,
           stepOption: goBtn ? goBtn.dataset.option || null : null, fits };
}
"""

_AXE_RUN_JS = """
async (el) => {
  const r = await window.axe.run(el, { runOnly: { type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] } });
  return { passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${String(n.failureSummary).slice(0, 99)}`),
  })) };
}
"""


_IN_WIDGET_JS = "() => !!(document.activeElement && document.activeElement.closest('.illumi-widget'))"


def _focus(page, spec=None) -> dict:
    return page.evaluate(_FOCUS_JS, spec)


def _press_until(page, key: str, spec: dict, most: int = 120) -> None:
    """Press ``key`` until the focused element fits ``spec`` (checked before each press)."""
    for _ in range(most):
        f = _focus(page, spec)
        if f["fits"]:
            return
        assert f["inWidget"], f"the focus left the board's widget looking for {spec}"
        page.keyboard.press(key)
    pytest.fail(f"{key} never reached {spec}: {_focus(page, spec)}")


def _to_board(page) -> None:
    """From anywhere in the widget back to the board's targets (Shift-Tab)."""
    if not _focus(page)["inBoard"]:
        _press_until(page, "Shift+Tab", {"sel": ".illumi-sr button, .illumi-sr"})


_DISTANCE_JS = """
(entity) => {  // ArrowRight presses from the focused target to `entity` (the targets in reading order)
  const ids = [...document.activeElement.closest('.illumi-sr').querySelectorAll('[data-entity]')]
    .map((b) => b.dataset.entity);
  const i = ids.indexOf(document.activeElement.dataset.entity);
  const j = ids.indexOf(entity);
  return i < 0 || j < 0 ? null : j - i;
}
"""


def _to_entity(page, entity: str) -> None:
    """To the board's target ``entity`` with the arrow keys: as many Right (or Left) presses as the targets'
    reading order puts between them, then step by step (Home, Right...) if that missed."""
    _to_board(page)
    n = page.evaluate(_DISTANCE_JS, entity)
    if n:
        for _ in range(abs(n)):
            page.keyboard.press("ArrowRight" if n > 0 else "ArrowLeft")
    if _focus(page)["entity"] == entity:
        return
    page.keyboard.press("Home")
    seen = None
    for _ in range(400):
        f = _focus(page)
        if f["entity"] == entity:
            return
        if f["entity"] == seen:
            break  # the end of the board's targets
        seen = f["entity"]
        page.keyboard.press("ArrowRight")
    pytest.fail(f"the arrow keys never reached {entity!r}")


def _set_amount(page, option: str, step: int) -> None:
    """On a focused spinbutton: Home, then ArrowUp ``step`` times; it must then offer ``option``."""
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowUp")
    assert _focus(page)["stepOption"] == option, _focus(page)
    page.keyboard.press("Enter")


def _take_by_keyboard(page, widget, plan) -> str:
    from playwright.sync_api import expect

    way, did, oid = plan["way"], plan["decision"], plan["option"]
    how = way["how"]
    menu = widget.locator(".illumi-chooser:not([hidden])")
    if how == "click":
        _to_entity(page, way["entity"])
        page.keyboard.press("Enter")
        if way["chooser"] is not None:
            expect(menu).to_be_visible()
            if way["chooser"]["kind"] == "stepper":
                _press_until(page, "Tab", {"sel": ".illumi-chooser [role=spinbutton]", "decision": did,
                                           "spin": True, "group": plan["group"]})
                _set_amount(page, oid, way["chooser"]["step"])
                how = "chooser-stepper"
            else:
                _press_until(page, "ArrowDown", {"sel": "button.illumi-choice", "option": oid,
                                                 "decision": did})
                page.keyboard.press("Enter")
                how = "chooser"
    elif how == "bar":
        _to_board(page)
        if way["kind"] == "stepper":
            _press_until(page, "Tab", {"sel": ".illumi-panel [role=spinbutton]", "decision": did,
                                       "spin": True, "group": plan["group"]})
            _set_amount(page, oid, way["step"])
            how = "stepper"
        elif way["more"]:
            _press_until(page, "Tab", {"sel": ".illumi-panel button.illumi-more", "decision": did})
            page.keyboard.press("Enter")
            expect(menu).to_be_visible()
            _press_until(page, "ArrowDown", {"sel": "button.illumi-choice", "option": oid})
            page.keyboard.press("Enter")
            how = "more"
        else:
            _press_until(page, "Tab", {"sel": ".illumi-panel button", "decision": did, "option": oid})
            page.keyboard.press("Enter")
    else:  # compose: each thing picked with Enter, then Tab to Confirm
        for entity in way["entities"]:
            _to_entity(page, entity)
            page.keyboard.press("Enter")
        _press_until(page, "Tab", {"sel": ".illumi-panel .illumi-compose-go", "decision": did, "option": oid})
        page.keyboard.press("Enter")
    confirm = widget.locator(".illumi-confirm:not([hidden])")
    if confirm.count() and confirm.is_visible():
        page.keyboard.press("Shift+Tab")  # (the question's focus starts on Cancel)
        assert _focus(page, {"sel": ".illumi-confirm-yes"})["fits"]
        page.keyboard.press("Enter")
    return how


def _norm(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z]+", "", text)  # (the YAML of a snapshot quotes some names)


def _last_move_in_snapshot(widget) -> bool:
    """The bar's "Last move: …" line (when it shows one) is in the board's accessibility tree, word for
    word."""
    last = widget.locator(".illumi-last").inner_text().strip()
    snapshot = widget.aria_snapshot()
    if not last or widget.locator(".illumi-last").inner_text().strip() != last:
        return False  # (none now, or a bot moved meanwhile)
    assert last.startswith("Last move:"), last
    assert _norm(last) in _norm(snapshot), (last, snapshot)
    return True


def _axe(page, widget) -> None:
    root = widget.locator(".illumi-widget").element_handle()
    found = page.evaluate(_AXE_RUN_JS, root)
    assert found["violations"] == [] and found["passes"] >= 5, found


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_keyboard_alone(game, tmp_path, page, open_notebook, run_all, kernel,
                                        save_screenshot):
    from playwright.sync_api import expect

    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `cd js && npm install` (a devDependency)", pytrace=False)
    page.set_viewport_size({"width": 1400, "height": 900})
    nb = nbformat.v4.new_notebook()
    cls = GAMES[game].split("(")[0]
    # Red answers every decision itself: no game-site preference answers for it (a board against bots starts
    # with some on), from the first
    nb.cells = [nbformat.v4.new_code_cell(f"from illumi_widgets import {cls}\nboard = {GAMES[game]}\n"
                                          "for _p in list(board.match.auto_prefs(0)):\n"
                                          "    board.match.set_auto(0, _p, False)\nboard")]
    path = tmp_path / f"keyboard_{game}.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    kernel(page, REACH)
    kernel(page, PLAN + "\n_by_hand(board)")
    before = len(json.loads(kernel(page, "print(_moves(board))").strip().splitlines()[-1]))
    notebook = page.evaluate(_NOTEBOOK_JS)
    page.add_script_tag(path=str(AXE))
    _axe(page, widget)

    for _ in range(80):  # Tab into the board (through whatever the page has before it)
        page.keyboard.press("Tab")
        if _focus(page)["inBoard"]:
            break
    assert _focus(page)["inBoard"], "Tab never reached the board"
    expect(widget.locator(".illumi-focus-ring")).to_be_visible()

    rng = random.Random(f"keys-{game}")
    chosen: list[str] = []
    hows: dict[str, int] = {}
    said_last = in_words = menu_axe = dot = False
    r = None  # the random number of Red's next option: drawn once per decision taken, so the game played
    for _ in range(MOST):  # does not depend on how often the page had to wait for the bots
        r = rng.random() if r is None else r
        plan = json.loads(kernel(page, f"print(_plan(board, {r!r}))").strip().splitlines()[-1])
        if plan["wait"]:  # the bots' turn: the page asks Python for their moves
            expect(widget).not_to_have_attribute("data-version", str(plan["version"]))
            continue
        expect(widget).to_have_attribute("data-version", str(plan["version"]))
        if plan["terminal"]:
            break
        if not dot and plan["targets"]:  # "." goes to the current decision's first target
            _to_board(page)
            page.keyboard.press(".")
            assert _focus(page)["entity"] in plan["targets"], (_focus(page), plan["targets"])
            dot = True
        if not in_words and len(chosen) >= WORDS_AFTER:
            _the_board_in_words(page, widget, kernel)
            in_words = True
        if not menu_axe and widget.locator(".illumi-panel [aria-haspopup=menu]").count():
            # a menu opened by the keyboard: axe-core with it open; Escape closes it, focus back on its button
            _to_board(page)
            _press_until(page, "Tab", {"sel": ".illumi-panel [aria-haspopup=menu]"})
            opener = page.evaluate("() => document.activeElement.outerHTML")
            page.keyboard.press("Enter")
            expect(widget.locator(".illumi-chooser:not([hidden])")).to_be_visible()
            _axe(page, widget)
            page.keyboard.press("Escape")
            expect(widget.locator(".illumi-chooser:not([hidden])")).to_have_count(0)
            assert page.evaluate("() => document.activeElement.outerHTML") == opener
            menu_axe = True
        how = _take_by_keyboard(page, widget, plan)
        r = None
        hows[how] = hows.get(how, 0) + 1
        chosen.append(plan["option"])
        expect(widget).not_to_have_attribute("data-version", str(plan["version"]))
        if how in ("click", "chooser"):  # the focus comes back to the board after the update
            page.wait_for_function(_IN_WIDGET_JS)
        if not said_last:
            said_last = _last_move_in_snapshot(widget)
    else:
        pytest.fail(f"{game}: not over after {MOST} plans ({len(chosen)} decisions by keyboard, {hows})")
    # (the record from the first key on: a bot, or a preference still on, may act as the board opens)
    moves = json.loads(kernel(page, "print(_moves(board))").strip().splitlines()[-1])[before:]
    assert [n for s, n in moves if s == 0] == chosen, "the record is not the options chosen by keyboard"
    assert len(moves) > len(chosen)  # (the bots played too)
    assert hows.get("click", 0) + hows.get("chooser", 0) + hows.get("compose", 0) > 0, hows
    assert dot and in_words and said_last, (dot, in_words, said_last)
    assert menu_axe, "no decision of Red's offered a menu"
    after = page.evaluate(_NOTEBOOK_JS)
    assert after == notebook, (notebook, after)  # no key reached the notebook
    expect(widget.locator(".illumi-end:not([hidden])")).to_be_visible()
    _axe(page, widget)  # the end screen
    save_screenshot(widget, f"keyboard_{game}")
    print(f"{game}: {len(chosen)} decisions by keyboard ({hows}), {len(moves) - len(chosen)} by the bots")


def _the_board_in_words(page, widget, kernel) -> None:
    """Playwright's aria_snapshot() of the board holds every line describe() names, the decision's prompt;
    Tab leaves the board and Shift-Tab comes back."""
    page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.illumi-sr'); }")
    snapshot = _norm(widget.aria_snapshot())
    words = kernel(page, "print(board.describe())").strip().splitlines()
    things = [ln[2:] for ln in words if ln.startswith("- ")]
    missing = [x for x in things if _norm(x) not in snapshot]
    assert things and not missing, missing
    prompt = kernel(page, "print(board.decisions[0]['prompt'] if board.decisions else '')").strip()
    assert prompt and _norm(prompt) in snapshot
    page.keyboard.press("Escape")  # (nothing open: the focus stays on the board)
    assert _focus(page)["inBoard"]
    page.keyboard.press("Tab")
    assert not _focus(page)["inBoard"]
    _to_board(page)


_LAYOUT_JS = """
(root) => {
  const barBox = root.querySelector('.illumi-bar');
  const bar = barBox.getBoundingClientRect();
  const popup = (e) => { // inside a box laid over the page (a preferences menu): judged against the window
    for (let n = e.parentElement; n && n !== barBox; n = n.parentElement) {
      if (['absolute', 'fixed'].includes(getComputedStyle(n).position)) return true;
    }
    return false;
  };
  const shown = [...root.querySelectorAll('.illumi-bar button, .illumi-bar input, .illumi-bar output, '
    + '.illumi-bar summary, .illumi-bar .illumi-status, .illumi-bar .illumi-history-label')]
    .filter((e) => e.offsetParent !== null && !e.closest('[hidden]'))
    .map((e) => ({ name: e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30)
                     || e.outerHTML.slice(0, 80), r: e.getBoundingClientRect(), popup: popup(e) }))
    .filter((x) => x.r.width > 0 && x.r.height > 0);
  const overlaps = [];
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const a = shown[i].r, b = shown[j].r;
    if (shown[i].popup !== shown[j].popup) continue;
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      overlaps.push([shown[i].name, shown[j].name]);
  }
  const [lo, hi] = [(x) => (x.popup ? 0 : bar.left), (x) => (x.popup ? innerWidth : bar.right)];
  const outside = shown.filter((x) => x.r.left < lo(x) - 1 || x.r.right > hi(x) + 1)
    .map((x) => `${x.name} (${Math.round(x.r.left)}-${Math.round(x.r.right)} of `
      + `${Math.round(lo(x))}-${Math.round(hi(x))})`);
  const rows = new Set(shown.filter((x) => !x.popup).map((x) => Math.round(x.r.top / 4))).size;
  return { count: shown.length, overlaps, outside, rows, barWidth: bar.width,
           scrolls: root.scrollWidth > root.clientWidth + 1 };
}
"""

_FORCED_JS = """
(root) => {
  const probe = document.createElement('span');
  probe.style.color = 'CanvasText';
  document.body.append(probe);
  const canvasText = getComputedStyle(probe).color;
  probe.remove();
  const ring = getComputedStyle(root.querySelector('.illumi-focus-ring'));
  const a = document.activeElement;
  const fa = a ? getComputedStyle(a) : null;
  return { forced: matchMedia('(forced-colors: active)').matches, canvasText,
           ring: { color: ring.borderTopColor, width: parseFloat(ring.borderTopWidth),
                   style: ring.borderTopStyle, outline: ring.outlineStyle,
                   visible: !root.querySelector('.illumi-focus-ring').hidden },
           focused: fa ? { outline: fa.outlineStyle, width: parseFloat(fa.outlineWidth) } : null };
}
"""


@pytest.mark.slow
def test_forced_colours_and_zoom_to_200_percent(tmp_path, page, open_notebook, run_all, kernel):
    """Forced colours (Windows high contrast, emulated): the focus ring and a focused button's outline are
    drawn in system colours and stay visible. Zoom to 200% (a 1400×900 window at 200%: 700×450 CSS px): the
    action bar wraps -- every control still shown, inside the bar, none over another, the widget never scrolls
    sideways -- and a decision is still taken by keyboard (WCAG 1.4.4, 1.4.10, 2.4.7); then by the
    typed-command box (lichess's blind mode: off until `c`)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1400, "height": 900})
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from illumi_widgets import PaxIlluminaten\n"
                                          "board = PaxIlluminaten(players=3, seed=7, seat=0)\nboard")]
    path = tmp_path / "zoom.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page)
    widget = panel.locator(BOARD)
    expect(widget).to_have_count(1)
    root = widget.locator(".illumi-widget").element_handle()
    wide = page.evaluate(_LAYOUT_JS, root)

    page.emulate_media(forced_colors="active")
    for _ in range(80):
        page.keyboard.press("Tab")
        if _focus(page)["inBoard"]:
            break
    forced = page.evaluate(_FORCED_JS, root)
    assert forced["forced"], forced
    ring = forced["ring"]
    assert ring["visible"] and ring["width"] >= 2 and ring["style"] == "solid", forced
    assert ring["color"] == forced["canvasText"] and ring["outline"] == "solid", forced
    _press_until(page, "Tab", {"sel": ".illumi-bar button"})
    forced = page.evaluate(_FORCED_JS, root)
    assert forced["focused"]["outline"] == "solid" and forced["focused"]["width"] >= 2, forced
    page.emulate_media(forced_colors="none")

    page.set_viewport_size({"width": 700, "height": 450})
    expect(widget).to_have_attribute("data-painted", "1")
    page.wait_for_function("(r) => r.getBoundingClientRect().width <= 700", arg=root)
    zoomed = page.evaluate(_LAYOUT_JS, root)
    assert zoomed["count"] == wide["count"], (wide, zoomed)  # no control lost
    assert zoomed["overlaps"] == [] and zoomed["outside"] == [] and not zoomed["scrolls"], zoomed
    assert zoomed["rows"] > wide["rows"], (wide, zoomed)  # the bar wrapped
    # still played by keyboard: the first target of the decision, Enter
    version = widget.get_attribute("data-version")
    _to_board(page)
    page.keyboard.press(".")
    targets = json.loads(kernel(page, "import json\nprint(json.dumps({t: [o['id'] for d in board.decisions "
                                      "for o in d['options'] if t in (o.get('targets') or [])] "
                                      "for d in board.decisions for o in d['options'] "
                                      "for t in (o.get('targets') or [])}))").strip().splitlines()[-1])
    for _ in range(200):
        f = _focus(page)
        if len(targets.get(f["entity"], [])) == 1:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(widget).not_to_have_attribute("data-version", version)

    # the typed-command box (off until `c`): nonsense is refused with the rules' reason in the alert; a label
    # typed and Enter acts
    version = kernel(page, "print(board.version)").strip()
    expect(widget).to_have_attribute("data-version", version)
    expect(widget.locator(".illumi-command")).to_be_hidden()
    page.keyboard.press("c")
    expect(widget.locator(".illumi-command-input")).to_be_focused()
    page.keyboard.type("fly to the moon")
    page.keyboard.press("Enter")
    alert = widget.locator(".illumi-error[role=alert]")
    expect(alert).to_contain_text("'fly' is not a Pax Illuminaten action")  # (State.explain's words)
    label = kernel(page, "print(board.decisions[0]['options'][-1]['label'])").strip()
    page.keyboard.press("Control+a")  # (the wrong command stays in the box, to be corrected)
    page.keyboard.type(label.upper())
    page.keyboard.press("Enter")
    expect(widget).not_to_have_attribute("data-version", version)
    assert page.evaluate(_NOTEBOOK_JS)["cells"] == 1  # the letters typed never reached the notebook
    expect(widget.locator(".illumi-command")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    _axe(page, widget)  # the box open, at 200% (its input named by its label)
