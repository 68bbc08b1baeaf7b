"""The Gray Eminence lessons of notebook 05: the two choices of the setup (a Gray Eminence, two Secret
Objectives), then one position per phase where the learner (Red) takes that phase's decision, each found
by play (:func:`.positions.reach`), so the cards named are this game's own.

``sequence()`` returns ``{key: Lesson}`` in the order of the round; ``cases(key, lesson)`` the moves the
tests play (the intended solution, another right one where the lesson allows several, a wrong legal one,
an illegal one).
"""

from __future__ import annotations

from ..engine import load_record
from ..games.gray_eminence.model import SLOTS, slot_of
from .core import Lesson
from .positions import cached, in_order, last_kind, legal_notes, reach, to_decide

__all__ = ["OPTIONS", "cases", "sequence"]

GAME = "gray-eminence"
OPTIONS = {"scenario": "global"}
"""The game options of these lessons (the Global scenario)."""
RED = 0


def _total_bid(moves) -> int | None:
    bids = [a for a in moves if a.kind == "bid"]
    return sum(int(a.args[1]) for a in bids) if len(bids) == 3 else None


def _record(key: str, want, options=None) -> dict:
    opts = {**OPTIONS, **(options or {})}
    return cached(f"ge:{key}", lambda: reach(GAME, want, seat=RED, players=3, options=opts))


def _labels(record: dict, kind: str) -> list:
    st = load_record(record)
    return [(a.notation(), st.game.label(st.data, a, RED)) for a in st.legal_actions(RED) if a.kind == kind]


def eminence() -> Lesson:
    rec = _record("eminence", lambda s: to_decide(s, RED, "eminence"))
    return Lesson(
        GAME, rec, seat=RED, title="Setup: choose your Gray Eminence",
        goal="Choose the Gray Eminence you play. Point at each card to read their Public Objective and what "
             "they start with; any choice is right.",
        before="Before: the game is set up; the players choose their Gray Eminence in turn, and it is Red's "
               "turn.",
        done=[n for n, _ in _labels(rec, "eminence")],
        hints=["Each Gray Eminence has a Public Objective of its own (Victory Points when you complete it) "
               "and starting resources; some start with Faction cards.",
               "An objective you can reach with what you start with is a good first choice."],
        feedback={"done": "Chosen: their starting resources and Factions are yours. Next, each player is "
                          "dealt three Secret Objectives."})


def keep() -> Lesson:
    rec = _record("keep", lambda s: to_decide(s, RED, "keep") and s.data["phase"] == "setup"
                  and len(s.legal_actions(RED)) == 3)
    return Lesson(
        GAME, rec, seat=RED, title="Setup: two Secret Objectives",
        goal="You are dealt three Secret Objectives: keep two of them (the third is discarded). Nobody else "
             "sees which.",
        before="Before: three Secret Objectives are dealt to Red.",
        done=lambda state, moves: sum(m.kind == "keep" for m in moves) == 2,
        allow=lambda state, act: act.kind == "keep",
        hints=["Point at a Secret Objective to read what it asks for and the Victory Points it gives.",
               "Keep the two that fit your Gray Eminence's resources best; click one, then another."],
        feedback={"done": "Kept, in secret. Your rivals know how many Secret Objectives you hold, never "
                          "which (unless you go In the Public Eye, or are blackmailed)."})


def refresh() -> Lesson:
    rec = _record("refresh", lambda s: to_decide(s, RED, "refresh") and len(s.legal_actions(RED)) > 2)
    names = [label.removeprefix("Refresh ") for n, label in _labels(rec, "refresh")]
    return Lesson(
        GAME, rec, seat=RED, title="Phase 1, Refresh: an exhausted Faction",
        goal=f"Your Factions {' and '.join(names)} are exhausted: pay to refresh one of them, so that you "
             "can use it again this round.",
        before="Before: the Refresh phase; Red's used Factions are exhausted.",
        done=lambda state, moves: any(m.kind == "refresh" for m in moves),
        hints=["A Faction used in the Action phase is exhausted (turned around) and has no effect until it "
               "is refreshed.",
               "The refresh cost is printed on the exhausted side of the card: point at it to read it. "
               "Some Factions are refreshed only by a tweet."],
        feedback={"wrong": "an exhausted Faction has no effect this round; the lesson asks you to refresh "
                           "one.",
                  "done": "Refreshed: the Faction can be used again in the Action phase."})


