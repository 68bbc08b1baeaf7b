"""The Pax Illuminaten lessons of notebook 01: each main action on a small hand-made position (the
position editor :class:`~illumi_widgets.games.pax.setup.PaxEditor`, on an empty 3-player map with Blue to
act), the sealed Oust challenge, a Scheme with a card of the hand, claiming a Plot, the end of a turn
(check phase and redraw) and how the game ends (a second Plot).

``sequence()`` returns ``{key: Lesson}`` in teaching order; ``cases(key, lesson)`` the moves the tests play.
"""

from __future__ import annotations

from ..engine import load_game
from ..games.pax.setup import PaxEditor
from ..match import Match
from .core import Lesson
from .positions import cached, in_order, legal_notes

__all__ = ["cases", "sequence"]

GAME = "pax"
BLUE = 0
PLAYERS = 3
MAIN = ("scout", "influence", "extort", "organize", "expel", "oust")
FOLLOW = ("pay", "place", "move", "give", "collect", "subvert", "power")  # the steps inside an action


def _cards() -> dict:
    return cached("pax:cards", lambda: load_game(GAME, players=PLAYERS).lum)


def card(rank=None, has=(), strength=None, exclude=(), n=1):
    """The first card (or ``n`` cards) of this rank, with these Factions and this strength."""
    found = [cid for cid, c in _cards().items()
             if cid not in exclude and rank in (None, c.rank) and strength in (None, c.strength)
             and all(f in c.factions for f in has)]
    return found[0] if n == 1 else found[:n]


def _position(key: str, change) -> str:
    """Position text: an empty map, no Favor, Blue's turn with two main actions, then ``change(ed)``."""
    def build() -> str:
        st = load_game(GAME, players=PLAYERS).new_state(seed=7)
        with PaxEditor(st) as ed:
            ed.clear_influence()
            for seat in range(PLAYERS):
                ed.favor(seat)
            ed.start_turn("Blue")
            change(ed)
        return Match.from_state(st).position()

    return cached(f"pax:{key}", build)


def _busy(state) -> bool:
    """Blue is still inside an action (paying, placing, moving, giving a share...)."""
    return any(d.seat == BLUE and d.kind in FOLLOW for d in state.decisions())


def _action(kind: str, pred=None):
    """(done, allow) for "take the action ``kind`` and finish it": any way the rules allow."""
    def done(state, moves) -> bool:
        return moves[0].kind == kind and (pred is None or pred(moves[0])) and not _busy(state)

    def allow(state, act, moves) -> bool:
        return moves[0].kind == kind and (pred is None or pred(moves[0]))

    return done, allow


# ---------------------------------------------------------------------------------------------- actions
def _scout_setup(ed) -> None:
    ed.put("B2", card("II", has=["MAG"]))
    ed.influence("B2", ["Blue"])
    ed.put("B3", card("I"), up=False)
    ed.favor("Blue", Mag=1)


def scout() -> Lesson:
    done, allow = _action("scout")
    return Lesson(
        GAME, _position("scout", _scout_setup), seat=BLUE, title="Scout: a look under a face-down card",
        goal="Scout the face-down card on B3, acting from B2, then put a card of your hand face-up there.",
        before="Before: Blue influences B2; B3 is face-down.",
        done=done, allow=allow,
        hints=["Scout needs a card you influence next to the face-down card, and 1 Favor of one of its "
               "Factions.", "Click B3, choose “Scout B3 acting from B2”, then click a card of your hand."],
        feedback={"wrong": "only Scout brings the hidden card on B3 into your hand.",
                  "done": "Scouted: the hidden card is in your hand and the card you chose lies face-up "
                          "on B3, ready to be influenced."})


def _influence_setup(ed) -> None:
    mine = card("II")
    ed.put("B2", mine)
    ed.influence("B2", ["Blue"])
    ed.put("B3", card("III", exclude=[mine]))
    ed.influence("B3", [None, "Red"])
    ed.put("D5", card("I"))
    ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)


def influence() -> Lesson:
    done, allow = _action("influence", lambda a: "B3" in a.notation())
    return Lesson(
        GAME, _position("influence", _influence_setup), seat=BLUE, title="Influence: disks on a card",
        goal="Place Influence on B3, next to your card on B2, and pay its Favor.",
        before="Before: Blue on B2; B3 has an open Location above Red.",
        done=done, allow=allow,
        hints=["Influence goes on the top-most open Locations of a face-up card next to (or under) your "
               "Influence.", "Click B3, choose how many disks, then how to pay."],
        feedback={"wrong": "the lesson asks for Influence on B3, where Red already sits.",
                  "done": "Placed: your disk sits above Red's on B3, so Red can no longer extort it alone."})


