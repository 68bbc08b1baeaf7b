"""Illuminati (Steve Jackson Games, rules v3.2) on the shared engine core.

Every rule is checked once, in ``check`` (``_check_<kind>``); ``candidates`` only proposes actions.
Section references ("p.5") are to the v3.2 rulebook pages.

This module holds the game class and its engine hooks; the rules are in one module per topic, mixed into
``IlluminatiGame``: ``turn.py`` (dealing, income, drawing, the action steps, leaving, elimination),
``candidates.py`` (the actions listed), ``listing.py`` (the legal ones, without the whole ``check`` on
each), ``attacks.py``, ``groups.py`` (the Power Structure: moves, drops, transfers, Recyclers and Lasers),
``deals.py`` (deals and gifts), ``specials.py`` (Special cards),
``hidden.py`` (the Hidden Illuminati rule), ``goals.py`` (goals and victory) and ``common.py`` (constants).
Readings chosen where the rules leave room are marked ``READING:`` in the code and listed in
``RULES-NOTES.md``.

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

**Decision kinds** (``Decision.kind``, the kind of the decision frame on top; the action kinds that answer
them, in notation; in the windows asked of every seat in turn, a seat may also give a ``gift``, open a deal
with ``negotiate`` or ``play`` an "any time" Special):

- ``deal`` (chance): deal the Illuminati and shuffle the deck; ``roll`` (chance): two dice, for the first
  player or for an attack (``roll <n>``).
- ``choose``: Hidden Goals, each seat writes down its secret goal (``choose``).
- ``senate``: every seat in turn, at the start of a turn: the Senate Investigating Committee (``play``) or
  ``pass``.
- ``talk``: every seat in turn before the active seat acts (table talk): a gift, a deal or ``pass``.
- ``actions``: the active seat: ``attack``, ``move``, ``drop``, ``transfer``, ``offer``, ``request``,
  ``bribe``, ``accuse``, ``disguise``, ``recycle``, ``laser``, ``leave``, ``collect`` (pass for 5 MB) or
  ``done``.
- ``attack``: every seat in turn while an attack is open: the attacker may ``spend``, ``aid``,
  ``privilege`` or ``calloff``, the defender ``spend``, the others ``assist`` or ``interfere``; all may
  ``pass``.
- ``react``: every seat in turn after the dice: a Special on the roll (``play``) or ``pass``.
- ``counter``: every seat in turn against a privileged attack: a Special (``play``), two Specials
  (``abolish``) or ``pass``.
- ``secrets``: every seat in turn after a Special is played: Secrets Man Didn't Know (``play``) or ``pass``.
- ``replace``: the seat one of whose two Specials was cancelled: discard another (``replace``) or ``pass``.
- ``place``: the seat taking a group: the arrow it hangs from (``place``).
- ``captxfer``: the captor moves money from the group taken (``transfer``) or ``done``.
- ``transfers``: the active seat's free money transfers (``transfer``) or ``done``.
- ``special``: the special-power step (Gnomes of Zurich: ``transfer``; Bermuda Triangle: ``move``) or
  ``done``; ``redistribute``: White Collar Crime's redistribution (``transfer``) or ``done``.
- ``terms``: the proposer of a deal adds what is given (``dgive``) and asked (``dget``), then proposes it
  (``propose``) or gives up (``cancel``).
- ``price``: the seat that offered or asked for a group names the price (``price``).
- ``answer``: the other seat of the deal answers (``accept`` or ``decline``).
- ``fit``: a seat receiving groups in a deal fits each one (``fit``).
"""

from __future__ import annotations

from functools import partial

from illumi_widgets.engine import Action, Decision, Game
from illumi_widgets.engine.action import CHANCE, ActionList
from illumi_widgets.engine.errors import EngineError, IllegalAction, NotationError
from illumi_widgets.engine.game import Log

from ..fieldcheck import trial_problems
from . import model as M
from .attacks import AttacksMixin
from .auto import AUTO_PREFS, auto_answer, turn_marker
from .candidates import CandidatesMixin
from .common import (  # noqa: F401  (re-exported: other modules import them here)
    ACCUSE_ALIAS,
    ANYTIME_FRAMES,
    ANYTIME_SPECIALS,
    ATTACK_MODES,
    BASIC_GOAL,
    CHANCE_FRAMES,
    COUNTER_SPECIALS,
    DICE_SPECIALS,
    ESPIONAGE,
    FRAME_KINDS,
    FREE_SPECIALS,
    INCOME_BONUS,
    MAX_GIFTS,
    MAX_OUT_PROPOSALS,
    MAX_PROPOSALS,
    MODES,
    PLAY_FRAMES,
    ROLL_WEIGHTS,
    SEAT_NAMES,
    SECRETS,
    SENATE,
    SPECIAL_CASH,
    _illegal,
    _word_rx,
)
from .data import ALIGNMENTS, OPPOSITE, load_illuminati_data  # noqa: F401  (importable here as before)
from .deals import DealsMixin
from .goals import GoalsMixin
from .groups import GroupsMixin
from .hidden import HiddenIlluminatiMixin, _MaskedLog  # noqa: F401  (_MaskedLog: re-exported)
from .labels import need_text, special_step_text  # (imported once: a prompt is worded for every decision)
from .listing import ListingMixin
from .specials import SpecialsMixin
from .stats import StatsMixin
from .turn import TurnMixin
from .validate import field_problems


