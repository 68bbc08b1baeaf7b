"""The Illuminati lessons of notebook 02: an attack to control, aiding it with another group,
spending money on it, a privileged attack, an attack to destroy, moving money between groups, a Special
(Bribery), and the goal: a 13th Group wins at the end of the turn.  Each position is set up by hand with
:class:`~illumi_widgets.games.illuminati.setup.Table` on a 3-player game: Red plays the Bavarian
Illuminati with the Mafia and the CIA; the Loan Sharks are uncontrolled.

``sequence()`` returns ``{key: Lesson}`` in teaching order; ``cases(key, lesson)`` the moves the tests play.
"""

from __future__ import annotations

from ..engine import load_game
from ..games.illuminati.setup import Table
from ..match import Match
from .core import Lesson
from .positions import cached, in_order, last_kind, legal_notes

__all__ = ["cases", "sequence"]

GAME = "illuminati"
RED = 0
PLAYERS = 3
ATTACK = "attack mafia control loan-sharks"
#: the picture of an attack on the Loan Sharks: the attacker's power structure (Red's area) and the target,
#: as a teacher would crop it (the attack's options also point at the rivals' areas: the whole table)
FOCUS = ("seat:0", "loan-sharks")


def _position(key: str, change=None, then=()) -> str:
    """Position text: Red (Bavarian Illuminati, 20 MB) holds the Mafia (5 MB) and the CIA (2 MB), the Loan
    Sharks are uncontrolled, Red is to act with two actions; ``change(t, game)`` edits more, ``then`` are
    moves played after."""
    def build() -> str:
        game = load_game(GAME, players=PLAYERS)
        st = game.new_state(seed=1)
        with Table(st) as t:
            t.clear()
            t.assign(["bavarian-illuminati", "network", "gnomes-of-zurich"], money=20)
            t.give(RED, "mafia", direction="east", money=5)
            t.give(RED, "cia", direction="west", money=2)
            t.uncontrolled("loan-sharks")
            if change is not None:
                change(t, game)
            t.start_turn(RED)
        for move in then:
            st.apply(st.parse(move, RED))
        return Match.from_state(st).position()

    return cached(f"il:{key}", build)


def attack() -> Lesson:
    return Lesson(
        GAME, _position("attack"), seat=RED, title="An attack to control",
        goal="Attack the Loan Sharks to control them, with any group of yours that has Power.",
        before="Before: Red's Bavarian Illuminati, the Mafia and the CIA; the Loan Sharks are uncontrolled.",
        done=lambda state, moves: moves[-1].kind == "attack" and moves[-1].notation().endswith(
            "control loan-sharks"),
        focus=FOCUS,
        hints=["Attack power is the attacker's Power minus the target's Resistance, with +4 for each shared "
               "alignment and −4 for each opposite one. The attack succeeds on two dice at or under it.",
               "The Mafia is Criminal and Violent like the Loan Sharks: click the Loan Sharks and choose "
               "“Attack Loan Sharks to control it, with The Mafia”."],
        feedback={"wrong": "an attack to destroy wins you nothing to hold; the lesson asks to control the "
                           "Loan Sharks.",
                  "done": "Declared. Now the attacker may spend money and call on aid; then the others may "
                          "help or hinder, and the dice decide."})


def destroy() -> Lesson:
    return Lesson(
        GAME, _position("destroy"), seat=RED, title="An attack to destroy",
        goal="Attack the Loan Sharks to destroy them, with any group of yours that has Power.",
        before="Before: Red's Bavarian Illuminati, the Mafia and the CIA; the Loan Sharks are uncontrolled.",
        done=lambda state, moves: moves[-1].kind == "attack" and moves[-1].notation().endswith(
            "destroy loan-sharks"),
        focus=FOCUS,
        hints=["An attack to destroy is rolled as the attacker's Power minus the target's Power (not its "
               "Resistance), with +4 for each opposite alignment and −4 for each shared one.",
               "It needs no open arrow. Click the Loan Sharks and choose “Attack Loan Sharks to destroy it, "
               "with …”."],
        feedback={"wrong": "the lesson asks for an attack to destroy: the target goes to the dead pile, out "
                           "of everyone's reach.",
                  "done": "Declared. If the dice succeed, the Loan Sharks go to the dead pile; a group "
                          "destroyed can come back only by a Special."})