def _extort_setup(ed) -> None:
    b3 = card("II", has=["CLE", "NOB"])
    ed.put("B3", b3)
    ed.influence("B3", ["Blue", "Red"])
    ed.put("B2", card("II", exclude=[b3]))
    ed.influence("B2", ["Blue"])


def extort() -> Lesson:
    done, allow = _action("extort", lambda a: "B3" in a.notation())
    return Lesson(
        GAME, _position("extort", _extort_setup), seat=BLUE, title="Extort, with Whisper and Conspire",
        goal="Extort B3, the card you share with Red, for Favor (B2 whispers along; Red gets a share).",
        before="Before: Blue and Red share B3; Blue holds B2.",
        done=done, allow=allow,
        hints=["A rank II card gives one Favor of each of its Factions; your adjacent cards of the same "
               "Faction whisper along.", "Click B3 and choose “Extort …”, then the Favor Red receives."],
        feedback={"wrong": "that card gives less than B3, which has two Factions (and Whisper adds B2).",
                  "done": "Extorted: Blue takes the Favor and Red, who shares B3, gets a share by Conspire."})


def _organize_setup(ed) -> None:
    start = card(has=["SCH", "NOB"])
    ed.put("B3", start)
    ed.influence("B3", ["Blue"])
    ed.put("B2", card("II", has=["ART"], exclude=[start]))
    ed.favor("Blue", Sch=1)


def organize() -> Lesson:
    done, allow = _action("organize")
    return Lesson(
        GAME, _position("organize", _organize_setup), seat=BLUE, title="Organize: moving Influence",
        goal="Organize with the Scholars and move your Influence from B3 to B2.",
        before="Before: Blue on B3, 1 Scholars Favor.",
        done=lambda state, moves: done(state, moves) and any(m.kind == "move" for m in moves),
        allow=allow,
        hints=["Organize pays 1 Favor of a Faction, then moves up to three of your disks along cards of "
               "that Faction.", "Choose “Organize with Scholars” in the action bar, then click B2."],
        feedback={"wrong": "only Organize moves a disk that is already on the map.",
                  "done": "Organized: the disk moved from B3 to B2."})


def _expel_setup(ed) -> None:
    acting = card("II", has=["PRO"])
    old = card("II", exclude=[acting])
    ed.put("B3", acting)
    ed.influence("B3", ["Blue"])
    ed.put("B2", old)
    ed.influence("B2", ["Blue"])
    ed.hand("Blue", card("III", exclude=[acting, old], n=2))
    ed.favor("Blue", Pro=1)


def expel() -> Lesson:
    done, allow = _action("expel", lambda a: "B2" in a.notation())
    return Lesson(
        GAME, _position("expel", _expel_setup), seat=BLUE, title="Expel: replacing a face-up card",
        goal="Expel the card on B2 (acting from B3) and put a card of your hand in its place.",
        before="Before: Blue on B3 and B2, two cards in hand.",
        done=done, allow=allow,
        hints=["Expel costs 1 Favor of the acting card per disk on the expelled card (at least 1).",
               "Click B2, choose “Expel B2 acting from B3”, then click a card of your hand."],
        feedback={"wrong": "the lesson asks to replace the card on B2.",
                  "done": "Expelled: the old card is discarded with its disks; yours lies face-up on B2."})


# ---------------------------------------------------------------------------------------------- Oust
def _strength(value, exclude=()):
    big = [c for c, x in _cards().items() if x.rank in ("ACE", "CROWN")]
    return card(strength=value, exclude=big + list(exclude))


def _oust_cards():
    blue = [_strength(6), _strength(2)]
    red = [_strength(4, blue), _strength(3, blue)]
    return blue, red


def _oust_setup(ed) -> None:
    blue, red = _oust_cards()
    used = blue + red
    target = card("III", exclude=used)
    acting = card("III", has=["PRO"], exclude=used + [target])
    ed.put("B3", target)
    ed.influence("B3", ["Red", "Red", "Blue"])
    ed.put("C3", acting)
    ed.influence("C3", ["Blue"] * 3)
    ed.put("B2", card("III", exclude=used + [target, acting]))
    ed.influence("B2", ["Red"] * 3)
    ed.hand("Blue", blue)
    ed.hand("Red", red)
    ed.favor("Blue", Pro=3)