def bid() -> Lesson:
    rec = _record("bid", lambda s: to_decide(s, RED, "bid") and s.data["round"] == 1)
    return Lesson(
        GAME, rec, seat=RED, title="Phase 3, Bidding: a sealed bid",
        goal="Seal a bid of at least 2 resources in all (money, then power, then influence).",
        before="Before: every player is about to seal a bid; the highest bid chooses its place first.",
        done=lambda state, moves: (_total_bid(moves) or 0) >= 2,
        allow=lambda state, act, moves: act.kind == "bid" and _total_bid(moves) is None,
        hints=["A bid is built in three steps: how much money, then power, then influence.",
               "2 money, then 0 power and 0 influence is a bid of 2; 1 money and 1 power is one too."],
        feedback={"wrong": "a bid of less than 2 leaves the best places on the visibility track to the "
                           "others (all bids go to the Bidding Pool, which pays for the Events).",
                  "done": "Sealed. The others see only that you bid; when every bid is in, the bids are "
                          "shown and the highest total chooses its place on the visibility track first."})


def place() -> Lesson:
    rec = _record("place", lambda s: to_decide(s, RED, "place") and len(s.legal_actions(RED)) == 5)
    grays = [n for n, _ in _labels(rec, "place") if n.startswith("place gray")]
    return Lesson(
        GAME, rec, seat=RED, title="Phase 3, Bidding: your place on the visibility track",
        goal="You bid the most: take one of the Gray Eminence places (2nd, 3rd or 4th).",
        before="Before: the bids are shown; Red chooses a place first.",
        done=grays,
        hints=["In the Public Eye your plans are exposed: you turn a Secret Objective face up.",
               "A Gray Eminence draws an Action card, takes 1 resource from the Common Pool and may program "
               "a fourth card for free."],
        feedback={"place eye": "In the Public Eye you must turn one of your Secret Objectives face up.",
                  "place shadows": "In the Shadows you may blackmail, but you act last in every phase.",
                  "done": "A Gray Eminence: you stay out of sight, draw an Action card, gain a resource from "
                          "the Common Pool and may program a fourth card for free."})


def _programmed(moves) -> bool:
    slots = {a.args[0] for a in moves if a.kind == "program"}
    return "done" in slots and not slots & {"D"}


def program() -> Lesson:
    rec = _record("program", lambda s: to_decide(s, RED, "program"))
    gray = SLOTS[slot_of(load_record(rec).data, RED)].startswith("gray")
    fourth = ("a Gray Eminence programs a fourth card for free, but this lesson keeps the fourth slot empty."
              if gray else "a fourth card costs 1 resource (it is free only for a Gray Eminence), and this "
              "lesson keeps the fourth slot empty.")
    return Lesson(
        GAME, rec, seat=RED, title="Phase 4, Programming: three cards, three slots",
        goal="Program three Action cards: slot A (Common Good), slot B (Personal Gain) and slot C (discard); "
             "leave the fourth slot empty and finish.",
        before="Before: Red's hand of Action cards; the slots are empty.",
        done=lambda state, moves: _programmed(moves),
        allow=lambda state, act: act.kind == "program" and act.args[0] in ("A", "B", "C"),
        hints=["Click a card, then the slot it goes to; A, B and C in turn.",
               "After slot C, choose “done”: this lesson leaves slot D empty."],
        feedback={"wrong": fourth,
                  "done": "Programmed, in secret. In the Action phase you may still play the cards "
                          "differently than planned, within the card's limits."})


