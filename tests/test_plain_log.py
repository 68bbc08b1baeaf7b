"""What a player reads in the log and in refusal reasons is plain English (issue 13, item 3): over random
Pax (2-4 players) and Illuminati (2-6) games, no log line any seat sees and no reason ``check`` gives for a
listed candidate names a card by id (PIL001, EV01, PLOT01, Illuminati/group slugs), says "seat N", quotes
notation or a frame code."""

import re

import pytest

from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.registry import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

_CODES = re.compile(r"PIL\d+|EV\d+|PLOT\d+|\bx\d+\b|\bseat \d|pending decision|(?<!\w)'[a-z]+ [^']*'|"
                    r"\bFX\b|\bBU:|\(EN |\([A-Z]{2}: |[A-Z][a-z]{2}/[A-Z][a-z]{2}\b")


def _bad(game, text):
    found = _CODES.findall(text)
    slugs = getattr(game, "cards", None)
    if slugs and name_is_illuminati(game):
        found += [cid for cid in slugs if "-" in cid and re.search(rf"\b{re.escape(cid)}\b", text)]
    return found


def name_is_illuminati(game):
    return type(game).__module__.startswith("illumi_widgets.games.illuminati")


def _play(name, players, seed, decisions):
    g = load_game(name, players)
    rng = Rng(seed)
    st = g.new_state(seed=seed)
    bad = set()
    for _ in range(decisions):
        if st.is_terminal():
            break
        for seat in st.to_act():
            if seat == CHANCE:
                continue
            for a in g.candidates(st.data, seat):
                err = g.check(st.data, a)
                if err is not None and _bad(g, err.message):
                    bad.add(("reason", err.message))
        st.apply(random_action(st, rng))
    for e in st.log:
        for s in [*range(players), None]:
            t = e.text_for(s)
            if t and _bad(g, t):
                bad.add(("log", t))
    return bad


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pax_log_and_reasons_are_plain(players):
    assert _play("pax", players, 10 + players, 250) == set()


@pytest.mark.parametrize("bot", ["st-germain", "joseph-ii", "cagliostro", "weishaupt"])
def test_pax_rulebook_bots_explain_themselves_in_plain_words(bot):
    """A rulebook bot's turn is logged as the script step it follows and why (the JA appendix's bot rules):
    the Plan card it swaps in is named, never given by id ("the Plan card PIL044" was a bug)."""
    g = load_game("pax", players=2, bots={1: bot})
    bad, script = set(), []
    for seed in range(8):
        st, rng = g.new_state(seed=seed), Rng(seed)
        for _ in range(3000):
            if st.is_terminal():
                break
            st.apply(random_action(st, rng))
        for e in st.log:
            for s in (0, 1, None):
                t = e.text_for(s)
                if t and _bad(g, t):
                    bad.add(t)
                if t and s is None and " of its script: " in t:
                    script.append(t)
    assert bad == set(), sorted(bad)[:5]
    assert len(script) >= 20, f"too few script steps met to prove anything: {len(script)}"
    if bot in ("cagliostro", "weishaupt"):   # their step 3 swaps a Plan card in
        swaps = [t for t in script if "the Plan card" in t]
        assert swaps and all(any(c.name in t for c in g.lum.values()) for t in swaps), swaps[:3]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_illuminati_log_and_reasons_are_plain(players):
    assert _play("illuminati", players, 20 + players, 250) == set()


def test_wrong_step_reason_quotes_labels():
    """A click that answers another decision is refused in plain words (the action's label, the prompt)."""
    st = load_game("pax", 2).new_state(seed=1)
    seat = st.to_act()[0]
    msg = st.explain(st.game.act(seat, "pay", (1, 0, 0, 0, 0, 0)))
    assert msg is not None and "does not answer the decision now" in msg
    assert not _CODES.search(msg), msg
    il = load_game("illuminati", 3).new_state(seed=1)
    seat = il.to_act()[0]
    msg = il.explain("pass") if seat != CHANCE else None
    assert msg is None or not _bad(il.game, msg)


