"""The engine's disk cache (like Python's .pyc files): what loading a game works out, kept under the
cache folder so that the next process reads it instead of working it out again.

- The checked program of a rules folder (with its mods), named by a hash of every file in those
  folders and of the engine's code (`source_key`): parsing and checking run once per version of
  the rules.
- What is worked out from such a program with given settings: the compiled game (the optimised
  compiled form and the Python module as written, before it runs), the checked options.
- The optimised compiled form of a program read otherwise: the passes run once per lowered form.
- The Python back-end's code objects, compiled once per generated text.

Every name is a hash of all that its content was made from, so a changed file (a rules file, a
table, a schema, a mod) or a changed engine is a new name, never a stale answer. Only a load that
succeeded is written: a rules error is found and reported by a real load, every time. A file
that cannot be read (missing, from another Python, damaged) is simply made again; a folder that
cannot be written only costs the time. Nothing from a rules file is ever run from here: the
files hold this engine's own plain data classes (and code objects it compiled from the code it
generated), written by this engine into its own folder.

The folder does not grow for ever: when a process first writes to it and it holds more than
$RULEBOOK_CACHE_MB megabytes (default 1024; 0 keeps everything), the files used longest ago go
until it holds three quarters of that (reading a file counts as using it).
"""
from __future__ import annotations

import gc
import hashlib
import io
import marshal
import os
import pickle
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence, TypeVar

from rulebook.dsl.program import Program

from .ir.program import GameIR

T = TypeVar("T")
_ENGINE: list = []  # the hash of the engine's code, worked out once per process
_SKIPPED_FOLDERS = ("__pycache__",)
# A folder with more than this in it is not hashed on every load (nor cached): rules folders are small.
MAX_HASHED_BYTES = 32 * 1024 * 1024
DEFAULT_CACHE_MB = 1024
_TRIMMED: list = []  # whether this process has trimmed the folder yet (once is enough)


def engine_hash() -> bytes:
    """A hash of the engine's code (every file of dsl/ and interpreter/) and of the Python that
    runs it: a change to the grammar, the checker or any pass makes a new key."""
    if not _ENGINE:
        digest = hashlib.sha256(sys.version.encode())
        package = Path(__file__).resolve().parent.parent
        for part in ("dsl", "interpreter"):
            _hash_folder(package / part, digest)
        _ENGINE.append(digest.digest())
    return _ENGINE[0]


def _hash_folder(folder: Path, digest) -> bool:
    """Feed every file under folder (its path from folder, then its bytes; a link as its target)
    into digest, in a fixed order (Python's own __pycache__ left out). False when there is more
    than MAX_HASHED_BYTES."""
    total = 0
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if f not in _SKIPPED_FOLDERS)
        for name in sorted(files):
            path = os.path.join(root, name)
            digest.update(b"\0" + os.path.relpath(path, folder).encode() + b"\0")
            if os.path.islink(path):
                digest.update(b"link " + os.readlink(path).encode())
                continue
            with open(path, "rb") as handle:
                data = handle.read(MAX_HASHED_BYTES - total + 1)
            total += len(data)
            if total > MAX_HASHED_BYTES:
                return False
            digest.update(len(data).to_bytes(8, "little") + data)
    return True


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector held off while a load builds (or unpickles) many objects that all
    stay alive: it would walk them again and again and free nothing (it made reading a large
    compiled form from the cache 7 times slower, and took a fifth of the optimising passes' time;
    the nodes they drop hold no cycles, and are freed as they go)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def cache_folder() -> Path:
    """$RULEBOOK_CACHE, else $XDG_CACHE_HOME/rulebook, else ~/.cache/rulebook; then /compiled."""
    from .native.toolchain import cache_folder as native_folder
    return native_folder().parent / "compiled"


def cached_program(folder: Path, mods: Sequence[Path], load: Callable[[], Program]) -> Program:
    """load() — the checked program of the rules in `folder` with `mods` over it — from the disk
    cache when it holds one made from exactly the files those folders hold now. A load that
    raises (an error in the rules) is never kept, so it is found and reported every time."""
    key = _source_key([folder, *mods])
    if key is None:
        return load()
    path = cache_folder() / f"{key}.program"
    program = _read_program(path)
    if program is None:
        program = load()
        _write_bytes(path, _program_bytes(program))
    program.source_key = key
    return program


