"""Programming, Presidential response, Action, Resolution, Trading, Scoring and the end
(rulebook Phases 4–9 and "Winning the Game"; RULINGS "Programming", "Resolution", "Voting",
"Relationships", "Trading", "Scoring", "Most and least", "End")."""

from __future__ import annotations

from illumi_widgets.games.gray_eminence import effects as E
from illumi_widgets.games.gray_eminence import model as M
from illumi_widgets.games.gray_eminence import phases as P
from illumi_widgets.games.gray_eminence import scoring as S


def _program(t, s, cards, fourth=None):
    for slot, c in zip("ABC", cards, strict=False):
        t.play(s, f"program {slot} {c}")
    if fourth is None:
        if not t.d["frames"][-1]["progs"].get(str(s), {}).get("fin"):
            t.play(s, "program done")
    else:
        t.play(s, "program D " + fourth)


def test_programming_sealed_three_cards_and_the_fourth_costs_others(table):
    # RULINGS "Programming": slots A–C, optional D; free for Gray Eminences, 1 resource for others
    t = table(players=3, seed=4)
    t.to_step("program")
    eye = t.d["track"][0]
    gray = t.d["track"][1] if t.d["track"][1] is not None else t.d["track"][2]
    shadows = t.d["track"][4]
    with t.state.edit():
        t.set_box(eye, [2, 0, 0])
    h = list(t.d["hands"][eye])
    _program(t, eye, h[:3], f"{h[3]} personal money")
    assert t.state.view(gray)["seats"][eye]["program"] is None  # sealed
    assert t.state.view(eye)["seats"][eye]["program"]["D"] == h[3]
    g = list(t.d["hands"][gray])
    _program(t, gray, g[:3], f"{g[3]} common")
    s = list(t.d["hands"][shadows])
    _program(t, shadows, s[:3])
    # revealed together: the eye paid 1 money for the fourth card, the Gray Eminence nothing
    assert t.d["box"][eye][0] == 1
    assert t.d["prog"][eye]["D"] == h[3] and t.d["prog"][gray]["side"] == "common"
    assert "D" not in t.d["prog"][shadows]


def test_tweets_stop_at_the_first_hashtag_match(table):
    # Phase 5: draw Tweets until one shares a #hashtag with a current Event, or the slots are full
    t = table(players=3, seed=8)
    t.to_step("program")
    with t.state.edit():
        tag = t.game.cards.events[t.d["mandatory"]]["hashtags"][0] if ":" not in t.d["mandatory"] else "#War"
        deck = t.d["decks"]["tweet"]
        tw = t.game.cards.tweets
        match = next(x for x in deck if tag in tw[x]["hashtags"])
        other = [x for x in deck if not set(tw[x]["hashtags"]) & P.event_tags(t.game, t.d)][:2]
        rest = [x for x in deck if x != match and x not in other]
        t.d["decks"]["tweet"] = rest + [match] + other[::-1]  # top last: other[0], other[1], match
    t.to_phase("action")
    assert t.d["tweets"] == [other[0], other[1], match]


def test_tweets_stop_when_the_slots_are_full(table):
    t = table(players=3, seed=8)
    t.to_step("program")
    with t.state.edit():
        tw = t.game.cards.tweets
        tags = P.event_tags(t.game, t.d)
        deck = t.d["decks"]["tweet"]
        miss = [x for x in deck if not set(tw[x]["hashtags"]) & tags]
        t.d["decks"]["tweet"] = [x for x in deck if x not in miss] + miss
    t.to_phase("action")
    assert len(t.d["tweets"]) == E.rule(t.game, t.d, "tweet_slots") == 4


def test_action_phase_constraints_and_mismatched_cards(table):
    # Phase 6: one Personal Gain, one Common Good, one discard; a card without that side has no effect
    t = table(players=3, seed=4)
    t.to_step("act")
    s = t.d["frames"][-1]["seat"]
    p = t.d["prog"][s]
    cards = [p[x] for x in "ABC"]
    t.play(s, f"resolve {cards[0]} discard")
    err = t.state.why_illegal(t.state.parse(f"resolve {cards[1]} discard", s))
    assert err is not None and err.code == "assignment"
    legal = {a.args[1] for a in t.state.legal_actions(s) if a.kind == "resolve"}
    assert legal == {"personal", "common"}


