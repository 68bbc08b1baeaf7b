"""Card files a user names are untrusted input (issue 34, review item 5).

Every loader that takes ``cards=`` -- Pax Illuminaten (also ``map=``, ``plots=``, ``contacts=``,
``bot_data=``), Primordial Secrets and Gray Eminence (a folder of card files); Illuminati has no card option
-- reads a path through the engine's one safe reader (``illumi_widgets.engine.datafile``): a regular file
of at most ``MAX_DATA_BYTES``, decoded and parsed with a ``DataError`` naming the file and what is wrong.
Before: ``/dev/zero`` read until memory ran out, a named pipe hung for ever, deeply nested JSON raised
``RecursionError``, and a folder, a symlink loop, bytes that are not UTF-8, ``cards=5`` or a list, a NUL in
the name, Gray Eminence ``scenario=["eu"]`` / ``length=["long"]`` raised raw Python errors.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from illumi_widgets.engine import DataError, EngineError, load_game
from illumi_widgets.engine.datafile import MAX_DATA_BYTES, MAX_DEPTH, read_json
from illumi_widgets.games.gray_eminence.data import DATA_DIR as GE_DATA

LOADERS = ("pax", "primordial", "gray-eminence")
PLAYERS = {"pax": 2, "primordial": 3, "gray-eminence": 3}


def _target(name: str, tmp_path):
    """Where the odd thing goes for ``name``'s loader, and the ``cards=`` value that reaches it: Pax and
    Primordial read one file; Gray Eminence reads a folder, whose ``actions.json`` is the odd thing."""
    if name != "gray-eminence":
        return tmp_path / "cards.json", tmp_path / "cards.json"
    folder = tmp_path / "ge-cards"
    shutil.copytree(GE_DATA, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    (folder / "actions.json").unlink()
    return folder / "actions.json", folder


def _refused(name: str, cards, *named) -> str:
    """Loading ``name`` with ``cards`` is a DataError whose message names each of ``named``."""
    with pytest.raises(DataError) as err:
        load_game(name, players=PLAYERS[name], cards=cards)
    message = str(err.value)
    for part in named:
        assert part in message, f"{part!r} not named in: {message}"
    assert "Traceback" not in message
    return message


@pytest.mark.parametrize("name", LOADERS)
def test_a_folder_is_not_a_card_file(name, tmp_path):
    where, cards = _target(name, tmp_path)
    where.mkdir()
    _refused(name, cards, where.name, "folder")


@pytest.mark.parametrize("name", LOADERS)
def test_a_symlink_loop(name, tmp_path):
    where, cards = _target(name, tmp_path)
    other = where.with_name("other.json")
    os.symlink(other, where)
    os.symlink(where, other)
    _refused(name, cards, where.name, "loop")


@pytest.mark.parametrize("name", LOADERS)
def test_bytes_that_are_not_utf8(name, tmp_path):
    where, cards = _target(name, tmp_path)
    where.write_bytes(b'{"format": "\xff\xfe caf\xe9"}')
    _refused(name, cards, where.name, "not UTF-8")


@pytest.mark.parametrize("name", LOADERS)
@pytest.mark.parametrize("depth", [100_000, MAX_DEPTH + 1])
def test_json_nested_too_deep(name, depth, tmp_path):
    where, cards = _target(name, tmp_path)
    where.write_text("[" * depth + "]" * depth, encoding="utf-8")  # (100,000: RecursionError in json)
    _refused(name, cards, where.name, f"nested more than {MAX_DEPTH} deep")


@pytest.mark.parametrize("name", LOADERS)
def test_data_given_in_memory_nested_too_deep(name):
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    cards = {"actions": {"cards": deep}} if name == "gray-eminence" else (
        {"format": "x", "cards": deep} if name == "pax" else {"primordials": deep})
    _refused(name, cards, f"nested more than {MAX_DEPTH} deep")


@pytest.mark.parametrize("name", LOADERS)
def test_a_file_over_the_size_cap_is_never_read(name, tmp_path):
    where, cards = _target(name, tmp_path)
    with open(where, "wb") as f:
        f.truncate(MAX_DATA_BYTES + 1)  # (sparse: no disk and no memory)
    _refused(name, cards, where.name, f"{MAX_DATA_BYTES:,}")


@pytest.mark.parametrize("name", LOADERS)
@pytest.mark.parametrize("cards", [5, ["a", "list"], 2.5, b"cards.json"],
                         ids=["int", "list", "float", "bytes"])
def test_a_cards_option_that_is_no_path(name, cards):
    if name == "pax" and isinstance(cards, list):  # (Pax reads a bare list of cards: its items are checked)
        _refused(name, cards, "item 1")
        return
    _refused(name, cards, "expected", type(cards).__name__)


@pytest.mark.parametrize("name", LOADERS)
def test_a_nul_in_the_file_name(name, tmp_path):
    _refused(name, str(tmp_path / "ca\0rds.json"), "NUL")


def test_pax_other_file_options_use_the_same_reader(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff")
    for option in ("map", "plots"):
        with pytest.raises(DataError, match=f"{option}: file .*bad.json.* is not UTF-8"):
            load_game("pax", players=2, **{option: bad})
    with pytest.raises(DataError, match="bots: .* is a folder"):
        load_game("pax", players=2, bots={"1": "weishaupt"}, bot_data=tmp_path)


@pytest.mark.parametrize(("option", "value"), [("scenario", ["eu"]), ("length", ["long"]), ("scenario", {}),
                                               ("length", None)])
def test_gray_eminence_word_options_that_are_no_words(option, value):
    with pytest.raises(EngineError) as err:
        load_game("gray-eminence", players=3, **{option: value})
    assert err.value.code == "bad-option"
    assert option in str(err.value)


def test_the_shared_reader_names_the_file_and_the_place_of_a_syntax_error(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{\n  "a": 1,\n  oops\n}', encoding="utf-8")
    with pytest.raises(DataError, match=r"my data: file '.*x.json' is not valid JSON: line 3 column 3"):
        read_json(bad, "my data")
    bad.write_text('\ufeff{"a": [1, 2]}', encoding="utf-8")  # (a byte-order mark is allowed)
    assert read_json(bad) == {"a": [1, 2]}
    bad.write_text('{"n": ' + "9" * 5000 + "}", encoding="utf-8")  # (more digits than Python converts)
    with pytest.raises(DataError, match="not valid JSON"):
        read_json(bad)


# -- devices and pipes: in a child process with a memory limit and a time limit, so a loader that reads
# /dev/zero for ever or blocks on a pipe fails the test instead of taking the machine down -------------------
_CHILD = textwrap.dedent("""
    import json, os, resource, shutil, sys, tracemalloc
    from illumi_widgets.engine import DataError, load_game
    name, players, cards = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    load_game(name, players=players)  # (warm the shipped data first)
    pages = int(open("/proc/self/statm").read().split()[0])
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (pages * os.sysconf("SC_PAGE_SIZE") + (256 << 20), hard))
    tracemalloc.start()
    try:
        load_game(name, players=players, cards=cards)
        result = "loaded"
    except DataError as e:
        result = "DataError: " + str(e)
    except BaseException as e:
        result = type(e).__name__ + ": " + str(e)[:200]
    peak = tracemalloc.get_traced_memory()[1]
    print(json.dumps({"result": result, "peak": peak}))
""")


def _in_child(name: str, cards) -> dict:
    try:
        done = subprocess.run([sys.executable, "-c", _CHILD, name, str(PLAYERS[name]), str(cards)],
                              capture_output=True, text=True, timeout=240)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: loading cards={cards} did not finish in 240 s (it blocks)")
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", LOADERS)
def test_dev_zero_is_refused_without_reading_it(name, tmp_path):
    where, cards = _target(name, tmp_path)
    if name == "gray-eminence":
        os.symlink("/dev/zero", where)
    else:
        cards = "/dev/zero"
    got = _in_child(name, cards)
    assert got["result"].startswith("DataError: "), got
    assert "character device" in got["result"], got
    assert got["peak"] < 16 << 20, got  # (what else the loader reads; /dev/zero itself: nothing)


@pytest.mark.parametrize("name", LOADERS)
def test_a_named_pipe_is_refused_without_blocking(name, tmp_path):
    where, cards = _target(name, tmp_path)
    os.mkfifo(where)
    got = _in_child(name, cards)
    assert got["result"].startswith("DataError: "), got
    assert "named pipe" in got["result"] and where.name in got["result"], got
