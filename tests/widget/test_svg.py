"""scene_to_svg: the same scene as the canvas, as standalone SVG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from illumi_widgets.widget import save_svg, scene_to_svg

NS = "{http://www.w3.org/2000/svg}"

SCENE = {
    "w": 1000,
    "h": 700,
    "bg": "#f4efe4",
    "items": [
        {
            "t": "rect",
            "x": 10,
            "y": 10,
            "w": 80,
            "h": 110,
            "r": 6,
            "fill": "#fff",
            "stroke": "#333",
            "lw": 1,
            "id": "cell:C3",
            "tip": "multi-line\ntooltip <text>",
            "alpha": 0.5,
            "dash": [4, 2],
        },
        {
            "t": "circle",
            "x": 50,
            "y": 50,
            "r": 8,
            "fill": "#c33",
            "stroke": "#000",
            "lw": 1,
            "id": "disk:C3:0",
        },
        {
            "t": "text",
            "x": 50,
            "y": 20,
            "s": "Influence",
            "size": 12,
            "color": "#222",
            "align": "center",
            "baseline": "middle",
            "bold": True,
            "italic": True,
            "maxw": 48,
        },
        {"t": "line", "pts": [[0, 0], [10, 10]], "color": "#000", "lw": 2, "dash": []},
        {
            "t": "poly",
            "pts": [[0, 0], [10, 0], [5, 8]],
            "fill": "#8ac",
            "stroke": "#024",
            "lw": 1,
            "id": "tri",
        },
        {"t": "icon", "name": "faction:NOB", "x": 300, "y": 300, "size": 16},
    ],
}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_every_item_type_renders():
    root = parse(scene_to_svg(SCENE))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == "0 0 1000 700"
    tags = [child.tag.removeprefix(NS) for child in root]
    assert tags == ["rect", "rect", "circle", "text", "polyline", "polygon", "g"]
    bg, rect, circle, text, line, poly, icon = list(root)
    assert bg.get("fill") == "#f4efe4" and bg.get("width") == "1000"
    assert rect.get("rx") == "6" and rect.get("stroke-dasharray") == "4 2" and rect.get("opacity") == "0.5"
    assert rect.get("data-id") == "cell:C3"
    assert rect.find(f"{NS}title").text == "multi-line\ntooltip <text>"
    assert (circle.get("cx"), circle.get("cy"), circle.get("r")) == ("50", "50", "8")
    assert text.text == "Influence"
    assert text.get("text-anchor") == "middle" and text.get("dominant-baseline") == "central"
    assert text.get("font-weight") == "bold" and text.get("font-style") == "italic"
    # 9 bold chars at 12px (52.7 wide) are squeezed to maxw 48 (under the painter's 15%), not cut
    assert text.get("textLength") == "48"
    assert line.get("points") == "0,0 10,10" and line.get("fill") == "none" and line.get("stroke") == "#000"
    assert line.get("stroke-dasharray") is None
    assert poly.get("points") == "0,0 10,0 5,8"
    icon_tags = [c.tag.removeprefix(NS) for c in icon]
    assert icon_tags == ["polygon", "text"]
    assert icon[1].text == "N"


@pytest.mark.parametrize(
    "name",
    [
        "faction:NOB",
        "faction:PRO",
        "faction:MAG",
        "faction:ART",
        "faction:SCH",
        "faction:CLE",
        "crown",
        "ace",
        "favor",
        "cube",
        "no-such:icon",
    ],
)
def test_icons_render_as_simple_shapes(name):
    root = parse(
        scene_to_svg(
            {
                "w": 50,
                "h": 50,
                "items": [{"t": "icon", "name": name, "x": 25, "y": 25, "size": 20, "color": "#123456"}],
            }
        )
    )
    group = root.find(f"{NS}g")
    assert group is not None and len(group) >= 1
    if name == "no-such:icon":
        assert group.find(f"{NS}circle") is not None
        assert group.find(f"{NS}text").text == "ic"


def test_text_is_xml_escaped():
    nasty = "a < b & c > d \"quoted\" 'single' </svg><script>alert(1)</script>\x00\x07"
    svg = scene_to_svg(
        {
            "w": 10,
            "h": 10,
            "bg": '"/><script>',
            "items": [
                {"t": "text", "x": 1, "y": 1, "s": nasty},
                {
                    "t": "rect",
                    "x": 0,
                    "y": 0,
                    "w": 1,
                    "h": 1,
                    "tip": nasty,
                    "id": 'x"y',
                    "fill": 'red" onload="x',
                },
                {"t": "text", "x": 1, "y": 1, "s": "line 1 <b>\nline 2 &"},
            ],
        }
    )
    root = parse(svg)
    assert "<script>" not in svg
    assert root.find(f"{NS}text").text == nasty.replace("\x00", "").replace("\x07", "")
    rect = root.findall(f"{NS}rect")[1]
    assert rect.get("data-id") == 'x"y'
    assert rect.get("fill") == 'red" onload="x'
    assert rect.get("onload") is None
    spans = root.findall(f"{NS}text")[1].findall(f"{NS}tspan")
    assert [s.text for s in spans] == ["line 1 <b>", "line 2 &"]
    assert spans[1].get("dy") == "14.4"


def test_multiline_text_honours_its_baseline():
    root = parse(
        scene_to_svg(
            {"items": [{"t": "text", "x": 0, "y": 100, "s": "a\nb\nc", "size": 12, "baseline": "middle"}]}
        )
    )
    assert root.find(f"{NS}text").get("y") == "85.6"


def test_bad_values_do_not_break_the_output():
    svg = scene_to_svg(
        {
            "w": "wide",
            "h": -3,
            "items": [
                None,
                7,
                {"t": "hologram"},
                {"t": "rect", "x": float("nan"), "y": float("inf"), "w": -10, "h": 5},
                {"t": "poly", "pts": "nope"},
                {"t": "line", "pts": [[0, 0]]},
                {"t": "text", "s": None},
                {"t": "circle", "x": True, "y": [], "r": -1},
                {"t": "rect", "x": 0, "y": 0, "w": 5, "h": 5, "alpha": 0},
            ],
        }
    )
    root = parse(svg)
    assert root.get("width") == "1000" and root.get("height") == "700"
    assert [c.tag.removeprefix(NS) for c in root] == ["rect", "circle"]
    assert root.find(f"{NS}rect").get("x") == "-10"


def test_empty_scene_and_determinism():
    assert parse(scene_to_svg({})).tag == f"{NS}svg"
    assert parse(scene_to_svg(None)).tag == f"{NS}svg"
    assert scene_to_svg(SCENE) == scene_to_svg(json.loads(json.dumps(SCENE)))


def test_save_svg(tmp_path: Path):
    out = save_svg(SCENE, tmp_path / "board.svg")
    assert out == tmp_path / "board.svg"
    assert ET.parse(out).getroot().tag == f"{NS}svg"


# ------------------------------------------------------------------ the four games' saved pictures
# The board's saved picture (the notebook output's image/svg+xml) follows the painter's text rules
# (illumi_widgets.textfit, shared with js/src/paint.js): issue 13, items 4 and 8.

BOARDS = {"pax": ("PaxIlluminaten", 3), "illuminati": ("Illuminati", 4),
          "primordial": ("PrimordialSecrets", 3), "gray-eminence": ("GrayEminence", 3)}
STEPS = (0, 25, 90)  # a few random positions of one game: the start, early, later


def _boards(game: str, seed: int = 4):
    """A hot-seat board of ``game`` after each of :data:`STEPS` random decisions (one Match, played on)."""
    import illumi_widgets
    from illumi_widgets.engine.rng import Rng
    from illumi_widgets.engine.testing import random_action

    cls, players = BOARDS[game]
    board = getattr(illumi_widgets, cls)(players=players, seed=seed, seat=None)
    rng = Rng(seed)
    done = 0
    for target in STEPS:
        while done < target and not board.state.is_terminal():
            board.match.play(random_action(board.state, rng), "omniscient")
            done += 1
        yield done, board
    board.close()


def _drawn(svg: str):
    """(root, scale, [(text element, its lines, font size in CSS px, squeeze of its narrowest line)])."""
    from illumi_widgets.textfit import text_width

    root = parse(svg)
    scale = float(root.get("width")) / float(root.get("viewBox").split()[2])
    out = []
    for el in root.iter(f"{NS}text"):
        spans = el.findall(f"{NS}tspan") or [el]
        size = float(el.get("font-size"))
        bold = el.get("font-weight") == "bold"
        lines, squeeze = [], 1.0
        for sp in spans:
            lines.append(sp.text or "")
            if sp.get("textLength"):
                squeeze = min(squeeze, float(sp.get("textLength")) / text_width(sp.text, size, bold))
        out.append((el, lines, size * scale, squeeze))
    return root, scale, out


@pytest.mark.parametrize("game", list(BOARDS))
def test_each_games_saved_picture_is_readable_at_the_default_width(game):
    """At the picture's own width (scale 1) no text is under 11 CSS px (nor squeezed under 85% of its width),
    and no line is cut with "…" by the painter's rule (a name too wide wraps where the scene allows a
    second line: the painter only cuts what neither fits nor may wrap); the SVG is valid XML."""
    from illumi_widgets.textfit import MIN_SQUEEZE

    for done, board in _boards(game):
        data, _ = board._repr_mimebundle_()
        svg = data["image/svg+xml"]
        root, scale, texts = _drawn(svg)
        assert root.tag == f"{NS}svg" and scale == 1.0
        assert texts, f"{game} after {done}: no text in the picture"
        small = [(lines, px) for _, lines, px, _ in texts if px < 11 - 1e-9]
        assert small == [], f"{game} after {done}: text under 11 px: {small[:5]}"
        squeezed = [(lines, sq) for _, lines, _, sq in texts if sq < MIN_SQUEEZE - 1e-9]
        assert squeezed == [], f"{game} after {done}: squeezed beyond the painter's limit: {squeezed[:5]}"
        scene = board.picture_scene()
        cut = [it["s"] for it in scene["items"] if it.get("t") == "text"
               and any(line.endswith("…") and not str(it["s"]).endswith("…")
                       for line in _lines_of(it, 1.0))]
        assert cut == [], f"{game} after {done}: names cut where the painter wraps them: {cut[:5]}"
        # nor cut by the scene itself (a name in a box, ``maxw``, is given whole: the painter fits it)
        pre_cut = [it["s"] for it in scene["items"] if it.get("t") == "text" and it.get("maxw")
                   and "…" in str(it["s"])]
        assert pre_cut == [], f"{game} after {done}: names cut by the scene: {pre_cut[:5]}"
        # and, laid out with the painter's lines (textfit), no text overlaps another or leaves the picture
        # (a squeeze within the painter's 85% is checked above; layout_problems' own squeeze rule is stricter)
        from illumi_widgets.textfit import layout_problems

        problems = [p for p in layout_problems(scene) if "squeezed" not in p]
        assert problems == [], f"{game} after {done}: {problems[:5]}"


def _lines_of(item, scale):
    from illumi_widgets.textfit import MIN_FONT_PX, drawn_lines, drawn_size

    return drawn_lines(item, drawn_size(item, MIN_FONT_PX / scale))[0]


@pytest.mark.parametrize("game", list(BOARDS))
@pytest.mark.parametrize("width", [700, 1400])
def test_each_games_picture_drawn_for_another_width_follows_the_painter(game, width):
    """``scene_to_svg(scene, width)``: the layout the painter uses at that width (the narrow one below 900 px,
    if the scene has it), drawn ``width`` px wide, with no text under 11 CSS px there."""
    from illumi_widgets.textfit import layout_for_width

    for done, board in _boards(game):
        scene = board.picture_scene()
        svg = scene_to_svg(scene, width)
        root, scale, texts = _drawn(svg)
        drawn = layout_for_width(scene, width)
        assert root.get("viewBox") == f"0 0 {drawn['w']:g} {drawn['h']:g}".replace(".0 ", " ")
        assert abs(float(root.get("width")) - width) < 0.01
        if width < 900 and "layouts" in scene:
            assert drawn["w"] == scene["layouts"]["narrow"]["w"] and drawn is not scene
        small = [(lines, px) for _, lines, px, _ in texts if px < 11 - 1e-6]
        assert small == [], f"{game} after {done} at {width} px: text under 11 px: {small[:5]}"


def test_the_hot_seat_picture_is_the_public_view_in_every_game():
    """Issue 13, item 8: a hot-seat board's saved picture shows what a spectator sees, whoever is at the
    screen -- the same SVG as the spectator's scene, and no word only the seat to act may read."""
    import re as _re

    hidden = 0
    for game in BOARDS:
        for done, board in _boards(game, seed=6):
            svg = board._repr_mimebundle_()[0]["image/svg+xml"]
            public = board.match.snapshot("spectator")["scene"]
            assert svg == scene_to_svg(public), (game, done)
            if board.state.is_terminal():
                continue
            seat = min(s for s in board.state.to_act() if s >= 0) if any(
                s >= 0 for s in board.state.to_act()) else None
            if seat is None:
                continue
            private = board.match.snapshot(f"seat:{seat}")["scene"]
            def words(sc):
                text = " ".join(str(it.get(k, "")) for it in sc["items"] for k in ("s", "tip", "id", "name"))
                return set(_re.findall(r"[A-Za-z][\w'-]{3,}", text))

            only_seat = words(private) - words(public)
            drawn = set(_re.findall(r"[A-Za-z][\w'-]{3,}", " ".join(parse(svg).itertext())))
            assert not (only_seat & drawn), (game, done, sorted(only_seat & drawn)[:5])
            hidden += len(only_seat)
    assert hidden, "no seat ever saw a word a spectator does not: the check proves nothing"