# ------------------------------------------------------------------ decision prompts (issue 13, item 3)
# What a decision asks is read on the board (the action bar) and in the Python API (``state.decisions()``):
# names and plain English -- no card id (Pax PIL/EV/PLOT numbers, Gray Eminence A51...), no faction code
# ("Nob", "Pro/Mag"), no "seat N", no "action(s)"-style plural hack, no notation in quotes.
_PROMPT_CODES = re.compile(r"\b[A-Z]{1,4}\d{2,}\b|\b(?:Nob|Pro|Mag|Art|Sch|Cle)\b|\w\(s\)|\bseat \d|"
                           r"'[a-z]+( [^']*)?'|\b[a-z]+_[a-z_]+\b")
PROMPT_GAMES = [("pax", 2), ("pax", 3), ("pax", 4), ("illuminati", 3), ("illuminati", 5), ("primordial", 3),
                ("primordial", 4), ("gray-eminence", 3), ("gray-eminence", 4)]


def _prompts(name, players, seed, decisions):
    g = load_game(name, players)
    rng = Rng(seed)
    st = g.new_state(seed=seed)
    seen = {}
    for _ in range(decisions):
        if st.is_terminal():
            break
        for d in st.decisions():
            if d.seat != CHANCE:
                seen.setdefault(d.kind, set()).add(d.prompt)
        st.apply(random_action(st, rng))
    return g, seen




@pytest.mark.parametrize(("name", "players"), PROMPT_GAMES)
def test_decision_prompts_are_plain_words(name, players):
    g, seen = _prompts(name, players, 30 + players, 300)
    assert len(seen) >= 3, f"too few kinds of decision met to prove anything: {sorted(seen)}"
    bad = sorted({p for ps in seen.values() for p in ps if (_PROMPT_CODES.search(p) or _bad(g, p))})
    assert bad == [], bad[:8]
    for kind, ps in seen.items():
        for p in ps:
            assert any(g.seat_name(s) in p for s in range(players)) or "Chance" in p, (kind, p)


def test_pax_prompts_name_cards_and_factions():
    """Pax's engine prompt is the board's prompt (labels.decision_prompt): a power names its card, a payment
    what it pays for, Organize its faction -- where the old prompt said "(PIL016)", "Mag/Sch/Cle", "(Pro)"."""
    g, seen = _prompts("pax", 3, 5, 400)
    prompts = [p for ps in seen.values() for p in ps]
    for kind in ("turn", "pay", "redraw"):
        assert kind in seen, sorted(seen)
    assert all(p.endswith("or end the turn") and "main action" in p for p in seen["turn"])
    assert all("choose the Favor to pay for" in p for p in seen["pay"])
    names = {c["name"] for c in g.cards.values()} if isinstance(getattr(g, "cards", None), dict) else set()
    for p in seen.get("power", ()):
        assert " of " in p and (not names or any(n in p for n in names)), p
    assert not any(re.search(r"\bPIL\d+|\b(Nob|Pro|Mag|Art|Sch|Cle)\b", p) for p in prompts)


# ------------------------------------------------------------------ counts in plain words
_PLURAL_HACK = re.compile(r"\w\(s\)")


@pytest.mark.parametrize(("name", "players"), [("pax", 3), ("illuminati", 4), ("primordial", 3),
                                               ("gray-eminence", 3)])
def test_no_plural_hack_in_log_lines_prompts_or_reasons(name, players):
    """"2 cards", "1 Sacrifice" -- never "card(s)": every log line any seat reads, every prompt and every
    refusal reason of the candidates over a random game (``engine.words.counted``)."""
    g = load_game(name, players)
    rng = Rng(7)
    st = g.new_state(seed=7)
    texts = set()
    for _ in range(400):
        if st.is_terminal():
            break
        for d in st.decisions():
            texts.add(d.prompt)
        for seat in st.to_act():
            if seat != CHANCE:
                for a in g.candidates(st.data, seat)[:60]:
                    err = g.check(st.data, a)
                    if err is not None:
                        texts.add(err.message)
        st.apply(random_action(st, rng))
    for e in st.log:
        texts.update(t for t in (e.text_for(s) for s in [*range(players), None]) if t)
    assert len(texts) > 50, "too little text met to prove anything"
    assert sorted(t for t in texts if _PLURAL_HACK.search(t)) == []
