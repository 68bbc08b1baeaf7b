"""Helpers for testing the research interfaces of every game (pure Python)."""

from __future__ import annotations

from ..engine import available_games  # noqa: F401 - (re-exported for the tests)
from ..engine.registry import game_class


def default_players(name: str) -> int:
    """The player count used when one is enough: 3, or the nearest the game allows."""
    cls = game_class(name)
    return max(cls.min_players, min(3, cls.max_players))


def game_configs(cap: int = 6) -> list[tuple[str, int]]:
    """``(name, players)`` for every registered game and every player count up to ``cap``: a game registered
    later (``engine.registry``) is covered by the adapter tests as soon as it is there."""
    out = []
    for name in available_games():
        cls = game_class(name)
        out += [(name, p) for p in range(cls.min_players, min(cls.max_players, cap) + 1)]
    return out


def twin_state(state, seat, rng, tries: int = 6):
    """The same position with everything ``seat`` cannot see re-dealt by ``Game.determinize``, or ``None``
    when no re-deal in ``tries`` keeps the seat's view identical (the twin must be indistinguishable to the
    seat: the view is compared, not assumed).  History and log are kept; only hidden cards differ."""
    want = state.view(seat)
    for _ in range(tries):
        other = state.clone()
        other.data = state.game.determinize(state.data, seat, rng)
        if other.view(seat) == want:
            return other
    return None


def supports_determinize(name: str) -> bool:
    from ..engine import Rng, load_game

    game = load_game(name, players=default_players(name))
    state = game.new_state(seed=1)
    try:
        game.determinize(state.data, 0, Rng(0))
    except NotImplementedError:
        return False
    return True
