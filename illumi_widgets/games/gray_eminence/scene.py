"""The Gray Eminence scene for the generic painter: the Power Struggle Board and the players' mats.

Drawn from one seat's view only.  Left: the Power Struggle Board — round and phase, the visibility track
(In the Public Eye, three Gray Eminence positions, In the Shadows), the Relationship Chart with its five
entities (Conflict … Allied), the Bidding Pool, the Mandatory and Additional event slots with their options
(cost; the ones the pool can pay are marked), the four Tweet slots and the resolved/unresolved piles.
Right: the viewer's own mat — Box of Secrets (the only box count shown), hand, Factions (refreshed or
exhausted), programming slots A–D, Secret Objectives and the Public Objective.  Bottom: the other players'
mats (Factions, card counts, objectives turned face up, VP markers, whether they have committed a sealed
choice).  Every clickable thing has an id that the options of the pending decision point at.
"""

from __future__ import annotations

from collections import Counter

from ...engine.words import counted
from ...scene import SceneItems
from ...textfit import LINE_HEIGHT, MIN_FONT_PX, MIN_SQUEEZE, drawn_lines, wrap_line
from .clicks import effects, score_line


def _role_vp(role: str | None, vp: int) -> str:
    """"In the Shadows · 1 VP marker" (no dangling separator without a role)."""
    return " · ".join(x for x in (role, counted(vp, "VP marker")) if x)


W, H = 1280, 860
NARROW_W = 576  # the narrow layout's width (blocks of at most 560)
MAT_W = 552  # the other players' mats are never wider (the narrow layout stacks them)
BG = "#1d2230"
PANEL = "#283044"
BOARD = "#2f3a52"
INK = "#f2efe6"
MUTED = "#b4bccb"
CARD = "#f6f1e4"
CARD_INK = "#1d1d1d"
GOLD = "#e3c15a"
SEAT_COLORS = {
    "Red": "#d0453b",
    "Blue": "#3f7fd0",
    "Green": "#3fa069",
    "Yellow": "#d6b83a",
    "Purple": "#9b6ad6",
}
RES_COLORS = {"money": "#27ae60", "power": "#c0392b", "influence": "#8e44ad"}
RES = ("money", "power", "influence")
#: what each position on the visibility track does (role activation after Bidding, in turn order)
POSITION_TIPS = {
    "eye": ("In the Public Eye: first in turn order. After Bidding you play a new Faction, turn one of your "
            "Secret Objectives face up, and take 1 money or 1 influence from the Common Pool."),
    **{k: ("Gray Eminence: in the middle of the turn order. After Bidding you draw an Action card, "
           "discard down to your hand limit, and take 1 resource of your choice from the Common Pool.")
       for k in ("gray1", "gray2", "gray3")},
    "shadows": ("In the Shadows: last in turn order. After Bidding you blackmail a player who holds a "
                "Faction and take 1 resource from the Bidding Pool; some Action cards are stronger In the "
                "Shadows."),
}
SLOTS = (
    ("eye", "In the Public Eye"),
    ("gray1", "Gray Eminence"),
    ("gray2", "Gray Eminence"),
    ("gray3", "Gray Eminence"),
    ("shadows", "In the Shadows"),
)
LEVELS = ("Conflict", "Tension", "Neutral", "Friendly", "Allied")
LEVEL_COLORS = ("#8e2b2b", "#8a5a2b", "#4c5670", "#2f6b4f", "#2f7a3a")


class _Items(SceneItems):
    def __init__(self) -> None:
        super().__init__(ink=INK)


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


#: the wide board is drawn no smaller than this scale when the window is short (it scrolls in a box instead:
#: a 1400 x 900 window would draw it about 890 CSS px wide, its cards' names over their state lines): its
#: text is fitted for 1000 CSS px (the layout tests)
MIN_SCALE = 1000 / W
WIDE_LEAST = 900  #: the narrowest the wide board is drawn at all (CSS px: a narrower cell gets the narrow)
WIDE_EM = MIN_FONT_PX * W / WIDE_LEAST  #: what 11 px text takes there (scene units)
TWEET_W, TWEET_H = 116, 64


