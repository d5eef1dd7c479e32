"""Walking and rebuilding the compiled form, generically over its dataclass fields.

Passes use these instead of a handler per node class: a node's parts are its fields, and a field
holds a node, a tuple of them, or tuples of pairs (an If's branches, a Comp's hoisted values).
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Callable, Iterator, Optional

from . import exprs as x
from . import stmts as s
from .exprs import Expr
from .stmts import Stmt, Terminator

# The fields that hold local slots (numbers of the enclosing function's or block's locals), and
# the fields holding (slot, value) pairs. A pass that renumbers locals reads these.
SLOT_FIELDS: dict[Any, Any] = {
    x.Local: ("slot",), x.Comp: ("var",), x.BestOf: ("var",), x.SortBy: ("var",),
    s.SetLocal: ("slot",), s.UpdateLocal: ("slot",), s.ForEach: ("var",), s.CancelCaller: ("depth", "flag"),
}
PAIR_FIELDS: dict[Any, Any] = {x.Comp: ("hoisted",), x.BestOf: ("hoisted",)}


_NODE_TYPES: dict[Any, Any] = {}  # class -> is it a node of the compiled form (worked out once per class)
_PARTS: dict[Any, Any] = {}  # node class -> the names of its fields that can hold nodes (worked out once per class)
# Fields declared with these types hold no node: numbers, names, spans, types, and a Const's value
# (data: ints, truth values, texts, none, nested tuples of them). Walking them would only look
# at every number of every table.
_LEAF_ANNOTATIONS = frozenset({"int", "str", "bool", "Any", "Type", "Span", "Optional[Span]"})


def _is_node(value: Any) -> bool:
    cls = value.__class__
    found = _NODE_TYPES.get(cls)
    if found is None:
        found = _NODE_TYPES[cls] = isinstance(value, (Expr, Stmt, Terminator))
    return found


def _names(node: Any) -> tuple[Any, ...]:
    """The names of node's fields that can hold nodes (dataclasses.fields is slow in a hot loop)."""
    cls = node.__class__
    found = _PARTS.get(cls)
    if found is None:
        found = _PARTS[cls] = tuple(f.name for f in fields(node) if str(f.type).split("  #")[0].strip()
                                    not in _LEAF_ANNOTATIONS)
    return found


def _add_nodes(value: Any, out: list[Any]) -> None:
    """Append the nodes in value (a node, or tuples of them and of other things) to out, in order."""
    if value.__class__ is tuple:
        for item in value:
            if item.__class__ is tuple:
                _add_nodes(item, out)
            elif _is_node(item):
                out.append(item)
    elif _is_node(value):
        out.append(value)


def _kids(node: Any) -> list[Any]:
    """The nodes directly inside node, in order (written out for speed: every walk runs this)."""
    names = _PARTS.get(node.__class__)
    if names is None:
        names = _names(node)
    out: list[Any] = []
    for name in names:
        value = getattr(node, name)
        cls = value.__class__
        if cls is tuple:
            if value:
                _add_nodes(value, out)
        else:
            found = _NODE_TYPES.get(cls)
            if found is None:
                found = _is_node(value)
            if found:
                out.append(value)
    return out


def children(node: Any) -> Iterator[Any]:
    """Every node directly inside node (through tuples)."""
    return iter(_kids(node))


