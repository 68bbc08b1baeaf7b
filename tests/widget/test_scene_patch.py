"""Scene patches: the widget sends a full scene (with a ``stamp``) now and then, and between them only a
``scene_patch`` against the previous scene; the page paints what ``apply_scene_patch`` makes of the last full
scene sent, the patch and the scene it showed before (``Page`` here follows the updates as the page does)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from illumi_widgets import Match
from illumi_widgets.engine import CHANCE
from illumi_widgets.match import LOG_LIMIT
from illumi_widgets.widget import GameWidget, scene_to_svg
from illumi_widgets.widget.base import (
    PATCH_MAX_SHARE,
    _align,
    apply_scene_patch,
    json_size,
    make_scene_patch,
    moved_item,
    patch_size,
)


def rand_item(rng: random.Random, k: int) -> dict:
    kind = rng.choice(["rect", "circle", "text", "poly"])
    if kind == "rect":
        return {"t": "rect", "x": rng.randint(0, 900), "y": rng.randint(0, 600), "w": 40, "h": 40,
                "fill": rng.choice(["#fff", "#c33", "#36c"]), "id": f"cell:{k}", "tip": f"Cell {k}"}
    if kind == "circle":
        return {"t": "circle", "x": rng.randint(0, 900), "y": rng.randint(0, 600), "r": 8, "id": f"disk:{k}"}
    if kind == "text":
        return {"t": "text", "x": rng.randint(0, 900), "y": rng.randint(0, 600), "s": f"label {k} é—✓",
                "size": 12}
    return {"t": "poly", "pts": [[rng.randint(0, 900), rng.randint(0, 600)] for _ in range(3)],
            "fill": "#8ac"}


def mutate(rng: random.Random, items: list, edits: int) -> list:
    out = copy.deepcopy(items)
    for _ in range(edits):
        r = rng.random()
        if r < 0.15 or not out:
            out.insert(0, rand_item(rng, rng.randint(0, 10**6)))  # at the front
        elif r < 0.3:
            out.append(rand_item(rng, rng.randint(0, 10**6)))  # at the end
        elif r < 0.4:
            del out[0]
        elif r < 0.5:
            del out[-1]
        elif r < 0.65:
            del out[rng.randrange(len(out))]
        elif r < 0.8:
            out.insert(rng.randint(0, len(out)), rand_item(rng, rng.randint(0, 10**6)))
        elif r < 0.9:
            i = rng.randrange(len(out))
            out[i] = {**out[i], "x": rng.randint(0, 900)} if "x" in out[i] else rand_item(rng, i)
        else:  # move an item
            i = rng.randrange(len(out))
            out.insert(rng.randint(0, len(out) - 1), out.pop(i))
    return out


def rand_scene(rng: random.Random, n: int) -> dict:
    return {"w": 1000, "h": 700, "bg": "#f4efe4", "items": [rand_item(rng, k) for k in range(n)]}


# ------------------------------------------------------------------------------------------- the functions
@pytest.mark.parametrize("seed", range(60))
def test_patch_round_trip_reproduces_the_new_scene_exactly(seed):
    rng = random.Random(seed)
    base = {**rand_scene(rng, rng.choice([0, 1, 5, 40, 200])), "stamp": seed}
    new = {k: v for k, v in base.items() if k != "stamp"}
    new["items"] = mutate(rng, base["items"], rng.choice([0, 1, 3, 10, 60]))
    if seed % 4 == 0:
        new["bg"] = "#000"
    if seed % 5 == 0:
        new["title"] = "extra top-level key"
    patch = make_scene_patch(base, new)
    assert patch is not None and patch["base"] == seed
    out = apply_scene_patch(base, patch)
    assert out == {**new, "stamp": seed}
    assert json.dumps(out["items"], sort_keys=True) == json.dumps(new["items"], sort_keys=True)
    assert ("set" in patch) == (seed % 4 == 0 or seed % 5 == 0)
    json.dumps(patch)  # plain JSON
    assert base["items"] is not out["items"]


def test_patch_ops_are_splices_on_the_progressively_edited_list():
    item = [{"t": "text", "s": str(i)} for i in range(10)]
    base = {"w": 10, "h": 10, "stamp": 1, "items": item[:6]}
    new = {"w": 10, "h": 10, "items": [item[9], item[1], item[2], item[7], item[4], item[5], item[8]]}
    patch = make_scene_patch(base, new)
    items = list(base["items"])
    for start, count, add in patch["ops"]:  # exactly Array.prototype.splice, in order
        items[start:start + count] = add
    assert items == new["items"]
    assert sum(len(add) for _, _, add in patch["ops"]) == 3, "only what changed travels"


def test_no_patch_when_a_top_level_key_goes_and_a_new_size_is_set():
    """(A Pax board's height follows what it shows: a new size is a key set by the patch, as the painter's
    applyPatch sets it, not a full scene -- about one update in four in a Pax game.)"""
    base = {"w": 10, "h": 10, "bg": "#fff", "stamp": 1, "items": []}
    assert make_scene_patch(base, {"w": 11, "h": 10, "bg": "#fff", "items": []}) == {
        "base": 1, "ops": [], "set": {"w": 11}}
    assert make_scene_patch(base, {"w": 10, "h": 12, "bg": "#fff", "items": []}) == {
        "base": 1, "ops": [], "set": {"h": 12}}
    assert make_scene_patch(base, {"w": 10, "h": 10, "items": []}) is None  # bg went away
    assert make_scene_patch(base, {"w": 10, "h": 10, "bg": "#000", "items": []}) == {
        "base": 1, "ops": [], "set": {"bg": "#000"}}


@pytest.mark.parametrize("patch", [
    None, "patch", [], {}, {"ops": [[0, 1, []]]},
    {"base": 2, "ops": [[0, 1, []]]},  # another base
    {"base": 1, "ops": "x"}, {"base": 1, "ops": [[0, 1]]}, {"base": 1, "ops": [[-1, 0, []]]},
    {"base": 1, "ops": [[0.0, 0, []]]}, {"base": 1, "ops": [[True, 0, []]]},
    {"base": 1, "ops": [[0, -1, []]]}, {"base": 1, "ops": [[0, 0, "items"]]},
    {"base": 1, "ops": [[4, 0, []]]}, {"base": 1, "ops": [[2, 2, []]]},
    {"base": 1, "ops": [[0, 3, []], [0, 1, []]]}, {"base": 1, "ops": [None]},
    {"base": 1, "ops": [], "set": [1]},
])
def test_a_patch_that_does_not_apply_cleanly_gives_the_full_scene(patch):
    scene = {"w": 10, "h": 10, "stamp": 1, "items": [{"t": "text", "s": str(i)} for i in range(3)]}
    frozen = copy.deepcopy(scene)
    assert apply_scene_patch(scene, patch) == frozen
    assert scene == frozen


def test_apply_scene_patch_never_mutates_and_ignores_stamp_or_items_overrides():
    scene = {"w": 10, "h": 10, "stamp": 1, "items": [{"t": "text", "s": "a"}]}
    out = apply_scene_patch(scene, {"base": 1, "ops": [[1, 0, [{"t": "text", "s": "b"}]]],
                                    "set": {"stamp": 9, "items": [], "bg": "#000"}})
    assert out == {"w": 10, "h": 10, "stamp": 1, "bg": "#000", "items": [{"t": "text", "s": "a"},
                                                                        {"t": "text", "s": "b"}]}
    assert scene["items"] == [{"t": "text", "s": "a"}]
    assert apply_scene_patch(None, None) == {}


# ------------------------------------------------------------------------------------------- the widget
class SceneController:
    """A controller whose scene and status the test sets directly."""

    def __init__(self, scene: dict, status: dict | None = None):
        self.scene = scene
        self.status = status or {"text": "", "curtain": None, "seat": 0}
        self.version = 1
        self.callbacks: list = []

    def snapshot(self, perspective: str) -> dict:
        return {"game": "scripted", "version": self.version, "scene": copy.deepcopy(self.scene),
                "decisions": [], "log": [], "status": dict(self.status)}

    def handle(self, message: dict, perspective: str) -> dict:
        return {"type": "ok", "version": self.version}

    def subscribe(self, callback):
        self.callbacks.append(callback)
        return lambda: self.callbacks.remove(callback) if callback in self.callbacks else None

    def change(self, scene: dict | None = None, **status) -> None:
        if scene is not None:
            self.scene = scene
        self.status.update(status)
        self.version += 1
        for cb in list(self.callbacks):
            cb()


def capture(widget: GameWidget) -> list[dict]:
    """The trait updates the widget sends (each one ``hold_sync`` message)."""
    sent: list[dict] = []
    before = widget.__dict__.get("_send")  # (a capture already there keeps its own record)

    def send(msg, buffers=None):
        sent.append(msg["state"])
        if before is not None:
            before(msg, buffers)

    widget._send = send
    return sent


def without_stamp(scene: dict) -> dict:
    return {k: v for k, v in scene.items() if k != "stamp"}


class Page:
    """The page's side of a widget: its copy of the traits (the state a view is opened with, then each
    update sent) and the scene it shows, each patch applied to the scene the one before made (as
    js/src/patch.js followPatch)."""

    def __init__(self, widget: GameWidget):
        self.model = dict(widget.get_state())
        self.sent = capture(widget)
        self.seen = 0
        self.shown = apply_scene_patch(self.model["scene"], self.model["scene_patch"])

    def follow(self) -> dict:
        """The scene shown after the updates sent since the last call, without its stamp."""
        for update in self.sent[self.seen:]:
            self.model.update(update)
            if "scene" in update or "scene_patch" in update:  # (a change of the patch: followed once)
                self.shown = apply_scene_patch(self.model["scene"], self.model["scene_patch"], self.shown)
        self.seen = len(self.sent)
        return without_stamp(self.shown)


def test_a_small_change_sends_only_the_patch_and_a_large_one_a_new_full_scene():
    rng = random.Random(1)
    ctl = SceneController(rand_scene(rng, 300))
    w = GameWidget(ctl, perspective="seat:0")
    page = Page(w)
    sent = page.sent
    stamp = w.scene["stamp"]
    assert w.scene_patch == {"base": stamp, "ops": []}
    assert w.effective_scene == {**ctl.scene, "stamp": stamp}

    ctl.change({**ctl.scene, "items": mutate(rng, ctl.scene["items"], 3)})
    assert set(sent[-1]) == {"version", "scene_patch"}, "no full scene, no unchanged trait"
    assert json_size(sent[-1]) < 0.1 * json_size(w.scene)
    assert sent[-1]["scene_patch"]["base"] == stamp and w.scene["stamp"] == sent[-1]["scene_patch"]["stamp"]
    assert page.follow() == ctl.scene and without_stamp(w.effective_scene) == ctl.scene
    ctl.change(copy.deepcopy(ctl.scene))
    assert "scene_patch" not in sent[-1], "the same scene: nothing of it is sent"

    ctl.change({**ctl.scene, "items": ctl.scene["items"][150:] + [rand_item(rng, k) for k in range(150)]})
    assert {"scene", "scene_patch"} <= set(sent[-1]), "a large change: a new full scene"
    assert w.scene["stamp"] != stamp and w.scene_patch == {"base": w.scene["stamp"], "ops": []}
    assert without_stamp(w.scene) == ctl.scene and page.follow() == ctl.scene

    ctl.change({**ctl.scene, "w": 1200})  # a new size: set by a patch
    assert "scene" not in sent[-1] and sent[-1]["scene_patch"]["set"] == {"w": 1200}
    assert page.follow() == ctl.scene and page.follow()["w"] == 1200
    w.close()


def test_the_patch_size_from_its_op_sizes_is_its_json_size():
    """The widget measures a patch from its ops' item lists (already measured), not by encoding it again."""
    rng = random.Random(5)
    scene = rand_scene(rng, 60)
    base = {**scene, "stamp": 12}
    for k in range(60):
        new = {**scene, "items": mutate(rng, scene["items"], rng.choice([1, 2, 5, 20]))}
        if k % 3 == 0:
            new["bg"] = f"#{k:06d}"  # (a top-level key set too)
        spans = _align(base["items"], new["items"])
        patch = make_scene_patch(base, new, spans)
        sizes = [json_size(op[2]) for op in patch["ops"]]
        assert patch_size(patch, sizes) == json_size(patch)


