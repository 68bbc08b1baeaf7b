"""How the Primordial Secrets board reads at the sizes a player meets (issue 30, item 10: looks).

- A short window keeps the wide board at the scale its text is fitted for (``min_scale``: 820 CSS px wide,
  scrolling in its box): at 1400 x 900 it was fitted to the visible height, about 770 px wide, and Court
  names were cut ("Whispe…").
- There, no card name is cut and no two texts overlap, with 2, 3 and 4 players: a row of a mat with no room
  for readable cards says its cards in words ("Sacrifices: Messenger ×3, Musician"; it was crammed into
  one row of cards 20 px wide, "Me…"), and "silenced" sits under a card's name instead of over it.
"""

from __future__ import annotations

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.primordial.scene import WIDE_LEAST, W, primordial_scene
from illumi_widgets.textfit import MIN_FONT_PX, only_in, problems_as_drawn

ROWS = ("Hosts", "Visitors", "Next round's visitors", "Sacrifices")  # (a mat's rows of cards)


def _as_drawn(scene: dict, css: float) -> list[str]:
    """Every layout problem of the wide board drawn ``css`` px wide, its text enlarged to 11 px as the
    painter does: a cut text too, not only overlaps."""
    wide = only_in(scene, "wide")
    return problems_as_drawn(wide, wide["items"], css / scene["w"], cut=True)


def _scenes(players: int):
    st = load_game("primordial", players=players).new_state(seed=players)
    rng = Rng(players)
    for k in range(600):
        if st.is_terminal():
            break
        if k % 20 == 0:
            for seat in (0, None):
                yield primordial_scene(st.view(seat), st.game)
        st.apply(random_action(st, rng))


def test_the_wide_board_is_never_drawn_smaller_than_its_text_is_fitted_for_and_reads_there():
    effects = {c.text for c in load_game("primordial", players=4).cards.values() if c.text}
    said = silenced = 0
    for players in (2, 3, 4):
        for scene in _scenes(players):
            assert scene["min_scale"] == WIDE_LEAST / W
            problems = _as_drawn(scene, WIDE_LEAST)
            # (a card's effect text in the visit area may be cut: its tip has it whole, as the scene says)
            problems = [p for p in problems if not any(p.startswith(f"text {e!r} is cut") for e in effects)]
            assert problems == [], (players, problems)
            texts = [it["s"] for it in scene["items"] if it.get("t") == "text"]
            said += any(": " in t and t.split(": ")[0] in ROWS for t in texts)
            silenced += "silenced" in texts
    assert said and silenced  # (the rows said in words and a silenced card were met: not a vacuous check)


def test_the_narrow_stack_puts_the_viewers_mat_first_then_the_others_in_play_order():
    """(Issue 30, item 4: at 1000 x 700 the narrow layout scrolls; a player's own mat -- its hand and Intents,
    what it clicks to plot -- comes right under the visit, not after every rival's.)"""
    st = load_game("primordial", players=4).new_state(seed=4)
    for seat in range(4):
        narrow = primordial_scene(st.view(seat), st.game)["layouts"]["narrow"]
        mats = sorted((it["y"], int(it["id"].split(":")[1])) for it in narrow["items"]
                      if it.get("t") == "rect" and str(it.get("id", "")).startswith("seat:"))
        assert [s for _y, s in mats] == [(seat + k) % 4 for k in range(4)], seat


def test_every_target_of_a_four_player_game_is_drawn_on_both_layouts():
    """Every option of every decision a seat's board offers (plots and Intent resets composed on the board,
    recruits, steals, choices, losses, the order of effects) points at things drawn on that board, inside
    the layout (so the board can scroll to each or point at it with an edge marker), 4 players."""
    from illumi_widgets.match import Match

    st = load_game("primordial", players=4).new_state(seed=9)
    rng = Rng(9)
    kinds = set()
    for k in range(900):
        if st.is_terminal():
            break
        if k % 7 == 0:
            match = Match.from_state(st)
            for seat in {s for s in st.to_act() if s >= 0}:
                snap = match.snapshot(f"seat:{seat}")
                for scene in (snap["scene"], {**snap["scene"]["layouts"]["narrow"], "narrow": True}):
                    drawn = {it["id"]: it for it in scene["items"] if it.get("t") == "rect" and it.get("id")}
                    for dec in snap["decisions"]:
                        for o in dec["options"]:
                            kinds.add(o["notation"].split()[0])
                            for t in o["targets"]:
                                r = drawn.get(t)
                                assert r is not None, (o["label"], t)
                                assert 0 <= r["y"] and r["y"] + r["h"] <= scene["h"], (o["label"], r)
        st.apply(random_action(st, rng))
    assert {"plot", "recruit", "sacrifice"} <= kinds, kinds


