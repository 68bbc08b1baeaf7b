"""The Illuminati scene for the generic painter (format: ``illumi_widgets/scene.py``).

Drawn from one seat's view only: each player's power structure as cards on their grid cells with the
out-arrows (open ones clickable), treasuries, the uncontrolled groups, the Specials held (names for the
viewer's own, backs for rivals), the attack being resolved with its modifiers, and the dice.

Layout: one scene unit is one CSS pixel at the default cell width, so every text is at least 11 px there.
Cards keep one readable size (:data:`CARD_W` x :data:`CARD_H`); each player's panel is as large as its power
structure, and the panels flow in rows, so the scene grows taller as the structures grow (``h`` varies).  The
wide layout (the scene, ``w`` = :data:`W`) has the attack/dice panel on the right; ``layouts.narrow`` (the
board uses it under :data:`NARROW_BELOW` CSS px) moves that panel under the structures.

Entity ids: a group's id (its card), ``seat:N`` (a player's panel), ``arrow:<group>:<direction>`` (an open
control arrow), ``place:<direction>`` (an open arrow of the attacker while a captured group is placed).
"""

from __future__ import annotations

from ...scene import SceneItems, rnd
from ...textfit import text_width, wrap
from .clicks import effects, score_line

W = 1000
NARROW_BELOW = 900  # the board uses ``layouts.narrow`` below this width (CSS px)
MIN_H = 640
SIDE_W = 280  # the right-hand panel: attack, dice, dead pile
MIN_TEXT = 11
CARD_W, CARD_H = 108, 66
CELL_W, CELL_H = 128, 90
BG = "#1f2430"
PANEL = "#2a3040"
INK = "#f2efe6"
MUTED = "#b7bdcb"
CARD = "#f7f3e8"
CARD_INK = "#1d1d1d"
ILLUM = "#d9b84a"
SEAT_COLORS = {"Red": "#e0564b", "Blue": "#5a95e6", "Green": "#4cb27a", "Yellow": "#e0c24a",
               "Purple": "#a275d8", "Orange": "#e8914a", "White": "#e8e8e8", "Black": "#8a90a0"}
VEC = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRS = ("north", "east", "south", "west")
SIDE_WORD = {"north": "top", "east": "right", "south": "bottom", "west": "left"}


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
    name = g["name"] if g["name"] != "?" else "A face-down Illuminati"
    lines = [name, f"Power {g['power']}" + (f" (transferable {g['tp']})" if g["tp"] else "")
             + f", Resistance {'-' if g['resistance'] is None else g['resistance']}, Income {g['income']}",
             "Alignments: " + (", ".join(g["alignments"]) or "none")]
    if g.get("ability"):
        lines.append(g["ability"])
    if "money" in g:
        lines.append(f"Treasury: {g['money']} MB")
    return "\n".join(lines)


def _card(out: _Items, g: dict, x, y, w=CARD_W, h=CARD_H, illum=False, t=MIN_TEXT):
    out.rect(x, y, w, h, fill=ILLUM if illum else CARD, stroke="#000", lw=1, r=4, ident=g["id"],
             tip=card_tip(g))
    name = g["name"] if g["name"] != "?" else "Face-down Illuminati"
    out.text(x + w / 2, y + 4, wrap(name.removeprefix("The "), w - 24, t, bold=True), size=t,
             color=CARD_INK, align="center", bold=True, baseline="top")
    out.text(x + w / 2, y + h - 4, _stats(g), size=t, color=CARD_INK, align="center")
    if "money" in g and g["money"]:
        out.circle(x + w, y, 10, fill="#2f8f4e", stroke="#0b3", lw=1, tip=f"Treasury: {g['money']} MB")
        out.text(x + w, y, g["money"], size=t, color="#fff", align="center", baseline="middle",
                 bold=True)


