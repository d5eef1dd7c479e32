"""The JSON Schema a game record must meet (record.schema.json), and its first problem in words."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Optional

SCHEMA = Path(__file__).with_name("record.schema.json")


@lru_cache(maxsize=1)
def _validator():
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def problem(raw) -> Optional[str]:
    """None for a well-formed record; else where and what the first problem is."""
    errors = sorted(_validator().iter_errors(raw), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return None
    error = errors[0]
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message