def test_personal_gain_side_for_the_shadows_only(table):
    t = table(players=3, seed=4)
    t.to_step("act")
    s = t.d["frames"][-1]["seat"]
    strong = next(
        k
        for k, c in t.game.cards.actions.items()
        if c.get("personal_gain", {}).get("shadows_only") and c["scenario"] == "standard"
    )
    with t.state.edit():
        p = t.d["prog"][s]
        old = p["A"]
        where = next(
            lst for lst in [t.d["decks"]["action"], t.d["discards"]["action"], *t.d["hands"]] if strong in lst
        )
        where[where.index(strong)] = old
        p["A"] = strong
    since = len(t.state.log)
    assert M.role(t.d, s) != "shadows"
    box = list(t.d["box"][s])
    t.play(s, f"resolve {strong} personal")
    assert "In the Shadows only, no effect" in t.log_text(None, since)
    assert t.d["box"][s] == box


def _hold_secret(t, s, x):
    """(Inside an edit) seat ``s`` holds the Secret Objective ``x``: its first one changes places with it."""
    if x not in t.d["secret"][s]:
        mine = t.d["secret"][s][0]
        for lst in [t.d["decks"]["secret"], t.d["discards"]["secret"], *t.d["secret"], *t.d["done"]]:
            if x in lst:
                lst[lst.index(x)] = mine
                break
        t.d["secret"][s][0] = x


def _at_the_vote(table, players):
    """A game (seed 21) at the Resolution vote with 9 of each resource in the Bidding Pool and the Common Good
    pile moved to the discards: the table and the vote's pending step."""
    t = table(players=players, seed=21)
    t.to_phase("resolution")
    with t.state.edit():
        t.set_pool([9, 9, 9])
        t.d["discards"]["action"] += [c for c, _ in t.d["cgpile"]]
        t.d["cgpile"] = []
    t.to_step("vote")
    return t, t.d["frames"][-1]


def test_resolution_vote_and_tie_broken_by_visibility(table):
    # RULINGS "Voting": sealed; majority; ties go to the player highest on the visibility track
    t, f = _at_the_vote(table, players=3)
    opts = [i + 1 for i in f["options"]]
    assert len(opts) >= 2
    order = M.order(t.d)
    # 3 players, three different votes: a tie; the Public Eye's choice wins
    votes = {order[0]: opts[1], order[1]: opts[0], order[2]: opts[-1] if len(opts) > 2 else opts[0]}
    if len(opts) == 2:
        votes = {order[0]: opts[1], order[1]: opts[0], order[2]: opts[0]}  # majority for opts[0]
        want = opts[0]
    else:
        want = opts[1]
    for s in order[1:] + order[:1]:
        t.play(s, f"vote {votes[s]}")
        if s != order[0]:
            assert t.state.view(order[0])["seats"][s]["vote"] is None  # sealed
    assert t.d["last"]["vote"]["winner"] == want


def test_tally_majority_and_tie_rule():
    from illumi_widgets.engine.negotiation import tally

    assert tally({"0": 1, "1": 2, "2": 2}, [0, 1, 2]) == 2  # majority
    assert tally({"0": 1, "1": 2, "2": 3}, [2, 0, 1]) == 3  # tie: the highest on the track (seat 2)
    assert tally({"0": 1, "1": 2}, [1, 0]) == 2


