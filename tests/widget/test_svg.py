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
            "maxw": 40,
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
    assert text.get("textLength") == "40"  # 9 chars at 12px are wider than maxw 40
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
            {"items": [{"t": "text", "x": 0, "y": 100, "s": "a\nb\nc", "size": 10, "baseline": "middle"}]}
        )
    )
    assert root.find(f"{NS}text").get("y") == "88"


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
