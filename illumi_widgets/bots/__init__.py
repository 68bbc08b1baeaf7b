"""Bots for ordinary seats, behind one interface every game reuses (pure Python, no Jupyter imports).

* :class:`Bot` — ``choose(seat_state) -> Action``; a bot receives only a :class:`SeatState`: what its seat
  may know (``view``, ``legal_actions()``, the public ``history``, and ``sample_world(rng)``, a full state
  with every hidden card re-dealt — see :mod:`illumi_widgets.bots.base` for the no-leak argument).
* :class:`RandomBot` (``"random"``) and :class:`SearchBot` (``"search"``, information-set MCTS with an
  ``iterations`` / ``time_limit`` strength setting).
* :func:`available` (``available("pax") == ["random", "search"]`` today; the rulebook's four scripted bots
  are added when they exist), :func:`make_bot`, :func:`run_bots`, :func:`evaluate` (win rates with Wilson
  95% intervals) and :class:`BotMatch` (a ``Match`` with ``bots={seat: name | Bot}`` and ``run_bots()``).
"""

from .arena import evaluate, wilson
from .base import Bot, SeatState, decide, run_bots
from .match import BotMatch, attach_bots
from .random_bot import RandomBot
from .registry import available, make_bot, register_bot
from .search import SearchBot, register_evaluator

__all__ = [
    "Bot", "BotMatch", "RandomBot", "SearchBot", "SeatState", "attach_bots", "available", "decide",
    "evaluate", "make_bot", "register_bot", "register_evaluator", "run_bots", "wilson",
]
