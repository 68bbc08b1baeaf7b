"""Illuminati (Steve Jackson Games, rules v3.2) on the shared engine core.

Every rule is checked once, in ``check`` (``_check_<kind>``); ``candidates`` only proposes actions.
Section references ("p.5") are to the v3.2 rulebook pages.  Readings chosen where the rules leave
room are marked ``READING:`` in the code and listed in ``RULES-NOTES.md``.

Done: setup for 2–8 players, first player by 2d6, the UFO goal, income (I.R.S. tax, Post Office upkeep,
7/8-player bonus), drawing (The Network draws two), two actions, attacks to control / neutralize / destroy
with every modifier, aiding, spending, defending, assisting and interfering, privilege (discarding a
Special; Bavarian 5 MB) and abolishing it (Deep Agent; two Specials; Interference), calling off, capture
with puppets and half treasuries, moving and dropping groups, money transfers (as an action and the two free
ones; Federal Reserve), passing for 5 MB, add targets, Gnomes and Bermuda special-power step, gifts of
money and Specials at any decision point and in a table-talk window (never during a privileged attack),
the "any time" Specials at the same decision points (also during a privileged attack), all fifteen Special
cards (Secrets Man as a window after any Special played, the Senate Investigating
Committee as a window at the start of each turn), Orbital Mind Control Lasers, Recyclers, deals (groups,
money and Specials in any mix, proposed item by item, accepted or declined by the other seat, fitted by
each receiver), goals, elimination and shared victory; advanced rules: Hidden Goals, a longer game, a very
long game scored by Power, Hidden Illuminati with accusations, stated (lower or overstated) Power and
Income; the enforceable part of "throwing the game".
Not yet: see RULES-NOTES.md.
"""

from __future__ import annotations

import functools
import re

from illumi_widgets.engine import Action, Decision, Game
from illumi_widgets.engine.action import CHANCE, ActionList
from illumi_widgets.engine.errors import EngineError, IllegalAction, NotationError

from . import model as M
from .data import ALIGNMENTS, OPPOSITE, load_illuminati_data

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black")
#: Basic goal: groups controlled, Illuminati included (p.16).
BASIC_GOAL = {2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8}
#: Larger games: Illuminati income bonus (p.9).
INCOME_BONUS = {7: 3, 8: 5}
MODES = ("control", "neutralize", "destroy")
#: ``whisper``: the destroy attack that Whispering Campaign allows on a Power-0 group (specials.csv)
ATTACK_MODES = (*MODES, "whisper")
FREE_SPECIALS = ("slush-fund", "swiss-bank-account")
DICE_SPECIALS = {"assassination": 2, "murphys-law": 12}
COUNTER_SPECIALS = ("deep-agent", "interference", "interference-2")
SPECIAL_CASH = {"slush-fund": 15, "swiss-bank-account": 25}
ESPIONAGE = "computer-espionage"
SECRETS = "secrets-man-was-not-meant-to-know"
SENATE = "senate-investigating-committee"
#: READING: the rules set no limit on negotiation; a player proposes at most this many deals per turn, so
#: that bots (and hot-seat play) cannot stall a turn with endless proposals
MAX_PROPOSALS = 3
#: READING: money and Specials may be given "at any time" (p.7-8); besides the own action and transfer steps a
#: seat gives at each of its own decision points (the table-talk window, attack bidding, the dice window, the
#: Secrets Man and Senate windows, the Gnomes/Bermuda step), at most this many gifts there from the start of
#: one of its turns to the start of its next, so that random play cannot spend every window handing money
#: around
MAX_GIFTS = 2
#: READING: out of its own turn a player proposes at most this many deals from the start of one of its turns
#: to the start of its next (on its own turn: ``MAX_PROPOSALS``)
MAX_OUT_PROPOSALS = 1
#: the frames where a seat may give money or Specials and open a deal "at any time" (see ``_anytime``)
ANYTIME_FRAMES = ("actions", "transfers", "special", "attack", "react", "secrets", "senate", "talk")
#: the Specials whose timing is "any time" (specials.csv; p.8 "Some may be used at any time")
ANYTIME_SPECIALS = ("slush-fund", "swiss-bank-account", "media-campaign", "white-collar-crime", ESPIONAGE)
#: READING: an "any time" Special is played at the same decision points as gifts (``ANYTIME_FRAMES``) and
#: also in the windows against a privilege: p.7-8 forbid exchanging or giving Specials while a privileged
#: attack is under way, not using them.  No budget like ``MAX_GIFTS``: a played card is discarded for good
#: (the discard pile is never shuffled back), so the plays between two draws are bounded by the Specials in
#: the hands and random play stays finite; see ``_anytime_plays``
PLAY_FRAMES = (*ANYTIME_FRAMES, "counter", "replace")
#: READING: accusations (Hidden Illuminati, p.9) name an Illuminati by a nickname, in notation and in the
#: log, never by its id or card name, so the options listing every Illuminati and a wrong guess never spell
#: a hidden identity (as goal ids drop "goal-"); the card name is logged only when the guess is right
ACCUSE_ALIAS = {"bavarian-illuminati": "bavarians", "bermuda-triangle": "bermuda",
                "discordian-society": "discordians", "gnomes-of-zurich": "gnomes", "network": "the-net",
                "servants-of-cthulhu": "cthulhu", "society-of-assassins": "assassins", "ufos": "saucers"}
#: the kinds each frame accepts
FRAME_KINDS = {
    "actions": {"attack", "move", "transfer", "drop", "play", "bribe", "collect", "done", "gift", "offer",
                "request", "laser", "recycle", "negotiate", "accuse", "disguise", "leave"},
    "price": {"price"},
    "terms": {"dgive", "dget", "propose", "cancel"},
    "answer": {"accept", "decline"},
    "secrets": {"play", "pass", "gift", "negotiate"},
    "senate": {"play", "pass", "gift", "negotiate"},
    "talk": {"pass", "gift", "negotiate", "play"},
    "replace": {"replace", "pass", "gift", "negotiate", "play"},
    "fit": {"fit"},
    "attack": {"aid", "privilege", "spend", "assist", "interfere", "pass", "calloff", "gift", "negotiate",
               "play"},
    "place": {"place"},
    "captxfer": {"transfer", "done"},
    "transfers": {"transfer", "done", "gift", "negotiate", "play"},
    "special": {"transfer", "move", "done", "gift", "negotiate", "play"},
    "redistribute": {"transfer", "done"},
    "react": {"play", "pass", "gift", "negotiate"},
    "counter": {"play", "abolish", "pass", "gift", "negotiate"},  # gifts: refused with the reason (p.8)
    "choose": {"choose"},
}
CHANCE_FRAMES = ("deal", "first", "roll")
ROLL_WEIGHTS = {n: 6 - abs(7 - n) for n in range(2, 13)}


@functools.lru_cache(maxsize=64)
def _word_rx(text: str):
    """``text`` as a whole word (ids and names: not inside a longer id)."""
    return re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


class _MaskedLog:
    """The log as the Hidden Illuminati rule needs it: each seat reads a line with the face-down Illuminati
    it does not know masked (its own shown); the omniscient text keeps every name."""

    def __init__(self, game, d, log):
        self.game, self.d, self.log = game, d, log

    def add(self, public, private=None, secret=None):
        d, game = self.d, self.game
        full = game.hidden_mask(d, None)
        if full is None:
            self.log.add(public, private, secret)
            return
        pub = full(public)
        priv = {}
        for v in range(d["n"]):
            base = private.get(v, public) if private else public
            if base is None:
                continue
            mask = game.hidden_mask(d, v)
            text = mask(base) if mask else base
            if text != pub:
                priv[v] = text
        omni = secret if secret is not None else public
        if omni is None and private:
            omni = next(iter(private.values()))
        self.log.add(pub, priv or None, omni)