def test_the_narrow_visit_area_ends_under_its_last_line():
    """(At 1000 x 700 the narrow visit area kept three lines for its one-line result: a blank band the size
    of a card row under it.)  Drawn at its smallest (450 CSS px), the area ends a few units under the result
    line, whatever its number of lines."""
    from illumi_widgets.games.primordial.scene import NARROW_LEAST
    from illumi_widgets.textfit import layout_for_width, shape_box, text_box

    met = 0
    for players in (2, 4):
        for scene in _scenes(players):
            narrow = layout_for_width(scene, NARROW_LEAST)
            least = MIN_FONT_PX * narrow["w"] / NARROW_LEAST
            said = [it for it in narrow["items"] if it.get("t") == "text"
                    and str(it["s"]).startswith("Insight − deceit = ")]
            if not said:
                continue
            (it,) = said
            _x0, _y0, _x1, bottom = text_box({**it, "size": max(least, it["size"])})
            panel = min((r for r in narrow["items"] if r.get("t") == "rect" and not r.get("id")
                         and shape_box(r)[1] < it["y"] < shape_box(r)[3]), key=lambda r: r["h"])
            assert 0 <= shape_box(panel)[3] - bottom <= 18, (it["s"], shape_box(panel), bottom)
            met += 1
    assert met


WINDOW_1920 = 1150  # the wide board's width in a 1920 x 1080 JupyterLab window (CSS px; 1114 measured)
WINDOW_1400 = 840  # ... and in a 1400 x 900 one (fitted to its visible height, 553 px)


