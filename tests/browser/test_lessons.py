"""Lessons in real JupyterLab + Debian Chromium (issue 32): the first Primordial Secrets lesson and two Gray
Eminence ones (the first, choosing a Gray Eminence at setup, and scoring); their "before" pictures fit the
cell at 1000 and 1400 px wide (no horizontal clipping: each picture is no wider than its output area and
scales down) with no text under 10 px as shown (a picture is the part of the table the lesson is about),
and the learner finishes the Gray Eminence scoring lesson by clicks alone (one click on the
action bar), the coach line then saying it is done, and the Primordial Secrets plot (its sealed plan chosen
from the action bar's menu of all choices).
A Pax lesson (claiming a Plot) and an Illuminati one (an attack to control) are also finished by one click
each, their pictures fitting the cell.  In one lesson of each game a wrong legal move typed in the lesson's
box gets "That works too, but …" (Start again puts the position back) and an illegal one the rules' reason,
changing nothing.

At both widths every lesson's live board is drawn at a readable size below its picture, overlapping neither
the picture nor its action bar, and it follows the notebook's visible height when only that changes (no
window resize): a board once left at the 320 px floor (its bar measured while the cell was hidden) showed a
small copy of the board, its text overlapping, between the picture and the bar.  Screenshots of every cell
at both widths go to the artifacts (``lesson_<name>_<width>``), the viewport taller than the cell."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'
PROBE = (Path(__file__).parent / "snippets" / "board_probe.py").read_text()

FITS_JS = """(root) => {
  const out = [];
  for (const pic of root.querySelectorAll('.illumi-picture')) {
    const svg = pic.querySelector('svg');
    const area = pic.closest('.jp-OutputArea-output') || pic.parentElement;
    const a = area.getBoundingClientRect(), s = svg.getBoundingClientRect();
    const scale = s.width / svg.viewBox.baseVal.width;  // CSS px per picture unit, as shown
    const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')));
    out.push({area: a.width, left: s.left - a.left, right: s.right - a.left, width: s.width,
              height: s.height, scroll: area.scrollWidth - area.clientWidth,
              text: sizes.length ? Math.min(...sizes) * scale : 0});
  }
  return out;
}"""


# every lesson output's board: its size, and the boxes of the picture, the board and its bar (for overlaps)
BOXES_JS = """(cell) => {
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, width: r.width};
  };
  const area = cell.querySelector('.jp-Cell-outputArea') || cell;
  return {area: area.getBoundingClientRect().width,
          pictures: [...cell.querySelectorAll('.illumi-picture svg')].map(box),
          boards: [...cell.querySelectorAll('.illumi-scroll')].map(box),
          canvases: [...cell.querySelectorAll('canvas')].map(box),
          bars: [...cell.querySelectorAll('.illumi-bar')].map(box)};
}"""
MIN_TEXT_PX = 10  # the smallest text of a lesson's picture before the move, as shown (CSS px)
MIN_BOARD_PX = 400  # well above the 320 px floor the board is never drawn under


def _check_boards(cell, width: int) -> dict:
    """The cell's live board is drawn at a readable size (no canvas under MIN_BOARD_PX wide) and overlaps
    neither the picture before the move above it nor its action bar below it."""
    b = cell.evaluate(BOXES_JS)
    assert b["canvases"] and b["boards"] and b["bars"], (width, b)
    for c in b["canvases"]:
        assert c["width"] >= min(MIN_BOARD_PX, 0.9 * b["area"]), (width, b)
    assert len(b["boards"]) == len(b["bars"]), (width, b)
    for board, bar in zip(b["boards"], b["bars"], strict=True):
        assert board["bottom"] <= bar["top"] + 0.5, (width, b)
        for pic in b["pictures"]:
            assert pic["bottom"] <= board["top"] + 0.5, (width, b)
    return b


def _shoot(page, cell, name: str, width: int, save_screenshot) -> None:
    """A screenshot of ``cell`` with the viewport taller than the cell (an element taller than the viewport is
    captured by resizing the page behind the scenes, which is not the page a person sees): a narrow board's
    layout is then drawn whole, not in its scroll box."""
    page.set_viewport_size({"width": width, "height": 4000})
    page.wait_for_timeout(400)
    save_screenshot(cell, f"{name}_{width}")
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)


def _typed_feedback(page, cell, kernel, module: str, key: str, lesson: str) -> None:
    """In the lesson's own box, a wrong legal move (from the lesson's test cases) gets "That works too,
    but …"; Start again puts the position back; an illegal move gets the rules' reason and changes nothing."""
    from playwright.sync_api import expect

    case = json.loads(kernel(page, f"import json; print(json.dumps({module}.cases({key!r}, {lesson})))")
                      .strip().splitlines()[-1])
    box = cell.locator("input[placeholder^='or type a move']")
    box.fill(case["wrong"][0])
    box.press("Enter")
    expect(cell.locator(".widget-html-content", has_text="That works too, but").first).to_be_visible(
        timeout=30_000)
    cell.get_by_role("button", name="Start again").click()
    wrong = cell.locator(".widget-html-content", has_text="That works too, but")
    expect(wrong).to_have_count(0, timeout=30_000)
    _at_start(page, kernel, lesson)
    box.fill(case["illegal"])
    box.press("Enter")
    expect(cell.locator(".widget-html-content", has_text=re.compile("✘ That is not")).first).to_be_visible(
        timeout=30_000)
    _at_start(page, kernel, lesson)