def transfer() -> Lesson:
    return Lesson(
        GAME, _position("transfer"), seat=RED, title="Moving money between your groups",
        goal="Move money from your Illuminati's treasury to the Mafia, so that the Mafia has more to spend "
             "on its own attacks.",
        before="Before: the Bavarian Illuminati hold 20 MB, the Mafia 5 MB, the CIA 2 MB.",
        done=lambda state, moves: moves[-1].kind == "transfer" and moves[-1].notation().endswith(
            "from bavarian-illuminati to mafia"),
        hints=["Money moves only between groups next to each other in your power structure: a group and "
               "its master, or its puppet.",
               "As an action, or in the two free money transfers at the end of your turn. Choose “Move … MB "
               "from The Bavarian Illuminati to The Mafia”."],
        feedback={"wrong": "the lesson asks you to move money from your Illuminati to the Mafia (money given "
                           "to another player leaves your power structure).",
                  "done": "Moved: the Mafia's treasury is larger now, and it can spend it on its attacks and "
                          "its defence."})


def aid() -> Lesson:
    return Lesson(
        GAME, _position("aid", then=[ATTACK]), seat=RED, title="Aiding an attack",
        goal="Your Mafia attacks the Loan Sharks. Add the Power of another of your groups to the attack.",
        before="Before: the Mafia's attack on the Loan Sharks is declared; Red may add aid.",
        done=last_kind("aid"),
        hints=["Another group of your power structure with Power of its own can aid the attack: its "
               "Transferable Power is added.", "Choose “Aid the attack with …” in the action bar."],
        feedback={"wrong": "aid adds Power for free; the lesson asks you to use it.",
                  "done": "Aided: the helper's Power is added to the attack."})


def spend() -> Lesson:
    return Lesson(
        GAME, _position("spend", then=[ATTACK]), seat=RED, title="Spending money on an attack",
        goal="Spend money on the attack: from the Mafia's own treasury or your Illuminati's.",
        before="Before: the Mafia's attack is declared; the Mafia has 5 MB, the Illuminati 20 MB.",
        done=last_kind("spend"),
        hints=["Each MB spent adds 1 to the attack: spend from the attacking group's treasury or your "
               "Illuminati's.",
               "Choose “Spend … MB from The Mafia”, or from The Bavarian Illuminati."],
        feedback={"wrong": "money spent raises the number you must roll under; the lesson asks you to "
                           "spend some.",
                  "done": "Spent: the money goes to the bank and the attack is stronger. The defender and "
                          "then the others may spend too."})


def privilege() -> Lesson:
    return Lesson(
        GAME, _position("privilege", lambda t, game: t.special(RED, "swiss-bank-account"), then=[ATTACK]),
        seat=RED, title="A privileged attack",
        goal="Make the attack privileged, so that no one but you and the defender may take part.",
        before="Before: the Mafia's attack is declared; Red plays the Bavarian Illuminati and holds a "
               "Special.",
        done=last_kind("privilege"),
        hints=["A privileged attack shuts out the other players: no one may interfere or assist.",
               "The Bavarian Illuminati buy privilege for 5 MB once a turn; anyone may discard a Special "
               "instead. Choose “Make the attack privileged”."],
        feedback={"wrong": "the others may still interfere with this attack; the lesson asks to make it "
                           "privileged first.",
                  "done": "Privileged: only the attacker and the defender may spend on it now."})


def special() -> Lesson:
    return Lesson(
        GAME, _position("special", lambda t, game: t.special(RED, "bribery")), seat=RED,
        title="A Special: Bribery",
        goal="You hold the Special Bribery: take the Loan Sharks without an attack and without dice.",
        before="Before: Red holds Bribery; the Loan Sharks are uncontrolled.",
        done=last_kind("bribe"),
        hints=["Specials are secret cards in your hand; each one says when it may be played.",
               "Bribery takes control of a Group at once: click it in your hand, then choose the arrow "
               "where the Loan Sharks go."],
        feedback={"wrong": "an attack can fail on the dice (11 or 12 always fails); Bribery cannot.",
                  "done": "Bribed: the Loan Sharks join your power structure, and Bribery goes to the "
                          "discards."})