def _bbox(groups: list) -> tuple[int, int, int, int]:
    xs = [g["x"] for g in groups]
    ys = [g["y"] for g in groups]
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _structure(out: _Items, seat: dict, x0, y0, w, h, place_master=None, t=MIN_TEXT):
    """The power structure centred in ``(x0, y0, w, h)`` (its natural size is :func:`_structure_size`)."""
    groups = seat["groups"]
    if not groups:
        out.text(x0 + w / 2, y0 + h / 2, "eliminated" if not seat["alive"] else "no groups", size=max(14, t),
                 color=MUTED, align="center", baseline="middle")
        return
    mx, my, cols, rows = _bbox(groups)
    k = t / MIN_TEXT  # (cards grow with their text)
    scale = min(k, w / (cols * CELL_W), h / (rows * CELL_H))  # (only a very wide structure shrinks)
    cw, ch = CELL_W * scale, CELL_H * scale
    ox = x0 + (w - cols * cw) / 2 - mx * cw
    oy = y0 + (h - rows * ch) / 2 - my * ch
    pos = {g["id"]: g for g in groups}

    def centre(g):
        return ox + g["x"] * cw + cw / 2, oy + g["y"] * ch + ch / 2

    for g in groups:
        if g["master"] is not None and g["master"] in pos:
            (mx_, my_), (cx, cy) = centre(pos[g["master"]]), centre(g)
            out.line([(mx_, my_), (cx, cy)], color="#c8c8c8", lw=2)
    used = {(g["master"], g["side"]) for g in groups if g["master"] is not None}
    cells = {(g["x"], g["y"]) for g in groups}
    kw, kh = CARD_W * scale, CARD_H * scale
    for g in groups:
        cx, cy = centre(g)
        for side in g["arrows_out"]:
            if (g["id"], side) in used:
                continue
            ab = (side + g.get("rot", 0)) % 4
            dx, dy = VEC[ab]
            blocked = (g["x"] + dx, g["y"] + dy) in cells
            tip_x, tip_y = cx + dx * (kw / 2 + 11), cy + dy * (kh / 2 + 11)
            bx, by = cx + dx * (kw / 2 + 1), cy + dy * (kh / 2 + 1)
            px, py = -dy * 7, dx * 7
            direction = DIRS[ab]
            if blocked:
                ident, tip = None, f"{SIDE_WORD[direction].capitalize()} arrow of {g['name']}: blocked"
            elif place_master is not None and g["id"] == place_master:
                ident = f"place:{direction}"
                tip = f"Place the captured group on the {SIDE_WORD[direction]} arrow of {g['name']}"
            else:
                ident = f"arrow:{g['id']}:{direction}"
                tip = f"Open {SIDE_WORD[direction]} arrow of {g['name']}"
            out.poly([(bx + px, by + py), (tip_x, tip_y), (bx - px, by - py)],
                     fill="#777" if blocked else "#f0c040", stroke="#000", lw=0.5, ident=ident, tip=tip)
    for g in groups:
        cx, cy = centre(g)
        _card(out, g, cx - kw / 2, cy - kh / 2, kw, kh, illum=g["master"] is None, t=t)


def _structure_size(seat: dict, t: float = MIN_TEXT) -> tuple[float, float]:
    k = t / MIN_TEXT
    if not seat["groups"]:
        return CELL_W * k, 40 * k
    _, _, cols, rows = _bbox(seat["groups"])
    return cols * CELL_W * k, rows * CELL_H * k


def _names(view: dict) -> dict:
    name = {g["id"]: g["name"] for s in view["seats"] for g in s["groups"]}
    name.update({g["id"]: g["name"] for g in view["uncontrolled"]})
    return name


def _card_name(view, names, cid) -> str:
    if cid in names and names[cid] != "?":
        return names[cid]
    if isinstance(cid, str) and cid.startswith("hidden-"):
        try:
            return f"{view['seats'][int(cid[7:])]['name']}'s Illuminati"
        except (ValueError, IndexError):
            return "a face-down Illuminati"
    return _pretty(cid)


def _pretty(cid) -> str:
    """A card's printed name from its id when the view has no name for it (dead groups, Specials)."""
    from .data import load_illuminati_data

    cd = load_illuminati_data()
    try:
        return cd.name(cid)
    except KeyError:
        return str(cid).replace("-", " ").title()


def _wrap_parts(parts: list, width: float, size: float) -> str:
    """``parts`` joined by " · ", broken only between parts (never "turns" and its number on two lines)."""
    out, cur = [], ""
    for p in parts:
        cand = f"{cur} · {p}" if cur else p
        if cur and text_width(cand, size) > width:
            out.append(cur)
            cur = p
        else:
            cur = cand
    return "\n".join([*out, cur])