def _at_start(page, kernel, lesson: str) -> None:
    """The lesson's live board has no move of the learner's since the lesson position (the bots' moves at
    the start, e.g. the others' sealed plots, stay)."""
    probe = (f"b = {lesson}.live; print([a.notation() for a in b.state.history[b.match._lesson_start:] "
             f"if a.seat == {lesson}.seat] or 'start')")
    said = ""
    for _ in range(20):
        said = kernel(page, probe).strip().splitlines()[-1]
        if said == "start":
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"moves left after Start again or an illegal move: {said}")


def test_lesson_picture_fits_and_lesson_is_finished_by_clicks(page, open_notebook, run_all, notebook_file,
                                                              kernel, board_probe, pick_option,
                                                              save_screenshot):
    from playwright.sync_api import expect

    path = notebook_file("lesson.ipynb", """
from illumi_widgets.lessons import primordial
plot = primordial.plot()
plot.show()
""", """
from illumi_widgets.lessons import gray_eminence
lesson = gray_eminence.score()
lesson.show()
board = lesson.live
""", """
gray_eminence.eminence().show()  # the notebook's first Gray Eminence lesson (its screenshot is kept)
""")
    page.set_viewport_size({"width": 1000, "height": 900})
    panel = open_notebook(page, path)
    run_all(page, timeout=120)
    cells = panel.locator(".jp-CodeCell")
    expect(cells.nth(0).locator(BOARD)).to_have_count(1, timeout=30_000)
    expect(cells.nth(2).locator(BOARD)).to_have_count(1, timeout=30_000)
    widget = cells.nth(1).locator(BOARD)
    expect(widget).to_have_count(1, timeout=30_000)
    for width in (1000, 1400):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)  # (JupyterLab lays the cells out again)
        fits = panel.evaluate(FITS_JS)
        assert len(fits) == 3, fits
        for f in fits:
            assert f["left"] >= -0.5 and f["right"] <= f["area"] + 0.5, (width, f)
            assert f["scroll"] <= 0, (width, f)
            assert f["width"] > min(0.5 * f["area"], 500) and f["height"] > 100, (width, f)  # shown, not lost
            assert f["text"] >= MIN_TEXT_PX, (width, f)  # readable (the whole table scaled down: 5 px)
        for n, name in enumerate(("lesson_primordial_plot", "lesson_gray_eminence_score",
                                  "lesson_gray_eminence_setup")):
            _shoot(page, cells.nth(n), name, width, save_screenshot)
            _check_boards(cells.nth(n), width)  # (after the screenshot too: the board is not left small)
    # the board follows the notebook's visible height when only that changes (no window resize), down to the
    # smallest scale its text is fitted for (the scene's min_scale), where it scrolls in its box instead: the
    # Primordial Secrets board (fitted down to 820 CSS px; the Gray Eminence ones, 1000 px, are at it here)
    scroller = ".jp-WindowedPanel-outer"
    follower = cells.nth(0).locator(BOARD).locator("canvas.illumi-base")
    page.set_viewport_size({"width": 1920, "height": 1080})  # (at 1400 x 900 it is at its smallest already)
    page.wait_for_timeout(300)
    tall = _check_boards(cells.nth(0), 1920)["canvases"][0]["width"]
    assert tall > 830, f"the Primordial board is already at its smallest scale: {tall} px"
    panel.evaluate(f"() => {{ document.querySelector('{scroller}').style.maxHeight = '300px'; }}")
    expect(follower).not_to_have_css("width", f"{round(tall)}px", timeout=10_000)
    panel.evaluate(f"() => {{ document.querySelector('{scroller}').style.maxHeight = ''; }}")
    expect(follower).to_have_css("width", f"{round(tall)}px", timeout=10_000)
    kernel(page, PROBE)
    _typed_feedback(page, cells.nth(0), kernel, "primordial", "plot", "plot")
    _typed_feedback(page, cells.nth(1), kernel, "gray_eminence", "score", "lesson")
    probe = board_probe(page, "board")
    decision, _prompt, options = probe["decisions"][0]
    complete = next(o for o in options if o.startswith("complete"))
    pick_option(page, widget, decision, complete)
    coach = panel.locator(".widget-html-content", has_text="✔")
    expect(coach.first).to_be_visible(timeout=30_000)
    assert "Completed" in coach.first.inner_text()
    verdict = kernel(page, "print(lesson.judge(board.state, board.match._lesson_start).kind)")
    assert verdict.split()[-1] == "done"
    _shoot(page, cells.nth(1), "lesson_gray_eminence_score_done", 1000, save_screenshot)
    _check_boards(cells.nth(1), 1000)
    # the Primordial Secrets plot, a sealed plan (three hosts and an Intent), chosen from the bar's menu
    kernel(page, "plot_board = plot.live")
    decision, _prompt, options = board_probe(page, "plot_board")["decisions"][0]
    pick_option(page, cells.nth(0).locator(BOARD), decision, next(o for o in options if o.endswith(" left")))
    coach = cells.nth(0).locator(".widget-html-content", has_text="✔")
    expect(coach.first).to_be_visible(timeout=30_000)
    assert "Sealed" in coach.first.inner_text()
    verdict = kernel(page, "print(plot.judge(plot_board.state, plot_board.match._lesson_start).kind)")
    assert verdict.split()[-1] == "done"
    _shoot(page, cells.nth(0), "lesson_primordial_plot_done", 1000, save_screenshot)


