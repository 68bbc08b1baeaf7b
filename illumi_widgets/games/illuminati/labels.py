"""What an Illuminati player READS: plain-English labels, prompts, hints, the legend, confirmations.

Notation (``notation.format_action``) stays the exact language of the Python API (``attack mafia control
cia``); the board shows these labels instead ("Attack the CIA to control it, with the Mafia").  Names come
from the card data; a rival's face-down Illuminati (Hidden Illuminati) is "Blue's Illuminati"; a rival's
Special is never named here unless the asking seat has seen it.  :func:`attach` puts the engine hooks on
:class:`~illumi_widgets.games.illuminati.rules.IlluminatiGame`.
"""

from __future__ import annotations

from illumi_widgets.engine.hooks import attach_hooks

__all__ = ["action_amount", "action_label", "alias_words", "attach", "confirm_text", "decision_prompt",
           "hint_action", "legend", "touched"]

_MODES = {"control": "to control it", "neutralize": "to neutralize it", "destroy": "to destroy it"}
_DIR = {"north": "top", "east": "right", "south": "bottom", "west": "left"}
_LASER = {"add": "add {al} to {g}", "remove": "remove {al} from {g}", "reverse": "reverse {g}'s {al}"}


def _seat(g, s) -> str:
    names = getattr(g, "seat_names", ())
    return names[s] if isinstance(s, int) and 0 <= s < len(names) else "a player"


def _name(g, d, cid, seat=None) -> str:
    """A card's name as ``seat`` may read it."""
    if not isinstance(cid, str):
        return str(cid)
    if cid in g.ill_ids and getattr(g, "hidden_illuminati", False) and isinstance(d, dict):
        owner = next((s for s, ill in enumerate(d.get("illum", [])) if ill == cid), None)
        if owner is not None and owner != seat and g.is_hidden(d, owner):
            return f"{_seat(g, owner)}'s Illuminati"
    try:
        return g.cd.name(cid)
    except KeyError:
        return cid.replace("-", " ").title()


def _arrow(direction: str) -> str:
    return f"{_DIR.get(direction, direction)} arrow"


def _frame(d) -> dict:
    return d["frames"][-1] if isinstance(d, dict) and d.get("frames") else {}


def need_text(need: int) -> str:
    """What an attack needs on two dice, never a negative number: "needs 7 or less"; below 2 no roll
    succeeds until more money is spent (each MB spent raises the number by one, p.5)."""
    if need >= 2:
        return f"needs {need} or less"
    return f"no roll succeeds yet: spend at least {2 - need} MB more"


def special_step_text(g, d, seat, kind: str) -> str:
    """What the special-power step (p.7) or a free redistribution offers, naming the power (never a face-down
    Illuminati: then "your Illuminati's special power")."""
    if kind == "redistribute":
        return "move money freely among your groups (White Collar Crime), then done"
    ill = d["illum"][seat] if isinstance(d, dict) and d.get("illum") else None
    what = {"bermuda-triangle": "rearrange your power structure freely",
            "gnomes-of-zurich": "move money freely among your groups"}.get(ill)
    if ill is None or what is None or g.is_hidden(d, seat):
        return "use your Illuminati's special power, then done"
    return f"{what} ({g.label(ill)}'s special power), then done"


def _goal_text(g, goal) -> str:
    for c in g.cd.illuminati.values():
        if c.goal == goal and getattr(c, "goal_text", ""):
            return c.goal_text
    return str(goal).removeprefix("goal-")


def _thing(g, d, x, seat) -> str:
    if isinstance(x, int):
        return f"{x} MB"
    if x == "special":
        return "a Special of their choice"
    return _name(g, d, x, seat)


