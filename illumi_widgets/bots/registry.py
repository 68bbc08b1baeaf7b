"""Bot names per game: ``available(game_name)`` and ``make_bot(name, seat, **opts)``."""

from __future__ import annotations

from importlib import import_module

from ..engine import EngineError

# name -> (factory "module:Class", games it plays; None = every game that supports it)
_BOTS: dict[str, tuple[str, tuple | None]] = {
    "random": ("illumi_widgets.bots.random_bot:RandomBot", None),
    "search": ("illumi_widgets.bots.search:SearchBot", None),
}
# generic bots that need a game hook: the search bot re-deals hidden cards (Game.determinize)
_NEEDS_DETERMINIZE = {"search"}


def register_bot(name: str, target: str, games=None) -> None:
    """Register ``"module:Class"`` as bot ``name`` for ``games`` (a list of game names; ``None``: all)."""
    _BOTS[name] = (target, None if games is None else tuple(games))


def _supports_determinize(game_name: str) -> bool:
    from ..engine import Game
    from ..engine.registry import _ALIASES, _GAMES

    key = _ALIASES.get(game_name.strip().lower(), game_name.strip().lower())
    if key not in _GAMES:
        return False
    module, _, cls = _GAMES[key].partition(":")
    klass = getattr(import_module(module), cls)
    return klass.determinize is not Game.determinize


def available(game_name: str = "pax") -> list[str]:
    """The bots that can play ``game_name`` (today for Pax: ``random`` and ``search``; the rulebook's
    scripted bots will be listed here once they exist)."""
    from ..engine.registry import _ALIASES

    key = _ALIASES.get(game_name.strip().lower(), game_name.strip().lower())
    out = []
    for name, (_target, games) in _BOTS.items():
        if games is not None and key not in games:
            continue
        if name in _NEEDS_DETERMINIZE and not _supports_determinize(key):
            continue
        out.append(name)
    return out


def make_bot(name: str, seat: int | None = None, **opts):
    """A new bot ``name`` for ``seat`` (``opts`` go to its class, e.g. ``iterations=200, seed=1``)."""
    if not isinstance(name, str) or name not in _BOTS:
        raise EngineError(f"unknown bot {name!r}; known: {', '.join(sorted(_BOTS))}", code="unknown-bot")
    module, _, cls = _BOTS[name][0].partition(":")
    return getattr(import_module(module), cls)(seat, **opts)
