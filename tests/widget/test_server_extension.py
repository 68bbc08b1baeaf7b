"""The server extension ``illumi_widgets._server``: TCP_NODELAY on jupyter_server's kernel websocket."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from illumi_widgets import _server

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "illumi_widgets" / "_jupyter_config" / "jupyter_server_config.d" / "illumi_widgets.json"


class FakeHandler:
    def __init__(self, fail: bool = False) -> None:
        self.calls: list = []
        self.fail = fail

    def set_nodelay(self, value: bool) -> None:
        if self.fail:
            raise OSError("bad socket")
        self.calls.append(("nodelay", value))

    async def open(self, kernel_id):
        self.calls.append(("open", kernel_id))
        return "opened"


def make_class(base=FakeHandler):
    return type("Handler", (base,), {})  # a fresh subclass per test: patches never leak


def test_extension_points_name_the_module():
    assert _server._jupyter_server_extension_points() == [{"module": "illumi_widgets._server"}]
    assert _server.load_jupyter_server_extension is _server._load_jupyter_server_extension


def test_open_sets_nodelay_first_then_runs_the_original():
    cls = make_class()
    assert not _server.nodelay_installed(cls)
    assert _server.install_nodelay(cls) is True
    assert _server.nodelay_installed(cls)
    h = cls()
    assert asyncio.run(h.open("k1")) == "opened"  # still a coroutine: tornado awaits it
    assert h.calls == [("nodelay", True), ("open", "k1")]
    assert cls.open.__name__ == "open"


def test_install_is_idempotent_and_can_be_undone():
    cls = make_class()
    assert _server.install_nodelay(cls) and _server.install_nodelay(cls)
    h = cls()
    asyncio.run(h.open("k"))
    assert h.calls.count(("nodelay", True)) == 1  # wrapped once, not twice
    _server.uninstall_nodelay(cls)
    assert not _server.nodelay_installed(cls)
    assert "open" not in cls.__dict__ and cls.open is FakeHandler.open  # the inherited open again


def test_a_failing_set_nodelay_never_stops_the_socket(caplog):
    cls = make_class()
    _server.install_nodelay(cls)
    h = cls(fail=True)
    with caplog.at_level(logging.DEBUG, logger="illumi_widgets._server"):
        assert asyncio.run(h.open("k")) == "opened"
    assert h.calls == [("open", "k")]
    assert "set_nodelay failed" in caplog.text


@pytest.mark.parametrize("attrs", [{"open": None}, {"set_nodelay": None}])
def test_unexpected_internals_log_and_do_nothing(attrs, caplog):
    cls = type("Odd", (), {"open": lambda self: None, "set_nodelay": lambda self, v: None, **attrs})
    before = dict(cls.__dict__)
    with caplog.at_level(logging.WARNING, logger="illumi_widgets._server"):
        assert _server.install_nodelay(cls) is False
    assert "TCP_NODELAY not set" in caplog.text
    assert dict(cls.__dict__) == before


def test_a_missing_handler_class_is_logged_not_raised(monkeypatch, caplog):
    def boom():
        raise ImportError("no module named jupyter_server.services.kernels.websocket")

    monkeypatch.setattr(_server, "_handler_class", boom)
    with caplog.at_level(logging.WARNING, logger="illumi_widgets._server"):
        assert _server.install_nodelay() is False
        _server._load_jupyter_server_extension(object())  # a server app without .log: still fine
    assert "could not set TCP_NODELAY" in caplog.text
    assert _server.nodelay_installed() is False


def test_loading_patches_jupyter_servers_kernel_websocket():
    pytest.importorskip("jupyter_server")
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado.websocket import WebSocketHandler

    was = _server.nodelay_installed()
    messages = []

    class App:
        log = logging.getLogger("test-serverapp")

    App.log.info = lambda msg, *a: messages.append(msg % a)
    try:
        _server._load_jupyter_server_extension(App())
        assert _server.nodelay_installed()
        assert hasattr(KernelWebsocketHandler.open, "_illumi_nodelay_original")
        assert callable(WebSocketHandler.set_nodelay)  # tornado's public API for it
        assert any("TCP_NODELAY" in m for m in messages)
    finally:
        if not was:
            _server.uninstall_nodelay()
    assert _server.nodelay_installed() is was


def test_jupyter_server_validates_the_extension():
    pytest.importorskip("jupyter_server")
    from jupyter_server.extension.manager import ExtensionPackage

    pkg = ExtensionPackage(name="illumi_widgets._server", enabled=True)
    assert pkg.validate()
    assert list(pkg.extension_points) == ["illumi_widgets._server"]


def test_config_file_enables_it_and_the_wheel_ships_it():
    assert json.loads(CONFIG.read_text()) == {
        "ServerApp": {"jpserver_extensions": {"illumi_widgets._server": True}}}
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    shared = project["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    assert shared == {CONFIG.relative_to(REPO).as_posix():
                      "etc/jupyter/jupyter_server_config.d/illumi_widgets.json"}
    assert "illumi_widgets" in project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