def _seat_header(view: dict, s: dict, width: float, t: float = MIN_TEXT,
                 room: float = 0.0) -> list[tuple[str, dict]]:
    """The header lines of a seat panel: ``(text, style)``, wrapped for ``room`` (the size the smallest text
    is drawn at when the layout is smallest) where that is larger; ``style["room"]``: the size laid out."""
    head = f"{s['name']}: {s['illuminati_name'] or 'face-down Illuminati'}" + ("" if s["alive"] else " (out)")
    color = SEAT_COLORS.get(s["name"], INK)
    big = max(13, t + 2)
    fit = max(t, room)
    lines = [(wrap(head, width, max(big, fit), True), {"size": big, "bold": True, "color": color})]
    n = len(s["groups"])
    info = [f"{n} group{'s' if n != 1 else ''}", f"{s['treasury']} MB", f"destroyed {s['destroyed']}",
            f"turns {s['turns']}"]
    lines.append((_wrap_parts(info, width, fit), {"size": t, "color": MUTED}))
    if s["specials"] is not None and not s["specials"]:
        mine = view.get("perspective") == s["seat"]
        lines.append(("Your Specials: none" if mine else f"{s['name']} holds no Specials", {"size": t}))
    goal = s.get("goal")
    if goal:
        text = "Goal: secret" if goal == "secret" else "Goal: " + (
            goal if " " in str(goal) else _goal_text(goal))
        lines.append((wrap(text, width, fit), {"size": t, "color": MUTED, "italic": True}))
    return lines


def _special_chips(specials, width: float, t: float = MIN_TEXT,
                   room: float = 0.0) -> list[tuple[float, float, float, str, str]]:
    """Chips ``(dx, dy, w, text, id)`` of the viewer's own Specials in rows ``width`` wide (clickable: they
    are played from there)."""
    out, x, y = [], 0.0, 0.0
    for cid in specials:
        text = _pretty(cid)
        w = min(width, text_width(text, max(t, room)) + 12)
        if x and x + w > width:
            x, y = 0.0, y + t + 10
        out.append((x, y, w, text, cid))
        x += w + 4
    return out


def _special_tip(cid) -> str:
    from .data import load_illuminati_data

    card = load_illuminati_data().specials.get(cid)
    if card is None:
        return f"{_pretty(cid)} (your Special)"
    return f"{card.name} (your Special)\nWhen: {card.timing}\nEffect: {card.effect}"


def _goal_text(goal) -> str:
    from .data import load_illuminati_data

    for c in load_illuminati_data().illuminati.values():
        if c.goal == goal and getattr(c, "goal_text", ""):
            return c.goal_text
    return str(goal).removeprefix("goal-")


def _line_h(text: str, size: float) -> float:
    return (text.count("\n") + 1) * size * 1.2


def _flow(sizes: list[tuple[float, float]], width: float, gap: float = 8) -> list:
    """Boxes ``(x, y, w, h)`` for panels of natural ``sizes`` flowed in rows ``width`` wide; each row's
    panels share its height and are stretched to fill the row."""
    rows: list[list[int]] = []
    cur: list[int] = []
    used = 0.0
    for i, (w, _h) in enumerate(sizes):
        if cur and used + gap + w > width:
            rows.append(cur)
            cur, used = [], 0.0
        used += (gap if cur else 0) + w
        cur.append(i)
    if cur:
        rows.append(cur)
    out: list = [None] * len(sizes)
    y = 0.0
    for row in rows:
        natural = sum(sizes[i][0] for i in row) + gap * (len(row) - 1)
        extra = max(0.0, width - natural) / len(row)
        rh = max(sizes[i][1] for i in row)
        x = 0.0
        for i in row:
            w = min(width, sizes[i][0] + extra)
            out[i] = (x, y, w, rh)
            x += w + gap
        y += rh + gap
    return out


