"""How fast `rulebook lsp` answers a keystroke in a rules file (issue 30 item 1: under 200 ms on the
2-core machine, for Edenia's rules, the largest game).

A real client (pygls's) starts the server over stdio and opens a copy of a game's rules file. Each
round types one character at the end of a line and then measures, from that change:
- `completion`: the completion list asked for at once (what the editor shows while one types);
- `hover`: a hover on a declared name;
- `diagnostics`: the fresh diagnostics of the whole game (checked after the server's quarter-second
  pause for more typing; the pause is subtracted, so the figure is the checking itself).
Prints the median and the slowest of the rounds, in milliseconds.

    python benchmarks/lsp_keystroke.py [--game edenia] [--rounds 15]
"""
from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent


async def measure(game: str, rounds: int) -> dict[str, list[float]]:
    from rulebook.lsp.server import DEBOUNCE

    with tempfile.TemporaryDirectory(prefix="rulebook-lsp-") as tmp:
        folder = Path(tmp) / game
        shutil.copytree(ROOT / "rules" / game, folder)
        path = max(folder.glob("*.rules"), key=lambda p: p.stat().st_size)
        uri = from_fs_path(str(path))
        text = path.read_text(encoding="utf-8")
        name = re.search(r"(?m)^(?:rule|value) (\w+)", text).group(1)
        line = next(i for i, t in enumerate(text.splitlines()) if re.match(rf"(?:rule|value) {name}\b", t))

        client = LanguageClient("benchmark", "1")
        published: asyncio.Queue = asyncio.Queue()

        @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            if params.uri == uri:
                published.put_nowait(time.perf_counter())

        await client.start_io(sys.executable, "-m", "rulebook.cli", "lsp")
        await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities(),
                                                           root_uri=from_fs_path(tmp)))
        client.initialized(lsp.InitializedParams())
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="rulebook", version=1, text=text)))
        await published.get()  # the first check, cold
        figures: dict[str, list[float]] = {"completion": [], "hover": [], "diagnostics": []}
        for number in range(rounds):
            text = text.replace("\n", " \n", 1) if number % 2 == 0 else text.replace(" \n", "\n", 1)
            changed = time.perf_counter()
            client.text_document_did_change(lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=number + 2),
                content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))
            start = time.perf_counter()
            await client.text_document_completion_async(lsp.CompletionParams(
                lsp.TextDocumentIdentifier(uri), lsp.Position(line, 5)))
            figures["completion"].append(time.perf_counter() - start)
            start = time.perf_counter()
            await client.text_document_hover_async(lsp.HoverParams(
                lsp.TextDocumentIdentifier(uri), lsp.Position(line, text.splitlines()[line].index(name) + 1)))
            figures["hover"].append(time.perf_counter() - start)
            arrived = await published.get()
            figures["diagnostics"].append(arrived - changed - DEBOUNCE)
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="edenia")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.game, args.rounds))
    print(f"{args.game}, {args.rounds} keystrokes (milliseconds)")
    for what, values in figures.items():
        print(f"  {what:12} median {1000 * statistics.median(values):7.1f}   slowest {1000 * max(values):7.1f}")


if __name__ == "__main__":
    main()
