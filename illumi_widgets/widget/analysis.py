"""The board's analysis: ``board.analyse()``, the evaluation overlay, ``board.analysis``.

:class:`AnalysisMixin` is mixed into every game's board (:class:`~illumi_widgets.widget.board.BoardWidget`):

* ``board.analyse(iterations=…, seconds=…, seed=0, wait=False)`` runs the search bot from the board's seat
  on that seat's information only (:func:`illumi_widgets.analysis.analyse`) in a background thread (in a
  browser, with no threads: in short steps on the event loop), so the kernel and the board stay usable;
  ``analysis_progress`` (a synced trait) reports it to the page.  A new
  move, undo, redo, history step or a click on the board cancels a stale analysis (the state's version is
  checked, too).  ``wait=True`` runs it in the calling thread and returns the :class:`Analysis`.
* When it finishes, the overlay (:func:`~illumi_widgets.analysis.overlay_items`) is drawn over the board's
  scene -- as long as the position is the one analysed -- and ``board.analysis`` is a pandas DataFrame
  (action notation, plain label, visits, visit share, estimated win probability).
* The page's "Analyse" button sends ``{"type": "analyse", "version": v}``; it starts an analysis of
  ``analysis_budget`` playouts for the board's seat (a stale version is refused).

A spectator board has no seat, so nothing to analyse from; an omniscient board analyses for the seat to act,
still from that seat's information only.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import traitlets

from .. import platform
from ..analysis import Analysis, AnalysisCancelled, analyse, analyse_steps, with_overlay
from ..engine import CHANCE, EngineError

__all__ = ["AnalysisMixin"]

#: the page's messages that cancel a running analysis (the position is about to change or was clicked)
CANCELLING = ("act", "undo", "redo", "goto", "curtain")


class AnalysisMixin(traitlets.HasTraits):
    """``analyse`` / ``analysis`` / ``clear_analysis`` for a board (see the module docstring)."""

    #: the page shows an "Analyse" button when True
    analysable = traitlets.Bool(True).tag(sync=True)
    #: ``{"running", "done", "total", "version", "seat", "error"}`` of the latest analysis
    analysis_progress = traitlets.Dict().tag(sync=True)
    #: playouts of an analysis started from the page's button
    analysis_budget = traitlets.Int(400).tag(sync=True)

    _analysis_result: Analysis | None = None
    _analysis_token: object | None = None
    _analysis_thread: threading.Thread | None = None

    # ------------------------------------------------------------------ public
    @property
    def analysis(self):
        """The latest analysis of the CURRENT position as a pandas DataFrame (``None``: none yet)."""
        res = self._current_analysis()
        return None if res is None else res.frame()

    @property
    def analysis_result(self) -> Analysis | None:
        """The latest :class:`Analysis` of the current position (``None``: none, or the game moved on)."""
        return self._current_analysis()

    def analyse(self, iterations: int | None = None, seconds: float | None = None, *, seed: int = 0,
                wait: bool = False) -> Analysis | threading.Thread:
        """Analyse the position for this board's seat (see the module docstring).  Returns the
        :class:`Analysis` with ``wait=True``, else the background thread (``.join()`` waits for it); in a
        browser (Pyodide: no threads) the analysis runs in steps on the event loop and this returns an
        ``asyncio.Future`` of it (``await`` it)."""
        seat = self._analysis_seat()
        match = self._match
        with match.lock:
            state = match.state
            from ..bots.base import SeatState

            ss = SeatState(state, seat)  # everything the search may read, taken now under the lock
            version = state.version
            # the seat's options name the entities its board draws them on -- a decision composed on the
            # board (Primordial's plots: host cards and an Intent) names them through the presenter's
            # ``compose``, not its ``targets``: take them from the seat's own snapshot, as its board does
            own = {o["notation"]: list(o["targets"]) for d in match.snapshot(f"seat:{seat}")["decisions"]
                   if d["seat"] == seat for o in d["options"]}
        if not ss.legal_actions():
            raise EngineError(f"{state.game.seat_name(seat)} has nothing to decide now: nothing to analyse",
                              code="not-your-decision")
        self.cancel_analysis()
        token = object()
        self._analysis_token = token
        by_action = match._presenter.get("targets")

        def targets(game, action):
            if action.seat == seat and action.notation() in own:
                return own[action.notation()]
            return by_action(game, action) if by_action else []
        total = iterations
        self._set_progress({"running": True, "done": 0, "total": total, "version": version, "seat": seat,
                            "error": None})

        def stale() -> bool:
            return self._analysis_token is not token or match.state.version != version

        def progress(done, _total) -> None:
            if not stale():
                self._set_progress({**self.analysis_progress, "done": done})

        def work(compute=None) -> Analysis | None:
            try:
                res = compute() if compute is not None else analyse(
                    ss, seat, iterations=iterations, seconds=seconds, seed=seed, targets=targets,
                    progress=progress, cancelled=stale)
            except AnalysisCancelled:
                if self._analysis_token is token:  # the position changed under it (not a newer analysis)
                    self._set_progress({**self.analysis_progress, "running": False, "cancelled": True})
                return None
            except Exception as exc:  # a failing analysis says so on the board, never kills the kernel
                if not stale():
                    self._set_progress({**self.analysis_progress, "running": False,
                                        "error": f"{type(exc).__name__}: {exc}"})
                if wait:
                    raise
                return None
            with match.lock:
                if stale():
                    return None
                self._analysis_result = res
                self._repaint()  # the overlay first: "Analysed" must never show over a board without it
                self._set_progress({"running": False, "done": res.iterations, "total": total,
                                    "version": version, "seat": seat, "error": None,
                                    "seconds": round(res.seconds, 3)})
            return res

        if wait:
            res = work()
            if res is None:
                raise AnalysisCancelled("the analysis was cancelled: the position changed",
                                        code="analysis-cancelled")
            return res
        if platform.in_browser():  # no threads: steps on the event loop (the board answers between them)
            return self._analyse_in_steps(work, analyse_steps(
                ss, seat, iterations=iterations, seconds=seconds, seed=seed, targets=targets,
                progress=progress, cancelled=stale))
        thread = threading.Thread(target=work, name="illumi-analysis", daemon=True)
        self._analysis_thread = thread
        thread.start()
        return thread

    def _analyse_in_steps(self, work, steps, slice_s: float = 0.03):
        """Run the analysis generator ``steps`` on the event loop, ``slice_s`` seconds at a time, then hand
        its result (or its error) to ``work``; returns an ``asyncio.Future`` of the :class:`Analysis` (None:
        cancelled).  Without a running loop (a script) it runs to the end at once."""
        import asyncio

        def finish(outcome):
            def compute():
                if isinstance(outcome, BaseException):
                    raise outcome
                return outcome
            return work(compute)

        def run_slice() -> tuple[bool, Any]:
            t0 = time.perf_counter()
            try:
                while time.perf_counter() - t0 < slice_s:
                    next(steps)
            except StopIteration as stop:
                return True, stop.value
            except Exception as exc:  # noqa: BLE001 - handed to work(), which reports it on the board
                return True, exc
            return False, None

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            while True:
                finished, outcome = run_slice()
                if finished:
                    return finish(outcome)
        future = loop.create_future()

        def step() -> None:
            finished, outcome = run_slice()
            if not finished:
                loop.call_soon(step)
                return
            try:
                future.set_result(finish(outcome))
            except Exception as exc:  # noqa: BLE001 - the caller awaits it
                future.set_exception(exc)

        loop.call_soon(step)
        self._analysis_thread = None
        return future

    def cancel_analysis(self) -> None:
        """Stop a running analysis (its result is dropped)."""
        if self._analysis_token is not None and self.analysis_progress.get("running"):
            self._set_progress({**self.analysis_progress, "running": False, "cancelled": True})
        self._analysis_token = None

    def clear_analysis(self) -> None:
        """Cancel a running analysis and remove the overlay."""
        self.cancel_analysis()
        had = self._analysis_result is not None
        self._analysis_result = None
        if had:
            self._repaint()

    # ------------------------------------------------------------------ internals
    def _analysis_seat(self) -> int:
        key = self.perspective
        if key == "spectator":
            raise EngineError("a spectator board has no seat to analyse for: open a seat's board "
                              "(board.view_as(seat)) or an omniscient one", code="bad-perspective")
        seat = self._seat()
        if key == "omniscient" or seat is None:
            acting = [s for s in self._match.state.to_act() if s != CHANCE]
            if not acting:
                raise EngineError("no seat acts now: nothing to analyse", code="not-your-decision")
            seat = acting[0]
        return seat

    def _current_analysis(self) -> Analysis | None:
        res = self._analysis_result
        if res is None or res.version != self._match.state.version:
            return None
        return res

    def _set_progress(self, value: dict) -> None:
        self.analysis_progress = dict(value)

    def _repaint(self) -> None:
        self._last_snapshot = None  # the snapshot is unchanged; the overlay is not
        self._refresh()

    def _scene_values(self, scene: Any, status: dict, secrets=()) -> dict[str, Any]:
        res = self._current_analysis()
        if res is not None and isinstance(scene, dict) and not status.get("curtain"):
            mine = self._analysis_visible(res)
            if mine:
                scene = with_overlay(scene, res)
        return super()._scene_values(scene, status, secrets)

    def _analysis_visible(self, res: Analysis) -> bool:
        """The overlay shows on the board of the analysed seat (or an omniscient board) only."""
        key = self.perspective
        if key == "omniscient":
            return True
        try:
            return self._seat() == res.seat
        except EngineError:
            return False

    def dispatch(self, content: Any, buffers: Any = None) -> dict:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "analyse":
            from .base import validate_message

            message, error = validate_message(content, buffers)
            if error is not None:
                return error
            return self._analyse_intent(message["version"])
        if kind in CANCELLING:
            self.cancel_analysis()
        return super().dispatch(content, buffers)

    def _analyse_intent(self, version: int) -> dict:
        current = self._match.state.version
        if version != current:
            return {"type": "error", "code": "stale",
                    "message": f"the analysis was asked for version {version}, the game is at {current}"}
        try:
            self.analyse(iterations=self.analysis_budget)
        except EngineError as e:
            return {"type": "error", "code": e.code, "message": e.message}
        return {"type": "ok", "version": current}
