"""The Primordial Secrets position editor (the common shape of :mod:`illumi_widgets.editor`), complete: every
thing a person at the table could arrange is set here by name, and the engine keeps what follows from it.

::

    from illumi_widgets.editor import edit
    with edit(state) as ed:                                   # also board.edit() / match.edit()
        ed.hand("Red", ["emissary", "puppeteer", "dawn-prophet", "messenger", "messenger", "messenger"])
        ed.move("scout", "court", frm="pawn_deck")            # a card of a type, taken from where you say
        ed.stack("pawn_deck", ["zealot", "jester"])           # the next Pawns to come up, first first
        ed.steal("Blue", frm="Red")                           # Blue holds one of Red's Secrets (stolen)
        ed.sacrifice("Red", "messenger", frm="deck", frm_seat="Blue")
        ed.round(3); ed.first("Green")
        ed.party("Red", hosts=["messenger"] * 3, visitors=["emissary", "puppeteer", "dawn-prophet"],
                 intent="Visit Left")                         # (every seat's, for the Visiting Phase)
        ed.phase("visiting")                                  # or ed.turn("Red", "recruit"), "round end"...

**Cards** are named by instance (``12`` or the views' token ``"c12"``), by card id (``"dawn-prophet"``) or by
printed name (``"Dawn Prophet"``, ``"Visit Left"``).  **Seats** by colour name ("Red") or number.  **Zones**:
a seat's ``deck``, ``hand``, ``discard``, ``hosts``, ``visitors``, ``next_visitors``, ``sacrifices``,
``intent_deck``, ``intent_discard``, ``secrets`` and ``intent`` (the Visiting Intent), with ``who``; shared
``pawn_deck``, ``royal_deck``, ``held_out``, ``removed``, ``court_pawns``, ``court_royals``, ``familiars``,
``banished`` -- and ``court`` (the Court's row for the card's kind).  Piles keep their top last in the data;
``stack`` names a pile's top cards first-drawn first.

**Which card is moved.**  An instance is taken from wherever it is.  A card named by type is taken from the
zone ``frm`` names (``frm_seat``'s, defaulting to ``who``), from its top; without ``frm``, from the receiving
seat's own zones if it holds one there, else from anywhere -- but only if exactly one zone holds a free card
of that type: otherwise the edit is refused with the zones to choose from (never a guess).  The arranging
helpers ``hand`` and ``stack`` fill a seat's cards the way a player sets up a table: the seat's own piles
first (Deck, Discard, Intent piles), then the supply (Pawn Deck, held-out Pawns, Royal Deck, removed Royals,
the Court, the Familiars); name a source with a ``(card, zone)`` pair to take it from elsewhere.

**What the engine keeps.**  Secrets stolen, Sacrifices and Royals held are read from the zones (``scoring``),
so putting cards there is how they are set.  The end conditions met this round (a sixth Secret or Sacrifice
held, the last Royal gone from the Court and the Royal Deck) are recomputed when the block ends; the pending
effect order of a window is gathered again.  ``phase``/``turn`` build the pending steps a real game has at the
start of that phase or step, and the game then runs its automatic steps to the first decision.

**Refusals** name the field and the rule, and leave the whole position as it was: a card that a pending
decision names (a sealed plot's host or Intent, a choice's option, an effect being resolved), a zone that
cannot hold the card, a position the game's checks refuse, or one leaving a player who must decide with no
legal choice.
"""

from __future__ import annotations

from ...editor import Editor
from ...engine.game import Log
from ...engine.rng import Rng
from . import effects as E
from .flow import GOAL, HAND, TURN_STEPS
from .model import SEAT_ZONES, SHARED_ZONES, locate, take
from .scoring import royals_held, sacrifices_held, secrets_held

#: a seat's own piles (searched first by ``hand``/``stack`` for a card that seat receives)
OWN_PILES = ("deck", "discard", "intent_deck", "intent_discard", "secrets")
#: the supply, searched next by ``hand``/``stack``
SUPPLY = ("pawn_deck", "held_out", "royal_deck", "removed", "court_pawns", "court_royals", "familiars", "box")
#: piles whose order matters: a card already there may be moved within (to the top or the bottom)
ORDERED = ("deck", "intent_deck", "pawn_deck", "royal_deck", "held_out", "removed", "discard",
           "intent_discard")
