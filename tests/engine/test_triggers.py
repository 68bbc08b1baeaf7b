"""The general mechanism for ordered triggered effects (``engine/triggers.py``)."""

from __future__ import annotations

from illumi_widgets.engine.triggers import copy_labels, find_copy, next_trigger, remaining


def test_next_trigger_asks_only_when_there_is_a_choice():
    assert next_trigger([], []) == ("none", None)
    assert next_trigger(["a"], []) == ("auto", "a")
    assert next_trigger(["a", "b"], []) == ("ask", None)
    assert next_trigger(["a", "b"], ["a"]) == ("auto", "b")
    assert next_trigger([["x", 0], ["y", 0]], [["x", 0], ["y", 0]]) == ("none", None)


def test_regathering_after_each_resolution():
    # an effect resolved first removed "c" (e.g. moved its card away); the window gathers again
    done = []
    keys = ["a", "b", "c"]
    assert next_trigger(keys, done)[0] == "ask"
    done.append("b")
    keys = ["a"]  # gathered again: "c" is gone
    assert next_trigger(keys, done) == ("auto", "a")
    assert remaining(["a", "b", "c"], done) == ["a", "c"]


def test_copies_are_told_apart():
    items = [(10, "messenger"), (11, "puppeteer"), (12, "messenger")]
    name = lambda it: it[1]  # noqa: E731
    assert copy_labels(items, name) == [("messenger", 1), ("puppeteer", 1), ("messenger", 2)]
    assert find_copy(items, name, "messenger", 2) == (2, (12, "messenger"))
    assert find_copy(items, name, "messenger", 3) is None
    assert find_copy(items, name, "herald") is None
