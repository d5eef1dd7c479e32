"""The `rulebook scenario RECORD --at N [-o FILE]` command."""
from __future__ import annotations

import sys
from pathlib import Path

from rulebook.dsl.errors import RulebookError

from .writer import scenario_for_record


def run_scenario(args) -> int:
    written = scenario_for_record(args.record, args.at, args.reveal)
    if args.output:
        try:
            Path(args.output).write_text(written.feature, encoding="utf-8")
        except OSError as err:
            raise RulebookError(f"cannot write {args.output}: {err.strerror or err}") from None
        print(f"{args.output}: move {args.at} of {Path(args.record).name}, "
              f"{len(written.steps)} steps (run it with: rulebook test {args.output})")
    else:
        sys.stdout.write(written.feature)
    for note in written.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0
