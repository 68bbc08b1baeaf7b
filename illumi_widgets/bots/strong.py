"""``search-strong``: the search bot at a budget of about one second per decision on a 2-core machine,
with progressive widening over large action sets and reuse of its tree between decisions.

The same SO-ISMCTS as :class:`~illumi_widgets.bots.search.SearchBot` (it sees only its seat's view; worlds
are re-dealt from that view alone), with

* ``iterations=600`` playouts per decision (``per_action=60``: a choice between ``k`` actions stops after
  ``60 k`` if that is fewer) -- about 0.4-0.9 s a decision here at 2-decision playouts; Pax's are 12 long
  (its ``DEPTH``), and over 40 decisions of one Pax game against Weishaupt it took 0.64 s on average and at
  most 1.35 s, measured while another 2-process run shared the 2 cores;
* ``widen=2.0``: a node gets a new child only while it has fewer than ``2 sqrt(visits)`` children, so large
  action sets (Illuminati's amounts, Pax's payments) are searched deeper instead of only wider;
* ``reuse=True``: the subtree reached by its own move and the public moves since is the next search's start.

Measured against the rulebook bots and random in ``notebooks/07_analysis.ipynb`` / the final report.

Cost over whole games (2026-11-30, ``python -m illumi_widgets.bots.strength --search search-strong --only
pax:weishaupt``, one process at ``nice 19`` on the shared 2-core machine, load 6-15): over the first 13 games
against Weishaupt, 110 decisions a game and 1.20 CPU seconds a decision (0.80-1.48 by game; 132 CPU seconds a
game); a decision at the full 600 playouts took about 2 CPU seconds (about 3.3 ms a playout).  python-chess's
random play ran at 7,500-8,800 plies per CPU second in the same hours (8,800 in the README's benchmark), so on
an idle core this is about 1.0-1.2 s a decision.  Games 14-21 ran on a nearly idle machine (wall clock
within 15% of CPU time): 0.97 s a decision (937 decisions), the longest 3.4 s: at the 1-second budget, with
no room left under it.  The
default ``search`` (200 playouts, 30 per action) took 0.44-0.58 CPU seconds a decision in two such games.
"""

from __future__ import annotations

from .search import SearchBot

__all__ = ["StrongSearchBot"]


class StrongSearchBot(SearchBot):
    """The search bot at about one second a decision: more playouts, progressive widening, tree reuse."""

    name = "search-strong"

    def __init__(self, seat: int | None = None, *, iterations: int | None = 600, per_action: int | None = 60,
                 widen: float | None = 2.0, reuse: bool = True, **kwargs):
        super().__init__(seat, iterations=iterations, per_action=per_action, widen=widen, reuse=reuse,
                         **kwargs)
