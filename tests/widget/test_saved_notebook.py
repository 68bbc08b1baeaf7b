"""A saved notebook shows each board as it ended (issue 13, item 9; illumi_widgets/widget/saved.py): a
displayed board keeps its latest picture and widget state for the server's pre-save hook, which brings the
board's output picture up to date and adds the widget state the notebook lacks.  The real JupyterLab round
trip (both "save widget state" settings) is tests/browser/test_saved_notebook.py."""

from __future__ import annotations

import copy
import json

import pytest

from illumi_widgets import PaxIlluminaten
from illumi_widgets.widget import saved
from illumi_widgets.widget.saved import STATE_MIME, VIEW_MIME, pre_save_hook, read_board, update_notebook
from illumi_widgets.widget.svg import scene_to_svg


@pytest.fixture(autouse=True)
def store(tmp_path, monkeypatch):
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: None)  # (outside a kernel it prints)
    monkeypatch.setenv("ILLUMI_BOARD_STORE", str(tmp_path / "boards"))
    monkeypatch.delenv("ILLUMI_BOARD_STATE", raising=False)
    return tmp_path / "boards"


def shown(board):
    """Display the board as a notebook does and return the output the notebook holds."""
    board._ipython_display_()
    data, _ = board._repr_mimebundle_()
    return {"output_type": "display_data", "metadata": {}, "data": json.loads(json.dumps(data))}


