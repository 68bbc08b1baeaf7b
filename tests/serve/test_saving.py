"""The seat server's save file (issue 34, review item 6): a hand-edited save is read field by field and a
malformed one names what is wrong and starts nothing; ``--save`` where no file can be written is refused
before the server starts; a save that fails during the game is shown on every page and tried again until it
succeeds."""

from __future__ import annotations

import json
import os
import time
import warnings

import pytest

from illumi_widgets.engine import EngineError, RecordError
from illumi_widgets.match import Match
from illumi_widgets.serve import SAVE_RETRY, SeatServer, load_saved

SLOW = max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


@pytest.fixture
def saved_file(tmp_path):
    """A real save of a 3-player Pax game with a bot on Green, a few moves in: ``(path, data)``."""
    path = tmp_path / "game.json"
    match = Match("pax", players=3, seed=4, mode="play")
    server = SeatServer(match, bots={2: "random"}, save=path, bot_delay=60)
    try:
        for _ in range(3):
            match.play(match.legal_actions()[0])
    finally:
        server.close()
    return path, json.loads(path.read_text())


def _edit(data: dict, change) -> dict:
    data = json.loads(json.dumps(data))
    change(data)
    return data


def _same_seat_tokens(d):
    d["tokens"]["1"] = d["tokens"]["0"]


def _host_is_a_seat(d):
    d["host"] = d["tokens"]["1"]


def _drop_red(d):
    del d["tokens"]["1"]


def _extra_seat(d):
    d["tokens"]["3"] = "Zq8" + d["tokens"]["0"][3:]


def _tamper_record(d):
    d["record"]["actions"][0] = "nonsense move"


EDITS = [
    # (what the person did, the edit, words the refusal must hold)
    ("two seats with one token", _same_seat_tokens, "tokens['1'] is the same as tokens['0']"),
    ("a bot on seat 'x'", lambda d: d["bots"].update({"x": "random"}), "bots has a key 'x'"),
    ("a bot that does not exist", lambda d: d["bots"].update({"1": "deep-blue"}), "'deep-blue', not a bot"),
    ("a host token 'x'", lambda d: d.update(host="x"), "host (the host's link token) has 1 characters"),
    ("the host token is a seat's", _host_is_a_seat, "host is the same as tokens['1']: Red's link"),
    ("a seat's token removed", _drop_red, "tokens['1'] (Red's link) is missing"),
    ("a token for a seat that is not there", _extra_seat, "tokens has a key '3'"),
    ("a guessable token", lambda d: d["tokens"].update({"0": "ab" * 16}), "guessable"),
    ("a token that breaks the link", lambda d: d["tokens"].update({"0": "a&b=c" + d["tokens"]["0"]}),
     "characters other than letters"),
    ("a token that is a number", lambda d: d["tokens"].update({"0": 12345678901234567890123}), "not text"),
    ("an unknown mode", lambda d: d.update(mode="blitz"), "mode is 'blitz'"),
    ("a move that is not legal", _tamper_record, "field 'record'"),
    ("a newer format", lambda d: d.update(version=2), "version 2"),
]


@pytest.mark.parametrize("edit, words", [e[1:] for e in EDITS], ids=[e[0] for e in EDITS])
def test_a_hand_edited_save_names_what_is_wrong_and_starts_nothing(saved_file, edit, words, capsys):
    from illumi_widgets import serve
    from illumi_widgets.serve.__main__ import main

    path, data = saved_file
    path.write_text(json.dumps(_edit(data, edit)))
    before = path.read_bytes()
    with pytest.raises(RecordError) as err:
        load_saved(path)
    assert words in err.value.message
    # the command says the same, in one line, and starts nothing (no server, the file untouched)
    assert main(["--resume", str(path)]) == 2
    out = capsys.readouterr()
    assert words in out.err and "Traceback" not in out.err and "http://" not in out.out
    assert serve.CURRENT is None and path.read_bytes() == before


def test_the_unedited_save_loads(saved_file):
    path, data = saved_file
    assert load_saved(path)["tokens"] == data["tokens"]


def test_tokens_given_to_the_server_are_checked_like_a_save(saved_file):
    """``SeatServer(tokens=…)`` (what ``resume`` passes) never makes up a new link for a seat left out."""
    path, data = saved_file
    match = Match.from_saved(path)
    no_red = {"0": data["tokens"]["0"], "2": data["tokens"]["2"]}
    for tokens, host, words in ((no_red, data["host"], "missing"), (data["tokens"], "x", "host"),
                                (data["tokens"], data["tokens"]["2"], "host is the same as tokens['2']")):
        with pytest.raises(RecordError, match=words.replace("[", r"\[")):
            SeatServer(match, tokens=tokens, host_token=host)


@pytest.mark.parametrize("where, words", [("missing", "does not exist"), ("folder", "is a folder")])
def test_save_where_no_file_can_be_written_is_refused_before_starting(tmp_path, where, words, capsys):
    from illumi_widgets import serve
    from illumi_widgets.serve.__main__ import main

    target = tmp_path / "nowhere" / "game.json" if where == "missing" else tmp_path / "games"
    if where == "folder":
        target.mkdir()
    assert main(["pax", "--players", "2", "--save", str(target), "--port", "0"]) == 2
    out = capsys.readouterr()
    assert words in out.err and str(target)[:60] in out.err and "Traceback" not in out.err
    assert "http://" not in out.out and serve.CURRENT is None
    with pytest.raises(EngineError, match=words):
        SeatServer(Match("pax", players=2, seed=1), save=target)


class _Banner:
    """A page's banner as the server sees it (an ipywidgets.HTML in a served page)."""

    def __init__(self):
        from types import SimpleNamespace

        self.value = ""
        self.layout = SimpleNamespace(display="none")

    @property
    def shown(self) -> str:
        return "" if self.layout.display == "none" else self.value


def test_a_save_that_fails_mid_game_is_shown_on_every_page_and_retried_until_it_succeeds(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "game.json"
    match = Match("pax", players=2, seed=4, mode="play")
    server = SeatServer(match, save=path, bot_delay=60)
    banners = []
    for kind in ("seat", "spectator", "host"):
        slot = server.pages.attach(kind)
        slot.banner = _Banner()
        banners.append(slot.banner)
    try:
        match.play(match.legal_actions()[0])
        assert server.save_problem is None and not any(b.shown for b in banners)
        folder.rename(tmp_path / "gone")  # the folder disappears (an unmounted disk, a cleanup script)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning that scrolls away: the pages say it
            for _ in range(3):
                match.play(match.legal_actions()[0])  # play goes on
        problem = server.save_problem
        assert problem and str(path) in problem and "could not be saved" in problem
        assert "tries again" in problem
        for b in banners:
            assert "could not be saved" in b.shown and str(path) in b.shown
        # the folder comes back: the next try (a timer, with no move) succeeds and the banners go
        (tmp_path / "gone").rename(folder)
        deadline = time.monotonic() + (SAVE_RETRY + 10) * SLOW
        while server.save_problem is not None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server.save_problem is None, "the failed save was not tried again"
        assert not any(b.shown for b in banners)
        saved = Match.from_record(load_saved(path)["record"])
        assert saved.position() == match.position() and saved.version == match.version
        # and a failure is tried again on the next move too
        folder.rename(tmp_path / "gone")
        match.play(match.legal_actions()[0])
        assert server.save_problem is not None
        (tmp_path / "gone").rename(folder)
        match.play(match.legal_actions()[0])
        assert server.save_problem is None and not any(b.shown for b in banners)
        assert Match.from_record(load_saved(path)["record"]).version == match.version
    finally:
        server.close()

