"""A keyword's entry in the language reference (docs/language.md), for hovers."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Optional


def reference_path() -> Optional[Path]:
    """docs/language.md: installed beside the package as rulebook.docs, or in a checkout."""
    try:
        import rulebook.docs as docs  # the docs folder, installed as a package of data

        for folder in docs.__path__:
            if (Path(folder) / "language.md").is_file():
                return Path(folder) / "language.md"
    except ImportError:
        pass
    return None


@lru_cache(maxsize=1)
def keyword_entries() -> dict[str, str]:
    """Each word a `###` heading of the reference names (`### for, repeat, while, loop, break`),
    with its section up to the end of its first example."""
    path = reference_path()
    if path is None:
        return {}
    entries: dict[str, str] = {}
    sections = re.split(r"(?m)^### ", path.read_text(encoding="utf-8"))[1:]
    for section in sections:
        heading, _, body = section.partition("\n")
        body = re.split(r"(?m)^#{1,3} ", body)[0]
        example = body.find("```", body.find("```") + 3)
        text = (body[:example + 3] if example > 0 else body).strip()
        words = re.findall(r"[a-z][a-z_]*", heading.split("(")[0])
        for word in words:
            if word not in ("and", "a", "in") or heading.startswith(word):
                entries.setdefault(word, f"### {heading.strip()}\n\n{text}")
    return entries