def oust() -> Lesson:
    return Lesson(
        GAME, _position("oust", _oust_setup), seat=BLUE, title="Oust: a challenge with a sealed card",
        goal="Oust one of Red's disks from B3 (acting from C3), then choose in secret the card you reveal.",
        before="Before: Red holds 2 of B3, Blue 1; Blue acts from C3 and holds a strong and a weak card.",
        done=lambda state, moves: moves[0].kind == "oust" and any(m.kind == "reveal" for m in moves),
        allow=lambda state, act, moves: moves[0].kind == "oust",
        hints=["Each side starts with its initial strength (its Influence on the target and the cards "
               "beside it), then adds the strength of one card from the hand.",
               "Both cards are chosen in secret: Red sees only that you have chosen, then both are shown "
               "together. Your stronger card makes the win likelier."],
        feedback={"wrong": "only Oust attacks Red's Influence on B3.",
                  "done": "Both cards are revealed together; the stronger side wins the challenge."})


def _scheme_setup(ed) -> None:
    ed.favor("Blue", Sch=1)


def scheme() -> Lesson:
    blumauer = "PIL027"
    name = _cards()[blumauer].name
    done, allow = _action("scheme", lambda a: a.notation() == f"scheme {blumauer}")
    return Lesson(
        GAME, _position("scheme", _scheme_setup), seat=BLUE,
        title="Scheme: a card of your hand for its ability",
        goal=f"Play {name} from your hand as a Scheme and use his ability: draw two cards from the deck, or "
             "take any one card of the Court.",
        before=f"Before: Blue holds four cards, {name} among them; a Scheme is not a main action.",
        done=done, allow=allow,
        hints=["Click the card in your hand (below the map) and choose “Scheme with …”; then choose what "
               "the ability does.",
               "A second card may continue the Scheme if it shares a Faction with the card before it."],
        feedback={"scheme PIL027 quick": "Quick Favor takes the card's Favor value instead of its ability "
                                         "(once per turn); the lesson asks for the ability.",
                  "wrong": f"the lesson asks you to play {name} from your hand as a Scheme.",
                  "done": "Schemed: the card lies face-up in front of you and its ability is done. The next "
                          "card of the Scheme must share a Faction with it."})


# ------------------------------------------------------------------------------------ Plots and the end
def _claims_setup(ed) -> None:
    pro1, pro2 = card("II", has=["PRO"], n=2)
    pro3 = card("III", has=["PRO"], exclude=[pro1, pro2])
    six = [c for c in card("II", n=15) if c not in (pro1, pro2, pro3)][:6]
    ed.factions(["PRO", "MAG", "NOB", "SCH"])
    ed.put("B2", pro1)
    ed.influence("B2", ["Blue", "Blue"])
    ed.put("B3", pro2)
    ed.influence("B3", ["Blue", "Blue"])
    ed.put("B4", pro3)
    ed.influence("B4", ["Red"])
    for cell, cid in zip(["D1", "E1", "D2", "E2", "D3", "E3"], six, strict=True):
        ed.put(cell, cid)
        ed.influence(cell, ["Blue"])
    ed.plots(public=["Dispersed Contacts", "The Inner Circle"])


def plot() -> Lesson:
    return Lesson(
        GAME, _position("plot", _claims_setup), seat=BLUE, title="Claiming a Plot",
        goal="You meet the Plot Dispersed Contacts: claim it (for free; once per turn).",
        before="Before: Blue leads the Professions Lodge and has Influence on many scattered cards.",
        done=lambda state, moves: any(m.kind == "claimplot" for m in moves),
        allow=lambda state, act: act.kind == "claimfaction",
        hints=["A Plot card states a pattern of Influence on the map; when yours matches it, claim it.",
               "Click the Plot Dispersed Contacts (claiming the Professions Faction card first is fine)."],
        feedback={"wrong": "the Plot is claimed for free and does not use a main action: claim it first.",
                  "done": "Claimed: a Plot stays yours while you meet it (it is checked at every check "
                          "phase). A player with two Plots wins."})


def _victory_setup(ed) -> None:
    _claims_setup(ed)
    ed.plots(public=["Dispersed Contacts", "Consort of Peers"])
    ed.hold_faction("Blue", "PRO")
    ed.claim("Blue", "Consort of Peers")


