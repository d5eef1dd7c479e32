"""What a simultaneous decision (`each q in players chooses secretly:`) may hold.

Every player decides at one point, in seat order behind the scenes (the sequential mode), and
none may see or be changed by another's choice until the rules reveal it. That holds when the
block is one `choose` (and the statements around it) that writes only what the chooser alone
sees: a `private` variable or zone indexed by the chooser. A later player's choices and view then
cannot depend on an earlier one's, so the choices can be taken all at once (the simultaneous
node of game.py) or one after another, with the same games.
"""
from __future__ import annotations

from typing import Iterator

from . import nodes as n
from .check_flow import all_statements
from .node_exprs import walk

# The statements a secret choice's block may hold: none decides, calls rules or ends the game.
ALLOWED = (n.Choose, n.Let, n.Assign, n.Move, n.Put, n.Log, n.If, n.Pass)
WRITE_ADVICE = "a private variable or zone indexed by"


def secret_faults(st: n.Secretly, program) -> Iterator[tuple]:
    """(span, message) of each thing the block may not do."""
    q = st.var
    if not (isinstance(st.domain, n.Name) and st.domain.name == "players"):
        yield st.domain.span, (f"every player takes part in a secret choice, in seat order: write "
                               f"`each {q} in players chooses secretly:`")
    chooses = [s for s in st.body if isinstance(s, n.Choose)]
    if len(chooses) != 1:
        yield st.span, "a secret choice holds one `choose` (written directly in its block)"
    for s in all_statements(st.body):
        if not isinstance(s, ALLOWED):
            yield s.span, ("a secret choice may hold only one choose, let, assignments, move, put, log, "
                           "if and pass: anything else could show the choice before all have chosen")
        elif isinstance(s, n.Choose) and s not in chooses:
            yield s.span, "a secret choice holds one `choose`, written directly in its block"
        elif isinstance(s, n.Choose) and s.chooser is not None:
            yield s.chooser.span, f"in a secret choice {q} chooses: leave out `by`"
        elif isinstance(s, n.Assign) and (s.name in program.vars or s.name in program.zones):
            if not _owned(program.vars.get(s.name), s.indexes[0][0] if s.indexes else None, q):
                yield s.span, f"a secret choice writes only what {q} alone sees ({WRITE_ADVICE} {q}): {s.name} is not"
        elif isinstance(s, (n.Move, n.Put)):
            for zone in ((s.source, s.dest) if isinstance(s, n.Move) else (s.zone,)):
                if not _private_zone(program, zone, q):
                    yield zone.span, (f"a secret choice moves pieces only between zones {q} alone sees "
                                      f"({WRITE_ADVICE} {q})")
        elif isinstance(s, n.Log) and not (isinstance(s.audience, n.Name) and s.audience.name == q):
            yield s.span, f"a secret choice logs only to {q} (`log \"…\" to {q}`): the others would read the choice"
    yield from secret_reads(st)


def secret_reads(st: n.Secretly) -> Iterator[tuple]:
    """(span, message) of each read of what the block writes for another player than its chooser:
    a later player's choices (or what they do) would depend on an earlier player's secret."""
    written = {s.name for s in all_statements(st.body) if isinstance(s, n.Assign)} | {
        zone.target.name for s in all_statements(st.body) if isinstance(s, (n.Move, n.Put))
        for zone in ((s.source, s.dest) if isinstance(s, n.Move) else (s.zone,))
        if isinstance(zone, n.Subscript) and isinstance(zone.target, n.Name)}
    for node in walk(st.body):
        if isinstance(node, n.Subscript) and isinstance(node.target, n.Name) and node.target.name in written:
            if not _is(node.indexes[0], st.var):
                yield node.span, (f"a secret choice reads only {st.var}'s own {node.target.name}: another "
                                  f"player's is their secret until all have chosen")


def _is(expr, q: str) -> bool:
    return isinstance(expr, n.Name) and expr.name == q


def _owned(decl, first_index, q: str) -> bool:
    return decl is not None and decl.visibility == "private" and decl.reveal is None and _is(first_index, q)


def _private_zone(program, zone, q: str) -> bool:
    if not (isinstance(zone, n.Subscript) and isinstance(zone.target, n.Name)):
        return False
    return _owned(program.zones.get(zone.target.name), zone.indexes[0], q)
