"""Positions from the Primordial Secrets rulebook's examples and clarifications, each set up with the public
position editor only (``illumi_widgets.editor.edit(state)``: no field of the position written by hand), then
played with the rules' own actions and read through the views and the history table.  Each test cites its
rulebook section (shared/seeds/002_*) or product ruling (RULES-NOTES.md)."""

from __future__ import annotations

from illumi_widgets.editor import edit
from illumi_widgets.engine import OMNISCIENT, load_game

M3 = ["messenger"] * 3
U3 = ["musician"] * 3


def _game(n=3, seed=1):
    return load_game("primordial", players=n).new_state(seed=seed)


def _visiting(st, parties, turn=None, step="start", first=None, **edits):
    """Every seat's parties and Visiting Intent (``{seat: (hosts, visitors, intent)}``; a seat not named hosts
    three Messengers, sends three Musicians and stays home), ``edits``: further editor calls ``{method: [args,
    ...]}``; then the Visiting Phase, or ``turn``'s visit at ``step``."""
    with edit(st) as ed:
        if first is not None:
            ed.first(first)
        for s in range(st.game.players):
            name = st.game.seat_name(s)
            hosts, visitors, intent = parties.get(name, (M3, U3, "Stay Home"))
            ed.party(name, hosts=hosts, visitors=visitors, intent=intent)
        for method, calls in edits.items():
            for args in calls:
                getattr(ed, method)(*args)
        if turn is None:
            ed.phase("visiting")
        else:
            ed.turn(turn, step)


def _token(st, seat, zone, card):
    """The view's token of ``seat``'s first ``card`` in ``zone`` (read from the analysis view)."""
    sv = st.view(OMNISCIENT)["seats"][seat]
    return next(c["id"] for c in sv[zone] if c["card"] == card)


def _decision(st):
    (d,) = st.decisions()
    return d


def _play_round(st, rnd):
    """Play on (random choices) until round ``rnd`` has begun or the game is over."""
    st.play_until(lambda s: s.view(OMNISCIENT)["round"] >= rnd)


def _rows(st, rnd):
    return [r for r in st.history_table() if r["round"] == rnd]


def test_steal_when_insight_beats_deceit_by_four():
    """Visiting Phase, step 3: "If the visitors' total insight is greater than the hosts' total deceit by 4 or
    more — the visiting player steals a Secret from the hosting player"; it goes to the thief's Intent Discard
    and counts toward six Secrets (ruling 4, ruling 21)."""
    st = _game()
    # insight 4 + 4 + 2 = 10 against deceit 2 + 2 + 2 = 6: a margin of exactly 4
    _visiting(st, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left"),
                   "Blue": (U3, M3, "Stay Home")}, turn="Red", step="comparison")
    d = _decision(st)
    assert (d.seat, d.kind) == (0, "steal")
    st.apply(st.legal_actions(0)[0])
    view = st.view(1)
    assert view["seats"][0]["stolen"] == 1 and view["seats"][1]["secrets"] == 5
    assert view["seats"][0]["intent_discard_top"]["intent"]
    assert st.history_table()[0]["margin"] == 4 and st.history_table()[0]["outcome"] == "steal"


def test_a_margin_below_four_steals_nothing_and_sacrifices_nothing():
    """Ruling 4: a margin from 0 to 3 (ties included) gives neither a steal nor a Sacrifice; the visiting
    player goes on to recruit (step 5)."""
    st = _game()
    _visiting(st, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left"),
                   "Blue": (["musician", "musician", "sentinel"], M3, "Stay Home")}, turn="Red",
              step="comparison")
    assert _decision(st).kind == "recruit"  # 10 against 2 + 2 + 3 = 7: margin 3
    turn = st.view(2)["turn"]
    assert (turn["margin"], turn["outcome"]) == (3, "none")
    st.apply("done")
    row = st.history_table()[0]
    assert (row["insight"], row["deceit"], row["outcome"]) == (10, 7, "none")