def test_the_patch_is_against_the_previous_scene_so_small_changes_never_need_a_full_scene():
    """Each patch holds one change (against the scene before it, not against the last full scene: a patch
    against a fixed base grew with every change until a full scene had to go, about one update in three
    in a Pax game)."""
    rng = random.Random(2)
    ctl = SceneController(rand_scene(rng, 200))
    w = GameWidget(ctl, perspective="seat:0")
    page = Page(w)
    full = w.scene["stamp"]
    for _ in range(80):
        before = w.scene["stamp"]
        edits = rng.choice([1, 2, 5])
        ctl.change({**ctl.scene, "items": mutate(rng, ctl.scene["items"], edits)})
        update = page.sent[-1]
        if "scene_patch" not in update:  # (the edits happened to leave the scene as it was)
            assert w.scene["stamp"] == before and page.follow() == ctl.scene
            continue
        assert "scene" not in update, "a small change: a patch"
        assert update["scene_patch"]["base"] == before and update["scene_patch"]["stamp"] == w.scene["stamp"]
        assert json_size(update["scene_patch"]) <= PATCH_MAX_SHARE * json_size(ctl.scene) + 20
        assert sum(len(add) for _, _, add in update["scene_patch"]["ops"]) <= 2 * edits, "this change only"
        assert page.follow() == ctl.scene
        assert without_stamp(w.effective_scene) == ctl.scene
    assert page.model["scene"]["stamp"] == full, "the page still holds the first full scene"
    w.close()