def test_text_rules_min_size_wrap_and_cut():
    """The painter's rules, in the SVG: a 9-unit text is drawn at 11 at scale 1 (and at 22 when the picture
    is drawn half size); a name wider than its box wraps onto its allowed second line before anything is
    cut; a line is cut with "…" only when even squeezed to 85% it cannot fit."""
    name = "Johann Joachim Christoph Bode"
    scene = {"w": 400, "h": 200, "items": [
        {"t": "text", "x": 10, "y": 20, "s": "tiny", "size": 9},
        {"t": "text", "x": 10, "y": 60, "s": name, "size": 12, "maxw": 110, "wrap": 2},
        {"t": "text", "x": 10, "y": 120, "s": name, "size": 12, "maxw": 110},
    ]}
    tiny, wrapped, one_line = parse(scene_to_svg(scene)).findall(f"{NS}text")
    assert tiny.get("font-size") == "11"
    assert [s.text for s in wrapped.findall(f"{NS}tspan")] == ["Johann Joachim", "Christoph Bode"]
    assert one_line.text.endswith("…") and name.startswith(one_line.text[:-1].rstrip())
    half = parse(scene_to_svg(scene, 200))
    assert half.get("width") == "200" and half.find(f"{NS}text").get("font-size") == "22"
    # enlarged by the minimum, a text with maxw may take a second line (the painter's default wrap)
    lines = [s.text for s in half.findall(f"{NS}text")[2].findall(f"{NS}tspan")]
    assert len(lines) == 2 and lines[0] == "Johann"


