"""Shared pytest configuration."""
from __future__ import annotations

from pathlib import Path

import pytest

# The scenario step library (features/ run through tests/test_features.py).
pytest_plugins = ["rulebook.scenarios.plugin"]


@pytest.fixture(scope="session")
def root() -> Path:
    return Path(__file__).resolve().parent.parent