def _twelve(t, game) -> None:
    """Nine more Groups for Red (12 in all with the Illuminati, the Mafia and the CIA), and Bribery.  The
    weakest Groups, so that the Bavarians' special goal (a total Power of 35) stays out of reach: only the
    13th Group wins."""
    rest = [g for g in game.group_ids if g not in ("loan-sharks", "mafia", "cia")]
    hubs = sorted((g for g in rest if len(game.cards[g].arrows_out) >= 2), key=lambda g: (game.power(g), g))
    leaves = sorted((g for g in rest if g not in hubs), key=lambda g: (game.power(g), g))
    for group in hubs[:4] + leaves[:5]:  # a few weak Groups with arrows to hang the others on
        t.add(RED, group)
    t.special(RED, "bribery")


def _won(state) -> bool:
    return state.is_terminal() and RED in state.outcome()["winners"]


def victory() -> Lesson:
    return Lesson(
        GAME, _position("victory", _twelve), seat=RED, title="The goal: thirteen Groups",
        goal="With three players, 13 Groups (your Illuminati included) win. You hold 12: take the Loan "
             "Sharks, then end your turn.",
        before="Before: Red controls 12 Groups and holds Bribery; the Loan Sharks are uncontrolled.",
        done=lambda state: _won(state),
        allow=lambda state, act, moves: any(m.kind in ("bribe", "attack") for m in moves),
        hints=["The goal is checked at the end of each turn: whoever meets it then wins. Each Illuminati "
               "also has a special goal of its own (the Bavarians: a total Power of 35).",
               "Bribery takes the Loan Sharks for sure; then “End your action phase” and end the turn."],
        feedback={"wrong": "with 12 Groups the turn ends without a win: take the 13th first.",
                  "done": "Thirteen Groups at the end of the turn: Red wins."})


ORDER = (("attack", attack), ("aid", aid), ("spend", spend), ("privilege", privilege), ("destroy", destroy),
         ("transfer", transfer), ("special", special), ("victory", victory))


def sequence() -> dict:
    """The lessons in teaching order: ``{key: Lesson}``."""
    return in_order(ORDER)


def cases(key: str, lesson: Lesson) -> dict:
    """Moves the tests play on ``lesson`` (see :func:`.gray_eminence.cases`)."""
    st, legal, first = legal_notes(lesson, RED)

    bribes = [a for a in legal if a.startswith("bribe loan-sharks")]
    table = {
        "attack": lambda: {"solution": [ATTACK], "other": ["attack bavarian-illuminati control loan-sharks"],
                           "wrong": ["attack mafia destroy loan-sharks"],
                           "illegal": "attack loan-sharks control mafia"},
        "destroy": lambda: {"solution": ["attack mafia destroy loan-sharks"],
                            "other": ["attack cia destroy loan-sharks"], "wrong": [ATTACK],
                            "illegal": "attack loan-sharks destroy mafia"},
        "transfer": lambda: {"solution": ["transfer 5 from bavarian-illuminati to mafia"],
                             "other": ["transfer 1 from bavarian-illuminati to mafia"],
                             "wrong": ["give 1 to blue"], "illegal": "transfer 3 from cia to mafia"},
        "aid": lambda: {"solution": ["aid cia"], "other": ["aid bavarian-illuminati"], "wrong": ["pass"],
                        "illegal": "aid loan-sharks"},
        "spend": lambda: {"solution": ["spend 2 from mafia"], "other": ["spend 3 from bavarian-illuminati"],
                          "wrong": ["pass"], "illegal": "spend 9 from mafia"},
        "privilege": lambda: {"solution": ["privilege pay"],
                              "other": ["privilege discard swiss-bank-account"],
                              "wrong": [first("spend")], "illegal": "privilege discard bribery"},
        "special": lambda: {"solution": [bribes[0]], "other": [bribes[-1]], "wrong": [ATTACK],
                            "illegal": "bribe mafia to cia north"},
        "victory": lambda: {"solution": [bribes[0], "done", "done"], "other": [bribes[-1], "done", "done"],
                            "wrong": ["done"], "illegal": "bribe mafia to cia north"},
    }
    return table[key]()
