"""A tweet's words stay on its card at every size (issue 30, item 10: looks): on the wide board drawn 900
CSS px wide (its smallest: a narrower cell gets the narrow layout), 1000, 1400 and 1920 px, and on the narrow
layout at 470 px, every tweet of the game's deck, with every text enlarged to the 11 px minimum
as the painter draws it, lies inside its card, none is cut with "…", and the board's layout checks find no
overlap and nothing outside it.  The whole tweet (its words too) is in the card's tip."""

from __future__ import annotations

from illumi_widgets.games.gray_eminence.scene import W, gray_eminence_scene
from illumi_widgets.textfit import MIN_FONT_PX, drawn_lines, layout_for_width, only_in, problems_at, text_box


def _tweet_scenes(table):
    """Scenes of a position whose view shows four tweets, each time four others of the deck, from a seat."""
    t = table(players=3, seed=3)
    view = t.state.view(0)
    deck = list(t.game.cards.tweets.items())
    assert len(deck) >= 40  # (the whole deck: the check below is not about one or two tweets)
    for k in range(0, len(deck), 4):
        tweets = [{"id": tid, "name": tw["name"]} for tid, tw in deck[k:k + 4]]
        yield tweets, gray_eminence_scene({**view, "tweets": tweets}, t.game)


def _inside(drawn: dict, tweets: list, scale: float):
    least = MIN_FONT_PX / scale
    for tw in tweets:
        (card,) = [it for it in drawn["items"] if it.get("t") == "rect" and it.get("id") == tw["id"]]
        assert tw["name"] in card["tip"]
        (text,) = [it for it in drawn["items"] if it.get("t") == "text"
                   and card["x"] <= it["x"] <= card["x"] + card["w"]
                   and card["y"] <= it["y"] <= card["y"] + card["h"]]
        shown = {**text, "size": max(least, float(text["size"]))}  # (the painter's 11 px minimum)
        lines, cut = drawn_lines(shown, shown["size"])
        assert not cut, (tw["name"], lines)
        assert set(" ".join(lines).split()) >= {w for w in tw["name"].split() if w.startswith("#")}, lines
        x0, y0, x1, y1 = text_box(shown)
        assert card["x"] <= x0 and x1 <= card["x"] + card["w"], (tw["name"], scale, lines)
        assert card["y"] <= y0 and y1 <= card["y"] + card["h"], (tw["name"], scale, lines, (y0, y1), card)


def test_every_tweet_fits_its_card_at_every_size(table):
    for tweets, scene in _tweet_scenes(table):
        for px in (900, 1000, 1400, 1920):
            _inside(only_in(scene, "wide"), tweets, px / W)
        narrow = layout_for_width(scene, 470)
        assert narrow.get("narrow")
        _inside(narrow, tweets, 470 / narrow["w"])
        for px in (470, 1000, 1400, 1920):
            assert problems_at(scene, px) == [], (px, [tw["name"] for tw in tweets])


def test_a_short_tweet_keeps_its_words_on_the_card(table):
    """(Words and hashtags that fit on the smallest board are both drawn: only a long one leaves its words
    to the tip.)"""
    for tweets, scene in _tweet_scenes(table):
        for tw in tweets:
            words = tw["name"].split(": ", 1)[-1]
            if words == "Sad! #NATO":
                (text,) = [it for it in scene["items"] if it.get("t") == "text" and "#NATO" in it["s"]]
                assert text["s"] == "Sad!\n#NATO"
                return
    raise AssertionError("no 'Sad! #NATO' in the deck")


def test_a_short_window_does_not_draw_the_wide_board_smaller_than_its_text_is_fitted_for(table):
    """At 1400 x 900 the wide board was fitted to the visible height, about 890 CSS px wide: objective and
    Faction names on two lines ran over their 'face up' / 'refreshed' lines.  It keeps the scale of a board
    1000 px wide (scrolling in a box), where the layout checks find nothing."""
    for players in (3, 5):
        t = table(players=players, seed=players)
        t.drive(lambda x: x.top() == "program")
        for seat in (0, None):
            scene = gray_eminence_scene(t.state.view(seat), t.game)
            assert scene["min_scale"] * W == 1000
            assert problems_at(scene, scene["min_scale"] * W) == []
