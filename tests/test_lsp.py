"""`rulebook lsp` end to end (issue 30 item 1): a real LSP client (pytest-lsp) starts the server over
stdio, opens and edits rules files of a copy of a game, and reads diagnostics, hovers, definitions,
references, completions and outlines; bad text of every kind leaves it answering."""
from __future__ import annotations

import asyncio
import re
import shutil
import sys
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types as lsp  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "errors" / "cases"

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    """A copy of Septachroma (five rules files and tables) to edit freely, and a mod of it."""
    folder = tmp_path_factory.mktemp("lsp") / "septachroma"
    shutil.copytree(ROOT / "rules" / "septachroma", folder)
    mod = folder.parent / "house"
    mod.mkdir()
    (mod / "mod.yaml").write_text('name: house\ngame: ../septachroma\ngame_version: "1.0"\n')
    return folder


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "rulebook.cli", "lsp"]))
async def client(lsp_client: LanguageClient, game: Path):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=from_fs_path(str(game.parent))))
    yield
    await lsp_client.shutdown_session()


def uri(path: Path) -> str:
    return from_fs_path(str(path.resolve()))


async def open_file(client: LanguageClient, path: Path, text: str | None = None) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri(path), language_id="rulebook", version=1, text=path.read_text() if text is None else text)))


async def change(client: LanguageClient, path: Path, text: str, version: int) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


