"""A saved notebook shows each board as it ended, whatever JupyterLab's "save widget state" setting.

What JupyterLab (4.x, ipywidgets 8) writes into the ``.ipynb`` on save:

* the board's output, as it was when its cell ran: ``application/vnd.jupyter.widget-view+json`` (the
  model id), ``text/plain`` and ``image/svg+xml`` (the picture at that moment).  A kernel cannot change that
  output afterwards from a click: JupyterLab applies ``update_display_data`` only inside the output area of
  the cell whose execution sent it, so a comm message (a click) or a later cell never reaches it;
* the widget state (``metadata.widgets``) ONLY with "Save Widget State Automatically" on.  Without it a
  reopened notebook with no kernel shows "Error displaying widget: model not found" for every board (the
  widget view outranks the picture), and GitHub or nbconvert show the picture of the cell's first run.

So the kernel keeps, for each displayed board, its latest picture and widget state in a small file
(debounced, in ``<jupyter runtime dir>/illumi-boards/<model id>.json``), and the server extension
(:mod:`illumi_widgets._server`) registers :func:`pre_save_hook`: on every save, each board output's
``image/svg+xml`` becomes the latest picture, and a board whose state the notebook does not hold gets it
(with its layout model), exactly as "save widget state" would have written it.  Both settings then reopen
at the last position; GitHub and nbconvert (without widget state) show the last picture.  The browser's
copy of the notebook is not changed, only the file.  With a remote kernel (another machine) there is no
file and nothing changes.  ``ILLUMI_BOARD_STATE=0`` in the server's environment: pictures only (no state
added).  ``ILLUMI_BOARD_STORE``: another folder for the files (kernel and server must agree).

The same file keeps the board's game (its record, seat, bots and mode; :func:`find_game`), so a game is never
lost to a kernel restart: re-running the cell offers to continue the game the notebook shows, and
``Board.resume()`` continues it.  Beside it a tiny ``<model id>.game`` file names that game (its game, board
key and time): :func:`find_game` runs whenever a board is made and reads only these, then the one file it
chose, so making a board does not slow down as the folder fills (a month of boards: a thousand files or more).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from pathlib import Path
from typing import Any

from .. import platform

__all__ = ["VIEW_MIME", "STATE_MIME", "board_key", "find_game", "pre_save_hook", "read_board", "store_dir",
           "update_notebook", "write_board"]

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a widget's view in a notebook's saved outputs."""
STATE_MIME = "application/vnd.jupyter.widget-state+json"
"""The MIME type of the widget state a notebook saves in its metadata."""
SVG_MIME = "image/svg+xml"
_ID = re.compile(r"^[0-9a-zA-Z_-]{1,64}$")  # a model id (ipywidgets: 32 hex digits); never a path
MAX_AGE_S = 30 * 24 * 3600  # files older than this are removed when a board writes its own
INDEX_SUFFIX = ".game"  # <model id>.game: the name, board key and time of the game in <model id>.json
_log = logging.getLogger(__name__)


def store_dir() -> Path | None:
    """Where boards keep saved state: ``ILLUMI_BOARD_STORE`` if set, else under Jupyter's runtime folder;
    None in a browser (Pyodide: no Jupyter server reads it, so nothing is written)."""
    if platform.in_browser():
        return None
    env = os.environ.get("ILLUMI_BOARD_STORE")
    if env:
        return Path(env)
    from jupyter_core.paths import jupyter_runtime_dir

    return Path(jupyter_runtime_dir()) / "illumi-boards"


def _path(model_id: str) -> Path | None:
    folder = store_dir() if isinstance(model_id, str) and _ID.match(model_id) else None
    return None if folder is None else folder / f"{model_id}.json"


def write_board(model_id: str, svg: str, state: dict | None, game: dict | None = None) -> Path | None:
    """Store a board's latest picture (and widget state: ``{model id: {model_name, model_module,
    model_module_version, state}}`` of it and its dependencies) atomically; returns the file.  ``game``: the
    board's game to continue after a kernel restart (``{"key", "name", "record", "seat", "bots", "mode"}``,
    see :func:`find_game`); it stays in this user-only file, never in the notebook."""
    path = _path(model_id)
    if path is None:
        return None
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # a seat's board holds its hand: user only
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    body = {"svg": svg, "state": state or {}}
    if game:
        body["game"] = {**game, "time": time.time()}
    tmp.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, path)
    index = path.with_suffix(INDEX_SUFFIX)
    if game:
        head = {k: body["game"].get(k) for k in ("name", "key", "time")}
        tmp.write_text(json.dumps(head), encoding="utf-8")
        os.replace(tmp, index)
    elif index.exists():
        index.unlink()
    return path


