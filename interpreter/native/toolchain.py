"""Turn generated C into a loaded shared library: find a C compiler, build once, cache on disk.

The native back-end is C text made by the engine; this module compiles it with whatever C
compiler the machine has — `$RULEBOOK_CC`, else a system `cc`/`gcc`/`clang`, else the one the
`ziglang` wheel carries (installed by the `fast` extra, so no system compiler is needed) — and
keeps the result under the cache folder, named by a hash of the source and the compiler, so a
game compiles once per machine. The library is loaded with ctypes (no third-party packages).
"""
from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from rulebook.dsl.errors import RulebookError

# -O3: random playouts 5-18% faster than -O2 on the classic games (benchmarks/classic_speed.py), never
# slower; no fused multiply-add: MCTS arithmetic as in Python
FLAGS = ("-O3", "-shared", "-fPIC", "-std=gnu99", "-fwrapv", "-ffp-contract=off", "-w")


class NativeUnavailable(RulebookError):
    """No C compiler could be found or the generated code did not build (playouts stay in Python)."""


@dataclass(frozen=True)
class Built:
    """A compiled library and what it cost: compile seconds 0.0 when it came from the cache."""

    library: ctypes.CDLL
    path: Path
    compile_seconds: float
    cached: bool
    compiler: str


def cache_folder() -> Path:
    """$RULEBOOK_CACHE, else $XDG_CACHE_HOME/rulebook, else ~/.cache/rulebook; then /native."""
    root = os.environ.get("RULEBOOK_CACHE")
    if root:
        return Path(root) / "native"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "rulebook" / "native"


def find_compiler() -> Optional[list[str]]:
    """The command that runs a C compiler here, or None."""
    given = os.environ.get("RULEBOOK_CC") or os.environ.get("CC")
    if given:
        return shlex.split(given)
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return [found]
    if importlib.util.find_spec("ziglang") is not None:
        return [sys.executable, "-m", "ziglang", "cc"]
    return None


_LOADED: dict[str, Built] = {}


def build(source: str, label: str = "rules") -> Built:
    """The library for this C source: from this process, from the disk cache, or compiled now."""
    compiler = find_compiler()
    if compiler is None:
        raise NativeUnavailable("no C compiler found: install the 'fast' extra (pip install 'rulebook-engine[fast]') "
                                "or set RULEBOOK_CC")
    key = hashlib.sha256("\0".join([" ".join(compiler), " ".join(FLAGS), source]).encode()).hexdigest()[:24]
    loaded = _LOADED.get(key)
    if loaded is not None:
        return loaded
    folder = cache_folder()
    path = folder / f"{key}.so"
    cached = path.exists()
    seconds = 0.0
    if not cached:
        seconds = _compile(compiler, source, folder, path, label)
    try:
        library = ctypes.CDLL(str(path))
    except OSError as err:
        raise NativeUnavailable(f"the native code for {label} did not load: {err}") from None
    built = Built(library, path, seconds, cached, " ".join(compiler))
    _LOADED[key] = built
    return built


def _compile(compiler: list[str], source: str, folder: Path, path: Path, label: str) -> float:
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=folder) as work:
        c_file = Path(work) / "rules.c"
        c_file.write_text(source)
        out = Path(work) / "rules.so"
        env = dict(os.environ)
        env.setdefault("ZIG_GLOBAL_CACHE_DIR", str(folder / "zig"))
        env.setdefault("ZIG_LOCAL_CACHE_DIR", str(folder / "zig"))
        try:
            done = subprocess.run([*compiler, *FLAGS, "-o", str(out), str(c_file)], capture_output=True,
                                  text=True, env=env, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as err:
            raise NativeUnavailable(f"the C compiler could not run ({' '.join(compiler)}): {err}") from None
        if done.returncode != 0:
            first = (done.stderr or done.stdout).strip().splitlines()[:5]
            raise NativeUnavailable(f"the native code for {label} did not compile: " + " / ".join(first))
        os.replace(out, path)  # atomic: another process compiling the same source races harmlessly
    return time.perf_counter() - started