def test_deceit_above_insight_sacrifices_a_visitor_of_the_visitors_choice():
    """Step 3: "the hosting player Sacrifices a visitor of the visiting player's choice ... moved from the
    Visiting Party to the hosting player's Sacrifices zone"."""
    st = _game()
    _visiting(st, {"Red": (M3, ["scout", "messenger", "musician"], "Visit Left"),
                   "Blue": (["sentinel"] * 3, M3, "Stay Home")}, turn="Red", step="comparison")
    d = _decision(st)
    assert (d.seat, d.kind) == (0, "sacrifice")  # the visiting player chooses
    st.apply("sacrifice scout")
    view = st.view(2)
    assert [c["card"] for c in view["seats"][1]["sacrifices"]] == ["scout"]
    assert "scout" not in [c["card"] for c in view["seats"][0]["visitors"]]
    assert st.history_table()[0]["sacrificed"] == "Scout"


def test_steal_from_an_empty_secrets_zone_takes_your_own():
    """Step 3: "If you would steal a Secret from a player who has none left to steal, instead steal a Secret
    from your own Secrets zone, if possible" (ruling 5).  Green has stolen all six of Blue's Secrets."""
    st = _game()
    _visiting(st, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left"),
                   "Blue": (U3, M3, "Stay Home")}, turn="Red", step="comparison",
              steal=[("Green", "Blue")] * 6)
    d = _decision(st)
    assert d.kind == "steal"
    own = {c["card"] for c in st.view(OMNISCIENT)["seats"][0]["secret_cards"]}
    assert {a.args[0] for a in st.legal_actions(0)} == own  # Red looks through Red's own Secrets
    st.apply(st.legal_actions(0)[0])
    assert st.view(0)["seats"][0]["secrets"] == 5 and st.view(0)["seats"][0]["stolen"] == 1


def test_invitation_intent_example():
    """Intents & Secrets, "Invitation Intent example" (3 players, Performance Intents): Player B is invited by
    A and C, C's priority is higher, so B visits C; no one invites C, who visits B; A is invited by B and
    visits B (ruling 6)."""
    st = _game()
    f3 = ["familiar"] * 3  # (devotion 3 each visit: every visit stops to recruit, so each is a step)
    _visiting(st, {"Red": (M3, f3, "Performance: Overture"), "Blue": (M3, f3, "Performance: Finale"),
                   "Green": (M3, f3, "Performance: Finale")})
    assert (st.view(0)["turn"]["visitor"], st.view(0)["turn"]["host"]) == (0, 1)  # A visits B
    _play_round(st, 2)
    visits = [(r["visitor"], r["host"]) for r in _rows(st, 1)]
    assert visits == [("Red", "Blue"), ("Blue", "Green"), ("Green", "Blue")]


def _replacement(first):
    """Red's visitors Emissary, Puppeteer and Dawn Prophet; the two "when visiting" effects in ``first``'s
    order, both on the Emissary.  Returns the Emissary's live stats from the view."""
    st = _game()
    _visiting(st, {"Red": (M3, ["emissary", "puppeteer", "dawn-prophet"], "Visit Left")}, turn="Red",
              step="when visiting")
    d = _decision(st)
    assert (d.seat, d.kind) == (0, "order")  # the visiting player orders the effects
    st.apply(f"order {first}")
    st.apply("choose emissary")
    st.apply("choose emissary")
    return st.view(1)["stats"][_token(st, 0, "visitors", "emissary")]


def test_replacement_example_both_orders():
    """Changing a Primordial's values, "Replacement example": Puppeteer first (+3 devotion) then Dawn Prophet
    (insight := devotion) gives a 7 insight, 7 devotion Emissary; the other order 7 devotion, 4 insight."""
    a = _replacement("puppeteer")
    assert (a["devotion"], a["insight"]) == (7, 7)
    b = _replacement("dawn-prophet")
    assert (b["devotion"], b["insight"]) == (7, 4)


def test_duration_of_effects_a_captivated_host_is_back_for_the_second_visit():
    """Clarifications, "Duration of effects": a host captivated during the first visit has its base stats
    again when the second visit begins (ruling 10).  Red's Inquisitor captivates Blue's Sentinel; then Green
    visits Blue."""
    st = _game()
    _visiting(st, {"Red": (M3, ["inquisitor", "messenger", "musician"], "Visit Left"),
                   "Blue": (["sentinel", "musician", "messenger"], M3, "Stay Home"),
                   "Green": (M3, U3, "Visit Right")}, turn="Red")
    st.apply("choose sentinel")  # Inquisitor, before visiting: captivate one host
    sentinel = _token(st, 1, "hosts", "sentinel")
    assert st.view(0)["stats"][sentinel]["deceit"] == 0
    st.play_until(lambda s: (s.view(0)["turn"] or {}).get("visitor") == 2)
    assert st.view(0)["stats"][sentinel] == {"devotion": 0, "insight": 1, "deceit": 3, "silenced": False}


