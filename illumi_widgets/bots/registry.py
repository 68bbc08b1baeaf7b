"""Bot names per game: ``available(game_name)`` and ``make_bot(name, seat, **opts)``."""

from __future__ import annotations

from importlib import import_module

from ..engine import EngineError
from .base import Bot

# name -> (factory "module:Class", games it plays; None = every game that supports it)
_BOTS: dict[str, tuple[str, tuple | None]] = {
    "random": ("illumi_widgets.bots.random_bot:RandomBot", None),
    "search": ("illumi_widgets.bots.search:SearchBot", None),
    # the search at about a second a decision, progressive widening and tree reuse (bots/strong.py)
    "search-strong": ("illumi_widgets.bots.strong:StrongSearchBot", None),
    # the rulebook's four scripted bots of Pax Illuminaten (games/pax/automa.py): the seat must be a bot seat
    # of the game (option ``bots={seat: name}``; ``Match(..., bots={1: "weishaupt"})`` sets it)
    "st-germain": ("illumi_widgets.bots.registry:RulebookBot", ("pax",)),
    "joseph-ii": ("illumi_widgets.bots.registry:RulebookBot", ("pax",)),
    "cagliostro": ("illumi_widgets.bots.registry:RulebookBot", ("pax",)),
    "weishaupt": ("illumi_widgets.bots.registry:RulebookBot", ("pax",)),
    # Gray Eminence's trading bot: plays like the random bot but proposes and answers sensible trades
    "trader": ("illumi_widgets.games.gray_eminence.bots:TraderBot", ("gray-eminence",)),
}
#: the bots that are rules of the game (a game option), not players choosing among legal actions
RULEBOOK_BOTS = ("st-germain", "joseph-ii", "cagliostro", "weishaupt")
# generic bots that need a game hook: the search bot re-deals hidden cards (Game.determinize)
_NEEDS_DETERMINIZE = {"search", "search-strong"}


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
    """The bots that can play ``game_name`` (for Pax: ``random``, ``search`` and the rulebook's four scripted
    bots ``st-germain``, ``joseph-ii``, ``cagliostro``, ``weishaupt``)."""
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


def rulebook_seats(game_name: str, bots: dict | None) -> dict:
    """The seats of ``bots`` ({seat: name | (name, opts) | Bot}) played by a rulebook bot: {seat: name}."""
    from ..engine.registry import _ALIASES

    key = _ALIASES.get(str(game_name).strip().lower(), str(game_name).strip().lower())
    out = {}
    for seat, spec in (bots or {}).items():
        name = spec[0] if isinstance(spec, tuple) and spec and isinstance(spec[0], str) else spec
        if isinstance(name, str) and name in RULEBOOK_BOTS:
            games = _BOTS[name][1]
            if games is not None and key not in games:
                raise EngineError(f"{name!r} is a rulebook bot of {', '.join(games)}, not of {game_name!r}",
                                  code="unknown-bot")
            out[seat] = name
    return out


class RulebookBot(Bot):
    """A rulebook bot's seat (Pax): the game's rules already fix its single legal action; this plays it."""

    name = "rulebook"

    def __init__(self, seat=None, *, seed: int = 0):
        super().__init__(seat)

    def choose(self, seat_state):
        legal = seat_state.legal_actions()
        if len(legal) != 1:
            raise EngineError(f"a rulebook bot's seat must have exactly one legal action, found {len(legal)} "
                              "(is the seat a bot seat of the game? game option bots={seat: name})",
                              code="bad-seat")
        return legal[0]