def _source_key(folders: Sequence[Path]) -> Optional[str]:
    """A hash of the engine and of where and what every file under these folders is; None when
    they cannot all be read or are too large (then nothing is cached)."""
    try:
        digest = hashlib.sha256(b"program\0" + engine_hash())
        for folder in folders:
            digest.update(b"\0folder " + str(Path(folder).resolve()).encode())
            if not _hash_folder(Path(folder), digest):
                return None
    except OSError:
        return None
    return digest.hexdigest()


def _program_bytes(program: Program) -> bytes:
    """The program pickled, then its expression types (kept by id of the node, which unpickling
    changes) as (node, type) pairs in the same stream, so that each names the unpickled node."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    types, program.types = program.types, {}
    try:
        pickler.dump(program)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return b""  # something in it cannot be kept: it is loaded from the files every time
    finally:
        program.types = types
    written = pickler.memo.copy()  # id of every object pickled -> (its number, the object)
    try:
        pickler.dump([(written[i][1], t) for i, t in types.items() if i in written])
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return b""
    return out.getvalue()


def _read_program(path: Path) -> Optional[Program]:
    try:
        with gc_paused():
            reader = pickle.Unpickler(io.BytesIO(_read_bytes(path)))
            program, types = reader.load(), reader.load()
        if not isinstance(program, Program):
            return None
        program.types = {id(node): t for node, t in types}
        return program
    except Exception:  # missing, unreadable or damaged: loaded from the files (never an error to the user)
        return None


def cached_build(source_key: Optional[str], settings: Any, build: Callable[[Callable[[Any], None]], T],
                 restore: Callable[[Any], T]) -> T:
    """build(keep) — which hands keep() the plain data it is made from — or, when the disk cache
    holds that data for the program read from the files hashed as `source_key` (cached_program)
    with these settings, restore(that data). A program not read through the cache, or settings
    that are not plain data, are built every time."""
    path = _entry(source_key, "build", settings, ".game")
    if path is None:
        with gc_paused():
            return build(lambda kept: None)
    try:
        with gc_paused():
            return restore(pickle.loads(_read_bytes(path)))
    except Exception:  # missing, unreadable or damaged: built again (never an error to the user)
        pass

    # The writes share their work (what the build keeps holds the compiled form cached_optimise
    # keeps too).
    with gc_paused(), _sharing():
        return build(lambda kept: _write_pickle(path, kept, share=True))


def cached_value(source_key: Optional[str], what: str, settings: Any, compute: Callable[[], T]) -> T:
    """compute() — plain data worked out from the program hashed as `source_key` and these
    settings — from the disk cache when it holds it. What raises is never kept."""
    path = _entry(source_key, what, settings, ".value")
    if path is None:
        return compute()
    try:
        return pickle.loads(_read_bytes(path))
    except Exception:  # missing, unreadable or damaged: worked out again
        pass
    value = compute()
    _write_pickle(path, value)
    return value


def _entry(source_key: Optional[str], what: str, settings: Any, suffix: str) -> Optional[Path]:
    """The file of what is worked out from a cached program with these settings; None when the
    program was not read through the cache or the settings are not plain data (whose repr would
    not be a faithful name)."""
    if source_key is None or not _plain(settings):
        return None
    key = hashlib.sha256(f"{what}\0{source_key}\0{settings!r}".encode()).hexdigest()
    return cache_folder() / f"{key}{suffix}"


def _plain(value: Any) -> bool:
    """Built only of None, truth values, ints, texts, lists, tuples and dicts of texts to them."""
    cls = value.__class__
    if cls in (type(None), bool, int, str):
        return True
    if cls in (list, tuple):
        return all(_plain(v) for v in value)
    if cls is dict:
        return all(k.__class__ is str and _plain(v) for k, v in value.items())
    return False


_ATOMS = (int, str, bool, type(None), bytes)


def shared(value: Any, memo: dict) -> Any:
    """value with its equal parts made one object: equal tuples, and equal instances of frozen
    dataclasses (whose parts are all values), each kept once. The optimising passes copy code
    into many places (inlining, unrolling): the largest shipped game's compiled form holds 57,000
    nodes of which 9,000 differ, and reading it back costs by the object. Parts are equal when they are the
    same (already shared) objects or atoms of the same class and value; anything else (a list,
    a dict, an unfrozen object) is left as it is, and never merged. `memo` holds the objects seen
    so far: by id (an object met again, in many places after inlining, is not gone through again)
    and by class and parts."""
    cls = value.__class__
    if cls in _ATOMS:
        return value
    seen = memo.get(id(value))
    if seen is not None and seen[0] is value:
        return seen[1]
    made = _shared(value, cls, memo)
    memo[id(value)] = (value, made)  # value kept, so its id stays its own while memo lives
    return made


def _shared(value: Any, cls: Any, memo: dict) -> Any:
    if cls is tuple:
        parts: tuple = tuple(shared(v, memo) for v in value)
        rebuilt: Any = parts if any(a is not b for a, b in zip(parts, value)) else value
    else:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not (params.frozen and params.eq):
            return value
        names = tuple(cls.__dataclass_fields__)
        values = {name: shared(getattr(value, name), memo) for name in names}
        parts = tuple(values.values())
        changed = any(values[name] is not getattr(value, name) for name in names)
        rebuilt = replace(value, **{name: v for name, v in values.items() if cls.__dataclass_fields__[name].init}) \
            if changed else value
    key = (cls, tuple((p.__class__, p) if p.__class__ in _ATOMS else id(p) for p in parts))
    found = memo.get(key)
    if found is not None:
        return found[0]
    memo[key] = (rebuilt, parts)  # the parts kept alive: their ids stay theirs while memo lives
    return rebuilt


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
        return marshal.loads(_read_bytes(path))
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
        with gc_paused():
            found = pickle.loads(_read_bytes(path))
    except Exception:  # missing, unreadable or damaged: made again (never an error to the user)
        return None
    return found if isinstance(found, GameIR) else None


def _write(path: Path, ir: GameIR) -> None:
    _write_pickle(path, ir, share=True)


_SHARING: list = []  # the memo of shared() for the writes of the build under way (see _sharing)


@contextmanager
def _sharing() -> Iterator[None]:
    """The writes made meanwhile share one memo of shared(): a part written before is not gone
    through again. The memo (and all it holds) is let go at the end."""
    _SHARING.append({})
    try:
        yield
    finally:
        _SHARING.pop()


def _write_pickle(path: Path, value: Any, share: bool = False) -> None:
    """Keep value (with its equal parts made one object, `share`); what cannot be pickled is
    not kept, and is worked out every time."""
    try:
        with gc_paused():  # sharing makes many objects that all stay alive
            kept = shared(value, _SHARING[-1] if _SHARING else {}) if share else value
            _write_bytes(path, pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass


def _write_bytes(path: Path, data: bytes) -> None:
    if not data:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)  # whole or not at all, even with several processes at once
    except OSError:
        return
    if not _TRIMMED:
        _TRIMMED.append(True)
        limit = _cache_limit()
        if limit:
            trim(path.parent, limit)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, its time set to now: trimming keeps what was used last."""
    data = path.read_bytes()
    try:
        os.utime(path)
    except OSError:
        pass
    return data


def _cache_limit() -> int:
    """$RULEBOOK_CACHE_MB in bytes (0: no limit); a value that is not a whole number is said once
    and keeps everything."""
    given = os.environ.get("RULEBOOK_CACHE_MB", "").strip()
    if not given:
        return DEFAULT_CACHE_MB * 1024 * 1024
    if not given.isdigit():
        sys.stderr.write(f"rulebook: RULEBOOK_CACHE_MB={given!r} is not a whole number of megabytes; "
                         "the compile cache is not trimmed\n")
        return 0
    return int(given) * 1024 * 1024


def trim(folder: Path, limit: int) -> int:
    """When folder's files take more than limit bytes, remove those used longest ago until they
    take at most three quarters of it; give how many were removed. Another process reading a
    removed file only works it out again."""
    files, total = [], 0
    try:
        with os.scandir(folder) as found:
            for entry in found:
                if entry.is_file(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    files.append((st.st_mtime, st.st_size, entry.path))
                    total += st.st_size
    except OSError:
        return 0
    removed = 0
    if total <= limit:
        return removed
    for _, size, name in sorted(files):
        if total <= limit * 3 // 4:
            break
        try:
            os.remove(name)
        except OSError:
            continue
        total -= size
        removed += 1
    return removed
