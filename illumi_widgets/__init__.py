"""illumi_widgets: Jupyter-native interactive widgets for secret-society board games (unofficial)."""

from .engine import CHANCE, OMNISCIENT, Action, available_games, load_game

__version__ = "0.1.0"
"""The version of this package."""

__all__ = ["CHANCE", "OMNISCIENT", "Action", "GrayEminence", "Illuminati", "Match", "PaxIlluminaten",
           "PrimordialSecrets",
           "available_games",
           "load_game", "__version__"]

_LAZY = {"Match": ".match", "PaxIlluminaten": ".widget.pax", "Illuminati": ".widget.illuminati",
         "PrimordialSecrets": ".widget.primordial", "GrayEminence": ".widget.gray_eminence"}


def __getattr__(name: str):
    # Loaded on first use, so `import illumi_widgets.engine` never imports Jupyter packages.
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
