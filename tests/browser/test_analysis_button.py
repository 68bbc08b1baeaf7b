"""The board's "Analyse" button in real JupyterLab + Debian Chromium (issue 18): a click runs the analysis in
the kernel (in the background), the button shows the progress and then "Analysed", and the board's scene
carries the overlay (halos, "62%" labels, the expected line under the board).

Pax in the first test; Primordial Secrets and Gray Eminence in the second, on one page: a position edited
with ``with board.edit() as ed:`` is repainted on the board (the moved card is drawn where the scene says:
the page's own hit test finds it under the mouse and shows its tooltip), then "Analyse" on that edited
position draws the overlay and ``board.analysis`` comes back as a DataFrame."""

from __future__ import annotations

import json

import nbformat
import pytest

pytestmark = pytest.mark.browser

BOARD = '[data-painted="1"]'

CELLS = ("""
from illumi_widgets import Match, PaxIlluminaten

match = Match("pax", players=3, seed=5)
board = PaxIlluminaten(match=match, seat=match.state.to_act()[0])   # the board of the seat to act
board.analysis_budget = 80
board
""",)


def test_analyse_button_draws_the_overlay(tmp_path, page, open_notebook, run_all, kernel, save_screenshot):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src.strip()) for src in CELLS]
    path = tmp_path / "analysis_button.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page, timeout=120)
    widget = panel.locator(BOARD).first
    widget.scroll_into_view_if_needed()
    button = widget.locator("button.illumi-analyse")
    expect(button).to_be_visible(timeout=30_000)
    expect(button).to_have_text("Analyse")
    before = widget.locator("canvas.illumi-base").bounding_box()
    button.click()
    expect(button).to_have_text("Analysed ✓", timeout=120_000)
    out = kernel(page, "import json\n"
                 "items = [it for it in board.effective_scene['items'] if it.get('analysis')]\n"
                 "print(json.dumps({'rows': len(board.analysis), 'halos': sum(i['analysis'] == 'halo' "
                 "for i in items), 'labels': [i['s'] for i in items if i['analysis'] == 'label' "
                 "and i['t'] == 'text'], 'visits': int(board.analysis['visits'].sum())}))")
    got = __import__("json").loads(out.strip().splitlines()[-1])
    assert got["rows"] >= 2 and got["visits"] == 80
    assert got["halos"] >= 2 and 1 <= len(got["labels"]) <= 3
    assert all(s.endswith("%") for s in got["labels"])
    # the painted board grew by the analysis band (the expected line under the board): taller for its width
    # (the board is scaled to fit the notebook's visible height, so it may get narrower rather than taller)
    after = widget.locator("canvas.illumi-base").bounding_box()
    assert before and after and after["height"] / after["width"] > before["height"] / before["width"]
    save_screenshot(widget, "analysis_overlay")


# Primordial Secrets: Red's board at the first Plotting (a plot is composed from hand cards and an Intent);
# Gray Eminence: the board of the first seat to program, after random play to the first Programming phase
GAMES_CELLS = ("""
from illumi_widgets import GrayEminence, Match, PrimordialSecrets
from illumi_widgets.engine import CHANCE, Rng
from illumi_widgets.engine.testing import random_action

ps = PrimordialSecrets(match=Match("primordial", players=3, seed=5), seat=0)
ps.analysis_budget = 60
ps
""", """
st = Match("gray-eminence", players=3, seed=5).state
rng = Rng(3)
while st.data["phase"] != "programming":
    st.apply(random_action(st, rng))
me = next(s for s in st.to_act() if s != CHANCE)
ge = GrayEminence(match=Match.from_state(st), seat=me)
ge.analysis_budget = 60
ge
""", """
import json as _json


def _where(board, entity):
    # the scene size, the centre of the entity's rect as drawn for the board's seat, and its tooltip
    scene = board.match.snapshot(board.perspective)["scene"]
    it = next(i for i in scene["items"] if i.get("id") == entity and i["t"] == "rect")
    return {"w": scene["w"], "h": scene["h"], "x": it["x"] + it["w"] / 2, "y": it["y"] + it["h"] / 2,
            "tip": it.get("tip", ""), "version": board.version}


def _overlay(board):
    items = [i for i in board.effective_scene["items"] if i.get("analysis")]
    frame = board.analysis
    return {"rows": len(frame), "columns": list(frame.columns), "visits": int(frame["visits"].sum()),
            "halos": sum(i["analysis"] == "halo" for i in items),
            "labels": [i["s"] for i in items if i["analysis"] == "label" and i["t"] == "text"],
            "best": frame["label"].iloc[0]}
""")

