"""What a Pax Illuminaten player READS: plain-English labels, prompts, hints, the legend, confirmations.

Notation (``PaxGame.format``) stays the exact, terse language of the Python API; everything here is for the
board: names and plain words, never card ids (``PIL039``), frame codes or "seat N".  The engine hooks
(``Game.label``, ``hint``, ``legend``, ``confirm``, ``touched``) call these functions; :func:`attach` puts
them on :class:`~illumi_widgets.games.pax.rules.PaxGame`.

Every function reads the game's data only through what the asking seat may see: a face-down card is
"the face-down card at B5", never its name.
"""

from __future__ import annotations

from illumi_widgets.engine.hooks import attach_hooks

from .favor import FACTION_NAMES, FACTIONS
from .model import AREO, SEAT_COLORS

__all__ = ["action_amount", "action_label", "attach", "confirm_text", "decision_prompt", "hint_action",
           "legend", "touched"]

_MODE_WORDS = {"hand": "hand", "plot": "private Plot"}


def _seat(s) -> str:
    return SEAT_COLORS[s] if isinstance(s, int) and 0 <= s < len(SEAT_COLORS) else "a player"


def _fac(i) -> str:
    return FACTION_NAMES[i] if isinstance(i, int) and 0 <= i < 6 else "any Faction"


def _card_name(g, cid) -> str:
    c = g.lum.get(cid) if cid is not None else None
    return c.name if c is not None else "a card"


def _cell(g, d, c, short=False) -> str:
    """A map position as a player names it: the face-up card's name and its position, or the position."""
    if c == AREO:
        return "your Areopagus"
    if not isinstance(c, int) or not 0 <= c < g.geom.n:
        return "a card"
    name = g.geom.names[c]
    cards, up = getattr(d, "cards", None), getattr(d, "up", None)
    if cards and up and c < len(cards) and up[c] and cards[c] in g.lum:
        return f"{g.lum[cards[c]].name} ({name})"
    return name if short else f"the face-down card at {name}"


def _acting(g, d, c) -> str:
    return "from your Areopagus" if c == AREO else f"acting from {_cell(g, d, c, short=True)}"


def _favor_list(vec) -> str:
    parts = []
    for i, n in enumerate(vec):
        if n:
            parts.append(f"{n} {FACTION_NAMES[i]}" if n > 1 else FACTION_NAMES[i])
    return ", ".join(parts) or "nothing"


def _event(g, e) -> str:
    ev = g.events.get(e)
    return ev.name if ev is not None else "an Event"


def _plot(g, p) -> str:
    pl = g.plots.get(p)
    return pl.name if pl is not None else "a Plot"


def _frame(d):
    return d.frames[-1] if getattr(d, "frames", None) else {}