def tweet() -> Lesson:
    rec = _record("tweet", lambda s: to_decide(s, RED, "vote")
                  and s.data["frames"][-1].get("what") == "entity", options={"tweet_vote": True})
    data = load_record(rec).data
    entity = data["frames"][-1]["entity"]
    return Lesson(
        GAME, rec, seat=RED, title="Phase 5, Presidential response: a tweet vote",
        options={**OPTIONS, "tweet_vote": True},
        goal=f"The President tweets about {entity} again and again. Vote to leave the {entity} relationship "
             "as it is.",
        before=f"Before: two tweets name {entity}; the players vote on worsening that relationship.",
        focus=[f"entity:{entity}", *data["tweets"]],  # (the relationship chart and the tweets)
        done={"vote no"},
        hints=["A relationship that reaches Conflict brings that entity's Escalation card into play."],
        feedback={"vote yes": f"worsening {entity} moves it a step towards Conflict, and an Escalation.",
                  "done": "Your vote is sealed; the majority decides, and a tie goes to the player highest "
                          "on the visibility track."})


def action() -> Lesson:
    rec = _record("act", lambda s: to_decide(s, RED, "act"))
    return Lesson(
        GAME, rec, seat=RED, title="Phase 6, Action: the Common Good",
        goal="Play one of your programmed cards face down for the Common Good.",
        before="Before: Red's programmed cards wait to be played, in turn order.",
        done=lambda state, moves: any(a.kind == "resolve" and a.args[-1] == "common" for a in moves[-1:]),
        hints=["Each card can go to the Common Good (face down to the Event pile), your Personal Gain, or "
               "the discard."],
        feedback={"wrong": "the Common Good pile is what pays for this round's Events; this lesson plays a "
                           "card there first.",
                  "done": "Face down on the Common Good pile: it resolves in the Resolution phase, shuffled "
                          "with the others' cards, so nobody knows whose it was."})


def vote() -> Lesson:
    rec = _record("vote", lambda s: to_decide(s, RED, "vote") and s.data["frames"][-1].get("what") != "entity"
                  and len(s.legal_actions(RED)) >= 2)
    options = _labels(rec, "vote")
    return Lesson(
        GAME, rec, seat=RED, title="Phase 7, Resolution: vote on the Event",
        goal="The Bidding Pool can pay for more than one option of the Mandatory Event: cast your sealed "
             "vote for any option you like.",
        before="Before: the Event's options the Bidding Pool can afford are put to the vote.",
        done=[n for n, _ in options],
        hints=["Every player must vote; a simple majority wins; a tie goes to the player highest on the "
               "visibility track."],
        feedback={"done": "Voted. When every vote is in they are shown together and the winning option is "
                          "paid from the Bidding Pool."})


def trade() -> Lesson:
    rec = _record("trade", lambda s: to_decide(s, RED, "trade"))
    return Lesson(
        GAME, rec, seat=RED, title="Phase 8, Trading: a proposal",
        goal="Propose a trade to another player: put at least one thing on each side, then send it.",
        before="Before: the Trading phase; Red may propose a trade or pass.",
        focus=["box:money", "seat:1", "seat:2"],  # (what Red holds, and the others' mats)
        done=last_kind("send"),
        allow=lambda state, act: act.kind in ("propose", "offer", "ask", "cancel"),
        hints=["Choose “Propose a trade to …”, then offer something and ask for something.",
               "“Send” puts the proposal to the other player, who accepts or declines."],
        feedback={"pass": "passing ends your trading for now; a trade turns what you do not need into what "
                          "your objectives ask for.",
                  "done": "Sent. A deal holds only within this Trading phase: promises about later are not "
                          "enforced."})


def score() -> Lesson:
    rec = _record("score", lambda s: to_decide(s, RED, "score")
                  and any(a.kind == "complete" for a in s.legal_actions(RED)))
    labels = _labels(rec, "complete")
    done = [n for n, _ in labels]
    names = " or ".join(label.removeprefix("Complete ") for _, label in labels)
    return Lesson(
        GAME, rec, seat=RED, title="Phase 9, Scoring: complete an objective",
        goal=f"You hold what an objective asks for: complete it now ({names}).",
        before="Before: the Scoring phase; Red holds what an objective asks for.",
        done=done,
        hints=["One objective per player per round, in turn order."],
        feedback={"pass": "an objective you can complete now may be out of reach next round, and only one "
                          "is completed per round.",
                  "done": "Completed: its Victory Points are yours, and a completed Secret Objective is "
                          "replaced (draw two, keep one)."})


