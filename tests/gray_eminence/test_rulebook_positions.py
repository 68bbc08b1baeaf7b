"""Positions from the Gray Eminence rulebook's examples and clarifications, each built with ONLY the public
position editor (``illumi_widgets.editor.edit``: no data field written by hand) from a game played through
its setup, then played on with legal actions; each checks the rules' result and cites the section (rulebook
``shared/seeds/003_*``; rulings ``RULES-NOTES.md``)."""

from __future__ import annotations

from illumi_widgets import load_game
from illumi_widgets.editor import edit


def ready(players=4, seed=3, **options):
    """A game played through its setup (each seat's first legal choice): Phase 1 of round 1 pending."""
    s = load_game("gray-eminence", players=players, **options).new_state(seed=seed)
    while s.data["phase"] == "setup":
        seat = s.to_act()[0]
        s.apply(s.legal_actions(seat)[0])
    return s


def do(s, who, kind, *args):
    """Apply ``who``'s legal action of ``kind`` with ``args`` (a seat name or number)."""
    seat = s.game.seat_names.index(who) if isinstance(who, str) else who
    for a in s.legal_actions(seat):
        if a.kind == kind and tuple(a.args[: len(args)]) == args:
            s.apply(a)
            return a
    raise AssertionError(f"{who} cannot {kind} {args}: {[a.notation() for a in s.legal_actions(seat)]}")


def top(s):
    return s.data["frames"][-1]["t"] if s.data["frames"] else None


def play_until_step(s, t, limit=400):
    """Play each pending seat's first legal choice ('pass'/'done' when offered) until step ``t``."""
    for _ in range(limit):
        if top(s) == t:
            return
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        quiet = [a for a in legal if a.kind in ("pass", "done", "decline")]
        s.apply((quiet or legal)[0])
    raise AssertionError(f"step {t} not reached")


def no_factions(ed, s):
    for m in s.data["facs"]:
        for fc in list(m):
            ed.move(fc[0], "deck")


def seat(s, name):
    return s.game.seat_names.index(name)


# 1 -------------------------------------------------------------------------------------------------------
def test_the_bidding_example_comes_out_as_printed():
    # Phase 3 "Example bidding": Greg 3 Money + 1 Influence (4), Wyrm 1 Power + 4 Influence (5), Tony
    # 2 Power + 2 Money (4), David nothing (0), Andrea 2 Power + 2 Influence (4); Tony above Andrea.
    # "Placement choice order is Wyrm, Greg, Tony, Andrea then David"
    s = ready(players=5)
    greg, wyrm, tony, david, andrea = "Red", "Blue", "Green", "Yellow", "Purple"
    bids = {greg: (3, 0, 1), wyrm: (0, 1, 4), tony: (2, 2, 0), david: (0, 0, 0), andrea: (0, 2, 2)}
    with edit(s) as ed:
        ed.track(david, tony, greg, andrea, wyrm)  # Tony above Andrea
        for who, v in bids.items():
            ed.resources(who, money=v[0], power=v[1], influence=v[2])
        pool = list(s.data["pool"])
        ed.phase("bidding")
    for who, v in bids.items():
        for r, n in zip(("money", "power", "influence"), v, strict=True):
            do(s, who, "bid", r, n)
    order = [s.game.seat_name(x) for x in s.data["last"]["bid_order"]]
    assert order == [wyrm, greg, tony, andrea, david]
    # "All bids are returned to the Bidding Pool"
    assert s.data["pool"] == [pool[0] + 5, pool[1] + 5, pool[2] + 7]
    rows = [r for r in s.history_table() if r["what"] == "bid"]
    assert {r["player"]: r["rank"] for r in rows} == {wyrm: 1, greg: 2, tony: 3, andrea: 4, david: 5}