def action_label(g, d, a, seat=None) -> str:
    """The plain-English label of ``a`` (distinct for the options of one decision)."""
    seat = a.seat if seat is None else seat
    k, x = a.kind, a.args
    n = lambda c: _name(g, d, c, seat)  # noqa: E731
    if k == "attack":
        if x[1] == "whisper":
            return f"Whispering Campaign on {n(x[2])}, with {n(x[0])}"
        return f"Attack {n(x[2])} {_MODES.get(x[1], x[1])}, with {n(x[0])}"
    if k == "aid":
        return f"Aid the attack with {n(x[0])}"
    if k == "spend":
        return f"Spend {x[0]} MB from {n(x[1])}"
    if k == "assist":
        return f"Help the attacker with {x[0]} MB"
    if k == "interfere":
        return f"Interfere with {x[0]} MB"
    if k == "privilege":
        if x[0] == "pay":
            return "Make the attack privileged (pay for it)"
        return f"Make the attack privileged (discard {n(x[1])})"
    if k == "pass":
        return "Pass"
    if k == "calloff":
        return "Call off the attack"
    if k == "done":
        t = _frame(d).get("t")
        if t == "actions":
            return "End your action phase"
        if t in ("captxfer", "transfers", "redistribute"):
            return "Done moving money"
        return "Done"
    if k == "place":
        f = _frame(d)
        return f"Put {n(f.get('group'))} on the {_arrow(x[0])} of {n(f.get('master'))}"
    if k == "fit":
        return f"Put it on the {_arrow(x[1])} of {n(x[0])}"
    if k == "transfer":
        return f"Move {x[0]} MB from {n(x[1])} to {n(x[2])}"
    if k == "move":
        return f"Move {n(x[0])} to the {_arrow(x[2])} of {n(x[1])}"
    if k == "bribe":
        return f"Bribe {n(x[0])} onto the {_arrow(x[2])} of {n(x[1])}"
    if k == "drop":
        return f"Drop {n(x[0])} (it becomes uncontrolled)"
    if k == "play":
        what = n(x[0])
        if len(x) == 2:
            target = _seat(g, x[1]) if isinstance(x[1], int) else n(x[1])
            return f"Play {what} on {target}"
        return f"Play {what}"
    if k == "collect":
        return "Collect 5 MB (your action)"
    if k == "leave":
        return "Leave the game"
    if k == "gift":
        return f"Give {_thing(g, d, x[0], seat)} to {_seat(g, x[1])}"
    if k == "choose":
        return f"Goal: {_goal_text(g, x[0])}"
    if k == "offer":
        return f"Offer {n(x[0])} to {_seat(g, x[1])} for a price"
    if k == "request":
        return f"Ask {_seat(g, x[1])} for {n(x[0])} at a price"
    if k == "price":
        return f"Set the price at {x[0]} MB"
    if k == "accept":
        return "Accept" + (", choosing " + " and ".join(n(c) for c in x) if x else "")
    if k == "decline":
        return "Decline"
    if k == "negotiate":
        return f"Make a deal with {_seat(g, x[0])}"
    if k == "dgive":
        return f"Offer {_thing(g, d, x[0], seat)}"
    if k == "dget":
        return f"Ask for {_thing(g, d, x[0], seat)}"
    if k == "propose":
        return "Propose the deal"
    if k == "cancel":
        return "Cancel the deal"
    if k == "replace":
        return f"Discard {n(x[0])} to replace the cancelled Special"
    if k == "accuse":
        return f"Accuse {_seat(g, x[0])} of being {alias_words(x[1])}"
    if k == "laser":
        return "Orbital Mind Control Lasers: " + _LASER.get(x[1], "{g}: {al}").format(al=x[2], g=n(x[0]))
    if k == "abolish":
        return f"Discard {n(x[0])} and {n(x[1])} to abolish the privilege"
    if k == "disguise":
        return f"Show {x[0].capitalize()} {x[1]} on your face-down Illuminati"
    if k == "recycle":
        return "Recycle: pay 5 MB for an extra draw"
    if k == "roll":
        return f"Roll {x[0]}"
    if k == "deal":
        return "Deal the game"
    return k.capitalize()


