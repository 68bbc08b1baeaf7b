"""Game registry: ``load_game(name, players=N, **options)``."""

from __future__ import annotations

from importlib import import_module

from .errors import EngineError, quote

_GAMES = {
    "pax": "illumi_widgets.games.pax.rules:PaxGame",
    "illuminati": "illumi_widgets.games.illuminati.rules:IlluminatiGame",
    "primordial": "illumi_widgets.games.primordial.rules:PrimordialGame",
    "gray-eminence": "illumi_widgets.games.gray_eminence.rules:GrayEminenceGame",
}
_ALIASES = {"pax_illuminaten": "pax", "pax-illuminaten": "pax", "paxilluminaten": "pax",
            "primordial-secrets": "primordial", "primordial_secrets": "primordial",
            "gray_eminence": "gray-eminence", "grayeminence": "gray-eminence"}


def available_games() -> list[str]:
    """The names of the registered games (for :func:`load_game`), in alphabetical order."""
    return sorted(_GAMES)


def register_game(name: str, target: str) -> None:
    """Register ``"module:Class"`` under ``name`` (used by games outside the package)."""
    _GAMES[name] = target


def game_class(name: str):
    """The Game class registered under ``name`` (imported, not instantiated)."""
    if not isinstance(name, str):
        raise EngineError(f"game name must be a string, got {quote(name)}", code="unknown-game")
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in _GAMES:
        raise EngineError(
            f"unknown game {quote(name)}; available: {', '.join(available_games())}", code="unknown-game"
        )
    module, _, cls = _GAMES[key].partition(":")
    return getattr(import_module(module), cls)


def load_game(name: str, players: int = 2, **options):
    """The rules of ``name`` for ``players`` players, e.g. ``load_game("pax", players=3)``."""
    return game_class(name)(players, **options)