def _visits(players: int, seeds=(1, 2)):
    """Every visit under way (a seat's view) of random games: the scenes whose visit area shows cards."""
    for seed in seeds:
        st = load_game("primordial", players=players).new_state(seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            view = st.view(0)
            if view.get("turn") is not None:
                yield primordial_scene(view, st.game)
            st.apply(random_action(st, rng))


def test_the_visit_area_shows_each_cards_effect_whole():
    """(Issue 30: with 4 players, in the wide layout, the visit area's effect text was cut -- "add 2 devotion
    to this c…" -- its cards a fixed three lines tall and a party of five squeezed into half the width; then,
    on the smallest board, a party of seven cut a 109-character effect and any party the two longest, 134
    and 137 characters.)  Each card of the two parties is as wide as its effect needs to show whole in the
    five lines a card holds on the smallest board, the others share the rest: at 820 px and at the size a
    1920 x 1080 window draws the board no text of the visit area is cut, at 2, 3 and 4 players, and the
    narrow layout (drawn at its smallest, 450 px) cuts no effect either: its cards are as tall as their
    longest effect needs."""
    from illumi_widgets.games.primordial.scene import MATS_Y, NARROW_LEAST, VISIT_Y
    from illumi_widgets.textfit import layout_for_width

    effects = {c.text for c in load_game("primordial", players=4).cards.values() if c.text}
    met = 0
    for players in (2, 3, 4):
        for scene in _visits(players):
            wide = only_in(scene, "wide")
            area = [it for it in wide["items"] if VISIT_Y <= it.get("y", -1) < MATS_Y]
            for css in (WIDE_LEAST, WINDOW_1920):
                assert _as_drawn_items(wide, area, css) == [], (players, css)
            narrow = layout_for_width(scene, NARROW_LEAST)
            said = [it for it in narrow["items"] if it.get("t") == "text" and it["s"] in effects]
            assert problems_as_drawn(narrow, said, NARROW_LEAST / narrow["w"], cut=True) == [], players
            met += 1
    assert met > 100


# The largest party a visit can have (rulebook "Moving cards to the next round's Visiting Party", RULINGS.md
# "Herald-type arrivals"): three visitors from the hand, the four cards the game has that move to the next
# round's Visiting Party waiting there (three Wanderers, the Hollow Baron), three arrivals brought mid-visit
# by three Heralds (each moves the top card of its Deck to the party) -- ten visitors -- and three hosts.
LARGEST_VISITORS, LARGEST_HOSTS = 10, 3


def test_every_cards_effect_reads_whole_in_the_largest_party_on_the_smallest_board():
    """(Issue 30: at 820 px a seven-card visit cut an effect of 109-137 characters; the tip had it whole; then
    a party of eight with the eight longest effects squeezed them below 11 px or cut them.)  Every card of
    the game with an effect, in the largest visit the rules allow (:data:`LARGEST_VISITORS` visitors,
    :data:`LARGEST_HOSTS` hosts) whose twelve others carry the game's longest effects besides its own, is
    drawn on the smallest board (820 px) with its effect whole, as the painter wraps it (textfit, paint.js's
    mirror), and nothing else of the board -- the mats under the grown visit area -- is cut, overlaps or is
    under 11 px.  A party of eight with the eight longest effects reads whole on one row of cards."""
    game = load_game("primordial", players=4)
    st = game.new_state(seed=1)
    rng = Rng(1)
    while st.view(0).get("turn") is None:
        st.apply(random_action(st, rng))
    view = st.view(0)
    turn = view["turn"]
    by_text = {c.text: c for c in game.cards.values() if c.text}
    with_text = sorted(by_text.values(), key=lambda c: -len(c.text))

    def scene_of(cards, nv):
        party = [{"id": f"x{k}", "card": c.id} for k, c in enumerate(cards)]
        seats = [dict(s) for s in view["seats"]]
        seats[turn["visitor"]]["visitors"] = party[:nv]
        seats[turn["host"]]["hosts"] = party[nv:]
        return only_in(primordial_scene({**view, "seats": seats}, game), "wide")

    checked = 0
    size = LARGEST_VISITORS + LARGEST_HOSTS
    for card in with_text:
        others = [c for c in with_text if c.text != card.text][:size - 1]
        wide = scene_of([card, *others], LARGEST_VISITORS)
        effects = [it for it in wide["items"] if it.get("t") == "text" and it["s"] == card.text]
        assert effects, card.name
        assert _as_drawn_items(wide, wide["items"], WIDE_LEAST) == [], card.name
        checked += 1
    assert checked == len(with_text) > 20
    wide = scene_of(with_text[:8], 5)
    from illumi_widgets.games.primordial.scene import VISIT_CARD_GAP, VISIT_H

    rows = {it["y"] for it in wide["items"] if it.get("t") == "rect" and str(it.get("id", "")).startswith("x")
            and it["h"] >= VISIT_H - VISIT_CARD_GAP}  # (the visit area's cards, not the mats')
    assert len(rows) == 1 and _as_drawn_items(wide, wide["items"], WIDE_LEAST) == []


def _as_drawn_items(wide: dict, items: list, css: float) -> list[str]:
    return problems_as_drawn(wide, items, css / wide["w"], cut=True)


def test_the_mats_wrap_their_lines_evenly():
    """(Issue 30: at 1920 x 1080 the mats broke lines loosely -- "Deck 6 · Discard 0 · Intents 4 (used 1) ·
    Secrets zone" then "6" alone on a line, and "Your Intent" over "(sealed)" with the mat's width free.) The
    painter balances a wrapped text's lines (textfit.wrap_line as paint.js wrapLine), and an Intent's label
    takes the width its row has: no text of the board is wrapped loosely (a word alone on its last line) at
    the smallest board or in a 1920 x 1080 window, and with 2 or 3 players the Intent labels take one line."""
    from illumi_widgets.textfit import drawn_lines

    labels = ("Visiting Intent", "Your Intent (sealed)", "Discard top", "Used Intent")
    one = 0
    for players in (2, 3, 4):
        for scene in _scenes(players):
            wide = only_in(scene, "wide")
            for css in (WIDE_LEAST, WINDOW_1920):
                loose = [p for p in problems_as_drawn(wide, wide["items"], css / W, loose=True)
                         if " is wrapped loosely: " in p]
                assert loose == [], (players, css, loose)
                if players < 4:
                    size = MIN_FONT_PX * W / css
                    for it in wide["items"]:
                        if it.get("t") == "text" and it["s"] in labels:
                            big = max(size, it["size"])
                            assert len(drawn_lines({**it, "size": big}, big)[0]) == 1, (it, css)
                            one += 1
    assert one


def _mats(scene: dict):
    """Each mat of the wide board: its rect and the items drawn inside it."""
    wide = only_in(scene, "wide")
    for mat in (it for it in wide["items"] if str(it.get("id", "")).startswith("seat:")):
        x0, y0, x1, y1 = mat["x"], mat["y"], mat["x"] + mat["w"], mat["y"] + mat["h"]
        yield mat, [it for it in wide["items"] if it is not mat and x0 <= it.get("x", -1) < x1
                    and y0 <= it.get("y", -1) < y1]


def test_every_mat_drawn_reads_on_the_smallest_board():
    """(Issue 30: at 820 px the bottom Intent row drew "Mist Countess" on two lines over its numbers "◆2",
    "Banquet" over its symbol "◯ home +invite" wrapped upward, and "Masquerade" was cut in the Intent reset;
    sampling every 20th state missed them.)  Every mat that differs from one already checked -- its texts
    and where they stand, in a seat's view, every state of a game at 2, 3 and 4
    players -- is drawn at 820 px with nothing cut, overlapping or under 11 px: a card's row is as tall as
    its name on two lines over its numbers (or its symbol on two lines) needs, and cards as wide as their
    longest word.  (Issue 30: drawn larger, in a 1400 x 900 or 1920 x 1080 window, the mats kept a blank
    line under their counts, wrapped for 820 px onto a line more than they then took; then they kept the
    line breaks of 820 px, the wide mats' width unused.)  No text of a mat outside its cards that takes
    fewer lines there than at 820 px leaves a blank line under it before a row of cards or another text
    hanging from its top: the piles' counts take fewer, longer lines there (met with 3 and 4 players), the
    room they free over the race's counts, which stand on the rows under them."""
    seen: set = set()
    intents = 0
    blank: list = []
    fewer = 0
    for players in (2, 3, 4):
        st = load_game("primordial", players=players).new_state(seed=1)
        rng = Rng(1)
        while not st.is_terminal():
            scene = primordial_scene(st.view(0), st.game)  # (its own mat and its rivals')
            for mat, items in _mats(scene):
                key = tuple((it.get("t"), it.get("s"), round(it.get("x", 0) - mat["x"]),
                             round(it.get("y", 0)), it.get("w"), it.get("h")) for it in items)
                if key in seen:
                    continue
                seen.add(key)
                intents += any(it.get("s") in ("Visiting Intent", "Used Intent") for it in items)
                problems = problems_as_drawn(scene, [mat, *items], WIDE_LEAST / W, cut=True)
                assert problems == [], (players, problems)
                gaps, shorter = _blank_lines(items)
                blank += gaps
                fewer += shorter
            st.apply(random_action(st, rng))
    assert intents > 100, intents  # (Intent rows of many contents were met)
    assert blank == [], blank[:5]
    assert fewer > 100, fewer  # (a wide window's mats drew texts on fewer lines: not a vacuous check)


def _blank_lines(items: list) -> tuple[list, int]:
    """The texts of a mat outside its cards (its name, its counts, the labels of its rows) that would leave a
    blank line under them in a 1400 x 900 or 1920 x 1080 window, and how many take fewer lines there than
    at 820 px.  Each stands one under another as its lines need at 820 px; a text hanging from its top (its
    name, the piles' counts) that takes fewer lines there must have a text standing on what is under it
    (``baseline`` "bottom": the race's counts, a row's label, a row said in words) next under it, which
    takes the room it frees."""
    from illumi_widgets.textfit import drawn_lines, drawn_size, text_box

    cards = [it for it in items if it.get("t") == "rect" and it.get("id")]
    texts = [it for it in items if it.get("t") == "text" and not any(
        c["x"] <= it["x"] <= c["x"] + c["w"] and c["y"] <= it["y"] <= c["y"] + c["h"] for c in cards)]
    small = MIN_FONT_PX * W / WIDE_LEAST
    out, fewer = [], 0
    for it in texts:
        if it.get("baseline") == "bottom":
            continue
        if it.get("baseline") != "top":
            out.append((it["s"], "hangs from neither its top nor its bottom"))
        least = len(drawn_lines(it, drawn_size(it, small))[0])
        bottom = text_box({**it, "size": drawn_size(it, small)})[3]
        under = min([t for t in texts if t is not it and text_box({**t, "size": drawn_size(t, small)})[1]
                     >= bottom - 1] + [c for c in cards if c["y"] >= bottom - 1],
                    key=lambda t: t["y"] if t.get("t") == "rect" else text_box(
                        {**t, "size": drawn_size(t, small)})[1], default=None)
        for css in (WINDOW_1400, WINDOW_1920):
            if len(drawn_lines(it, drawn_size(it, MIN_FONT_PX * W / css))[0]) < least:
                fewer += 1
                if under is None or under.get("baseline") != "bottom":
                    out.append((it["s"], css))
    return out, fewer


def test_a_wide_window_draws_the_board_whole():
    """(Issue 30: at 1920 x 1080 the board, 900 units high since its visit area grew, was fitted to the
    visible height about 990 px wide of 1480, under 3/4 of the width: the painter enlarged it 1.3x and it
    scrolled in its box, the mats below the fold.)  The scene is read as one picture: it asks for no
    enlargement (the painter's widen(), js/src/layout.js, honours ``grow``; js/test/site.test.mjs)."""
    st = load_game("primordial", players=3).new_state(seed=3)
    scene = primordial_scene(st.view(0), st.game)
    assert scene["grow"] == 1


# the board's box in a 1400 x 900 JupyterLab window with its file browser open, under an action bar of four
# rows (CSS px, measured in tests/browser/test_board_site.py; 553 under a bar of three)
BOX_1400 = 525


def test_the_board_is_in_view_whole_in_a_1400_by_900_window():
    """(Issue 30: with 4 players at 1400 x 900 the board, drawn at its smallest readable width, 820 px, was
    615 px high and scrolled about 60 px in its 553 px box.)  At 2, 3 and 4 players, while plotting and
    during a visit, the wide board drawn 820 px wide is at most its box's height less 5 px,
    so it is drawn whole, fitted to the height (tests/browser/test_board_site.py checks no "-scroll" layout
    there in Chromium)."""
    for players in (2, 3, 4):
        phases = set()
        for scene in _scenes(players):
            assert scene["h"] * WIDE_LEAST / scene["w"] <= BOX_1400 - 5, (players, scene["h"])
            phases.add(any(it.get("s", "").endswith("'s Visitors") for it in scene["items"]))
        assert phases == {True, False}, players  # (visits and the other phases were both met)


def test_the_cards_chosen_among_while_plotting_are_as_tall_as_their_content():
    """(Issue 30: while plotting, the hand and the Intents drawn in the middle of the board were cards 137
    units tall whatever they held -- a name over three numbers, mostly empty at 1920 x 1080.)  Each card
    there is as tall as the tallest content needs: a hand whose cards show no effect is drawn at most 72
    units tall, with the symbols of the cards explained under it; one that shows an effect, as tall as its
    lines need in a card at most twice as wide as a plain one, never taller than the room."""
    from illumi_widgets.games.primordial.scene import VISIT_H, VISIT_Y

    effects = {c.text for c in load_game("primordial", players=4).cards.values() if c.text}
    low = tall = 0
    for players in (3, 4):
        st = load_game("primordial", players=players).new_state(seed=players)
        rng = Rng(players)
        scenes = []
        while not st.is_terminal() and len(scenes) < 12:
            view = st.view(0)
            if view["seats"][0].get("plotted") is False and view["seats"][0].get("hand"):
                scenes.append(primordial_scene(view, st.game))
            while not st.is_terminal() and st.view(0)["seats"][0].get("plotted") is False:
                st.apply(random_action(st, rng))  # (one scene per round)
            if not st.is_terminal():
                st.apply(random_action(st, rng))
        for scene in scenes:
            wide = only_in(scene, "wide")
            texts = [it for it in wide["items"] if it.get("t") == "text"]
            if not any("Plotting: choose" in t["s"] for t in texts) or not any(
                    t["s"].startswith("Your hand: click") for t in texts):
                continue
            cards = [it for it in wide["items"] if it.get("t") == "rect" and it.get("id") and
                     VISIT_Y < it["y"] < VISIT_Y + VISIT_H]
            shown = [t for t in texts if t["s"] in effects and VISIT_Y < t["y"] < VISIT_Y + VISIT_H]
            assert cards and len({c["h"] for c in cards}) == 1, players
            assert max(c["w"] for c in cards) <= 240, cards  # (no card a long strip: at 1920 x 1080 an
            # Acolyte was drawn 440 units wide and 64 high, its effect on one line)
            if shown:
                tall += 1
                assert cards[0]["h"] <= VISIT_H - 40, cards[0]
            else:
                low += 1
                assert cards[0]["h"] <= 72, cards[0]
                assert any(t["s"].startswith("devotion — ") for t in texts), players
    assert low and tall, (low, tall)