def board_key(game_name: str, perspective: str) -> str | None:
    """Which displayed board a new one continues: the notebook (``JPY_SESSION_NAME``, set by Jupyter for
    its kernels), the cell being run (JupyterLab's ``cellId``), the game and the perspective.  None outside
    a notebook (a script has no cell to re-run)."""
    notebook = os.environ.get("JPY_SESSION_NAME")
    if not notebook:
        return None
    cell = ""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent("shell") if kernel is not None else None
        cell = str(((parent or {}).get("metadata") or {}).get("cellId") or "")
    except Exception:  # noqa: BLE001 - no kernel, an older one: the notebook alone names the board
        cell = ""
    return f"{notebook}#{cell}#{game_name}#{perspective}"


def find_game(game_name: str, key: str | None = None) -> dict | None:
    """The newest stored game of ``game_name`` (``{"key", "name", "record", "seat", "bots", "mode"}``) --
    with ``key`` (:func:`board_key`), of that board only; without, of this notebook when one is known
    (``JPY_SESSION_NAME``), else of any board.  None when there is none."""
    notebook = os.environ.get("JPY_SESSION_NAME")
    best = None
    folder = store_dir()
    if folder is None:
        return None
    try:
        files = list(folder.glob(f"*{INDEX_SUFFIX}"))
    except OSError:
        return None
    found = []
    for p in files:  # the small index files only: a board's full file is read for the chosen game alone
        try:
            head = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(head, dict) or head.get("name") != game_name:
            continue
        gkey = head.get("key") if isinstance(head.get("key"), str) else ""
        if key is not None and gkey != key:
            continue
        if key is None and notebook and not gkey.startswith(f"{notebook}#"):
            continue
        t = head.get("time") if isinstance(head.get("time"), (int, float)) else 0.0
        found.append((t, p.stem))
    for t, model_id in sorted(found, reverse=True):  # the newest whose board file still holds that game
        data = read_board(model_id)
        game = data.get("game") if data else None
        if (isinstance(game, dict) and game.get("name") == game_name and isinstance(game.get("record"), dict)
                and game.get("time") == t):
            best = game
            break
    return best


def prune(max_age: float = MAX_AGE_S) -> None:
    """Remove board files not written for ``max_age`` seconds (boards of kernels long gone)."""
    folder = store_dir()
    if folder is None:
        return
    try:
        cutoff = time.time() - max_age
        for p in [*folder.glob("*.json"), *folder.glob(f"*{INDEX_SUFFIX}")]:
            if p.stat().st_mtime < cutoff:
                p.unlink()
    except OSError:
        pass


def read_board(model_id: Any) -> dict | None:
    """``{"svg": str, "state": dict}`` stored for ``model_id``, or None (no file, or not ours)."""
    path = _path(model_id)
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("svg"), str) or not isinstance(
            data.get("state", {}), dict):
        return None
    return data


def update_notebook(nb: dict, add_state: bool | None = None) -> int:
    """Bring every board output of the notebook ``nb`` (a dict, as saved) to its stored latest picture, and
    add the stored widget state of boards the notebook's widget state lacks (``add_state``; default: unless
    ``ILLUMI_BOARD_STATE=0``).  Returns how many outputs were brought up to date."""
    if add_state is None:
        add_state = os.environ.get("ILLUMI_BOARD_STATE", "1") != "0"
    meta = nb.setdefault("metadata", {}) if isinstance(nb, dict) else {}
    widgets = meta.get("widgets") if isinstance(meta.get("widgets"), dict) else None
    saved = widgets.get(STATE_MIME) if widgets else None
    saved_state = saved.get("state") if isinstance(saved, dict) else None
    saved_state = saved_state if isinstance(saved_state, dict) else {}
    extra: dict = {}
    count = 0
    for cell in nb.get("cells", []) if isinstance(nb, dict) else []:
        if not isinstance(cell, dict):
            continue
        for out in cell.get("outputs") or []:
            data = out.get("data") if isinstance(out, dict) else None
            view = data.get(VIEW_MIME) if isinstance(data, dict) else None
            if not isinstance(view, dict):
                continue
            record = read_board(view.get("model_id"))
            if record is None:
                continue
            if record["svg"]:
                data[SVG_MIME] = record["svg"]
            count += 1
            if add_state and view["model_id"] not in saved_state:
                extra.update({k: v for k, v in record["state"].items() if k not in saved_state})
    if extra:
        if widgets is None:
            widgets = meta["widgets"] = {}
        if not isinstance(saved, dict) or not isinstance(saved.get("state"), dict):
            saved = widgets[STATE_MIME] = {"version_major": 2, "version_minor": 0, "state": {}}
        saved["state"].update(extra)
    return count


def pre_save_hook(model: dict, path: str = "", contents_manager: Any = None, **_kwargs: Any) -> None:
    """jupyter_server's pre-save hook (``ContentsManager.register_pre_save_hook``): see the module
    docstring.  Never raises: a save must never fail because of a board."""
    try:
        if isinstance(model, dict) and model.get("type") == "notebook" and isinstance(model.get("content"),
                                                                                         dict):
            n = update_notebook(model["content"])
            if n:
                _log.debug("illumi_widgets: %d board picture(s) brought up to date in %s", n, path)
    except Exception as exc:  # noqa: BLE001
        _log.warning("illumi_widgets: could not bring the boards of %s up to date: %r", path, exc)