@pytest.mark.parametrize("seed", range(8))
def test_the_traits_always_yield_the_current_scene_and_a_new_view_paints_the_same(seed):
    rng = random.Random(100 + seed)
    ctl = SceneController(rand_scene(rng, rng.choice([3, 50, 300])))
    w = GameWidget(ctl, perspective="spectator")
    pages = [Page(w)]
    for step in range(40):
        edits = rng.choice([0, 1, 1, 2, 4, 20, 200])
        scene = {**ctl.scene, "items": mutate(rng, ctl.scene["items"], edits)}
        if rng.random() < 0.1:
            scene["bg"] = rng.choice(["#000", "#fff"])
        ctl.change(scene)
        assert without_stamp(w.effective_scene) == ctl.scene, step
        assert w.to_svg() == scene_to_svg(ctl.scene)
        for k, page in enumerate(pages):
            assert page.follow() == ctl.scene, (step, k)
        if step % 10 == 9:
            fresh = GameWidget(ctl, perspective="spectator")
            assert without_stamp(fresh.effective_scene) == without_stamp(w.effective_scene)
            assert fresh.to_svg() == w.to_svg()
            fresh.close()
            pages.append(Page(w))  # a view of the same board opened now (after patches): the same scene
            assert pages[-1].follow() == ctl.scene
    w.close()