def walk(node: Any) -> Iterator[Any]:
    """node and every node inside it, parents first (in the order a recursive walk gives)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        kids = _kids(n)
        if len(kids) == 1:
            stack.append(kids[0])
        elif kids:
            kids.reverse()
            stack.extend(kids)


def walk_all(items: Any) -> Iterator[Any]:
    for item in items:
        if _is_node(item):
            yield from walk(item)
        elif isinstance(item, tuple):
            yield from walk_all(item)


def walk_statements(items: Any) -> Iterator[Any]:
    """Every statement in items (statements, or tuples of them) and inside them, parents first —
    not going into expressions, which hold no statements."""
    stack: list[Any] = []
    _add_nodes(items, stack)
    stack.reverse()
    while stack:
        n = stack.pop()
        yield n
        kids = [kid for kid in _kids(n) if isinstance(kid, Stmt)]
        if kids:
            kids.reverse()
            stack.extend(kids)


def rebuild(node: Any, fn: Callable[[Any], Any], memo: Optional[dict[Any, Any]] = None) -> Any:
    """node with every part rebuilt first (bottom up), then fn applied to the result; fn gives a
    node (or, for a statement, a list of statements to splice in its place). `memo` (id → (node,
    result)), for an fn whose result depends on nothing but the node: a part met again, here or
    in a later call with the same memo, is not rebuilt again (the nodes are kept in it, so their
    ids stay theirs)."""
    if memo is not None:
        found = memo.get(id(node))
        if found is not None and found[0] is node:
            return found[1]
    changes = {}
    for name in _names(node):
        value = getattr(node, name)
        if value.__class__ is tuple:
            if not value:
                continue
        elif not _is_node(value):
            continue
        new = _rebuild_value(value, fn, memo)
        if new is not value:
            changes[name] = new
    made = _with(node, changes) if changes else node
    result = fn(made)
    if memo is not None:
        memo[id(node)] = (node, result)
    return result


def _with(node: Any, changes: dict[Any, Any]) -> Any:
    """dataclasses.replace(node, **changes), without its checks: the nodes are plain frozen
    dataclasses (no __post_init__, every field set by __init__), and rebuilding makes many."""
    made = object.__new__(node.__class__)
    fields_of = made.__dict__
    fields_of.update(node.__dict__)
    fields_of.update(changes)
    return made


def _rebuild_value(value: Any, fn: Callable[[Any], Any], memo: Optional[dict[Any, Any]]) -> Any:
    if value.__class__ is not tuple:
        return rebuild(value, fn, memo) if _is_node(value) else value
    if not value:
        return value
    out: list[Any] = []
    changed = False
    for item in value:
        if item.__class__ is tuple:
            new = _rebuild_value(item, fn, memo)
        elif _is_node(item):
            new = rebuild(item, fn, memo)
            if new.__class__ is list and isinstance(item, Stmt):  # a statement spliced into several
                out.extend(new)
                changed = True
                continue
        else:
            out.append(item)
            continue
        out.append(new)
        changed = changed or new is not item
    return tuple(out) if changed else value


def replace_top_down(node: Any, fn: Callable[[Any], Any]) -> Any:
    """node with fn applied top down: where fn gives a new node, that node stands (its parts are
    not visited); elsewhere the parts are visited in turn. (fn sees the nodes as they are, so a
    map keyed by their ids still finds them.)"""
    new = fn(node)
    if new is not node:
        return new
    changes = {}
    for name in _names(node):
        value = getattr(node, name)
        made = _replaced_in(value, fn)
        if made is not value:
            changes[name] = made
    return _with(node, changes) if changes else node


def _replaced_in(value: Any, fn: Callable[[Any], Any]) -> Any:
    if _is_node(value):
        return replace_top_down(value, fn)
    if value.__class__ is tuple and value:
        out = tuple(_replaced_in(item, fn) for item in value)
        return out if any(a is not b for a, b in zip(out, value)) else value
    return value


def rebuild_body(body: tuple[Any, ...], fn: Callable[[Any], Any],
                 memo: Optional[dict[Any, Any]] = None) -> tuple[Any, ...]:
    """A tuple of statements, each rebuilt (a statement may become several, or none)."""
    if not body:
        return body
    out: tuple[Any, ...] = _rebuild_value(body, fn, memo)
    return out


def renumber(node: Any, slot: Callable[[int], int]) -> Any:
    """node with every local slot inside it renumbered by `slot`."""
    def change(n: Any) -> Any:
        names = SLOT_FIELDS.get(type(n), ())
        pairs = PAIR_FIELDS.get(type(n), ())
        if not names and not pairs:
            return n
        new: dict[str, Any] = {name: slot(getattr(n, name)) for name in names}
        for name in pairs:
            new[name] = tuple((slot(k), v) for k, v in getattr(n, name))
        return replace(n, **new)
    return rebuild(node, change)
