"""The decisions of a visit are clicked on the board (issue 30, items 4 and 7): "Resolve next" (the order of
effects in one timing window), "Choose a target" (an effect's choice) and "Lose a visitor" (rulebook, the
Visit, step 3: the host Sacrifices a visitor) each point at the card they are about -- the effect's card and
the visitor in the visit area, the Court card, or (a choice among its chooser's hidden Discard) the cards face
up on the chooser's mat -- with a hit area of at least 24 x 24 CSS px on the smallest board and a tooltip.
Only what the seat's view holds is drawn: the others never see a private choice's cards.
"""

from __future__ import annotations

import json

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.primordial.scene import NARROW_LEAST, NARROW_W, VISIT_H, VISIT_Y, WIDE_LEAST, W
from illumi_widgets.match import Match


def _position(kind: str, private: bool = False, players_seeds=((2, range(1, 8)), (3, range(1, 8)),
                                                              (4, range(1, 8)))):
    """The first decision of ``kind`` with at least two options in seeded random games (fixed seeds: the same
    position each run)."""
    for players, seeds in players_seeds:
        for seed in seeds:
            st = load_game("primordial", players=players).new_state(seed=seed)
            rng = Rng(seed)
            for _ in range(3000):
                if st.is_terminal():
                    break
                f = st.data["frames"][-1]
                dec = next((d for d in st.decisions() if d.kind == kind), None)
                if dec is not None and len(st.legal_actions(dec.seat)) >= 2 \
                        and bool(f.get("private")) == private:
                    return st, dec.seat
                st.apply(random_action(st, rng))
    raise AssertionError(f"no {kind} decision in the seeded games")


def _rects(scene: dict) -> dict:
    out: dict = {}
    for it in scene["items"]:
        if it.get("t") == "rect" and it.get("id"):
            out.setdefault(it["id"], []).append(it)
    return out


def _check_targets(st, seat, kind, where=None):
    snap = Match.from_state(st).snapshot(f"seat:{seat}")
    (dec,) = [x for x in snap["decisions"] if x["seat"] == seat]
    assert {o["notation"].split()[0] for o in dec["options"]} == {kind}
    for layout, scene, scale in (("wide", snap["scene"], WIDE_LEAST / W),
                                 ("narrow", snap["scene"]["layouts"]["narrow"], NARROW_LEAST / NARROW_W)):
        drawn = _rects(scene)
        for o in dec["options"]:
            (target,) = o["targets"]
            (card,) = drawn.get(target, [None])  # drawn once: one place to click for each option
            assert card is not None, (layout, o["label"])
            assert card["w"] * scale >= 24 and card["h"] * scale >= 24, (layout, card)
            assert card.get("tip"), (layout, card)
            if where is not None:
                where(layout, scene, card, drawn)
            # a click there is that option (the board's hint for a clicked entity)
            assert st.game.hint(st.data, seat, target).notation() == o["notation"]
    return snap, dec


def _in_visit_area(layout, scene, card, drawn):
    """Inside the visit area (wide: its panel, VISIT_H high from VISIT_Y; narrow: above the first mat)."""
    if layout == "wide":
        assert VISIT_Y <= card["y"] and card["y"] + card["h"] <= VISIT_Y + VISIT_H, card
    else:
        first_mat = min(r["y"] for k, rs in drawn.items() if k.startswith("seat:") for r in rs)
        assert card["y"] + card["h"] <= first_mat, card


def test_lose_a_visitor_points_at_each_visitor_in_the_visit_area():
    st, seat = _position("sacrifice")
    snap, dec = _check_targets(st, seat, "sacrifice", _in_visit_area)
    # each visitor's card carries its own name in its tip, and the option names that card
    drawn = _rects(snap["scene"])
    for o in dec["options"]:
        name = o["label"].removeprefix("Lose ").split(" (copy")[0].removesuffix(" to the host")
        assert drawn[o["targets"][0]][0]["tip"].startswith(name), (o["label"], drawn[o["targets"][0]])


def test_resolve_next_points_at_each_effects_card():
    st, seat = _position("order", players_seeds=((2, range(1, 40)), (3, range(1, 40)), (4, range(1, 40))))
    _check_targets(st, seat, "order", _in_visit_area)


def test_choose_a_target_points_at_each_card_it_may_target():
    st, seat = _position("choose")
    _check_targets(st, seat, "choose")


def test_a_choice_among_the_choosers_discard_shows_its_cards_to_the_chooser_alone():
    st, seat = _position("choose", private=True)
    f = st.data["frames"][-1]
    g = st.game
    snap, dec = _check_targets(st, seat, "choose")
    mat = _rects(snap["scene"])[f"seat:{seat}"][0]
    for o in dec["options"]:  # drawn on the chooser's own mat
        card = _rects(snap["scene"])[o["targets"][0]][0]
        assert mat["x"] <= card["x"] and card["x"] + card["w"] <= mat["x"] + mat["w"]
        assert mat["y"] <= card["y"] and card["y"] + card["h"] <= mat["y"] + mat["h"]
    texts = [it["s"] for it in snap["scene"]["items"] if it.get("t") == "text"]
    assert any(t.startswith("Your Discard — click the card to choose") for t in texts), texts
    hidden = {f"c{i}" for i in f["options"]} - {f"c{st.data['discard'][seat][-1]}"}
    entities = {o["targets"][0] for o in dec["options"]}
    match = Match.from_state(st)
    for who in [f"seat:{s}" for s in range(st.data["n"]) if s != seat] + ["spectator"]:
        sent = json.dumps(match.snapshot(who)["scene"])
        assert not any(f'"{e}"' in sent for e in entities), who
        assert not any(f'"{tok}"' in sent for tok in hidden), who
        assert f"{g.seat_name(seat)}'s Discard — " not in sent, who


@pytest.mark.parametrize("kind", ["choose", "sacrifice"])
def test_every_choice_and_loss_has_its_targets(kind):
    """No option is left without a target drawn for it, at any of the first positions of its kind in a few
    random games (2, 3 and 4 players); the order of effects is rarer (two effects in one window: above)."""
    seen = 0
    for players in (2, 3, 4):
        st = load_game("primordial", players=players).new_state(seed=players + 40)
        rng = Rng(players)
        for _ in range(1500):
            if st.is_terminal() or seen >= 6:
                break
            dec = next((d for d in st.decisions() if d.kind == kind), None)
            if dec is not None and st.data["frames"][-1]["t"] in ("choose", "turn"):
                seen += 1
                _check_targets(st, dec.seat, kind)
            st.apply(random_action(st, rng))
    assert seen, kind
