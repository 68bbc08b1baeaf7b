"""A lesson in a notebook cell (Lesson.show): the coach line under the live board follows the learner's
moves, a typed move is judged like a click (an illegal one gets the rules' own reason and changes nothing),
Hint gives the lesson's hints, Start again puts the lesson position back, and the picture fits the cell."""

from __future__ import annotations

from unittest import mock

import pytest

pytest.importorskip("ipywidgets")

from illumi_widgets.lessons import gray_eminence, primordial  # noqa: E402


def _show(lesson) -> list:
    shown = []
    with mock.patch("IPython.display.display", side_effect=lambda *a, **k: shown.extend(a)):
        lesson.show()
    return shown


def test_show_plays_a_lesson_on_the_live_board():
    lesson = gray_eminence.score()
    shown = _show(lesson)
    board, panel = lesson.live, shown[-1]
    assert board in shown
    (hint, again, typed), said = panel.children[1].children, panel.children[2]
    start = board.match.version
    assert board.coach_line.value.startswith("➜ Your move, Red")
    typed.value = "complete S99"
    assert said.value.startswith("✘ That is not allowed: ") and board.match.version == start
    typed.value = "pass"
    assert board.coach_line.value.startswith("That works too, but ")
    again.click()
    assert len(board.state.history) == board.match._lesson_start
    assert board.coach_line.value.startswith("➜ Your move, Red")
    board.play(next(a for a in board.legal_actions() if a.kind == "complete"))
    assert board.coach_line.value.startswith("✔ Completed")
    hint.click()
    assert lesson.hints[0] in said.value


def test_the_picture_fits_the_cell():
    html = _show(gray_eminence.score())[1].data
    assert "<svg style=\"max-width:100%;height:auto;display:block\"" in html
    assert "viewBox=" in html


@pytest.mark.parametrize("game", ["pax", "illuminati", "primordial", "gray_eminence"])
def test_every_lessons_picture_is_made_to_fit_the_cell_and_be_read(game):
    """Every lesson of every sequence (not only those the browser test measures at 1000 and 1400 px) shows
    its position before the move through the one fitting container: an SVG scaled down to the cell's
    width, never wider, with its caption.  Its text is readable: drawn for PICTURE_PX CSS px (no wider), no
    text under 11 px there (the whole Gray Eminence table scaled to a 600 px cell had 5 px text), and a
    picture of part of the table shows the things the lesson's choices point at."""
    import importlib
    import re
    import xml.etree.ElementTree as ET

    from illumi_widgets.lessons.framing import PICTURE_PX

    mod = importlib.import_module(f"illumi_widgets.lessons.{game}")
    for key, lesson in mod.sequence().items():
        html = lesson.picture().data
        fitting = ("<div class='illumi-picture' style='max-width:100%;overflow:hidden'>"
                   "<svg style=\"max-width:100%;")
        assert fitting in html, key
        # well-formed XML (the root once had two style attributes: an SVG viewer or an XML parser refuses it)
        ET.fromstring(re.search(r"<svg\b.*</svg>", html, re.S).group(0))
        assert lesson.before and lesson.before.replace("'", "&#x27;") in html, key
        width, top, view_w, view_h = (float(v) for v in re.search(
            r'width="([\d.]+)" height="[\d.]+" viewBox="0 ([\d.]+) ([\d.]+) ([\d.]+)"', html).groups())
        assert width <= PICTURE_PX and view_w > 0 and view_h > 0, key
        smallest = min(float(v) for v in re.findall(r'font-size="([\d.]+)"', html)) * width / view_w
        assert smallest >= 11 - 0.01, (key, smallest)
        if "Part of the table" in html:  # the picture is cropped: the lesson's things are in it
            ids = re.findall(r'data-id="([^"]+)"', html)
            assert ids, key
        tall = view_h * width / view_w
        assert tall <= 1300, (key, tall)  # (a part of the table; the whole table is the live board below)


def test_a_picture_shows_the_part_of_the_table_the_lessons_choices_point_at():
    """The refresh lesson's choices point at Red's exhausted Factions (on Red's own mat): the picture is that
    mat, not the board's tracks far above it; a lesson's own ``focus`` picks the part instead."""
    import re

    lesson = gray_eminence.refresh()
    html = lesson.picture().data
    shown = set(re.findall(r'data-id="([^"]+)"', html))
    targets = {t for d in lesson.start().snapshot("seat:0")["decisions"] for o in d["options"]
               for t in o["targets"]}
    assert targets and targets <= shown
    assert "Part of the table" in html and "slot:eye" not in shown  # (the visibility track is elsewhere)
    tweet = gray_eminence.tweet()
    assert tweet.focus and set(tweet.focus) <= set(re.findall(r'data-id="([^"]+)"', tweet.picture().data))


