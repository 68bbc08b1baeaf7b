"""How the Gray Eminence board reads at the sizes a player meets (issue 30, item 10: looks): a hand of nine
or more cards (six across) shows every name whole on the wide board at 1000 px, its smallest scale ("Golden
Endowment" read "Golden Endowm…": the card's name kept its margins though the whole card's width holds it)."""

from __future__ import annotations

from illumi_widgets.games.gray_eminence.scene import MIN_SCALE, W, gray_eminence_scene
from illumi_widgets.textfit import only_in, problems_as_drawn


def _as_drawn(scene: dict, css: float) -> list[str]:
    """Every layout problem of the wide board drawn ``css`` px wide, its text enlarged to 11 px as the
    painter does: a cut text too, not only overlaps."""
    wide = only_in(scene, "wide")
    return problems_as_drawn(wide, wide["items"], css / scene["w"], cut=True)


def test_a_hand_of_nine_reads_whole_at_the_smallest_scale(table):
    t = table(players=3, seed=3)
    t.drive(lambda x: x.top() == "program")
    view = t.state.view(0)
    cards = t.game.cards.actions
    long = [k for k, c in cards.items() if c["name"] in ("Golden Endowment", "Quiet Endowment")]
    assert len(long) == 2
    for n in (9, 12):
        hand = [{"id": k, "name": cards[k]["name"]} for k in (long + [k for k in cards if k not in long])[:n]]
        seats = [dict(s) for s in view["seats"]]
        seats[0]["hand"], seats[0]["hand_count"] = hand, n
        scene = gray_eminence_scene({**view, "seats": seats}, t.game)
        names = [it["s"] for it in scene["items"] if it.get("t") == "text"]
        assert "Golden Endowment" in names and "Quiet Endowment" in names
        assert _as_drawn(scene, MIN_SCALE * W) == [], n