def test_the_painter_and_the_svg_lay_text_out_alike(tmp_path):
    """js/src/paint.js ``layoutText`` and textfit's ``drawn_lines`` (the SVG's) give the same lines and cuts
    for the same text, box and size, measured with the same font metrics."""
    import random
    import shutil
    import subprocess

    from illumi_widgets import textfit
    from illumi_widgets.textfit import drawn_lines

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    paint_js = Path(__file__).resolve().parents[2] / "js" / "src" / "paint.js"
    rng = random.Random(5)
    words = ["Baron", "von", "Knigge", "Adam", "Weishaupt", "Johann", "Wolfgang", "Goethe", "Count",
             "Elector", "Bavaria", "Quick", "Favor", "Areopagus", "Schröder", "—", "x",
             "Saxe-Weimar-Eisenach", "Hesse-", "-"]
    cases = []
    for _ in range(300):
        s = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
        if rng.random() < 0.2:
            s += "\n" + rng.choice(words)
        it = {"t": "text", "x": 0, "y": 0, "s": s, "size": rng.choice([9, 11, 12, 14]),
              "bold": rng.random() < 0.5}
        if rng.random() < 0.8:
            it["maxw"] = rng.choice([30, 50, 80, 120, 200])
        if rng.random() < 0.3:
            it["wrap"] = rng.choice([1, 2, 3])
        if rng.random() < 0.3:  # a box height: as many lines as it holds at the size drawn
            it["maxh"] = rng.choice([10, 15, 30, 45, 70])
        cases.append([it, rng.choice([it["size"], 11, 13.5, 20])])
    src = tmp_path / "cases.json"
    src.write_text(json.dumps({"cases": cases, "regular": textfit._REGULAR, "bold": textfit._BOLD},
                              ensure_ascii=False), encoding="utf-8")
    # the same metrics as textfit.text_width: ASCII by table, "…" 1000, other letters 556, symbols 1000
    script = (f"import {{ layoutText }} from {json.dumps(paint_js.as_uri())};"
              "import { readFileSync } from 'node:fs';"
              f"const d = JSON.parse(readFileSync({json.dumps(str(src))}, 'utf8'));"
              "const w = (c, t) => { const o = c.codePointAt(0); if (o >= 32 && o < 127) return t[o - 32];"
              "  if (c === '\\u2026') return 1000; const b = c.normalize('NFKD')[0].codePointAt(0);"
              "  if (b >= 32 && b < 127) return t[b - 32]; return /\\p{L}/u.test(c) ? 556 : 1000; };"
              "const out = d.cases.map(([it, size]) => { const t = it.bold ? d.bold : d.regular;"
              "  const m = (s) => [...s].reduce((a, c) => a + w(c, t), 0) * size / 1000;"
              "  const r = layoutText(m, it, size); return [r.lines, r.cut]; });"
              "process.stdout.write(JSON.stringify(out));")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                         encoding="utf-8", check=True, timeout=60)
    js = json.loads(out.stdout)
    py = [list(drawn_lines(it, size)) for it, size in cases]
    py = [[lines, cut] for lines, cut in py]
    assert sum(cut for _, cut in py) > 10 and sum(len(lines) > 1 for lines, _ in py) > 30  # the cases bite
    assert js == py