def test_unaffordable_event_is_unresolved_and_personal_gain_exception(table):
    # Phase 7: not enough in the Bidding Pool -> unresolved; an unresolved Event showing Personal Gain
    # moves to the Additional slot
    t = table(players=3, seed=9)
    t.to_phase("resolution")
    pg = next(
        k
        for k, c in t.game.cards.events.items()
        if c["unresolved"]["personal_gain"] and c["scenario"] == "standard"
    )
    with t.state.edit():
        t.set_pool([0, 0, 0])
        t.d["discards"]["action"] += [c for c, _ in t.d["cgpile"]]
        t.d["cgpile"] = []
        t.d["rel"] = {e: 0 for e in t.d["rel"]}
        man = t.d["mandatory"]
        if pg != man:
            for lst in (t.d["decks"]["event"], t.d["unresolved"]):
                if pg in lst:
                    lst[lst.index(pg)] = man
            if t.d["additional"] == pg:
                t.d["additional"] = man
            for r in t.d["resolved"]:
                if r[0] == pg:
                    r[0] = man
            t.d["mandatory"] = pg
    t.to_phase("trading")
    assert t.d["additional"] == pg and pg not in t.d["unresolved"]


def test_escalation_first_marker_of_a_round_only(table):
    # RULINGS "Relationships": only the first marker per round to reach Conflict or Allied triggers
    t = table(players=3, seed=2)
    t.to_phase("resolution")
    log = []

    class L:
        def add(self, *a, **k):
            log.append(a[0])

    with t.state.edit():
        d = t.d
        d["rel"]["Russia"] = -1
        d["rel"]["China"] = 1
        d["escalated"] = False
        old_add = d["additional"]
        E.relation(t.game, d, "Russia", -1, L())
        xr = next(x for x, c in t.game.cards.escalations.items() if c["entity"] == "Russia")
        assert d["additional"] == f"{xr}:conflict" and d["escalated"]
        if old_add:
            assert old_add in d["unresolved"] or old_add.split(":")[0] in d["box_esc"]
        E.relation(t.game, d, "China", 1, L())
        xc = next(x for x, c in t.game.cards.escalations.items() if c["entity"] == "China")
        assert d["rel"]["China"] == 2 and xc in d["box_esc"]  # ignored this round
        assert any("already happened this round" in x for x in log)
        d["frames"].pop()  # (the trigger's effects, not needed here)


def test_allied_escalation_is_shuffled_into_the_event_deck(table):
    t = table(players=3, seed=2)
    t.to_phase("resolution")
    with t.state.edit():
        d = t.d
        d["rel"]["EU"], d["escalated"] = 1, False
        E.relation(t.game, d, "EU", 1, type("L", (), {"add": lambda *a, **k: None})())
        xe = next(x for x, c in t.game.cards.escalations.items() if c["entity"] == "EU")
        assert f"{xe}:allied" in d["decks"]["event"]


def test_escalation_static_changes_a_rule_while_in_play(table):
    t = table(players=3, seed=2)
    x = next(
        x
        for x, c in t.game.cards.escalations.items()
        if c["conflict"]["static"][0]["args"]["key"] == "hand_limit"
    )
    val = t.game.cards.escalations[x]["conflict"]["static"][0]["args"]["value"]
    assert E.rule(t.game, t.d, "hand_limit") == 8
    t.d["additional"] = f"{x}:conflict"
    assert E.rule(t.game, t.d, "hand_limit") == val
    t.d["additional"] = None
    assert E.rule(t.game, t.d, "hand_limit") == 8


def test_hand_limit_at_refresh(table):
    t = table(players=3, seed=6)
    t.to_phase("refresh")
    t.drive(lambda x: x.top() == "handlimit" and len(x.d["hands"][x.d["frames"][-1]["seat"]]) > 8, limit=3000)
    s = t.d["frames"][-1]["seat"]
    while t.top() == "handlimit":
        t.state.apply(t.state.legal_actions(s)[0])
    assert len(t.d["hands"][s]) == 8


