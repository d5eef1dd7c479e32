"""The engine's two layers type-check: mypy on rulebook.dsl and rulebook.interpreter, with the settings in pyproject.toml."""
from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent


def test_dsl_and_interpreter_type_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # The layers install as rulebook.dsl and rulebook.interpreter; in the checkout they sit at the top.
    # A small tree of links gives mypy the installed names without an install.
    tree = tmp_path / "tree" / "rulebook"
    tree.mkdir(parents=True)
    (tree / "__init__.py").write_text("")
    for layer in ("dsl", "interpreter"):
        (tree / layer).symlink_to(ROOT / layer, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tree.parent))
    stdout, stderr, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "mypy_cache"),
        "-p", "rulebook.dsl", "-p", "rulebook.interpreter",
    ])
    assert status == 0, stdout + stderr