# 2 -------------------------------------------------------------------------------------------------------
def test_placement_keeps_a_public_eye_and_a_shadows_player():
    # Phase 3: "There must be a Public Eye and In the Shadows player at the end of this phase": with three
    # players, once the first takes a Gray Eminence position the other two are offered only the two ends
    s = ready(players=3)
    with edit(s) as ed:
        ed.track("Red", "Blue", "Green")
        for who in ("Red", "Blue", "Green"):
            ed.resources(who, money=0, power=0, influence=0)
        ed.resources("Green", money=2)
        ed.phase("bidding")
    for who in ("Red", "Blue", "Green"):
        for r in ("money", "power", "influence"):
            do(s, who, "bid", r, 2 if (who, r) == ("Green", "money") else 0)
    assert top(s) == "place" and s.to_act() == [seat(s, "Green")]
    do(s, "Green", "place", "gray2")
    nxt = s.to_act()[0]
    assert {a.args[0] for a in s.legal_actions(nxt)} == {"eye", "shadows"}


# 3 -------------------------------------------------------------------------------------------------------
def test_a_gray_eminence_draws_and_discards_down_to_eight():
    # Role Activation, Gray Eminence: "Draw 1 Action card (and discard down to 8 if needed)"
    s = ready()
    gray = s.data["track"][1]
    with edit(s) as ed:
        ed.phase("role activation")
        for c in list(s.data["decks"]["action"][-(8 - len(s.data["hands"][gray])):]):
            ed.move(c, "hand", who=gray)
    assert len(s.data["hands"][gray]) == 8
    play_until_step(s, "handlimit")
    assert s.to_act() == [gray] and len(s.data["hands"][gray]) == 9
    s.apply(s.legal_actions(gray)[0])
    assert len(s.data["hands"][gray]) == 8


# 4 -------------------------------------------------------------------------------------------------------
def test_in_the_shadows_takes_from_the_bidding_pool():
    # Role Activation, In the Shadows: "Don't mind if I do: Take one resource from the Bidding Pool" -- only
    # a resource the pool holds
    s = ready()
    sh = s.data["track"][4]
    with edit(s) as ed:
        no_factions(ed, s)  # (no blackmail: nobody holds a Faction)
        ed.pool(money=0, power=2, influence=0)
        ed.phase("role activation")
    play_until_step(s, "shadowtake")
    assert s.to_act() == [sh]
    assert [a.args for a in s.legal_actions(sh)] == [("power",)]
    before = list(s.data["box"][sh])
    do(s, sh, "take", "power")
    assert s.data["pool"][1] == 1 and s.data["box"][sh][1] == before[1] + 1


# 5 -------------------------------------------------------------------------------------------------------
def test_blackmail_needs_a_player_with_a_faction():
    # Important things to remember: "Blackmailing can only be inflicted on a Player with a Faction card": with
    # no Faction on any mat, the only one held when the Shadows player acts is the one the Public Eye has just
    # drawn ("Make new connections"), so the Public Eye is the only player who can be blackmailed
    s = ready()
    eye, sh = s.data["track"][0], s.data["track"][4]
    with edit(s) as ed:
        no_factions(ed, s)
        ed.phase("role activation")
    play_until_step(s, "blackmail")
    targets = {a.args[0] for a in s.legal_actions(sh)}
    assert len(s.data["facs"][eye]) == 1 and targets == {eye}


# 6 -------------------------------------------------------------------------------------------------------
def test_blackmail_refused_pays_one_when_only_one_is_held():
    # "If you choose a resource, they must give you two of that resource (or one if they only have one)"
    s = ready()
    sh, victim = s.data["track"][4], s.data["track"][0]
    with edit(s) as ed:
        no_factions(ed, s)
        ed.move("Harbor Trust", "mat", who=victim)
        ed.resources(victim, money=0)
        ed.phase("role activation")
    play_until_step(s, "blackmail")
    assert s.data["box"][victim][0] == 1  # (the Public Eye's gain: 1 money)
    do(s, sh, "blackmail", victim, "F01")
    do(s, victim, "refuse")
    box = list(s.data["box"][sh])
    do(s, sh, "penalty", "money")
    assert s.data["box"][victim][0] == 0 and s.data["box"][sh][0] == box[0] + 1