def test_trading_proposal_accept_and_decline(table):
    t = table(players=3, seed=3)
    t.to_step("trade")
    s = M.order(t.d)[0]
    o = M.order(t.d)[1]
    with t.state.edit():
        t.set_box(s, [3, 0, 0])
        t.set_box(o, [0, 2, 0])
    t.play(s, f"propose {o}")
    t.play(s, "offer money")
    t.play(s, "offer money")
    t.play(s, "ask power")
    t.play(s, "send")
    assert t.state.to_act() == [o]
    t.play(o, "accept")
    assert t.d["box"][s] == [1, 1, 0] and t.d["box"][o] == [2, 1, 0]
    assert t.d["trades"][-1]["accepted"]


def test_trading_never_stalls(table):
    # RULINGS "Trading": bounded — at most MAX_PROPOSALS each, ends when everyone passes
    t = table(players=4, seed=3)
    t.to_step("trade")
    steps = 0
    while t.d["phase"] == "trading":
        acts = list(t.state.legal_actions())
        a = (
            next((x for x in acts if x.kind == "propose"), None)
            or next((x for x in acts if x.kind in ("offer", "ask")), None)
            if t.top() != "answer"
            else None
        )
        if t.top() == "terms" and len(t.d["frames"][-1]["give"]) + len(t.d["frames"][-1]["get"]) >= 1:
            a = next(x for x in acts if x.kind == "send")
        if a is None:
            a = next(x for x in acts if x.kind in ("decline", "pass", "send", "cancel"))
        t.state.apply(a)
        steps += 1
        assert steps < 4 * (P.MAX_PROPOSALS + 1) * (P.MAX_TERMS + 3)
    assert all(v == P.MAX_PROPOSALS for v in [2])


def test_scoring_one_objective_and_secret_replacement(table):
    t = table(players=3, seed=12)
    t.to_step("score")
    s = t.d["frames"][-1]["seat"]
    x = next(k for k, o in t.game.cards.objectives.items() if "resources" in o["requires"])
    obj = t.game.cards.objectives[x]
    with t.state.edit():
        t.set_box(s, [9, 9, 9])
        _hold_secret(t, s, x)
    assert E.condition(t.game, t.d, obj["requires"], s)
    t.play(s, f"complete {x}")
    assert x in t.d["done"][s]
    assert t.top() == "keep" and len(t.d["frames"][-1]["cards"]) == 2
    t.state.apply(t.state.legal_actions(s)[0])
    assert len(t.d["secret"][s]) == 2
    # one objective per round: the next decision is the next player's
    assert t.top() != "score" or t.d["frames"][-1]["seat"] != s


def test_most_and_least():
    # "least": tied counts; "most": tied is not enough
    from illumi_widgets import load_game

    g = load_game("gray-eminence", players=3)
    d = g.new_state(seed=1).data
    d["box"] = [[3, 0, 0], [3, 0, 0], [1, 0, 0]]
    assert not E.condition(g, d, {"most": {"type": "money"}}, 0)
    assert E.condition(g, d, {"least": {"type": "power"}}, 0)
    d["box"][2] = [4, 0, 0]
    assert E.condition(g, d, {"most": {"type": "money"}}, 2)


def test_end_resource_vps_ties_for_most_award_none():
    d = {"n": 3, "box": [[3, 1, 0], [3, 0, 2], [1, 5, 0]]}
    vp = S.resource_vps(d)
    assert vp == {0: [], 1: ["influence"], 2: ["power", "total"]}  # money tied for most: nobody


def test_common_objective_failed_everyone_loses(table):
    t = table(players=3, scenario="latam", seed=5)
    with t.state.edit():
        pass
    t.drive(lambda x: x.d["round"] == 5 and x.d["phase"] == "scoring")
    with t.state.edit():
        t.d["rel"]["Brazil"] = -2
    t.drive(lambda x: x.state.is_terminal())
    out = t.state.outcome()
    assert out["winners"] == [] and out["reason"] == "common-objective-failed"