def _side_panel(out: _Items, view: dict, x: float, y: float, w: float, t: float = MIN_TEXT,
                room: float = 0.0) -> float:
    """Attack, last attack, dice, dead pile, discarded Specials; returns the y below."""
    names = _names(view)
    seats = view["seats"]
    inner = w - 20
    y0 = y
    y += 10
    att = view.get("attack")

    def para(text, size=None, color=INK, bold=False, gap=4):
        nonlocal y
        size = t if size is None else max(size, t)
        fit = max(size, room)  # (laid out for the size it is drawn at when the board is smallest)
        body = wrap(text, inner, fit, bold)
        out.text(x + 10, y, body, size=size, color=color, bold=bold, baseline="top")
        y += _line_h(body, fit) + gap

    if att:
        mode = "destroy (Whispering Campaign)" if att["mode"] == "whisper" else att["mode"]
        para(f"Attack to {mode}", size=15, color=ILLUM, bold=True)
        who = seats[att["seat"]]["name"] if isinstance(att.get("seat"), int) else ""
        para(f"{who}: {_card_name(view, names, att['attacker'])} → {_card_name(view, names, att['target'])}"
             + (" (privileged)" if att["privileged"] else ""), size=12)
        for label, v in att["terms"]:
            fit = max(t, room)
            body = wrap(str(label), inner - 4 * fit, fit)
            out.text(x + 10, y, body, size=t, color=MUTED, baseline="top")
            out.text(x + w - 10, y, f"{v:+d}", size=max(12, t), align="right", baseline="top")
            y += _line_h(body, fit) + 2
        y += 4
        # (never a negative target: below 2 no roll succeeds until more MB is spent; labels.need_text)
        roll = (f"Roll {att['need']} or less to succeed" if att["need"] >= 2
                else f"Roll: none succeeds yet (spend at least {2 - att['need']} MB more)")
        para(f"{roll} (11 and 12 always fail)", size=13, bold=True, gap=10)
    last = view.get("last_attack")
    if last:
        para("Last attack", size=13, color=ILLUM, bold=True, gap=2)
        res = "success" if last["ok"] else "failure"
        mode = "destroy" if last["mode"] == "whisper" else last["mode"]
        para(f"To {mode} {_card_name(view, names, last['target'])}: needed {last['need']}, rolled "
             f"{last['roll']} — {res}", gap=8)
    if view.get("last_roll"):
        roll = view["last_roll"]
        d = max(40, 3 * t)
        out.rect(x + 10, y, d, d, fill="#fff", stroke="#000", r=5, tip="The last roll of two dice")
        out.items[-1]["anim"] = "die"  # (the painter rolls it when the roll changes: js/src/motion.js)
        out.text(x + 10 + d / 2, y + d / 2, roll, size=max(18, 1.5 * t), color=CARD_INK, align="center",
                 baseline="middle", bold=True)
        out.text(x + 20 + d, y + d / 2, "last roll", size=t, color=MUTED, baseline="middle")
        y += d + 10
    para("Dead: " + (", ".join(_card_name(view, names, c) for c in view["dead"]) or "none"), color=MUTED)
    para("Discarded Specials: " + (", ".join(_pretty(c) for c in view["discard"]) or "none"), color=MUTED)
    para(f"Deck: {view['deck']} cards · goal: {view.get('goal_groups', '?')} groups", color=MUTED)
    return y + 6 - y0


NARROW_W = 560  # the narrow layout: one column (panels, then the attack panel), scrolled
NARROW_MIN_SCALE = 0.8  # ... and its text laid out at the size it is drawn at down to this scale
WIDE_MIN_SCALE = 0.8  # the smallest scale the wide layout's text is fitted for (the board never goes below)


def illuminati_scene(view: dict, game) -> dict:
    """The scene for one seat's view (wide), with its narrow layout in ``layouts.narrow``: one column
    :data:`NARROW_W` wide (a tall stack the notebook scrolls), its text laid out at the size the painter draws
    it at down to :data:`NARROW_MIN_SCALE` (11 CSS px there), so that nothing overlaps when it is enlarged."""
    items, w, h = _build(view, W, W - SIDE_W - 16, MIN_TEXT)
    t = MIN_TEXT / NARROW_MIN_SCALE
    n_items, nw, nh = _build(view, NARROW_W, NARROW_W - 16, t, side_below=True)
    narrow = {"w": nw, "h": nh, "scroll": True, "min_scale": NARROW_MIN_SCALE, "items": n_items}
    return {"w": w, "h": h, "bg": BG, "min_scale": WIDE_MIN_SCALE, "items": items,
            "layouts": {"narrow": narrow}}


