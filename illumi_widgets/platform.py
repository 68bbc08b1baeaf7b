"""Where the package runs: the one place that decides whether this is a browser (Pyodide, JupyterLite).

In a browser Python runs on the page's event loop with no threads, no processes and no runtime folder, so
a few features take another path there, each asking :func:`in_browser`:

* a board's analysis (``board.analyse()``, the Analyse button) runs in steps on the event loop instead of a
  background thread (:mod:`illumi_widgets.widget.analysis`);
* ``simulate(workers=k)`` plays its games here, one after another, with a note instead of a process pool
  (:mod:`illumi_widgets.bots.simulation`);
* a board keeps no saved-state file (:mod:`illumi_widgets.widget.saved`): no Jupyter server reads it there.

Tests switch it by setting :data:`BROWSER`.
"""

from __future__ import annotations

import sys

__all__ = ["BROWSER", "in_browser"]

#: True under Pyodide (``sys.platform == "emscripten"``)
BROWSER = sys.platform == "emscripten"


def in_browser() -> bool:
    """True when Python runs inside a web page (Pyodide): no threads, processes or runtime folder."""
    return BROWSER