def test_game_end_winner_by_vp_then_objectives_then_track(table):
    t = table(players=3, scenario="global", seed=5)
    t.drive(lambda x: x.d["round"] == 5 and x.d["phase"] == "scoring")
    with t.state.edit():
        t.d["resolved"] = t.d["resolved"] or []
        for s in range(3):
            t.set_box(s, [1, 1, 1])
            t.d["vp"][s] = 3
    t.drive(lambda x: x.state.is_terminal())
    out = t.state.outcome()
    if out["reason"] == "most-vp":
        sc = out["detail"]
        best = max(v["total"] for v in sc.values())
        tied = [s for s, v in sc.items() if v["total"] == best]
        most = max(sc[s]["objectives"] for s in tied)
        tied = [s for s in tied if sc[s]["objectives"] == most]
        order = M.order(t.d)
        assert out["winners"] == [min(tied, key=order.index)]


def test_vote_tie_two_against_two_goes_to_the_public_eye(table):
    # RULINGS "Voting": "All tied votes are broken by the player in the highest position of Visibility track"
    t, f = _at_the_vote(table, players=4)
    a, b = [i + 1 for i in f["options"]][:2]
    order = M.order(t.d)
    votes = {order[0]: b, order[1]: a, order[2]: a, order[3]: b}
    for s in order:
        t.play(s, f"vote {votes[s]}")
    assert t.d["last"]["vote"]["winner"] == b  # 2–2: the Public Eye (first on the track) voted b


def test_refresh_phase_pays_the_refresh_cost(table):
    # Phase 1: pay the cost on the exhausted side to refresh a Faction
    t = table(players=3, seed=6)
    t.to_step("refresh")
    s = t.d["frames"][-1]["seat"]
    fid = next(
        k
        for k, c in t.game.cards.factions.items()
        if "refresh_cost" in c
        and c["scenario"] == "standard"
        and all(fid_ != k for m in t.d["facs"] for fid_, _ in m)
    )
    cost = t.game.cards.factions[fid]["refresh_cost"]
    with t.state.edit():
        for lst in (t.d["decks"]["faction"], t.d["discards"]["faction"]):
            if fid in lst:
                lst.remove(fid)
        t.d["discards"]["faction"] += [fc[0] for fc in t.d["facs"][s]]
        t.d["facs"][s] = [[fid, False]]
        t.set_box(s, [3, 3, 3])
    t.play(s, f"refresh {fid}")
    assert [fid, True] in t.d["facs"][s]
    assert t.d["box"][s] == [3 - cost.get(r, 0) for r in M.RES]


def test_hashtag_only_faction_refreshes_when_the_tweet_is_drawn(table):
    t = table(players=3, seed=8)
    t.to_step("program")
    s = M.order(t.d)[-1]  # (not the Public Eye: some tweets exhaust the Public Eye's Factions)
    fid = next(
        k for k, c in t.game.cards.factions.items() if "refresh_on" in c and c["scenario"] == "standard"
    )
    tag = t.game.cards.factions[fid]["refresh_on"]
    with t.state.edit():
        for m in t.d["facs"]:
            for fc in list(m):
                if fc[0] == fid:
                    m.remove(fc)
        for lst in (t.d["decks"]["faction"], t.d["discards"]["faction"]):
            if fid in lst:
                lst.remove(fid)
        t.d["discards"]["faction"] += [fc[0] for fc in t.d["facs"][s]]
        t.d["facs"][s] = [[fid, False]]
        deck = t.d["decks"]["tweet"]
        tw = next(x for x in deck if tag in t.game.cards.tweets[x]["hashtags"])
        deck.remove(tw)
        deck.append(tw)  # drawn first
    assert "refresh" not in [a.kind for a in t.game.candidates(t.d, s) if a.args[:1] == (fid,)]
    t.to_phase("action")
    assert t.d["tweets"][0] == tw and [fid, True] in t.d["facs"][s]


def test_fourth_faction_forces_a_discard(table):
    # "Playmats only hold 3 cards at one time. If you have 4, discard one."
    t = table(players=3, seed=11)
    t.to_step("place")
    with t.state.edit():
        s0 = t.d["frames"][-1]["order"][0]
        spare = [f for f in t.d["decks"]["faction"]][:3]
        for f in spare:
            t.d["decks"]["faction"].remove(f)
        t.d["discards"]["faction"] += [fc[0] for fc in t.d["facs"][s0]]
        t.d["facs"][s0] = [[f, True] for f in spare]
    t.play(s0, "place eye")
    t.to_step("drop")
    assert t.d["frames"][-1]["seat"] == s0 and len(t.d["facs"][s0]) == 4
    t.state.apply(t.state.legal_actions(s0)[0])
    assert len(t.d["facs"][s0]) == 3


