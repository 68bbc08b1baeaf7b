# Run in a notebook's kernel (as a cell or not): _probe(board) -> what a browser test needs to know about a
# board, as one JSON line (shared by test_pax_board.py and test_illuminati_notebook.py).
import json as _json


def _probe(b):
    """Version, decisions and, for every option with a board target, a clickable point of the target."""
    snap = b.match.snapshot(b.perspective)
    scene = snap["scene"]
    shapes = [it for it in scene["items"] if it.get("t") in ("rect", "circle", "poly") and it.get("id")]

    def inside(it, x, y):
        if it["t"] == "rect":
            x0, x1 = sorted((it["x"], it["x"] + it["w"]))
            y0, y1 = sorted((it["y"], it["y"] + it["h"]))
            return x0 <= x <= x1 and y0 <= y <= y1
        if it["t"] == "circle":
            return (x - it["x"]) ** 2 + (y - it["y"]) ** 2 <= it["r"] ** 2
        xs, ys = [p[0] for p in it["pts"]], [p[1] for p in it["pts"]]
        return min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)  # bounding box: good enough to avoid

    def point(entity):
        """The centre of one of the entity's rects/circles that no later entity covers."""
        for i, it in enumerate(shapes):
            if it["id"] != entity or it["t"] not in ("rect", "circle"):
                continue
            x, y = (it["x"] + it["w"] / 2, it["y"] + it["h"] / 2) if it["t"] == "rect" else (it["x"], it["y"])
            if not any(o["id"] != entity and inside(o, x, y) for o in shapes[i + 1:]):
                return [x, y]
        return None

    uses = {}
    for d in snap["decisions"]:
        for o in d["options"]:
            for t in set(o["targets"]):
                uses[t] = uses.get(t, 0) + 1
    clicks = []
    for d in snap["decisions"]:
        for o in d["options"]:
            for t in o["targets"]:
                p = point(t)
                if p is not None:
                    clicks.append({"decision": d["id"], "option": o["id"], "entity": t, "x": p[0], "y": p[1],
                                   "uses": uses[t], "single": uses[t] == 1})
    return _json.dumps({
        "version": b.state.version, "perspective": b.perspective, "w": scene["w"], "h": scene["h"],
        "curtain": snap["status"].get("curtain"),
        "decisions": [[d["id"], d["prompt"], [o["id"] for o in d["options"]]] for d in snap["decisions"]],
        "to_act": list(b.state.to_act()), "log": len(b.state.log), "clicks": clicks,
        "model_id": b.model_id, "history": [a.notation() for a in b.state.history],
    })
