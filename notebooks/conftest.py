"""Notebook tests (nbval) run the simulation study of ``06_simulation.ipynb`` with a few games: its
parameter cell reads ``ILLUMI_SIMULATION_GAMES`` (1,000 when unset, as a reader runs it).  Set here, before
nbval starts the kernels, which inherit it; an explicit value in the environment wins."""

import os

import pytest

os.environ.setdefault("ILLUMI_SIMULATION_GAMES", "24")

# 07_analysis.ipynb: a few playouts per analysis (a reader's default is 400)
os.environ.setdefault("ILLUMI_ANALYSIS_PLAYOUTS", "30")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``-n 2``, ``--dist loadgroup``) a notebook's cells stay in one worker: one kernel
    runs them in order (tests/conftest.py does the same when the whole suite runs)."""
    if getattr(config.option, "loadgroup", False):  # (an xdist worker, --dist loadgroup)
        for item in items:
            if item.path.suffix == ".ipynb" and item.get_closest_marker("xdist_group") is None:
                item.add_marker(pytest.mark.xdist_group(f"notebooks/{item.path.name}"))
