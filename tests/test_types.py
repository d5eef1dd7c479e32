"""The engine's two layers type-check: mypy on rulebook.dsl and rulebook.interpreter alone, with the
settings in pyproject.toml (check_untyped_defs; the compiled form and its passes as mypy --strict).

Also a script: `python tests/test_types.py` runs the same checks outside pytest (exit status 1 and
mypy's report when they fail).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("dsl", "interpreter")
STRICT = ("rulebook.interpreter.ir", "rulebook.interpreter.passes")


def _tree(folder: Path) -> Path:
    """The layers install as rulebook.dsl and rulebook.interpreter; in the checkout they sit at the
    top. A small tree of links gives mypy the installed names — and nothing of rulebook/ beside them,
    so the layers are checked alone."""
    tree = folder / "tree" / "rulebook"
    tree.mkdir(parents=True)
    (tree / "__init__.py").write_text("")
    for layer in LAYERS:
        (tree / layer).symlink_to(ROOT / layer, target_is_directory=True)
    return tree.parent


def type_errors(folder: Path) -> list[str]:
    """mypy's reports of the layers, then of the strict packages under --strict (empty: clean)."""
    from mypy import api

    runs = [[arg for layer in LAYERS for arg in ("-p", f"rulebook.{layer}")],
            ["--strict", "--follow-imports=silent", *(arg for package in STRICT for arg in ("-p", package))]]
    tree = _tree(folder)
    before, here = os.environ.get("MYPYPATH"), os.getcwd()
    os.environ["MYPYPATH"] = str(tree)
    os.chdir(folder)  # not the checkout: mypy would find rulebook/ there
    try:
        out = []
        for number, args in enumerate(runs):
            stdout, stderr, status = api.run([
                "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(folder / f"mypy_cache{number}"),
                *args])
            if status != 0:
                out.append(stdout + stderr)
        return out
    finally:
        os.chdir(here)
        if before is None:
            del os.environ["MYPYPATH"]
        else:
            os.environ["MYPYPATH"] = before


def test_dsl_and_interpreter_type_check(tmp_path: Path) -> None:
    import pytest
    pytest.importorskip("mypy.api")
    assert type_errors(tmp_path) == []


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        errors = type_errors(Path(folder))
    print("\n".join(errors) or "dsl and interpreter type-check")
    sys.exit(1 if errors else 0)
