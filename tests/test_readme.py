"""README.md is a front page that stays true: its examples run, it is short, its figures are the benchmark's.

Every fenced block whose info string is ``python``, ``py``, ``pycon`` or ``doctest`` is run in order in
one shared namespace, with the repository root as the working directory: a block containing ``>>>``
prompts is checked as a doctest (ELLIPSIS and NORMALIZE_WHITESPACE on), any other block is executed as
plain code and must not raise.

The README holds at most :data:`MAX_LINES` lines; its figures table is exactly the one
``python -m illumi_widgets.bench --readme`` writes from the figures it recorded
(``illumi_widgets/docs/figures.json``), and no dated measurement stands anywhere else in it (figures that
explain a design decision belong in ``illumi_widgets/DESIGN.md``); every file it links to exists; and an
extra is spelled one way everywhere (``illumi-widgets[analysis]``, the distribution's name).
"""

from __future__ import annotations

import doctest
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_LINES = 350
#: what a dated measurement looks like: a date, or words that date a figure
DATED = re.compile(
    r"\b20\d\d-\d\d-\d\d\b|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* 20\d\d\b"
    r"|\b(?:january|february|march|april|may|june|july|august|september|october|november|december) "
    r"(?:\d{1,2}, )?20\d\d\b|\bthis (?:morning|afternoon|evening)\b|\byesterday\b|\blast night\b"
    r"|\bearlier (?:figures|runs?|measurements?)\b|\bmeasured (?:on|at|in) |\bmeasured 20\d\d\b"
    r"|\bprevious figures\b|\bsuperseded\b",
    re.IGNORECASE,
)
QUICKSTART_MARKER = "<!-- QUICKSTART -->"
PY_LANGS = {"python", "py", "pycon", "doctest", "python3"}
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(first line number, source) of every fenced Python block in Markdown text."""
    blocks: list[tuple[int, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m["fence"], m["info"].strip().split()
        lang = info[0].lower() if info else ""
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not (
            lines[j].strip().startswith(fence[0] * len(fence)) and not lines[j].strip().strip(fence[0])
        ):
            body.append(lines[j])
            j += 1
        if lang in PY_LANGS:
            blocks.append((i + 2, textwrap.dedent("\n".join(body)) + "\n"))
        i = j + 1
    return blocks


def test_python_blocks_parser() -> None:
    text = "x\n```python\n>>> 1 + 1\n2\n```\n```bash\nls\n```\n~~~py\na = 1\n~~~\n"
    assert python_blocks(text) == [(3, ">>> 1 + 1\n2\n"), (10, "a = 1\n")]


def test_readme_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    text = README.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    if not blocks:
        if QUICKSTART_MARKER in text:
            pytest.skip("quick start not written yet")
        pytest.fail("README has no quick start yet: add a ```python block with >>> examples")

    monkeypatch.chdir(README.parent)
    globs: dict = {"__name__": "__readme__"}
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for lineno, source in blocks:
        where = f"README.md, block starting at line {lineno}"
        if ">>>" in source:
            test = parser.get_doctest(source, globs, where, str(README), lineno - 1)
            runner = doctest.DocTestRunner(optionflags=flags)
            report: list[str] = []
            runner.run(test, out=report.append, clear_globs=False)
            globs.update(test.globs)  # DocTest works on a copy; later blocks see these names
            if runner.failures:
                pytest.fail(
                    f"{where}: {runner.failures} example(s) failed\n" + "".join(report), pytrace=False
                )
        else:
            try:
                exec(compile(source, where, "exec"), globs)
            except Exception as exc:
                pytest.fail(f"{where} raised {type(exc).__name__}: {exc}", pytrace=False)


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_is_a_front_page_of_at_most_350_lines():
    n = len(_readme().splitlines())
    assert n <= MAX_LINES, f"README.md has {n} lines (at most {MAX_LINES}): move design notes to DESIGN.md"


def test_the_figures_table_is_the_one_the_benchmark_wrote():
    """The table between the markers is exactly what the benchmark's formatting function gives from the
    figures recorded by its last ``--readme`` run (and ``--test-log``): no figure in it was typed by hand."""
    from illumi_widgets import readme

    rec = readme.recorded_figures()
    assert "benchmark" in rec, "no recorded figures: run python -m illumi_widgets.bench --readme"
    assert readme.table_in_readme(_readme()) == readme.readme_table(rec), (
        "README.md's figures table is not the benchmark's: run python -m illumi_widgets.bench --readme "
        "(or, to re-format the recorded figures, --test-log with the last test run's output)")


def test_the_strength_rows_are_the_games_in_the_repository():
    """The search's strength in the table (issue 35) is what the games kept in ``.results/strength`` give:
    every game behind a win rate is in the repository, and no figure of it was typed by hand."""
    from illumi_widgets import readme
    from illumi_widgets.bots import strength

    st = readme.recorded_figures().get("strength")
    assert st is not None, "no recorded strength: python -m illumi_widgets.bench --strength .results/strength"
    games = strength.figures(ROOT / ".results" / "strength", st["search"], st["seed"])
    assert {**games, "date": st["date"]} == st, (
        "the recorded strength is not that of the games in .results/strength: run python -m "
        "illumi_widgets.bench --strength .results/strength")


def _dated(text: str) -> list[str]:
    return [m.group(0) for m in DATED.finditer(" ".join(text.split()))]


def test_no_dated_measurement_outside_the_figures_table():
    from illumi_widgets import readme

    text = _readme()
    start, end = text.index(readme.TABLE_START), text.index(readme.TABLE_END)
    outside = text[:start] + text[end:]
    assert _dated(outside) == [], "dated measurements outside the figures table (the table is today's " \
        "figures; the reasons behind a decision and their evidence belong in illumi_widgets/DESIGN.md)"


@pytest.mark.parametrize("text", [
    "Measured 2026-11-22 on the machine", "This morning it took 42 ms", "Earlier figures: 20-40%",
    "measured on the same deals", "yesterday's run", "on 22 Nov 2026", "in November 2026",
])
def test_a_dated_measurement_is_recognised(text):
    assert _dated(text) != []


@pytest.mark.parametrize("text", [
    "a 2-core machine", "200 games per pairing (seed 18)", "measured by the benchmark", "p50 / p95 / max",
])
def test_an_undated_text_is_not_taken_for_one(text):
    assert _dated(text) == []


def test_every_file_the_readme_links_to_exists():
    """Pictures, notebooks, DESIGN.md and the rules notes: a relative link that leads nowhere fails."""
    links = re.findall(r"\]\(([^)\s]+)\)", _readme())
    local = [link.split("#")[0] for link in links if "://" not in link and not link.startswith("#")]
    assert local, "README.md links to no file of the repository"
    assert [link for link in local if not (ROOT / link).exists()] == []
    pictures = [link for link in local if link.endswith(".png")]
    assert len(pictures) == 4, pictures  # one picture of each board
    for link in pictures:
        assert (ROOT / link).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", link


def test_the_pictures_are_drawn_by_the_boards_own_svg_export():
    """``python -m illumi_widgets.bench --pictures`` draws each README picture from a board's ``to_svg()``."""
    from illumi_widgets import readme

    svgs = readme.board_svgs()
    assert sorted(svgs) == sorted(p.stem for p in readme.PICTURES.glob("*.png"))
    for name, svg in svgs.items():
        assert svg.startswith("<svg ") and svg.rstrip().endswith("</svg>") and "<text" in svg, name


def test_the_play_command_installs_what_every_notebook_needs():
    """The notebooks on the analysis tables and charts (03, 06, 07) need [analysis]; 08 needs [rl]."""
    text = " ".join(_readme().split())
    m = re.search(r'pip install -e "\.\[([a-z,]+)\]" && jupyter lab', text)
    assert m, "README.md has no play command (pip install -e \".[…]\" && jupyter lab …)"
    assert {"lab", "analysis", "rl"} <= set(m.group(1).split(","))
    assert 'pip install -e ".[test]" && python -m pytest -n 2' in text  # the test command, as CI runs it


WRONG_SPELLING = re.compile(r"illumi_widgets\[")


def test_an_extra_is_spelled_one_way_everywhere():
    """``illumi-widgets[analysis]`` (the distribution's name), never ``illumi_widgets[analysis]``: in the
    README, the package's messages and documents, and the notebooks."""
    files = [README, *(ROOT / "illumi_widgets").rglob("*.py"), *(ROOT / "illumi_widgets").rglob("*.md"),
             *(ROOT / "notebooks").glob("*.ipynb")]
    wrong = [f"{path.relative_to(ROOT)}:{n}" for path in files
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if WRONG_SPELLING.search(line)]
    assert wrong == []