def action_label(g, d, a, seat=None) -> str:
    """The plain-English label of action ``a`` (distinct for the options of one decision)."""
    k, x = a.kind, a.args
    bonus = "Bonus follow-up: " if k in ("influence", "expel") and len(x) > 2 and x[2] else ""
    if k == "scout":
        if x[1] is None:
            return f"Scout {_cell(g, d, x[0], short=True)} (free, any card)"
        return f"Scout {_cell(g, d, x[0], short=True)} {_acting(g, d, x[1])}"
    if k == "influence":
        n = x[1]
        return f"{bonus}Place {n} Influence on {_cell(g, d, x[0])}"
    if k == "extort":
        return "Extort your Areopagus (its Contact Favor)" if x[0] == AREO else f"Extort {_cell(g, d, x[0])}"
    if k == "organize":
        if x[0] is None:
            return "Organize with any card (move up to 3 Influence)"
        if x[1] is None:
            return f"Organize with {FACTION_NAMES[x[0]]}"
        return f"Bonus follow-up: Organize with {FACTION_NAMES[x[0]]} onto {_cell(g, d, x[1])}"
    if k == "move":
        return f"Move an Influence from {_cell(g, d, x[0], short=True)} to {_cell(g, d, x[1], short=True)}"
    if k == "done":
        return "Stop moving Influence" if _frame(d).get("t") == "move" else "Done"
    if k == "expel":
        return f"{bonus}Expel {_cell(g, d, x[0])} {_acting(g, d, x[1])}"
    if k == "oust":
        extra = f" ({x[4]:+d} Initial Strength)" if len(x) > 4 else ""
        return (f"Oust {x[2]} of {_seat(x[1])}'s Influence from {_cell(g, d, x[0], short=True)} "
                f"{_acting(g, d, x[3])}{extra}")
    if k == "pay":
        n = sum(x[0])
        return f"Pay {n} Favor ({_favor_list(x[0])})"
    if k == "collect":
        n = sum(x[0])
        return f"Take {n} Favor ({_favor_list(x[0])})"
    if k == "subvert":
        return f"Take the Favor from {_seat(x[0])}"
    if k == "give":
        return f"Give 1 {FACTION_NAMES[x[1]]} Favor to {_seat(x[0])}"
    if k == "place":
        where = _frame(d).get("cell")
        at = f" at {g.geom.names[where]}" if isinstance(where, int) and 0 <= where < g.geom.n else ""
        return f"Place {_card_name(g, x[0])}{at}"
    if k == "reveal":
        if x[0] is None:
            return "Reveal no card (strength 0)"
        c = g.lum.get(x[0])
        strength = "" if c is None or c.rank in ("ACE", "CROWN") else f" (strength {c.strength})"
        return f"Reveal {_card_name(g, x[0])}{strength}"
    if k == "press":
        return "Press the challenge"
    if k == "calloff":
        return "Call off the challenge"
    if k == "claimfaction":
        return f"Claim the {FACTION_NAMES[x[0]]} Faction card"
    if k == "claimplot":
        return f"Claim the Plot {_plot(g, x[0])}"
    if k == "end":
        return "End the turn"
    if k in ("keep", "activate"):
        return f"{'Keep' if k == 'keep' else 'Activate'} {_event(g, x[0])}"
    if k == "pass":
        return "Activate no Special Event" if _frame(d).get("t") == "activate" else "Pass"
    if k == "redraw":
        if x[0] == "deck":
            return "Draw from the deck"
        names = [_card_name(g, d.court[i]) if 0 <= i < len(d.court) else "a card" for i in x[1]]
        return "Take " + " and ".join(names) + " from the Court"
    if k == "scheme":
        if x[1]:
            return f"Quick Favor from {_card_name(g, x[0])}"
        return f"Scheme with {_card_name(g, x[0])}"
    if k == "faction":
        return f"Use the {FACTION_NAMES[x[0]]} Faction card"
    if k == "skip":
        return "Skip the power"
    if k == "swap":
        return f"Swap {_cell(g, d, x[0], short=True)} and {_cell(g, d, x[1], short=True)}"
    if k == "raid":
        return f"Take 2 Favor from {_event(g, x[0])}"
    if k == "borrow":
        return f"Borrow the {FACTION_NAMES[x[0]]} Faction card"
    if k == "drawplot":
        return "Draw a Plot"
    if k == "keepplot":
        return f"Keep the Plot {_plot(g, x[0])}"
    if k == "drawcards":
        if x[0] == "deck":
            return "Draw 2 cards from the deck"
        cid = d.court[x[1]] if isinstance(x[1], int) and 0 <= x[1] < len(d.court) else None
        return f"Take {_card_name(g, cid)} from the Court"
    if k == "event":
        return f"Play {_event(g, x[0])}" + (f" for {FACTION_NAMES[x[1]]}" if x[1] is not None else "")
    if k == "investigate":
        return f"Look at {_seat(x[0])}'s {_MODE_WORDS.get(x[1], x[1])}"
    if k == "bot":
        return _bot_label(g, d, a)
    if k == "deal":
        return "Deal the game"
    if k == "shuffle":
        return "Shuffle the discard pile into a new deck"
    return k.capitalize()


def _bot_label(g, d, a) -> str:
    x = a.args
    verb = x[0]
    who = f"{_seat(a.seat)} bot"
    if verb == "plan":
        return f"{who}: turn up a Plan card"
    if verb == "reveal":
        return f"{who}: reveal the top card of the deck"
    if verb == "end":
        return f"{who}: end its Action Phase"
    target = _cell(g, d, x[1], short=True) if len(x) > 1 and x[1] != AREO else f"{_seat(a.seat)}'s Areopagus"
    if verb == "oust":
        return f"{who}: oust {x[3]} of {_seat(x[2])}'s Influence from {target}"
    if verb == "swap":
        return f"{who}: swap {target} with the Plan card {_card_name(g, x[2])}"
    if verb == "influence" and len(x) > 2:
        return f"{who}: 2 Influence on {target}, paying 1 {FACTION_NAMES[x[2]]} Favor"
    words = {"flip": "turn {} face-up", "scout": "scout {}", "influence": "1 Influence on {}",
             "token": "move its token to {}", "extort": "extort {}", "expel": "expel {}"}
    return f"{who}: " + words.get(verb, verb + " {}").format(target)