def test_moving_a_card_to_next_rounds_visiting_party():
    """Clarifications, "Moving cards to the next round's Visiting Party": the Hollow Baron (after hosting)
    leaves Blue's hosts short-staffed for the second visit; next round Blue still draws six and the Baron
    visits besides the three placed; at the end of that round it goes to the Discard."""
    st = _game()
    _visiting(st, {"Red": (M3, U3, "Visit Left"), "Blue": (["hollow-baron", "sentinel", "sentinel"], M3,
                                                           "Stay Home"), "Green": (M3, U3, "Visit Right")},
              turn="Red")
    st.play_until(lambda s: (s.view(0)["turn"] or {}).get("visitor") == 2)
    blue = st.view(0)["seats"][1]
    assert [c["card"] for c in blue["hosts"]] == ["sentinel", "sentinel"]  # short-staffed
    assert [c["card"] for c in blue["next_visitors"]] == ["hollow-baron"]
    _play_round(st, 2)
    assert st.view(1)["seats"][1]["hand_count"] == 6  # six drawn all the same
    st.play_until(lambda s: s.view(OMNISCIENT)["phase"] == "visiting")
    visitors = [c["card"] for c in st.view(0)["seats"][1]["visitors"]]
    assert len(visitors) == 4 and "hollow-baron" in visitors
    _play_round(st, 3)
    assert st.view(OMNISCIENT)["seats"][1]["next_visitors"] == []
    assert "hollow-baron" in [c["card"] for c in st.view(OMNISCIENT)["seats"][1]["discard_cards"]] + [
        c["card"] for c in st.view(OMNISCIENT)["seats"][1]["deck_cards"]] + [
        c["card"] for c in st.view(OMNISCIENT)["seats"][1]["hand"]]


def test_herald_arrival_is_too_late_for_before_effects():
    """Clarifications, "Moving a card to a party mid-visit": Herald brings the top card of the Deck into the
    party; an Inquisitor arriving so is too late for its "before visiting" captivate (ruling 11)."""
    st = _game()
    _visiting(st, {"Red": (M3, ["herald", "messenger", "messenger"], "Visit Left"),
                   "Blue": (["sentinel", "musician", "messenger"], M3, "Stay Home")}, turn="Red",
              stack=[("deck", ["inquisitor"], "Red")])
    red = st.view(0)["seats"][0]
    assert "inquisitor" in [c["card"] for c in red["visitors"]]  # it arrived
    assert all(s["deceit"] > 0 for t, s in st.view(0)["stats"].items()
               if t in {c["id"] for c in st.view(0)["seats"][1]["hosts"]})  # no host captivated
    assert st.view(2)["turn"]["deceit"] == 3 + 2 + 1


def test_when_recruited_shuffle_includes_the_recruited_card():
    """Clarifications, "When Recruited": "If a shuffle is part of the resolution of a 'when recruited' effect,
    the recruited card is considered already in your Discard zone and will therefore get shuffled as well"
    (ruling 12).  Red recruits the Scribe with a Discard of two Messengers."""
    st = _game()
    _visiting(st, {"Red": (M3, ["emissary", "messenger", "messenger"], "Visit Left")}, turn="Red",
              step="recruiting", court=[(["scribe"], ())],
              move=[("messenger", "discard", "Red", "deck"), ("messenger", "discard", "Red", "deck")])
    assert _decision(st).kind == "recruit"
    st.apply("recruit scribe")
    red = st.view(OMNISCIENT)["seats"][0]
    assert red["discard"] == 0 and "scribe" in [c["card"] for c in red["deck_cards"]]
    assert st.history_table()[0]["recruited"] == "Scribe" and st.history_table()[0]["tribute"] == 3


