"""The Illuminati scene for the generic painter (format: ``illumi_widgets/widget/__init__.py``).

Drawn from one seat's view only: each player's power structure as cards on their grid cells with the
out-arrows (open ones filled) and treasuries, the uncontrolled groups, the Specials held (names for the
viewer's own, backs for rivals), the attack being resolved with its modifiers, and the dice.
"""

from __future__ import annotations

from ...scene import SceneItems, rnd

W, H = 1200, 820
SIDE_W = 300  # the right-hand panel: attack, dice, dead pile
BG = "#1f2430"
PANEL = "#2a3040"
INK = "#f2efe6"
MUTED = "#a9b0c0"
CARD = "#f7f3e8"
CARD_INK = "#1d1d1d"
ILLUM = "#d9b84a"
SEAT_COLORS = {"Red": "#d0453b", "Blue": "#3f7fd0", "Green": "#3fa069", "Yellow": "#d6b83a",
               "Purple": "#8d5cc4", "Orange": "#e0843a", "White": "#e8e8e8", "Black": "#555a66"}
VEC = ((0, -1), (1, 0), (0, 1), (-1, 0))


_r = rnd


class _Items(SceneItems):
    """The shared scene builder with this board's ink."""

    def __init__(self) -> None:
        super().__init__(ink=INK)


def _stats(g: dict) -> str:
    p = f"{g['power']}/{g['tp']}" if g["tp"] else str(g["power"])
    r = "-" if g["resistance"] is None else g["resistance"]
    return f"P {p}  R {r}  I {g['income']}"


def card_tip(g: dict) -> str:
    lines = [g["name"], _stats(g), "Alignments: " + (", ".join(g["alignments"]) or "none")]
    if g.get("ability"):
        lines.append(g["ability"])
    if "money" in g:
        lines.append(f"Treasury: {g['money']} MB")
    return "\n".join(lines)


def _short(name: str, n: int) -> str:
    name = name.removeprefix("The ")
    return name if len(name) <= n else name[: n - 1] + "…"


def _card(out: _Items, g: dict, x, y, w, h, illum=False):
    out.rect(x, y, w, h, fill=ILLUM if illum else CARD, stroke="#000", lw=1, r=4, ident=g["id"],
             tip=card_tip(g))
    size = max(7, min(11, int(w / 8)))
    out.text(x + w / 2, y + 3 + size, _short(g["name"], max(6, int(w / (size * 0.55)))), size=size,
             color=CARD_INK, align="center", bold=True, maxw=w - 4)
    if h >= 36:
        out.text(x + w / 2, y + h - 5, _stats(g), size=max(7, size - 2), color=CARD_INK, align="center",
                 maxw=w - 4)
    if "money" in g and g["money"]:
        out.circle(x + w, y, 8, fill="#2f8f4e", stroke="#0b3", lw=1, tip=f"treasury: {g['money']} MB")
        out.text(x + w, y + 3, g["money"], size=8, color="#fff", align="center")