def action_amount(g, a):
    """``(group label, n)`` for options that differ only by an amount (a stepper), else ``None``."""
    if a.kind == "influence":
        bonus = "Bonus follow-up: " if a.args[2] else ""
        return f"{bonus}Place Influence on {_cell(g, None, a.args[0], short=True)}", a.args[1]
    return None


def decision_prompt(g, d, seat, kind) -> str:
    """What a decision asks, in plain words (the engine's own prompt keeps its notation-like terms)."""
    f = _frame(d)
    name = _seat(seat)
    if kind == "turn":
        n = getattr(d, "main_left", 0)
        left = "no main actions left" if n == 0 else f"{n} main action{'s' if n != 1 else ''} left"
        return f"{name}: take an action ({left}) or end the turn"
    if kind == "pay":
        return f"{name}: choose the Favor to pay for {_why(g, d, f.get('why', ''))}"
    if kind == "collect":
        return f"{name}: choose the Favor to take ({_why(g, d, f.get('why', ''))})"
    if kind == "subvert":
        fac = f.get("fac")
        return f"{name}: the pool has no {_fac(fac)} Favor left: take it from whom?"
    if kind == "give":
        to = (f.get("to") or [None])[0]
        return f"{name}: give {_seat(to)} 1 of the Favor you collected (Conspire)"
    if kind == "place":
        c = f.get("cell")
        at = g.geom.names[c] if isinstance(c, int) and 0 <= c < g.geom.n else "the empty space"
        return f"{name}: place a card from your hand face-up at {at}"
    if kind == "move":
        left = f.get("left", 0)
        what = "any card" if f.get("fac") is None else FACTION_NAMES[f["fac"]]
        return f"{name}: Organize with {what}: move an Influence ({left} left) or stop"
    if kind == "reveal":
        c = f.get("cell")
        at = _cell(g, d, c, short=True) if isinstance(c, int) else "the card"
        return f"{name}: choose a card to reveal in the Oust challenge at {at} (secret until both choose)"
    if kind == "press":
        return f"{name}: both automatic wins cancel: press the challenge or call it off"
    if kind == "keep":
        return f"{name}: keep one of the two Event cards drawn (the other goes back on top)"
    if kind == "redraw":
        return f"{name}: draw back up to your hand limit from the Court or the deck"
    if kind == "activate":
        return f"{name}: activate a Special Event from your hand, or pass"
    if kind == "power":
        from .powers import POWER_NAMES

        src = f" of {_card_name(g, f['card'])}" if f.get("card") else ""
        return f"{name}: use the power{src} ({POWER_NAMES.get(f.get('kind'), 'a power')}) or skip it"
    if kind == "plotkeep":
        return f"{name}: keep the Plot you drew or your old one (the other goes under the pile)"
    if kind == "bot":
        return f"{name} (bot) follows its script"
    return f"{name} decides"


def _why(g, d, why: str) -> str:
    """The engine's reason text with card ids replaced by names."""
    import re

    return re.sub(r"PIL\d{3}", lambda m: _card_name(g, m.group(0)), str(why)) or "this"


def hint_action(g, d, seat, entity: str):
    """The most natural action of ``seat`` on a board entity (legal or not), or ``None``.

    Only actions that answer the pending decision are hinted (a click on the map while paying Favor has
    no natural action: the board then says nothing rather than a reason about another decision)."""
    if not isinstance(entity, str) or not isinstance(seat, int):
        return None
    kind, _, key = entity.partition(":")
    f = _frame(d)
    t = f.get("t")
    if f.get("seat", seat) != seat and t != "reveal":
        return None
    A = g.act
    if entity == "deck":
        if t == "redraw":
            return A(seat, "redraw", "deck", ())
        if t == "power" and f.get("kind") == "SD":
            return A(seat, "drawcards", "deck", None)
        return None
    if kind == "cell" and t in ("turn", "power"):
        c = g.geom.index.get(key)
        if c is None:
            return None
        if c < len(d.up) and not d.up[c]:
            actors = g.actors(d, seat, c)
            return A(seat, "scout", c, actors[0] if actors else AREO)
        return A(seat, "influence", c, 1, False)
    if kind == "areo" and t in ("turn", "power"):
        return A(seat, "extort", AREO) if key == str(seat) else None
    if kind == "hand" and key in g.lum:
        if t == "reveal":
            return A(seat, "reveal", key)
        if t == "place":
            return A(seat, "place", key)
        if t == "turn":
            return A(seat, "scheme", key, False)
        return None
    if kind == "court" and key.isdigit():
        i = int(key) - 1
        if t == "redraw":
            return A(seat, "redraw", "court", (i,))
        if t == "power" and f.get("kind") == "SD":
            return A(seat, "drawcards", "court", i)
        return None
    if kind == "favor" and key.count(":") == 1:  # favor:<seat>:<FACTION>: a seat's Favor token
        who, fac = key.split(":")
        if fac in FACTIONS and who.isdigit():
            unit = tuple(int(i == FACTIONS.index(fac)) for i in range(6))
            if t == "pay" and int(who) == seat:
                return A(seat, "pay", unit)
            if t == "turn" and int(who) == seat:  # your own Favor of a Faction: Organize with it
                return A(seat, "organize", FACTIONS.index(fac), None)
            if t == "give" and int(who) != seat:
                return A(seat, "give", int(who), FACTIONS.index(fac))
        return None
    if kind == "pool" and key in FACTIONS and t == "collect":
        return A(seat, "collect", tuple(int(i == FACTIONS.index(key)) for i in range(6)))
    if kind == "faction" and key in FACTIONS and t == "turn":
        i = FACTIONS.index(key)
        if d.faction_holder.get(key) == seat:
            return A(seat, "faction", i)
        return A(seat, "claimfaction", i)
    if kind == "seat" and key.isdigit() and int(key) != seat and t == "subvert":
        return A(seat, "subvert", int(key))
    if kind == "edict" and key in g.events and t == "power" and f.get("kind") == "SE":
        return A(seat, "raid", key)
    if kind == "plot" and key in g.plots and t == "turn":
        return A(seat, "claimplot", key)
    if kind == "event" and key in g.events and t in ("keep", "activate"):
        return A(seat, t, key)
    return None


