"""Property-based fuzzing of the games' data files (issue 14): Pax ``cards=``/``map=``/``plots=`` (the
options ``load_game`` takes, as parsed data and as files) and Illuminati's card tables (read by its
parsers), each mutated from the packaged ones.  Property: a documented ``EngineError`` (``DataError``
naming the item and field), or the data is accepted and a game with it plays with every invariant."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illumi_widgets import load_game
from illumi_widgets.engine import EngineError
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

PAX_FILES = {"cards": "luminaries.json", "map": "maps.json", "plots": "plots.json"}
SOME = settings(max_examples=max(5, settings.default.max_examples // 3))


def packaged(package: str, filename: str) -> str:
    return (resources.files(package) / "data" / filename).read_text(encoding="utf-8")


def play_a_little(game, seed: int, fuzz, actions: int = 25) -> None:
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    fuzz.check_invariants(state, play=2)


@pytest.mark.parametrize("option", sorted(PAX_FILES))
@SOME
@given(data=st.data())
def test_pax_data_overrides(fuzz, option, data, tmp_path_factory):
    value = fuzz.mutate_json(data, json.loads(packaged("illumi_widgets.games.pax", PAX_FILES[option])))
    players = data.draw(st.integers(2, 4))
    if data.draw(st.booleans()):  # as a file the caller names (only a caller may name a file)
        path = tmp_path_factory.mktemp("data") / PAX_FILES[option]
        try:
            path.write_text(json.dumps(value))
        except (TypeError, ValueError):
            return
        value = str(path)
    try:
        game = load_game("pax", players=players, **{option: value})
    except EngineError as e:
        assert e.code and e.message and len(e.message) <= 1000
        return
    play_a_little(game, data.draw(st.integers(0, 2**32)), fuzz)


TABLES = ["groups.csv", "illuminati.csv", "specials.csv"]


@pytest.mark.parametrize("table", TABLES)
def test_a_carriage_return_in_an_illuminati_table_is_a_data_error(table):
    from illumi_widgets.games.illuminati import data as ill

    lines = packaged("illumi_widgets.games.illuminati", table).splitlines(keepends=True)
    lines[1] = lines[1][:3] + "\r" + lines[1][3:]
    parser = {"groups.csv": ill.parse_groups, "illuminati.csv": ill.parse_illuminati,
              "specials.csv": ill.parse_specials}[table]
    with pytest.raises(EngineError):
        parser(table, "".join(lines))


@pytest.mark.parametrize("table", TABLES)
@SOME
@given(data=st.data())
def test_illuminati_card_tables(fuzz, table, data):
    """Illuminati reads its tables only from the package (``load_game`` takes no data override), so its
    parsers are fuzzed directly: a mutated table is a DataError or parses into cards."""
    from illumi_widgets.games.illuminati import data as ill

    text = packaged("illumi_widgets.games.illuminati", table)
    lines = text.splitlines(keepends=True)
    how = data.draw(st.integers(0, 2))
    if how == 0:
        i = data.draw(st.integers(0, len(lines) - 1))
        lines[i] = fuzz.mutate_text(data, lines[i])
    elif how == 1:
        i = data.draw(st.integers(1, len(lines) - 1))
        cells = lines[i].rstrip("\n").split(",")
        j = data.draw(st.integers(0, len(cells) - 1))
        cells[j] = data.draw(st.sampled_from(["", "-1", "99", "x", "true", "²", '"', "1,2", "a|b"]))
        lines[i] = ",".join(cells) + "\n"
    else:
        del lines[data.draw(st.integers(0, len(lines) - 1))]
    parser = {"groups.csv": ill.parse_groups, "illuminati.csv": ill.parse_illuminati,
              "specials.csv": ill.parse_specials}[table]
    try:
        cards = parser(table, "".join(lines))
    except EngineError as e:
        assert e.code and e.message and len(e.message) <= 1000
        return
    assert isinstance(cards, dict) and cards