async def diagnostics_of(client: LanguageClient, path: Path, until, seconds: float = 60) -> list:
    """The diagnostics published for a file once `until(them)` holds (they come after a pause in
    typing; each test waits for what only its new text can give, so an older answer never passes)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        found = client.diagnostics.get(uri(path))
        if found is not None and until(list(found)):
            return list(found)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no such diagnostics for {path.name}: {client.diagnostics.get(uri(path))}")


def position_of(path: Path, word: str, nth: int = 0) -> lsp.Position:
    lines = path.read_text().splitlines()
    hits = [(i, m.start()) for i, line in enumerate(lines) if not line.lstrip().startswith("#")
            for m in re.finditer(rf"\b{re.escape(word)}\b", line)]
    line, column = hits[nth]
    return lsp.Position(line, column + 1)


def called_elsewhere(game: Path) -> tuple[Path, str, Path]:
    """A rule declared in one file and called in another."""
    for path in sorted(game.glob("*.rules")):
        for line in path.read_text().splitlines():
            if line.startswith("rule "):
                rule = line.split()[1].split("(")[0]
                callers = [p for p in sorted(game.glob("*.rules")) if p != path and f"{rule}(" in p.read_text()]
                if callers:
                    return path, rule, callers[0]
    raise AssertionError("no rule of the game is called from another file")


async def test_diagnostics_as_one_types_in_this_file_and_the_others(client: LanguageClient, game: Path) -> None:
    declaring, rule, caller = called_elsewhere(game)
    await open_file(client, declaring)
    assert await diagnostics_of(client, declaring, lambda d: True) == []
    original = declaring.read_text()
    await change(client, declaring, original + "\nrule broken():\n  let x = unknwn_name\n", 2)
    found = await diagnostics_of(client, declaring, lambda d: d != [])
    assert any("unknown name 'unknwn_name'" in d.message for d in found)
    error = next(d for d in found if "unknwn_name" in d.message)
    assert error.severity == lsp.DiagnosticSeverity.Error and error.range.start.line == len(original.splitlines()) + 2  # after a blank line and the rule
    # Renaming a rule that another file calls: the error is in the other file, not yet saved.
    await change(client, declaring, original.replace(f"rule {rule}(", f"rule {rule}_renamed("), 3)
    found = await diagnostics_of(client, caller, lambda d: d != [])
    assert any(rule in d.message for d in found)
    await change(client, declaring, original, 4)
    assert await diagnostics_of(client, declaring, lambda d: d == []) == []
    assert await diagnostics_of(client, caller, lambda d: d == []) == []


async def test_hover_definition_references_completion_and_outline(client: LanguageClient, game: Path) -> None:
    turn, rules = game / "turn.rules", game / "game.rules"
    await open_file(client, turn)
    zone = next(m.group(1) for m in re.finditer(r"(?m)^zone (\w+)", rules.read_text())
                if any(m.group(1) in p.read_text() for p in game.glob("*.rules") if p != rules))
    user = next(p for p in game.glob("*.rules") if p != rules and zone in p.read_text())
    at = position_of(user, zone)
    hovered = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(user)), at))
    assert hovered is not None and "zone" in hovered.contents.value and zone in hovered.contents.value
    where = await client.text_document_definition_async(lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri(user)), at))
    assert where.uri == uri(rules) and rules.read_text().splitlines()[where.range.start.line].startswith("zone ")
    used = await client.text_document_references_async(lsp.ReferenceParams(
        context=lsp.ReferenceContext(include_declaration=True), text_document=lsp.TextDocumentIdentifier(uri(user)),
        position=at))
    assert {u.uri for u in used} >= {uri(rules), uri(user)}
    builtin = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(turn)),
                                                                      position_of(turn, "count")))
    assert builtin is not None and "count(zone or list)" in builtin.contents.value
    keyword = position_of(turn, "choose")
    entry = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(turn)), keyword))
    assert entry is not None and "### choose" in entry.contents.value
    offered = await client.text_document_completion_async(lsp.CompletionParams(
        lsp.TextDocumentIdentifier(uri(turn)), lsp.Position(0, 0)))
    labels = {item.label for item in offered.items}
    assert {zone, "choose", "count"} <= labels
    outline = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri(rules))))
    assert zone in {symbol.name for symbol in outline}


async def test_a_table_row_and_a_mod(client: LanguageClient, game: Path) -> None:
    """A member made from a table row: its hover shows the row, its definition is the row's key."""
    advantage = game / "advantage.rules"
    text = advantage.read_text() + '\nvalue favourite() -> tribe = tribe["red"]\n'
    await open_file(client, advantage, text)
    unused = await diagnostics_of(client, advantage, lambda d: any("'favourite' is never used" in x.message for x in d))
    assert [x.severity for x in unused] == [lsp.DiagnosticSeverity.Warning]
    assert unused[0].tags == [lsp.DiagnosticTag.Unnecessary] or tuple(unused[0].tags) == (lsp.DiagnosticTag.Unnecessary,)
    at = lsp.Position(len(text.splitlines()) - 1, len('value favourite() -> tribe = tribe["r'))
    shown = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(advantage)), at))
    assert shown is not None and "on_light" in shown.contents.value and "`R`" in shown.contents.value
    where = await client.text_document_definition_async(lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri(advantage)), at))
    tribes = game / "tribes.yaml"
    assert where.uri == uri(tribes) and "name: red" in tribes.read_text().splitlines()[where.range.start.line]
    await open_file(client, tribes, tribes.read_text().replace("on_light: R,", "on_light: [R],"))
    found = await diagnostics_of(client, tribes, lambda d: d != [])
    assert "not of type" in found[0].message and found[0].range.start.line == where.range.start.line
    await change(client, tribes, tribes.read_text(), 2)
    await diagnostics_of(client, tribes, lambda d: d == [])
    mod_rules = game.parent / "house" / "extra.rules"
    mod_rules.write_text("rule extra():\n  let x = no_such_thing\n")
    await open_file(client, mod_rules)
    found = await diagnostics_of(client, mod_rules, lambda d: d != [])
    assert any("no_such_thing" in d.message for d in found)


async def test_any_text_leaves_it_answering(client: LanguageClient, game: Path, tmp_path: Path) -> None:
    """The bad-input corpus, binary junk, a half-typed line and a file outside any game."""
    cases = sorted(CORPUS.glob("*/game.rules"))
    assert len(cases) > 100
    for number, case in enumerate(cases):
        text = case.read_text(encoding="utf-8", errors="replace")
        await open_file(client, case, text)
        await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(case)), lsp.Position(0, 1)))
    junk = game / "junk.rules"
    junk.write_bytes(b"")
    await open_file(client, junk, "\x00\xff\ufffd rule (((:\n  \t choose \n" * 5)
    await change(client, junk, "rule half(p: pla", 2)
    outside = tmp_path / "alone.rules"
    outside.write_text("rule x():\n  pass\n")
    await open_file(client, outside)
    answer = await client.text_document_hover_async(lsp.HoverParams(lsp.TextDocumentIdentifier(uri(outside)), lsp.Position(0, 1)))
    assert answer is None or answer.contents
    symbols = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri(junk))))
    assert isinstance(symbols, list)
    junk.unlink()