def test_pax_and_illuminati_lessons_are_finished_by_clicks(page, open_notebook, run_all, notebook_file,
                                                          kernel, board_probe, pick_option, save_screenshot):
    """The Pax lesson "Claiming a Plot" and the Illuminati lesson "An attack to control", each finished by one
    click on its board's action bar; the coach line then says it is done (and the lesson agrees)."""
    from playwright.sync_api import expect

    path = notebook_file("lessons_pax_illuminati.ipynb", """
from illumi_widgets.lessons import pax
plot = pax.plot()
plot.show()
""", """
from illumi_widgets.lessons import illuminati
attack = illuminati.attack()
attack.show()
""", """
pax.scout().show()  # the notebook's first Pax lesson (its screenshot is kept)
""")
    page.set_viewport_size({"width": 1000, "height": 900})
    panel = open_notebook(page, path)
    run_all(page, timeout=120)
    cells = panel.locator(".jp-CodeCell")
    kernel(page, PROBE)
    for width in (1400, 1000):  # the pictures before the move fit the cell at either width
        page.set_viewport_size({"width": width, "height": 900})
        for n, name in enumerate(("lesson_pax_plot", "lesson_illuminati_attack", "lesson_pax_scout")):
            expect(cells.nth(n).locator(BOARD)).to_have_count(1, timeout=30_000)
            fits = cells.nth(n).evaluate(FITS_JS)
            assert len(fits) == 1 and fits[0]["right"] <= fits[0]["area"] + 0.5 and fits[0]["scroll"] <= 0, (
                width, fits)
            assert fits[0]["text"] >= MIN_TEXT_PX, (width, fits)
            _shoot(page, cells.nth(n), name, width, save_screenshot)
            _check_boards(cells.nth(n), width)
    for n, (name, prefix, said) in enumerate((("plot", "claim plot dispersed-contacts", "Claimed"),
                                              ("attack", "attack mafia control loan-sharks", "Declared"))):
        widget = cells.nth(n).locator(BOARD)
        expect(widget).to_have_count(1, timeout=30_000)
        fits = cells.nth(n).evaluate(FITS_JS)
        assert len(fits) == 1 and fits[0]["right"] <= fits[0]["area"] + 0.5 and fits[0]["scroll"] <= 0, fits
        kernel(page, f"{name}_board = {name}.live")
        _typed_feedback(page, cells.nth(n), kernel, ("pax", "illuminati")[n], name, name)
        decision, _prompt, options = board_probe(page, f"{name}_board")["decisions"][0]
        option = next(o for o in options if o.startswith(prefix))
        pick_option(page, widget, decision, option)
        coach = cells.nth(n).locator(".widget-html-content", has_text="✔")
        expect(coach.first).to_be_visible(timeout=30_000)
        assert said in coach.first.inner_text()
        board = f"{name}_board"
        verdict = kernel(page, f"print({name}.judge({board}.state, {board}.match._lesson_start).kind)")
        assert verdict.split()[-1] == "done"
        _shoot(page, cells.nth(n), f"lesson_{name}_done", 1000, save_screenshot)