def _structure(out: _Items, seat: dict, x0, y0, w, h):
    groups = seat["groups"]
    if not groups:
        out.text(x0 + w / 2, y0 + h / 2, "eliminated" if not seat["alive"] else "", size=14, color=MUTED,
                 align="center")
        return
    xs = [g["x"] for g in groups]
    ys = [g["y"] for g in groups]
    cols, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3  # one spare cell around for open arrows
    cell = min(w / cols, h / rows, 92)
    cw, ch = cell * 0.86, cell * 0.62
    ox = x0 + (w - cols * cell) / 2 - (min(xs) - 1) * cell
    oy = y0 + (h - rows * cell) / 2 - (min(ys) - 1) * cell
    pos = {g["id"]: g for g in groups}
    for g in groups:
        cx, cy = ox + g["x"] * cell + cell / 2, oy + g["y"] * cell + cell / 2
        if g["master"] is not None:
            m = pos[g["master"]]
            mx, my = ox + m["x"] * cell + cell / 2, oy + m["y"] * cell + cell / 2
            out.line([(mx, my), (cx, cy)], color="#c8c8c8", lw=2)
    used = {(g["master"], g["side"]) for g in groups if g["master"] is not None}
    cells = {(g["x"], g["y"]) for g in groups}
    for g in groups:
        cx, cy = ox + g["x"] * cell + cell / 2, oy + g["y"] * cell + cell / 2
        for side in g["arrows_out"]:
            ab = (side + g["rot"]) % 4
            dx, dy = VEC[ab]
            if (g["id"], side) in used:
                continue
            blocked = (g["x"] + dx, g["y"] + dy) in cells
            tip_x, tip_y = cx + dx * (cw / 2 + 9), cy + dy * (ch / 2 + 9)
            bx, by = cx + dx * (cw / 2 + 1), cy + dy * (ch / 2 + 1)
            px, py = -dy * 5, dx * 5
            out.poly([(bx + px, by + py), (tip_x, tip_y), (bx - px, by - py)],
                     fill="#777" if blocked else "#f0c040", stroke="#000", lw=0.5,
                     tip="blocked arrow" if blocked else "open control arrow")
    for g in groups:
        cx, cy = ox + g["x"] * cell + cell / 2, oy + g["y"] * cell + cell / 2
        _card(out, g, cx - cw / 2, cy - ch / 2, cw, ch, illum=g["master"] is None)


