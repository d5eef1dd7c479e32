"""Shared pytest configuration."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# Every compilation the tests make checks the IR after each optimising pass (ir/verify.py).
os.environ.setdefault("RULEBOOK_VERIFY_IR", "1")

# The scenario step library (features/ run through tests/test_features.py).
pytest_plugins = ["rulebook.scenarios.plugin"]


@pytest.fixture(scope="session")
def root() -> Path:
    return Path(__file__).resolve().parent.parent