class IlluminatiGame(ListingMixin, CandidatesMixin, DealsMixin, HiddenIlluminatiMixin, GroupsMixin,
                     AttacksMixin, SpecialsMixin, TurnMixin, GoalsMixin, StatsMixin, Game):
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
        self._format = self.format  # (one bound method for every action listed, not one each)
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
        return M.copy_position(d)

    def snapshot(self, d, previous):
        return M.snapshot_position(d, previous)

    def encode(self, d):
        return M.clone(d)

    def decode(self, obj):
        if not isinstance(obj, dict) or obj.get("n") != self.players:
            raise NotationError("position is not an Illuminati position for this player count (field 'n')",
                                code="bad-position")
        d = M.clone(obj)
        # untrusted input: every field checked (naming it), the conservation checks, then the pending steps
        # played on copies
        bad = self.problems(d) or trial_problems(self, d, self._trial_advance)
        if bad:
            raise NotationError("; ".join(bad[:5]), code="bad-position")
        return d

    def _trial_advance(self, d) -> None:
        self._advance(d, self._masked_log(d, Log([], 0)))

    def outcome(self, d):
        return d["result"]

    auto_prefs = AUTO_PREFS  # the game-site preferences a board offers (auto.py)

    def auto_answer(self, d, decision, prefs, bots=frozenset()):
        """The answer the board's preferences give ``decision`` (auto.py), or None: ask the person."""
        return auto_answer(self, d, decision, prefs, bots)

    def turn_marker(self, d):
        """Changes when a new turn begins ("don't ask me again this turn")."""
        return turn_marker(d)

    def final_report(self, d, seat) -> dict:
        from .summary import final_report

        return final_report(self, d, seat)

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
        return [Decision(seat, t, partial(self._prompt, d, f, seat), None)]  # (worded when read)

    def chance_pending(self, d) -> bool:
        """Chance decides next: the pending frame is a deal or a roll (what ``decisions`` would say, without
        wording the decisions)."""
        return d["result"] is None and bool(d["frames"]) and d["frames"][-1]["t"] in CHANCE_FRAMES

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
            target = self.label(f["target"])
            return f"{name}: spend money on the attack on {target} ({need_text(need)}) or pass"
        if t == "place":
            return f"{name}: choose the arrow of {self.label(f['master'])} for {self.label(f['group'])}"
        if t == "captxfer":
            return f"{name}: move money from {self.label(f['from'])} to {self.label(f['to'])}, or done"
        if t == "transfers":
            n = d["xfers"]
            return f"{name}: make up to {n} free money transfer{'' if n == 1 else 's'}, or done"
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
        if t in ("special", "redistribute"):
            return f"{name}: {special_step_text(self, d, seat, t)}"
        return name

    # -- notation ------------------------------------------------------------------------------------
    def act(self, seat: int, kind: str, *args) -> Action:
        return Action(seat, kind, args, "", self._format)  # (``*args`` is a tuple already)

    def format(self, kind: str, args: tuple) -> str:
        from .notation import format_action

        return format_action(kind, args)

    def parse(self, d, text: str, seat: int) -> Action:
        from .notation import parse_action

        return parse_action(self, text, seat)

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
            try:  # the action and the decision as the board words them (labels.py)
                said, asked = self.label(d, a, a.seat), self.prompt(d, a.seat, t)
            except Exception:  # noqa: BLE001 - a malformed action still gets a reason
                said, asked = a.notation(), " or ".join(sorted(FRAME_KINDS[t]))
            return _illegal("wrong-step", f"“{said}” does not answer the decision now ({asked})")
        return getattr(self, "_check_" + a.kind)(d, f, a)

    def _own(self, d, seat, g, what="group"):
        if g not in self.cards:
            return _illegal("unknown", f"there is no group '{g}'")
        if self.owner(d, g) != seat:
            return _illegal("not-yours", f"{self.label(g)} is not in your power structure")
        return None

    # ================================================================================================
    # perform
    # ================================================================================================
    def perform(self, d, a: Action, log) -> None:
        log = self._masked_log(d, log)
        getattr(self, "_do_" + a.kind)(d, a, log)
        self._advance(d, log)

    def after_edit(self, d, log) -> None:
        # READING: an edit of the position (analysis, test set-ups) runs the automatic steps but eliminates
        # no one by itself: a player left with only the Illuminati is out after the next action
        self._run_steps(d, self._masked_log(d, log))

    def _advance(self, d, log) -> None:
        self._run_steps(d, log)
        # elimination "if, at any time after his third turn, he controls no Groups except his Illuminati"
        # (p.8): checked after every change (a drop, a destroyed or given-away group, a Special), not only
        # after attacks, deals and turns; a capture being placed or a deal being fitted checks at its end
        # (with the attacker credited for the elimination); an eliminated active player's turn ends at once
        while d["result"] is None and not any(f["t"] in ("place", "captxfer", "dealfit", "fit")
                                              for f in d["frames"]) and self._eliminations(d, log):
            self._run_steps(d, log)

    def _run_steps(self, d, log) -> None:
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

    # -- bank ------------------------------------------------------------------------------------------
    def _pay_out(self, d, g, n):
        d["money"][g] += n
        d["minted"] += n

    def _pay_in(self, d, g, n):
        n = min(n, d["money"][g])
        d["money"][g] -= n
        d["minted"] -= n
        return n

    def determinize(self, d, seat, rng):
        """Re-deal what ``seat`` cannot see: the deck order, the other players' Specials (each keeps its
        count), hidden goals and the face-down Illuminati it has not identified (``determinize.py``)."""
        from .determinize import determinize

        return determinize(self, d, seat, rng)

    # ================================================================================================
    # views, secrets, consistency
    # ================================================================================================
    def view(self, d, seat) -> dict:
        from .view import make_view

        return make_view(self, d, seat)

    def history_rows(self, steps, seat) -> list[dict]:
        """The history table's rows (:mod:`.history`)."""
        from .history import history_rows

        return history_rows(self, steps, seat)

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

    def problems(self, d) -> list[str]:
        """What makes ``d`` impossible: malformed fields first (each named, ``validate.py``), then, on sound
        fields, where every card is, money, and each power structure."""
        out = field_problems(self, d)
        if out:
            return out
        places = {}
        for where in ("box", "deck", "unc", "dead", "discard", "out"):
            for c in d[where]:
                places.setdefault(c, []).append(where)
        for s, hand in enumerate(d["hands"]):
            for c in hand:
                places.setdefault(c, []).append(f"hands[{s}]")
                if c not in self.cd.specials:
                    out.append(f"field 'hands': {c} is in a hand but is not a Special")
        for c, (s, _m, _side) in d["ctrl"].items():
            places.setdefault(c, []).append(f"ctrl (seat {s})")
        for c in (*self.ill_ids, *self.deck_ids):
            p = places.get(c, [])
            if len(p) != 1:
                out.append(f"{c} is in {len(p)} places: fields {', '.join(p)}" if p else
                           f"{c} is in none of the fields box, deck, unc, dead, discard, out, hands, ctrl")
        extra = set(places) - set(self.ill_ids) - set(self.deck_ids)
        if extra:
            out.append(f"unknown cards: {', '.join(sorted(map(str, extra))[:5])}")
        if set(d["money"]) != set(d["ctrl"]):
            out.append("fields money, ctrl: treasuries do not match the groups in power structures")
        if any(v < 0 for v in d["money"].values()):
            out.append("field 'money': a treasury is negative")
        if sum(d["money"].values()) != d["minted"]:
            out.append(f"fields money, minted: money is not conserved: treasuries hold "
                       f"{sum(d['money'].values())} MB, the bank paid out {d['minted']} MB net")
        for s in range(d["n"]):
            ill = d["illum"][s]
            if d["alive"][s] and ill is not None and d["ctrl"].get(ill) != [s, None, None]:
                out.append(f"fields alive, illum, ctrl: seat {s} is alive but its Illuminati is not in play")
            mine = [g for g, c in d["ctrl"].items() if c[0] == s]
            pos = M.layout(d, s, self.cards)
            if set(pos) != set(mine):
                loose = sorted(set(mine) - set(pos))
                out.append(f"field 'ctrl': seat {s}: groups {loose} are not connected to the Illuminati")
            cells = [(x, y) for x, y, _ in pos.values()]
            if len(set(cells)) != len(cells):
                out.append(f"field 'ctrl': seat {s}: cards overlap in the power structure")
            slots = set()
            for g in mine:
                _s, m, side = d["ctrl"][g]
                if m is None:
                    if not self.cards[g].illuminati:
                        out.append(f"field 'ctrl': {g} has no master")
                    continue
                if m not in d["ctrl"] or d["ctrl"][m][0] != s:
                    out.append(f"field 'ctrl': {g}: its master {m} is not in the same structure")
                elif side not in self.cards[m].arrows_out:
                    out.append(f"field 'ctrl': {g} hangs on a side of {m} without an out-arrow")
                if (m, side) in slots:
                    out.append(f"field 'ctrl': two puppets on the same arrow of {m}")
                slots.add((m, side))
        return out