def illuminati_scene(view: dict, game) -> dict:
    out = _Items()
    seats = view["seats"]
    n = len(seats)
    main_w = W - SIDE_W
    # uncontrolled groups
    out.rect(8, 8, main_w - 16, 96, fill=PANEL, r=6)
    out.text(16, 24, f"Uncontrolled groups · deck {view['deck']} cards", size=12, color=MUTED, bold=True)
    unc = view["uncontrolled"]
    cw = min(110, (main_w - 40) / max(1, len(unc)) - 6)
    for i, g in enumerate(unc):
        _card(out, g, 16 + i * (cw + 6), 32, cw, 64)
    # power structures: two columns of seat panels
    cols = 1 if n <= 2 else 2
    rows = (n + cols - 1) // cols
    pw, ph = (main_w - 8) / cols - 8, (H - 120) / rows - 8
    for s in seats:
        i = s["seat"]
        px, py = 8 + (i % cols) * (pw + 8), 112 + (i // cols) * (ph + 8)
        color = SEAT_COLORS.get(s["name"], "#888")
        active = view.get("active") == i
        out.rect(px, py, pw, ph, fill=PANEL, stroke=color, lw=3 if active else 1, r=6, ident=f"seat:{i}")
        head = f"{s['name']}: {s['illuminati_name'] or '?'}" + ("" if s["alive"] else " (out)")
        out.text(px + 8, py + 16, head, size=12, color=color, bold=True)
        info = (f"{len(s['groups'])} groups · {s['treasury']} MB · destroyed {s['destroyed']} · "
                f"turns {s['turns']}")
        out.text(px + 8, py + 30, info, size=10, color=MUTED)
        if s["specials"] is not None:
            out.text(px + pw - 8, py + 16, "Specials: " + (", ".join(s["specials"]) or "none"), size=9,
                     color=INK, align="right", maxw=pw / 2)
        else:
            for k in range(s["special_count"]):
                out.rect(px + pw - 16 - k * 12, py + 6, 10, 14, fill="#5b3f7a", stroke="#c9a94b", lw=1,
                         tip="a Special card (face down)")
        goal = s.get("goal")
        if goal:
            out.text(px + 8, py + ph - 6, "Goal: " + ("secret" if goal == "secret" else goal), size=9,
                     color=MUTED, maxw=pw - 16)
        _structure(out, s, px + 4, py + 36, pw - 8, ph - 50)
    # right panel: attack, dice, dead pile
    sx = main_w
    out.rect(sx, 8, SIDE_W - 8, H - 16, fill=PANEL, r=6)
    y = 28
    att = view.get("attack")
    if att:
        out.text(sx + 10, y, f"Attack to {att['mode']}", size=14, color=ILLUM, bold=True)
        y += 18
        name = {g["id"]: g["name"] for s in seats for g in s["groups"]}
        name.update({g["id"]: g["name"] for g in unc})
        out.text(sx + 10, y, f"{name.get(att['attacker'], att['attacker'])} → "
                 f"{name.get(att['target'], att['target'])}" + (" (privileged)" if att["privileged"] else ""),
                 size=11, maxw=SIDE_W - 24)
        y += 18
        for label, v in att["terms"]:
            out.text(sx + 10, y, label, size=9, color=MUTED, maxw=SIDE_W - 60)
            out.text(sx + SIDE_W - 18, y, f"{v:+d}", size=10, align="right")
            y += 13
        out.text(sx + 10, y + 6, f"Roll {att['need']} or less (11-12 always fail)", size=12, bold=True)
        y += 30
    last = view.get("last_attack")
    if last:
        out.text(sx + 10, y, "Last attack", size=12, color=ILLUM, bold=True)
        y += 16
        res = "success" if last["ok"] else "failure"
        out.text(sx + 10, y, f"{last['mode']} {last['target']}: needed {last['need']}, rolled {last['roll']} "
                 f"— {res}", size=10, maxw=SIDE_W - 24)
        y += 22
    if view.get("last_roll"):
        roll = view["last_roll"]
        out.rect(sx + 10, y, 34, 34, fill="#fff", stroke="#000", r=5, tip="the last roll of two dice")
        out.text(sx + 27, y + 23, roll, size=16, color=CARD_INK, align="center", bold=True)
        y += 46
    out.text(sx + 10, y, "Dead: " + (", ".join(view["dead"]) or "none"), size=9, color=MUTED,
             maxw=SIDE_W - 24)
    y += 16
    out.text(sx + 10, y, "Discarded Specials: " + (", ".join(view["discard"]) or "none"), size=9, color=MUTED,
             maxw=SIDE_W - 24)
    return {"w": W, "h": H, "bg": BG, "items": out.items}


def option_targets(game, action) -> list:
    a, k = action.args, action.kind
    if k == "attack":
        return [a[0], a[2]]
    if k in ("aid", "drop", "offer", "request"):
        return [a[0]]
    if k in ("dgive", "dget") and isinstance(a[0], str) and a[0] in game.cards:
        return [a[0]]
    if k == "fit":
        return [a[0]]
    if k == "spend":
        return [a[1]]
    if k == "transfer":
        return [a[1], a[2]]
    if k in ("move", "bribe"):
        return [a[0], a[1]]
    return []


_GROUPS = {"attack": "Attack", "move": "Move a group", "transfer": "Transfer money", "drop": "Drop a group",
           "play": "Specials", "bribe": "Specials", "collect": "Turn", "done": "Turn", "leave": "Turn",
           "aid": "Attack",
           "privilege": "Attack", "spend": "Spend", "assist": "Interference", "interfere": "Interference",
           "pass": "Attack", "calloff": "Attack", "place": "Place the captured group", "choose": "Goal",
           "offer": "Deals", "request": "Deals", "price": "Deals", "accept": "Deals", "decline": "Deals",
           "fit": "Place the received group", "gift": "Deals", "negotiate": "Deals", "dgive": "Deals",
           "dget": "Deals", "propose": "Deals", "cancel": "Deals", "replace": "Specials",
           "accuse": "Accuse (Hidden Illuminati)"}


def option_group(game, action):
    return _GROUPS.get(action.kind)


def status_text(view: dict, game) -> str:
    names = [s["name"] for s in view["seats"]]
    if view.get("terminal"):
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", [])) or "nobody"
        return f"Game over: {winners} {'wins' if len(res.get('winners', [])) == 1 else 'win'}"
    active = view.get("active")
    who = ", ".join(names[s] if s >= 0 else "chance" for s in view.get("to_act", []))
    head = f"{names[active]}'s turn" if active is not None else "Setup"
    return f"{head} ({view.get('phase')}) — waiting for {who or 'chance'}"


PRESENTER = {"scene": illuminati_scene, "targets": option_targets, "group": option_group,
             "status": status_text, "size": (W, H)}
