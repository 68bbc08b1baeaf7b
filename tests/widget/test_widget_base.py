"""GameWidget: a thin, game-agnostic bridge between a controller and the canvas painter."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import traitlets

from illumi_widgets.widget import Controller, GameWidget, validate_message
from illumi_widgets.widget.base import MAX_INT

SCENE = {
    "w": 200,
    "h": 100,
    "bg": "#f4efe4",
    "items": [
        {"t": "rect", "x": 10, "y": 10, "w": 50, "h": 50, "fill": "#fff", "id": "cell:A1", "tip": "A1"},
        {"t": "text", "x": 100, "y": 50, "s": "Hello <board>", "size": 12},
    ],
}


class FakeController:
    """Implements the Controller protocol over a tiny mutable state."""

    def __init__(self, game: str = "fake"):
        self.game = game
        self.version = 3
        self.calls: list[tuple[dict, str]] = []
        self.snapshots: list[str] = []
        self.callbacks: list = []
        self.reply: dict | None = None
        self.raise_on_handle = False

    def snapshot(self, perspective: str) -> dict:
        self.snapshots.append(perspective)
        seat = perspective.removeprefix("seat:") if perspective.startswith("seat:") else None
        return {
            "game": self.game,
            "version": self.version,
            "scene": {
                **SCENE,
                "items": [*SCENE["items"], {"t": "text", "x": 0, "y": 0, "s": f"v{self.version}"}],
            },
            "decisions": [
                {
                    "id": "d1",
                    "seat": 0,
                    "prompt": f"Seat {seat} acts" if seat else "Watching",
                    "options": [{"id": "pass", "label": "Pass", "targets": [], "group": None}],
                }
            ],
            "log": [f"entry {i}" for i in range(self.version)],
            "status": {
                "text": f"version {self.version}",
                "to_act": [0],
                "terminal": False,
                "curtain": None,
                "error": None,
                "can_undo": self.version > 0,
                "can_redo": False,
                "history": {"index": self.version, "length": self.version},
            },
        }

    def handle(self, message: dict, perspective: str) -> dict:
        self.calls.append((message, perspective))
        if self.raise_on_handle:
            raise RuntimeError("boom")
        if self.reply is not None:
            return self.reply
        self.advance()
        return {"type": "ok", "version": self.version}

    def subscribe(self, callback):
        self.callbacks.append(callback)

        def unsubscribe():
            if callback in self.callbacks:
                self.callbacks.remove(callback)

        return unsubscribe

    def advance(self) -> None:
        self.version += 1
        for cb in list(self.callbacks):
            cb()


@pytest.fixture
def ctl() -> FakeController:
    return FakeController()


@pytest.fixture
def widget(ctl, monkeypatch):
    w = GameWidget(ctl, perspective="seat:0")
    sent: list = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    w.sent = sent
    yield w
    w.close()


def receive(widget: GameWidget, content, buffers=None) -> None:
    """As the kernel does for a custom message from the browser."""
    widget._handle_custom_msg(content, buffers or [])


def test_fake_controller_is_a_controller(ctl):
    assert isinstance(ctl, Controller)


def test_traits_filled_from_snapshot(widget, ctl):
    assert widget.protocol == 1
    assert widget.game == "fake"
    assert widget.perspective == "seat:0"
    assert widget.version == 3
    assert widget.scene["w"] == 200 and widget.scene["items"][-1]["s"] == "v3"
    assert widget.scene_patch == {"base": widget.scene["stamp"], "ops": []}, "a new widget: a full scene"
    assert widget.decisions[0]["prompt"] == "Seat 0 acts"
    assert widget.log_lines == ["entry 0", "entry 1", "entry 2"]
    assert widget.status["text"] == "version 3"
    assert ctl.snapshots[0] == "seat:0"


def test_synced_trait_names():
    synced = set(GameWidget.class_traits(sync=True))
    assert {"protocol", "game", "perspective", "version", "scene", "scene_patch", "decisions", "log_lines",
            "status"} <= synced


def test_controller_change_pushes_a_fresh_snapshot_in_one_update(widget, ctl, monkeypatch):
    states: list = []
    real_send_state = widget.send_state
    monkeypatch.setattr(
        widget, "send_state", lambda key=None: states.append(set(key or ())) or real_send_state(key)
    )
    ctl.advance()
    assert widget.version == 4
    assert widget.effective_scene["items"][-1]["s"] == "v4"
    assert widget.status["text"] == "version 4"
    assert len(widget.log_lines) == 4
    assert len(states) == 1, "hold_sync sends one update"
    assert {"version", "scene_patch", "status", "log_lines"} <= set(states[0])


def test_perspective_change_resnapshots(widget, ctl):
    widget.perspective = "spectator"
    assert ctl.snapshots[-1] == "spectator"
    assert widget.decisions[0]["prompt"] == "Watching"
    with pytest.raises(traitlets.TraitError):
        widget.perspective = "seat:zero"


def test_controller_without_protocol_is_rejected():
    with pytest.raises(TypeError):
        GameWidget(object())


@pytest.mark.parametrize(
    "content",
    [
        "act",
        ["act"],
        None,
        42,
        {},
        {"type": "explode"},
        {"type": 7},
        {"type": "act", "version": 3, "decision": "d1"},  # missing option
        {"type": "act", "decision": "d1", "option": "pass"},  # missing version
        {"type": "act", "version": "3", "decision": "d1", "option": "pass"},
        {"type": "act", "version": 3.0, "decision": "d1", "option": "pass"},
        {"type": "act", "version": True, "decision": "d1", "option": "pass"},
        {"type": "act", "version": -1, "decision": "d1", "option": "pass"},
        {"type": "act", "version": 10**30, "decision": "d1", "option": "pass"},
        {"type": "act", "version": MAX_INT + 1, "decision": "d1", "option": "pass"},
        {"type": "act", "version": 3, "decision": 1, "option": "pass"},
        {"type": "act", "version": 3, "decision": "d1", "option": ["pass"]},
        {"type": "act", "version": 3, "decision": "", "option": "pass"},
        {"type": "act", "version": 3, "decision": "d1", "option": "x" * 5000},
        {"type": "act", "version": 3, "decision": "d1", "option": "pass", "seat": 1},  # forged extra field
        {"type": "undo"},
        {"type": "undo", "version": None},
        {"type": "redo", "version": "latest"},
        {"type": "goto", "version": 3},
        {"type": "goto", "version": 3, "index": -5},
        {"type": "goto", "version": 3, "index": 2**64},
        {"type": "goto", "version": 3, "index": 1.5},
        {"type": "curtain"},
        {"type": "curtain", "open": 1},
        {"type": "curtain", "open": "true"},
        {"type": "curtain", "open": False},
    ],
)
def test_malformed_messages_get_an_error_and_never_reach_the_controller(widget, ctl, content):
    before = (widget.version, dict(widget.status))
    receive(widget, content)
    assert ctl.calls == []
    assert len(widget.sent) == 1
    reply = widget.sent[0]
    assert reply["type"] == "error" and reply["code"] == "bad-message"
    assert isinstance(reply["message"], str) and reply["message"]
    assert (widget.version, widget.status) == before


def test_binary_buffers_are_refused(widget, ctl):
    receive(widget, {"type": "undo", "version": 3}, [b"\x00" * 10])
    assert ctl.calls == []
    assert widget.sent[0]["code"] == "bad-message"


@pytest.mark.parametrize(
    "content",
    [
        {"type": "act", "version": 3, "decision": "d1", "option": "pass"},
        {"type": "undo", "version": 3},
        {"type": "redo", "version": 3},
        {"type": "goto", "version": 3, "index": 0},
        {"type": "curtain", "open": True},
    ],
)
def test_valid_messages_are_delegated_and_the_reply_is_sent(widget, ctl, content):
    receive(widget, content)
    assert ctl.calls == [(content, "seat:0")]
    assert ctl.calls[0][0] is not content, "the controller gets a clean copy"
    assert widget.sent == [{"type": "ok", "version": 4}]
    assert widget.version == 4


def test_controller_error_replies_are_forwarded(widget, ctl):
    ctl.reply = {"type": "error", "code": "stale", "message": "The position changed."}
    receive(widget, {"type": "act", "version": 1, "decision": "d1", "option": "pass"})
    assert widget.sent == [ctl.reply]
    assert widget.version == 3


def test_controller_that_raises_or_misbehaves_does_not_break_the_widget(widget, ctl):
    ctl.raise_on_handle = True
    receive(widget, {"type": "undo", "version": 3})
    assert widget.sent[-1]["type"] == "error" and widget.sent[-1]["code"] == "internal"
    ctl.raise_on_handle = False
    ctl.reply = "ok"
    receive(widget, {"type": "undo", "version": 3})
    assert widget.sent[-1]["code"] == "internal"


def test_validate_message_returns_a_clean_copy():
    msg, err = validate_message({"type": "goto", "version": 0, "index": 7})
    assert err is None and msg == {"type": "goto", "version": 0, "index": 7}
    msg, err = validate_message({"type": "goto", "version": 0})
    assert msg is None and err["code"] == "bad-message"


def test_repr_is_stable(widget, ctl):
    text = repr(widget)
    assert text == "GameWidget(game='fake', perspective='seat:0', version=3)"
    assert "0x" not in text
    other = GameWidget(ctl, perspective="seat:0")
    try:
        assert repr(other) == text
    finally:
        other.close()


def test_mimebundle_has_the_live_view_and_an_svg_of_the_scene(widget):
    bundle = widget._repr_mimebundle_()
    data, metadata = bundle
    assert isinstance(metadata, dict)
    assert data["text/plain"] == repr(widget)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    svg = data["image/svg+xml"]
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Hello &lt;board&gt;" in svg
    assert svg == widget.to_svg()


def test_close_unsubscribes(ctl):
    w = GameWidget(ctl, perspective="seat:0")
    assert len(ctl.callbacks) == 1
    w.close()
    assert ctl.callbacks == []
    w.close()  # idempotent
    ctl.advance()  # no widget to update, no error


def test_svg_can_be_left_out_of_the_mimebundle(widget):
    data, _ = widget._repr_mimebundle_(exclude=["image/svg+xml"])
    assert "image/svg+xml" not in data
    widget.svg_in_bundle = False
    data, _ = widget._repr_mimebundle_()
    assert "image/svg+xml" not in data and "application/vnd.jupyter.widget-view+json" in data


def test_trait_updates_from_the_browser_are_refused_for_every_game():
    """A page must not switch its own perspective (and so receive hidden cards): GameWidget refuses any
    trait update from the front end and sends its own value back."""
    w = GameWidget(FakeController(), perspective="seat:0")
    sent = []
    w.send_state = lambda keys=None: sent.append(keys)
    w.set_state({"perspective": "omniscient", "version": 99})
    assert w.perspective == "seat:0" and w.version != 99
    assert sent and set(sent[0]) == {"perspective", "version"}
