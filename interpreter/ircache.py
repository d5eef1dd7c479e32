"""The optimised compiled form, kept on disk: the passes run once per game, options and engine;
and the Python back-end's code objects, compiled once per generated text.

Lowering is cheap; the optimising passes are not (most of a load's time). Their result depends
only on the lowered form they start from and on the engine's own code, so it is kept under the
cache folder (as the native back-end keeps its libraries), named by a hash of both. A file that
cannot be read (missing, from another Python, damaged) is simply made again; a folder that
cannot be written only costs the passes next time. Nothing from a rules file is ever run from
here: the file holds the compiled form's plain data classes, written by this engine.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from .ir.program import GameIR

_ENGINE: list = []  # the hash of the engine's code, worked out once per process


def engine_hash() -> bytes:
    """A hash of every Python file of the interpreter: a change to any pass makes a new key."""
    if not _ENGINE:
        digest = hashlib.sha256()
        root = Path(__file__).resolve().parent
        for path in sorted(root.rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
        _ENGINE.append(digest.digest())
    return _ENGINE[0]


def cache_folder() -> Path:
    """$RULEBOOK_CACHE, else $XDG_CACHE_HOME/rulebook, else ~/.cache/rulebook; then /compiled."""
    from .native.toolchain import cache_folder as native_folder
    return native_folder().parent / "compiled"


def cached_optimise(raw: GameIR, optimise: Callable[[GameIR], GameIR]) -> GameIR:
    """optimise(raw), from the disk cache when it holds it. `naming` (what the rules' names
    stand for) is the one part the passes never read or change, and is taken from raw."""
    key = _key(raw)
    if key is None:
        return optimise(raw)
    path = cache_folder() / f"{key}.pickle"
    found = _read(path)
    if found is not None:
        return replace(found, naming=raw.naming)
    ir = optimise(raw)
    _write(path, _unnamed(ir))
    return ir


def cached_code(source: str, filename: str):
    """compile(source, filename, "exec"), from the disk cache when it holds it (Python compiles
    the deeply nested expressions that inlining makes slowly)."""
    key = hashlib.sha256(f"{sys.version}\0{filename}\0".encode() + source.encode()).hexdigest()
    path = cache_folder() / f"{key}.code"
    try:
        return marshal.loads(path.read_bytes())
    except Exception:  # missing, unreadable or damaged: compiled again
        pass
    code = compile(source, filename, "exec")
    _write_bytes(path, marshal.dumps(code))
    return code


def _unnamed(ir: GameIR) -> GameIR:
    # The naming holds the rules' source positions; it is not part of what the passes compute
    # and is put back from the freshly lowered form on reading.
    return replace(ir, naming=None)  # type: ignore[arg-type]


def _key(raw: GameIR) -> Optional[str]:
    try:
        data = pickle.dumps(_unnamed(raw), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None  # something in it cannot be kept: the passes run every time
    return hashlib.sha256(engine_hash() + data).hexdigest()


def _read(path: Path) -> Optional[GameIR]:
    try:
        found = pickle.loads(path.read_bytes())
    except Exception:  # missing, unreadable or damaged: made again (never an error to the user)
        return None
    return found if isinstance(found, GameIR) else None


def _write(path: Path, ir: GameIR) -> None:
    _write_bytes(path, pickle.dumps(ir, protocol=pickle.HIGHEST_PROTOCOL))


def _write_bytes(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)  # whole or not at all, even with several processes at once
    except OSError:
        pass
