"""Runs the Python examples in README.md.

Every fenced block whose info string is ``python``, ``py``, ``pycon`` or ``doctest`` is run in order in
one shared namespace, with the repository root as the working directory: a block containing ``>>>``
prompts is checked as a doctest (ELLIPSIS and NORMALIZE_WHITESPACE on), any other block is executed as
plain code and must not raise.
"""

from __future__ import annotations

import doctest
import re
import textwrap
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
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
