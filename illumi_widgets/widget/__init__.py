"""The game-agnostic board widget: one generic canvas painter for every game.

* :class:`GameWidget` -- the thin anywidget: mirrors a controller's snapshot into synced traits and
  forwards checked intents from the browser to ``controller.handle``.
* :class:`Controller` -- the protocol the game session (the Match) implements.
* :func:`scene_to_svg` / :func:`save_svg` -- the same scene as standalone SVG.

Notes for scene authors (the painter in ``js/src/`` and ``svg.py`` agree on all of this):

* A scene is ``{"w", "h", "bg", "items": [...]}`` in scene units; items are painted in order.  Item
  types: ``rect`` (``x y w h r fill stroke lw dash alpha``), ``circle`` (``x y r ...``), ``poly``
  (``pts ...``), ``line`` (``pts color lw dash``), ``text`` (``x y s size color align baseline bold
  italic maxw``; ``\\n`` starts a new line, 1.2 line height) and ``icon`` (``name x y size`` and an
  optional ``color``; ``x, y`` is the icon's CENTRE).  Unknown item types are skipped.
* Defaults: no ``fill``/``stroke`` means none (an invisible hit zone), ``lw`` 1, text ``size`` 12,
  ``color`` ``#222``, ``align`` ``left``, ``baseline`` ``alphabetic``; lines ``#000``.
* Only ``rect``/``circle``/``poly`` are hit-testable.  An ``id`` makes an ENTITY (the topmost entity
  under the pointer wins; option ``targets`` name entity ids); a ``tip`` shows a tooltip.  A shape with
  a ``tip`` and no ``id`` never hides an entity below it.  Several shapes may share one ``id``.
* Built-in icons (``icons.json``): ``faction:NOB|PRO|MAG|ART|SCH|CLE``, ``crown``, ``ace``, ``favor``,
  ``cube``; any other name draws a grey disc with the first two letters after the last ``:``.
* ``status.curtain``: the seat NAME to pass to (the curtain reads "Pass to <name> — click to
  reveal"); the board, panel and log are not drawn under it.  ``status.history``: ``index`` is the
  current position from 0 to ``length`` (the history buttons send ``goto`` with 0..length).
* Updates are small: the synced ``scene`` is a FULL scene with a ``stamp``; ``scene_patch`` =
  ``{"base": stamp, "ops": [[start, delete_count, items], ...], "set": {...}}`` splices its items (in
  order, on the list as edited so far).  What is painted is :func:`apply_scene_patch` of the two; a patch
  is always against the current full scene, so a view opened later needs only the two traits.  A new full
  scene is sent when the patch would be large, on a change of perspective, curtain or seat, and whenever
  the base still holds something the controller's optional ``secrets(perspective)`` names (a card once
  shown and since hidden again), so the synced traits never hold what the viewer may not see now.
* Scenes should be deterministic (the SVG in a saved notebook is compared byte for byte by nbval).
* Readability and fit (see :mod:`illumi_widgets.scene` for the full spec a scene builds to): the board is
  scaled to min(cell width, visible notebook height); text is never drawn under 11 CSS px (the painter
  enlarges it and wraps a ``maxw`` text at spaces onto ``wrap`` lines, default 2 when enlarged); the
  smallest size drawn is on the canvas as ``data-min-font-px``.  ``layouts.narrow`` moves regions below
  900 px.  The action bar, bot names, the last move's highlight (``Game.touched``), the "why not" tooltip
  (``Game.hint`` + ``State.why_not``), confirmations and the legend (``Game.legend``) are the board's own.
* Messages from the page also include ``why`` (``{"version", "entity"}`` -> ``{"type": "why", "entity",
  "reason"}``) and ``hello`` (a live view opened).  The log lines are the ``log_lines`` trait (``log`` is the
  ipywidgets logger).
"""

from .base import PROTOCOL, Controller, GameWidget, apply_scene_patch, validate_message
from .svg import save_svg, scene_to_svg

__all__ = ["PROTOCOL", "Controller", "GameWidget", "PaxIlluminaten", "apply_scene_patch", "save_svg",
           "scene_to_svg", "validate_message"]


def __getattr__(name: str):
    # Imported on first use (the Pax board brings the Match and, when built, the Pax rules and data).
    if name == "PaxIlluminaten":
        from .pax import PaxIlluminaten

        return PaxIlluminaten
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