def test_allied_escalation_drawn_as_the_event_triggers(table):
    t = table(players=3, seed=2)
    t.to_phase("refresh")
    x = next(iter(t.game.cards.escalations))
    ref = f"{x}:allied"
    with t.state.edit():
        t.d["box_esc"].remove(x)
        t.d["decks"]["event"].append(ref)  # on top
    pool = list(t.d["pool"])
    t.to_phase("bidding")
    assert t.d["mandatory"] == ref
    trig = t.game.cards.escalations[x]["allied"]["trigger"][0]
    r = M.RES.index(trig["args"]["resource"])
    assert t.d["pool"][r] == pool[r] + trig["args"]["n"]  # the Trigger funded the Bidding Pool


def test_optional_tweet_vote_worsens_a_relationship():
    from illumi_widgets import load_game

    g = load_game("gray-eminence", players=3, tweet_vote=True)
    st = g.new_state(seed=8)
    while st.data["phase"] != "programming":
        st.apply(st.legal_actions(st.to_act()[0])[0])
    with st.edit() as d:
        from illumi_widgets.games.gray_eminence.phases import event_tags

        tags = event_tags(g, d)
        quiet = [x for x in d["decks"]["tweet"] if not set(g.cards.tweets[x]["hashtags"]) & tags]
        e = next(e for e in d["rel"] if sum(e in g.cards.tweets[x]["entities"] for x in quiet) >= 2)
        tws = [x for x in quiet if e in g.cards.tweets[x]["entities"]][:2]
        for x in tws:
            d["decks"]["tweet"].remove(x)
            d["decks"]["tweet"].append(x)
        d["rel"][e] = 0
    while not (st.data["frames"] and st.data["frames"][-1]["t"] == "vote"):
        st.apply(st.legal_actions(st.to_act()[0])[0])
    assert st.data["frames"][-1]["entity"] == e
    for s in M.order(st.data):
        st.apply(st.parse("vote yes", s))
    assert st.data["rel"][e] == -1
    # then each player in turn order may add one resource to the Bidding Pool
    first = M.order(st.data)[0]
    assert st.data["frames"][-1]["t"] == "addone" and st.to_act() == [first]
    pool = list(st.data["pool"])
    r = next(r for i, r in enumerate(M.RES) if st.data["box"][first][i])
    st.apply(st.parse(f"donate {r}", first))
    assert st.data["pool"][M.RES.index(r)] == pool[M.RES.index(r)] + 1


def test_optional_contested_objective(table):
    # Phase 9 optional rule: others may beat a Secret Objective claim by spending more of its resource
    t = table(players=3, seed=12, contest=True)
    t.to_step("score")
    s = t.d["frames"][-1]["seat"]
    x = next(k for k, o in t.game.cards.objectives.items() if "resources" in o["requires"] and o["spend"])
    obj = t.game.cards.objectives[x]
    res = next(iter(obj["spend"]))
    with t.state.edit():
        for o in range(3):
            t.set_box(o, [9, 9, 9])
        _hold_secret(t, s, x)
    t.play(s, f"complete {x}")
    rival = t.d["frames"][-1]["seat"]
    assert t.top() == "contest" and rival != s
    best = obj["spend"][res] + 2
    t.play(rival, f"contest {best}")
    t.state.apply(t.state.parse("contest", t.d["frames"][-1]["seat"]))
    assert x in t.d["done"][rival] and x not in t.d["secret"][s]
    assert t.d["box"][rival][M.RES.index(res)] == 9 - best
    assert t.d["box"][s] == [9, 9, 9]  # the beaten claimant spends nothing
