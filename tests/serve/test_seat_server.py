"""The seat server's seats, tokens, saving and resuming, without a web server or a browser
(tests/browser/test_seat_server.py plays a whole game through real pages)."""

from __future__ import annotations

import json
import stat

import pytest

from illumi_widgets.engine import EngineError, RecordError
from illumi_widgets.match import Match
from illumi_widgets.serve import SeatServer, load_saved, parse_bots


def test_every_seat_gets_its_own_unguessable_token():
    server = SeatServer(Match("pax", players=3, seed=1))
    tokens = [server.token_of(s) for s in range(3)]
    assert len(set(tokens + [server.host_token])) == 4
    assert all(len(t) >= 32 for t in tokens)  # token_urlsafe(24): 192 bits
    for seat, tok in enumerate(tokens):
        assert server.seat_of(tok) == seat
    # a token never grants another seat; anything else is a spectator
    for bad in (None, "", tokens[0][:-1], tokens[0] + "x", tokens[0].upper(), server.host_token, 0, ["x"]):
        assert server.seat_of(bad) is None
    assert server.is_host(server.host_token) and not server.is_host(tokens[0])
    links = server.links
    assert set(links) == {"Blue", "Red", "Green", "spectator", "host"}
    assert links["Red"].endswith("?seat=" + tokens[1]) and "seat=" not in links["spectator"]


def test_parse_bots():
    assert parse_bots(["2:search", "1:random"], 3) == {2: "search", 1: "random"}
    assert parse_bots("0:random,2:search", 3) == {0: "random", 2: "search"}
    assert parse_bots(None, 3) == {}
    for bad in ("search", "x:random", "2:", "5:random", "-1:random"):
        with pytest.raises(EngineError):
            parse_bots([bad], 3)