# the edits, run in the kernel once the boards are painted: (board, code, the edited entity, its name)
EDITS = (
    ("ps", """
with ps.edit() as ed:  # a Scout from the Pawn Deck joins Red's hand; a Messenger goes to the discard
    ed.move("messenger", "discard", who="Red", frm="hand", frm_seat=0)
    ed.move("scout", "hand", who="Red", frm="pawn_deck")
scout = next(i for i in ps.state.data["hand"][0] if ps.state.game.types[i] == "scout")
print(_json.dumps({**_where(ps, f"c{scout}"), "name": ps.state.game.card_name("scout")}))
"""),
    ("ge", """
card = ge.state.data["decks"]["action"][-1]
with ge.edit() as ed:  # the top Action card of the deck into the seat's hand; 7 money in its box
    ed.move(card, "hand", who=me)
    ed.resources(me, money=7)
assert card in ge.state.data["hands"][me] and ge.state.data["box"][me][0] == 7
print(_json.dumps({**_where(ge, card), "name": ge.state.game.cards.actions[card]["name"]}))
"""),
)


def test_analyse_and_edit_primordial_and_gray_eminence(tmp_path, page, open_notebook, run_all, kernel,
                                                       save_screenshot):
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src.strip()) for src in GAMES_CELLS]
    path = tmp_path / "analysis_games.ipynb"
    nbformat.write(nb, path)
    panel = open_notebook(page, path)
    run_all(page, timeout=180)
    for k, (name, code) in enumerate(EDITS):
        widget = panel.locator(BOARD).nth(k)
        widget.scroll_into_view_if_needed()
        # the edited position, repainted on the board: the page's hit test finds the moved card
        where = json.loads(kernel(page, code).strip().splitlines()[-1])
        expect(widget).to_have_attribute("data-version", str(where["version"]), timeout=30_000)
        canvas = widget.locator("canvas.illumi-overlay")
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        assert box and box["width"] > 0
        page.mouse.move(box["x"] + where["x"] * box["width"] / where["w"],
                        box["y"] + where["y"] * box["width"] / where["w"])
        tip = widget.locator(".illumi-tip")
        expect(tip).to_be_visible(timeout=10_000)
        assert where["name"] in where["tip"], where
        expect(tip).to_contain_text(where["name"])
        page.mouse.move(box["x"] - 5, box["y"] - 5)  # (the tooltip does not cover the button)
        # "Analyse" on the edited position: the overlay on the board, the DataFrame in the kernel
        button = widget.locator("button.illumi-analyse")
        expect(button).to_have_text("Analyse", timeout=30_000)
        before = widget.locator("canvas.illumi-base").bounding_box()
        button.click()
        expect(button).to_have_text("Analysed ✓", timeout=120_000)
        got = json.loads(kernel(page, f"print(_json.dumps(_overlay({name})))").strip().splitlines()[-1])
        assert got["columns"] == ["action", "label", "visits", "share", "win"], got
        assert got["rows"] >= 2 and got["visits"] == 60, got
        assert got["halos"] >= 2 and 1 <= len(got["labels"]) <= 3, got
        assert all(s.endswith("%") for s in got["labels"]), got
        after = widget.locator("canvas.illumi-base").bounding_box()
        assert before and after and after["height"] / after["width"] > before["height"] / before["width"]
        save_screenshot(widget, f"analysis_overlay_{name}")