def confirm_text(g, d, a):
    """A question to confirm before an irreversible choice, or ``None``."""
    if a.kind == "end":
        n = getattr(d, "main_left", 0)
        if n:
            return f"End your turn with {n} main action{'s' if n != 1 else ''} left?"
    if a.kind == "calloff":
        return "Call off the challenge? Your Oust ends here."
    if a.kind == "reveal" and a.args[0] is None:
        return "Reveal no card? Your strength in this round is 0."
    return None


def touched(g, d, a) -> list[str]:
    """The scene entities ``a`` touched (to highlight a bot's or a rival's last move)."""
    from .scene import option_targets

    out = list(option_targets(g, a))
    k, x = a.kind, a.args
    acting = None
    if k in ("scout", "expel") and len(x) > 1:
        acting = x[1]
    elif k == "oust":
        acting = x[3]
    if acting is not None:
        out.append(f"areo:{a.seat}" if acting == AREO else f"cell:{g.geom.names[acting]}")
    return list(dict.fromkeys(out))


#: (symbol, colour, meaning) of everything drawn on the Pax board
_LEGEND = [
    ("I / II / III", "#2b2118", "a Luminary's rank; Ace and Crown cards show their own symbol"),
    ("●3", "#3a3027", "a card's strength in an Oust challenge (bottom right)"),
    ("○", "#8a7a60", "an open Location: a place for one Influence (its Favor cost beside it)"),
    ("● Blue/Red/…", "#2f6db5", "a player's Influence on that Location"),
    ("FM / RC", "#1d4e89", "Freemason / Rosicrucian card"),
    ("Nob Pro Mag Art Sch Cle", "#7b2d8e",
     "the six Factions: Nobility, Professions, Magistrates, Artists, Scholars, Clergy"),
    ("row / out", "#6f6353", "a Faction card still to be claimed / out of this game"),
    ("■ cube", "#b0452f", "a bonus follow-up action may still be taken on that card"),
    ("EXT", "#8e2d2d", "the card was Extorted this turn"),
    ("Chamberlain", "#c9a94b", "at the Court refresh the card above it is discarded"),
    ("dashed box", "#b0452f", "an empty space waiting for a card"),
    ("B", "#2f6db5", "a rulebook bot's token (on its target card or its Areopagus)"),
]


def legend(g, seat=None) -> list[dict]:
    """The board's legend: each symbol with its colour and meaning, and each seat's colour."""
    out = [{"symbol": s, "color": c, "text": t} for s, c, t in _LEGEND]
    from .scene import SEAT_FILL

    for i, name in enumerate(g.seat_names):
        who = "you" if i == seat else "a rival"
        out.append({"symbol": name, "color": SEAT_FILL.get(name, "#888"), "text": f"{name}'s colour ({who})"})
    return out


def attach(cls) -> None:
    """Put the engine hooks on the game class (kept out of rules.py, which another change splits)."""
    attach_hooks(cls, label=action_label, hint=hint_action, legend=legend, confirm=confirm_text,
                 touched=touched, prompt=decision_prompt, amount=action_amount)