def victory() -> Lesson:
    return Lesson(
        GAME, _position("victory", _victory_setup), seat=BLUE, title="How the game ends: a second Plot",
        goal="You already hold the Plot Consort of Peers. Claim a second Plot and win the game.",
        before="Before: Blue holds one Plot and meets Dispersed Contacts too.",
        done=lambda state: state.is_terminal() and state.data.result.get("winners") == [BLUE],
        hints=["The player to act with Influence on two Plots wins at once.",
               "If no one wins by Plots, the round in which a fifth Edict is discarded is played to its end; "
               "then Faction Scoring counts 1 point per Influence in each Faction's largest Lodges."],
        feedback={"wrong": "the win is on the table now: the others may break your Plots before your next "
                           "turn.",
                  "done": "Two Plots: Blue wins the game."})


def _check_setup(ed) -> None:
    ed.hand("Blue", ed.d.hands[0][:2])
    ed.favor("Blue", Sch=1)


def end_turn() -> Lesson:
    return Lesson(
        GAME, _position("end", _check_setup), seat=BLUE, title="The end of a turn: check phase and redraw",
        goal="End your turn, then refill your hand in the redraw.",
        before="Before: Blue has 2 cards in hand and 1 Scholars Favor.",
        done=lambda state, moves: any(m.kind == "redraw" for m in moves),
        allow=lambda state, act: act.kind == "end",
        hints=["After “End the turn” every claim is checked again; then you refill your hand.",
               "One Court card is free; two cost 1 Favor (one must be the card under the Chamberlain); "
               "or draw from the deck."],
        feedback={"wrong": "the lesson is about ending the turn: choose “End the turn” in the action bar.",
                  "done": "Redrawn: the Court is refreshed and the next player's turn begins."})


ORDER = (("scout", scout), ("influence", influence), ("extort", extort), ("organize", organize),
         ("expel", expel), ("oust", oust), ("scheme", scheme), ("plot", plot), ("end_turn", end_turn),
         ("victory", victory))


def sequence() -> dict:
    """The lessons in teaching order: ``{key: Lesson}``."""
    return in_order(ORDER)


def cases(key: str, lesson: Lesson) -> dict:
    """Moves the tests play on ``lesson`` (see :func:`.gray_eminence.cases`)."""
    st, legal, first = legal_notes(lesson, BLUE)

    def follow(note: str, pick: int) -> list:
        """``note`` then the ``pick``-th option of each step inside the action until it is finished."""
        probe = st.clone()
        moves = [note]
        probe.apply(probe.parse(note, BLUE))
        while _busy(probe):
            opts = list(probe.legal_actions(BLUE))
            act = opts[min(pick, len(opts) - 1)]
            moves.append(act.notation())
            probe.apply(act)
        return moves

    blue, _red = _oust_cards()
    table = {
        "scout": lambda: {"solution": follow("scout B3 from B2", 0), "other": follow("scout B3 from B2", 1),
                          "wrong": [first("extort")], "illegal": "scout D5 from B2"},
        "influence": lambda: {"solution": follow("influence B3 x1", 0), "other": follow("influence B3 x1", 1),
                              "wrong": [first("influence D")] if any(a.startswith("influence D")
                                                                     for a in legal) else [first("extort")],
                              "illegal": "influence B3 x3"},
        "extort": lambda: {"solution": follow("extort B3", 0), "other": follow("extort B3", 1),
                           "wrong": follow("extort B2", 0), "illegal": "extort C5"},
        "organize": lambda: {"solution": ["organize Sch", "move B3 B2"], "other": None,
                             "wrong": [first("extort")], "illegal": "organize Mag"},
        "expel": lambda: {"solution": follow("expel B2 from B3", 0), "other": follow("expel B2 from B3", 1),
                          "wrong": [first("extort")], "illegal": "expel D4 from B3"},
        "oust": lambda: {"solution": ["oust B3 Red x1 from C3", f"reveal {blue[0]}"],
                         "other": ["oust B3 Red x1 from C3", f"reveal {blue[1]}"],
                         "wrong": [first("extort")], "illegal": "oust B2 Red x3 from C3"},
        "scheme": lambda: {"solution": follow("scheme PIL027", 1), "other": follow("scheme PIL027", 2),
                           "wrong": ["scheme PIL027 quick"], "illegal": "scheme PIL001"},
        "plot": lambda: {"solution": ["claim plot dispersed-contacts"],
                         "other": ["claim faction Pro", "claim plot dispersed-contacts"],
                         "wrong": [first("extort")], "illegal": "claim faction Mag"},
        "end_turn": lambda: {"solution": ["end", "redraw court 1 2"], "other": ["end", "redraw deck"],
                             "wrong": [first("extort")], "illegal": "redraw court 1 2"},
        "victory": lambda: {"solution": ["claim plot dispersed-contacts"], "other": None, "wrong": ["end"],
                            "illegal": "claim plot the-inner-circle"},
    }
    return table[key]()
