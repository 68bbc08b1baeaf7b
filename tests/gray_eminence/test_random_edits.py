"""Random edits of random Gray Eminence positions through the public editor (issue 29): every accepted edit
leaves a position that passes the game's consistency and field checks, round-trips through ``position()`` /
``load_position``, and plays on to the end; every refused edit (a typed ``EngineError`` naming what is wrong)
changes nothing."""

from __future__ import annotations

import random

import pytest

from illumi_widgets import load_game
from illumi_widgets.editor import edit
from illumi_widgets.engine import EngineError
from illumi_widgets.games.gray_eminence.validate import field_problems

PHASES = ("refresh", "event", "bidding", "programming", "Presidential response", "action", "resolution",
          "trading", "scoring", "role activation", "lunch", 7)
PLACES = ("hand", "deck", "discard", "common good", "secret", "completed", "mat", "slots", "mandatory",
          "additional", "resolved", "unresolved", "box", "nowhere")


def _random_edit(rng, s, ed):
    g, d = s.game, s.data
    seats = [*g.seat_names, 0, 9]
    who = rng.choice(seats)
    res = rng.choice(("money", "power", "influence", "gold"))
    c = g.cards
    any_card = rng.choice([*c.actions, *c.objectives, *c.factions, *c.tweets, *c.events,
                           *(f"{x}:{side}" for x in c.escalations for side in ("conflict", "allied")), "Z99"])
    op = rng.randrange(15)
    if op == 0:
        ed.resources(who, **{res: rng.randint(-1, 6)})
    elif op == 1:
        ed.pool(**{res: rng.randint(-1, 6)})
    elif op == 2:
        ed.vp(who, rng.randint(-1, 5))
    elif op == 3:
        order = list(g.seat_names)
        rng.shuffle(order)
        ed.track(*order[: len(order) - rng.choice((0, 0, 1))])
    elif op == 4:
        ed.roles(public_eye=rng.choice(seats), shadows=rng.choice(seats))
    elif op == 5:
        level = rng.choice((-3, -2, -1, 0, 1, 2, "Allied", "Conflict"))
        ed.relations({rng.choice([*d["rel"], "Mars"]): level})
    elif op == 6:
        ed.round(rng.randint(0, 6))
    elif op == 7:
        ed.escalated(rng.choice((True, False, 1)))
    elif op in (8, 9):
        ed.move(any_card, rng.choice(PLACES), who=rng.choice((None, who)),
                used=rng.choice((None, ["money"], ["power", "influence"])),
                refreshed=rng.choice((True, False)), at=rng.choice(("top", "bottom", 0, 3, -1)))
    elif op == 10:
        deck = rng.choice(("action", "faction", "secret", "tweet", "event", "bones"))
        ed.stack(deck, [any_card, rng.choice([*c.actions, *c.tweets])])
    elif op == 11:
        ed.faction(rng.choice(list(c.factions)), rng.choice((True, False)))
    elif op == 12:
        ed.events(**{rng.choice(("mandatory", "additional")): rng.choice((None, any_card))})
    elif op == 13:
        s_ = ed.seat(who) if isinstance(who, str) or 0 <= who < g.players else who
        hand = list(d["hands"][s_]) if isinstance(s_, int) and 0 <= s_ < g.players else []
        k = rng.randint(0, min(4, len(hand)))
        cards = dict(zip("ABCD", rng.sample(hand, k), strict=False))
        ed.program(who, **cards, side=rng.choice(("common", "personal", None)))
    else:
        if rng.random() < 0.7:
            ed.phase(rng.choice(PHASES))
        else:
            ed.turn(who, rng.choice((None, "action", "scoring", "bidding")))


def _finishes(s):
    probe = s.clone()
    probe.play_until(lambda st: st.is_terminal(), max_actions=20000)
    return probe.is_terminal()


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_are_consistent_or_change_nothing(seed):
    rng = random.Random(seed)
    accepted = refused = 0
    for _ in range(8):
        g = load_game("gray-eminence", players=rng.choice((3, 4, 5)))
        s = g.new_state(seed=rng.randrange(1000))
        stop = rng.randrange(5, 400)
        s.play_until(lambda st, stop=stop: len(st.history) >= stop or st.is_terminal())
        if s.is_terminal():
            continue
        for _ in range(3):
            before = s.position()
            try:
                with edit(s) as ed:
                    for _ in range(rng.randint(1, 3)):
                        _random_edit(rng, s, ed)
            except EngineError as e:
                refused += 1
                assert str(e) and s.position() == before, str(e)
                continue
            accepted += 1
            assert not g.problems(s.data) and not field_problems(g, s.data)
            assert g.load_position(s.position()).data == s.data
            assert s.is_terminal() or s.to_act()
            assert _finishes(s)
    assert accepted and refused