def _build(view: dict, width: float, main_w: float, t: float, side_below: bool = False):
    """``(items, w, h)``: the uncontrolled groups, the power structures flowed in rows ``main_w`` wide, and
    the attack panel right of them (or below them, the whole ``width``), all text at least ``t``."""
    out = _Items()
    seats = view["seats"]
    k = t / MIN_TEXT
    card_w, card_h = CARD_W * k, CARD_H * k
    # uncontrolled groups: as many rows as they need
    unc = view["uncontrolled"]
    per_row = max(1, int((main_w - 16 + 8) // (card_w + 8)))
    rows = max(1, -(-len(unc) // per_row))
    head_h = max(30, t * 1.5 + 12)
    unc_h = head_h + rows * (card_h + 8) + 2
    out.rect(8, 8, main_w, unc_h, fill=PANEL, r=6)
    out.text(16, 16, f"Uncontrolled groups · deck {view['deck']} cards", size=max(13, t + 2), color=MUTED,
             bold=True, baseline="top")
    for i, g in enumerate(unc):
        r, c = divmod(i, per_row)
        _card(out, g, 16 + c * (card_w + 8), 8 + head_h - 2 + r * (card_h + 8), card_w, card_h, t=t)
    # power structures: panels as large as their structures, flowed in rows (one column when narrow)
    place_master = None
    if view.get("phase") == "place" and view.get("last_attack"):
        place_master = view["last_attack"].get("att")
    min_w = main_w if side_below else 280
    room = max(t, MIN_TEXT / WIDE_MIN_SCALE) if not side_below else t  # (the size drawn when smallest)
    heads, sizes = [], []
    for s in seats:
        sw, sh = _structure_size(s, t)
        pw = max(min_w, min(main_w, sw + 24))
        head = _seat_header(view, s, pw - 16, t, room)
        chips = _special_chips(s["specials"] or [], pw - 16, t, room)
        hh = (8 + sum(_line_h(text, max(st["size"], room)) + 2 for text, st in head)
              + (chips[-1][1] + t + 11 if chips else 0))
        heads.append((head, hh, chips))
        sizes.append((pw, hh + sh + 24))
    boxes = _flow(sizes, main_w)
    top = 8 + unc_h + 8
    bottom = top
    for s, (bx, by, bw, bh), (head, hh, chips) in zip(seats, boxes, heads, strict=True):
        i = s["seat"]
        px, py = 8 + bx, top + by
        color = SEAT_COLORS.get(s["name"], "#888")
        active = view.get("active") == i
        out.rect(px, py, bw, bh, fill=PANEL, stroke=color, lw=3 if active else 1, r=6, ident=f"seat:{i}",
                 tip=f"{s['name']}'s power structure")
        y = py + 8
        for text, st in head:
            out.text(px + 8, y, text, baseline="top", **st)
            y += _line_h(text, max(st["size"], room)) + 2
        for dx, dy, cw, text, cid in chips:  # the viewer's own Specials: played by a click
            out.rect(px + 8 + dx, y + dy, cw, t + 7, fill="#5b3f7a", stroke="#c9a94b", lw=1, r=3,
                     ident=f"special:{cid}", tip=_special_tip(cid))
            out.text(px + 8 + dx + cw / 2, y + dy + (t + 7) / 2, text, size=t, color="#ffffff",
                     align="center", baseline="middle")
        if s["specials"] is None:
            for n in range(s["special_count"]):
                out.rect(px + bw - 18 - n * 13, py + 8, 11, 15, fill="#5b3f7a", stroke="#c9a94b", lw=1,
                         tip="A Special card (face down)")
        _structure(out, s, px + 4, py + hh, bw - 8, bh - hh - 4, place_master if i == view.get("active")
                   else None, t=t)
        bottom = max(bottom, py + bh)
    # the attack panel: right of the structures, or below them
    if side_below:
        sx, sy, sw = 8, bottom + 8, main_w
    else:
        sx, sy, sw = W - SIDE_W, 8, SIDE_W - 8
    side = _Items()
    sh = _side_panel(side, view, sx, sy, sw, t, room=room)
    out.rect(sx, sy, sw, sh, fill=PANEL, r=6)
    out.items.extend(side.items)
    if side_below:
        return out.items, width, rnd(sy + sh + 8)
    return out.items, width, rnd(max(MIN_H, bottom + 8, sy + sh + 8))


def option_targets(game, action) -> list:
    a, k = action.args, action.kind
    if k == "attack":
        return [a[0], a[2]]
    if k in ("aid", "drop", "offer", "request"):
        return [a[0]]
    if k in ("dgive", "dget") and isinstance(a[0], str) and a[0] in game.cards:
        return [a[0]]
    if k == "fit":
        return [f"arrow:{a[0]}:{a[1]}"]
    if k == "place":
        return [f"place:{a[0]}"]
    if k == "spend":
        return [a[1]]
    if k == "transfer":
        return [a[1], a[2]]
    if k in ("move", "bribe"):
        return [a[0], f"arrow:{a[1]}:{a[2]}"]
    if k in ("negotiate", "accuse"):
        return [f"seat:{a[0]}"]
    if k == "gift":
        return [f"seat:{a[1]}"]
    if k == "play":  # the Special (and what it is played on)
        extra = [a[1]] if len(a) > 1 and isinstance(a[1], str) else [f"seat:{a[1]}"] if len(a) > 1 else []
        return [f"special:{a[0]}", *extra]
    if k == "privilege" and a[0] == "discard":
        return [f"special:{a[1]}"]
    if k == "replace":
        return [f"special:{a[0]}"]
    if k == "abolish":
        return [f"special:{a[0]}", f"special:{a[1]}"]
    if k == "laser":
        return [a[0]]
    return []


_GROUPS = {"attack": "Attack", "move": "Move a group", "transfer": "Transfer money", "drop": "Drop a group",
           "play": "Specials", "bribe": "Specials", "collect": "Turn", "done": "Turn", "leave": "Turn",
           "aid": "Attack", "privilege": "Attack", "spend": "Spend",
           # (not "Interference": that is also a Special's name, which a rival's hand may hide)
           "assist": "Assist or interfere", "interfere": "Assist or interfere",
           "pass": "Attack", "calloff": "Attack", "place": "Place the captured group", "choose": "Goal",
           "offer": "Deals", "request": "Deals", "price": "Deals", "accept": "Deals", "decline": "Deals",
           "fit": "Place the received group", "gift": "Deals", "negotiate": "Deals", "dgive": "Deals",
           "dget": "Deals", "propose": "Deals", "cancel": "Deals", "replace": "Specials",
           "accuse": "Accuse (Hidden Illuminati)"}


def option_group(game, action):
    return _GROUPS.get(action.kind)


_PHASES = {"actions": "action phase", "attack": "an attack", "react": "the dice",
           "counter": "a privileged attack",
           "place": "placing a captured group", "fit": "placing a received group",
           "captxfer": "moving money", "transfers": "free money transfers", "special": "a special power",
           "redistribute": "a special power", "choose": "choosing goals", "secrets": "a Special played",
           "senate": "the start of a turn", "talk": "talks before a turn", "replace": "a cancelled Special",
           "terms": "a deal", "price": "a deal", "answer": "a deal", "roll": "the dice", "first": "setup",
           "deal": "setup"}


def status_text(view: dict, game) -> str:
    """One line in plain words: "Red's turn — an attack · waiting for Blue"."""
    names = [s["name"] for s in view["seats"]]
    if view.get("terminal"):
        if (view.get("final") or {}).get("headline"):  # the end screen's headline (Game.final_report)
            return f"Game over: {view['final']['headline']}"
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", [])) or "nobody"
        return f"Game over: {winners} {'wins' if len(res.get('winners', [])) == 1 else 'win'}"
    active = view.get("active")
    who = [names[s] for s in view.get("to_act", []) if isinstance(s, int) and s >= 0]
    head = f"{names[active]}'s turn" if active is not None else "Setup"
    text = f"{head} — {_PHASES.get(view.get('phase'), 'play')}"
    if view.get("phase") == "actions":
        left = view.get("actions_left", 0)
        text += f" ({left or 'no'} action{'s' if left != 1 else ''} left)"
    if who and who != ([names[active]] if active is not None else []):
        text += " · waiting for " + " and ".join(who)
    return text


PRESENTER = {"scene": illuminati_scene, "effects": effects, "score": score_line, "targets": option_targets,
             "group": option_group, "status": status_text, "size": (W, MIN_H), "seat_colors": SEAT_COLORS}
