"""The engine's two packages type-check: `mypy dsl interpreter`, with the settings in pyproject.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent


def test_dsl_and_interpreter_type_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)  # so mypy reads [tool.mypy] from pyproject.toml
    stdout, stderr, status = api.run(["dsl", "interpreter", "--cache-dir", str(tmp_path / "mypy_cache")])
    assert status == 0, stdout + stderr
