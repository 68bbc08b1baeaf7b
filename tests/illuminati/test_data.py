"""The shipped card data and its validating loader."""

from __future__ import annotations

import pytest

from illumi_widgets.engine.errors import DataError
from illumi_widgets.games.illuminati import data as D


def test_counts_and_known_cards():
    cd = D.load_illuminati_data()
    assert len(cd.illuminati) == 8 and len(cd.groups) == 83 and len(cd.specials) == 15
    mafia = cd.groups["mafia"]
    assert (mafia.power, mafia.tp, mafia.resistance, mafia.income) == (7, 0, 7, 6)
    assert mafia.alignments == ("Criminal", "Violent") and len(mafia.arrows_out) == 3
    assert cd.groups["irs"].income == 0 and cd.groups["irs"].kind == "tax"
    assert cd.groups["post-office"].income == -1
    assert cd.groups["hackers"].params["bonus"] == "3"
    assert cd.illuminati["bavarian-illuminati"].power == 10
    assert all(len(c.arrows_out) == 4 and c.resistance is None for c in cd.illuminati.values())
    assert {"interference", "interference-2"} <= set(cd.specials)
    assert [s for s in cd.specials.values() if s.is_action] == [cd.specials["bribery"]]


HEADER = ("name,power,transferable_power,resistance,income,alignments,arrow_in,arrows_out,ability,"
          "ability_kind,ability_params\n")


@pytest.mark.parametrize("row,words", [
    ("Foo,2,0,3,1,Weird;Sleepy,left,top,,,", ["'Foo'", "alignments", "Sleepy"]),
    ("Foo,2,0,3,1,Weird,middle,top,,,", ["'Foo'", "arrow_in"]),
    ("Foo,2,0,3,1,Weird,left,,,,", ["'Foo'", "arrows_out"]),
    ("Foo,x,0,3,1,Weird,left,top,,,", ["'Foo'", "power"]),
    ("Foo,2,0,3,1,Weird;Straight,left,top,,,", ["'Foo'", "opposite"]),
    ("Foo,2,0,3,1,Weird,left,top,+1,bogus,", ["'Foo'", "ability_kind"]),
    ("Foo,2,0,3,1,Weird,left,top,+1,control_bonus,bonus", ["'Foo'", "ability_params"]),
])
def test_malformed_rows_name_card_and_field(row, words):
    with pytest.raises(DataError) as e:
        D.parse_groups("groups.csv", HEADER + row + "\n")
    for w in words:
        assert w in e.value.message


def test_bad_header_and_specials():
    with pytest.raises(DataError, match="header"):
        D.parse_groups("groups.csv", "name,power\nFoo,1\n")
    with pytest.raises(DataError, match="counts_as_action"):
        D.parse_specials("specials.csv", "name,copies,timing,effect,counts_as_action\nX,1,any,y,maybe\n")


def test_slugs():
    assert D.slug("The Mafia") == "mafia" and D.slug("I.R.S.") == "irs"
    assert D.slug("Murphy's Law") == "murphys-law"