def test_a_new_perspective_curtain_or_seat_always_starts_from_a_new_full_scene():
    rng = random.Random(3)
    ctl = SceneController(rand_scene(rng, 100))
    w = GameWidget(ctl, perspective="seat:0")
    sent = capture(w)

    def small_change(**status):
        ctl.change({**ctl.scene, "items": mutate(rng, ctl.scene["items"], 1)}, **status)

    small_change()
    assert "scene" not in sent[-1]
    w.perspective = "seat:1"
    assert "scene" in sent[-1] and w.scene_patch["ops"] == []
    small_change(curtain="Red")
    assert "scene" in sent[-1] and w.scene_patch["ops"] == []
    small_change(curtain=None, seat=1)
    assert "scene" in sent[-1]
    small_change()
    assert "scene" not in sent[-1]
    small_change(seat=2)
    assert "scene" in sent[-1]
    assert without_stamp(w.effective_scene) == ctl.scene
    w.close()


def test_the_mimebundle_svg_and_to_svg_show_the_effective_scene():
    ctl = SceneController({"w": 200, "h": 100, "bg": "#fff",
                           "items": [{"t": "text", "x": 5, "y": 5, "s": f"row {i}"} for i in range(40)]})
    w = GameWidget(ctl, perspective="seat:0")
    items = list(ctl.scene["items"])
    items[20] = {"t": "text", "x": 5, "y": 5, "s": "patched <row>"}
    ctl.change({**ctl.scene, "items": items})
    assert w.scene_patch["ops"], "sent as a patch"
    data, _ = w._repr_mimebundle_()
    svg = data["image/svg+xml"]
    assert "patched &lt;row&gt;" in svg and "row 20<" not in svg
    assert svg == w.to_svg() == scene_to_svg(ctl.scene)
    w.close()