def test_a_lessons_focus_is_saved_and_a_bad_one_refused(tmp_path):
    from illumi_widgets.engine import RecordError
    from illumi_widgets.lessons import Lesson

    lesson = Lesson("pax", seat=0, goal="Scout.", done=["scout *"], focus=["cell:B3"])
    lesson.save(tmp_path / "l.json")
    assert Lesson.load(tmp_path / "l.json").focus == ("cell:B3",)
    for bad in ("cell:B3", [3], [""]):
        with pytest.raises(RecordError):
            Lesson("pax", seat=0, goal="Scout.", done=["scout *"], focus=bad)
    data = lesson.to_dict()
    data["focus"] = [{"x": 1}]
    with pytest.raises(RecordError, match="focus"):
        Lesson.from_dict(data)


def test_a_typed_moves_verdict_goes_when_the_learner_moves_on():
    """The line under the lesson's buttons said "✘ That is not allowed: …" for an illegal typed move and
    kept saying it after the learner finished the lesson on the board, under the coach's ✔ (the browser
    test's screenshot of a finished lesson showed both)."""
    lesson = gray_eminence.score()
    shown = _show(lesson)
    board, panel = lesson.live, shown[-1]
    (_hint, _again, typed), said = panel.children[1].children, panel.children[2]
    typed.value = "complete S99"
    assert said.value.startswith("✘ That is not allowed: ")
    board.play(next(a for a in board.legal_actions() if a.kind == "complete"))
    assert board.coach_line.value.startswith("✔ Completed")
    assert said.value == ""


def test_a_cropped_picture_is_the_band_asked_for():
    """scene_to_svg(crop=(top, bottom)): the view box is that band of the drawn layout, the whole width;
    items wholly outside it are left out, an item across its edge is kept (the SVG clips it)."""
    from illumi_widgets.widget import scene_to_svg

    scene = {"w": 400, "h": 600, "items": [
        {"t": "rect", "x": 0, "y": 10, "w": 50, "h": 20, "id": "above"},
        {"t": "rect", "x": 0, "y": 190, "w": 50, "h": 40, "id": "across"},
        {"t": "text", "x": 10, "y": 250, "s": "inside", "size": 12, "id": "inside"},
        {"t": "circle", "x": 10, "y": 500, "r": 5, "id": "below"}]}
    svg = scene_to_svg(scene, 400, crop=(200, 300))
    assert 'width="400" height="100" viewBox="0 200 400 100"' in svg
    assert 'data-id="across"' in svg and 'data-id="inside"' in svg
    assert 'data-id="above"' not in svg and 'data-id="below"' not in svg
    assert 'viewBox="0 0 400 600"' in scene_to_svg(scene, 400)  # (no crop: the whole scene, as before)


def test_the_picture_function_stays_the_picture_function_after_a_lesson_is_shown():
    """The picture-framing code is a submodule of its own name (``framing``): a submodule called ``picture``
    replaced the package's ``picture`` function once a lesson had been shown, and notebook cells that then
    imported ``picture`` got a module."""
    from illumi_widgets.lessons import gray_eminence

    gray_eminence.sequence()["score"].show()
    from illumi_widgets.lessons import picture

    assert callable(picture) and picture.__module__ == "illumi_widgets.lessons.display"


def test_the_steal_lessons_picture_shows_the_secrets_red_looks_through():
    """Primordial's steal lesson: Red chooses one of the host's Secrets; the picture showed only Red's own
    area (the steal options had no board targets).  Now the Secrets lie face up on the host's mat, each the
    target of its option, and the picture frames them: every Secret's card and name is in it."""
    import re

    lesson = primordial.steal()
    state = lesson.start().state
    frame = state.data["frames"][-1]
    assert frame["kind"] == "steal"
    names = {state.game.intent_name(i) for i in frame["options"]}
    html = lesson.picture().data
    shown = set(re.findall(r'data-id="([^"]+)"', html))
    targets = {t for d in lesson.start().snapshot("seat:0")["decisions"] for o in d["options"]
               for t in o["targets"]}
    assert len(targets) == len(frame["options"]) and targets <= shown
    assert all(n in html for n in names), names
    assert "Part of the table" in html


@pytest.mark.parametrize("key", ["attack", "destroy"])
def test_an_illuminati_attack_lessons_picture_is_the_attacker_and_its_target(key):
    """The attack lessons' pictures showed the whole stack of power structures (the attack's options point
    at every rival's area too); a teacher crops it to the attacker's power structure and the target group:
    Red's groups and the Loan Sharks, no rival's area, a picture about a third as tall."""
    import re

    from illumi_widgets.lessons import illuminati

    html = getattr(illuminati, key)().picture().data
    shown = set(re.findall(r'data-id="([^"]+)"', html))
    assert {"loan-sharks", "seat:0", "bavarian-illuminati", "mafia", "cia"} <= shown
    assert not shown & {"seat:1", "seat:2", "network", "gnomes-of-zurich"}, shown
    width, view_w, view_h = (float(v) for v in re.search(
        r'width="([\d.]+)" height="[\d.]+" viewBox="0 [\d.]+ ([\d.]+) ([\d.]+)"', html).groups())
    assert view_h * width / view_w <= 450