def test_a_royal_needs_sacrifices_held_and_they_are_not_spent():
    """Step 5: "To recruit Royals you must have at least as many cards in your Sacrifices zone as the total
    Sacrifice costs of all Royals you are recruiting this turn"; "No Sacrifices ... are permanently
    removed"."""
    st = _game()
    _visiting(st, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left")}, turn="Red",
              step="recruiting", court=[((), ["veiled-duke"])])
    assert "recruit veiled-duke" not in st.legal_actions(0)  # no Sacrifice held
    st2 = _game()
    _visiting(st2, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left")}, turn="Red",
              step="recruiting", court=[((), ["veiled-duke"])],
              sacrifice=[("Red", "musician", "deck", "Blue")])
    st2.apply("recruit veiled-duke")  # 7 tribute of 9 devotion, 1 Sacrifice held
    red = st2.view(1)["seats"][0]
    assert red["royals"] == 1 and len(red["sacrifices"]) == 1


def test_a_sixth_sacrifice_ends_the_game_at_the_end_of_the_round():
    """Game End: "The game ends at the end of the round in which ... A player collects their sixth Sacrifice.
    The player who has collected the most Sacrifices wins" -- Green's visit still happens (ruling 13)."""
    st = _game()
    _visiting(st, {"Red": (M3, ["scout", "messenger", "musician"], "Visit Left"),
                   "Blue": (["sentinel"] * 3, M3, "Stay Home"), "Green": (M3, U3, "Visit Right")},
              turn="Red", sacrifice=[("Blue", "familiar", "familiars")] * 5)
    assert st.view(0)["seats"][1]["sacrifices"].__len__() == 5
    st.apply("sacrifice scout")
    assert st.outcome() is None  # the round goes on
    st.play_until(lambda s: s.is_terminal())
    out = st.outcome()
    assert out["reason"] == "sacrifices" and out["winners"] == [1]
    assert [r["visitor"] for r in _rows(st, 1) if r["what"] == "visit"] == ["Red", "Green"]


def test_the_last_royal_recruited_ends_the_game_on_points():
    """Game End: "A player recruits the last Royal. Each Secret, Sacrifice, and Royal collected are worth 1
    point each, and the player with the most points wins" (ruling 21: each card counts once)."""
    st = _game()
    with edit(st) as ed:  # every Royal but one Veiled Duke is out of the game (removed at setup)
        (duke,) = ed.court(royals=["veiled-duke"])
        for c in ed.cards("court_royals") + ed.cards("royal_deck"):
            if c["id"] != f"c{duke}":
                ed.move(c["id"], "removed")
    _visiting(st, {"Red": (M3, ["emissary", "emissary", "scout"], "Visit Left")}, turn="Red",
              step="recruiting", sacrifice=[("Red", "musician", "deck", "Blue")])
    st.apply("recruit veiled-duke")
    st.play_until(lambda s: s.is_terminal())
    out = st.outcome()
    assert out["reason"] == "royal" and out["winners"] == [0]
    assert out["scores"]["Red"] == {"secrets": 0, "sacrifices": 1, "royals": 1}


def test_intent_reset_at_the_end_of_the_fourth_round():
    """Resetting Intents, "End of Every Fourth Round": choose any five among your Starting Intents and the
    Secrets you have stolen; the rest go to the Intent Discard."""
    st = _game()
    with edit(st) as ed:
        ed.round(4)
        ed.steal("Red", "Blue", "masquerade")
        ed.phase("intent reset")
    assert {d.kind for d in st.decisions()} == {"reset"} and len(st.decisions()) == 3
    pool = st.view(0)["seats"][0]["reset_pool"]
    assert len(pool) == 6 and "masquerade" in {c["card"] for c in pool}
    st.apply(st.parse("reset masquerade left right home overture", seat=0))
    for s in (1, 2):
        st.apply(st.legal_actions(s)[0])
    red = st.view(0)["seats"][0]
    assert {c["card"] for c in red["intents"]} == {"masquerade", "left", "right", "home", "overture"}
    assert red["intent_discard"] == 1 and st.view(0)["round"] == 5


def test_expensive_pawns_are_shuffled_in_at_the_end_of_round_two():
    """Stacking the Pawn Deck: "At the end of the second round of the game, shuffle those expensive Pawns
    back into the Pawn Deck" (ruling 14)."""
    st = _game()
    held = st.view(OMNISCIENT)["court"]["held_out"]
    assert held > 0
    with edit(st) as ed:
        ed.round(2)
        ed.phase("round end")
    court = st.view(OMNISCIENT)["court"]
    assert court["held_out"] == 0 and st.view(0)["round"] == 3