# 7 -------------------------------------------------------------------------------------------------------
def test_the_fourth_card_is_free_for_gray_eminences_and_costs_others_one():
    # Phase 4: "The fourth is free for Gray Eminences, but costs one resource, of any type, for others, paid
    # to the Common Pool"
    s = ready()
    eye, gray = s.data["track"][0], s.data["track"][1]
    with edit(s) as ed:
        ed.phase("programming")
        ed.resources(eye, money=2)
    gray_box = list(s.data["box"][gray])
    for who in (eye, gray):
        h = list(s.data["hands"][who])
        for slot, c in zip("ABC", h, strict=False):
            do(s, who, "program", slot, c)
        if who == eye:
            do(s, who, "program", "D", h[3], "common", "money")
        else:  # a Gray Eminence is never asked to pay
            assert all(len(a.args) == 3 for a in s.legal_actions(gray) if a.args[0] == "D")
            do(s, who, "program", "D", h[3], "personal")
    assert s.data["box"][eye][0] == 2  # (paid when the programs are revealed)
    while top(s) == "program":
        x = s.to_act()[0]
        legal = s.legal_actions(x)
        s.apply(next((a for a in legal if a.args == ("done",)), legal[0]))
    assert s.data["box"][eye][0] == 1 and s.data["box"][gray] == gray_box


# 8 -------------------------------------------------------------------------------------------------------
def test_exhausting_a_faction_funds_the_bidding_pool():
    # Phase 6: "You may exhaust any refreshed Faction cards ... All resource effects of the Faction cards are
    # added to the Bidding Pool from the Common pool" (Harbor Trust: 2 money)
    s = ready()
    who = s.data["track"][1]
    with edit(s) as ed:
        no_factions(ed, s)
        ed.move("Harbor Trust", "mat", who=who)
        ed.phase("action")
        ed.turn(who)
        ed.pool(money=0)
    assert s.to_act() == [who]
    do(s, who, "exhaust", "F01")
    assert s.data["pool"][0] == 2 and s.data["facs"][who] == [["F01", False]]


# 9 -------------------------------------------------------------------------------------------------------
def test_tweets_stop_at_the_first_matching_hashtag():
    # Phase 5: draw Tweets "until at least one #hashtag of the Tweet card matches any keywords of the Event
    # card(s) or when all slots ... are filled (whichever occurs first)"
    s = ready()
    g = s.game
    ev = "E05"  # #Domestic #Global
    tags = set(g.cards.events[ev]["hashtags"])
    std = {t: set(c["hashtags"]) for t, c in g.cards.tweets.items() if c["scenario"] == "standard"}
    other = [t for t, h in std.items() if not h & tags]
    match = next(t for t, h in std.items() if h & tags)
    with edit(s) as ed:
        ed.phase("tweets")
        ed.events(mandatory=ev, additional=None)
        ed.stack("tweet", [other[0], match, other[1]])
    assert s.data["tweets"] == [other[0], match]


# 10 ------------------------------------------------------------------------------------------------------
def test_the_mandatory_event_is_resolved_before_the_additional():
    # Phase 7: "If there are enough resources ... players must resolve that Event ... Any remaining Bidding
    # Pool resources may be used to resolve the Additional event ... you must resolve the Mandatory event
    # before the Additional event if possible."  E02's only affordable option: Send a mission (2 money,
    # 1 power); E06's cheapest (1 power, 1 money) is then unaffordable.
    s = ready()
    with edit(s) as ed:
        ed.phase("resolution")
        ed.events(mandatory="E02", additional="E06")
        ed.pool(money=2, power=1, influence=0)
        ed.relations(EU=0, China=0, Russia=0, Africa=0, UN=0)
    d = s.data
    assert ["E02", ["money", "power"]] in d["resolved"]
    assert "E06" in d["unresolved"] and d["pool"] == [0, 0, 0]