def _tweet_words(name: str, w: float = TWEET_W, h: float = TWEET_H) -> str:
    """A tweet's words, then its hashtags on their own line(s), broken into the lines they take on the
    smallest wide board (:data:`WIDE_LEAST`: the 11 px minimum draws them :data:`WIDE_EM` units high), so
    they stay inside a ``w`` x ``h`` card at every size; a tweet whose words and hashtags are more lines
    than the card holds there shows its hashtags (what the rules read) and leaves its words to the tip."""
    words = name.split(": ", 1)[-1]
    head, sep, tags = words.partition(" #")
    width = (w - 2 * CARD_PAD) / MIN_SQUEEZE  # (a line may be narrowed to fit)
    head_lines = wrap_line(head, width, 9, WIDE_EM, True)
    tag_lines = wrap_line("#" + tags, width, 9, WIDE_EM, True) if sep else []
    most = int((h - 4 - WIDE_EM) // (LINE_HEIGHT * WIDE_EM)) + 1
    lines = head_lines + tag_lines
    if len(lines) > most and tag_lines:
        lines = tag_lines
    return "\n".join(lines)


def _chips(out, x, y, vec, prefix, size=22, ids=True, suffix="", num=13):
    for i, r in enumerate(RES):
        cx = x + i * (size + 30)
        out.rect(
            cx,
            y,
            size,
            size,
            fill=RES_COLORS[r],
            stroke="#000",
            lw=1,
            r=3,
            ident=f"{prefix}:{r}{suffix}" if ids else None,
            tip=f"{vec[i]} {r}",
        )
        out.text(cx + size + 4, y + size - 6 + (13 - num) / 2, vec[i], size=num, bold=True)


CARD_PAD = 6  #: room kept between a card's name and its edges (a name that would touch them wraps)


def _card(out, x, y, w, h, name, ident=None, tip=None, fill=CARD, sub=None, lines=None):
    """A card: its whole name centred in the card (the painter wraps it onto a second line where the board is
    scaled down and the 11 px minimum enlarges it -- never cut here), ``sub`` on its bottom line.  ``lines``:
    the most lines each of the name's own lines may be wrapped onto (default: as many as the card holds)."""
    out.rect(x, y, w, h, fill=fill, stroke="#000", lw=1, r=4, ident=ident, tip=tip or name)
    room = h - (15 if sub else 0)  # the name's part of the card (above the sub line)
    lines = lines or (3 if room >= 50 else 2 if room >= 30 else 1)
    maxw = w - 2 * CARD_PAD
    if drawn_lines({"s": name, "maxw": maxw, "wrap": lines, "bold": True}, MIN_FONT_PX / MIN_SCALE)[1]:
        # (a name that would be cut with the room kept, as drawn on the smallest board: the whole card's width
        # rather than "…" -- "Golden Endowm…" in a hand of nine at 1000 px)
        maxw = w - 4
    out.text(x + w / 2, y + room / 2 + (1 if sub else 0), name, size=11, color=CARD_INK, align="center",
             bold=True, maxw=maxw, wrap=lines, baseline="middle")
    if sub:
        out.text(x + w / 2, y + h - 3, sub, size=11, color="#444", align="center", maxw=w - 6, wrap=1,
                 baseline="bottom")


def _common_objective(out, co) -> None:
    """The scenario's Common Objective under the Bidding Pool (public from setup): its parts with where they
    stand (✓ met now, ✗ not yet) -- one on two lines, two on a line each, more summed up -- and the whole text
    in the tip."""
    marks = [("✓ " if p["met"] else "✗ ") + p["text"] for p in co["parts"]]
    out.rect(496, 226, 264, 62, tip=co["text"] + "\nNow: " + "; ".join(marks))
    out.text(500, 228, "Common Objective — or all players lose", size=12, color=GOLD, bold=True, maxw=256,
             wrap=1, baseline="top")
    if len(marks) > 2:
        met = sum(1 for p in co["parts"] if p["met"])
        marks = [("✓ " if co["met"] else "✗ ") + f"{met} of {len(marks)} conditions met now"]
    for i, line in enumerate(marks):
        out.text(500, 246 + i * 18, line, size=11, color=INK if line[0] == "✓" else "#ff9f8f", maxw=256,
                 wrap=2 if len(marks) == 1 else 1, baseline="top")


def gray_eminence_scene(view: dict, game) -> dict:
    out = _Items()
    seats = view["seats"]
    me = view.get("perspective")
    me = me if isinstance(me, int) else None
    # the omniscient analysis board: the full mat is the first seat that must decide (its Box and programming
    # slots named for that seat: "box:money@2"), every other seat's Box and hand drawn on its own mat
    omni = view.get("perspective") == "omniscient"
    sfx = ""
    if omni:
        me = min((s for s in view.get("to_act", []) if s >= 0), default=0)
        sfx = f"@{me}"
    names = {s["seat"]: s["name"] for s in seats}
    # ---- the Power Struggle Board ------------------------------------------------------------------------
    out.rect(8, 8, 760, 560, fill=BOARD, r=8)
    out.items[-1]["only"] = "wide"
    out.text(
        20, 30, f"Power Struggle Board — {view['scenario']['name']} scenario", size=15, color=GOLD, bold=True
    )
    out.text(756, 30, f"Round {view['round']} of {view['rounds']} · {view['phase']}", size=13, align="right")
    # visibility track
    out.text(20, 56, "Visibility track (turn order)", size=12, color=MUTED, bold=True)
    for i, (slot, label) in enumerate(SLOTS):
        x = 20 + i * 146
        seat = view["track"][i]
        color = SEAT_COLORS.get(names.get(seat), "#555") if seat is not None else "#3a4258"
        out.rect(
            x,
            64,
            138,
            44,
            fill=color if seat is not None else "#3a4258",
            stroke=GOLD if i in (0, 4) else "#777",
            lw=2 if i in (0, 4) else 1,
            r=6,
            ident=f"slot:{slot}",
            tip=POSITION_TIPS[slot],
        )
        out.text(x + 69, 82, label, size=11, align="center", color=INK)
        out.text(
            x + 69,
            100,
            names.get(seat, "empty") if seat is not None else "empty",
            size=12,
            align="center",
            bold=True,
        )
    # relationship chart
    out.text(20, 132, "Relationship Chart (USA and …)", size=12, color=MUTED, bold=True)
    for j, lv in enumerate(LEVELS):
        out.rect(120 + j * 70, 140, 66, 20, fill=LEVEL_COLORS[j], r=3)
        out.text(153 + j * 70, 155, lv, size=11, align="center")
    for i, rel in enumerate(view["relations"]):
        y = 166 + i * 24
        out.text(20, y + 15, rel["entity"], size=12, bold=True)
        for j in range(5):
            out.rect(120 + j * 70, y, 66, 20, fill="#394361", stroke="#4a5578", lw=1, r=3)
        out.circle(
            153 + (rel["level"] + 2) * 70,
            y + 10,
            8,
            fill=GOLD,
            stroke="#000",
            lw=1,
            ident=f"entity:{rel['entity']}",
            tip=f"{rel['entity']}: {rel['state']}",
        )
    # Bidding Pool
    out.text(500, 132, "Bidding Pool", size=12, color=MUTED, bold=True)
    _chips(out, 500, 142, view["pool"], "pool")
    out.text(
        500, 170, "Common Good pile: " + counted(view["common_good_pile"], "face-down card"), size=11,
        color=MUTED, maxw=256, wrap=1, baseline="top",
    )
    if view.get("my_common_good"):  # (the whole list in the tip, when two lines cannot hold it)
        out.rect(496, 186, 264, 36, tip="Common Good pile, face down: "
                 + ", ".join(c["name"] for c in view["my_common_good"]))
        out.text(
            500,
            188,
            ("in it: " if omni else "yours: ") + ", ".join(c["name"] for c in view["my_common_good"]),
            size=11,
            color=MUTED,
            maxw=256,
            wrap=2,
            baseline="top",
        )
    _common_objective(out, view["scenario"]["common_objective"])
    # event slots
    for k, (key, label) in enumerate((("mandatory", "Mandatory event"), ("additional", "Additional event"))):
        x = 20 + k * 372
        out.text(x, 318, label, size=12, color=MUTED, bold=True)
        ev = view.get(key)
        out.rect(
            x,
            324,
            360,
            142,
            fill=CARD if ev else "#3a4258",
            stroke="#000",
            lw=1,
            r=6,
            ident=ev["id"] if ev else None,
            tip=ev["name"] if ev else "empty",
        )
        if not ev:
            continue
        out.text(
            x + 10,
            344,
            ev["name"] + (" (Escalation)" if ev["escalation"] else ""),
            size=13,
            color=CARD_INK,
            bold=True,
            maxw=340,
        )
        out.text(
            x + 10,
            361,
            " ".join(ev["hashtags"]) + ("  · Personal Gain mark" if ev["personal_gain"] else ""),
            size=11,
            color="#445",
            maxw=340,
        )
        for i, o in enumerate(ev["options"]):
            y = 368 + i * 31
            out.rect(
                x + 8,
                y,
                344,
                28,
                fill="#dfe9d8" if o["affordable"] else "#e7e1d4",
                stroke="#777",
                lw=1,
                r=4,
                ident=f"opt:{key}:{i + 1}",
                tip=f"Option {i + 1}: {o['label']} — costs "
                + (", ".join(f"{n} {r}" for r, n in zip(RES, o["cost"], strict=True) if n) or "nothing")
                + (" (the Bidding Pool can pay it)" if o["affordable"]
                   else " (the Bidding Pool cannot pay it)"),
            )
            # the cost as resource squares with their numbers (the legend names the colours; the tip says it
            # in words), so the option's words keep the row's width when the 11 px minimum enlarges them
            parts = [(r, n) for r, n in zip(RES, o["cost"], strict=True) if n]
            cx = x + 346 - (18 if o["affordable"] else 0)
            for r, n in reversed(parts):
                out.text(cx, y + 18, n, size=11, color=CARD_INK, align="right", bold=True)
                out.rect(cx - 22, y + 8, 12, 12, fill=RES_COLORS[r], stroke="#000", lw=1, r=2)
                cx -= 30
            if o["affordable"]:
                out.text(x + 346, y + 18, "✓", size=11, color="#1f6b2f", align="right", bold=True)
            out.text(x + 14, y + 18, f"{i + 1}. {o['label']}", size=11, color=CARD_INK, bold=True,
                     maxw=cx - x - 10, wrap=1)
    # tweets
    out.text(20, 488, "Presidential tweets", size=12, color=MUTED, bold=True)
    tweets = view["tweets"]
    for i in range(max(4, len(tweets))):
        x = 20 + i * 122
        if i < len(tweets):
            _card(
                out,
                x,
                496,
                TWEET_W,
                TWEET_H,
                _tweet_words(tweets[i]["name"]),
                ident=tweets[i]["id"],
                tip=tweet_tip(game, tweets[i]["id"]),
                lines=1,  # (each line as broken for the smallest board)
            )
        else:
            out.rect(x, 496, TWEET_W, TWEET_H, fill="#3a4258", stroke="#556", lw=1, r=4,
                     tip="empty Tweet slot")
    # piles
    # (the newest of each pile in full, two lines at most; the tip lists them all)
    resolved = [f"{r['name']} ({', '.join(r['with'])})" for r in view["resolved"]]
    if resolved:
        out.rect(516, 474, 244, 50, tip="Resolved events:\n" + "\n".join(resolved))
    out.text(520, 488, f"Resolved events: {len(view['resolved'])}", size=12, color="#8fc2ff", bold=True)
    if resolved:
        out.text(520, 494, "Last: " + resolved[-1], size=11, color=MUTED, maxw=236, wrap=2, baseline="top")
    unresolved = [r["name"] for r in view["unresolved"]]
    if unresolved:
        out.rect(516, 526, 244, 40, tip="Unresolved events:\n" + "\n".join(unresolved))
    out.text(520, 542, f"Unresolved events: {len(view['unresolved'])}", size=12, color="#ff9f8f", bold=True)
    if unresolved:
        out.text(520, 548, "Last: " + unresolved[-1], size=11, color=MUTED, maxw=236, wrap=1, baseline="top")
    # last bids / vote
    if view.get("bid_order"):
        out.text(
            20,
            304,
            "Last bidding order: " + ", ".join(names[s] for s in view["bid_order"]),
            size=11,
            color=MUTED,
        )
    # ---- the viewer's mat ----------------------------------------------------------------------------------
    x0 = 780
    out.rect(x0, 8, 492, 560, fill=PANEL, r=8)
    mine = next((s for s in seats if s["seat"] == me), None)
    if mine is None:
        out.text(x0 + 12, 32, "Spectator: hidden cards and boxes are not shown", size=13, color=MUTED)
    else:
        color = SEAT_COLORS.get(mine["name"], "#888")
        role = {
            "public_eye": "In the Public Eye",
            "gray_eminence": "Gray Eminence",
            "shadows": "In the Shadows",
        }.get(mine["role"], "")
        head = f"{mine['name']}" + (f": {mine['eminence']['name']}" if mine["eminence"] else "")
        out.text(x0 + 12, 32, head, size=15, color=color, bold=True)
        out.text(x0 + 480, 32, _role_vp(role, mine["vp_markers"]), size=12, align="right")
        out.text(x0 + 12, 56, f"{mine['name']}'s Box of Secrets" if omni else "Your Box of Secrets", size=12,
                 color=MUTED, bold=True)
        _chips(out, x0 + 12, 64, mine["box"], "box", suffix=sfx)
        if mine.get("bid"):
            out.text(
                x0 + 190,
                64,
                "sealed bid so far: " + ", ".join(f"{n} {r}" for r, n in zip(RES, mine["bid"], strict=False)),
                size=11,
                color=GOLD,
                maxw=290,
                wrap=2,
                baseline="top",
            )
        out.text(x0 + 12, 110, "Factions", size=12, color=MUTED, bold=True)
        fw = min(150, (468 - 8 * (len(mine["factions"]) - 1)) / max(1, len(mine["factions"])))
        for i, f in enumerate(mine["factions"]):
            _card(
                out,
                x0 + 12 + i * (fw + 8),
                118,
                fw,
                52,
                f["name"],
                ident=f["id"],
                tip=card_tip(game, f["id"]),
                fill=CARD if f["refreshed"] else "#b9b3a6",
                sub="refreshed" if f["refreshed"] else "exhausted",
            )
        pend = view.get("pending") or {}
        choosing = pend.get("seat") == me and pend.get("t") in ("eminence", "keep")
        offer = pend.get("cards") if choosing else None
        if offer:  # setup (the hand is still empty): the cards to choose from, in the hand's place
            what = ("Choose your Gray Eminence" if pend["t"] == "eminence"
                    else f"Secret Objectives dealt to you: keep {pend.get('keep') or ''}".rstrip())
            out.text(x0 + 12, 188, what, size=12, color=GOLD, bold=True, maxw=468, wrap=1)
            ow = (468 - 6 * 4) / 5
            for i, c in enumerate(offer[:10]):
                tip = _objective_tip(game, c["id"]) if pend["t"] == "keep" else _eminence_tip(game, c["id"])
                _card(out, x0 + 12 + (i % 5) * (ow + 6), 196 + (i // 5) * 42, ow, 36, c["name"],
                      ident=c["id"], tip=tip)
        else:
            out.text(x0 + 12, 188, f"Hand ({mine['hand_count']})", size=12, color=MUTED, bold=True)
        hand = [] if offer else (mine["hand"] or [])
        cols = 4 if len(hand) <= 8 else 6  # two rows fit above the programming slots
        gap, left = (6, 12) if cols == 4 else (2, 8)  # (six across: the mat's width, for the longest words)
        cw = (492 - 2 * left - gap * (cols - 1)) / cols
        for i, c in enumerate(hand[: 2 * cols]):
            col, row = i % cols, i // cols
            _card(
                out,
                x0 + left + col * (cw + gap),
                196 + row * 42,
                cw,
                36,
                c["name"],
                ident=c["id"],
                tip=card_tip(game, c["id"]),
            )
        if len(hand) > 2 * cols:
            out.text(
                x0 + 480,
                188,
                f"+{len(hand) - 2 * cols} more (discard down to the limit)",
                size=11,
                color=MUTED,
                align="right",
            )
        out.text(x0 + 12, 292, "Programming", size=12, color=MUTED, bold=True)
        prog = mine.get("program") or {}
        for i, (slot, label) in enumerate(
            (
                ("A", "A · Common Good"),
                ("B", "B · Personal Gain"),
                ("C", "C · discard"),
                ("D", "D · fourth card"),
            )
        ):
            cid = prog.get(slot)
            x = x0 + 12 + i * 118
            out.rect(
                x, 300, 112, 76, fill="#3a4258", stroke="#667", lw=1, r=4, ident=f"prog:{slot}{sfx}",
                tip=label,
            )
            # (enlarged to the 11 px minimum a label takes two lines, never its neighbour's room)
            out.text(x + 56, 303, label, size=11, align="center", color=MUTED, baseline="top", maxw=104,
                     wrap=2)
            if cid:  # the programmed card itself: what a player clicks to resolve it in the Action phase
                out.rect(x + 4, 338, 104, 34, fill="#4a5578", r=3, ident=cid, tip=card_tip(game, cid))
                out.text(x + 56, 341, game.cards.name(cid), size=11, align="center", bold=True, maxw=100,
                         baseline="top", wrap=2)
        out.text(x0 + 12, 388, "Secret Objectives", size=12, color=MUTED, bold=True)
        objs = mine["secret_objectives"]
        ow = min(150, (468 - 8 * (len(objs) - 1)) / max(1, len(objs)))  # (trades can bring more than three)
        for i, o in enumerate(objs):
            face_up = o["id"] in mine["exposed"]
            _card(
                out,
                x0 + 12 + i * (ow + 8),
                396,
                ow,
                52,
                o["name"],
                ident=o["id"],
                sub="face up" if face_up else "secret",
                tip=_objective_tip(game, o["id"]),
            )
        if mine["public_objective"]:
            po = mine["public_objective"]
            out.text(
                x0 + 12,
                454,
                f"Public Objective: {po['name']} ({po['vp']} VP)" + (" — done" if po["done"] else ""),
                size=12,
                maxw=468,
                wrap=1,
                baseline="top",
            )
        done = ", ".join(c["name"] for c in mine["completed"]) or "none yet"
        out.text(x0 + 12, 472, f"Completed Secret Objectives: {done}", size=11, color=MUTED, maxw=468, wrap=2,
                 baseline="top")
    pend = view.get("pending") or {}
    if pend.get("deal"):  # (two lines at most, clear of the mat's bottom edge)
        out.text(x0 + 12, 506, "Trade: " + pend["deal"], size=11, color=GOLD, maxw=468, wrap=3,
                 baseline="top")
    lv = view.get("last_vote")
    if lv:  # on the Power Struggle Board, under the Common Objective (public)
        said, every = _last_vote(lv, names)
        # one line: the wide board's beside the last bidding order (the Additional event's label and box are
        # just below); the narrow one's a line of its own under it, as wide as the narrow board (the narrow
        # layout's moves put it at its left edge); each vote in the tip
        for only, y, maxw in (("wide", 290, 256), ("narrow", 292, NARROW_W - 40)):
            out.rect(496, y, maxw + 8, 16, tip=every)  # (its corner: in the region the narrow layout moves)
            out.items[-1]["only"] = only
            out.text(500, y, said, size=11, color=MUTED, maxw=maxw, wrap=1, baseline="top")
            out.items[-1]["only"] = only
    # ---- the other players' mats ---------------------------------------------------------------------------
    others = [s for s in seats if s["seat"] != me]
    w = min(MAT_W, (W - 16) / max(1, len(others)) - 8)  # (the narrow layout stacks them: no wider than that)
    for i, s in enumerate(others):
        x, y = 8 + i * (w + 8), 578
        color = SEAT_COLORS.get(s["name"], "#888")
        out.rect(
            x,
            y,
            w,
            274,
            fill=PANEL,
            stroke=color,
            lw=2,
            r=8,
            ident=f"seat:{s['seat']}",
            tip=_mat_tip(s),
        )
        role = {
            "public_eye": "In the Public Eye",
            "gray_eminence": "Gray Eminence",
            "shadows": "In the Shadows",
        }.get(s["role"], "")
        # fixed rows from the top, each with room for the text enlarged to 11 px (the name: two lines)
        out.text(
            x + 10,
            y + 6,
            s["name"] + (f": {s['eminence']['name']}" if s["eminence"] else ""),
            size=13,
            color=color,
            bold=True,
            maxw=w - 100,  # (clear of "committed" at the right)
            wrap=2,
            baseline="top",
        )
        out.text(x + 10, y + 38, _role_vp(role, s["vp_markers"]), size=11, color=MUTED,
                 baseline="top", maxw=w - 20)
        out.text(
            x + 10,
            y + 54,
            None if s["box"] is not None  # (the omniscient view: its Box there instead; counts in the tip)
            else f"Hand: {s['hand_count']} · Secret Objectives: {s['secret_count']}",
            size=11,
            color=MUTED,
            maxw=w - 20,
            wrap=1,
            baseline="top",
        )
        if s["box"] is not None:  # (the omniscient analysis view: every Box, clickable for its seat)
            _chips(out, x + 10, y + 56, s["box"], "box", size=16, suffix=f"@{s['seat']}", num=11)
        if s["committed"] is not None:
            out.text(
                x + w - 10,
                y + 8,
                "committed" if s["committed"] else "deciding…",
                size=11,
                color=GOLD if s["committed"] else MUTED,
                align="right",
                baseline="top",
            )
        # the Factions, one row each (the state in the same words), then the known cards and objectives
        # (more Factions, or the omniscient view's hand below them: closer rows, one line each still)
        step = 27 if len(s["factions"]) <= 3 and s.get("hand") is None else 23
        for j, f in enumerate(s["factions"]):
            out.rect(x + 10, y + 88 + j * step, w - 20, step - 3, fill=CARD if f["refreshed"] else "#b9b3a6",
                     stroke="#000", lw=1, r=4, ident=f["id"], tip=card_tip(game, f["id"]))
            out.text(x + w / 2, y + 88 + j * step + (step - 3) / 2,
                     f"{f['name']} ({'refreshed' if f['refreshed'] else 'exhausted'})", size=11,
                     color=CARD_INK, align="center", bold=True, maxw=w - 26, wrap=1, baseline="middle")
        yy = y + 94 + max(3 * 27, len(s["factions"]) * step)
        if s.get("hand") is not None:  # (the omniscient view: the hand, clickable; the rest in the mat's tip)
            yy = y + 92 + max(3, len(s["factions"])) * step
            cols = max(1, int((w - 16) // 80))
            rows_n = max(1, int((y + 272 - yy + 3) // 37))
            cw = (w - 20 - 4 * (cols - 1)) / cols
            for k, c in enumerate(s["hand"][: cols * rows_n]):
                _card(out, x + 10 + (k % cols) * (cw + 4), yy + (k // cols) * 37, cw, 34, c["name"],
                      ident=c["id"], tip=card_tip(game, c["id"]))
            continue
        rows = []
        if s.get("hand_known"):  # cards of this rival's hand the viewer knows are there (a trade, a reveal)
            rows.append((f"Known in {s['name']}'s hand: " + ", ".join(c["name"] for c in s["hand_known"]),
                         INK))
        shown = [o["name"] for o in s["secret_objectives"]]
        if shown:
            rows.append(("Known objectives: " + ", ".join(shown), INK))
        if s["completed"]:
            rows.append(("Completed: " + ", ".join(c["name"] for c in s["completed"]), MUTED))
        po = s["public_objective"]
        if po:
            rows.append((f"Public Objective: {po['name']}" + (" (done)" if po["done"] else ""), MUTED))
        # one line each, then the lines left (17 units: one line at the 11 px minimum on a board at ~0.75)
        # to the rows that need them there, in order
        spare = int((y + 272 - yy) // 17) - len(rows)
        for text, ink in rows:
            need = len(wrap_line(text, w - 20, 3, 15))
            lines = 1 + max(0, min(spare, need - 1))
            spare -= lines - 1
            out.text(x + 10, yy, text, size=11, color=ink, maxw=w - 20, wrap=lines, baseline="top")
            yy += 17 * lines
    narrow = _narrow(out, [8 + i * (w + 8) for i in range(len(others))], w)
    return {"w": W, "h": H, "bg": BG, "min_scale": MIN_SCALE, "items": out.items,
            "layouts": {"narrow": narrow}}


def _last_vote(lv: dict, names: list) -> tuple[str, str]:
    """The last vote's result in a line ("Last vote: option 1 won, 3 votes to 2") and each seat's vote, for
    its tip.  A vote is on an event's options (numbers) or on a relationship (yes or no)."""
    won = lv["winner"]
    what = f"option {won}" if isinstance(won, int) else f"“{won}”"
    count = Counter(str(v) for v in lv["votes"].values())
    mine = count.pop(str(won), 0)
    rest = max(count.values(), default=0)
    tie = mine == rest
    line = f"Last vote: {what} won {'a tie' if tie else ''}, {counted(mine, 'vote')} to {rest or 'none'}"
    line = line.replace(" ,", ",")
    each = "; ".join(f"{names[int(s)]}: {'option ' if isinstance(v, int) else ''}{v}"
                     for s, v in lv["votes"].items())
    why = " (a tie: the player highest on the track decides)" if tie else ""
    return line, f"Last vote: {what} won{why}.\nVotes: {each}."


def _mat_tip(s) -> str:
    """The tip of a rival's mat: what it shows, in full."""
    lines = [f"{s['name']}'s mat: {counted(s['hand_count'], 'card')} in hand, "
             f"{counted(s['secret_count'], 'Secret Objective')}"]
    if s["secret_objectives"]:
        lines.append("Secret Objectives: " + ", ".join(o["name"] for o in s["secret_objectives"]))
    if s["completed"]:
        lines.append("Completed: " + ", ".join(c["name"] for c in s["completed"]))
    po = s["public_objective"]
    if po:
        lines.append(f"Public Objective: {po['name']}" + (" (done)" if po["done"] else ""))
    return "\n".join(lines)


def _narrow(out, mats_x, mat_w) -> dict:
    """The narrow layout (a board under ~900 CSS px): every block at most ~560 wide, one under another --
    the Power Struggle Board in its parts (visibility track in two rows, Relationship Chart, Bidding Pool,
    the two events, tweets, piles), the viewer's mat, then the other players' mats.  A tall stack the
    notebook scrolls (``scroll``), so its text stays near its own size instead of being enlarged to 11 px
    on a board scaled to a third."""
    board_h = 1062  # the Power Struggle Board's parts, stacked (see the moves below)
    out.rect(8, 8, NARROW_W - 16, board_h - 8, fill=BOARD, r=8)
    out.items[-1]["only"] = "narrow"
    out.items.insert(0, out.items.pop())  # (under everything)
    mat_y = board_h + 12
    others_y = mat_y + 560 + 10
    moves = [
        [700, 0, 770, 50, -196, 0],  # the round, right-aligned at the narrow edge
        [450, 56, 770, 112, -438, 52],  # the track's last two slots: a second row
        [0, 120, 490, 292, 0, 52],  # the Relationship Chart
        [490, 120, 775, 292, -480, 218],  # the Bidding Pool: under the chart
        [490, 292, 775, 304, -480, 230],  # the last vote: a line of its own under the last bidding order
        [0, 292, 775, 312, 0, 212],  # the last bidding order (under the Common Objective)
        [0, 312, 380, 480, 0, 244],  # the Mandatory event
        [380, 312, 775, 480, -372, 404],  # the Additional event: under it
        [0, 480, 510, 545, 0, 402],  # the tweets
        [510, 480, 775, 575, -500, 496],  # the resolved / unresolved piles (clear of the tweets above)
        [775, 0, W + 1, 575, 8 - 780, mat_y - 8],  # the viewer's mat
    ]
    for i, x in enumerate(mats_x):  # the other players' mats, one under another
        moves.append([x - 4, 575, x + mat_w + 4, H + 1, 8 - x, others_y + i * 284 - 578])
    return {"w": NARROW_W, "h": others_y + len(mats_x) * 284 + 4, "scroll": True, "moves": moves}


def _objective_tip(game, oid) -> str:
    """A Secret Objective in sentences: what completes it, when, what it costs and what it is worth."""
    from .describe import condition_text

    o = game.cards.objectives[oid]
    spend = ", ".join(f"{n} {r}" for r, n in o["spend"].items())
    when = (f"Complete it in the Scoring phase (one objective per round) if {condition_text(o['requires'])}"
            + (f", by spending {spend}." if spend else "."))
    return (f"{o['name']} (Secret Objective)\n{when}\nWorth {o['vp']['standard']} VP at the end "
            f"({o['vp']['long']} in the long game).")


def _eminence_tip(game, gid) -> str:
    """A Gray Eminence card in sentences: what it starts with and its Public Objective (the setup choice)."""
    from .describe import condition_text

    e = game.cards.eminences.get(gid)
    if e is None:
        return game.cards.name(gid)
    start = ", ".join(f"{n} {r}" for r, n in e["start"].items() if n) or "no resources"
    factions = ", ".join(game.cards.name(f) for f in e["factions"])
    o = e["objective"]
    spend = ", ".join(f"{n} {r}" for r, n in o["spend"].items())
    lines = [e["name"], f"Starts with {start}" + (f" and the Faction {factions}." if factions else ".")]
    lines.append(f"Public Objective, {o['name']}: complete it in the Scoring phase if "
                 f"{condition_text(o['requires'])}" + (f", by spending {spend}" if spend else "")
                 + f"; worth {o['vp']} VP.")
    return "\n".join(lines)


def tweet_tip(game, tid) -> str:
    """A Tweet in sentences: what it does when it is read in the Tweet phase, its #hashtags and mentions."""
    from .describe import effects_text

    t = game.cards.tweets.get(tid)
    if t is None:
        return game.cards.name(tid)
    lines = [t["name"], f"When it is read in the Tweet phase: {effects_text(t['effects'])}."]
    if t["hashtags"]:
        lines.append(f"Hashtags: {', '.join(t['hashtags'])}. One shared with this round's Events stops the "
                     "tweets; an exhausted Faction that refreshes on one of them refreshes.")
    for e in t["entities"] if getattr(game, "tweet_vote", False) else ():
        lines.append(f"Mentions {e}: if several tweets of a round mention it, the players vote on worsening "
                     "that relationship.")
    return "\n".join(lines)


def card_tip(game, cid) -> str:
    """A card's text generated from its effect records (tooltips)."""
    from .describe import effects_text

    c = game.cards
    if cid in c.actions:
        a = c.actions[cid]
        parts = [a["name"]]
        for side, word in (("common_good", "Common Good"), ("personal_gain", "Personal Gain")):
            if side in a:
                only = " (In the Shadows only)" if a[side]["shadows_only"] else ""
                parts.append(f"{word}{only}: {effects_text(a[side]['effects'])}")
        return "\n".join(parts)
    if cid in c.factions:
        f = c.factions[cid]
        refresh = (
            f"refresh on {f['refresh_on']}"
            if "refresh_on" in f
            else "refresh cost " + ", ".join(f"{n} {r}" for r, n in f["refresh_cost"].items())
        )
        return f"{f['name']}\nUse: {effects_text(f['use'])}\n{refresh}"
    return c.name(cid)


def option_targets(game, action) -> list:
    a, k = action.args, action.kind
    if k in ("eminence", "keep", "discard", "refresh", "drop", "expose", "show", "exhaust", "resolve"):
        return [a[0]]
    if k == "complete":
        return [a[0]] if a[0] != "public" else []
    if k == "place":
        return [f"slot:{a[0]}"]
    if k == "program":
        return [] if a[0] == "done" else [a[1], f"prog:{a[0]}", f"prog:{a[0]}@{action.seat}"]
    if k == "blackmail":
        return [a[1], f"seat:{a[0]}"]
    if k == "propose":
        return [f"seat:{a[0]}"]
    if k in ("gain", "pick", "penalty") and a[0] in RES:
        return [f"box:{a[0]}", f"box:{a[0]}@{action.seat}"]
    if k == "take":
        return [f"pool:{a[0]}"]
    if k == "bid":
        return [f"box:{a[0]}", f"box:{a[0]}@{action.seat}"]
    if k == "vote" and isinstance(a[0], int):
        return [f"opt:mandatory:{a[0]}", f"opt:additional:{a[0]}"]
    if k in ("offer", "ask") and len(a) > 1:
        return [a[1]]
    return []


_GROUPS = {
    "bid": "Sealed bid",
    "place": "Visibility track",
    "program": "Programming",
    "resolve": "Action",
    "exhaust": "Factions",
    "refresh": "Factions",
    "vote": "Vote",
    "propose": "Trading",
    "offer": "Trading",
    "ask": "Trading",
    "send": "Trading",
    "cancel": "Trading",
    "accept": "Trading",
    "decline": "Trading",
    "complete": "Scoring",
    "blackmail": "Blackmail",
    "comply": "Blackmail",
    "refuse": "Blackmail",
    "penalty": "Blackmail",
    "show": "Blackmail",
}


def option_group(game, action):
    return _GROUPS.get(action.kind)


def status_text(view: dict, game) -> str:
    names = [s["name"] for s in view["seats"]]
    if view.get("terminal"):
        if (view.get("final") or {}).get("headline"):  # the end screen's headline (Game.final_report)
            return f"Game over: {view['final']['headline']}"
        res = view.get("outcome") or {}
        if res.get("reason") == "common-objective-failed":
            return "Game over: the Common Objective failed — everyone loses"
        winners = " and ".join(names[s] for s in res.get("winners", [])) or "nobody"
        return f"Game over: {winners} wins"
    who = ", ".join(names[s] if s >= 0 else "chance" for s in view.get("to_act", []))
    return f"Round {view['round']}, {view['phase']} — waiting for {who or 'chance'}"


PRESENTER = {
    "scene": gray_eminence_scene, "effects": effects, "score": score_line,
    "targets": option_targets,
    "group": option_group,
    "status": status_text,
    "size": (W, H),
    "seat_colors": SEAT_COLORS,  # a seat's name -> its colour (the last move's highlight)
}
