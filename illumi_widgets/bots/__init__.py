"""Bots, behind one interface every game reuses (pure Python, no Jupyter imports).

* :class:`Bot` — ``choose(seat_state) -> Action``; a bot receives only a :class:`SeatState`: what its seat
  may know (``view``, ``legal_actions()``, the public ``history``, and ``sample_world(rng)``, a full state
  with every hidden card re-dealt — see :mod:`illumi_widgets.bots.base` for the no-leak argument).
* :class:`RandomBot` (``"random"``) and :class:`SearchBot` (``"search"``, information-set MCTS with an
  ``iterations`` / ``time_limit`` strength setting) play any seat of any game.
* Pax Illuminaten's four rulebook bots (``"st-germain"``, ``"joseph-ii"``, ``"cagliostro"``,
  ``"weishaupt"``) are rules of the game (``games/pax/automa.py``, game option ``bots={seat: name}``);
  ``Match(..., bots={1: "weishaupt"})`` sets that option and seats a :class:`RulebookBot` that plays the
  script's single legal step.
* :func:`available` (``available("pax")`` names all six), :func:`make_bot`, :func:`run_bots`,
  :func:`simulate` (many games of any game on every local core, an executor or a Dask cluster; one result
  dict per game), :func:`evaluate` (win rates with Wilson 95% intervals, wins by seat, lengths, a progress
  bar; an :class:`Evaluation` whose games are a pandas DataFrame with charts;
  ``python -m illumi_widgets.bots search weishaupt --games 100`` from a terminal); a
  :class:`~illumi_widgets.match.Match` takes ``bots={seat: name | Bot}`` and has ``run_bots()``
  (:func:`attach_bots` seats them).
"""

from .arena import Evaluation, evaluate, wilson
from .base import Bot, SeatState, decide, run_bots
from .random_bot import RandomBot
from .registry import RulebookBot, available, make_bot, register_bot
from .search import SearchBot, register_evaluator
from .seating import attach_bots
from .simulation import simulate

__all__ = [
    "Bot", "Evaluation", "RandomBot", "RulebookBot", "SearchBot", "SeatState", "attach_bots",
    "available", "decide", "evaluate", "make_bot", "register_bot", "register_evaluator", "run_bots",
    "simulate", "wilson",
]
