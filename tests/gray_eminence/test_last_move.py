"""The board's "Last move" line names what the acting seat did: in the Refresh lesson's position it read
"Last move: Blue (bot): Round 3 of 5; You draw …", the new round's heading, bookkeeping and draws put under
Blue's scoring pass (the step that ended the round wrote them after the phase heading)."""

from __future__ import annotations

from illumi_widgets.lessons import gray_eminence


def test_the_last_move_is_the_acting_seats_own_not_the_new_rounds_bookkeeping():
    match = gray_eminence.refresh().start()
    last = match.snapshot("seat:0")["status"]["last"]
    assert last["name"] == "Blue"
    said = [last["text"], *last["lines"], *last["turn"]]
    assert not any("Round" in t or "draw" in t for t in said), last
    assert last["text"] == "Blue completes no objective this round."  # (a scoring pass, rulebook 9: Scoring)


def test_each_pass_says_what_the_seat_did():
    """A pass is one action kind in three places: in Trading it writes nothing until every player has
    passed; in Scoring (rulebook, 9. Scoring) and in a tweet's response (5. Presidential response: add one
    resource to the Bidding Pool, or not) it says what the seat chose not to do, each in its own words."""
    from illumi_widgets.engine import load_game
    from illumi_widgets.engine.action import Action
    from illumi_widgets.games.gray_eminence import actions

    game = load_game("gray-eminence", players=3)

    class Log:
        def __init__(self):
            self.lines = []

        def add(self, text, private=None):
            self.lines.append((text, private))

    said = {}
    for kind in ("score", "addone"):
        log = Log()
        d = {"frames": [{"t": "other"}, {"t": kind, "seat": 1}]}
        actions.do_pass(game, d, Action(1, "pass"), log)
        assert d["frames"] == [{"t": "other"}]
        said[kind] = log.lines
    assert said["score"] == [("Blue completes no objective this round.",
                              {1: "You complete no objective this round."})]
    assert said["addone"] == [("Blue adds nothing to the Bidding Pool.",
                               {1: "You add nothing to the Bidding Pool."})]