def test_a_board_draws_its_picture_for_a_width():
    """``board.to_svg(width)``: Pax below 900 px is drawn in its narrow layout (the right column under the
    map), as the live board is; at its own width, the wide scene."""
    from illumi_widgets import PaxIlluminaten

    board = PaxIlluminaten(players=3, seed=7, seat=0)
    narrow = parse(board.to_svg(700))
    wide = parse(board.to_svg())
    spec = board.effective_scene["layouts"]["narrow"]
    assert narrow.get("viewBox") == f"0 0 {spec['w']:g} {spec['h']:g}" and narrow.get("width") == "700"
    assert wide.get("viewBox") == "0 0 1000 820" and wide.get("width") == "1000"
    assert board.to_svg(1400) == scene_to_svg(board.effective_scene, 1400)
    board.close()


def test_shape_box_is_where_each_kind_of_shape_is_drawn():
    """The one bounds helper the describer, the teacher's marks, the analysis overlay and the lesson
    pictures share (textfit.shape_box): each kind's box, a negative width, and None where nothing is drawn."""
    from illumi_widgets.textfit import shape_box

    assert shape_box({"t": "rect", "x": 10, "y": 20, "w": 30, "h": 40}) == (10, 20, 40, 60)
    assert shape_box({"t": "rect", "x": 10, "y": 20, "w": -5, "h": 4}) == (5, 20, 10, 24)
    assert shape_box({"t": "circle", "x": 5, "y": 5, "r": 2}) == (3, 3, 7, 7)
    assert shape_box({"t": "icon", "x": 50, "y": 50, "size": 20}) == (40, 40, 60, 60)
    assert shape_box({"t": "icon", "x": 50, "y": 50}) == (42, 42, 58, 58)  # 16 across when unset
    assert shape_box({"t": "poly", "pts": [[0, 9], [4, 1], [2, 5]]}) == (0, 1, 4, 9)
    assert shape_box({"t": "line", "pts": [[3, 3], [1, 7]]}) == (1, 3, 3, 7)
    assert shape_box({"t": "poly", "pts": []}) is None
    assert shape_box({"t": "circle", "y": 5, "r": 2}) is None  # no x
    assert shape_box({"t": "poly", "pts": [["a", 1]]}) is None
    assert shape_box({"t": "text", "x": 1, "y": 1, "s": "Blue"}) is None  # texts: text_box