def action_amount(g, a):
    """``(group label, n)`` for options that differ only by an amount (a stepper), else ``None``."""
    k, x = a.kind, a.args
    if k == "spend":
        return f"Spend MB from {_name(g, None, x[1])}", x[0]
    if k in ("assist", "interfere"):
        return ("Help the attacker with MB" if k == "assist" else "Interfere with MB"), x[0]
    if k == "transfer":
        return f"Move MB from {_name(g, None, x[1])} to {_name(g, None, x[2])}", x[0]
    if k == "gift" and isinstance(x[0], int):
        return f"Give MB to {_seat(g, x[1])}", x[0]
    if k == "price":
        return "Set the price in MB", x[0]
    if k in ("dgive", "dget") and isinstance(x[0], int):
        return ("Offer MB" if k == "dgive" else "Ask for MB"), x[0]
    return None


def decision_prompt(g, d, seat, kind) -> str:
    """The line that tells ``seat`` what to decide now (``kind``: the kind of decision), by name."""
    f = _frame(d)
    name = _seat(g, seat)
    n = lambda c: _name(g, d, c, seat)  # noqa: E731
    if kind == "actions":
        left = d.get("acts", 0) if isinstance(d, dict) else 0
        return (f"{name}: take an action ({left} left), a free action, or end your action phase"
                if left else f"{name}: no actions left: free actions, or end your action phase")
    if kind == "attack":
        need = g.attack_need(d, f) if f.get("t") == "attack" else None
        roll = f" ({need_text(need)})" if need is not None else ""
        return f"{name}: spend money on the attack on {n(f.get('target'))}{roll}, or pass"
    if kind == "place":
        return f"{name}: click an open arrow of {n(f.get('master'))} for {n(f.get('group'))}"
    if kind == "captxfer":
        return f"{name}: move money from {n(f.get('from'))} to {n(f.get('to'))}, or stop"
    if kind == "transfers":
        return f"{name}: free money transfers ({d.get('xfers', 0)} left), or stop"
    if kind == "choose":
        return f"{name}: choose your secret goal"
    if kind == "fit":
        return f"{name}: choose the arrow for {n(f.get('group'))}"
    if kind in ("special", "redistribute"):
        return f"{name}: {special_step_text(g, d, seat, kind)}"
    if kind == "price":
        return f"{name}: name the price"
    if kind == "answer":
        return f"{name}: accept or decline the deal"
    if kind == "terms":
        return f"{name}: offer or ask more, propose the deal, or cancel it"
    if kind == "talk":
        return f"{name}: before {_seat(g, d.get('active'))} acts: give, make a deal, or pass"
    if kind == "react":
        return f"{name}: the dice show {f.get('roll')}: play a Special, or pass"
    if kind == "counter":
        return f"{name}: the attack is privileged: play a Special against it, or pass"
    if kind == "secrets":
        return f"{name}: {_seat(g, f.get('by'))} plays a Special: cancel it, or pass"
    if kind == "senate":
        return f"{name}: {_seat(g, f.get('seat'))}'s turn begins: play a Special against it, or pass"
    if kind == "replace":
        return f"{name}: discard another Special to replace the cancelled one, or pass"
    return f"{name} decides"


def hint_action(g, d, seat, entity: str):
    """The most natural action of ``seat`` on a board entity (a group id, ``seat:N``), or ``None``."""
    if not isinstance(entity, str) or not isinstance(seat, int) or not isinstance(d, dict):
        return None
    f = _frame(d)
    t = f.get("t")
    A = g.act
    if entity.startswith("place:"):  # an open arrow of the attacker while a captured group is placed
        return A(seat, "place", entity[6:])
    if entity.startswith("arrow:"):  # arrow:<group>:<direction>
        _, grp, direction = (entity.split(":") + ["", ""])[:3]
        if t == "place":
            return A(seat, "place", direction)
        if t == "fit":
            return A(seat, "fit", grp, direction)
        return None
    if entity.startswith("special:"):  # one of your Specials: play it
        return A(seat, "play", entity[8:]) if entity[8:] in d["hands"][seat] else None
    if entity.startswith("seat:"):
        try:
            other = int(entity[5:])
        except ValueError:
            return None
        return A(seat, "negotiate", other) if other != seat else None
    if entity not in g.cards:
        return None
    owner = g.owner(d, entity)
    mine = d["illum"][seat] if 0 <= seat < len(d.get("illum", [])) else None
    if t == "attack":
        if owner == seat:
            return A(seat, "aid", entity)
        return None
    if owner is None:  # uncontrolled: attack it to control with your Illuminati
        return A(seat, "attack", mine, "control", entity) if mine else None
    if owner == seat:
        return A(seat, "drop", entity) if entity != mine else None
    return A(seat, "attack", mine, "control", entity) if mine else None