class IlluminatiGame(Game):
    """Illuminati for 2–8 players (see the module docstring for what is implemented)."""

    name = "illuminati"
    title = "Illuminati"
    min_players = 2
    max_players = 8
    seat_names = SEAT_NAMES
    presenter = "illumi_widgets.games.illuminati.scene"
    option_names = ("goal_groups", "hidden_goals", "illuminati", "hidden_illuminati", "very_long_game",
                    "overstate")
    withdraw_kinds = frozenset({"leave"})  # Leaving the Game (p.8): never a random or bot choice

    def __init__(self, players: int = 4, **options):
        super().__init__(players, **options)
        self.seat_names = SEAT_NAMES[:players]
        goal = options.get("goal_groups", BASIC_GOAL[players])
        if not isinstance(goal, int) or isinstance(goal, bool) or not 2 <= goal <= 92:
            raise EngineError(f"goal_groups must be a whole number from 2 to 92, got {goal!r}",
                              code="bad-option")
        self.goal_groups = goal  # adjusted game length (p.9): more groups for a longer game
        hidden = options.get("hidden_goals", False)
        if not isinstance(hidden, bool):
            raise EngineError(f"hidden_goals must be True or False, got {hidden!r}", code="bad-option")
        self.hidden_goals = hidden  # Hidden Goals (p.9)
        for key in ("hidden_illuminati", "very_long_game", "overstate"):
            if not isinstance(options.get(key, False), bool):
                raise EngineError(f"{key} must be True or False, got {options[key]!r}", code="bad-option")
        self.hidden_illuminati = options.get("hidden_illuminati", False)  # Hidden Illuminati (p.9)
        self.very_long = options.get("very_long_game", False)  # a very long game, scored by Power (p.9)
        # Hidden Illuminati, alternative rule (p.9): an unidentified card may overstate Power/Income by 1
        self.overstate = options.get("overstate", False)
        if self.overstate and not self.hidden_illuminati:
            raise EngineError("overstate is the alternative rule of Hidden Illuminati: it needs "
                              "hidden_illuminati=True", code="bad-option")
        chosen = options.get("illuminati")
        ids = tuple(load_illuminati_data().illuminati)
        if chosen is not None and (not isinstance(chosen, (list, tuple)) or len(chosen) != players
                                   or len(set(chosen)) != players or not set(chosen) <= set(ids)):
            raise EngineError(f"illuminati must list {players} different Illuminati ids from: "
                              f"{', '.join(ids)}", code="bad-option")
        self.chosen = None if chosen is None else tuple(chosen)  # Illuminati chosen instead of dealt (p.2)
        self.cd = cd = load_illuminati_data()
        self.cards = {**cd.illuminati, **cd.groups}
        self.ill_ids = tuple(cd.illuminati)
        self.group_ids = tuple(cd.groups)
        self.special_ids = tuple(cd.specials)
        self.deck_ids = self.group_ids + self.special_ids
        self.goal_of = {i: c.goal for i, c in cd.illuminati.items()}
        self.goal_ids = tuple(c.goal for c in cd.illuminati.values() if c.goal != "goal-ufo")

    # ================================================================================================
    # helpers
    # ================================================================================================
    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        return SEAT_NAMES[seat]

    def label(self, cid: str) -> str:
        return self.cd.name(cid)

    def owner(self, d, g):
        c = d["ctrl"].get(g)
        return None if c is None else c[0]

    def groups_of(self, d, seat) -> list:
        return [g for g, c in d["ctrl"].items() if c[0] == seat]

    def aligns(self, g, d=None) -> tuple:
        """A group's alignments now (Orbital Mind Control Lasers may change them until the end of a turn)."""
        if d is not None and g in d.get("aligns", {}):
            return tuple(d["aligns"][g])
        return self.cards[g].alignments

    def power(self, g) -> int:
        """Printed Power; the UFOs get +1 with Hidden Goals (p.9)."""
        return self.cards[g].power + (1 if g == "ufos" and self.hidden_goals else 0)

    def attack_limit(self, g) -> int:
        # p.4, p.5 and p.13: a group takes part (attacking or aiding) in one attack per turn, the UFOs'
        # Illuminati card in two.  READING: a called-off attack gives the participation back.
        return 2 if g == "ufos" else 1

    def open_sides(self, d, g) -> list:
        """Out-arrow sides of ``g`` that are free: no puppet on them and no card in the way (p.4)."""
        seat = d["ctrl"][g][0]
        pos = M.layout(d, seat, self.cards)
        cells = {(x, y) for x, y, _r in pos.values()}
        used = M.children(d, seat).get(g, {})
        x, y, r = pos[g]
        out = []
        for side in self.cards[g].arrows_out:
            if side in used:
                continue
            dx, dy = M.VEC[(side + r) % 4]
            if (x + dx, y + dy) not in cells:
                out.append(side)
        return out

    def side_of_dir(self, d, g, direction: str):
        """The card side of ``g`` whose arrow points ``direction`` now (None if unknown)."""
        if direction not in M.DIRS or g not in d["ctrl"]:
            return None
        pos = M.layout(d, d["ctrl"][g][0], self.cards)
        if g not in pos:
            return None
        return (M.DIRS.index(direction) - pos[g][2]) % 4

    def dir_of_side(self, d, g, side: int) -> str:
        pos = M.layout(d, d["ctrl"][g][0], self.cards)
        return M.DIRS[(side + pos[g][2]) % 4]

    def structure_total(self, d, seat) -> int:
        return sum(d["money"][g] for g in self.groups_of(d, seat))

    # ================================================================================================
    # engine hooks
    # ================================================================================================
    def setup(self) -> dict:
        return M.new_position(self.players, [*self.ill_ids, *self.deck_ids])

    def copy(self, d):
        return M.clone(d)

    def encode(self, d):
        return M.clone(d)

    def decode(self, obj):
        if not isinstance(obj, dict) or obj.get("n") != self.players:
            raise NotationError("position is not an Illuminati position for this player count",
                                code="bad-position")
        return M.clone(obj)

    def outcome(self, d):
        return d["result"]

    def decisions(self, d) -> list[Decision]:
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t == "deal":
            return [Decision(CHANCE, "deal", "Chance: deal the Illuminati and shuffle the deck", None)]
        if t in ("first", "roll"):
            what = (f"{self.seat_name(f['todo'][0])} rolls for first player" if t == "first"
                    else "roll two dice for the attack")
            opts = ActionList(self.act(CHANCE, "roll", n) for n in range(2, 13))
            return [Decision(CHANCE, "roll", f"Chance: {what}", opts)]
        seat = self.frame_seat(d, f)
        return [Decision(seat, t, self._prompt(d, f, seat), None)]

    def frame_seat(self, d, f) -> int:
        if f["t"] in ("attack", "react", "counter", "secrets", "senate", "talk"):
            return f["order"][f["i"]]
        return f["seat"]

    def _prompt(self, d, f, seat) -> str:
        name, t = self.seat_name(seat), f["t"]
        if t == "actions":
            return f"{name}: take an action ({d['acts']} left), a free action, or end the action phase"
        if t == "attack":
            need = self.attack_need(d, f)
            return (f"{name}: spend money on the attack on {self.label(f['target'])} (needs {need} or less) "
                    "or pass")
        if t == "place":
            return f"{name}: choose the arrow of {self.label(f['master'])} for {self.label(f['group'])}"
        if t == "captxfer":
            return f"{name}: move money from {self.label(f['from'])} to {self.label(f['to'])}, or done"
        if t == "transfers":
            return f"{name}: make up to {d['xfers']} free money transfer(s), or done"
        if t == "choose":
            return f"{name}: write down your secret goal"
        if t == "secrets":
            what = " and ".join(self.label(c) for c in f["cards"])
            return f"{name}: {self.seat_name(f['by'])} plays {what}: cancel it with a Special, or pass"
        if t == "senate":
            return f"{name}: {self.seat_name(f['seat'])}'s turn begins: play a Special against it, or pass"
        if t == "talk":
            return (f"{name}: before {self.seat_name(d['active'])} acts: give money or Specials, offer a "
                    "deal, or pass")
        if t == "replace":
            return f"{name}: one of your two Specials was cancelled: discard another to replace it, or pass"
        if t == "terms":
            return f"{name}: {self.describe_deal(d, f['deal'], seat)}; offer or ask more, propose, or cancel"
        if t == "react":
            return f"{name}: the dice show {f['roll']}: play a Special on the roll, or pass"
        if t == "counter":
            return f"{name}: the attack is privileged: play a Special against the privilege, or pass"
        if t == "price":
            dl = f["deal"]
            what = (f"{self.label(dl['group'])} from {self.seat_name(dl['from'])} to "
                    f"{self.seat_name(dl['to'])}")
            return f"{name}: name the price {self.seat_name(dl['to'])} pays for {what}"
        if t == "answer":
            return f"{name}: accept or decline: {self.describe_deal(d, f['deal'], seat)}"
        if t == "fit":
            return f"{name}: choose the arrow for {self.label(f['group'])}"
        return name

    # -- notation ------------------------------------------------------------------------------------
    def act(self, seat: int, kind: str, *args) -> Action:
        return Action(seat, kind, tuple(args), "", self.format)

    def format(self, kind: str, args: tuple) -> str:
        from .notation import format_action

        return format_action(kind, args)

    def parse(self, d, text: str, seat: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, seat)

    # ================================================================================================
    # candidates
    # ================================================================================================
    def candidates(self, d, seat: int) -> list[Action]:
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t in CHANCE_FRAMES or self.frame_seat(d, f) != seat:
            return []
        a = self.act
        out = []
        if t == "choose":
            return [a(seat, "choose", g) for g in self._goal_choices(d, seat)]
        if t == "place":
            return [a(seat, "place", dr) for dr in M.DIRS]
        if t == "talk":
            return self._anytime(d, seat) + [a(seat, "pass")]
        if t == "react":
            return ([a(seat, "play", s) for s in d["hands"][seat] if s in DICE_SPECIALS] + [a(seat, "pass")]
                    + self._anytime(d, seat))
        if t == "counter":
            hand = d["hands"][seat]
            out = [a(seat, "play", s) for s in hand if s in COUNTER_SPECIALS]
            out += [a(seat, "abolish", x, y) for i, x in enumerate(hand) for y in hand[i + 1:]]
            return out + [a(seat, "pass")] + self._anytime_plays(d, seat)
        if t == "price":
            cash = d["money"][d["illum"][f["deal"]["to"]]]
            return [a(seat, "price", n) for n in range(cash + 1)]
        if t == "answer":
            from itertools import combinations

            dl = f["deal"]
            k = dl["get"]["any"]
            if not k:
                return [a(seat, "accept"), a(seat, "decline")]
            free = [c for c in d["hands"][seat] if c not in dl["get"]["specials"]]
            return [a(seat, "accept", *pick) for pick in combinations(free, k)] + [a(seat, "decline")]
        if t == "fit":
            return [a(seat, "fit", m, dr) for m, dr in self._fit_slots(d, seat, f.get("pending", ()))]
        if t == "secrets":
            if SECRETS not in d["hands"][seat]:
                return [a(seat, "pass")] + self._anytime(d, seat)
            return ([a(seat, "play", SECRETS, c) for c in f["cards"]] + [a(seat, "pass")]
                    + self._anytime(d, seat))
        if t == "senate":
            return (([a(seat, "play", SENATE)] if SENATE in d["hands"][seat] else []) + [a(seat, "pass")]
                    + self._anytime(d, seat))
        if t == "replace":
            return ([a(seat, "replace", c) for c in d["hands"][seat]] + [a(seat, "pass")]
                    + self._anytime_plays(d, seat))
        if t == "terms":
            return self._terms_candidates(d, f, seat)
        if t == "captxfer":
            return [a(seat, "transfer", n, f["from"], f["to"])
                    for n in range(1, d["money"][f["from"]] + 1)] + [a(seat, "done")]
        mine = self.groups_of(d, seat)
        if t == "attack":
            if seat == f["seat"]:
                out += [a(seat, "aid", g) for g in mine]
                out += [a(seat, "privilege", "discard", s) for s in d["hands"][seat]]
                out.append(a(seat, "privilege", "pay"))
                out.append(a(seat, "calloff"))
                for g in (f["att"], d["illum"][seat]):
                    out += [a(seat, "spend", n, g) for n in range(1, d["money"][g] + 1)]
            elif seat == self.owner(d, f["target"]):
                for g in (f["target"], d["illum"][seat]):
                    out += [a(seat, "spend", n, g) for n in range(1, d["money"][g] + 1)]
            else:
                cash = d["money"][d["illum"][seat]]
                out += [a(seat, k, n) for k in ("assist", "interfere") for n in range(1, cash + 1)]
            out.append(a(seat, "pass"))
            return out + self._anytime(d, seat)
        if t in ("special", "redistribute"):  # special-power step (p.2 step 6); White Collar Crime
            out.append(a(seat, "done"))
            if t == "redistribute" or d["illum"][seat] == "gnomes-of-zurich":
                out += [a(seat, "transfer", n, g, h) for g in mine for h in mine if h != g
                        for n in range(1, d["money"][g] + 1)]
            else:
                out += self._move_candidates(d, seat, mine)
            return out + (self._anytime(d, seat) if t == "special" else [])
        # actions / transfers: the options in the order a player looks for them
        ill = d["illum"][seat]
        if t == "transfers":
            return self._transfer_candidates(d, seat) + self._anytime(d, seat) + [a(seat, "done")]
        targets = [g for g in self.group_ids if g in d["ctrl"] or g in d["unc"]]
        for g in mine:
            if self.cards[g].power > 0:
                for tg in targets:
                    if tg != g:
                        out += [a(seat, "attack", g, mode, tg) for mode in MODES]
                        if "whispering-campaign" in d["hands"][seat]:
                            out.append(a(seat, "attack", g, "whisper", tg))
        out += self._move_candidates(d, seat, mine)
        out += self._transfer_candidates(d, seat)
        if "bribery" in d["hands"][seat]:
            for g in mine:
                for side in (self.open_sides(d, g) if self.cards[g].arrows_out else []):
                    dr = self.dir_of_side(d, g, side)
                    out += [a(seat, "bribe", u, g, dr) for u in d["unc"]]
        if "market-manipulation" in d["hands"][seat] and d["active"] == seat:
            out.append(a(seat, "play", "market-manipulation"))
        out += [a(seat, "drop", g) for g in mine if g != ill]
        out.append(a(seat, "leave"))  # Leaving the Game (p.8): a person's choice; random play avoids it
        if d["acts"] >= 1:
            rivals = [o for o in range(d["n"]) if o != seat and d["alive"][o]]
            out += [a(seat, "offer", g, o) for g in mine if g != ill for o in rivals]
            out += [a(seat, "request", g, o) for o in rivals for g in self.groups_of(d, o)
                    if g != d["illum"][o]]
            if self.hidden_illuminati:
                known = {d["illum"][o] for o in range(d["n"]) if d["revealed"][o]}
                out += [a(seat, "accuse", o, ACCUSE_ALIAS[i]) for o in rivals if not d["revealed"][o]
                        for i in self.ill_ids if i != ill and i not in known]
        if self.hidden_illuminati and self.is_hidden(d, seat):
            out += [a(seat, "disguise", what, n) for what in ("power", "income")
                    for n in range(self._disguise_top(d, seat, what) + 1)]
        if self.owner(d, "recyclers") == seat and d["money"]["recyclers"] >= 5 and d["deck"]:
            out.append(a(seat, "recycle"))
        if self.owner(d, "orbital-mind-control-lasers") == seat and not d.get("laser_used"):
            for x in targets:
                if x == "orbital-mind-control-lasers":
                    continue
                cur = self.aligns(x, d)
                out += [a(seat, "laser", x, "add", al) for al in ALIGNMENTS
                        if al not in cur and OPPOSITE.get(al) not in cur]
                out += [a(seat, "laser", x, "remove", al) for al in cur]
                out += [a(seat, "laser", x, "reverse", al) for al in cur if al in OPPOSITE]
        out += self._anytime(d, seat)
        out += [a(seat, "collect"), a(seat, "done")]
        return out

    def _may_talk(self, d, seat) -> bool:
        """``seat`` has something to give and gifts left, or a deal proposal left (all public facts)."""
        gifts = (d["hands"][seat] or d["money"].get(d["illum"][seat])) and \
            d.get("gifts", {}).get(str(seat), 0) < MAX_GIFTS
        # READING: a seat holding any Special is asked too (it may hold an "any time" one to play); the number
        # of Specials held is public, so being asked reveals nothing
        plays = bool(d["hands"][seat])
        return bool(gifts) or plays or d.get("outdeals", {}).get(str(seat), 0) < MAX_OUT_PROPOSALS

    def _anytime(self, d, seat) -> list:
        """Gifts of money and Specials, deal openings and "any time" Specials, offered "at any time" (p.7-8):
        at every decision point of ``seat`` in ``ANYTIME_FRAMES``; ``check`` refuses gifts and deals (not
        the Specials) during a privileged attack."""
        a = self.act
        rivals = [o for o in range(d["n"]) if o != seat and d["alive"][o]]
        cash = d["money"].get(d["illum"][seat], 0) if d["illum"][seat] else 0
        out = self._anytime_plays(d, seat)
        out += [a(seat, "gift", n, o) for o in rivals for n in range(1, cash + 1)]
        out += [a(seat, "gift", c, o) for c in d["hands"][seat] for o in rivals]
        return out + [a(seat, "negotiate", o) for o in rivals]

    def _anytime_plays(self, d, seat) -> list:
        """The "any time" Specials ``seat`` holds (``ANYTIME_SPECIALS``), offered at each of its decision
        points in ``PLAY_FRAMES``."""
        a, hand, out = self.act, d["hands"][seat], []
        for s in ANYTIME_SPECIALS:
            if s not in hand:
                continue
            if s in FREE_SPECIALS:
                out.append(a(seat, "play", s))
            elif s == "media-campaign":
                out += [a(seat, "play", s, x) for x in d["dead"]]
            elif s == "white-collar-crime":
                out += [a(seat, "play", s, g) for g in self.groups_of(d, seat)]
            else:
                out += [a(seat, "play", s, o) for o in range(d["n"]) if o != seat and d["alive"][o]]
        return out

    def _terms_candidates(self, d, f, seat) -> list:
        """Building a deal (p.7-8): each item once; groups up to the actions left (each is an action)."""
        a, dl = self.act, f["deal"]
        other = dl["with"]
        out = []
        room = 0 if dl.get("nogroups") else d["acts"] - len(dl["give"]["groups"]) - len(dl["get"]["groups"])
        for kind, side, who in (("dgive", dl["give"], seat), ("dget", dl["get"], other)):
            if room > 0:
                listed = dl["give"]["groups"] + dl["get"]["groups"]
                out += [a(seat, kind, g) for g in self.groups_of(d, who)
                        if g != d["illum"][who] and self._tree_free(d, g, listed)]
            if not side["money"]:
                out += [a(seat, kind, n) for n in range(1, d["money"][d["illum"][who]] + 1)]
        out += [a(seat, "dgive", c) for c in d["hands"][seat] if c not in dl["give"]["specials"]]
        out += [a(seat, "dget", c) for c in self._known_in(d, seat, other) if c not in dl["get"]["specials"]]
        if dl["get"]["any"] + len(dl["get"]["specials"]) < len(d["hands"][other]):
            out.append(a(seat, "dget", "special"))
        return out + [a(seat, "propose"), a(seat, "cancel")]

    def _tree_free(self, d, g, listed) -> bool:
        """``g`` is not listed and neither above nor below a listed group (puppets go with their master)."""
        if g in listed:
            return False
        return not any(g in M.subtree(d, h) or h in M.subtree(d, g) for h in listed if h in d["ctrl"])

    def _known_in(self, d, viewer, holder) -> list:
        """Specials ``viewer`` has seen in ``holder``'s hand (Computer Espionage, deals), still held there."""
        pairs = d.get("known", {}).get(str(viewer), [])
        return [c for h, c in pairs if h == holder and c in d["hands"][holder]]

    def _fit_slots(self, d, seat, pending=()) -> list:
        """(master, direction) of every open arrow of ``seat``, except on groups about to leave in a deal."""
        leaving = {x for g in pending if self.owner(d, g) == seat for x in M.subtree(d, g)}
        return [(m, self.dir_of_side(d, m, side)) for m in self.groups_of(d, seat)
                if m not in leaving and self.cards[m].arrows_out for side in self.open_sides(d, m)]

    def _move_candidates(self, d, seat, mine) -> list:
        ill = d["illum"][seat]
        out = []
        for g in mine:
            for side in (self.open_sides(d, g) if self.cards[g].arrows_out else []):
                dr = self.dir_of_side(d, g, side)
                out += [self.act(seat, "move", p, g, dr) for p in mine if p != ill and p != g]
        return out

    def _transfer_candidates(self, d, seat) -> list:
        out = []
        mine = self.groups_of(d, seat)
        for g in mine:
            cash = d["money"][g]
            if not cash:
                continue
            dests = mine if g == "federal-reserve" else self.neighbours(d, g)
            for h in dests:
                if h != g:
                    out += [self.act(seat, "transfer", n, g, h) for n in range(1, cash + 1)]
        return out

    def neighbours(self, d, g) -> list:
        seat, m, _ = d["ctrl"][g]
        out = [h for h, c in d["ctrl"].items() if c[0] == seat and c[1] == g]
        if m is not None:
            out.append(m)
        return out

    # ================================================================================================
    # checks: each rule once
    # ================================================================================================
    def check(self, d, a: Action) -> IllegalAction | None:
        if d["result"] is not None:
            return _illegal("game-over", "the game is over")
        if not d["frames"]:
            return _illegal("no-decision", "nothing to decide")
        f = d["frames"][-1]
        t = f["t"]
        if t in CHANCE_FRAMES:
            if a.seat != CHANCE:
                return _illegal("chance", "chance decides now (a deal or a roll of the dice)")
            return self._check_chance(d, f, a)
        if a.seat == CHANCE:
            return _illegal("not-your-decision", "chance does not act now")
        if a.seat != self.frame_seat(d, f):
            return _illegal("not-your-decision", f"it is {self.seat_name(self.frame_seat(d, f))}'s decision")
        if a.kind not in FRAME_KINDS[t]:
            want = " or ".join(sorted(FRAME_KINDS[t]))
            return _illegal("wrong-step", f"'{a.notation()}' does not answer the pending decision ({want})")
        return getattr(self, "_check_" + a.kind)(d, f, a)

    def _check_chance(self, d, f, a):
        if f["t"] == "deal":
            if a.kind != "deal":
                return _illegal("chance", "chance must deal now")
            from .notation import decode_deal

            try:
                ills, _deck = decode_deal(self, a.args[0])
            except NotationError as e:
                return _illegal("bad-chance", e.message)
            if self.chosen and tuple(ills[: self.players]) != self.chosen:
                return _illegal("bad-chance", "this game's Illuminati were chosen: the deal must give them")
            return None
        if a.kind != "roll" or a.args[0] not in ROLL_WEIGHTS:
            return _illegal("chance", "chance must roll two dice now: roll 2 to roll 12")
        return None

    def _own(self, d, seat, g, what="group"):
        if g not in self.cards:
            return _illegal("unknown", f"there is no group '{g}'")
        if self.owner(d, g) != seat:
            return _illegal("not-yours", f"{self.label(g)} is not in your power structure")
        return None

    def _goal_choices(self, d, seat) -> tuple:
        """The UFOs pick another Illuminati's goal (p.16); with Hidden Goals the others pick any goal."""
        if d["illum"][seat] == "ufos" or self.hidden_goals:
            return self.goal_ids
        return (self.goal_of[d["illum"][seat]],) if self.hidden_illuminati else ()

    def _check_choose(self, d, f, a):
        if a.args[0] not in self._goal_choices(d, a.seat):
            return _illegal("bad-goal", "the UFOs pick the special goal of one of the other seven Illuminati "
                            "(p.16)")
        return None

    def _check_collect(self, d, f, a):
        if d["busy"]:
            return _illegal("not-idle", "a player may collect 5 MB only by taking no action of any sort this "
                            "turn (p.4)")
        return None

    def _check_done(self, d, f, a):
        return None

    def _check_leave(self, d, f, a):
        # READING: a player drops out on its own action step (the engine's moment for a seat's free choices)
        if f.get("seat") != a.seat or d["active"] != a.seat:
            return _illegal("not-now", "a player leaves the game on its own action step")
        return None

    def _check_drop(self, d, f, a):
        g = a.args[0]
        err = self._own(d, a.seat, g)
        if err:
            return err
        if self.cards[g].illuminati:
            return _illegal("illuminati", "the Illuminati cannot be dropped")
        return None

    def _check_transfer(self, d, f, a):
        n, g, h = a.args
        if f["t"] == "captxfer":
            if (g, h) != (f["from"], f["to"]):
                return _illegal("capture-transfer", f"after a capture only {self.label(f['from'])} may pass "
                                f"money to {self.label(f['to'])} (p.6)")
        elif f["t"] == "actions" and d["acts"] < 1:
            return _illegal("no-actions", "both actions are used; free transfers come after the action phase")
        elif f["t"] == "transfers" and d["xfers"] < 1:
            return _illegal("no-transfers", "both free money transfers are used (p.7)")
        elif f["t"] == "special" and d["illum"][a.seat] != "gnomes-of-zurich":
            return _illegal("not-gnomes", "only the Gnomes of Zurich move money freely at the end of a turn")
        for x in (g, h):
            err = self._own(d, a.seat, x)
            if err:
                return err
        if not isinstance(n, int) or n < 1 or n > d["money"][g]:
            return _illegal("money", f"{self.label(g)} has {d['money'][g]} MB")
        if g == h:
            return _illegal("same", "a group cannot transfer money to itself")
        anywhere = f["t"] in ("captxfer", "special", "redistribute") or g == "federal-reserve"
        if not anywhere and h not in self.neighbours(d, g):
            return _illegal("not-adjacent", "money moves only to an adjacent group, its master or a "
                            "puppet (p.7)")
        return None

    def _check_offer(self, d, f, a):
        g, other = a.args
        if self._props(d, a.seat) >= MAX_PROPOSALS:
            return _illegal("proposals", f"at most {MAX_PROPOSALS} deal proposals per turn")
        if d["acts"] < 1:
            return _illegal("no-actions", "each group exchanged counts as an action of the player whose turn "
                            "it is (p.7)")
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "deal with another player still in the game")
        owner = a.seat if a.kind == "offer" else other
        if g not in self.cards or self.owner(d, g) != owner:
            return _illegal("not-owned", f"{self.seat_name(owner)} does not control that group")
        if self.cards[g].illuminati:
            return _illegal("illuminati", "an Illuminati card cannot change hands")
        return None

    _check_request = _check_offer

    def _check_price(self, d, f, a):
        n = a.args[0]
        cash = d["money"][d["illum"][f["deal"]["to"]]]
        if not isinstance(n, int) or not 0 <= n <= cash:
            return _illegal("money", f"the buyer's Illuminati treasury holds {cash} MB (money moves only "
                            "between Illuminati, p.7)")
        dl = f["deal"]
        return self._throws(d, [(dl["from"], dl["to"], [dl["group"]], 0), (dl["to"], dl["from"], [], n)])

    def _check_accept(self, d, f, a):
        dl = f["deal"]
        want = dl["get"]["any"]
        picked = list(a.args)
        if len(picked) != want:
            return _illegal("pick", f"the deal asks for {want} Special(s) of your choice: name them after "
                            "'accept'" if want else "'accept' takes no cards here")
        hand = d["hands"][a.seat]
        if len(set(picked)) != len(picked) or any(c not in hand or c in dl["get"]["specials"]
                                                  for c in picked):
            return _illegal("not-held", "name Specials you hold (other than those the deal names)")
        return None

    def _check_decline(self, d, f, a):
        return None

    def _check_fit(self, d, f, a):
        err = self._check_slot(d, a.seat, a.args[0], a.args[1])
        if err:
            return err
        if tuple(a.args) not in self._fit_slots(d, a.seat, f.get("pending", ())):
            return _illegal("leaving", f"{self.label(a.args[0])} leaves in this deal: fit the group "
                            "elsewhere")
        return None

    # -- deals (p.7-8) ---------------------------------------------------------------------------------------
    def _check_negotiate(self, d, f, a):
        other = a.args[0]
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "deal with another player still in the game")
        if self._privileged_now(d):
            return _illegal("privileged", "no one may exchange or give away money or Specials while a "
                            "privileged attack is under way (p.7, p.8)")
        if a.seat == d["active"] and self._props(d, a.seat) >= MAX_PROPOSALS:
            return _illegal("proposals", f"at most {MAX_PROPOSALS} deal proposals per turn")
        if a.seat != d["active"] and d.get("outdeals", {}).get(str(a.seat), 0) >= MAX_OUT_PROPOSALS:
            return _illegal("proposals", f"at most {MAX_OUT_PROPOSALS} deal proposal(s) out of your own turn "
                            "between two of your turns")
        return None

    @staticmethod
    def _props(d, seat) -> int:
        """Deal proposals ``seat`` made this turn (READING 32: at most ``MAX_PROPOSALS``)."""
        p = d.get("proposals", {})
        if isinstance(p, int):  # positions saved before proposals were counted per seat
            return p if seat == d["active"] else 0
        return p.get(str(seat), 0)

    def _privileged_now(self, d) -> bool:
        """A privileged attack is under way (declared, not yet resolved or called off): p.7 "Cash or special
        cards may be transferred any time (except when a privileged attack is under way)"; p.8 "no one may
        exchange or give away Specials after privilege has been declared".  READING: from the declaration (the
        Secrets Man window on the discard included) until the attack is resolved or called off, the windows
        against the privilege and the dice window included."""
        for f in d["frames"]:
            att = f.get("attack") if f["t"] in ("roll", "react") else f
            if f["t"] in ("counter", "replace") or (att and att["t"] == "attack" and att["priv"]):
                return True
            if f["t"] == "secrets" and f["eff"]["k"] == "privilege":  # the discard declares it
                return True
        return False

    def _goal_public(self, d, seat) -> bool:
        """Everyone knows which special goal ``seat`` pursues (not the UFOs', a hidden goal or a face-down
        Illuminati's)."""
        return not (self.hidden_goals or d["illum"][seat] == "ufos" or self.is_hidden(d, seat))

    def _throws(self, d, moves) -> IllegalAction | None:
        """Throwing the game (p.8): "No player may simply 'throw' the game to another by giving them enough
        Groups, money, etc. to let them win. A trade that lets both players win is perfectly legal."

        ``moves``: ``[(giver, receiver, groups, money)]``.  READING: enforced where the table can see it: a
        gift or deal is refused when, carried out now, a receiver would meet a goal the table can check (the
        Basic Goal; a special goal only when it is public) that it does not meet now, while another party of
        the exchange would be left without one (so a trade that lets both win stays legal).  The rest (small
        gifts over several turns, motives, hidden goals) is left to the players' honour, as the rules say."""
        if self.very_long:
            return None
        cash_goal = any(m[3] and self._goal_public(d, m[1]) and self.seat_goal(d, m[1]) == "goal-money150"
                        for m in moves)
        if not cash_goal and not any(m[2] for m in moves):
            return None  # money alone changes no goal but the money goal (the common case: cheap)
        w = {**d, "ctrl": dict(d["ctrl"]), "money": dict(d["money"])}
        for giver, recv, groups, money in moves:
            for g in groups:
                for x in M.subtree(d, g):
                    w["ctrl"][x] = [recv, *d["ctrl"][x][1:]]
            w["money"][d["illum"][giver]] -= money
            w["money"][d["illum"][recv]] += money

        def met(x, s):
            return self.basic_goal_met(x, s) or (self._goal_public(d, s) and self.special_goal_met(x, s))

        parties = {p for m in moves for p in m[:2]}
        winners = [s for s in parties if met(w, s) and not met(d, s)]
        if winners and not all(met(w, s) for s in parties):
            who = " and ".join(self.seat_name(s) for s in sorted(winners))
            return _illegal("throwing", f"this would hand {who} the game: no player may throw the game to "
                            "another (p.8); a trade that lets both players win is legal")
        return None

    def _check_dgive(self, d, f, a):
        dl, x = f["deal"], a.args[0]
        giving = a.kind == "dgive"
        who = a.seat if giving else dl["with"]
        side = dl["give"] if giving else dl["get"]
        whose = "you" if giving else self.seat_name(who)
        if isinstance(x, int):
            cash = d["money"][d["illum"][who]]
            if side["money"]:
                return _illegal("already", "the deal already names that money")
            if not 1 <= x <= cash:
                return _illegal("money", f"money moves between Illuminati treasuries only (p.7): {whose} "
                                f"hold{'s' if not giving else ''} {cash} MB there")
            return None
        if x == "special":
            if giving:
                return _illegal("name", "name the Special you offer")
            if side["any"] + len(side["specials"]) >= len(d["hands"][who]):
                return _illegal("no-special", f"{whose} hold(s) only {len(d['hands'][who])} Special(s)")
            return None
        if x in self.cd.specials:
            if x in side["specials"]:
                return _illegal("already", "the deal already names that Special")
            if giving and x not in d["hands"][who]:
                return _illegal("not-held", "you do not hold that Special")
            if not giving and x not in self._known_in(d, a.seat, who):
                return _illegal("unseen", f"you have not seen that Special in {whose}'s hand: ask for "
                                "'special' (any one of their choice)")
            return None
        if x not in self.cards or self.owner(d, x) != who:
            return _illegal("not-owned", f"{whose} do{'es' if not giving else ''} not control that group")
        if self.cards[x].illuminati:
            return _illegal("illuminati", "an Illuminati card cannot change hands")
        if dl.get("nogroups"):
            return _illegal("not-now", "groups change hands only on the action step of one of the two "
                            "players (p.7): this deal may hold money and Specials")
        listed = dl["give"]["groups"] + dl["get"]["groups"]
        if len(listed) >= d["acts"]:
            return _illegal("no-actions", "each group exchanged counts as an action of the player whose "
                            f"turn it is (p.7); {d['acts']} left")
        if not self._tree_free(d, x, listed):
            return _illegal("puppet", "a group's puppets go with it (p.8): list either the master or the "
                            "puppet, once")
        return None

    _check_dget = _check_dgive

    def _check_propose(self, d, f, a):
        dl = f["deal"]
        if not any((dl[k]["groups"], dl[k]["money"], dl[k]["specials"], dl[k]["any"]) != ([], 0, [], 0)
                   for k in ("give", "get")):
            return _illegal("empty", "the deal is empty: offer or ask something first")
        for recv, k in ((dl["with"], "give"), (a.seat, "get")):
            n = len(dl[k]["groups"])
            if not n:
                continue
            # READING: arrows freed by groups leaving in the same deal count (they are fitted after those
            # groups left); the rest of the fit is checked group by group when the deal is carried out
            w = {**d, "ctrl": dict(d["ctrl"])}
            for h in dl["get" if k == "give" else "give"]["groups"]:
                for x in M.subtree(d, h):
                    del w["ctrl"][x]
            if len(self._fit_slots(w, recv)) < n:
                return _illegal("no-arrow", f"{self.seat_name(recv)} has no free control arrow for "
                                f"{n} more group(s) (p.8)")
        return self._throws_deal(d, dl)

    def _throws_deal(self, d, dl):
        by, other = dl["by"], dl["with"]
        return self._throws(d, [(by, other, dl["give"]["groups"], dl["give"]["money"]),
                                (other, by, dl["get"]["groups"], dl["get"]["money"])])

    def _check_cancel(self, d, f, a):
        return None

    def _check_replace(self, d, f, a):
        if a.args[0] not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold that Special")
        return None

    def _check_accuse(self, d, f, a):
        other, alias = a.args
        if not self.hidden_illuminati:
            return _illegal("no-option", "accusations belong to the Hidden Illuminati rule (p.9)")
        if d["acts"] < 1:
            return _illegal("no-actions", "an accusation counts as one of the two actions (p.9)")
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "accuse another player still in the game")
        if d["revealed"][other]:
            return _illegal("face-up", f"{self.seat_name(other)}'s Illuminati already plays face-up")
        ill = {v: k for k, v in ACCUSE_ALIAS.items()}.get(alias)
        if ill is None:
            return _illegal("unknown", "name an Illuminati: " + ", ".join(ACCUSE_ALIAS.values()))
        if ill == d["illum"][a.seat]:
            return _illegal("own", "that is your own Illuminati")
        if any(d["revealed"][s] and d["illum"][s] == ill for s in range(d["n"])):
            return _illegal("face-up", "that Illuminati already plays face-up elsewhere")
        return None

    # -- Hidden Illuminati (p.9): "never required to use all of his Power or Income"; overstating by 1 -------
    def _disguise_top(self, d, seat, what) -> int:
        ill = d["illum"][seat]
        printed = self.power(ill) if what == "power" else self.cards[ill].income
        return printed + (1 if self.overstate else 0)

    def shown(self, d, seat, what) -> int:
        """The Power or Income ``seat``'s Illuminati uses: the printed value, or while it is face-down the
        value its player states (``disguise``)."""
        ill = d["illum"][seat]
        printed = self.power(ill) if what == "power" else self.cards[ill].income
        if not self.is_hidden(d, seat):
            return printed
        return d.get("disguise", {}).get(str(seat), {}).get(what, printed)

    def _check_disguise(self, d, f, a):
        what, n = a.args
        if not self.hidden_illuminati:
            return _illegal("no-option", "stating your Illuminati's Power or Income belongs to the Hidden "
                            "Illuminati rule (p.9)")
        if not self.is_hidden(d, a.seat):
            return _illegal("face-up", "your Illuminati plays face-up: it uses its printed Power and Income")
        if what not in ("power", "income"):
            return _illegal("what", "disguise power N or disguise income N")
        top = self._disguise_top(d, a.seat, what)
        if not isinstance(n, int) or not 0 <= n <= top:
            more = " (1 more with the alternative rule)" if self.overstate else ""
            return _illegal("range", f"you may use less than your full {what.title()}, never more{more} "
                            f"(p.9): 0 to {top}")
        if f"{a.seat}:{what}" in d.get("disguised", []):
            return _illegal("once", f"you already changed the {what.title()} you show this turn")
        if n == self.shown(d, a.seat, what):
            return _illegal("same", f"your Illuminati already shows {what.title()} {n}")
        return None

    def _do_disguise(self, d, a, log):
        # READING: a standing statement, public (the table sees the numbers used), changed at most once a turn
        # each, on the own action step; the stated Power is what the face-down card uses when it attacks or
        # aids, the stated Income what it collects from the next Income phase on; goals and the very long
        # game's score count the printed Power; it lapses when the card is identified
        what, n = a.args
        d.setdefault("disguise", {}).setdefault(str(a.seat), {})[what] = n
        d.setdefault("disguised", []).append(f"{a.seat}:{what}")
        log.add(f"{self.seat_name(a.seat)}'s Illuminati now shows {what.title()} {n}.")

    def _check_recycle(self, d, f, a):
        if self.owner(d, "recyclers") != a.seat or d["money"]["recyclers"] < 5:
            return _illegal("recyclers", "the Recyclers pay 5 MB from their own treasury for an extra draw")
        if not d["deck"]:
            return _illegal("empty", "the deck is empty")
        return None

    def _do_recycle(self, d, a, log):
        # READING: no limit per turn (the card sets none); not an action (groups.csv)
        self._pay_in(d, "recyclers", 5)
        d["busy"] = True
        self._draw(d, a.seat, log)

    def _check_laser(self, d, f, a):
        x, op, al = a.args
        if self.owner(d, "orbital-mind-control-lasers") != a.seat:
            return _illegal("lasers", "you do not control the Orbital Mind Control Lasers")
        if d.get("laser_used"):
            return _illegal("used", "the Lasers change one alignment per turn")
        if x not in self.cd.groups or x == "orbital-mind-control-lasers" or (
                x not in d["ctrl"] and x not in d["unc"]):
            return _illegal("target", "the Lasers act on one other group in play")
        cur = self.aligns(x, d)
        if op == "add":
            ok = al in ALIGNMENTS and al not in cur and OPPOSITE.get(al) not in cur
        elif op == "remove":
            ok = al in cur
        elif op == "reverse":
            ok = al in cur and al in OPPOSITE
        else:
            ok = False
        if not ok:
            now = ", ".join(cur) or "none"
            return _illegal("alignment", f"cannot {op} {al} on {self.label(x)} (now: {now})")
        return None

    def _do_laser(self, d, a, log):
        # READING: a free action once per turn; the change lasts until the end of the turn, so it counts
        # for the goals checked then; an alignment opposite to one the group has is added by reversing it
        x, op, al = a.args
        cur = list(self.aligns(x, d))
        if op == "add":
            cur.append(al)
        elif op == "remove":
            cur.remove(al)
        else:
            cur[cur.index(al)] = OPPOSITE[al]
        d["aligns"][x] = cur
        d["laser_used"] = True
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)}'s Orbital Mind Control Lasers {op} {al} on {self.label(x)} "
                "until the end of the turn.")

    def _check_gift(self, d, f, a):
        n, other = a.args
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "give money or Specials to another player still in the game")
        if self._privileged_now(d):
            return _illegal("privileged", "no one may exchange or give away money or Specials while a "
                            "privileged attack is under way (p.7, p.8)")
        if isinstance(n, str) and not n.isdigit():
            if n not in d["hands"][a.seat]:
                return _illegal("not-held", "you do not hold that Special")
        else:
            cash = d["money"][d["illum"][a.seat]]
            if not isinstance(n, int) or n < 1 or n > cash:
                return _illegal("money", f"gifts go from Illuminati to Illuminati; yours holds {cash} MB "
                                "(p.7)")
        if f["t"] not in ("actions", "transfers") and d.get("gifts", {}).get(str(a.seat), 0) >= MAX_GIFTS:
            return _illegal("gifts", f"at most {MAX_GIFTS} gifts outside your own action and transfer steps "
                            "between two of your turns")
        if isinstance(n, int):
            return self._throws(d, [(a.seat, other, [], n)])
        return None

    # -- deals (p.7-8): proposals the other seat accepts or declines -----------------------------------------
    # A deal: {"by": proposer, "with": other, "give": ITEMS, "get": ITEMS}; "give" goes from the proposer to
    # the other seat, "get" the other way; ITEMS = {"groups", "money" (Illuminati to Illuminati), "specials",
    # "any": Specials of the giver's choice}.  READING: deals are proposed on the active player's action step
    # (groups move only on the turn of one of the players, p.7); each group named counts as one action of the
    # active player when the deal is carried out, its puppets go along free; money and Specials are free.
    @staticmethod
    def _items() -> dict:
        return {"groups": [], "money": 0, "specials": [], "any": 0}

    def _do_negotiate(self, d, a, log):
        self._count_proposal(d, a.seat)
        dl = {"by": a.seat, "with": a.args[0], "give": self._items(), "get": self._items()}
        # READING: groups change hands only on the turn of one of the two players (p.7), as actions of the
        # active player: in a deal opened on its action step, or in the table-talk window before it with it;
        # every other deal holds money and Specials only
        t, act = d["frames"][-1]["t"], d["active"]
        if not (t == "actions" or (t == "talk" and act in (a.seat, a.args[0]))):
            dl["nogroups"] = True
        d["frames"].append({"t": "terms", "seat": a.seat, "deal": dl})

    @staticmethod
    def _count_proposal(d, seat):
        if seat != d["active"]:
            out = d.setdefault("outdeals", {})
            out[str(seat)] = out.get(str(seat), 0) + 1
            return
        p = d.get("proposals")
        if not isinstance(p, dict):
            p = d["proposals"] = {} if not p else {str(d["active"]): p}
        p[str(seat)] = p.get(str(seat), 0) + 1

    def _do_dgive(self, d, a, log):
        dl = d["frames"][-1]["deal"]
        side = dl["give"] if a.kind == "dgive" else dl["get"]
        x = a.args[0]
        if isinstance(x, int):
            side["money"] = x
        elif x == "special":
            side["any"] += 1
        elif x in self.cd.specials:
            side["specials"].append(x)
        else:
            side["groups"].append(x)

    _do_dget = _do_dgive

    def _do_cancel(self, d, a, log):
        d["frames"].pop()

    def describe_deal(self, d, dl, viewer=None) -> str:
        """The deal in words; Specials are named only to the two parties (the others learn how many)."""
        names = viewer in (dl["by"], dl["with"])

        def items(x):
            out = [self.label(g) for g in x["groups"]]
            if x["money"]:
                out.append(f"{x['money']} MB")
            if names:
                out += [self.label(c) for c in x["specials"]]
            elif x["specials"]:
                out.append(f"{len(x['specials'])} Special(s)")
            if x["any"]:
                out.append(f"{x['any']} Special(s) of {self.seat_name(dl['with'])}'s choice")
            return ", ".join(out) or "nothing"

        by, other = self.seat_name(dl["by"]), self.seat_name(dl["with"])
        return f"{by} gives {other} {items(dl['give'])}; {other} gives {by} {items(dl['get'])}"

    def _do_propose(self, d, a, log):
        dl = d["frames"].pop()["deal"]
        self._propose(d, dl, log)

    def _propose(self, d, dl, log):
        by, other = dl["by"], dl["with"]
        # READING: Specials offered by name are shown to the other player with the proposal
        for c in dl["give"]["specials"]:
            self._learn(d, other, by, c)
        log.add(f"{self.seat_name(by)} proposes a deal to {self.seat_name(other)}: "
                f"{self.describe_deal(d, dl)}.",
                {s: f"{self.seat_name(by)} proposes a deal to {self.seat_name(other)}: "
                    f"{self.describe_deal(d, dl, s)}." for s in (by, other)})
        d["frames"].append({"t": "answer", "seat": other, "deal": dl})

    def _learn(self, d, viewer, holder, card):
        pairs = d.setdefault("known", {}).setdefault(str(viewer), [])
        if [holder, card] not in pairs:
            pairs.append([holder, card])

    def _forget(self, d, card):
        """``card`` left a hand: what anyone saw of it there no longer holds."""
        for pairs in d.get("known", {}).values():
            pairs[:] = [p for p in pairs if p[1] != card]

    def _hand_over(self, d, card, frm, to):
        d["hands"][frm].remove(card)
        d["hands"][to].append(card)
        self._forget(d, card)
        for s in (frm, to):  # both parties know where the card went
            self._learn(d, s, to, card)

    # the simple forms: one group sold or bought, the proposer names the price
    def _do_offer(self, d, a, log):
        g, other = a.args
        self._count_proposal(d, a.seat)
        seller, buyer = (a.seat, other) if a.kind == "offer" else (other, a.seat)
        deal = {"group": g, "from": seller, "to": buyer, "price": 0, "proposer": a.seat}
        d["frames"].append({"t": "price", "seat": a.seat, "deal": deal})

    _do_request = _do_offer

    def _do_price(self, d, a, log):
        f = d["frames"].pop()
        old = f["deal"]
        other = old["to"] if old["from"] == a.seat else old["from"]
        dl = {"by": a.seat, "with": other, "give": self._items(), "get": self._items()}
        mine, theirs = (dl["give"], dl["get"]) if old["from"] == a.seat else (dl["get"], dl["give"])
        mine["groups"].append(old["group"])
        theirs["money"] = a.args[0]
        self._propose(d, dl, log)

    def _do_decline(self, d, a, log):
        d["frames"].pop()
        log.add(f"{self.seat_name(a.seat)} declines the deal.")

    def _do_accept(self, d, a, log):
        dl = d["frames"].pop()["deal"]
        by, other = dl["by"], dl["with"]
        give, get = dl["give"], dl["get"]
        for n, frm, to in ((give["money"], by, other), (get["money"], other, by)):
            d["money"][d["illum"][frm]] -= n
            d["money"][d["illum"][to]] += n
        for c in give["specials"]:
            self._hand_over(d, c, by, other)
        picked = list(a.args)
        for c in get["specials"] + picked:
            self._hand_over(d, c, other, by)
        moving = [[other, g] for g in give["groups"]] + [[by, g] for g in get["groups"]]
        d["acts"] -= len(moving)  # each group exchanged: one action of the player whose turn it is (p.7)
        if d["active"] in (by, other):
            d["busy"] = True
        shown = {**dl, "get": {**get, "specials": get["specials"] + picked, "any": 0}}
        log.add(f"{self.seat_name(a.seat)} accepts: {self.describe_deal(d, shown)}.",
                {s: f"{self.seat_name(a.seat)} accepts: {self.describe_deal(d, shown, s)}."
                 for s in (by, other)})
        d["frames"].append({"t": "dealfit", "queue": moving, "pending": [g for _, g in moving]})

    def _auto_dealfit(self, d, f, log):
        """Each group received is fitted by its receiver, in the deal's order (p.8)."""
        if not f["queue"]:
            d["frames"].pop()
            self._eliminations(d, log)
            return
        # the first group whose receiver can fit it now (so groups leaving free their arrows first)
        ready = [i for i, (s, g) in enumerate(f["queue"])
                 if self._fit_slots(d, s, [x for x in f["pending"] if x != g])]
        seat, g = f["queue"].pop(ready[0] if ready else 0)
        f["pending"].remove(g)
        if not self._fit_slots(d, seat, f["pending"]):
            # READING: a received group that fits on no open arrow becomes uncontrolled with its puppets
            # (treasuries to the bank)
            log.add(f"{self.label(g)} cannot be fitted and becomes uncontrolled.")
            self._release(d, g, log)
            return
        d["frames"].append({"t": "fit", "seat": seat, "group": g, "pending": list(f["pending"])})

    def _do_fit(self, d, a, log):
        f = d["frames"].pop()
        master, direction = a.args
        side = self.side_of_dir(d, master, direction)
        log.add(f"{self.label(f['group'])} joins {self.seat_name(a.seat)}'s power structure under "
                f"{self.label(master)}.")
        self._graft(d, a.seat, f["group"], master, side, log, keep=1.0)  # treasuries go along (p.8)

    def _do_gift(self, d, a, log):
        x, other = a.args
        f = d["frames"][-1]
        if f["t"] in ("actions", "transfers"):
            d["busy"] = True
        else:
            gifts = d.setdefault("gifts", {})
            gifts[str(a.seat)] = gifts.get(str(a.seat), 0) + 1
        by, to = self.seat_name(a.seat), self.seat_name(other)
        if isinstance(x, int):
            d["money"][d["illum"][a.seat]] -= x
            d["money"][d["illum"][other]] += x
            log.add(f"{by} gives {x} MB to {to}.")
            return
        # a Special: the two players see which; the others only that one moved (the count is public, p.8)
        self._hand_over(d, x, a.seat, other)
        text = f"{by} gives {self.label(x)} to {to}."
        log.add(f"{by} gives a Special card to {to}.", {a.seat: text, other: text}, text)

    def _check_play(self, d, f, a):
        s = a.args[0]
        if s not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold that Special")
        if s in ANYTIME_SPECIALS:
            if f["t"] not in PLAY_FRAMES:
                return _illegal("timing", f"{self.label(s)} is played at one of your own decision points")
            return self._check_anytime_play(d, a)
        if f["t"] not in ("actions", "react", "counter", "secrets", "senate"):
            return _illegal("timing", f"only an \"any time\" Special may be played now, not {self.label(s)}")
        if f["t"] == "react":
            if s not in DICE_SPECIALS or len(a.args) != 1:
                return _illegal("timing", "only Assassination or Murphy's Law act on a roll of the dice")
        elif f["t"] == "counter":
            if s not in COUNTER_SPECIALS or len(a.args) != 1:
                return _illegal("timing", "against a privilege: Deep Agent, Interference, or two Specials "
                                "discarded together")
        elif f["t"] == "secrets":
            if s != SECRETS or len(a.args) != 2 or a.args[1] not in f["cards"]:
                return _illegal("timing", "now only Secrets Man Was Not Meant To Know may be played, naming "
                                "the Special it cancels")
        elif f["t"] == "senate":
            if s != SENATE or len(a.args) != 1:
                return _illegal("timing", "at the start of another player's turn only the Senate "
                                "Investigating Committee may be played")
        elif s == SENATE:
            return _illegal("timing", "the Senate Investigating Committee is played at the start of another "
                            "player's turn")
        elif s == SECRETS:
            return _illegal("timing", "Secrets Man Was Not Meant To Know is played when another Special is "
                            "played")
        elif s == "market-manipulation":
            if f["t"] != "actions" or d["active"] != a.seat or len(a.args) != 1:
                return _illegal("timing", "Market Manipulation doubles your income on your own turn")
        else:
            return _illegal("not-implemented", f"{self.label(s)} cannot be played now (or not in this "
                            "version yet)")
        return None

    def _check_anytime_play(self, d, a):
        s = a.args[0]
        if s == ESPIONAGE:
            o = a.args[1] if len(a.args) == 2 else None
            if not isinstance(o, int) or not 0 <= o < d["n"] or o == a.seat or not d["alive"][o]:
                return _illegal("bad-seat", "Computer Espionage looks at the Specials of another player in "
                                "the game")
        elif s == "white-collar-crime":
            if len(a.args) != 2 or self.owner(d, a.args[1]) != a.seat:
                return _illegal("not-yours", "White Collar Crime puts 5 MB on one of your own groups")
        elif s == "media-campaign":
            if len(a.args) != 2 or a.args[1] not in d["dead"]:
                return _illegal("not-dead", "Media Campaign brings back one group from the dead pile (p.6)")
        elif len(a.args) != 1:
            return _illegal("bad-args", f"{self.label(s)} names nothing: play {s}")
        return None

    def _check_slot(self, d, seat, master, direction):
        err = self._own(d, seat, master)
        if err:
            return err
        side = self.side_of_dir(d, master, direction)
        if side is None or side not in self.cards[master].arrows_out:
            return _illegal("no-arrow", f"{self.label(master)} has no control arrow pointing {direction}")
        if side not in self.open_sides(d, master):
            return _illegal("blocked", f"the {direction} arrow of {self.label(master)} is used or "
                            "blocked (p.4)")
        return None

    def _check_move(self, d, f, a):
        g, master, direction = a.args
        if f["t"] == "special":
            if d["illum"][a.seat] != "bermuda-triangle":
                return _illegal("not-bermuda", "only the Bermuda Triangle reorganizes at the end of a turn")
        elif d["acts"] < 1:
            return _illegal("no-actions", "moving a group is an action and both are used (p.7)")
        err = self._own(d, a.seat, g)
        if err:
            return err
        if self.cards[g].illuminati:
            return _illegal("illuminati", "the Illuminati card does not move")
        err = self._check_slot(d, a.seat, master, direction)
        if err:
            return err
        if master in M.subtree(d, g):
            return _illegal("cycle", f"{self.label(g)} cannot be placed under itself or its own puppets")
        # READING: the new arrow must be open now; an arrow blocked only by a card of the moving sub-tree
        # itself counts as blocked.
        return None

    def _check_bribe(self, d, f, a):
        t, master, direction = a.args
        if "bribery" not in d["hands"][a.seat]:
            return _illegal("not-held", "you do not hold Bribery")
        if d["acts"] < 1:
            return _illegal("no-actions", "playing Bribery is a regular action (p.7)")
        if t not in d["unc"]:
            return _illegal("not-uncontrolled", "Bribery takes an uncontrolled group")
        return self._check_slot(d, a.seat, master, direction)

    def _check_attack(self, d, f, a):
        g, mode, t = a.args
        seat = a.seat
        if d["acts"] < 1:
            return _illegal("no-actions", "an attack is an action and both are used (p.4)")
        err = self._own(d, seat, g)
        if err:
            return err
        if mode not in ATTACK_MODES:
            return _illegal("mode", "attack to control, neutralize or destroy (or whisper: Whispering "
                            "Campaign)")
        if t not in self.cards:
            return _illegal("unknown", f"there is no group '{t}'")
        c = self.cards[g]
        if self.power(g) <= 0:
            return _illegal("no-power", f"{c.name} has no Power and cannot attack (p.3)")
        if d["used"].get(g, 0) >= self.attack_limit(g):
            return _illegal("used", f"{c.name} has already attacked or aided this turn (p.4)")
        if self.cards[t].illuminati:
            return _illegal("illuminati", "Illuminati cannot be attacked (p.4)")
        if t == g:
            return _illegal("self", "no group may attack itself (p.6)")
        if t not in d["unc"] and t not in d["ctrl"]:
            return _illegal("not-in-play", f"{self.label(t)} is not in play")
        tseat = self.owner(d, t)
        if mode == "control":
            if tseat == seat:
                return _illegal("own", "you already control that group (p.4)")
            if not self.open_sides(d, g):
                return _illegal("no-arrow", f"{c.name} has no open control arrow (p.4)")
        if mode == "neutralize" and (tseat is None or tseat == seat):
            return _illegal("not-rival", "only a group controlled by another player can be neutralized (p.6)")
        if mode == "destroy" and self.power(t) == 0:
            return _illegal("powerless", f"{self.label(t)} has no Power: it cannot be destroyed except by "
                            "Whispering Campaign (p.6)")
        if mode == "whisper":
            if "whispering-campaign" not in d["hands"][seat]:
                return _illegal("not-held", "a whisper attack needs the Whispering Campaign card")
            if self.power(t) != 0:
                return _illegal("has-power", "Whispering Campaign destroys only a group with no Power")
        return self._discordian(d, g, t)

    def _discordian(self, d, g, t):
        tseat = self.owner(d, t)
        if tseat is not None and d["illum"][tseat] == "discordian-society":
            bad = {"Straight", "Government"} & set(self.aligns(g, d))
            if bad:
                whose = ("that power structure" if self.is_hidden(d, tseat)
                         else "the Discordian power structure")
                return _illegal("discordian", f"{self.label(g)} is {'/'.join(sorted(bad))}: it may "
                                f"not attack or aid an attack on {whose} (p.12)")
        return None

    def _check_aid(self, d, f, a):
        g = a.args[0]
        err = self._own(d, a.seat, g)
        if err:
            return err
        if f["spent"]:
            return _illegal("late", "all transferable power must be announced before any money is "
                            "spent (p.5)")
        if g == f["att"] or g in f["aid"]:
            return _illegal("already", f"{self.label(g)} already takes part in this attack")
        if self.cards[g].tp <= 0:
            return _illegal("no-tp", f"{self.label(g)} has no transferable power (p.5)")
        if d["used"].get(g, 0) >= self.attack_limit(g):
            return _illegal("used", f"{self.label(g)} has already attacked or aided this turn (p.5)")
        if g == f["target"]:
            return _illegal("self", "no group may aid an attempt to destroy itself (p.6)")
        return self._discordian(d, g, f["target"])

    def _check_abolish(self, d, f, a):
        x, y = a.args
        hand = list(d["hands"][a.seat])
        if x == y or x not in hand or y not in hand:
            return _illegal("not-held", "discard two Specials you hold to abolish the privilege (p.8)")
        return None

    def _check_privilege(self, d, f, a):
        if f.get("abolished"):
            return _illegal("abolished", "the privilege was abolished: it cannot be reinstated (p.7)")
        if f["spent"]:
            return _illegal("late", "privilege is declared when the attack is announced (p.7)")
        if f["priv"]:
            return _illegal("already", "the attack is already privileged")
        if a.args[0] == "pay":
            if d["illum"][a.seat] != "bavarian-illuminati":
                return _illegal("not-bavarian", "only the Bavarian Illuminati may buy privilege (p.7)")
            if d["priv_used"]:
                return _illegal("used", "the Bavarian Illuminati make one privileged attack per turn (p.7)")
            if d["money"]["bavarian-illuminati"] < 5:
                return _illegal("money", "privilege costs 5 MB from the Illuminati treasury (p.7)")
            return None
        if a.args[0] != "discard" or len(a.args) < 2 or a.args[1] not in d["hands"][a.seat]:
            return _illegal("not-held", "discard a Special you hold to make the attack privileged (p.7)")
        return None

    def _check_calloff(self, d, f, a):
        if f["spent"]:
            return _illegal("committed", "money has been spent: the attack is committed (p.7)")
        return None

    def _check_pass(self, d, f, a):
        return None

    def _check_spend(self, d, f, a):
        n, g = a.args
        seat = a.seat
        ill = d["illum"][seat]
        if seat == f["seat"]:
            if g not in (f["att"], ill):
                return _illegal("wrong-treasury", "attack money comes from the attacking group or the "
                                "Illuminati treasury (p.5)")
        elif seat == self.owner(d, f["target"]):
            if g not in (f["target"], ill):
                return _illegal("wrong-treasury", "defence money comes from the defending group or the "
                                "Illuminati treasury (p.5)")
        else:
            return _illegal("not-party", "other players assist or interfere from their Illuminati (p.7)")
        if not isinstance(n, int) or n < 1 or n > d["money"].get(g, 0):
            return _illegal("money", f"{self.label(g)} has {d['money'].get(g, 0)} MB")
        return None

    def _check_assist(self, d, f, a):
        n = a.args[0]
        if a.seat in (f["seat"], self.owner(d, f["target"])):
            return _illegal("party", "attacker and defender spend with 'spend N from GROUP'")
        if f["priv"] and a.seat not in f.get("interferers", ()):
            return _illegal("privileged", "no one may interfere with a privileged attack (p.7)")
        cash = d["money"][d["illum"][a.seat]]
        if not isinstance(n, int) or n < 1 or n > cash:
            return _illegal("money", f"your Illuminati treasury holds {cash} MB")
        return None

    _check_interfere = _check_assist

    def _check_place(self, d, f, a):
        return self._check_slot(d, a.seat, f["master"], a.args[0])

    # ================================================================================================
    # attack arithmetic
    # ================================================================================================
    def attack_terms(self, d, f) -> list:
        """The modifiers of an attack, as ``(label, value)``; their sum is the roll needed (p.5, p.16)."""
        g, t, mode, seat = f["att"], f["target"], f["mode"], f["seat"]
        cg, ct = self.cards[g], self.cards[t]
        tseat = self.owner(d, t)
        terms = [(f"Power of {cg.name}", self.shown(d, seat, "power") if cg.illuminati else self.power(g))]
        terms += [(f"transferable Power of {self.label(x)}",
                   self.shown(d, seat, "power") if self.cards[x].illuminati else self.cards[x].tp)
                  for x in f["aid"]]
        att_al = list(self.aligns(g, d))
        tal = self.aligns(t, d)
        if g == "chinese-campaign-donors" and mode == "control" and "Government" in tal:
            # READING: "counts as Government" replaces its Communist alignment for that attempt
            att_al = ["Government" if x == "Communist" else x for x in att_al]
        if mode == "destroy":
            terms.append((f"Power of {ct.name}", -self.power(t)))
        elif mode == "whisper":  # Whispering Campaign: attacker Power minus target Resistance
            terms.append((f"Resistance of {ct.name}", -ct.resistance))
        else:
            res = ct.resistance
            if t == "gun-lobby" and {"Liberal", "Communist", "Weird"} & set(att_al):
                res = int(ct.params.get("resistance", 10))
            terms.append((f"Resistance of {ct.name}", -res))
            if tseat is not None and tseat != seat and t != "survivalists" and \
                    self.owner(d, "survivalists") == tseat:
                # READING: the Survivalists' +2 applies where Resistance is used (control, neutralize)
                terms.append(("Survivalists protect their master's groups", -2))
        same = [x for x in att_al if x in tal and x != "Fanatic"]
        opp = [x for x in att_al if OPPOSITE.get(x) in tal]
        if "Fanatic" in att_al and "Fanatic" in tal:
            # any two Fanatic groups are opposite (p.3); READING: and therefore not also "identical"
            opp.append("Fanatic")
        sign = -1 if mode in ("destroy", "whisper") else 1
        for x in same:
            terms.append((f"same alignment ({x})", 4 * sign))
        for x in opp:
            terms.append((f"opposite alignment ({x})", -4 * sign))
        if mode == "neutralize":
            terms.append(("attack to neutralize", 6))
        if tseat is not None and tseat != seat:
            k = M.depth(d, t)
            bonus = {1: 10, 2: 5, 3: 2}.get(k, 0)
            if bonus:
                where = "next to" if k == 1 else f"{k - 1} group(s) away from"
                terms.append((f"{ct.name} is {where} its Illuminati", -bonus))
        terms += self.ability_terms(d, seat, g, t, mode)
        sp = f["spent"]
        for key, label, mult in (("att", "MB spent by the attacker", 1),
                                 ("defg", "MB spent by the defending group", -2),
                                 ("defi", "MB spent by the defender's Illuminati", -1),
                                 ("assist", "MB spent by other players to assist", 1),
                                 ("interfere", "MB spent by other players to interfere", -1)):
            if sp.get(key):
                terms.append((label, mult * sp[key]))
        return terms

    def attack_need(self, d, f) -> int:
        return sum(v for _, v in self.attack_terms(d, f))

    def ability_terms(self, d, seat, g, t, mode) -> list:
        """Special abilities: the attacker's "any attempt" groups, the attacking card's own, Illuminati."""
        ct = self.cards[t]
        if mode == "whisper":  # READING: a Whispering Campaign attack is a destroy attempt for every bonus
            mode = "destroy"
        out = []
        ill = d["illum"][seat]
        tal = self.aligns(t, d)
        if ill == "discordian-society" and mode == "control" and "Weird" in tal:
            out.append(("Discordian Society: control of a Weird group", 4))
        if ill == "servants-of-cthulhu" and mode == "destroy":
            out.append(("Servants of Cthulhu: destroy", 2))
        if ill == "society-of-assassins" and mode == "neutralize":
            out.append(("Society of Assassins: neutralize", 4))
        for h in self.groups_of(d, seat):
            c = self.cards[h]
            kinds = {"control_bonus": ("control",), "neutralize_bonus": ("neutralize",),
                     "destroy_bonus": ("destroy",)}.get(c.kind)
            if c.kind == "attack_bonus":
                kinds = tuple(c.params.get("attacks", "").split("|"))
            if not kinds or mode not in kinds:
                continue
            scope = c.params.get("scope")
            if scope == "self" and h != g:
                continue
            bonus = 0
            if "bonus_by_target" in c.params:
                table = dict(x.split(":") for x in c.params["bonus_by_target"].split("|"))
                bonus = int(table.get(ct.name, 0))
            else:
                targets = c.params.get("target", "")
                vs = c.params.get("vs_alignment")
                if vs:
                    ok = vs in tal
                elif targets:
                    ok = targets == "any" or ct.name in targets.split("|")
                else:
                    ok = False
                bonus = int(c.params.get("bonus", 0)) if ok else 0
            if bonus:
                out.append((f"{c.name}: {c.ability}", bonus))
        return out

    # ================================================================================================
    # perform
    # ================================================================================================
    def perform(self, d, a: Action, log) -> None:
        log = self._masked_log(d, log)
        getattr(self, "_do_" + a.kind)(d, a, log)
        self._advance(d, log)

    def after_edit(self, d, log) -> None:
        self._advance(d, self._masked_log(d, log))

    def _advance(self, d, log) -> None:
        while d["result"] is None and d["frames"]:
            f = d["frames"][-1]
            auto = getattr(self, "_auto_" + f["t"], None)
            if auto is not None:
                auto(d, f, log)
                continue
            if f["t"] in ("place", "fit"):
                opts = self.legal(d, f["seat"])
                if len(opts) == 1:
                    getattr(self, "_do_" + opts[0].kind)(d, opts[0], log)
                    continue
            if f["t"] == "captxfer" and d["money"].get(f["from"], 0) == 0:
                d["frames"].pop()
                continue
            break

    def sample_chance(self, d, rng) -> Action:
        t = d["frames"][-1]["t"]
        if t == "deal":
            from .notation import encode_deal

            ills = rng.shuffle(list(self.ill_ids))
            if self.chosen:
                ills = list(self.chosen) + [i for i in ills if i not in self.chosen]
            return self.act(CHANCE, "deal", encode_deal(self, ills, rng.shuffle(list(self.deck_ids))))
        return self.act(CHANCE, "roll", rng.below(6) + rng.below(6) + 2)

    # -- bank ------------------------------------------------------------------------------------------
    def _pay_out(self, d, g, n):
        d["money"][g] += n
        d["minted"] += n

    def _pay_in(self, d, g, n):
        n = min(n, d["money"][g])
        d["money"][g] -= n
        d["minted"] -= n
        return n

    # -- setup ------------------------------------------------------------------------------------------
    def _do_deal(self, d, a, log):
        from .notation import decode_deal

        ills, deck = decode_deal(self, a.args[0])
        d["box"] = []
        for s in range(d["n"]):
            ill = ills[s]
            d["illum"][s] = ill
            d["ctrl"][ill] = [s, None, None]
            d["money"][ill] = 0
            self._pay_out(d, ill, self.cards[ill].income)  # READING: setup income without the 7/8 bonus
            if self.hidden_illuminati:  # Hidden Illuminati (p.9): the card is kept face-down
                log.add(f"{self.seat_name(s)} takes an Illuminati card face-down.",
                        {s: f"You are {self.label(ill)}."})
            else:
                log.add(f"{self.seat_name(s)} is {self.label(ill)}.")
        d["out"] = list(ills[d["n"]:])
        d["deck"] = list(deck)
        # four uncontrolled groups; Specials turned up are buried (READING: at the bottom of the deck)
        while len(d["unc"]) < 4 and d["deck"]:
            c = d["deck"].pop()
            if c in self.cd.specials:
                d["deck"].insert(0, c)
            else:
                d["unc"].append(c)
        log.add("Uncontrolled: " + ", ".join(self.label(g) for g in d["unc"]) + ".")
        d["frames"] = [{"t": "first", "todo": list(range(d["n"])), "rolls": {}}]
        if self.hidden_goals or self.hidden_illuminati:  # every player writes down a goal, first seat first
            # READING: with Hidden Illuminati (and no Hidden Goals) everyone takes the step, the others with
            # their own Illuminati's goal as the only choice, so the step does not single out the UFOs
            for s in reversed(range(d["n"])):
                d["frames"].append({"t": "choose", "seat": s})
        elif "ufos" in d["illum"]:
            d["frames"].append({"t": "choose", "seat": d["illum"].index("ufos")})

    def _do_choose(self, d, a, log):
        d["goals"][a.seat] = a.args[0]
        d["frames"].pop()
        log.add(f"{self.seat_name(a.seat)} writes down a secret goal.",
                {a.seat: f"You chose the goal {a.args[0]}."})

    def _do_roll(self, d, a, log):
        f = d["frames"][-1]
        n = a.args[0]
        d["last_roll"] = n
        if f["t"] == "first":
            s = f["todo"].pop(0)
            f["rolls"][str(s)] = n
            log.add(f"{self.seat_name(s)} rolls {n} for first player.")
            if not f["todo"]:
                best = max(f["rolls"].values())
                top = [int(k) for k, v in f["rolls"].items() if v == best]
                if len(top) > 1:
                    f["todo"], f["rolls"] = sorted(top), {}
                    log.add("Tie for the highest roll: " + ", ".join(self.seat_name(s) for s in top)
                            + " roll again.")
                else:
                    d["frames"].pop()
                    self._start_turn(d, top[0], log)
            return
        d["frames"].pop()
        if any(c not in d["discard"] for c in DICE_SPECIALS):
            # READING: while Assassination or Murphy's Law may be in someone's hand (public knowledge: it is
            # not in the discard pile), every player in turn order from the attacker may play one on the roll,
            # holder or not, so the question itself reveals nothing.  One round; the last card governs.
            order = [s for s in f["attack"]["order"] if d["alive"][s]]
            d["frames"].append({"t": "react", "attack": f["attack"], "roll": n, "forced": None,
                                "order": order, "i": 0})
            log.add(f"The dice show {n}.")
            return
        self._resolve_attack(d, f["attack"], n, log)

    # -- the turn --------------------------------------------------------------------------------------
    def _start_turn(self, d, seat, log):
        d["active"] = seat
        d["used"], d["acts"], d["xfers"], d["busy"], d["priv_used"] = {}, 0, 0, False, False
        d["aligns"], d["laser_used"], d["proposals"] = {}, False, {}  # Lasers: changes last one turn
        d["disguised"] = []
        # the out-of-turn budgets (MAX_GIFTS, MAX_OUT_PROPOSALS) start again with the player's own turn
        d.setdefault("gifts", {})[str(seat)] = 0
        d.setdefault("outdeals", {})[str(seat)] = 0
        if SENATE not in d["discard"]:
            # Senate Investigating Committee, "at the start of another player's turn" (specials.csv).
            # READING: before income, every other living player holding a Special is asked in turn order
            # (holder or not), while the card is not in the discard pile
            others = [(seat + k) % d["n"] for k in range(1, d["n"])]
            order = [s for s in others if d["alive"][s] and d["hands"][s]]
            if order:
                d["frames"].append({"t": "senate", "seat": seat, "order": order, "i": 0})
                return
        self._begin_turn(d, seat, log)

    def _begin_turn(self, d, seat, log):
        d["acts"], d["xfers"] = 2, 2
        log.add(f"{self.seat_name(seat)} ({self.label(d['illum'][seat])}) begins a turn.")
        self._income(d, seat, log)
        for _ in range(2 if d["illum"][seat] == "network" else 1):  # the Network draws two cards (p.13)
            self._draw(d, seat, log)
        d["frames"].append({"t": "actions", "seat": seat})
        # READING: table talk.  Money and Specials change hands "at any time" (p.7-8), but a program asks a
        # seat only at its own decision points; so that a player who is not asked in a window can still give,
        # before the active player's action step every other living player with something to give (money in
        # its Illuminati treasury or a Special: public facts) is asked once, in turn order, to give, open a
        # deal (with groups only when the deal is with the active player, as its actions) or pass
        others = [(seat + k) % d["n"] for k in range(1, d["n"])]
        order = [s for s in others if d["alive"][s] and self._may_talk(d, s)]
        if order:
            d["frames"].append({"t": "talk", "order": order, "i": 0})

    def _income(self, d, seat, log):
        """Sequence of play 1 (p.2) and Income (p.4)."""
        got = 0
        d["income"] = {}
        for g in self.groups_of(d, seat):
            c = self.cards[g]
            inc = c.income
            if c.illuminati:
                inc = self.shown(d, seat, "income") + INCOME_BONUS.get(d["n"], 0)
            if inc > 0:
                self._pay_out(d, g, inc)
                d["income"][g] = inc
                got += inc
        if self.owner(d, "post-office") == seat:
            # Post Office upkeep, 1 MB paid by its master or the Illuminati.
            # READING: the master pays if it can, else the Illuminati; if neither can, nothing is paid.
            for g in (d["ctrl"]["post-office"][1], d["illum"][seat]):
                if d["money"][g] >= 1:
                    self._pay_in(d, g, 1)
                    break
        if self.owner(d, "irs") == seat:
            # I.R.S.: each other player pays 2 MB to the I.R.S. treasury.  READING: taken from the payer's
            # Illuminati first, then from its richest group; a player without money pays nothing.
            for s in range(d["n"]):
                if s == seat or not d["alive"][s]:
                    continue
                due = 2
                for g in sorted(self.groups_of(d, s), key=lambda h: (h != d["illum"][s], -d["money"][h], h)):
                    take = min(due, d["money"][g])
                    d["money"][g] -= take
                    d["money"]["irs"] += take
                    due -= take
                    if not due:
                        break
        log.add(f"{self.seat_name(seat)} collects {got} MB income.")

    def _draw(self, d, seat, log):
        if not d["deck"]:
            return
        c = d["deck"].pop()
        if c in self.cd.specials:
            d["hands"][seat].append(c)
            log.add(f"{self.seat_name(seat)} draws a Special card.",
                    {seat: f"You draw the Special {self.label(c)}."},
                    f"{self.seat_name(seat)} draws the Special {self.label(c)}.")
        else:
            d["unc"].append(c)
            log.add(f"{self.seat_name(seat)} draws {self.label(c)}: it joins the uncontrolled groups.")

    def _do_collect(self, d, a, log):
        self._pay_out(d, d["illum"][a.seat], 5)
        log.add(f"{self.seat_name(a.seat)} takes no actions and collects 5 MB.")
        d["frames"][-1] = {"t": "endturn", "seat": a.seat}

    def _do_done(self, d, a, log):
        f = d["frames"].pop()
        if f["t"] == "actions":
            d["frames"].append({"t": "transfers", "seat": a.seat})
        elif f["t"] == "transfers" and d["illum"][a.seat] in ("gnomes-of-zurich", "bermuda-triangle"):
            d["frames"].append({"t": "special", "seat": a.seat})
        elif f["t"] in ("transfers", "special"):
            d["frames"].append({"t": "endturn", "seat": a.seat})
        # captxfer, redistribute: back to the step below

    def _do_transfer(self, d, a, log):
        n, g, h = a.args
        f = d["frames"][-1]
        d["money"][g] -= n
        d["money"][h] += n
        d["busy"] = True
        if f["t"] == "actions":
            d["acts"] -= 1
        elif f["t"] == "transfers":
            d["xfers"] -= 1
            if not d["xfers"]:
                special = d["illum"][a.seat] in ("gnomes-of-zurich", "bermuda-triangle")
                d["frames"][-1] = {"t": "special" if special else "endturn", "seat": a.seat}
        elif f["t"] in ("special", "redistribute"):
            pass
        else:  # the free transfer that is part of a capture (p.6)
            d["frames"].pop()
        log.add(f"{self.seat_name(a.seat)} moves {n} MB from {self.label(g)} to {self.label(h)}.")

    def _do_leave(self, d, a, log):
        """Leaving the Game (p.8): the player's Groups go uncontrolled, their treasuries to the bank, and
        its Illuminati card is taken out of play (READING: with its own treasury to the bank and its Specials
        discarded, as on elimination). The player is out; the turn ends; the game goes on without it."""
        s = a.seat
        ill = d["illum"][s]
        log.add(f"{self.seat_name(s)} leaves the game.")
        for g in [h for h, c in d["ctrl"].items() if c[0] == s and c[1] == ill]:
            self._release(d, g, log)  # each puppet of the Illuminati, with its own puppets
        self._pay_in(d, ill, d["money"][ill])
        del d["money"][ill]
        del d["ctrl"][ill]
        d["out"].append(ill)
        d["discard"] += d["hands"][s]
        d["hands"][s] = []
        d["alive"][s] = False
        d["frames"] = [{"t": "endturn", "seat": s}]

    def _do_drop(self, d, a, log):
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)} drops {self.label(a.args[0])}.")
        self._release(d, a.args[0], log)

    def _release(self, d, g, log, dead=False):
        """``g`` and its puppets leave the structure: uncontrolled (or ``g`` dead), treasuries to the bank.

        READING: for a dropped group (p.7) the rules do not say where its money goes; it goes to the bank,
        as after a neutralization (p.6)."""
        for h in M.subtree(d, g):
            self._pay_in(d, h, d["money"][h])
            del d["money"][h]
            del d["ctrl"][h]
            if h == g and dead:
                d["dead"].append(h)
            else:
                d["unc"].append(h)

    def _do_play(self, d, a, log):
        s = a.args[0]
        d["hands"][a.seat].remove(s)
        d["discard"].append(s)
        self._forget(d, s)
        f = d["frames"][-1]
        who = self.seat_name(a.seat)
        if s in ANYTIME_SPECIALS:  # at any decision point of its holder; the frame below goes on as it was
            if f["t"] == "actions":
                d["busy"] = True
            log.add(f"{who} plays {self.label(s)}.")
            self._played(d, a.seat, [s], {"k": "play", "seat": a.seat, "args": list(a.args)}, log)
            return
        if f["t"] == "secrets":  # Secrets Man cancels the Special just played (specials.csv)
            d["frames"].pop()
            log.add(f"{who} plays Secrets Man Was Not Meant To Know: {self.label(a.args[1])} is cancelled.")
            self._cancelled(d, f["eff"], f["by"], log)
            return
        if f["t"] == "senate":
            d["frames"].pop()
            log.add(f"{who} plays the Senate Investigating Committee on {self.seat_name(f['seat'])}.")
            self._played(d, a.seat, [s], {"k": "senate", "seat": f["seat"]}, log)
            return
        if f["t"] == "counter":
            log.add(f"{who} plays {self.label(s)} against the privilege.")
            eff = {"k": "deep-agent"} if s == "deep-agent" else {"k": "interference", "seat": a.seat}
            self._played(d, a.seat, [s], eff, log)
            return
        if f["t"] == "react":
            log.add(f"{who} plays {self.label(s)} on the roll.")
            self._played(d, a.seat, [s], {"k": "react", "card": s}, log)
            return
        d["busy"] = True
        log.add(f"{who} plays {self.label(s)}.")
        self._played(d, a.seat, [s], {"k": "play", "seat": a.seat, "args": list(a.args)}, log)

    # -- Specials played: the Secrets Man window, then the effect --------------------------------------------
    def _played(self, d, seat, cards, eff, log):
        """``cards`` were just played by ``seat`` (already discarded): before they act, every other living
        player holding a Special may cancel one with Secrets Man Was Not Meant To Know ("when any other
        Special is played, for any purpose").  READING: the window opens while Secrets Man is not in the
        discard pile, and asks, in turn order from the player, every other living player holding at least one
        Special (public: the number of Specials held is public, p.2), holder or not, so asking reveals
        nothing."""
        if SECRETS not in d["discard"]:
            others = [(seat + k) % d["n"] for k in range(1, d["n"])]
            order = [s for s in others if d["alive"][s] and d["hands"][s]]
            if order:
                d["frames"].append({"t": "secrets", "order": order, "i": 0, "by": seat, "cards": list(cards),
                                    "eff": eff})
                return
        self._effect(d, eff, log)

    def _effect(self, d, eff, log):
        k = eff["k"]
        f = d["frames"][-1] if d["frames"] else None
        if k == "play":
            self._special_effect(d, eff["seat"], eff["args"], log)
        elif k == "react":  # the last card played governs (p.8): a later card replaces an earlier one
            f["forced"] = DICE_SPECIALS[eff["card"]]
            log.add(f"The roll counts as {f['forced']}.")
            self._next_reaction(d, f, log)
        elif k == "deep-agent":
            log.add("The attack loses its privilege.")
            self._abolish(d, d["frames"][-2])
        elif k == "interference":
            d["frames"][-2].setdefault("interferers", []).append(eff["seat"])
            log.add(f"{self.seat_name(eff['seat'])} may spend on this privileged attack.")
            self._next_counter(d, f)
        elif k == "abolish":
            log.add("The attack loses its privilege.")
            self._abolish(d, d["frames"][-2])
        elif k == "privilege":
            self._privileged(d, f, eff["seat"], log)
        elif k == "whisper":
            pass  # the attack (the frame below) goes on
        elif k == "bribe":
            t, master, direction = eff["args"]
            d["unc"].remove(t)
            d["ctrl"][t] = [eff["seat"], master, self.side_of_dir(d, master, direction)]
            d["money"][t] = 0
            log.add(f"{self.label(t)} joins {self.seat_name(eff['seat'])}'s power structure under "
                    f"{self.label(master)}.")
        elif k == "senate":
            # READING: the skipped turn has no income, draw, actions, transfers or special step; it still ends
            # (targets added, goals checked) and counts as one of that player's turns
            log.add(f"{self.seat_name(eff['seat'])} skips this turn.")
            d["frames"].append({"t": "endturn", "seat": eff["seat"]})

    def _cancelled(self, d, eff, by, log):
        """Secrets Man cancelled the Special ``by`` played: both are discarded and nothing else happens."""
        k = eff["k"]
        f = d["frames"][-1] if d["frames"] else None
        if k == "react":
            self._next_reaction(d, f, log)
        elif k in ("deep-agent", "interference"):
            self._next_counter(d, f)
        elif k == "abolish":
            # p.8: the other card of the two is lost unless the player can replace the cancelled one
            if d["hands"][by]:
                d["frames"].append({"t": "replace", "seat": by})
            else:
                self._next_counter(d, f)
        elif k == "privilege":
            # READING: the privilege was never established, so the attacker may still declare it another way
            log.add("The attack is not privileged.")
        elif k == "senate":
            self._begin_turn(d, eff["seat"], log)
        elif k == "whisper":
            att = d["frames"].pop()
            d["acts"] += 1
            d["used"][att["att"]] -= 1
            log.add("The Whispering Campaign attack does not take place.")
        # "play", "bribe": the card is spent with no effect.  READING: a cancelled Bribery still used its
        # action (the action was taken; the card, not the action, is cancelled)

    def _do_replace(self, d, a, log):
        d["frames"].pop()
        c = a.args[0]
        d["hands"][a.seat].remove(c)
        d["discard"].append(c)
        self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(c)} in its place: the attack loses its "
                "privilege.")
        self._abolish(d, d["frames"][-2])

    def _special_effect(self, d, seat, args, log):
        s = args[0]
        who = self.seat_name(seat)
        if s == "white-collar-crime":  # 5 MB from the bank, then redistribute freely (specials.csv)
            self._pay_out(d, args[1], 5)
            log.add(f"White Collar Crime: 5 MB on {self.label(args[1])}.")
            d["frames"].append({"t": "redistribute", "seat": seat})
            return
        if s == "market-manipulation":
            # READING: played in the action phase of the own turn, it pays this turn's income again to the
            # groups still held that collected it (I.R.S. tax and Post Office upkeep stay single)
            extra = 0
            for g, n in d["income"].items():
                if self.owner(d, g) == seat:
                    self._pay_out(d, g, n)
                    extra += n
            d["income"] = {}
            log.add(f"Market Manipulation: {who} collects {extra} MB more income.")
            return
        if s == "media-campaign":  # the group returns uncontrolled; destroyed counts stay (specials.csv)
            d["dead"].remove(args[1])
            d["unc"].append(args[1])
            log.add(f"Media Campaign: {self.label(args[1])} returns.")
            return
        if s == ESPIONAGE:
            # Computer Espionage: see one player's Specials.  READING: treasuries are public here (reading
            # 29), so of the card's two uses only the look at a player's Specials is offered; what was seen
            # stays known while those cards stay in that hand
            o = args[1]
            for c in d["hands"][o]:
                self._learn(d, seat, o, c)
            seen = ", ".join(self.label(c) for c in d["hands"][o]) or "no Special"
            text = f"Computer Espionage: {self.seat_name(o)} holds {seen}."
            log.add(f"{who} looks at {self.seat_name(o)}'s Specials.", {seat: text}, text)
            return
        self._pay_out(d, d["illum"][seat], SPECIAL_CASH[s])
        log.add(f"{who} takes {SPECIAL_CASH[s]} MB.")

    def _do_accuse(self, d, a, log):
        # Hidden Illuminati (p.9): an action not tied to a group; a correct accusation turns the card face-up
        other, alias = a.args
        ill = {v: k for k, v in ACCUSE_ALIAS.items()}[alias]
        d["acts"] -= 1
        d["busy"] = True
        if d["illum"][other] == ill:
            d["revealed"][other] = True
            d.get("disguise", {}).pop(str(other), None)  # identified: printed values from now on (p.9)
            log.add(f"{self.seat_name(a.seat)} accuses {self.seat_name(other)} ({alias}): correct! "
                    f"{self.seat_name(other)} is {self.label(ill)} and now plays face-up.")
        else:  # the nickname only (see ACCUSE_ALIAS)
            log.add(f"{self.seat_name(a.seat)} accuses {self.seat_name(other)} ({alias}): wrong.")

    def _do_bribe(self, d, a, log):
        d["hands"][a.seat].remove("bribery")
        d["discard"].append("bribery")
        self._forget(d, "bribery")
        d["acts"] -= 1
        d["busy"] = True
        log.add(f"{self.seat_name(a.seat)} plays Bribery on {self.label(a.args[0])}.")
        self._played(d, a.seat, ["bribery"], {"k": "bribe", "seat": a.seat, "args": list(a.args)}, log)

    def _do_move(self, d, a, log):
        g, master, direction = a.args
        if d["frames"][-1]["t"] == "actions":
            d["acts"] -= 1
        d["busy"] = True
        side = self.side_of_dir(d, master, direction)
        log.add(f"{self.seat_name(a.seat)} moves {self.label(g)} to {self.label(master)} ({direction}).")
        self._graft(d, a.seat, g, master, side, log, keep=1.0)

    def _graft(self, d, seat, root, master, side, log, keep):
        """Put ``root`` (with its puppets, which keep their slots where they fit) under ``master``.

        Puppets that would overlap try the other free arrows of their own master (READING: in the order
        top, right, bottom, left, chosen automatically); a puppet that fits nowhere is dropped with its own
        puppets and their money goes to the bank (p.6, p.7).  ``keep`` is the share of each treasury that
        comes along (1 for a move, 1/2 rounded down for a capture); the rest goes to the bank.
        """
        tree = M.subtree(d, root) if root in d["ctrl"] else [root]
        old = {h: list(d["ctrl"][h]) for h in tree if h in d["ctrl"]}
        cash = {}
        for h in tree:
            if h in d["money"]:
                m = d["money"].pop(h)
                kept = m if keep == 1.0 else m // 2
                d["minted"] -= m - kept
                cash[h] = kept
                del d["ctrl"][h]
            else:
                cash[h] = 0
        if root in d["unc"]:
            d["unc"].remove(root)
        d["ctrl"][root] = [seat, master, side]
        d["money"][root] = cash[root]
        for h in tree[1:]:
            m = old[h][1]
            if m not in d["ctrl"] or d["ctrl"][m][0] != seat:
                fits = []
            else:
                free = self.open_sides(d, m)
                fits = [old[h][2]] if old[h][2] in free else free
            if fits:
                d["ctrl"][h] = [seat, m, fits[0]]
                d["money"][h] = cash[h]
            else:
                d["minted"] -= cash[h]
                d["unc"].append(h)
                log.add(f"{self.label(h)} does not fit and becomes uncontrolled.")

    # -- attacks ------------------------------------------------------------------------------------------
    def _do_attack(self, d, a, log):
        g, mode, t = a.args
        seat = a.seat
        d["acts"] -= 1
        d["busy"] = True
        d["used"][g] = d["used"].get(g, 0) + 1
        tseat = self.owner(d, t)
        order = [seat]
        if tseat is not None and tseat != seat:
            order.append(tseat)
        others = [(seat + k) % d["n"] for k in range(1, d["n"])]
        order += [s for s in others if d["alive"][s] and s not in order]
        d["frames"].append({"t": "attack", "seat": seat, "att": g, "mode": mode, "target": t, "aid": [],
                            "priv": False, "spent": {}, "order": order, "i": 0, "passes": 0})
        if mode == "whisper":
            # READING: Whispering Campaign is played when its attack is declared (discarded then; a called-off
            # attack does not give it back), so Secrets Man may cancel it like any other Special; cancelled,
            # the attack does not take place (no action, participation back, as a called-off attack)
            card = "whispering-campaign"
            d["hands"][seat].remove(card)
            d["discard"].append(card)
            self._forget(d, card)
            log.add(f"{self.seat_name(seat)} plays Whispering Campaign: {self.label(g)} attacks to destroy "
                    f"{self.label(t)}.")
            self._played(d, seat, [card], {"k": "whisper", "seat": seat}, log)
            return
        log.add(f"{self.seat_name(seat)}: {self.label(g)} attacks to {mode} {self.label(t)}.")

    def _participants(self, d, f) -> list:
        """Seats that bid on this attack: no one but the two sides on a privileged attack (p.7)."""
        if not f["priv"]:
            return f["order"]
        tseat = self.owner(d, f["target"])
        return [s for s in f["order"] if s in (f["seat"], tseat) or s in f.get("interferers", ())]

    def _next_bidder(self, d, f, spent: bool, log):
        parts = self._participants(d, f)
        f["passes"] = 0 if spent else f["passes"] + 1
        if f["passes"] >= len(parts):
            d["frames"][-1] = {"t": "roll", "attack": f}
            return
        cur = f["order"][f["i"]]
        k = parts.index(cur) if cur in parts else -1
        f["i"] = f["order"].index(parts[(k + 1) % len(parts)])

    def _do_aid(self, d, a, log):
        f = d["frames"][-1]
        g = a.args[0]
        f["aid"].append(g)
        d["used"][g] = d["used"].get(g, 0) + 1
        log.add(f"{self.label(g)} aids the attack with transferable Power {self.cards[g].tp}.")

    def _do_privilege(self, d, a, log):
        f = d["frames"][-1]
        if a.args[0] == "pay":
            d["priv_used"] = True
            self._pay_in(d, "bavarian-illuminati", 5)
            log.add(f"{self.seat_name(a.seat)} pays 5 MB: the attack is privileged.")
            self._privileged(d, f, a.seat, log)
            return
        c = a.args[1]
        d["hands"][a.seat].remove(c)
        d["discard"].append(c)
        self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(c)} to make the attack privileged.")
        self._played(d, a.seat, [c], {"k": "privilege", "seat": a.seat}, log)

    def _privileged(self, d, f, seat, log):
        f["priv"] = True
        # a window for the others, each in turn, holder or not: Deep Agent, two Specials, Interference
        others = [s for s in f["order"] if s != seat and d["alive"][s]]
        if others:
            d["frames"].append({"t": "counter", "order": others, "i": 0})

    def _do_calloff(self, d, a, log):
        f = d["frames"].pop()
        d["acts"] += 1  # a called-off attack is no action (p.7)
        for g in [f["att"], *f["aid"]]:
            d["used"][g] -= 1
        log.add(f"{self.seat_name(a.seat)} calls off the attack.")

    def _do_pass(self, d, a, log):
        f = d["frames"][-1]
        if f["t"] == "talk":
            f["i"] += 1
            if f["i"] >= len(f["order"]):
                d["frames"].pop()
        elif f["t"] in ("secrets", "senate"):
            f["i"] += 1
            if f["i"] >= len(f["order"]):
                d["frames"].pop()
                if f["t"] == "secrets":
                    self._effect(d, f["eff"], log)
                else:
                    self._begin_turn(d, f["seat"], log)
        elif f["t"] == "replace":  # the privilege stands; the other card of the two is lost (p.8)
            d["frames"].pop()
            log.add(f"{self.seat_name(a.seat)} does not replace the cancelled card: the privilege stands.")
            self._next_counter(d, d["frames"][-1])
        elif f["t"] == "react":
            self._next_reaction(d, f, log)
        elif f["t"] == "counter":
            self._next_counter(d, f)
        else:
            self._next_bidder(d, f, False, log)

    def _abolish(self, d, att):
        att["priv"], att["abolished"] = False, True
        d["frames"].pop()  # the window closes: every player may bid again

    def _next_counter(self, d, f):
        f["i"] += 1
        if f["i"] >= len(f["order"]):
            d["frames"].pop()

    def _do_abolish(self, d, a, log):
        for c in a.args:
            d["hands"][a.seat].remove(c)
            d["discard"].append(c)
            self._forget(d, c)
        log.add(f"{self.seat_name(a.seat)} discards {self.label(a.args[0])} and {self.label(a.args[1])} "
                "against the privilege.")
        self._played(d, a.seat, list(a.args), {"k": "abolish", "seat": a.seat}, log)

    def _next_reaction(self, d, f, log):
        f["i"] += 1
        if f["i"] >= len(f["order"]):
            d["frames"].pop()
            roll = f["roll"] if f["forced"] is None else f["forced"]
            self._resolve_attack(d, f["attack"], roll, log)

    def _do_spend(self, d, a, log):
        f = d["frames"][-1]
        n, g = a.args
        self._pay_in(d, g, n)
        if a.seat == f["seat"]:
            key = "att"
        else:
            key = "defg" if g == f["target"] else "defi"
        f["spent"][key] = f["spent"].get(key, 0) + n
        log.add(f"{self.seat_name(a.seat)} spends {n} MB from {self.label(g)} on the attack.")
        self._next_bidder(d, f, True, log)

    def _do_assist(self, d, a, log):
        f = d["frames"][-1]
        n = a.args[0]
        self._pay_in(d, d["illum"][a.seat], n)
        f["spent"][a.kind] = f["spent"].get(a.kind, 0) + n
        verb = "assist" if a.kind == "assist" else "interfere with"
        log.add(f"{self.seat_name(a.seat)} spends {n} MB to {verb} the attack.")
        self._next_bidder(d, f, True, log)

    _do_interfere = _do_assist

    def _resolve_attack(self, d, f, roll, log):
        need = self.attack_need(d, f)
        # 11 or 12 always fails (p.5).  READING: a roll of 2 (also from Assassination) is no automatic
        # success: it still fails when the attack needs less than 2.
        ok = roll <= 10 and roll <= need
        g, t, mode, seat = f["att"], f["target"], f["mode"], f["seat"]
        d["last_attack"] = {"att": g, "target": t, "mode": mode, "need": need, "roll": roll, "ok": ok,
                            "terms": [list(x) for x in self.attack_terms(d, f)]}
        verb = "destroy (Whispering Campaign)" if mode == "whisper" else mode
        log.add(f"Roll {roll} against {need}: the attack to {verb} {self.label(t)} "
                f"{'succeeds' if ok else 'fails'}.")
        if not ok:
            return
        tseat = self.owner(d, t)
        if mode == "control":
            d["frames"].append({"t": "captxfer", "seat": seat, "from": g, "to": t})
            d["frames"].append({"t": "place", "seat": seat, "group": t, "master": g})
        elif mode == "neutralize":
            self._release(d, t, log)
        else:
            if tseat is None:
                d["unc"].remove(t)
                d["dead"].append(t)
            else:
                self._release(d, t, log, dead=True)
            d["destroyed"][seat] += 1
        if tseat is not None and tseat != seat:
            self._eliminations(d, log, by=seat)

    def _do_place(self, d, a, log):
        f = d["frames"].pop()
        side = self.side_of_dir(d, f["master"], a.args[0])
        tseat = self.owner(d, f["group"])
        log.add(f"{self.label(f['group'])} joins {self.seat_name(f['seat'])}'s power structure under "
                f"{self.label(f['master'])}.")
        self._graft(d, f["seat"], f["group"], f["master"], side, log, keep=0.5)
        if tseat is not None:
            self._eliminations(d, log, by=f["seat"])

    def _eliminations(self, d, log, by=None):
        """A player with only the Illuminati after the third turn is out; money to the bank (p.8)."""
        for s in range(d["n"]):
            # READING: "after his third turn" counts from the end of that player's third turn on
            if not d["alive"][s] or d["turns"][s] < 3:
                continue
            if len(self.groups_of(d, s)) == 1:
                if self.seat_goal(d, s) == "goal-destroy8" and d["destroyed"][s] >= 8:
                    continue  # Cthulhu reaching the goal with its own last group wins instead (p.8)
                ill = d["illum"][s]
                self._pay_in(d, ill, d["money"][ill])
                del d["money"][ill]
                del d["ctrl"][ill]
                d["out"].append(ill)
                d["discard"] += d["hands"][s]  # READING: an eliminated player's Specials are discarded
                d["hands"][s] = []
                d["alive"][s] = False
                if s == d["active"] and d["frames"] and d["frames"][-1]["t"] != "endturn":
                    d["frames"] = [{"t": "endturn", "seat": s}]  # an eliminated player's turn ends at once
                if by is not None and by != s:
                    # a Cthulhu kill counts (p.13); READING: so does an elimination by capture or
                    # neutralization, for whichever player made that attack (the UFOs may hold that goal)
                    d["destroyed"][by] += 1
                log.add(f"{self.seat_name(s)} ({self.label(ill)}) is eliminated.")

    # -- end of turn -------------------------------------------------------------------------------------
    def _auto_endturn(self, d, f, log):
        seat = f["seat"]
        d["frames"].pop()
        while len(d["unc"]) < 2 and d["deck"]:  # add targets (p.2); READING: an empty deck adds none
            c = d["deck"].pop()
            if c in self.cd.specials:
                d["discard"].append(c)
                log.add(f"{self.label(c)} is drawn as a target and discarded.")
            else:
                d["unc"].append(c)
                log.add(f"{self.label(c)} is added to the uncontrolled groups.")
        d["turns"][seat] += 1
        self._eliminations(d, log)
        alive = [s for s in range(d["n"]) if d["alive"][s]]
        if self.very_long:
            # A very long game (p.9): no goals; when no card is left uncontrolled, the highest total Power
            # plus 1 per group wins.  READING: "no cards left uncontrolled" = the deck and the uncontrolled
            # area are both empty; the Illuminati counts as one of the player's groups (Power and +1); a
            # tie shares the victory
            if not d["deck"] and not d["unc"] and len(alive) > 1:
                scores = {s: self.long_score(d, s) for s in alive}
                best = max(scores.values())
                winners = [s for s in alive if scores[s] == best]
                d["result"] = {"winners": winners, "reason": "score",
                               "scores": {str(s): self.long_score(d, s) if d["alive"][s] else 0
                                          for s in range(d["n"])}}
                log.add("Game over: " + " and ".join(self.seat_name(s) for s in winners) + f" win with "
                        f"{best} points.")
                return
            winners = []
        else:
            winners = [s for s in range(d["n"]) if d["alive"][s] and self.goal_met(d, s)]
        if winners or len(alive) <= 1:
            # READING: when every other player is eliminated, the last one standing wins.
            winners = winners or alive
            d["result"] = {"winners": winners, "reason": "goal" if winners != alive or len(alive) > 1
                           else "last-standing",
                           "scores": {str(s): len(self.groups_of(d, s)) for s in range(d["n"])}}
            log.add("Game over: " + " and ".join(self.seat_name(s) for s in winners) + " win.")
            return
        nxt = (seat + 1) % d["n"]  # READING: seat numbers run counter-clockwise around the table
        while not d["alive"][nxt]:
            nxt = (nxt + 1) % d["n"]
        self._start_turn(d, nxt, log)

    # -- goals ----------------------------------------------------------------------------------------------
    def goal_met(self, d, seat) -> bool:
        return self.basic_goal_met(d, seat) or self.special_goal_met(d, seat)

    def long_score(self, d, seat) -> int:
        """Very long game (p.9): total Power of the player's groups plus 1 for each group."""
        mine = self.groups_of(d, seat)
        return sum(self.power(g) for g in mine) + len(mine)

    def basic_goal_met(self, d, seat) -> bool:
        return len(self.groups_of(d, seat)) >= self.goal_groups

    def seat_goal(self, d, seat):
        ill = d["illum"][seat]
        return d["goals"][seat] if ill == "ufos" or self.hidden_goals else self.goal_of.get(ill)

    def special_goal_met(self, d, seat) -> bool:
        goal = self.seat_goal(d, seat)
        mine = [self.cards[g] for g in self.groups_of(d, seat)]
        if goal == "goal-power35":
            return sum(self.power(g) for g in self.groups_of(d, seat)) >= 35
        al = [self.aligns(g, d) for g in self.groups_of(d, seat)]
        if goal == "goal-alignments10":
            return set(ALIGNMENTS) <= {x for a in al for x in a}
        if goal == "goal-weird5":
            return sum("Weird" in a for a in al) >= 5
        if goal == "goal-violent6":
            return sum("Violent" in a for a in al) >= 6
        if goal == "goal-money150":
            return self.structure_total(d, seat) >= 150
        if goal == "goal-tp25":
            return sum(c.tp for c in mine) >= 25
        if goal == "goal-destroy8":
            return d["destroyed"][seat] >= 8
        return False

    def heuristic(self, d, seat) -> float:
        """Progress towards a goal in [0, 1] for the search bot (outcome first when the game is over)."""
        res = d["result"]
        if res is not None:
            return 1.0 / len(res["winners"]) if seat in res["winners"] else 0.0
        if not d["alive"][seat]:
            return 0.0
        mine = [self.cards[g] for g in self.groups_of(d, seat)]
        basic = len(mine) / self.goal_groups
        goal = self.seat_goal(d, seat)
        special = {
            "goal-power35": sum(self.power(g) for g in self.groups_of(d, seat)) / 35,
            "goal-alignments10": len({x for g in self.groups_of(d, seat) for x in self.aligns(g, d)}) / 10,
            "goal-weird5": sum("Weird" in self.aligns(g, d) for g in self.groups_of(d, seat)) / 5,
            "goal-violent6": sum("Violent" in self.aligns(g, d) for g in self.groups_of(d, seat)) / 6,
            "goal-money150": self.structure_total(d, seat) / 150,
            "goal-tp25": sum(c.tp for c in mine) / 25,
            "goal-destroy8": d["destroyed"][seat] / 8,
        }.get(goal, 0.0)
        cash = min(1.0, self.structure_total(d, seat) / 100)
        return min(0.95, 0.8 * max(basic, special) + 0.15 * cash)

    def determinize(self, d, seat, rng):
        """Re-deal what ``seat`` cannot see: the deck order, the other players' Specials (each keeps its
        count) and the UFOs' goal of another seat."""
        w = M.clone(d)
        others = [s for s in range(w["n"]) if s != seat]
        known = {(h, c) for h, c in w.get("known", {}).get(str(seat), [])}
        fixed = {s: [c for c in w["hands"][s] if (s, c) in known] for s in others}
        pool = [c for c in w["deck"] if c in self.cd.specials]
        for s in others:
            pool += [c for c in w["hands"][s] if c not in fixed[s]]
        rng.shuffle(pool)
        for s in others:
            k = len(w["hands"][s]) - len(fixed[s])
            w["hands"][s], pool = fixed[s] + pool[:k], pool[k:]
        faces = [s for s in others if self.is_hidden(w, s)]
        if faces:  # face-down Illuminati: any the seat has not seen (in play face-down, or left out)
            import json

            cands = [w["illum"][s] for s in faces] + [i for i in w["out"] if i not in w["illum"]]
            rng.shuffle(cands)
            ren = list(zip([w["illum"][s] for s in faces], cands, strict=False))
            text = json.dumps(w)
            for k, pair in enumerate(ren):
                text = text.replace(f'"{pair[0]}"', f'"@{k}@"')
            for k, pair in enumerate(ren):
                text = text.replace(f'"@{k}@"', f'"{pair[1]}"')
            w = json.loads(text)
            w["out"] = [i for i in d["out"] if i not in cands] + [i for i in cands if i not in w["illum"]]
            for s in faces:
                if not self.hidden_goals and w["illum"][s] != "ufos":
                    w["goals"][s] = self.goal_of[w["illum"][s]]
        deck = [c for c in w["deck"] if c not in self.cd.specials] + pool
        w["deck"] = rng.shuffle(deck)
        for s in others:
            if w["goals"][s] is not None and (self.hidden_goals or w["illum"][s] == "ufos"):
                w["goals"][s] = rng.choice(list(self.goal_ids))
        return w

    # ================================================================================================
    # views, secrets, consistency
    # ================================================================================================
    def view(self, d, seat) -> dict:
        from .view import make_view

        return make_view(self, d, seat)

    def secrets(self, d, seat) -> set[str]:
        """Specials held by others (ids; names unless the seat sees that name itself) and hidden goals."""
        from illumi_widgets.engine.game import OMNISCIENT

        if seat == OMNISCIENT:
            return set()
        seen = set(d["discard"])
        known = set()
        if isinstance(seat, int):
            seen |= set(d["hands"][seat])
            known = {(h, c) for h, c in d.get("known", {}).get(str(seat), [])}
            seen |= {c for h, c in known if c in d["hands"][h]}
        seen_names = {self.label(s) for s in seen}
        own_goal = d["goals"][seat] if isinstance(seat, int) else None
        out = set()
        for s in range(d["n"]):
            if s == seat:
                continue
            for c in d["hands"][s]:
                if (s, c) in known:
                    continue
                out.add(c)
                if self.label(c) not in seen_names:
                    out.add(self.label(c))
            if d["goals"][s] and d["goals"][s] != own_goal:
                out.add(d["goals"][s])
            if self.is_hidden(d, s):
                ill = d["illum"][s]
                out |= {ill, self.label(ill), self.label(ill).removeprefix("The ")}
        return out

    # -- Hidden Illuminati (p.9): identities are masked in views and log lines ---------------------------
    def is_hidden(self, d, seat) -> bool:
        """``seat``'s Illuminati card is face-down (Hidden Illuminati, not yet identified)."""
        return self.hidden_illuminati and not d["revealed"][seat] and d["illum"][seat] is not None

    def hidden_mask(self, d, viewer):
        """A function that hides, in a text, every face-down Illuminati ``viewer`` does not know: its id
        becomes ``hidden-<seat>``, its card name "<Seat>'s Illuminati".

        READING: only the card is hidden.  What the table sees happen stays public: the money on the card
        and the income paid, the numbers of an attack (the Illuminati's Power among its terms, under the
        masked name), and a special power being used (the Bavarians' paid privilege, the Gnomes' or the
        Bermuda Triangle's end-of-turn step, the UFOs' second attack, the Network's second draw, a refused
        attack on the Discordians); players may deduce from them and accuse.  Less than full Power or Income,
        and the alternative rule's overstating by 1, are stated with ``disguise`` (``_do_disguise``)."""
        subs = []
        for s in range(d["n"]):
            if s == viewer or not self.is_hidden(d, s):
                continue
            ill, name = d["illum"][s], self.label(d["illum"][s])
            who = f"{self.seat_name(s)}'s Illuminati"
            for text, rep in ((ill, f"hidden-{self.seat_name(s).lower()}"), (name, who),
                              (name.removeprefix("The "), who)):
                subs.append((_word_rx(text), rep))
        if not subs:
            return None

        def mask(text):
            if not isinstance(text, str):
                return text
            for rx, rep in subs:
                text = rx.sub(rep, text)
            return text

        return mask

    def _masked_log(self, d, log):
        return _MaskedLog(self, d, log) if self.hidden_illuminati else log

    def problems(self, d) -> list[str]:
        out = []
        places = {}
        for where in ("box", "deck", "unc", "dead", "discard", "out"):
            for c in d[where]:
                places.setdefault(c, []).append(where)
        for s, hand in enumerate(d["hands"]):
            for c in hand:
                places.setdefault(c, []).append(f"hand {s}")
                if c not in self.cd.specials:
                    out.append(f"{c} is in a hand but is not a Special")
        for c, (s, _m, _side) in d["ctrl"].items():
            places.setdefault(c, []).append(f"structure {s}")
        for c in (*self.ill_ids, *self.deck_ids):
            p = places.get(c, [])
            if len(p) != 1:
                out.append(f"{c} is in {len(p)} places ({', '.join(p) or 'none'})")
        extra = set(places) - set(self.ill_ids) - set(self.deck_ids)
        if extra:
            out.append(f"unknown cards: {', '.join(sorted(extra))}")
        if set(d["money"]) != set(d["ctrl"]):
            out.append("treasuries do not match the groups in power structures")
        if any(v < 0 for v in d["money"].values()):
            out.append("a treasury is negative")
        if sum(d["money"].values()) != d["minted"]:
            out.append(f"money is not conserved: treasuries hold {sum(d['money'].values())} MB, "
                       f"the bank paid out {d['minted']} MB net")
        for s in range(d["n"]):
            ill = d["illum"][s]
            if d["alive"][s] and ill is not None and d["ctrl"].get(ill) != [s, None, None]:
                out.append(f"seat {s} is alive but its Illuminati is not in play")
            mine = [g for g, c in d["ctrl"].items() if c[0] == s]
            pos = M.layout(d, s, self.cards)
            if set(pos) != set(mine):
                loose = sorted(set(mine) - set(pos))
                out.append(f"seat {s}: groups {loose} are not connected to the Illuminati")
            cells = [(x, y) for x, y, _ in pos.values()]
            if len(set(cells)) != len(cells):
                out.append(f"seat {s}: cards overlap in the power structure")
            slots = set()
            for g in mine:
                _s, m, side = d["ctrl"][g]
                if m is None:
                    if not self.cards[g].illuminati:
                        out.append(f"{g} has no master")
                    continue
                if m not in d["ctrl"] or d["ctrl"][m][0] != s:
                    out.append(f"{g}: its master {m} is not in the same structure")
                elif side not in self.cards[m].arrows_out:
                    out.append(f"{g} hangs on a side of {m} without an out-arrow")
                if (m, side) in slots:
                    out.append(f"two puppets on the same arrow of {m}")
                slots.add((m, side))
        return out
