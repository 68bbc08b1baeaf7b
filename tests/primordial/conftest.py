"""Helpers for the Primordial Secrets rule tests: :class:`~illumi_widgets.games.primordial.setup.Table`."""

from __future__ import annotations

import pytest

from illumi_widgets.games.primordial.setup import Table


@pytest.fixture
def table():
    return Table