# ------------------------------------------------------------------------------------------- with a Match
def test_a_pax_game_widget_tracks_the_match_scene_and_sends_small_updates():
    match = Match("pax", players=3, seed=5)
    widgets = {p: GameWidget(match, perspective=p) for p in ("omniscient", "seat:1", "follow")}
    pages = {p: Page(w) for p, w in widgets.items()}
    sent = {p: page.sent for p, page in pages.items()}
    rng = random.Random(5)
    for _ in range(60):
        decisions = [d for d in match.state.decisions() if d.seat != CHANCE and d.options]
        if not decisions:
            break
        d = rng.choice(decisions)
        match.play(rng.choice(list(d.options)))
        if match.curtain() is not None:
            widgets["follow"].dispatch({"type": "curtain", "open": True})
        for p, w in widgets.items():
            snap = match.snapshot(p)
            assert without_stamp(w.effective_scene) == snap["scene"], p
            assert pages[p].follow() == snap["scene"], p
            assert w.log_lines == snap["log"] and len(w.log_lines) <= LOG_LIMIT
            assert w.status["log_length"] >= len(w.log_lines)
    patches = [u for u in sent["omniscient"] if "scene_patch" in u and "scene" not in u]
    fulls = [u for u in sent["omniscient"] if "scene" in u]
    assert len(patches) > len(sent["omniscient"]) / 2
    assert len(fulls) <= len(sent["omniscient"]) / 10, "a full scene only when most of the board changed"
    for w in widgets.values():
        w.close()


