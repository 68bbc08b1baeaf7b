"""Playing on to a condition: :func:`play_until` (``state.play_until`` / ``match.play_until``).

An analyst's "reach the Resolution of round 3 with these cards": set the position up with the editor, then
play on — with given bots or with random play — until a condition holds::

    state.play_until(lambda s: s.view("omniscient")["round"] == 3)
    state.play_until(lambda s: s.is_terminal(), bots={0: make_bot("search", 0)})

Random play draws from a generator seeded from the state's own RNG (its current state, not advanced), so the
same position plays on the same way every time; ``seed=`` chooses another line of play.  Bots decide through
:func:`illumi_widgets.bots.decide`, from their seat's knowledge alone; the bot package sits above the engine
and fills :data:`DECIDERS` when it is imported (as :data:`~illumi_widgets.engine.game.READERS` is filled).
"""

from __future__ import annotations

from .action import CHANCE, Action
from .errors import EngineError, quote
from .rng import Rng

__all__ = ["DECIDERS", "play_until"]

#: ``{"decide": decide}``, filled by :mod:`illumi_widgets.bots.base` when it is imported
DECIDERS: dict = {}

_SALT = 0x5EED_0F_A1A7  # (random play's generator differs from the chance draws of the same state)


def _random_choice(state, seat: int, rng: Rng) -> Action:
    legal = list(state.legal_actions(seat))
    quit_kinds = state.game.withdraw_kinds  # leaving is a person's choice: only when nothing else is legal
    if quit_kinds:
        legal = [a for a in legal if a.kind not in quit_kinds] or legal
    return legal[rng.below(len(legal))]


def _bot_table(bots, players: int) -> dict:
    """``{seat: bot}`` from ``None`` (no bots), one bot (every seat) or a dict (checked)."""
    if bots is None:
        return {}
    if hasattr(bots, "choose"):
        return dict.fromkeys(range(players), bots)
    if not isinstance(bots, dict):
        raise EngineError(f"bots must be a bot, a dict seat -> bot or None, got {quote(bots)}",
                          code="bad-option")
    for seat, bot in bots.items():
        if seat.__class__ is not int or not 0 <= seat < players:
            raise EngineError(f"bots names seat {quote(seat)}, which is no seat of this game "
                              f"(0 to {players - 1})", code="bad-seat")
        if bot is not None and not hasattr(bot, "choose"):
            raise EngineError(f"the bot for seat {seat} is {quote(bot)}, not a bot (it has no choose())",
                              code="bad-option")
    return {s: b for s, b in bots.items() if b is not None}


def play_until(state, predicate, bots=None, *, max_actions: int = 10_000,
               seed: int | None = None) -> list[Action]:
    """Play on from ``state`` until ``predicate(state)`` is true, the game is over, or ``max_actions``
    decisions were taken; returns the decisions played (chance outcomes, drawn from the state's RNG as in
    any game, are not counted).  ``predicate`` is asked first: if it already holds nothing is played.

    ``bots``: ``None`` (random play for every seat), one bot (:class:`~illumi_widgets.bots.Bot`) for every
    seat, or a dict ``{seat: bot}`` (seats not named play at random).  Random play is uniform over the legal
    actions (leaving the game only when nothing else is legal), from a generator seeded by ``seed`` or, by
    default, by the state's RNG — reproducible, and the state's own RNG is not advanced by it.  When several
    seats act at once (a sealed choice) the first of them decides first.  ``apply(action)``: how a decision
    is applied (default ``state.apply``; a Match passes its own ``play`` so its boards repaint).

    Refused with :class:`EngineError` (nothing played): a ``predicate`` that is not callable ("bad-option"),
    bots that are not bots, a seat that is not this game's, ``max_actions`` not a whole number >= 0, a
    ``seed`` not a whole number.
    """
    if not callable(predicate):
        raise EngineError(f"play_until needs a condition to stop at: a function of the state returning True "
                          f"or False, got {quote(predicate)}", code="bad-option")
    if max_actions.__class__ is not int or max_actions < 0:
        raise EngineError(f"max_actions must be a whole number >= 0, got {quote(max_actions)}",
                          code="bad-option")
    if seed is not None and seed.__class__ is not int:
        raise EngineError(f"seed must be a whole number or None, got {quote(seed)}", code="bad-option")
    table = _bot_table(bots, state.game.players)
    if table and "decide" not in DECIDERS:  # (only if a bot-like object came without the bot package)
        raise EngineError("bots play through illumi_widgets.bots: import it first", code="internal")
    rng = Rng(seed if seed is not None else state.rng.state ^ _SALT)
    done: list[Action] = []
    while not predicate(state) and not state.is_terminal() and len(done) < max_actions:
        seats = state.to_act()
        if CHANCE in seats:  # (only when auto_chance is off)
            state.resolve_chance()
            continue
        seat = seats[0]
        bot = table.get(seat)
        act = DECIDERS["decide"](bot, state, seat) if bot is not None else _random_choice(state, seat, rng)
        state.apply(act)
        done.append(act)
    return done