def test_layout_checks_judge_each_layout_with_its_own_items():
    """A text drawn only in the narrow layout and its wide twin at the same place (Gray Eminence's last vote)
    never overlap, since no layout draws both: the layout check of the scene at its own width (the wide
    layout) leaves the narrow one out, and of a narrow reflow the wide one; two texts both drawn overlap."""
    from illumi_widgets.textfit import layout_problems

    def scene(only_a, only_b, **flags):
        a = {"t": "text", "x": 10, "y": 10, "s": "Last vote: option 2 won", "size": 12, "baseline": "top"}
        return {"w": 400, "h": 100, **flags,
                "items": [{**a, "only": only_a} if only_a else a, {**a, "only": only_b} if only_b else a]}

    assert [p for p in layout_problems(scene(None, None)) if "overlap" in p]
    assert layout_problems(scene("wide", "narrow")) == []
    assert layout_problems(scene("wide", "narrow", narrow=True)) == []
    assert [p for p in layout_problems(scene(None, "narrow", narrow=True)) if "overlap" in p]


def test_a_memo_reuses_each_items_svg_and_draws_the_same_picture():
    """A board's store draws its picture with a memo: each item's SVG is kept while the very same item is in
    the next scene (at the same text size); an item changed in place is never assumed unchanged by it."""
    from illumi_widgets.widget import svg

    scene = {"w": 400, "h": 300, "items": [
        {"t": "rect", "x": 10, "y": 10, "w": 50, "h": 40, "fill": "#abc"},
        {"t": "text", "x": 20, "y": 80, "s": "Beauharnais", "size": 12},
        {"t": "icon", "name": "faction:NOB", "x": 100, "y": 100, "size": 16},
    ]}
    memo: dict = {}
    assert scene_to_svg(scene, memo=memo) == scene_to_svg(scene)
    assert len(memo) == 3
    drawn = []
    real = svg._item
    try:
        svg._item = lambda item, min_size=0.0: drawn.append(item) or real(item, min_size)
        moved = {**scene["items"][0], "x": 30}  # a new item replaces one: only it is drawn
        after = {**scene, "items": [moved, *scene["items"][1:]]}
        assert scene_to_svg(after, memo=memo) == real_svg(after, real)
        assert drawn == [moved]
        drawn.clear()
        scene_to_svg(after, 200, memo=memo)  # another width: another text size, all drawn again
        assert all(any(d is it for d in drawn) for it in after["items"])
    finally:
        svg._item = real
    assert set(memo) == {id(it) for it in after["items"]}  # (only this scene's items are kept)


def real_svg(scene, item):
    """``scene_to_svg(scene)`` drawn by the item painter ``item`` (the real one, while one is wrapped)."""
    from illumi_widgets.widget import svg

    wrapped, svg._item = svg._item, item
    try:
        return scene_to_svg(scene)
    finally:
        svg._item = wrapped
