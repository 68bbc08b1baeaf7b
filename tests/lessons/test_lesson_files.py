"""Lesson files (illumi_widgets.lessons.files): a lesson saved and loaded back is the same lesson and plays
the same; a malformed or hostile file is refused with a RecordError that names what is wrong, before
anything is built."""

from __future__ import annotations

import json

import pytest

from illumi_widgets.engine import RecordError
from illumi_widgets.lessons import Lesson
from illumi_widgets.lessons import gray_eminence as ge
from illumi_widgets.lessons.files import MAX_BYTES


def _place():
    return ge.place()


def test_round_trip_keeps_the_lesson_and_its_play(tmp_path):
    lesson = _place()
    path = tmp_path / "place.json"
    lesson.save(path)
    back = Lesson.load(path)
    for name in ("game_name", "seat", "goal", "title", "before", "hints", "feedback", "done", "options"):
        assert getattr(back, name) == getattr(lesson, name), name
    assert back.start().position() == lesson.start().position()
    assert back.solve(["place gray1"]).kind == "done"
    assert back.solve(["place eye"]).kind == "wrong"


def test_an_editor_position_is_saved_as_position_text(tmp_path):
    def setup(ed):
        ed.vp("Red", 3)

    lesson = Lesson("gray-eminence", position=setup, seat="Red", options={"scenario": "global"},
                    goal="Choose a Gray Eminence.", done=[f"eminence G{n:02d}" for n in range(1, 11)])
    data = lesson.to_dict()
    assert isinstance(data["position"], str)
    back = Lesson.from_dict(json.loads(json.dumps(data)))
    assert back.start().state.data["vp"][0] == 3


def test_a_lesson_judged_by_a_function_cannot_be_saved(tmp_path):
    with pytest.raises(RecordError, match="'done' is a Python function"):
        ge.bid().save(tmp_path / "bid.json")
    assert not (tmp_path / "bid.json").exists()


GOOD = None


def _good() -> dict:
    global GOOD
    if GOOD is None:
        GOOD = _place().to_dict()
    return json.loads(json.dumps(GOOD))


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(format="something"), "'format'"),
    (lambda d: d.update(version=2), "'version'"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.update(game="chess"), "'game' names no game"),
    (lambda d: d.update(game=7), "'game' must be text"),
    (lambda d: d.update(options={"cards": "/etc/passwd"}), "never a file"),
    (lambda d: d.update(options={"colour": "red"}), "not an option of Gray Eminence"),
    (lambda d: d.update(options=[1]), "'options' must be an object"),
    (lambda d: d.pop("done"), "'done' is missing"),
    (lambda d: d.update(done=[]), "'done' is empty"),
    (lambda d: d.update(done="place eye"), "'done' must be a list"),
    (lambda d: d.update(done=[3]), "'done' item 1"),
    (lambda d: d.update(hints=[None]), "'hints' item 1"),
    (lambda d: d.update(goal=["x"]), "'goal' must be text"),
    (lambda d: d.update(goal="x" * 5000), "'goal' is longer"),
    (lambda d: d.update(seat=True), "'seat'"),
    (lambda d: d.update(seat="Purple"), "no seat 'Purple'"),
    (lambda d: d.update(seed=-1), "'seed'"),
    (lambda d: d.update(position=5), "'position' must be position text or a record"),
    (lambda d: d.update(position="not a position"), "position"),
    (lambda d: d.update(position={"format": "nonsense"}), "position"),
    (lambda d: d.update(feedback={"wrong": 3}), "'feedback'"),
    (lambda d: d.update(bots=["random"]), "'bots'"),
])
def test_malformed_lesson_is_refused_naming_the_field(change, words):
    data = _good()
    change(data)
    with pytest.raises(RecordError) as err:
        Lesson.from_dict(data)
    assert err.value.code == "bad-lesson"
    assert err.value.message.startswith("this lesson file is malformed: ")
    assert words in err.value.message, err.value.message


def test_a_file_that_is_not_json_or_too_large_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        Lesson.load(bad)
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(RecordError, match="not JSON"):
        Lesson.load(bad)
    bad.write_text("[]")
    with pytest.raises(RecordError, match="a JSON object"):
        Lesson.load(bad)
    bad.write_text(" " * (MAX_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        Lesson.load(bad)
