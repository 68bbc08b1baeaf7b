"""Primordial Secrets (Garth Avery) on the shared engine core: a simultaneous-planning deck-builder.

Every rule is checked once, in ``check``; ``candidates`` only proposes actions.  The round's automatic
steps are in :mod:`.flow`, the effect interpreter in :mod:`.effects`, the card data and its validator in
:mod:`.cards`, notation in :mod:`.notation`, views in :mod:`.view`.  Section names cite the rulebook
and the product rulings (restated, numbered, in ``RULES-NOTES.md``); readings are marked ``READING:`` and
listed there too.

**Decision kinds** (``Decision.kind``; the action kinds that answer them, in notation):

- ``deal`` (chance): shuffle the decks, cut the Royals, hold out the expensive Pawns, deal The Court.
- ``shuffle`` (chance): a Discard shuffled into its Deck (the golden rule, or a card's Shuffle), or the
  held-out Pawns into the Pawn Deck at the end of round 2; answered by ``shuffle <seat|pawns> <seed>``.
- ``plot`` (sealed, every seat at once): ``plot host A B C visit <intent>`` -- three hosts from the hand (the
  rest visit) and the Visiting Intent; revealed together when all have plotted.
- ``order``: two or more effects of one timing window are eligible; the window's owner chooses which
  resolves next (``order <card> [copy]``), and the window gathers again after it.
- ``choose``: a target an effect asks for (``choose <card> [copy]``); shown only to the chooser when it
  looks through a hidden zone.
- ``steal``: the visiting player looks through the Secrets and picks one (``steal <intent>``).
- ``sacrifice``: the visiting player picks the visitor the host Sacrifices (``sacrifice <card> [copy]``).
- ``recruit``: step 5, card by card: ``recruit <card>`` while affordable, ``done`` to end the turn.
- ``reset`` (sealed, every seat at once, end of every fourth round): ``reset <five intents>``.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from illumi_widgets.engine import Action, Decision, Game
from illumi_widgets.engine.action import CHANCE, ActionList
from illumi_widgets.engine.errors import EngineError, IllegalAction, NotationError
from illumi_widgets.engine.game import Log
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.triggers import copy_labels, find_copy
from illumi_widgets.engine.words import counted

from ..fieldcheck import trial_problems
from . import effects as E
from .cards import load_cards, step_text
from .flow import TURN_STEPS, FlowMixin
from .listing import sealed_listing
from .model import LEGACY_COUNTERS, clone, copy_position, new_position, snapshot_position
from .view import action_label

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
STACKING = ("hold_out", "replace")


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


def _first(insts, types, cid):
    """The first instance of card ``cid`` among ``insts`` (a loop, not ``next`` over a generator: the hot
    path of every plot and recruit); ``StopIteration`` when there is none, as ``next`` raised."""
    for x in insts:
        if types[x] == cid:
            return x
    raise StopIteration(cid)


class PrimordialGame(FlowMixin, Game):
    """Primordial Secrets for 2-4 players.  Options: ``cards`` (a card file path or dict replacing the
    reconstructed set), ``stacking`` ("hold_out": expensive Pawns out until round 2 ends, as printed;
    "replace": the alternative method)."""

    name = "primordial"
    title = "Primordial Secrets"
    min_players = 2
    max_players = 4
    seat_names = SEAT_NAMES
    presenter = "illumi_widgets.games.primordial.scene"
    option_names = ("cards", "stacking")
    text_options = ("stacking",)  # a word, never a file name (a position or record may carry it)
    #: the search bot's position evaluation (``evaluation.py``: points, the round in progress, deck quality)
    bot_hints = "illumi_widgets.games.primordial.evaluation"

    def __init__(self, players: int = 3, **options):
        super().__init__(players, **options)
        self.seat_names = SEAT_NAMES[:players]
        self._format = self.format  # (one bound method for every action listed, not one each)
        self.stacking = options.get("stacking", "hold_out")
        if self.stacking not in STACKING:
            raise EngineError(f"stacking must be one of {', '.join(STACKING)}, got {self.stacking!r}",
                              code="bad-option")
        self.cs = cs = load_cards(options.get("cards"))
        self.cards = cs.cards
        self.intents = cs.intents[players]
        types: list = []
        self.start_of = []
        for _s in range(players):
            mine = []
            for cid, k in cs.starting:
                for _ in range(k):
                    mine.append(len(types))
                    types.append(cid)
            self.start_of.append(mine)
        self.pawns, self.royals, self.familiar_insts = [], [], []
        for c in cs.cards.values():
            if c.kind == "starting":
                continue
            for _ in range(c.count):
                {"pawn": self.pawns, "royal": self.royals, "familiar": self.familiar_insts}[c.kind].append(
                    len(types))
                types.append(c.id)
        self.n_primordials = len(types)
        self.intent_decks, self.secret_sets = [], []
        for _s in range(players):
            deck, secret = [], []
            for it in self.intents.values():
                (deck if it.kind == "starting" else secret).append(len(types))
                types.append(it.id)
            self.intent_decks.append(deck)
            self.secret_sets.append(secret)
        self.types = types
        #: each Primordial instance's effects by timing, ``{timing: ((effect index, effect), ...)}`` (the
        #: windows and "while" effects read these at every step instead of scanning every effect)
        self.fx = [E.effects_by_timing(self.cards[types[i]]) for i in range(self.n_primordials)]
        #: the instances with an effect of each timing (a window whose party holds none has nothing to do)
        self.fx_insts = {}
        for i, fx in enumerate(self.fx):
            for timing in fx:
                self.fx_insts.setdefault(timing, set()).add(i)
        #: each Primordial instance's card, and its printed stats by name (read at every comparison)
        self.card_at = [self.cards[types[i]] for i in range(self.n_primordials)]
        self.base_stats = {s: [getattr(c, s) for c in self.card_at]
                           for s in ("devotion", "insight", "deceit")}
        #: the seat whose Secrets zone each Secret starts in
        self.secret_of = {i: s for s, secret in enumerate(self.secret_sets) for i in secret}
        #: each seat's own Intents: its Starting Intents and its Secrets
        self.own_intents = [set(deck) | set(secret)
                            for deck, secret in zip(self.intent_decks, self.secret_sets, strict=True)]
        self._plot_cache: dict = {}  # (listing.py)
        self._listing_cache: dict = {}
        self.card_ids = set(self.cards)
        self.intent_ids = set(self.intents)
        self.by_name = {}
        for c in self.cards.values():
            self.by_name[c.name.lower().replace(" ", "-")] = c.id
        for i in self.intents.values():
            self.by_name["-".join(i.name.lower().replace(":", " ").split())] = i.id

    # ------------------------------------------------------------------------------------------------
    # helpers
    # ------------------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        return SEAT_NAMES[seat]

    def names(self, insts) -> str:
        return ", ".join(self.cards[self.types[i]].name for i in insts) or "nobody"

    def intent_name(self, inst) -> str:
        return self.intents[self.types[inst]].name

    def card_name(self, cid: str) -> str:
        if cid in self.cards:
            return self.cards[cid].name
        if cid in self.intents:
            return self.intents[cid].name
        return cid

    def step_text(self, s) -> str:
        return step_text(s)

    def is_intent(self, inst) -> bool:
        return inst >= self.n_primordials

    # ------------------------------------------------------------------------------------------------
    # engine hooks
    # ------------------------------------------------------------------------------------------------
    def setup(self) -> dict:
        return new_position(self.players, list(range(self.n_primordials)), self.intent_decks,
                            self.secret_sets)

    def copy(self, d):
        return copy_position(d)

    def snapshot(self, d, previous):
        return snapshot_position(d, previous)

    def encode(self, d):
        return copy_position(d)

    def decode(self, obj):
        if not isinstance(obj, dict) or obj.get("n") != self.players:
            raise NotationError("not a Primordial Secrets position for this player count (field 'n')",
                                code="bad-position")
        d = clone(obj)
        for k in LEGACY_COUNTERS:  # an older position's counters: the counts are read from the zones now
            d.pop(k, None)
        # untrusted input: every field checked (naming it, ``validate.py``), then the pending steps played on
        # copies
        bad = self.problems(d) or trial_problems(self, d, self._trial_advance)
        if bad:
            raise NotationError("; ".join(bad[:5]), code="bad-position")
        return d

    def _trial_advance(self, d) -> None:
        self._advance(d, Log([], 0))

    def outcome(self, d):
        return d["result"]

    def final_report(self, d, seat) -> dict:
        from .summary import final_report

        return final_report(self, d, seat)

    def chance_pending(self, d) -> bool:
        return d["result"] is None and bool(d["frames"]) and d["frames"][-1]["t"] in ("deal", "shuffle")

    def decisions(self, d) -> list[Decision]:
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t == "deal":
            return [Decision(CHANCE, "deal", "Chance: shuffle the decks and deal the Court", None)]
        if t == "shuffle":
            who = "the Pawn Deck with the expensive Pawns" if f["seat"] == "pawns" else \
                f"{self.seat_name(f['seat'])}'s Discard into their Deck"
            return [Decision(CHANCE, "shuffle", f"Chance: shuffle {who}", None)]
        if t in ("plot", "reset"):  # (the listing given with each decision: listing.py)
            fast = self.fast_legal
            return [Decision(s, t, partial(self._prompt, d, f, s),  # (worded when read)
                             sealed_listing(self, d, t, s) if fast else None, sealed=True)
                    for s in range(d["n"]) if str(s) not in f["commits"]]
        seat = self.frame_seat(d, f)
        if seat is None:
            return []
        kind = self.frame_kind(d, f)
        if kind == "recruit" and self.fast_legal:  # (the devotion left, counted once for the prompt and list)
            left = self.devotion_left(d)
            options = ActionList(self._recruits(d, seat, left))
            return [Decision(seat, kind, partial(self._prompt, d, f, seat, left), options)]
        return [Decision(seat, kind, partial(self._prompt, d, f, seat), None)]

    def frame_seat(self, d, f):
        t = f["t"]
        if t == "choose":
            return f["seat"]
        if t == "turn":
            tr = d["turn"]
            step, side = TURN_STEPS[tr["step"]]
            if step == "recruit":
                return tr["v"]
            if tr["order"]:
                return tr["v"] if side == "v" else tr["h"]
        return None

    def frame_kind(self, d, f) -> str:
        if f["t"] == "choose":
            return f["kind"]
        return "recruit" if TURN_STEPS[d["turn"]["step"]][0] == "recruit" else "order"

    def steal_source(self, d, f) -> int:
        """The seat whose Secrets zone a steal decision ``f`` looks through: the host's, or the thief's own
        when the host's was empty (``start_steal``)."""
        return next((s for s in range(d["n"]) if f["options"] and f["options"][0] in d["secrets"][s]),
                    f["thief"])

    def _prompt(self, d, f, seat, left=None) -> str:
        name = self.seat_name(seat)
        t = f["t"]
        if t == "plot":
            return (f"{name}: choose three hosts (the other cards of your hand visit) and a Visiting Intent "
                    "(sealed)")
        if t == "reset":
            return f"{name}: choose five Intents for the next four rounds (sealed)"
        if t == "choose":
            if f["kind"] == "steal":
                src = self.steal_source(d, f)
                if src == seat:  # the host's zone was empty: the thief's own (as printed)
                    return (f"{name}: look through your own Secrets (the host has none left) and choose one "
                            "to steal")
                return f"{name}: look through {self.seat_name(src)}'s Secrets and choose one to steal"
            if f["kind"] == "sacrifice":
                return f"{name}: choose the visitor to lose (it goes to the host's Sacrifices)"
            return f"{name}: choose the target — {f['why']}"
        tr = d["turn"]
        step = TURN_STEPS[tr["step"]][0]
        if step == "recruit":
            held = len(d["sacrifices"][seat])
            left = self.devotion_left(d) if left is None else left
            return (f"{name}: recruit from the Court ({left} devotion left, "
                    f"{held} Sacrifice{'' if held == 1 else 's'} held) or done")
        return f"{name}: choose which effect resolves next ({step.replace('_', ' ')})"

    # -- notation ------------------------------------------------------------------------------------
    def act(self, seat: int, kind: str, *args) -> Action:
        return Action(seat, kind, args, "", self._format)  # (``*args`` is a tuple already)

    def format(self, kind: str, args: tuple) -> str:
        from .notation import format_action

        return format_action(kind, args)

    def parse(self, d, text: str, seat: int) -> Action:
        from .notation import parse_action

        kind, args = parse_action(text, self.card_ids, self.intent_ids, self.by_name)
        return self.act(seat, kind, *args)

    # ------------------------------------------------------------------------------------------------
    # candidates (proposals only; ``check`` holds each rule)
    # ------------------------------------------------------------------------------------------------
    def candidates(self, d, seat: int) -> list[Action]:
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        a = self.act
        if t in ("plot", "reset"):
            return [] if str(seat) in f["commits"] else list(sealed_listing(self, d, t, seat))
        if self.frame_seat(d, f) != seat:
            return []
        if t == "choose":
            return [a(seat, f["kind"], *p) for p in self._picks(f["options"])]
        tr = d["turn"]
        if TURN_STEPS[tr["step"]][0] == "recruit":
            return self._recruits(d, seat)
        return [a(seat, "order", *p) for p in self._picks([i for i, _k in tr["order"]])]

    def _recruits(self, d, seat, left=None) -> list[Action]:
        """Step 5's actions: recruit each Court card the visitor can afford (``left``: the devotion left, if
        counted already), then done."""
        a, types = self.act, self.types
        return [a(seat, "recruit", types[i]) for i in self.recruit_options(d, left)] + [a(seat, "done")]

    #: list every decision's candidates without checking each (below); False: every candidate goes through
    #: ``check`` (the reference ``tests/primordial/test_fast_legal.py`` compares the listing with)
    fast_legal = True

    def legal(self, d, seat: int) -> list[Action]:
        """The candidates, which are built exactly as ``check`` reads them, so they are listed without
        checking each: plots and Intent resets from the hand and Intent piles (up to a hundred per seat);
        recruits from ``recruit_options`` (the Court cards whose tribute and Sacrifices the visitor can
        pay, what ``_check_recruit`` asks) and ``done``; the picks of a choice or of the order of effects
        from the frame's own options.  ``tests/primordial/test_fast_legal.py`` compares this listing with
        the checked candidates at every step of random games."""
        cands = self.candidates(d, seat)
        if self.fast_legal or not cands:
            return cands
        return [a for a in cands if self.check(d, a) is None]

    def _picks(self, insts) -> list:
        """``(card id, copy number)`` for each option, so identical copies are told apart."""
        return copy_labels(insts, self.types.__getitem__)

    def _pick(self, insts, cid, k):
        """``(index, instance)`` a ``(card id, copy)`` pick names among ``insts``, or None."""
        return find_copy(insts, self.types.__getitem__, cid, k)

    # ------------------------------------------------------------------------------------------------
    # check: every rule, once
    # ------------------------------------------------------------------------------------------------
    def check(self, d, a: Action) -> IllegalAction | None:
        if d["result"] is not None:
            return _illegal("game-over", "the game is over")
        f = d["frames"][-1] if d["frames"] else None
        if f is None:
            return _illegal("no-decision", "nothing is pending")
        kind = a.kind
        if a.seat == CHANCE:
            if (kind, f["t"]) not in (("deal", "deal"), ("shuffle", "shuffle")):
                return _illegal("wrong-time", f"chance cannot '{kind}' now")
            if kind == "shuffle" and a.args[0] != f["seat"]:
                return _illegal("wrong-time", "that is not the pile being shuffled now")
            return None
        if kind == "plot":
            return self._check_plot(d, f, a)
        if kind == "reset":
            return self._check_reset(d, f, a)
        if f["t"] in ("plot", "reset"):
            if f["t"] == "plot":
                return _illegal("wrong-phase", "it is the Plotting Phase: every player plots first")
            return _illegal("wrong-phase", "it is the Intent reset: every player chooses five Intents first")
        seat = self.frame_seat(d, f)
        if seat != a.seat:
            return _illegal("not-your-decision", f"it is not {self.seat_name(a.seat)}'s decision now")
        want = self.frame_kind(d, f)
        if kind in ("recruit", "done"):
            if want != "recruit":
                return _illegal("wrong-step", "recruiting is step 5 of a turn, after the after-windows "
                                              "(rulebook: Resolve a visit in this order)")
            return None if kind == "done" else self._check_recruit(d, a)
        if kind != want:
            return _illegal("wrong-step", f"now: {self._prompt(d, f, seat)}")
        insts = f["options"] if f["t"] == "choose" else [i for i, _k in d["turn"]["order"]]
        if self._pick(insts, *a.args) is None:
            what = "eligible effect in this window" if kind == "order" else "option"
            shown = ", ".join(self.card_name(self.types[i]) for i in insts)
            return _illegal("not-an-option",
                            f"{self.card_name(a.args[0])} is not an {what} (options: {shown})")
        return None

    def _check_plot(self, d, f, a) -> IllegalAction | None:
        if f["t"] != "plot":
            return _illegal("wrong-phase", "plotting happens at the start of a round (Plotting Phase)")
        s = a.seat
        if str(s) in f["commits"]:
            return _illegal("already-plotted", f"{self.seat_name(s)} has already plotted this round")
        hosts, intent = a.args
        hand = Counter(self.types[i] for i in d["hand"][s])
        need = min(3, sum(hand.values()))
        if len(hosts) != need:
            return _illegal("three-hosts", f"choose exactly {need} hosts from your hand (Plotting Phase: "
                                           "three hosts, three visitors)")
        short = Counter(hosts) - hand
        if short:
            shown = ", ".join(self.card_name(c) for c in short)
            return _illegal("not-in-hand", f"{shown} is not in your hand")
        if intent not in {self.types[i] for i in d["intent_deck"][s]}:
            used = intent in {self.types[i] for i in d["intent_discard"][s]}
            why = ": it is in your Intent Discard (used until Intents are reset)" if used else ""
            return _illegal("no-intent",
                            f"the Intent {self.card_name(intent)} is not in your Intent Deck{why}")
        return None

    def _check_reset(self, d, f, a) -> IllegalAction | None:
        if f["t"] != "reset":
            return _illegal("wrong-phase", "Intents are reset only at the end of every fourth round")
        if str(a.seat) in f["commits"]:
            return _illegal("already-reset", "you have already chosen your Intents")
        pool = Counter(self.types[i] for i in self.reset_pool(d, a.seat))
        need = min(5, sum(pool.values()))
        if len(a.args[0]) != need:
            return _illegal("five-intents", f"choose exactly {need} Intents (Resetting Intents)")
        if Counter(a.args[0]) - pool:
            return _illegal("not-yours", "choose among your Starting Intents and the Secrets you have stolen")
        return None

    def _check_recruit(self, d, a) -> IllegalAction | None:
        cid = a.args[0]
        tr = d["turn"]
        court = [*d["court_pawns"], *d["court_royals"], *d["familiars"][-1:]]
        if cid not in {self.types[i] for i in court}:
            return _illegal("not-in-court", f"{self.card_name(cid)} is not in The Court now")
        c = self.cards[cid]
        left = self.devotion_left(d)
        if c.tribute > left:
            return _illegal("tribute", f"{c.name} costs {c.tribute} tribute; your visitors have {left} "
                                       "devotion left this turn (rulebook step 5)")
        if c.kind == "royal":
            held = len(d["sacrifices"][tr["v"]])
            if tr["sac"] + c.sacrifice > held:
                need = counted(c.sacrifice, "Sacrifice")
                return _illegal("sacrifice-cost", f"{c.name} needs {need} besides the "
                                f"{tr['sac']} of the Royals already recruited this turn; you hold {held} "
                                "(rulebook step 5)")
        return None

    # ------------------------------------------------------------------------------------------------
    # perform
    # ------------------------------------------------------------------------------------------------
    def perform(self, d, a: Action, log) -> None:
        getattr(self, "_do_" + a.kind)(d, a, log)
        self._advance(d, log)

    def after_edit(self, d, log) -> None:
        self._advance(d, log)

    def sample_chance(self, d, rng) -> Action:
        f = d["frames"][-1]
        seed = rng.next64() >> 12
        if f["t"] == "deal":
            return self.act(CHANCE, "deal", seed)
        return self.act(CHANCE, "shuffle", f["seat"], seed)

    def _do_deal(self, d, a, log) -> None:
        rng = Rng(a.args[0])
        d["frames"].pop()
        d["box"] = []
        for s in range(d["n"]):
            d["deck"][s] = rng.shuffle(list(self.start_of[s]))
        royals = rng.shuffle(list(self.royals))
        keep = 5 * d["n"]
        d["royal_deck"], d["removed"] = royals[:keep], royals[keep:]
        pawns = list(self.pawns)
        if self.stacking == "hold_out":
            d["held_out"] = [p for p in pawns if self.cards[self.types[p]].tribute >= 6]
            pawns = [p for p in pawns if p not in d["held_out"]]
        d["pawn_deck"] = rng.shuffle(pawns)
        d["familiars"] = list(self.familiar_insts)
        d["first"] = 0  # READING: "the most ancient being among you" — the first seat takes the token
        log.add("The decks are shuffled; Royals are cut to five per player unseen; "
                + ("the Pawns costing 6 or more wait until round 2 ends." if self.stacking == "hold_out" else
                   "Pawns costing 6 or more are replaced when they come up in rounds 1-2."))
        self.repopulate(d, log)
        log.add(f"{self.seat_name(d['first'])} holds the First Visitor Token.")
        d["frames"].append({"t": "draw"})

    def _do_shuffle(self, d, a, log) -> None:
        f = d["frames"].pop()
        rng = Rng(a.args[1])
        if f["seat"] == "pawns":
            d["pawn_deck"] = rng.shuffle(d["pawn_deck"] + d["held_out"])
            d["held_out"] = []
            log.add("The expensive Pawns are shuffled into the Pawn Deck (end of round 2).")
            return
        s = f["seat"]
        d["deck"][s] = rng.shuffle(d["deck"][s] + d["discard"][s])
        d["discard"][s] = []
        log.add(f"{self.seat_name(s)} shuffles their Discard into their Deck.")

    def _do_plot(self, d, a, log) -> None:
        f = d["frames"][-1]
        s = a.seat
        hosts, intent = a.args
        hand = list(d["hand"][s])
        picked = []
        types = self.types
        for cid in hosts:
            i = _first(hand, types, cid)
            hand.remove(i)
            picked.append(i)
        it = _first(d["intent_deck"][s], types, intent)
        f["commits"][str(s)] = [picked, it]
        # (the player's own words: "You plot: host Advisor, …; Intent Visit Left (to Blue)", never notation)
        log.add(f"{self.seat_name(s)} has plotted.", private={s: f"You plot{self.label(d, a, s)[4:]}."})
        if len(f["commits"]) == d["n"]:
            d["frames"].pop()
            self._reveal(d, f["commits"], log)

    def _do_reset(self, d, a, log) -> None:
        f = d["frames"][-1]
        s = a.seat
        pool = self.reset_pool(d, s)
        chosen = []
        for cid in a.args[0]:
            i = next(x for x in pool if self.types[x] == cid and x not in chosen)
            chosen.append(i)
        f["commits"][str(s)] = chosen
        log.add(f"{self.seat_name(s)} has chosen their Intents.", private={s: f"You keep: {a.notation()}."})
        if len(f["commits"]) == d["n"]:
            d["frames"].pop()
            self._apply_reset(d, f["commits"], log)

    def _do_order(self, d, a, log) -> None:
        tr = d["turn"]
        side = TURN_STEPS[tr["step"]][1]
        idx, _i = self._pick([i for i, _k in tr["order"]], *a.args)
        key = tr["order"][idx]
        log.add(f"{self.seat_name(a.seat)} resolves {self.card_name(a.args[0])} next.")
        self.start_effect(d, key, side, log)

    def _do_choose(self, d, a, log) -> None:
        f = d["frames"][-1]
        _idx, inst = self._pick(f["options"], *a.args)
        self._resolve_choice(d, f, inst, log)

    _do_steal = _do_choose
    _do_sacrifice = _do_choose

    def _do_recruit(self, d, a, log) -> None:
        court = [*d["court_pawns"], *d["court_royals"], *d["familiars"][-1:]]
        inst = _first(court, self.types, a.args[0])
        self.recruit(d, inst, log)

    def _do_done(self, d, a, log) -> None:
        d["turn"]["step"] += 1

    # ------------------------------------------------------------------------------------------------
    # views, secrets, consistency, determinization
    # ------------------------------------------------------------------------------------------------
    def view(self, d, seat) -> dict:
        from .view import make_view

        return make_view(self, d, seat)

    def secrets(self, d, seat) -> set[str]:
        from .view import hidden_tokens

        return hidden_tokens(self, d, seat)

    def determinize(self, d, seat, rng):
        from .determinize import determinize

        return determinize(self, d, seat, rng)

    def problems(self, d) -> list[str]:
        """What makes ``d`` impossible, each message naming the field (``validate.py``): types and ranges,
        where every card is, the pending steps and the visit under way."""
        from .validate import field_problems

        return field_problems(self, d)

    # ------------------------------------------------------------------------------------------------
    # hooks of the board experience (labels, hints, legend, confirmations, touched entities)
    # ------------------------------------------------------------------------------------------------
    def label(self, d, action: Action, seat=None) -> str:
        """An action as a player reads it: names, never ids or notation."""
        return action_label(self, d, action, seat)  # (imported once: every plot's log line uses it)

    def hint(self, d, seat, entity):
        from .view import entity_hint

        return entity_hint(self, d, seat, entity)

    def legend(self, seat=None) -> list[dict]:
        from .scene import LEGEND

        return [dict(x) for x in LEGEND]

    def confirm(self, d, action: Action):
        """A question to ask before an action that cannot be taken back in spirit (none undoable here is
        dangerous except ending recruiting with devotion left)."""
        if action.kind == "done" and d["turn"] is not None and self.recruit_options(d):
            return (f"End recruiting with {self.devotion_left(d)} devotion unspent? Unspent devotion does "
                    "not carry over.")
        return None

    def touched(self, d, action: Action) -> list:
        from .view import touched_entities

        return touched_entities(self, d, action)

    def stat_of(self, d, inst, name) -> int:
        return E.stat(self, d, inst, name)

    def card_stats(self, d, inst) -> dict:
        """A Primordial card's stats now, at any position: ``devotion``, ``insight``, ``deceit`` as modified
        in the visit under way (the turn's ledger and "while" effects; outside a visit, or for a card not in
        its parties, the printed values), and whether it is silenced."""
        if not isinstance(inst, int) or isinstance(inst, bool) or not 0 <= inst < self.n_primordials:
            raise EngineError(f"no Primordial card instance {inst!r} (0-{self.n_primordials - 1})",
                              code="unknown-card")
        out = {s: E.stat(self, d, inst, s) for s in ("devotion", "insight", "deceit")}
        out["silenced"] = d["turn"] is not None and inst in d["turn"]["silenced"]
        return out

    def history_rows(self, steps, seat) -> list[dict]:
        """The history table: one row per visit (``history.py``)."""
        from .history import history_rows

        return history_rows(self, steps, seat)