def confirm_text(g, d, a):
    """The question to ask before action ``a`` is sent (leaving, dropping a group, ending early), or None."""
    if a.kind == "leave":
        return "Leave the game? Your groups become uncontrolled and you cannot come back."
    if a.kind == "drop":
        return f"Drop {_name(g, d, a.args[0], a.seat)}? It becomes uncontrolled."
    if a.kind == "done" and _frame(d).get("t") == "actions" and d.get("acts", 0) > 0:
        left = d["acts"]
        return f"End your action phase with {left} action{'s' if left != 1 else ''} left?"
    return None


def touched(g, d, a) -> list[str]:
    """The ids of the board entities that action ``a`` acts on (highlighted as the last move)."""
    from .scene import option_targets

    return list(dict.fromkeys(x for x in option_targets(g, a) if isinstance(x, str)))


_LEGEND = [
    ("P 6/3", "#1d1d1d", "Power / transferable Power (what it lends an attack)"),
    ("R 4", "#1d1d1d", "Resistance: how hard the group is to attack"),
    ("I 2", "#1d1d1d", "Income: MB it earns each turn"),
    ("gold card", "#d9b84a", "an Illuminati card (the root of a power structure)"),
    ("▲ yellow", "#f0c040", "an open control arrow: a new puppet can go there"),
    ("▲ grey", "#777777", "a blocked arrow (another card is in the way)"),
    ("● green", "#2f8f4e", "the group's treasury in MB (megabucks)"),
    ("MB", "#2f8f4e", "megabucks, the money of the game"),
    ("need 7", "#d9b84a", "the attack succeeds on two dice rolling this or less (11-12 always fail)"),
    ("Specials", "#5b3f7a", "Special cards; rivals' are face down"),
]


def legend(g, seat=None) -> list[dict]:
    """The board's legend: each symbol with its colour and meaning, and each seat's colour."""
    from .scene import SEAT_COLORS

    out = [{"symbol": s, "color": c, "text": t} for s, c, t in _LEGEND]
    for i, name in enumerate(g.seat_names):
        who = "you" if i == seat else "a rival"
        out.append({"symbol": name, "color": SEAT_COLORS.get(name, "#888"),
                    "text": f"{name}'s colour ({who})"})
    return out


def alias_words(alias) -> str:
    """An accusation's nickname (``ACCUSE_ALIAS``) in words: "the-net" → "the Net", "bavarians" → "the
    Bavarians" (the nickname, never the card's name: a wrong guess must not spell a hidden identity)."""
    words = str(alias).replace("-", " ").title()
    return "the " + (words[4:] if words.startswith("The ") else words)


def attach(cls) -> None:
    """Put the engine hooks on the game class.

    ``IlluminatiGame.label(cid)`` already names a card (rules.py uses it): the hook keeps that form and adds
    the engine's ``label(data, action, seat)``."""
    card_label = cls.label

    def label(self, *args, **kwargs):
        if len(args) == 1 and not kwargs:
            return card_label(self, args[0])
        data, action, *rest = args
        return action_label(self, data, action, rest[0] if rest else kwargs.get("seat"))

    attach_hooks(cls, hint=hint_action, legend=legend, confirm=confirm_text, touched=touched,
                 prompt=decision_prompt, amount=action_amount)
    cls.label = label
