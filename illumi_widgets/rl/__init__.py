"""Research interfaces: every game as a PettingZoo environment and as an OpenSpiel game.

Optional extra ``illumi-widgets[rl]`` (pettingzoo, gymnasium, numpy, open_spiel); the engine imports none of
them, and this package imports each only when its adapter is asked for::

    from illumi_widgets.rl import pettingzoo_env, register_openspiel
    env = pettingzoo_env("pax", players=3)          # PettingZoo AEC
    register_openspiel()                            # OpenSpiel
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})

The shared pieces are pure Python: :mod:`illumi_widgets.rl.codec` (the action codec and the view encoder)
and :mod:`illumi_widgets.rl.stepper` (an engine game driven token by token).
"""

from __future__ import annotations

from .codec import ActionCodec, CodecError, ViewEncoder, action_codec

__all__ = ["ActionCodec", "CodecError", "EnvModule", "ViewEncoder", "action_codec", "parallel_env",
           "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(name: str, players: int = 2, **kwargs):
    """The game as a PettingZoo AEC environment (see :mod:`illumi_widgets.rl.environment`)."""
    from .environment import pettingzoo_env as make

    return make(name, players, **kwargs)


def parallel_env(name: str, players: int = 2, **kwargs):
    """The game as a PettingZoo parallel environment (every agent once per cycle)."""
    from .environment import parallel_env as make

    return make(name, players, **kwargs)


def EnvModule(name: str, players: int = 2, **kwargs):  # noqa: N802 - a class, imported lazily
    """A module-like ``env``/``parallel_env`` pair for one game (what ``max_cycles_test`` takes)."""
    from .environment import EnvModule as cls

    return cls(name, players, **kwargs)


def register_openspiel(names=None) -> list[str]:
    """Register every game (or ``names``) with OpenSpiel as ``python_illumi_<name>``; returns the names."""
    from .openspiel_game import register_openspiel as register

    return register(names)