# 11 ------------------------------------------------------------------------------------------------------
def test_a_tied_vote_goes_to_the_highest_on_the_visibility_track():
    # Glossary "Voting": "All tied votes are broken by the player in the highest position of Visibility
    # track"; Phase 7: "If there is more than one resolution possible, players Vote"
    s = ready()
    with edit(s) as ed:
        ed.track("Green", "Red", "Blue", "Yellow")
        ed.phase("resolution")
        ed.events(mandatory="E02", additional=None)
        ed.pool(money=3, power=2, influence=2)
        ed.relations(EU=0, China=0, Russia=0, Africa=0, UN=0)
    assert top(s) == "vote"
    do(s, "Green", "vote", 2)
    do(s, "Red", "vote", 1)
    do(s, "Blue", "vote", 1)
    do(s, "Yellow", "vote", 2)
    assert ["E02", ["money", "power", "influence"]] in s.data["resolved"]  # Look away: Green's choice
    row = [r for r in s.history_table() if r["what"] == "vote"][-1]
    assert row["result"] == "Look away" and row["tally"] in ("Look away 2, Send a mission 2",
                                                             "Send a mission 2, Look away 2")


# 12 ------------------------------------------------------------------------------------------------------
def test_an_unresolved_personal_gain_event_pushes_an_escalation_to_the_unresolved_pile():
    # Phase 7: "Unresolved Events displaying (Personal Gain) move to the Additional Event slot. Any event
    # already there is moved to the Unresolved Events pile" -- an Escalation too (RULES-NOTES.md ruling 22)
    s = ready()
    with edit(s) as ed:
        ed.phase("resolution")
        ed.events(mandatory="E03", additional="EU: Open Conflict")  # E03 shows Personal Gain
        ed.pool(money=0, power=0, influence=0)
        ed.relations(EU=0, China=0, Russia=0, Africa=0, UN=0)
    d = s.data
    assert d["additional"] == "E03" and "X01:conflict" in d["unresolved"]


# 13 ------------------------------------------------------------------------------------------------------
def test_refresh_pays_the_cost_on_the_exhausted_side():
    # Glossary "Factions": "During Phase 1, you can pay the cost shown on the Exhausted side to return the
    # Faction to its Refreshed state" (Harbor Trust: 1 influence and 1 power)
    for rich in (True, False):
        s = ready()
        eye = s.data["track"][0]
        with edit(s) as ed:
            no_factions(ed, s)
            ed.move("Harbor Trust", "mat", who=eye, refreshed=False)
            ed.resources(eye, influence=1 if rich else 0, power=1)
            ed.phase("refresh")
        play_until_step(s, "refresh")
        while s.data["frames"][-1].get("seat") != eye:
            do(s, s.to_act()[0], "done")
        offered = [a.args for a in s.legal_actions(eye) if a.kind == "refresh"]
        assert offered == ([("F01",)] if rich else [])
        if rich:
            do(s, eye, "refresh", "F01")
            assert s.data["facs"][eye] == [["F01", True]] and s.data["box"][eye][1:] == [0, 0]


# 14 ------------------------------------------------------------------------------------------------------
def test_tied_for_most_money_scores_nothing_and_the_common_objective_decides():
    # Winning the Game: "1 VP for most money ..." and Important things: "'the most' means more than anyone
    # else; tied for most is not enough"; "The Common Objective must be successfully completed or else no
    # one wins" (EU scenario: EU relationship Tension or better and 2 events resolved)
    for met in (True, False):
        s = ready()
        with edit(s) as ed:
            ed.round(5)
            ed.phase("scoring")
            boxes = {"Red": (5, 0, 0), "Blue": (5, 0, 0), "Green": (0, 2, 0), "Yellow": (0, 0, 3)}
            for who, box in boxes.items():
                ed.resources(who, money=box[0], power=box[1], influence=box[2])
            ed.relations(EU=-1 if met else -2)
            for ev in ("E01", "E04"):
                ed.move(ev, "resolved", used=["money"])
        while not s.is_terminal():
            x = s.to_act()[0]
            do(s, x, "pass")
        res = s.outcome()
        detail = res["detail"]
        # tied for most money (and for the most in total): nobody; most power: Green; most influence: Yellow
        assert [detail[x]["resources"] for x in range(4)] == [0, 0, 1, 1]
        if met:
            assert res["reason"] == "most-vp" and res["winners"]
        else:
            assert res["reason"] == "common-objective-failed" and res["winners"] == []