def notebook(*outputs, state=None):
    nb = {"cells": [{"cell_type": "code", "source": "board", "metadata": {}, "outputs": list(outputs)}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    if state is not None:
        nb["metadata"]["widgets"] = {STATE_MIME: {"version_major": 2, "version_minor": 0, "state": state}}
    return nb


def play(board, n):
    for _ in range(n):
        board.match.play(board.state.legal_actions(board.state.to_act()[0])[0], "omniscient")


def test_a_board_never_displayed_stores_nothing(store):
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    play(board, 2)
    assert read_board(board.model_id) is None and not store.exists()


def test_the_saved_output_gets_the_last_picture_and_the_missing_widget_state(capsys):
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    out = shown(board)
    first_svg = out["data"]["image/svg+xml"]
    play(board, 3)  # clicks, bots or later cells: all changes of the game
    last_svg = board.to_svg()
    assert last_svg != first_svg
    nb = notebook(out)  # "save widget state" off: no metadata.widgets
    assert update_notebook(nb) == 1
    data = nb["cells"][0]["outputs"][0]["data"]
    assert data["image/svg+xml"] == last_svg == scene_to_svg(board.picture_scene())
    assert data[VIEW_MIME]["model_id"] == board.model_id  # the live view stays (the state restores it)
    state = nb["metadata"]["widgets"][STATE_MIME]["state"]
    mine = state[board.model_id]
    assert mine["model_module"] == "anywidget" and mine["state"]["version"] == board.version
    assert mine["state"]["scene"]["items"] == board.scene["items"]
    assert mine["state"]["_esm"]  # the front end's code: the board renders with no kernel
    layout = mine["state"]["layout"].removeprefix("IPY_MODEL_")
    assert state[layout]["model_name"] == "LayoutModel"  # its dependencies come along


def test_a_notebook_holding_the_widget_state_keeps_it():
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    out = shown(board)
    play(board, 2)
    theirs = {board.model_id: {"model_name": "AnyModel", "model_module": "anywidget",
                               "model_module_version": "x", "state": {"version": 123}}}
    nb = notebook(out, state=copy.deepcopy(theirs))
    assert update_notebook(nb) == 1
    assert nb["metadata"]["widgets"][STATE_MIME]["state"] == theirs  # JupyterLab's own copy wins
    assert nb["cells"][0]["outputs"][0]["data"]["image/svg+xml"] == board.to_svg()


def test_pictures_only_when_asked(monkeypatch):
    monkeypatch.setenv("ILLUMI_BOARD_STATE", "0")
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    out = shown(board)
    play(board, 1)
    nb = notebook(out)
    assert update_notebook(nb) == 1 and "widgets" not in nb["metadata"]
    assert nb["cells"][0]["outputs"][0]["data"]["image/svg+xml"] == board.to_svg()


def test_a_hot_seat_board_is_saved_as_the_public_view():
    """Item 8: neither the picture nor the widget state saved for a hot-seat board holds a seat's hand."""
    board = PaxIlluminaten(players=3, seed=7, seat=None)
    out = shown(board)
    play(board, 2)
    nb = notebook(out)
    update_notebook(nb)
    public = board.match.snapshot("spectator")
    mine = nb["metadata"]["widgets"][STATE_MIME]["state"][board.model_id]["state"]
    assert mine["scene"]["items"] == public["scene"]["items"] and mine["decisions"] == []
    assert nb["cells"][0]["outputs"][0]["data"]["image/svg+xml"] == scene_to_svg(public["scene"])
    seat = board.match.snapshot(f"seat:{board.state.to_act()[0]}")
    assert seat["scene"]["items"] != public["scene"]["items"]  # (there was something to hide)


def test_other_outputs_and_unknown_or_forged_ids_are_left_alone(store):
    store.mkdir(parents=True)
    (store.parent / "secret.json").write_text(json.dumps({"svg": "<svg>secret</svg>", "state": {}}))
    outs = [{"output_type": "stream", "name": "stdout", "text": "hi"},
            {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "x"}},
            {"output_type": "display_data", "metadata": {},
             "data": {VIEW_MIME: {"model_id": "../secret"}, "image/svg+xml": "<svg>old</svg>"}},
            {"output_type": "display_data", "metadata": {},
             "data": {VIEW_MIME: {"model_id": "0123abcd" * 4}, "image/svg+xml": "<svg>old</svg>"}}]
    nb = notebook(*copy.deepcopy(outs))
    assert update_notebook(nb) == 0
    assert nb["cells"][0]["outputs"] == outs and nb["metadata"] == {}


def test_the_pre_save_hook_never_raises_and_skips_other_files():
    for model in (None, {}, {"type": "file", "content": "x"}, {"type": "notebook", "content": None},
                  {"type": "notebook", "content": {"cells": [None, {"outputs": [None, 3]}]}}):
        pre_save_hook(model=model, path="x.ipynb", contents_manager=None)


def test_the_server_extension_registers_the_hook():
    from illumi_widgets import _server

    class CM:
        hooks: list = []

        def register_pre_save_hook(self, hook):
            self.hooks.append(hook)

    class App:
        log = None
        contents_manager = CM()

    _server._load_jupyter_server_extension(App())
    try:
        assert App.contents_manager.hooks == [saved.pre_save_hook]
    finally:
        _server.uninstall_nodelay()


def test_find_game_reads_the_small_index_files_and_only_the_chosen_board(store, monkeypatch):
    """Making a board looks for a stored game to continue (find_game): with a month of boards in the folder
    it reads their small ``.game`` index files and then the one board file it chose, never every board."""
    record = {"game": "pax", "players": 2, "seed": 1, "actions": []}
    for i in range(60):  # other games and other boards, older and newer
        name = "pax" if i % 2 else "illuminati"
        game = {"key": f"nb.ipynb#c{i % 3}#{name}#0", "name": name, "record": record, "seat": 0, "bots": {},
                "mode": "play"}
        saved.write_board(f"m{i:03d}", "<svg/>", {}, game)
    saved.write_board("picture-only", "<svg/>", {})  # a board with no game: no index file
    assert (store / "m001.game").is_file() and not (store / "picture-only.game").exists()
    monkeypatch.setenv("JPY_SESSION_NAME", "nb.ipynb")
    read = []
    real = saved.read_board
    monkeypatch.setattr(saved, "read_board", lambda model_id: read.append(model_id) or real(model_id))
    newest = saved.find_game("pax")
    assert newest is not None and newest["key"].endswith("#pax#0") and read == ["m059"]
    read.clear()
    assert saved.find_game("pax", "nb.ipynb#c1#pax#0")["key"] == "nb.ipynb#c1#pax#0" and len(read) == 1
    assert saved.find_game("gray_eminence") is None and len(read) == 1  # nothing of that game: no board read
    # a board written again without its game drops its index; an index whose board changed is passed over
    saved.write_board("m059", "<svg/>", {})
    assert not (store / "m059.game").exists()
    (store / "m057.game").write_text(json.dumps({"name": "pax", "key": "nb.ipynb#c0#pax#0", "time": 9e12}))
    read.clear()
    assert saved.find_game("pax")["key"] == "nb.ipynb#c1#pax#0"  # m055 (m057's board holds another time)
    assert read == ["m057", "m055"]
    saved.prune(max_age=-1)  # everything is old: both kinds of file go
    assert list(store.iterdir()) == []