#: the step names ``turn`` accepts (rulebook "Resolve a visit in this order"), each its index in TURN_STEPS
STEPS = {"start": 0, "visit": 0, **{s.replace("_", " "): k for k, (s, _side) in enumerate(TURN_STEPS[:-1])},
         "comparison": 4, "recruiting": 7}
#: the phases ``phase`` accepts
PHASES = ("plotting", "visiting", "comparison", "recruiting", "round end", "intent reset")


def _ints(x):
    if isinstance(x, bool):
        return
    if isinstance(x, int):
        yield x
    elif isinstance(x, (list, tuple)):
        for y in x:
            yield from _ints(y)


def _word(text: str) -> str:
    return "_".join(str(text).strip().lower().replace("-", " ").split())


class PositionEditor(Editor):
    # ------------------------------------------------------------------------------------------------
    # entering and leaving: derived values, then the game's checks
    # ------------------------------------------------------------------------------------------------
    def __exit__(self, *exc):
        if exc[0] is None:
            try:
                self._derive()
                self._rules()
            except Exception as err:
                super().__exit__(type(err), err, None)  # puts the position back
                raise
            if not self.game.problems(self.d):
                stuck = self._stuck()
                if stuck:
                    err = self._bad(f"the edited position leaves {stuck} with no legal choice", "stuck")
                    super().__exit__(type(err), err, None)
                    raise err
        return super().__exit__(*exc)

    def _derive(self) -> None:
        """What follows from the cards: the end conditions met (a sixth Secret or Sacrifice held, the last
        Royal recruited), the effect order of a window gathered again."""
        d, g = self.d, self.game
        if d["result"] is not None:
            return
        now = []
        for s in range(d["n"]):
            if secrets_held(g, d, s) >= GOAL:
                now.append(["secrets", s])
            if sacrifices_held(d, s) >= GOAL:
                now.append(["sacrifices", s])
        if not d["box"] and not d["court_royals"] and not d["royal_deck"]:
            kept = [e for e in d["ends"] if e[0] == "royal"]
            now += kept[:1] or [["royal", max(range(d["n"]), key=lambda s: royals_held(g, d, s))]]
        d["ends"] = [e for e in d["ends"] if e in now] + [e for e in now if e not in d["ends"]]
        if d["turn"] is not None and d["turn"]["order"] is not None:
            d["turn"]["order"] = None  # (gathered again by the game: an edit may have moved a card)
        if d["ends"] and [f["t"] for f in d["frames"]][:1] == ["round_end"]:
            self.game._finish(d, Log([], 0))  # (a round that met an end condition ends the game)
            d["frames"] = []

    def _rules(self) -> None:
        d = self.d
        if d["result"] is None and d["frames"] and d["frames"][0]["t"] != "deal":
            need = self._intents_needed()
            for s in range(d["n"]):
                have = len(d["intent_deck"][s])
                if have < need:
                    reset = d["round"] + (-d["round"]) % 4
                    raise self._bad(
                        f"field 'intent_deck': {self.game.seat_name(s)} holds {have} Intent"
                        f"{'' if have == 1 else 's'} in the Intent Deck, but plays {need} more before "
                        f"Intents are reset at the end of round {reset} (one Visiting Intent a round; "
                        "Resetting Intents: every fourth round); move Intents back to the Intent Deck "
                        "(ed.move(card, 'intent_deck', who=..., frm='intent_discard'))", "bad-edit")
        if d["held_out"] and d["round"] > 2 and self.game.stacking == "hold_out" and not self._pawn_shuffle():
            raise self._bad(f"field 'held_out' holds {len(d['held_out'])} Pawns in round {d['round']}: they "
                            "are shuffled into the Pawn Deck at the end of round 2 (Stacking the Pawn Deck); "
                            "move them to 'pawn_deck' or set the round with ed.round(n)", "bad-edit")

    def _intents_needed(self) -> int:
        """The Visiting Intents each player still plays before Intents are reset: one a round, the current
        one included while it is still to be chosen (Resetting Intents: "At the end of every fourth round,
        you will have one unused Intent remaining")."""
        d = self.d
        r = d["round"]
        kinds = [f["t"] for f in d["frames"]]
        if kinds[:1] == ["round_end"]:
            if r % 4 == 0 and (d["frames"][0]["stage"] < 3 or "reset" in kinds):
                return 0
            return 4 - r % 4
        left = 4 - (r - 1) % 4
        return left - 1 if kinds[:1] == ["visits"] else left

    def _pawn_shuffle(self) -> bool:
        return any(f["t"] == "shuffle" and f.get("seat") == "pawns" for f in self.d["frames"])

    # ------------------------------------------------------------------------------------------------
    # names
    # ------------------------------------------------------------------------------------------------
    def card_id(self, card) -> str:
        """The card id of a card id, a printed name ("Dawn Prophet", "Visit Left") or an instance."""
        g = self.game
        if isinstance(card, int) and not isinstance(card, bool) or (isinstance(card, str) and card[:1] == "c"
                                                                     and card[1:].isdigit()):
            return g.types[self._instance(card)]
        if isinstance(card, str):
            key = "-".join(card.lower().replace(":", " ").replace("_", " ").split())
            if key in g.card_ids or key in g.intent_ids:
                return key
            if key in g.by_name:
                return g.by_name[key]
        raise self._bad(f"no card {card!r} in Primordial Secrets: name a card by id or printed name (such as "
                        "'dawn-prophet', 'Dawn Prophet', 'Visit Left') or by instance (12 or 'c12')",
                        "unknown-card")

    def _instance(self, card) -> int:
        n = len(self.game.types)
        if isinstance(card, str) and card[:1] == "c" and card[1:].isdigit():
            card = int(card[1:])
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < n:
            return card
        raise self._bad(f"no card instance {card!r}: instances are 0-{n - 1} (or 'c0'-'c{n - 1}')",
                        "unknown-card")

    def _is_instance(self, card) -> bool:
        return (isinstance(card, int) and not isinstance(card, bool)) or (
            isinstance(card, str) and card[:1] == "c" and card[1:].isdigit())

    def zone(self, name, card=None) -> str:
        """A zone's field name from its name ("Pawn Deck", "court" for the card's row of the Court)."""
        z = _word(name)
        z = {"visiting_intent": "intent", "sacrifice": "sacrifices", "secret": "secrets", "next_visitor":
             "next_visitors", "host": "hosts", "visitor": "visitors", "intent_discards": "intent_discard",
             "familiar": "familiars"}.get(z, z)
        if z == "court":
            if card is None:
                raise self._bad("say which row of the Court: 'court_pawns', 'court_royals' or 'familiars'",
                                "bad-place")
            kind = "intent" if self.game.is_intent(card) else self.game.cards[self.game.types[card]].kind
            z = {"pawn": "court_pawns", "royal": "court_royals", "familiar": "familiars"}.get(kind)
            if z is None:
                raise self._bad(f"field 'court': The Court holds Pawns, Royals and Familiars, not "
                                f"{self._name(card)}", "bad-place")
        if z in SEAT_ZONES or z in SHARED_ZONES or z == "intent":
            return z
        raise self._bad(f"no zone {name!r}: one of {', '.join((*SEAT_ZONES, 'intent', *SHARED_ZONES))} or "
                        "'court'", "bad-place")

    def _name(self, inst) -> str:
        return self.game.card_name(self.game.types[inst])

    def _where(self, z, s) -> str:
        words = z.replace("_", " ")
        return words if s is None else f"{self.game.seat_name(s)}'s {words}"

    def _pile(self, z, s):
        return self.d[z] if s is None else self.d[z][s]

    # ------------------------------------------------------------------------------------------------
    # which card
    # ------------------------------------------------------------------------------------------------
    def _pending(self) -> dict:
        """``{card instance: what names it}`` for the cards the pending decisions name."""
        out = {}
        for f in self.d["frames"]:
            t = f.get("t")
            if t in ("plot", "reset"):
                for seat, commit in f.get("commits", {}).items():
                    what = f"{self.game.seat_name(int(seat))}'s sealed {'plot' if t == 'plot' else 'reset'}"
                    out.update((i, what) for i in _ints(commit))
            elif t == "choose":
                out.update((i, "a pending choice") for i in _ints(f.get("options", [])))
            elif t == "effect" and isinstance(f.get("inst"), int):
                out[f["inst"]] = "an effect being resolved"
        return out

    def _places(self, seat=None):
        """Every ``(zone, seat)`` with a pile: ``seat``'s own first when given, then the shared, then the
        others'."""
        n = self.d["n"]
        if seat is not None:
            yield from ((z, seat) for z in SEAT_ZONES)
        yield from ((z, None) for z in SHARED_ZONES)
        for s in range(n):
            if s != seat:
                yield from ((z, s) for z in SEAT_ZONES)

    def _fill_order(self, seat):
        """The arranging helpers' order: the seat's own piles, the supply, every seat's piles, the rest."""
        n = self.d["n"]
        if seat is not None:
            yield from ((z, seat) for z in OWN_PILES)
        yield from ((z, None) for z in SUPPLY)
        for s in range(n):
            if s != seat:
                yield from ((z, s) for z in OWN_PILES)
        yield "banished", None
        for s in range(n):
            yield from ((z, s) for z in SEAT_ZONES if z not in OWN_PILES)

    def _take_from(self, card, frm=None, frm_seat=None, who=None, to=None, fill=False) -> int:
        """The instance to move (not yet moved): see the module docstring, "Which card is moved"."""
        pending = self._pending()
        if self._is_instance(card):
            inst = self._instance(card)
            if locate(self.d, inst)[0] is None:
                raise self._bad(f"card {inst} ({self._name(inst)}) is in no zone", "not-found")
            self._free(inst, pending)
            return inst
        cid = self.card_id(card)
        types = self.game.types
        target = to

        def free_in(z, s):
            if (z, s) == target and z not in ORDERED:
                return None  # (a card already there is not moved to where it is)
            if z == "intent":
                i = self.d["intent"][s]
                return i if i is not None and types[i] == cid and i not in pending else None
            pile = self._pile(z, s)
            for k in range(len(pile) - 1, -1, -1):  # from the top
                if types[pile[k]] == cid and pile[k] not in pending:
                    return pile[k]
            return None

        if frm is not None:
            z = self.zone(frm)
            if z in SHARED_ZONES:
                s = None
            else:
                s = self.seat(frm_seat) if frm_seat is not None else who
                if s is None:
                    raise self._bad(f"taking a card from {z.replace('_', ' ')}: say whose (frm_seat=...)",
                                    "bad-place")
            got = free_in(z, s)
            if got is None:
                raise self._bad(f"no {self.game.card_name(cid)} is free to move in {self._where(z, s)}",
                                "not-found")
            return got
        if fill:
            for z, s in self._fill_order(who):
                got = free_in(z, s)
                if got is not None:
                    return got
            raise self._bad(f"no {self.game.card_name(cid)} is free to move", "not-found")
        mine = [(z, who) for z in (*SEAT_ZONES, "intent") if who is not None and free_in(z, who) is not None]
        found = mine or [(z, s) for z, s in (*self._places(), *(("intent", s) for s in range(self.d["n"])))
                         if free_in(z, s) is not None]
        if len(found) == 1:
            return free_in(*found[0])
        if not found:
            raise self._bad(f"no {self.game.card_name(cid)} is free to move", "not-found")
        shown = ", ".join(self._where(z, s) for z, s in found[:6])
        raise self._bad(f"a {self.game.card_name(cid)} is in {len(found)} zones ({shown}): say which it "
                        "comes from (frm=..., frm_seat=...) or name the instance", "ambiguous-card")

    def _free(self, inst, pending=None) -> None:
        named = (self._pending() if pending is None else pending).get(inst)
        if named is not None:
            raise self._bad(f"card {inst} ({self._name(inst)}) is named by {named}: move it when that "
                            "decision is over", "bad-place")

    def _put(self, inst, z, s, bottom=False) -> None:
        g = self.game
        intent = g.is_intent(inst)
        holds_intents = z in ("intent_deck", "intent_discard", "secrets", "intent")
        if intent != holds_intents:
            what = "an Intent card" if intent else "a Primordial"
            raise self._bad(f"field '{z}': {self._where(z, s)} cannot hold {self._name(inst)}, {what} "
                            "(Intents go to the Intent piles, Secrets and the Visiting Intent; Primordials "
                            "elsewhere)",
                            "bad-place")
        take(self.d, inst)
        if z == "intent":
            old = self.d["intent"][s]
            if old is not None:
                self.d["intent_deck"][s].append(old)
            self.d["intent"][s] = inst
            return
        pile = self._pile(z, s)
        if bottom:
            pile.insert(0, inst)
        else:
            pile.append(inst)

    def _target(self, to, who, inst):
        z = self.zone(to, inst)
        if z in SHARED_ZONES:
            return z, None
        if who is None:
            raise self._bad(f"moving a card to {z.replace('_', ' ')}: say whose (who=...)", "bad-place")
        return z, self.seat(who)

    # ------------------------------------------------------------------------------------------------
    # cards
    # ------------------------------------------------------------------------------------------------
    def move(self, card, to, who=None, frm=None, frm_seat=None, bottom=False) -> int:
        """Put ``card`` on top of ``to`` (``who``'s, for a seat's zone; ``bottom=True``: under the pile).
        A card named by type comes from ``frm`` (``frm_seat``'s): see "Which card is moved".  Returns the
        instance moved."""
        seat = None if who is None else self.seat(who)
        probe = None if self._is_instance(card) else None
        if self._is_instance(card):
            probe = self._instance(card)
        if probe is None:
            cid = self.card_id(card)
            z0 = self.zone(to, next(i for i, t in enumerate(self.game.types) if t == cid))
        else:
            z0 = self.zone(to, probe)
        s0 = None if z0 in SHARED_ZONES else seat
        if z0 not in SHARED_ZONES and seat is None:
            raise self._bad(f"moving a card to {z0.replace('_', ' ')}: say whose (who=...)", "bad-place")
        if probe is not None and locate(self.d, probe) == (z0, s0) and z0 not in ORDERED:
            raise self._bad(f"card {probe} ({self._name(probe)}) is already there", "bad-place")
        inst = self._take_from(card, frm, frm_seat, seat, (z0, s0))
        self._put(inst, z0, s0, bottom)
        return inst

    def stack(self, pile, cards, who=None) -> list:
        """Put ``cards`` on top of ``pile`` (a Deck, Discard, Intent pile, or the Pawn or Royal Deck), the
        first named on top (the next drawn); the rest of the pile stays under them.  Cards named by type come
        first from the pile itself, then as ``hand`` takes them; a ``(card, zone)`` pair names the source."""
        z = self.zone(pile)
        s = None if z in SHARED_ZONES else self.seat(who) if who is not None else None
        if z not in SHARED_ZONES and s is None:
            raise self._bad(f"stacking {z.replace('_', ' ')}: say whose (who=...)", "bad-place")
        if z not in ORDERED:
            raise self._bad(f"field '{z}' is not a pile with an order: use move()", "bad-place")
        got: list = []
        for c in cards:
            got.append(self._fetch(c, s, (z, s), exclude=got, prefer=(z, s)))
        for inst in reversed(got):
            self._put(inst, z, s)
        return got

    def _fetch(self, c, seat, to, exclude=(), prefer=None) -> int:
        """One card for an arranging helper, taken out of its zone (the helper puts it at once): an instance;
        a ``(card, zone[, seat])`` pair; or a type, from ``prefer`` (a zone of ``seat``) if it holds one, else
        in the helpers' order (module docstring)."""
        if isinstance(c, tuple):
            inst = self._take_from(c[0], c[1], c[2] if len(c) > 2 else None, seat, to)
        elif self._is_instance(c):
            inst = self._take_from(c, to=to)
        else:
            inst = None
            if prefer is not None:
                cid = self.card_id(c)
                pile = self._pile(*prefer)
                pending = self._pending()
                inst = next((i for i in reversed(pile) if self.game.types[i] == cid and i not in exclude
                             and i not in pending), None)
            if inst is None:
                inst = self._take_from(c, who=seat, to=to, fill=True)
        take(self.d, inst)  # (out of its pile until it is put, so the next card of a type is another one)
        return inst

    def hand(self, who, cards, deck_top=()) -> None:
        """Give ``who`` exactly ``cards`` in hand (at most six): the old hand goes back on top of the Deck,
        then the cards are taken (the seat's own first, then the supply); ``deck_top``: the next cards of the
        Deck, first drawn first."""
        s = self.seat(who)
        if len(cards) > HAND:
            raise self._bad(f"field 'hand': a hand holds at most {HAND} cards (Plotting Phase: draw six), "
                            f"got {len(cards)}", "bad-edit")
        for i in list(self.d["hand"][s]):
            self._free(i)
            self._put(i, "deck", s)
        got = [self._fetch(c, s, ("hand", s)) for c in cards]
        for inst in got:
            self._put(inst, "hand", s)
        if deck_top:
            self.stack("deck", deck_top, who=s)

    def court(self, pawns=(), royals=()) -> list:
        """Put these cards in The Court; as many present ones (the oldest first) go to the bottom of their
        deck.  Returns the instances put."""
        put = []
        for row, deck, cards in (("court_pawns", "pawn_deck", pawns), ("court_royals", "royal_deck", royals)):
            for c in cards:
                inst = self._take_from(c, to=(row, None), fill=True) if not self._is_instance(c) else \
                    self._take_from(c)
                if len(self.d[row]) >= 7 and inst not in self.d[row]:
                    self._put(self.d[row][0], deck, None, bottom=True)
                self._put(inst, row, None)
                put.append(inst)
        return put

    def intents(self, who, cards) -> None:
        """Put these Intents in ``who``'s Intent Deck (those already there stay where they are)."""
        s = self.seat(who)
        for c in cards:
            cid = self.card_id(c)
            if cid not in {self.game.types[i] for i in self.d["intent_deck"][s]}:
                self.move(c, "intent_deck", who=s)

    def party(self, who, hosts=None, visitors=None, intent=None, next_visitors=None) -> None:
        """Set ``who``'s Hosting and Visiting Parties (a card named by type stays if one is there already,
        else comes from the seat's hand, then its own piles, then the supply; the cards that were there and
        are not named go to the seat's Discard), its Visiting
        Intent (from its Intent Deck; the one there goes back to it) and the cards waiting for next round's
        Visiting Party.  What is not named stays as it is.  When the visitors are named, the cards left in
        the hand go back on top of the Deck (not drawn); with only the hosts named they stay in hand and
        visit, as at the reveal ("the other cards of your hand visit")."""
        s = self.seat(who)
        for z, cards in (("hosts", hosts), ("visitors", visitors), ("next_visitors", next_visitors)):
            if cards is None:
                continue
            old = self.d[z][s]
            got: list = []
            for c in cards:  # (a card of a named type already there stays)
                same = None
                if not isinstance(c, tuple) and not self._is_instance(c):
                    cid = self.card_id(c)
                    same = next((i for i in old if self.game.types[i] == cid and i not in got), None)
                got.append(same if same is not None else self._fetch(c, s, (z, s), prefer=("hand", s)))
            for i in [i for i in old if i not in got]:
                self._free(i)
                self._put(i, "discard", s)
            for inst in got:
                self._put(inst, z, s)
            if z == "visitors":  # (the visitors named, the cards left in hand were not drawn: to the Deck)
                for i in reversed(list(self.d["hand"][s])):
                    self._free(i)
                    self._put(i, "deck", s)
        if intent is not None:
            inst = self._take_from(intent, "intent_deck", s, s, ("intent", s)) if not self._is_instance(
                intent) else self._take_from(intent)
            self._put(inst, "intent", s)

    def steal(self, who, frm, secret=None) -> int:
        """``who`` holds a Secret stolen from ``frm``'s Secrets zone (``secret``: which; the top one if not
        said): it goes to ``who``'s Intent Discard, as "Steal a Secret" puts it, and counts as stolen."""
        s, v = self.seat(who), self.seat(frm)
        if secret is None:
            if not self.d["secrets"][v]:
                raise self._bad(f"field 'secrets': {self.game.seat_name(v)} has no Secret left to steal",
                                "not-found")
            secret = self.d["secrets"][v][-1]
        inst = self._take_from(secret, "secrets", v, s, ("intent_discard", s))
        self._put(inst, "intent_discard", s)
        return inst

    def sacrifice(self, who, card, frm=None, frm_seat=None) -> int:
        """``card`` goes to ``who``'s Sacrifices zone (taken as ``move`` takes it)."""
        return self.move(card, "sacrifices", who=who, frm=frm, frm_seat=frm_seat)

    def recruit(self, who, card) -> int:
        """``who`` gains ``card`` from The Court into their Discard (no tribute paid, so no "when recruited"
        effect: rulebook "When Recruited")."""
        s = self.seat(who)
        cid = self.card_id(card)
        for row in ("court_pawns", "court_royals", "familiars"):
            try:
                inst = self._take_from(card if self._is_instance(card) else cid, row, None, s, ("discard", s))
            except Exception:
                continue
            self._put(inst, "discard", s)
            return inst
        raise self._bad(f"field 'court': {self.game.card_name(cid)} is not in The Court", "not-found")

    # ------------------------------------------------------------------------------------------------
    # tokens and counters
    # ------------------------------------------------------------------------------------------------
    def round(self, n) -> None:
        """The round number.  From round 3 on the held-out Pawns are in the Pawn Deck (Stacking the Pawn
        Deck: shuffled in at the end of round 2): setting such a round shuffles them in."""
        if type(n) is not int or n < 1:
            raise self._bad(f"field 'round' must be a whole number from 1, got {n!r}", "bad-amount")
        self.d["round"] = n
        if n > 2 and self.d["held_out"] and self.game.stacking == "hold_out" and not self._pawn_shuffle():
            self.d["pawn_deck"] = Rng(n).shuffle(self.d["pawn_deck"] + self.d["held_out"])
            self.d["held_out"] = []

    def first(self, who) -> None:
        """The First Visitor Token goes to ``who``."""
        s = self.seat(who)
        if any(f["t"] == "visits" for f in self.d["frames"]):  # (the order of the visits follows the token)
            raise self._bad("field 'first': the visits of this round go in turn order from the First "
                            "Visitor; set the token with ed.phase('plotting') first", "bad-edit")
        self.d["first"] = s

    def turn(self, who, step="start") -> None:
        """Make it ``who``'s turn.  In the Plotting Phase everyone plots at once: the First Visitor Token goes
        to ``who`` (their visit is the round's first turn).  In the Visiting Phase, ``who``'s visit (a turn,
        rulebook "Resolve a visit") starts now at ``step``: "start" (before the "before visiting" window),
        "before hosting", "when visiting", "when hosting", "comparison", "after visiting", "after hosting"
        or "recruiting".  The visits before it this round count as resolved, and so do the windows of this
        turn before ``step`` (their effects do not happen).  At "after visiting" and later
        the comparison's result is the one the parties give now, taken as already resolved (arrange a steal
        or Sacrifice yourself with ``steal``/``sacrifice``)."""
        s = self.seat(who)
        d = self.d
        if not any(f["t"] == "visits" for f in d["frames"]) and all(i is None for i in d["intent"]):
            self.first(s)
            return
        key = _word(step).replace("_", " ")
        if key not in STEPS:
            raise self._bad(f"no step {step!r} of a turn: one of {', '.join(STEPS)}", "bad-phase")
        self._visiting()
        plan = self.game.visit_plan(d)
        k = next(k for k, (v, _h) in enumerate(plan) if v == s)
        h = plan[k][1]
        if h is None:
            raise self._bad(f"field 'intent': {self.game.seat_name(s)} stays home this round (their Visiting "
                            "Intent shows a wine glass and no one invites them): no visit to resolve",
                            "bad-phase")
        n_step = STEPS[key]
        d["turn"] = t = {"v": s, "h": h, "step": n_step, "ledger": {}, "silenced": [], "done": [],
                         "outcome": None, "margin": None, "spent": 0, "sac": 0, "order": None}
        d["frames"] = [{"t": "visits", "plan": plan, "i": k + 1}, {"t": "turn"}]
        if n_step > TURN_STEPS.index(("compare", None)):
            m = E.margin(self.game, d)
            t["margin"] = m
            t["outcome"] = ("steal" if m >= E.rule(self.game, d, "steal_margin") else
                            "sacrifice" if m < 0 and E.rule(self.game, d, "sacrifice_on_loss") else "none")
            d["last"] = {"v": s, "h": h, "insight": E.total(self.game, d, "v", "insight"),
                         "deceit": E.total(self.game, d, "h", "deceit"), "outcome": t["outcome"]}

    def _visiting(self) -> None:
        """Reveal the parties for the Visiting Phase: every seat needs its Visiting Intent."""
        d = self.d
        missing = [self.game.seat_name(s) for s in range(d["n"]) if d["intent"][s] is None]
        if missing:
            verb = "has" if len(missing) == 1 else "have"
            raise self._bad(f"field 'intent': {' and '.join(missing)} {verb} "
                            "no Visiting Intent; set every seat's with ed.party(who, intent=...) (Visiting "
                            "Phase: all Visiting Intents are turned face up)", "bad-phase")
        for s in range(d["n"]):  # (the rest of the hand visits: Plotting Phase, "the other cards visit")
            d["visitors"][s] += d["hand"][s]
            d["hand"][s] = []
        d["turn"] = None

    def phase(self, name, **kw) -> None:
        """Put the game at the start of a phase: "plotting" (the parties and the Visiting Intents of the round
        go to the Discards, everyone draws to six and plots in secret), "visiting" (every seat's parties and
        Visiting Intent as set -- the cards left in a hand join its visitors, as at the reveal --; the
        first visit in turn order starts), "comparison"/"recruiting" (of
        ``who``'s visit: ``turn``), "round end" (the parties go to the Discards, the Intents to the Intent
        Discards, the First Visitor Token passes; then the round's end steps), "intent reset" (at the end of
        a fourth round: everyone chooses five Intents)."""
        key = _word(name).replace("_", " ")
        key = {"plot": "plotting", "visit": "visiting", "visits": "visiting", "compare": "comparison",
               "recruit": "recruiting", "reset": "intent reset", "round_end": "round end"}.get(key, key)
        d = self.d
        if d["result"] is not None:
            raise self._bad("field 'result': the game is over", "bad-phase")
        if not d["frames"] or d["frames"][0]["t"] == "deal":
            raise self._bad("field 'frames': the cards are not dealt yet (play the deal first)", "bad-phase")
        if key == "plotting":
            self._clear_round(pass_token=False)
            d["frames"] = [{"t": "draw"}]
        elif key == "visiting":
            self._visiting()
            plan = self.game.visit_plan(d)
            going = [v for v, h in plan if h is not None]
            if going:
                self.turn(going[0], "start")
            else:
                self.phase("round end")
        elif key in ("comparison", "recruiting"):
            who = kw.get("who")
            if who is None:
                raise self._bad(f"phase({name!r}): say whose visit (who=...)", "bad-phase")
            self.turn(who, key)
        elif key == "round end":
            self._clear_round(pass_token=True)
            d["frames"] = [{"t": "round_end", "stage": 1}]
        elif key == "intent reset":
            if d["round"] % 4:
                raise self._bad(f"field 'round' is {d['round']}: Intents are reset at the end of every "
                                "fourth round (Resetting Intents)", "bad-phase")
            self._clear_round(pass_token=True)
            d["frames"] = [{"t": "round_end", "stage": 3}, {"t": "reset", "commits": {}}]
        else:
            raise self._bad(f"no phase {name!r}: one of {', '.join(PHASES)}", "bad-phase")
        if kw and key not in ("comparison", "recruiting"):
            raise self._bad(f"phase({name!r}) takes no {', '.join(kw)}", "bad-phase")

    def _clear_round(self, pass_token) -> None:
        """The end of a round's visits: parties to the Discards, Visiting Intents to the Intent Discards."""
        d = self.d
        for s in range(d["n"]):
            d["discard"][s] += d["visitors"][s] + d["hosts"][s]
            d["visitors"][s], d["hosts"][s] = [], []
            if d["intent"][s] is not None:
                d["intent_discard"][s].append(d["intent"][s])
                d["intent"][s] = None
        if pass_token and [f["t"] for f in d["frames"]][:1] != ["round_end"]:  # (not twice in one round end)
            d["first"] = (d["first"] + 1) % d["n"]
        d["turn"] = None

    # ------------------------------------------------------------------------------------------------
    # reading
    # ------------------------------------------------------------------------------------------------
    def cards(self, zone, who=None) -> list:
        """The cards in ``zone`` (``who``'s, for a seat's zone) now, bottom first (a pile's top last):
        ``[{"id": "c12", "card": "scout", "name": "Scout"}, ...]`` -- what the analysis view lists."""
        z = self.zone(zone)
        if z == "intent":
            i = self.d["intent"][self.seat(who)]
            lst = [] if i is None else [i]
        elif z in SHARED_ZONES:
            lst = self.d[z]
        else:
            if who is None:
                raise self._bad(f"reading {z.replace('_', ' ')}: say whose (who=...)", "bad-place")
            lst = self.d[z][self.seat(who)]
        return [{"id": f"c{i}", "card": self.game.types[i], "name": self._name(i)} for i in lst]

    def stats(self, card) -> dict:
        """A Primordial's devotion, insight and deceit now (as modified in the visit under way)."""
        return self.game.card_stats(self.d, self._instance(card) if self._is_instance(card) else
                                    self._take_from(card))
