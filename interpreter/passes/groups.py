"""Groups kept in the state: a merging board's groups and each group's nodes, as data.

Without this, a group's nodes are found by scanning every node's group (`tiles`), and the list
of groups by scanning them all (`groups`) — many times per decision. With it, the state holds,
per node that names a group, the tuple of the group's nodes, and the tuple of the groups; a
merge updates both. Reading either is then one slot.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..ir import exprs as x
from ..ir.program import Block, Function, GameIR
from ..ir.types import SLOT, List
from ..ir.walk import rebuild
from ..layout import Layout
from .fold import ExprMap, map_code

HELPERS_KEPT = {"tiles", "groups", "merge"}


def keep_groups(ir: GameIR) -> GameIR:
    boards = {b.roots: b for b in ir.layout.boards.values() if b.roots >= 0 and b.members < 0}
    if not boards:
        return ir
    layout = ir.layout.copy()
    types, initial = list(ir.slot_types), list(ir.initial)
    for board in layout.boards.values():
        if board.roots not in boards:
            continue
        board.members = layout.allocate(board.size)
        board.group_list = layout.allocate(1)
        node_type = ir.slot_types[board.roots]
        types += [List(node_type)] * board.size + [List(node_type)]
        initial += [(node,) for node in board.nodes] + [tuple(board.nodes)]
        layout.list_slots.extend(range(board.members, board.members + board.size + 1))
    change = kept_groups_reads(layout)

    def expr(e: x.Expr) -> x.Expr:
        out: x.Expr = rebuild(e, change)
        return out

    def on_function(i: int, fn: Function) -> Function:
        return replace(fn, body=tuple(rebuild(st, change) for st in fn.body))

    def on_block(i: int, block: Block) -> tuple[Block, ExprMap]:
        instrs = tuple(replace(ins, body=tuple(rebuild(st, change) for st in ins.body), end=rebuild(ins.end, change))
                       for ins in block.instrs)
        return replace(block, instrs=instrs), expr
    mapped = map_code(ir, on_function, on_block)
    return replace(mapped, layout=layout, slot_types=tuple(types), initial=tuple(initial))


def kept_groups_reads(layout: Layout) -> Callable[[Any], Any]:
    """The rewrite of one node: reads of groups and their nodes from the slots that keep them,
    merges that keep them whole. (Also used for rules text compiled later, against the game.)"""
    kept = {b.roots: b for b in layout.boards.values() if b.roots >= 0 and b.members >= 0}

    def change(node: Any) -> Any:
        if not isinstance(node, x.Helper) or node.name not in HELPERS_KEPT:
            return node
        roots = node.args[0]
        board = kept.get(roots.value) if isinstance(roots, x.Const) else None
        if board is None:
            return node
        if node.name == "groups":
            return x.Load(x.Const(board.group_list, type=SLOT), type=node.type)
        if node.name == "tiles":
            group = node.args[3]
            root = x.Load(_plus(board.roots - board.low, group), type=group.type)
            return x.Load(_plus(board.members - board.low, root), type=node.type)
        return replace(node, name="merge_kept", args=node.args + (x.Const(board.members, type=SLOT),
                                                                  x.Const(board.group_list, type=SLOT)))
    return change


def _plus(k: int, e: x.Expr) -> x.Expr:
    if isinstance(e, x.Const):
        return x.Const(e.value + k, type=SLOT)
    return x.Binary("+", e, x.Const(k, type=SLOT), type=SLOT) if k else e