def test_saved_after_every_move_and_resumed_with_the_same_links(tmp_path):
    path = tmp_path / "game.json"
    match = Match("pax", players=2, seed=4, mode="play")
    server = SeatServer(match, save=path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds the seat tokens
    for _ in range(6):
        match.play(match.legal_actions()[0])
        saved = load_saved(path)
        assert Match.from_record(saved["record"]).position() == match.position()
    again = Match.from_record(load_saved(path)["record"], mode="play")
    server2 = SeatServer(again, tokens=load_saved(path)["tokens"], host_token=load_saved(path)["host"])
    assert [server2.token_of(s) for s in range(2)] == [server.token_of(s) for s in range(2)]
    assert server2.host_token == server.host_token and again.position() == match.position()


def test_a_seat_handed_to_a_bot_is_saved_and_given_back(tmp_path):
    path = tmp_path / "game.json"
    match = Match("pax", players=2, seed=4, mode="play")
    server = SeatServer(match, save=path)
    server.hand_to_bot(1, "random")
    assert 1 in match.bots and load_saved(path)["bots"] == {"1": "random"}
    server.take_back(1)
    assert 1 not in match.bots and load_saved(path)["bots"] == {}
    with pytest.raises(EngineError):
        server.hand_to_bot(7, "random")


@pytest.mark.parametrize("content, words", [
    ("not json", "not JSON"),
    (json.dumps({"format": "something"}), "not a saved game"),
    (json.dumps({"format": "illumi-serve", "record": {}, "tokens": {}, "host": "x"}), "'bots'"),
    (json.dumps({"format": "illumi-serve", "record": {}, "tokens": {"0": "short"}, "host": "x", "bots": {}}),
     "tokens"),
])
def test_a_bad_saved_game_is_refused_naming_what_is_wrong(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=words):
        load_saved(path)
    with pytest.raises(RecordError, match="cannot read"):
        load_saved(tmp_path / "missing.json")


def test_the_serve_command_refuses_bad_bots(capsys):
    from illumi_widgets.serve.__main__ import main

    assert main(["pax", "--players", "2", "--bots", "5:random"]) == 2
    assert "no seat 5" in capsys.readouterr().err


def test_bots_on_empty_seats_play_by_themselves_at_the_boards_pace():
    import time

    match = Match("pax", players=2, seed=9, mode="play", bots={0: "random", 1: "random"})
    server = SeatServer(match, bot_delay=0.01)
    try:
        deadline = time.monotonic() + 30
        while match.version < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert match.version >= 6  # no page open, yet the bots played
    finally:
        server.close()
    stopped = match.version
    time.sleep(0.2)
    assert match.version <= stopped + 1  # closed: at most the step under way finishes


def test_the_host_hands_a_seat_by_name_to_the_bot_that_plays_this_game(tmp_path):
    """From the notebook handle (``server = match.serve()``): ``server.hand_to_bot("Red")``; the search bot
    where it plays the game, else the random bot; a bad seat or bot name is a typed error that changes
    nothing."""
    from illumi_widgets.bots import available

    for game, players in (("pax", 2), ("illuminati", 2), ("primordial", 2), ("gray-eminence", 3)):
        match = Match(game, players=players, seed=2, mode="play")
        server = SeatServer(match, save=tmp_path / f"{game}.json")
        try:
            expected = "search" if "search" in available(game) else "random"
            assert server.handover_bot == expected
            server.hand_to_bot(match.state.game.seat_names[1])
            assert set(match.bots) == {1} and server.bot_names == {1: expected}
            assert load_saved(tmp_path / f"{game}.json")["bots"] == {"1": expected}
            for bad_seat, bad_bot in (("Purple", None), (players, None), (True, None), (0, "nonsense")):
                with pytest.raises(EngineError) as err:
                    server.hand_to_bot(bad_seat, bad_bot)
                assert err.value.code in ("bad-seat", "unknown-bot")
                assert set(match.bots) == {1} and server.bot_names == {1: expected}
            server.take_back(match.state.game.seat_names[1].lower())
            assert match.bots == {} and server.bot_names == {}
        finally:
            server.close()


def test_the_serve_command_refuses_a_bad_bot_delay(capsys):
    from illumi_widgets.serve.__main__ import main

    assert main(["pax", "--players", "2", "--bot-delay", "-1"]) == 2
    assert "bot_delay is in seconds" in capsys.readouterr().err


def test_a_seat_played_by_a_bot_offers_no_decision_on_its_page_and_refuses_its_intents():
    """A returning player does not race the bot the host gave the seat: the page of a seat played by a bot
    shows none of its decisions, and an intent from it is refused (code bot-seat) and changes nothing."""
    from illumi_widgets.serve import SeatController

    match = Match("pax", players=2, seed=4, mode="play")
    server = SeatServer(match, bot_delay=60)  # the bot thread waits: the position stays put
    try:
        page = SeatController(match)
        seat = match.state.to_act()[0]
        perspective = f"seat:{seat}"
        mine = [d for d in page.snapshot(perspective)["decisions"] if d["seat"] == seat]
        assert mine
        server.hand_to_bot(seat, "random")
        snap = page.snapshot(perspective)
        assert not [d for d in snap["decisions"] if d["seat"] == seat]
        assert page.snapshot(perspective) is snap  # unchanged: the same object (the widget sends nothing)
        before = match.version
        reply = page.handle({"type": "act", "version": before, "decision": mine[0]["id"],
                             "option": mine[0]["options"][0]["id"]}, perspective)
        assert reply["type"] == "error" and reply["code"] == "bot-seat" and "host" in reply["message"]
        assert match.version == before
        assert page.bots == {} and seat in match.bots  # the server plays its bots: no page asks for them
        assert [b["seat"] for b in snap["status"]["bots"]] == [seat]  # every page shows which seats they play
        other = f"seat:{1 - seat}"
        assert page.snapshot(other) == match.snapshot(other)  # the other seats' pages are the Match's own
        server.take_back(seat)
        assert [d for d in page.snapshot(perspective)["decisions"] if d["seat"] == seat]
        reply = page.handle({"type": "act", "version": before, "decision": mine[0]["id"],
                             "option": mine[0]["options"][0]["id"]}, perspective)
        assert reply["type"] == "ok" and match.version > before
    finally:
        server.close()


def test_play_again_on_a_served_game_is_checked_like_every_intent():
    """Issue 30 item 5: the served page's "Play again" (``new_game``) is refused from a seat a bot plays, from
    a spectator, with a stale or malformed version or an extra field, and before the game is over; a
    person's seat at the current version starts the new deal."""
    from illumi_widgets.serve import SeatController

    match = Match("pax", players=2, seed=4, mode="play", bots={0: "random", 1: "random"})
    match.run_bots()
    match.bots.clear()
    assert match.state.is_terminal()
    server = SeatServer(match, bot_delay=60)
    try:
        page = SeatController(match)
        server.hand_to_bot(1, "random")
        v = match.version
        refused = [
            (page.handle({"type": "new_game", "version": v}, "seat:1"), "bot-seat"),
            (page.handle({"type": "new_game", "version": v}, "spectator"), "not-allowed"),
            (page.handle({"type": "new_game", "version": v - 1}, "seat:0"), "stale"),
            (page.handle({"type": "new_game", "version": "1"}, "seat:0"), "bad-message"),
            (page.handle({"type": "new_game", "version": v, "seed": 1}, "seat:0"), "bad-message"),
        ]
        for reply, code in refused:
            assert reply["type"] == "error" and code in reply["code"], reply
        assert match.version == v and match.state.is_terminal()
        reply = page.handle({"type": "new_game", "version": v}, "seat:0")
        assert reply == {"type": "ok", "version": v + 1} and not match.state.is_terminal()
        again = page.handle({"type": "new_game", "version": v + 1}, "seat:0")
        assert again["type"] == "error" and again["code"] == "not-over"
    finally:
        server.close()
