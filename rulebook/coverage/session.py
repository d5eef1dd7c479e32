"""Rules coverage over a pytest session of scenarios (a plugin object the step library finds)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional, TextIO

from .report import write_report
from .results import Coverage, CoverageResult

def find_session(config) -> Optional["CoverageSession"]:
    """The coverage session registered with this pytest run, if any."""
    return next((p for p in config.pluginmanager.get_plugins() if isinstance(p, CoverageSession)), None)


class CoverageSession:
    """A pytest plugin object: while one is registered, the scenario world builds counting games
    and adds them to `coverage`. `report_in_summary`: print the report in pytest's own summary (when
    pytest runs the scenarios directly); `rulebook test` prints it itself, last."""

    def __init__(self, html: Optional[str] = None, report_in_summary: bool = False):
        self.coverage = Coverage()
        self.html = Path(html) if html else None
        self.report_in_summary = report_in_summary
        self._result: Optional[CoverageResult] = None

    @property
    def result(self) -> CoverageResult:
        if self._result is None:
            self._result = self.coverage.result()
        return self._result

    def write(self, out: TextIO) -> None:
        """The report (details, then the per-file table), and the HTML pages if asked for."""
        if not self.coverage.games:
            print("Rules coverage: no game was played, nothing to report", file=out)
            return
        if self.html is not None:
            from .html import write_html

            index = write_html(self.result, self.html)
            print(f"Rules coverage pages: {index}", file=out)
        write_report(self.result, out)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.report_in_summary:
            terminalreporter.write_sep("-", "rules coverage")
            self.write(sys.stdout)