def test_the_painter_applies_python_patches_exactly_like_python(tmp_path):
    """js/src/patch.js (the painter's applyPatch) and apply_scene_patch agree on patches made here."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    patch_js = Path(__file__).resolve().parents[2] / "js" / "src" / "patch.js"
    rng = random.Random(9)
    cases = []
    for i in range(20):
        base = {**rand_scene(rng, rng.choice([0, 3, 60])), "stamp": i}
        new = {**{k: v for k, v in base.items() if k != "stamp"},
               "items": mutate(rng, base["items"], rng.choice([1, 5, 30]))}
        cases.append([base, make_scene_patch(base, new), None])
        # the next patch, against the scene that one made (the page's shown scene), not the full scene
        shown = {**new, "stamp": 1000 + i}
        nxt = {**new, "items": mutate(rng, new["items"], rng.choice([1, 5]))}
        cases.append([base, {**make_scene_patch(shown, nxt), "stamp": 2000 + i}, shown])
        cases.append([{**nxt, "stamp": 2000 + i}, {**make_scene_patch(shown, nxt), "stamp": 2000 + i}, None])
    for i in range(6):  # items drawn further (a row grew: what is below it moves), a few changed among them
        base = {**rand_scene(rng, 60), "stamp": 100 + i}
        items = [moved_item(it, rng.choice([0, 3, -7.5]), rng.choice([20.3, -14.2, 11])) if k > 20 else it
                 for k, it in enumerate(base["items"])]
        items[30] = rand_item(rng, 999)
        patch = make_scene_patch(base, {**base, "items": items})
        assert any(isinstance(op[2], dict) for op in patch["ops"])
        cases.append([base, patch, None])
    cases.append([cases[0][0], {"base": 99, "ops": [[0, 1, []]]}, None])  # another base: the full scene
    src = tmp_path / "cases.json"
    src.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = (f"import {{ applyPatch }} from {json.dumps(patch_js.as_uri())};"
              "import { readFileSync } from 'node:fs';"
              f"const cases = JSON.parse(readFileSync({json.dumps(str(src))}, 'utf8'));"
              "process.stdout.write(JSON.stringify(cases.map(([s, p, sh]) => applyPatch(s, p, sh).scene)));")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                         encoding="utf-8", check=True, timeout=60)
    assert json.loads(out.stdout) == [apply_scene_patch(s, p, sh) for s, p, sh in cases]


class SecretController(SceneController):
    """A SceneController that also says what the perspective may not see now."""

    hidden: set = set()

    def secrets(self, perspective: str) -> set:
        return set(self.hidden)


def test_a_base_holding_a_token_now_secret_is_replaced_by_a_full_scene():
    """A card shown once (the discard's top, say) and later gone into a rival's hand must not stay in the
    page's base scene: the synced traits never hold what the seat may not see now."""
    rng = random.Random(3)
    scene = rand_scene(rng, 200)
    scene["items"].append({"t": "text", "x": 1, "y": 1, "s": "discard top PIL009"})
    scene["items"].append({"t": "text", "x": 1, "y": 9, "s": "Event Quiet Tidings"})
    ctl = SecretController(scene)
    w = GameWidget(ctl, perspective="seat:0")
    page = Page(w)
    small = copy.deepcopy(scene)
    small["items"] = small["items"][:-2] + [{"t": "text", "x": 1, "y": 1, "s": "discard top PIL010"}]
    ctl.change(small)                                  # nothing secret yet: a small patch will do
    assert "scene" not in page.sent[-1] and "PIL009" in json.dumps(page.model["scene"])
    ctl.hidden = {"PIL009", "Quiet Tidings"}           # PIL009 went into a rival's hand
    small = copy.deepcopy(small)
    small["items"][0] = {"t": "text", "x": 2, "y": 2, "s": "a change"}
    ctl.change(small)
    assert "scene" in page.sent[-1], "the page's full scene held a secret: a new full scene"
    assert page.follow() == without_stamp(small)
    assert "PIL009" not in json.dumps(page.model) and "Quiet Tidings" not in json.dumps(page.model)
    assert without_stamp(w.effective_scene) == without_stamp(small)


def test_items_only_drawn_further_travel_as_a_move_not_again():
    """A Pax board whose status line takes a second line moves everything below it 20 units down: sent as
    moves of the items the page has (``[start, count, {"dy": ...}]``), it is a small patch, not a full scene
    (before: one update in three of a Pax game sent the whole scene, mostly for this)."""
    rng = random.Random(12)
    items = [rand_item(rng, k) for k in range(200)]
    base = {"w": 1000, "h": 700, "stamp": 1, "items": items}
    grown = {"t": "text", "x": 14, "y": 653.2, "s": "Red acts: 3 main actions left\nScheme: Mozart (ended)"}
    new_items = items[:80] + [grown] + [moved_item(it, 0, 20.3) for it in items[81:150]] + items[150:]
    new_items[120] = {**new_items[120], "fill": "#123456"}  # one of them changed too: sent again
    new = {"w": 1000, "h": 720.3, "items": new_items}
    patch = make_scene_patch(base, new)
    assert apply_scene_patch(base, patch)["items"] == new_items
    moves = [op for op in patch["ops"] if isinstance(op[2], dict)]
    assert moves == [[81, 39, {"dy": 20.3}], [121, 29, {"dy": 20.3}]]
    sent = sum(len(op[2]) for op in patch["ops"] if isinstance(op[2], list))
    assert sent == 2, "the new line and the change"
    assert json_size(patch) < json_size(grown) + json_size(new_items[120]) + 150
    assert patch["set"] == {"h": 720.3}
    # a move the float arithmetic cannot give exactly is sent as items (the page must paint exactly these)
    odd = [{**it, "y": it["y"] + 0.1} if isinstance(it.get("y"), (int, float)) else it for it in items]
    odd_patch = make_scene_patch(base, {**base, "items": odd})
    assert apply_scene_patch(base, odd_patch)["items"] == odd


def test_the_diff_keeps_equal_items_and_sends_only_a_long_inserted_or_deleted_block():
    """Items are matched by ``==``: a block longer than the diff's first look-ahead window, inserted or
    deleted anywhere, travels alone (found through the signature index), and duplicates stay correct."""
    from illumi_widgets.widget.base import RESYNC_WINDOW

    rng = random.Random(9)
    items = [rand_item(rng, k) for k in range(300)]
    block = [rand_item(rng, 10_000 + k) for k in range(3 * RESYNC_WINDOW)]
    base = {"w": 1000, "h": 700, "stamp": 1, "items": items}
    for new_items, travels in (
        (items[:100] + block + items[100:], len(block)),                      # inserted
        (items[:100] + items[100 + len(block):], 0),                          # deleted
        (items[:50] + [items[7]] * 5 + items[50:], 5),                        # duplicates of an old item
        (items[:10] + block + items[10:200] + block + items[200:], 2 * len(block)),
    ):
        new = {"w": 1000, "h": 700, "items": new_items}
        patch = make_scene_patch(base, new)
        assert apply_scene_patch(base, patch)["items"] == new_items
        assert sum(len(add) for _, _, add in patch["ops"]) == travels
