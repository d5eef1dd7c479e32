"""The compiled form (interpreter/ir) → C: one handler per expression and statement class.

The native twin of interpreter/pyback/exprs.py and stmts.py, value for value: a value of an
integer, truth, text or optional type is an int64 (none is INT64_MIN, a text its interned id); a
list is a `List`, a pointer to [n, items…] (constants are static arrays, temporaries live in a
scratch arena reset at each instruction). Numbers from the rules are printed as C integers and
texts become ids: nothing from a rules file reaches C as code.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.types import INT, Bool, List, Opt, Text, Type
from ..layout import PRESENT_BITS, words_for


class NativeUnsupported(Exception):
    """Something the native back-end does not compile: that game plays in Python (and says why)."""


def is_list(t: Type) -> bool:
    while isinstance(t, Opt):
        t = t.inner
    return isinstance(t, List)


def kind_of(t: Type) -> str:
    """How a value of type t is kept in a word: 'int', 'bool', 'text' or 'list'."""
    while isinstance(t, Opt):
        t = t.inner
    if isinstance(t, List):
        return "list"
    if isinstance(t, Bool):
        return "bool"
    if isinstance(t, Text):
        return "text"
    return "int"


def ctype(t: Type) -> str:
    return "List" if is_list(t) else "i64"


class Constants:
    """Static C arrays for constant lists, and the interned texts."""

    def __init__(self) -> None:
        self.arrays: list[str] = []
        self._arrays: dict = {}
        self.texts: list[str] = []
        self.text_ids: dict[str, int] = {}

    def text(self, value: str) -> int:
        found = self.text_ids.get(value)
        if found is None:
            found = self.text_ids[value] = len(self.texts)
            self.texts.append(value)
        return found

    def scalar(self, value: Any) -> str:
        if value is None:
            return "NONE"
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, int):
            if not -(1 << 62) < value < (1 << 62):
                raise NativeUnsupported(f"the number {value} is too large")
            return f"{value}LL" if abs(value) >= 1 << 31 else str(value)
        if isinstance(value, str):
            return str(self.text(value))
        if isinstance(value, (tuple, list)):
            return f"(i64)(intptr_t){self.array(tuple(value))}"
        raise NativeUnsupported(f"a constant {type(value).__name__}")

    def array(self, items: tuple) -> str:
        name = self._arrays.get(items)
        if name is None:
            values = [self.scalar(v) for v in items]
            name = self._arrays[items] = f"KL{len(self._arrays)}"
            self.arrays.append(f"static const i64 {name}[] = {{{', '.join([str(len(values))] + values)}}};")
        return f"((List){name})"


class Env:
    """How generated code reaches locals: access(slot) gives C text; set_list(slot, value) the
    statement that gives a list local a value."""

    def __init__(self, k: Constants, access: Callable[[int], str], types: Callable[[int], Type],
                 set_list: Callable[[int, str], str], fresh: list, reasons: list):
        self.k, self.access, self.types, self.set_list, self._fresh = k, access, types, set_list, fresh
        self.reasons = reasons  # end-game texts, as reason_parts gives them

    def fresh(self, stem: str) -> str:
        self._fresh[0] += 1
        return f"{stem}_{self._fresh[0]}"  # the underscore keeps clear of C's words (i64, if…)

    def assign(self, slot: int, value: str) -> str:
        if is_list(self.types(slot)):
            return self.set_list(slot, value)
        return f"{self.access(slot)} = {value};"


EXPRESSIONS: dict[type, Callable] = {}
STATEMENTS: dict[type, Callable] = {}
# Classes of the compiled form (and helpers) this back-end leaves to the Python one on purpose, and why (code
# reaching one raises NativeUnsupported: its function, or the game, plays in Python).
PYTHON_ONLY: dict = {
    x.Format: "texts built from values (logs, end-game reasons are taken apart by reason_parts)",
    x.Show: "texts built from values (logs, end-game reasons are taken apart by reason_parts)",
    "join": "texts built from values",
}
# Helpers c_Helper writes out itself (they need fresh names), beside the HELPERS table.
WRITTEN_OUT = frozenset({"min", "max", "best_of"})


def handles(table: dict, cls: type):
    def register(fn: Callable) -> Callable:
        table[cls] = fn
        return fn
    return register


def expr(e: x.Expr, env: Env) -> str:
    handler = EXPRESSIONS.get(type(e))
    if handler is None:
        raise NativeUnsupported(f"the expression {type(e).__name__}")
    return handler(e, env)


def bit_words(dom: x.Expr) -> Optional[tuple[int, list[x.Expr]]]:
    """(low, the words) when dom is a set kept as bits (passes/kinds.py), walked by FOR_BITS as one
    set: a zone's kinds present (its presence words; low 0), or the nodes of words of bits in turn,
    `nodes_of_bits(low, w0) ++ nodes_of_bits(low + PRESENT_BITS, w1) ++ …`."""
    if isinstance(dom, x.Present):
        if dom.bits is None:
            return None
        words = [dom.bits] + [x.Binary("+", dom.bits, x.Const(w, type=dom.bits.type), type=dom.bits.type)
                              for w in range(1, words_for(dom.kinds))]
        return 0, [x.Load(word, type=INT) for word in words]
    parts: list[x.Expr] = []
    while isinstance(dom, x.Concat):
        parts.insert(0, dom.right)
        dom = dom.left
    parts.insert(0, dom)
    lows: list[Any] = []
    for part in parts:
        if not (isinstance(part, x.Helper) and part.name == "nodes_of_bits" and isinstance(part.args[0], x.Const)):
            return None
        lows.append(part.args[0].value)
    if any(low != lows[0] + i * PRESENT_BITS for i, low in enumerate(lows)):
        return None
    return lows[0], [part.args[1] for part in parts if isinstance(part, x.Helper)]


def loop(var_set: str, var: str, dom: x.Expr, env: Env, body: str, snapshot: bool, release: bool = True) -> str:
    """C running body once per element of dom (bound by var_set, with `var` the element), in order.
    `snapshot`: take the domain first (the body may change what it was read from)."""
    mark = env.fresh("mk")
    keep = f"i64 {mark} = arena_top;" if release else ""
    back = f"arena_top = {mark};" if release else ""
    if isinstance(dom, x.IntRange):
        hi, lo = env.fresh("h"), env.fresh("lo")
        tick = f"if ({hi} >= {lo}) TICK({hi} - {lo} + 1);" if dom.span is not None else ""
        return (f"{{ i64 {lo} = {expr(dom.low, env)}; i64 {hi} = {expr(dom.high, env)}; {tick} {keep} "
                f"for (i64 {var} = {lo}; {var} <= {hi}; {var}++) {{ {var_set} {body} {back} }} }}")
    walked = bit_words(dom)
    if walked is not None:  # a set kept as bits, word after word (passes/kinds.py): no list made
        low, loads = walked
        bits, at = env.fresh("nb"), env.fresh("nv")
        # the words are read at the start: a body that moves the zone's pieces walks them as they were
        take = f"i64 {bits}[{len(loads)}] = {{{', '.join(expr(load, env) for load in loads)}}};"
        return (f"{{ {take} {keep} FOR_BITS({bits}, {at}, {len(loads)}) {{ i64 {var} = {low} + {at}; "
                f"{var_set} {body} {back} }} }}")
    if isinstance(dom, x.Present) and not snapshot:  # the zone's kinds walked in place: no list made
        base, left = env.fresh("zb"), env.fresh("zl")
        walk = (f"i64 {left} = {pieces_in(dom, env)}; {keep} FOR_PRESENT({base}, {var}, {dom.kinds}, {left})"
                if dom.total is not None else f"{keep} FOR_EACH_PRESENT({base}, {var}, {dom.kinds})")
        return f"{{ const i64 *{base} = &D[{expr(dom.addr, env)}]; {walk} {{ {var_set} {body} {back} }} }}"
    if isinstance(dom, x.Concat) and not snapshot:  # two lists walked one after the other: none joined
        a, b, i = env.fresh("ca"), env.fresh("cb"), env.fresh("i")
        tick = f"TICK({a}[0] + {b}[0]);" if dom.span is not None else ""  # as lconcat_counted
        return (f"{{ List {a} = {expr(dom.left, env)}; List {b} = {expr(dom.right, env)}; {tick} {keep} "
                f"for (i64 {i} = 1; {i} <= {a}[0] + {b}[0]; {i}++) "
                f"{{ i64 {var} = {i} <= {a}[0] ? {a}[{i}] : {b}[{i} - {a}[0]]; {var_set} {body} {back} }} }}")
    items, i = env.fresh("l"), env.fresh("i")
    source = expr(dom, env)
    if snapshot and isinstance(dom, (x.Load, x.Local, x.Index)):
        source = f"lcopy_tmp(S, {source})"
    return (f"{{ List {items} = {source}; {keep} for (i64 {i} = 1; {i} <= {items}[0]; {i}++) "
            f"{{ i64 {var} = {items}[{i}]; {var_set} {body} {back} }} }}")


# ---------------------------------------------------------------- expressions
@handles(EXPRESSIONS, x.Const)
def c_Const(e: x.Const, env: Env) -> str:
    if isinstance(e.value, (tuple, list)):
        return env.k.array(tuple(e.value))
    return env.k.scalar(e.value)


@handles(EXPRESSIONS, x.Local)
def c_Local(e: x.Local, env: Env) -> str:
    return env.access(e.slot)


@handles(EXPRESSIONS, x.Load)
def c_Load(e: x.Load, env: Env) -> str:
    if is_list(e.type):
        return f"LISTAT({expr(e.addr, env)})"
    return f"D[{expr(e.addr, env)}]"


@handles(EXPRESSIONS, x.Binary)
def c_Binary(e: x.Binary, env: Env) -> str:
    left, right = expr(e.left, env), expr(e.right, env)
    if is_list(e.left.type) or is_list(e.right.type):
        if e.op in ("==", "!="):
            return f"({'' if e.op == '==' else '!'}lequal({left}, {right}))"
        raise NativeUnsupported(f"'{e.op}' between lists")
    if e.op in ("//", "%"):
        return f"fdiv(S, {left}, {right}, {1 if e.op == '%' else 0})"
    return f"({left} {e.op} {right})"


@handles(EXPRESSIONS, x.Logic)
def c_Logic(e: x.Logic, env: Env) -> str:
    op = " && " if e.op == "and" else " || "
    return "(" + op.join(f"({expr(i, env)})" for i in e.items) + ")"


@handles(EXPRESSIONS, x.Not)
def c_Not(e: x.Not, env: Env) -> str:
    return f"(!({expr(e.operand, env)}))"


@handles(EXPRESSIONS, x.Neg)
def c_Neg(e: x.Neg, env: Env) -> str:
    return f"(-({expr(e.operand, env)}))"


@handles(EXPRESSIONS, x.Cond)
def c_Cond(e: x.Cond, env: Env) -> str:
    return f"(({expr(e.test, env)}) ? ({expr(e.then, env)}) : ({expr(e.other, env)}))"


@handles(EXPRESSIONS, x.Checked)
def c_Checked(e: x.Checked, env: Env) -> str:
    return f"IX({expr(e.value, env)}, {e.low}, {e.size})"


@handles(EXPRESSIONS, x.CallFn)
def c_CallFn(e: x.CallFn, env: Env) -> str:
    return f"f{e.fn}(S{''.join(', ' + expr(a, env) for a in e.args)})"


def _size(e: x.Expr) -> int:
    if not isinstance(e, x.Const) or not isinstance(e.value, tuple):
        raise NativeUnsupported("a board's nodes that are not constant")
    return len(e.value)


HELPERS: dict[str, Callable] = {
    "take": lambda a, e: f"take(S, D, {a[0]}, IXN({a[1]}), {a[2]})",
    "draw_one": lambda a, e: f"draw_one(S, D, {a[0]}, {a[1]})",
    "pile_draw": lambda a, e: f"pile_draw(S, D, {a[0]})",
    "remove_from_pile": lambda a, e: f"remove_from_pile(S, D, {a[0]}, {a[1]}, {a[2]})",
    "shuffle": lambda a, e: f"shuffle(S, D, {a[0]})",
    "repetitions": lambda a, e: "rb_repetitions(S)",  # position.c: the game's history and position slots
    "zones_present": lambda a, e: f"lpresent_any(S, D, {a[0]}, {a[1]})",
    "pick": lambda a, e: f"lpick(S, {a[0]})",
    "roll": lambda a, e: f"roll(S, D, {a[0]}, {a[1]})",
    "load_die": lambda a, e: f"load_die(S, {a[0]}, {a[1]})",
    "groups": lambda a, e: f"lgroups(S, D, {a[0]}, {a[1]})",
    "tiles": lambda a, e: f"ltiles(S, D, {a[0]}, {_size(e.args[1])}, {a[2]}, {a[3]})",
    "merge": lambda a, e: f"merge(S, D, {a[0]}, {_size(e.args[1])}, {a[2]}, {a[3]}, {a[4]})",
    "ring_step": lambda a, e: f"ring_step({a[0]}, {a[1]}, {a[2]}, {a[3]})",
    "ring_group_step": lambda a, e: f"ring_group_step(D, {a[0]}, {a[1]}, {a[2]}, {a[3]}, {a[4]})",
    "ring_group_neighbours": lambda a, e: f"lring_group_neighbours(S, D, {a[0]}, {a[1]}, {a[2]}, {a[3]})",
    "graph_group_neighbours": lambda a, e:
        f"lgraph_group_neighbours(S, D, {a[0]}, {a[1]}, {_size(e.args[3])}, {a[2]}, -1, {a[4]})",
    "network_group_neighbours": lambda a, e:
        f"lgraph_group_neighbours(S, D, {a[0]}, {a[2]}, {_size(e.args[3])}, NULL, {a[1]}, {a[4]})",
    "connect": lambda a, e: f"connect(S, D, {a[0]}, {a[1]}, {a[2]}, {a[3]})",
    "links_at": lambda a, e: f"links_at(S, {a[0]}, {a[1]}, {a[2]})",
    "links_from": lambda a, e: f"links_from(S, {a[0]}, {a[1]}, {a[2]}, {a[3]})",
    "reversed": lambda a, e: f"lreversed(S, {a[0]})",
    "index_of": lambda a, e: f"lindex(S, {a[0]}, {a[1]})",
    "key_position": lambda a, e: f"lookup(S, {a[0]}, {a[1]})",
    "top": lambda a, e: f"ltop({a[0]})",
    "draw_into": lambda a, e: f"draw_into(S, D, {a[0]}, {a[1]}, {a[2]}, {a[3]}, {a[4]}, {a[5]})",
    "keep_present": lambda a, e: f"keep_present(D, {a[0]}, {a[1]}, {a[2]})",
    "merge_kept": lambda a, e:
        f"merge_kept(S, D, {a[0]}, {_size(e.args[1])}, {a[2]}, {a[3]}, {a[4]}, {a[5]}, {a[6]})",
    "abs": lambda a, e: f"llabs({a[0]})",
    "common_bits": lambda a, e: f"(({a[0]}) & ({a[1]}) & ({a[2]}))",
    "nodes_of_bits": lambda a, e: f"lnodes_of_bits(S, {a[0]}, {a[1]})",
}


@handles(EXPRESSIONS, x.Helper)
def c_Helper(e: x.Helper, env: Env) -> str:
    if e.name == "key_position" and all(isinstance(a, x.Const) for a in e.args) and e.args[1].value in e.args[0].value:
        return str(tuple(e.args[0].value).index(e.args[1].value))  # a row named in the rules: found once, here
    args = [expr(a, env) for a in e.args]
    if e.name in ("min", "max"):
        names = [env.fresh("m") for _ in args]
        decls = " ".join(f"i64 {n} = {a};" for n, a in zip(names, args))
        better = "<" if e.name == "min" else ">"
        steps = " ".join(f"if ({n} {better} {names[0]}) {names[0]} = {n};" for n in names[1:])
        return f"({{ {decls} {steps} {names[0]}; }})"
    if e.name == "best_of":
        return _best_of(args, env)
    make = HELPERS.get(e.name)
    if make is None:
        raise NativeUnsupported(f"the helper {e.name}")
    return make(args, e)


def _best_of(args: list, env: Env) -> str:
    """best_of(v1, k1, v2, k2, …): the v with strictly the highest k, none when it is shared."""
    names = [env.fresh("b") for _ in args]
    decls = " ".join(f"i64 {n} = {a};" for n, a in zip(names, args))
    top, winner, tied = env.fresh("t"), env.fresh("w"), env.fresh("d")
    steps = " ".join(f"if ({names[i + 1]} > {top}) {{ {top} = {names[i + 1]}; {winner} = {names[i]}; {tied} = 0; }} "
                     f"else if ({names[i + 1]} == {top}) {tied} = 1;" for i in range(2, len(names), 2))
    return (f"({{ {decls} i64 {top} = {names[1]}, {winner} = {names[0]}; int {tied} = 0; {steps} "
            f"{tied} ? NONE : {winner}; }})")


@handles(EXPRESSIONS, x.MakeList)
def c_MakeList(e: x.MakeList, env: Env) -> str:
    if not e.items:
        return env.k.array(())
    out = env.fresh("o")
    sets = " ".join(f"lpush(S, {out}, {expr(item, env)});" for item in e.items)
    return f"({{ i64 *{out} = lnew(S); {sets} (List){out}; }})"


@handles(EXPRESSIONS, x.Concat)
def c_Concat(e: x.Concat, env: Env) -> str:
    counted = "_counted" if e.span is not None else ""  # as the Python back-end's steps_concat
    return f"lconcat{counted}(S, {expr(e.left, env)}, {expr(e.right, env)})"


@handles(EXPRESSIONS, x.Index)
def c_Index(e: x.Index, env: Env) -> str:
    value = f"lat(S, {expr(e.seq, env)}, {expr(e.index, env)})"
    return f"((List)(intptr_t){value})" if is_list(e.type) else value


@handles(EXPRESSIONS, x.Length)
def c_Length(e: x.Length, env: Env) -> str:
    seq = e.seq
    if isinstance(seq, x.Comp) and seq.form in ("list", "leading") and isinstance(seq.element, (x.Local, x.Const)):
        # the length of a list or leading() of plain elements: counted, without making the list
        acc = env.fresh("a")
        hoist, text = _listing_loop(seq, env, lambda inner: f"{acc}++;")
        return f"({{ {hoist} i64 {acc} = 0; {text} {acc}; }})"
    if isinstance(e.seq, x.IntRange):
        low, high = env.fresh("a"), env.fresh("b")
        return (f"({{ i64 {low} = {expr(e.seq.low, env)}, {high} = {expr(e.seq.high, env)}; "
                f"{high} >= {low} ? {high} - {low} + 1 : 0; }})")
    return f"({expr(e.seq, env)})[0]"


@handles(EXPRESSIONS, x.Contains)
def c_Contains(e: x.Contains, env: Env) -> str:
    item = expr(e.item, env)
    if isinstance(e.seq, x.IntRange):
        v = env.fresh("c")
        test = (f"({{ i64 {v} = {item}; {v} != NONE && {v} >= {expr(e.seq.low, env)} && "
                f"{v} <= {expr(e.seq.high, env)}; }})")
    else:
        test = f"lcontains({expr(e.seq, env)}, {item})"
    return f"(!{test})" if e.negate else test


@handles(EXPRESSIONS, x.IntRange)
def c_IntRange(e: x.IntRange, env: Env) -> str:
    counted = "_counted" if e.span is not None else ""
    return f"lrange{counted}(S, {expr(e.low, env)}, {expr(e.high, env)})"


def lazily(hoisted: tuple, env: Env) -> tuple:
    """(declarations, the env for the element and condition): each hoisted value is worked out
    where it is first read, then kept (as the Python back-end does: a value no element needs is
    never worked out, so it cannot fail)."""
    if not hoisted:
        return "", env
    values = dict(hoisted)
    cells = {slot: (env.fresh("hv"), env.fresh("hd")) for slot in values}
    decls = " ".join(f"{ctype(values[slot].type)} {v} = {'EMPTY' if is_list(values[slot].type) else 'NONE'}; "
                     f"int {done} = 0;" for slot, (v, done) in cells.items())
    inner = Env(env.k, env.access, env.types, env.set_list, env._fresh, env.reasons)

    def access(slot: int) -> str:
        if slot not in cells:
            return env.access(slot)
        v, done = cells[slot]
        return f"({{ if (!{done}) {{ {v} = {expr(values[slot], inner)}; {done} = 1; }} {v}; }})"
    inner.access = access
    return decls, inner


def _comp_loop(e, env: Env, body: Callable[[Env], str]) -> tuple:
    """(declarations, the loop running body(env) per element of e's domain where e's condition holds)."""
    decls, inner = lazily(e.hoisted, env)
    element = env.fresh("e")
    text = body(inner)
    if e.cond is not None:
        text = f"if ({expr(e.cond, inner)}) {{ {text} }}"
    # a hoisted list lives in the scratch arena from the round that made it: keep every round's
    release = not any(is_list(value.type) for _, value in e.hoisted)
    return decls, loop(env.assign(e.var, element), element, e.domain, env, text, snapshot=False, release=release)


def _listing_loop(e: x.Comp, env: Env, body: Callable[[Env], str]) -> tuple:
    """A list's or leading()'s loop: body per element kept; leading() stops at the first element
    its condition fails (a list skips it)."""
    if e.form == "leading" and e.cond is not None:
        stop: x.Expr = e.cond
        return _comp_loop(replace(e, cond=None), env, lambda inner: f"if (!({expr(stop, inner)})) break; {body(inner)}")
    return _comp_loop(e, env, body)


@handles(EXPRESSIONS, x.Comp)
def c_Comp(e: x.Comp, env: Env) -> str:
    acc = env.fresh("a")

    def element(inner: Env) -> str:
        return expr(e.element, inner) if e.form != "count" else "1"
    if e.form in ("list", "leading"):
        hoist, text = _listing_loop(e, env, lambda inner: f"lpush(S, {acc}, {element(inner)});")
        return f"({{ {hoist} i64 *{acc} = lnew(S); {text} (List){acc}; }})"
    if e.form in ("sum", "count"):
        hoist, text = _comp_loop(e, env, lambda inner: f"{acc} += {element(inner)};")
        return f"({{ {hoist} i64 {acc} = 0; {text} {acc}; }})"
    if e.form in ("max", "min"):
        seen, v = env.fresh("s"), env.fresh("v")
        better = ">" if e.form == "max" else "<"
        hoist, text = _comp_loop(e, env, lambda inner: f"i64 {v} = {element(inner)}; "
                                                       f"if (!{seen} || {v} {better} {acc}) {{ {acc} = {v}; {seen} = 1; }}")
        return f"({{ {hoist} i64 {acc} = 0; int {seen} = 0; {text} {acc}; }})"
    if e.form in ("any", "all"):
        start, hit = ("0", "1") if e.form == "any" else ("1", "0")

        def test(inner: Env) -> str:
            value = element(inner)
            return f"if ({value if e.form == 'any' else '!(' + value + ')'}) {{ {acc} = {hit}; break; }}"
        hoist, text = _comp_loop(e, env, test)
        return f"({{ {hoist} i64 {acc} = {start}; {text} {acc}; }})"
    raise NativeUnsupported(f"a comprehension '{e.form}'")


@handles(EXPRESSIONS, x.BestOf)
def c_BestOf(e: x.BestOf, env: Env) -> str:
    top, winner, tied, seen, v = (env.fresh(n) for n in ("b", "w", "d", "s", "v"))
    hoist, text = _comp_loop(e, env, lambda inner: (
        f"i64 {v} = {expr(e.key, inner)}; if (!{seen} || {v} > {top}) {{ {top} = {v}; "
        f"{winner} = {env.access(e.var)}; {tied} = 0; {seen} = 1; }} else if ({v} == {top}) {tied} = 1;"))
    return (f"({{ {hoist} i64 {top} = 0, {winner} = NONE; int {tied} = 0, {seen} = 0; "
            f"{text} {tied} ? NONE : {winner}; }})")


@handles(EXPRESSIONS, x.SortBy)
def c_SortBy(e: x.SortBy, env: Env) -> str:
    if len(e.keys) > 4:
        raise NativeUnsupported("sorting by more than 4 keys")
    out, keys = env.fresh("o"), env.fresh("k")
    sets = " ".join(f"{keys}[n_ * 4 + {i}] = {expr(k, env)};" for i, k in enumerate(e.keys))
    element = env.fresh("e")
    body = f"i64 n_ = {out}[0]; lpush(S, {out}, {element}); {sets}"
    return (f"({{ i64 *{out} = lnew(S); i64 {keys}[LCAP * 4]; "
            f"{loop(env.assign(e.var, element), element, e.domain, env, body, snapshot=False, release=False)} "
            f"lsort(S, {out}, {keys}, {len(e.keys)}); (List){out}; }})")


@handles(EXPRESSIONS, x.ZoneTotal)
def c_ZoneTotal(e: x.ZoneTotal, env: Env) -> str:
    return f"zcount(D, {expr(e.addr, env)}, {e.width})"


@handles(EXPRESSIONS, x.Present)
def c_Present(e: x.Present, env: Env) -> str:
    if e.bits is not None:
        return f"lpresent_bits(S, &D[{expr(e.bits, env)}], {words_for(e.kinds)})"
    return f"lpresent(S, D, {expr(e.addr, env)}, {e.kinds}, {pieces_in(e, env)})"


def pieces_in(e: x.Present, env: Env) -> str:
    """How many pieces the zone of e holds, as far as a walk of its kinds needs: the kept count,
    or no bound when none is kept."""
    return f"D[{expr(e.total, env)}]" if e.total is not None else "INT64_MAX"


@handles(EXPRESSIONS, x.NoMods)
def c_NoMods(e: x.NoMods, env: Env) -> str:
    return "(S->nmods == 0)"


@handles(EXPRESSIONS, x.ApplyMods)
def c_ApplyMods(e: x.ApplyMods, env: Env) -> str:
    args = "".join(", " + expr(a, env) for a in e.args)
    return f"MODS{e.value}(S, {expr(e.base, env)}{args})"


@handles(EXPRESSIONS, x.CellValue)
def c_CellValue(e: x.CellValue, env: Env) -> str:
    member = env.fresh("m")
    args = "".join(", " + expr(a, env) for a in e.args)
    return f"({{ i64 {member} = IXN({expr(e.member, env)}); CELLS{e.code}[{member}](S, {member}{args}); }})"


@handles(EXPRESSIONS, x.OrElse)
def c_OrElse(e: x.OrElse, env: Env) -> str:
    first = env.fresh("o")
    return f"({{ List {first} = {expr(e.first, env)}; {first}[0] ? {first} : {expr(e.other, env)}; }})"


@handles(EXPRESSIONS, x.Select)
def c_Select(e: x.Select, env: Env) -> str:
    """Every item, then every condition, worked out (as the Python back-end does)."""
    out = env.fresh("o")
    items = [env.fresh("i") for _ in e.items]
    conds = [env.fresh("c") for _ in e.conds]
    decls = " ".join(f"{ctype(v.type)} {n} = {expr(v, env)};" for n, v in zip(items + conds, e.items + e.conds))
    pushes = " ".join(f"if ({c}) lpush(S, {out}, {'(i64)(intptr_t)' if is_list(v.type) else ''}{i});"
                      for i, c, v in zip(items, conds, e.items))
    return f"({{ {decls} i64 *{out} = lnew(S); {pushes} (List){out}; }})"


@handles(EXPRESSIONS, x.Reached)
def c_Reached(e: x.Reached, env: Env) -> str:
    """A counting build's mark: the point (or, for a table's row, the point plus the row) and the value."""
    if not e.offset:
        return f"(MARK({e.point}), {expr(e.value, env)})"
    v = env.fresh("rw")
    return f"({{ i64 {v} = {expr(e.value, env)}; if ({v} != NONE) MARK({e.point} + {v}); {v}; }})"


@handles(EXPRESSIONS, x.FrameIndex)
def c_FrameIndex(e: x.FrameIndex, env: Env) -> str:
    return "(S->nframes - 1)"


# ---------------------------------------------------------------- statements
def body(stmts, env: Env) -> str:
    return " ".join(statement(st, env) for st in stmts) or ";"


def statement(st: s.Stmt, env: Env) -> str:
    handler = STATEMENTS.get(type(st))
    if handler is None:
        raise NativeUnsupported(f"the statement {type(st).__name__}")
    return handler(st, env)


@handles(STATEMENTS, s.SetLocal)
def c_SetLocal(st: s.SetLocal, env: Env) -> str:
    return env.assign(st.slot, expr(st.value, env))


@handles(STATEMENTS, s.Store)
def c_Store(st: s.Store, env: Env) -> str:
    if is_list(st.value.type):
        return f"lassign(S, D, {expr(st.addr, env)}, {expr(st.value, env)});"
    return f"D[{expr(st.addr, env)}] = {expr(st.value, env)};"


@handles(STATEMENTS, s.Update)
def c_Update(st: s.Update, env: Env) -> str:
    return f"D[{expr(st.addr, env)}] {st.op}= {expr(st.value, env)};"


@handles(STATEMENTS, s.UpdateLocal)
def c_UpdateLocal(st: s.UpdateLocal, env: Env) -> str:
    return f"{env.access(st.slot)} {st.op}= {expr(st.value, env)};"


@handles(STATEMENTS, s.Do)
def c_Do(st: s.Do, env: Env) -> str:
    return f"(void)({expr(st.expr, env)});"


@handles(STATEMENTS, s.Reach)
def c_Reach(st: s.Reach, env: Env) -> str:
    return f"MARK({st.point});"


@handles(STATEMENTS, s.If)
def c_If(st: s.If, env: Env) -> str:
    out = []
    for i, (cond, inner) in enumerate(st.branches):
        out.append(f"{'if' if i == 0 else 'else if'} ({expr(cond, env)}) {{ {body(inner, env)} }}")
    if st.otherwise:
        out.append(f"else {{ {body(st.otherwise, env)} }}")
    return " ".join(out)


def _assigns_list(stmts) -> bool:
    """Does a loop body give a list to a local? (then its scratch lists must outlive each round)"""
    for st in stmts:
        if isinstance(st, s.SetLocal) and is_list(st.value.type):
            return True
        inner = [getattr(st, "body", ()), getattr(st, "otherwise", ())]
        if isinstance(st, s.If):
            inner += [b for _, b in st.branches]
        if any(isinstance(b, tuple) and _assigns_list(b) for b in inner):
            return True
    return False


@handles(STATEMENTS, s.ForEach)
def c_ForEach(st: s.ForEach, env: Env) -> str:
    element = env.fresh("e")
    moved = _moved_count(st.body)
    text = body(st.body, env) if moved is None else \
        f"{statement(st.body[0], env)} if ({env.access(moved)} != 0) {{ {body(st.body[1:], env)} }}"
    return loop(env.assign(st.var, element), element, st.domain, env, text, snapshot=True,
                release=not _assigns_list(st.body))


def _moved_count(stmts: tuple) -> Optional[int]:
    """The local c of a round `c = D[a]; D[a] = 0; D[b] += c; …` (the lowering of a zone's pieces
    moved kind by kind), whose every later statement does nothing when c is 0: the round is then
    skipped after its first statement (most kinds are absent). Else None. Only plain addresses
    qualify, so that nothing skipped could fail or mark a reach point."""
    if len(stmts) < 2 or not isinstance(stmts[0], s.SetLocal) or not isinstance(stmts[0].value, x.Load):
        return None
    c, source = stmts[0].slot, stmts[0].value.addr
    cleared = stmts[1]
    if not (isinstance(cleared, s.Store) and cleared.addr == source and isinstance(cleared.value, x.Const)
            and cleared.value.value == 0):
        return None
    for later in stmts[2:]:
        if not (isinstance(later, s.Update) and later.op in ("+", "-") and isinstance(later.value, x.Local)
                and later.value.slot == c
                and _plain_address(later.addr)):
            return None
    return c if _plain_address(source) else None


def _plain_address(e: x.Expr) -> bool:
    """Arithmetic on locals and constants that cannot fail (a division only by a nonzero constant)."""
    if isinstance(e, (x.Local, x.Const)):
        return isinstance(e, x.Local) or isinstance(e.value, int)
    if isinstance(e, x.Binary) and e.op in ("+", "-", "*", "//", "%"):
        if e.op in ("//", "%") and not (isinstance(e.right, x.Const) and isinstance(e.right.value, int) and e.right.value):
            return False
        return _plain_address(e.left) and _plain_address(e.right)
    return False


@handles(STATEMENTS, s.While)
def c_While(st: s.While, env: Env) -> str:
    return f"while ({expr(st.cond, env)}) {{ {body(st.body, env)} }}"


@handles(STATEMENTS, s.Break)
def c_Break(st: s.Break, env: Env) -> str:
    return "break;"


@handles(STATEMENTS, s.Tick)
def c_Tick(st: s.Tick, env: Env) -> str:
    return f"TICK({expr(st.steps, env)});"


@handles(STATEMENTS, s.Return)
def c_Return(st: s.Return, env: Env) -> str:
    return "return 0;" if st.value is None else f"return {expr(st.value, env)};"


@handles(STATEMENTS, s.AddModifier)
def c_AddModifier(st: s.AddModifier, env: Env) -> str:
    m = env.fresh("md")
    sets = " ".join(f"{m}->C[{i}] = {expr(c, env)};" for i, c in enumerate(st.captured))
    # every value a modifier changes reads them all: their number from the step budget, as in Python
    return f"{{ Mod *{m} = push_mod(S, {st.modifier}, {st.until}); {sets} TICK(S->nmods); }}"


@handles(STATEMENTS, s.EndSpan)
def c_EndSpan(st: s.EndSpan, env: Env) -> str:
    return f"if (S->nmods) end_span(S, {st.until});"


@handles(STATEMENTS, s.Log)
def c_Log(st: s.Log, env: Env) -> str:
    return ";"  # native play keeps no log: the line is never made


@handles(STATEMENTS, s.PushAllow)
def c_PushAllow(st: s.PushAllow, env: Env) -> str:
    a = env.fresh("al")
    sets = " ".join(f"{a}->args[{i}] = {expr(v, env)};" for i, v in enumerate(st.args))
    return f"{{ Allow *{a} = push_allow(S, {st.action}, {expr(st.player, env)}); {sets} }}"


@handles(STATEMENTS, s.PopAllow)
def c_PopAllow(st: s.PopAllow, env: Env) -> str:
    return "S->nallows--;"


@handles(STATEMENTS, s.RunCell)
def c_RunCell(st: s.RunCell, env: Env) -> str:
    member = env.fresh("m")
    args = "".join(", " + expr(a, env) for a in st.args)
    return f"{{ i64 {member} = IXN({expr(st.member, env)}); if (RUN{st.code}[{member}]) RUN{st.code}[{member}](S, {member}{args}); }}"


@handles(STATEMENTS, s.QueueFrame)
def c_QueueFrame(st: s.QueueFrame, env: Env) -> str:
    f = env.fresh("pf")
    sets = " ".join(f"{f}->L[{i}] = {expr(a, env)};" for i, a in enumerate(st.args))
    return f"{{ Frame *{f} = pend(S, {st.block}, 0); {sets} }}"


@handles(STATEMENTS, s.QueueCell)
def c_QueueCell(st: s.QueueCell, env: Env) -> str:
    member, f = env.fresh("m"), env.fresh("pf")
    args = [expr(a, env) for a in st.args]
    sets = " ".join(f"{f}->L[{i + 1}] = {a};" for i, a in enumerate(args))
    call = "".join(", " + a for a in args)
    return (f"{{ i64 {member} = IXN({expr(st.member, env)}); if (RUN{st.code}_BLOCKS[{member}] >= 0) "
            f"{{ Frame *{f} = pend(S, RUN{st.code}_BLOCKS[{member}], 0); {f}->L[0] = {member}; {sets} }} "
            f"else if (RUN{st.code}[{member}]) RUN{st.code}[{member}](S, {member}{call}); }}")


@handles(STATEMENTS, s.CancelCaller)
def c_CancelCaller(st: s.CancelCaller, env: Env) -> str:
    return f"S->frames[{env.access(st.depth)}].L[{env.access(st.flag)}] = 1;"


def reason_parts(e: x.Expr, env: Env, parts: list, args: list, lists: list) -> None:
    """An end-game text as literal pieces and shown values: (arg index, how, kind) each; a shown
    list is (list index, how, "list", its items' kind), its items kept in S->reason_lists."""
    if isinstance(e, x.Const) and isinstance(e.value, str):
        parts.append(e.value)
    elif isinstance(e, x.Format):
        for part in e.parts:
            reason_parts(part, env, parts, args, lists)
    elif isinstance(e, x.Show) and is_list(e.value.type):
        t = e.value.type
        while isinstance(t, Opt):
            t = t.inner
        assert isinstance(t, List)
        parts.append((len(lists), e.how, "list", kind_of(t.elem)))
        lists.append(expr(e.value, env))
    elif isinstance(e, x.Show):
        parts.append((len(args), e.how, kind_of(e.value.type)))
        args.append(expr(e.value, env))
    elif isinstance(e.type, Text):
        parts.append((len(args), ("plain",), "text"))
        args.append(expr(e, env))
    else:
        raise NativeUnsupported(f"an end-game text made of {type(e).__name__}")


@handles(STATEMENTS, s.EndGame)
def c_EndGame(st: s.EndGame, env: Env) -> str:
    parts: list = []
    args: list = []
    lists: list = []
    reason_parts(st.reason, env, parts, args, lists)
    if len(args) > 8 or len(lists) > 4:
        raise NativeUnsupported("an end-game text of more than 8 values or 4 lists")
    index = len(env.reasons)
    env.reasons.append(tuple(parts))
    sets = " ".join(f"S->reason_args[{i}] = {a};" for i, a in enumerate(args))
    sets += "".join(f" lcopy_into(S, S->reason_lists[{i}], {a});" for i, a in enumerate(lists))
    return f"{{ {sets} game_over(S, {expr(st.winners, env)}, {int(st.by_player)}, {index}); }}"