ORDER = (("eminence", eminence), ("keep", keep), ("refresh", refresh), ("bid", bid), ("place", place),
         ("program", program), ("tweet", tweet), ("action", action), ("vote", vote), ("trade", trade),
         ("score", score))


def sequence() -> dict:
    """The lessons in the order of the round: ``{key: Lesson}``."""
    return in_order(ORDER)


def cases(key: str, lesson: Lesson) -> dict:
    """Moves the tests play on ``lesson`` (the lesson ``key`` of :func:`sequence`): ``solution`` (the
    intended one), ``other`` (another right one, or None), ``wrong`` (legal but not what the lesson asks,
    or None when every legal move is right) and ``illegal`` (one move the rules refuse)."""
    st, legal, _first = legal_notes(lesson, RED)
    args = [a.split()[-1] for a in legal]
    cards = [a.split()[2] for a in legal if a.startswith("program A ")]
    played = list(dict.fromkeys(a.split()[1] for a in legal if a.startswith("resolve ")))
    completes = [a for a in legal if a.startswith("complete ")]

    def fourth(card: str) -> str:  # slot D after A, B and C (paid for unless Red is a Gray Eminence)
        probe = st.clone()
        for slot, c in zip("ABC", cards, strict=False):
            probe.apply(probe.parse(f"program {slot} {c}", RED))
        return next(a.notation() for a in probe.legal_actions(RED)
                    if a.notation().startswith(f"program D {card}"))

    keeps = [a for a in legal if a.startswith("keep ")]
    table = {
        "eminence": lambda: {"solution": [legal[0]], "other": [legal[-1]], "wrong": None,
                             "illegal": "eminence G99"},
        "keep": lambda: {"solution": keeps[:2], "other": keeps[1:3], "wrong": None, "illegal": "keep S99"},
        "refresh": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": ["done"],
                            "illegal": "refresh F99"},
        "bid": lambda: {"solution": ["bid money 2", "bid power 0", "bid influence 0"],
                "other": ["bid money 1", "bid power 1", "bid influence 0"],
                "wrong": ["bid money 0", "bid power 0", "bid influence 0"], "illegal": "bid money 99"},
        "place": lambda: {"solution": ["place gray1"], "other": ["place gray2"], "wrong": ["place eye"],
                  "illegal": "blackmail 1 F01"},
        "program": lambda: {"solution": [f"program A {cards[0]}", f"program B {cards[1]}",
                                         f"program C {cards[2]}", "program done"],
                    "other": [f"program A {cards[1]}", f"program B {cards[0]}", f"program C {cards[2]}",
                              "program done"],
                    "wrong": [f"program A {cards[0]}", f"program B {cards[1]}", f"program C {cards[2]}",
                              fourth(cards[3])] if len(cards) > 3 else None,
                    "illegal": "program Z A01"},
        "tweet": lambda: {"solution": ["vote no"], "other": None, "wrong": ["vote yes"], "illegal": "vote 9"},
        "action": lambda: {"solution": [f"resolve {played[0]} common"],
                           "other": [f"resolve {played[1]} common"],
                   "wrong": [f"resolve {played[0]} personal"], "illegal": "resolve A00 common"},
        "vote": lambda: {"solution": [f"vote {args[0]}"], "other": [f"vote {args[1]}"], "wrong": None,
                 "illegal": "vote 9"},
        "trade": lambda: {"solution": ["propose 1", "offer money", "ask power", "send"],
                  "other": ["propose 2", "offer money", "ask influence", "send"], "wrong": ["pass"],
                  "illegal": "propose 0"},
        "score": lambda: {"solution": [completes[0]], "other": completes[1:2] or None,
                  "wrong": ["pass"], "illegal": "complete S99"},
    }
    return table[key]()
