"""A game's compiled form (game.compiled.ir) → one C source: sizes, constants, functions, block
instructions, decision tables, then the run-time and the playout loop.

Blocks, pcs, frame locals, decision sites and modifier sites are the IR's own numbers, so a frame
means the same in the native state as in the Python back-end's. A function the C cannot say (a
text built from values, say, which only logs use) becomes a function that hands the game to the
Python back-end if play ever reaches it; a block instruction it cannot say makes the whole game
play in Python (NativeUnsupported, with the reason).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Sequence

from ..ir import exprs as x
from ..ir import stmts as s
from ..ir.program import Block, Function, GameIR
from . import ctext  # noqa: F401  (registers the text handlers)
from .cemit import Constants, Env, NativeUnsupported, _comp_loop, body, ctype, expr, is_list, kind_of, loop, bit_words

LCAP_MIN = 64
MAXF = 64
MAXM = 32
MAXA = 16
MAXRA = 8
MAXTUPLES = 8192
MAXCHOICES = 64
ARENA_LISTS = 4096
MAXNODES = 1 << 16  # MCTS tree nodes for one decision's search
HISTORY_CAP = 4096  # positions a game asking repetitions() keeps natively (decisions of one game)


@dataclass(frozen=True)
class Sizes:
    lcap: int
    maxl: int
    maxr: int
    maxc: int
    maxargs: int
    maxw: int
    maxb: int
    ndata: int
    region_base: dict  # list slot of the data -> offset of its region
    score_words: int
    history: int = -1  # a game asking repetitions(): the slot of its positions' digests
    hcap: int = 0  # … and how many that list can hold (a game longer than that plays in Python)


class CGame:
    """The C text of one game (`source`) and what Python needs to read its states and outcomes."""

    def __init__(self, ir: GameIR):
        self.ir = ir
        self.k = Constants()
        self.fresh = [0]
        self.reasons: list = []
        self.unsupported: dict[str, str] = {}  # functions left to the Python back-end, and why
        self.prototypes: list[str] = []
        self.functions: list[str] = []
        self.lcap = max([LCAP_MIN, ir.player_count] + [2 * b.size for b in ir.layout.boards.values()]
                        + [2 * n for n in ir.naming.kind_sizes.values()])
        self.regions = [self._regions(b) for b in ir.blocks]
        self.data_kinds = [kind_of(t) for t in ir.slot_types]
        self.sizes = self._sizes()
        for i, fn in enumerate(ir.functions):
            self._function(i, fn)
        self._modified_values()
        instructions = [self._instruction(b, pc) for b, block in enumerate(ir.blocks) for pc in range(len(block.instrs))]
        cells, decisions = self._cells(), self._decisions()
        self.stat_kinds = self._outcome_extras()
        self.source = self._assemble(instructions, cells, decisions)

    # ------------------------------------------------------------ layout of frames and data
    def _regions(self, block: Block) -> dict:
        """Frame local slot -> list region, for the block's list locals kept in the frame."""
        out: dict[int, int] = {}
        for slot, info in enumerate(block.locals):
            if info.frame and is_list(info.type):
                out[slot] = len(out)
        return out

    def _sizes(self) -> Sizes:
        ir = self.ir
        region_base = {}
        top = ir.layout.size
        history = ir.layout.history
        for slot, kind in enumerate(self.data_kinds):
            if kind == "list":
                region_base[slot] = top
                top += (HISTORY_CAP if slot == history else self.lcap) + 1
        maxb = max([len(c.bindings) for site in ir.sites for c in site.choices]
                   + [len(c.bindings) for a in ir.actions for c in a.choices] + [1])
        return Sizes(self.lcap, max([len(b.locals) for b in ir.blocks] + [1]),
                     max([len(r) for r in self.regions] + [1]), max([m.captured for m in ir.modifiers] + [1]),
                     max([ir.blocks[a.block].params for a in ir.actions] + [1]),
                     max(ir.player_count, len(ir.team_names), 1), maxb, top, region_base,
                     ir.player_count if ir.score is not None else 0, history, HISTORY_CAP if history >= 0 else 0)

    def env_function(self, fn: Function) -> Env:
        return Env(self.k, lambda slot: f"v{slot}", lambda slot: fn.locals[slot].type,
                   lambda slot, value: f"v{slot} = {value};", self.fresh, self.reasons)

    def env_block(self, b: int) -> Env:
        block = self.ir.blocks[b]
        regions = self.regions[b]

        def access(slot: int) -> str:
            info = block.locals[slot]
            if not info.frame:
                return f"t{slot}"
            if slot in regions:
                return f"((List)F->R[{regions[slot]}])"
            return f"F->L[{slot}]"

        def set_list(slot: int, value: str) -> str:
            if slot in regions:
                return f"lcopy_into(S, F->R[{regions[slot]}], {value}); F->L[{slot}] = 1;"
            return f"t{slot} = {value};"

        return Env(self.k, access, lambda slot: block.locals[slot].type, set_list, self.fresh, self.reasons)

    # ------------------------------------------------------------ functions
    def _function(self, index: int, fn: Function) -> None:
        env = self.env_function(fn)
        rtype = ctype(fn.result)
        captured = next((m.captured for m in self.ir.modifiers if m.fn == index), None)
        params = [f"{ctype(fn.locals[i].type)} v{i}" for i in range(fn.params)]
        head_params = params if captured is None else ["const i64 *C"] + params[captured:]
        head = f"static {rtype} f{index}(St *S{''.join(', ' + p for p in head_params)})"
        self.prototypes.append(head + ";")
        fallback = "return EMPTY;" if rtype == "List" else "return 0;"
        decls = []
        if captured:
            decls += [f"i64 v{i} = C[{i}];" for i in range(captured)]
        for slot in range(fn.params, len(fn.locals)):
            t = fn.locals[slot].type
            decls.append(f"List v{slot} = EMPTY;" if is_list(t) else f"i64 v{slot} = NONE;")
        try:
            text = body(fn.body, env)
        except NativeUnsupported as err:
            self.unsupported[f"f{index}"] = f"{fn.kind} {fn.name}: {err}"
            self.functions.append(f"{head} {{ fail(S, ST_UNSUPPORTED); {fallback} }}")
            return
        self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; {' '.join(decls)} {text} {fallback} }}")

    def _modified_values(self) -> None:
        """MODS<v>(S, result, args…): value v's result after its active modifiers, oldest first."""
        for v, value in enumerate(self.ir.values):
            fn = self.ir.functions[value.fn]
            types = [ctype(fn.locals[i].type) for i in range(fn.params)]
            rtype = ctype(fn.result)
            params = "".join(f", {t} a{i}" for i, t in enumerate(types))
            args = "".join(f", a{i}" for i in range(len(types)))
            cases = " ".join(f"case {m}: r = f{self.ir.modifiers[m].fn}(S, S->mods[i].C, r{args}); break;"
                             for m in value.modifiers)
            head = f"static {rtype} MODS{v}(St *S, {rtype} r{params})"
            self.prototypes.append(head + ";")
            self.functions.append(f"{head} {{ for (i64 i = 0; i < S->nmods; i++) switch (S->mods[i].site) "
                                  f"{{ {cases} default: break; }} return r; }}")

    def _cells(self) -> list[str]:
        out = []
        for c, code in enumerate(self.ir.codes):
            entries = [f"f{fn}" if fn >= 0 else (f"f{code.default}" if code.default >= 0 else "0")
                       for fn in code.functions]
            arity = next((self.ir.functions[fn].params for fn in list(code.functions) + [code.default] if fn >= 0), 1)
            rtype = next((ctype(self.ir.functions[fn].result) for fn in list(code.functions) + [code.default]
                          if fn >= 0), "i64")
            params = ", ".join(["St *"] + ["i64"] * arity)
            table = "CELLS" if code.default >= 0 else "RUN"
            out.append(f"static {rtype} (*const {table}{c}[])({params}) = {{{', '.join(entries) or '0'}}};")
            if code.default < 0:
                blocks = ", ".join(str(b) for b in code.blocks) or "-1"
                out.append(f"static const i64 RUN{c}_BLOCKS[] = {{{blocks}}};")
        return out

    # ------------------------------------------------------------ blocks
    def _instruction(self, b: int, pc: int) -> str:
        block = self.ir.blocks[b]
        instr = block.instrs[pc]
        env = self.env_block(b)
        temps = self._temporaries(block)
        try:
            text = body(instr.body, env) + " " + self._terminator(instr.end, env, b, pc)
        except NativeUnsupported as err:
            raise NativeUnsupported(f"{block.name}: {err}") from None
        return (f"static i64 I{b}_{pc}(St *S, Frame *F) {{ i64 *D = S->D; (void)D; {temps} {text} }}")

    @staticmethod
    def _temporaries(block: Block, used=None) -> str:
        """C declarations of the block's temporaries (locals that never live across instructions;
        `used`: only these slots)."""
        return " ".join(f"{'List' if is_list(info.type) else 'i64'} t{slot} = {'EMPTY' if is_list(info.type) else 'NONE'};"
                        for slot, info in enumerate(block.locals) if not info.frame and (used is None or slot in used))

    def _terminator(self, end, env: Env, b: int, pc: int) -> str:
        if isinstance(end, s.Jump):
            return f"return {_next(b, pc, end.target)};"
        if isinstance(end, s.Branch):
            return f"if ({expr(end.cond, env)}) return {_next(b, pc, end.then)}; return {_next(b, pc, end.other)};"
        if isinstance(end, s.Suspend):  # the instruction keeps its own place: one it follows may have called it
            return f"F->pc = {pc}; S->decision = {end.site}; S->decider = {expr(end.decider, env)}; return SUSPEND;"
        if isinstance(end, s.PushFrames):
            return (f"if (npending) {{ F->pc = {end.resume}; push_pending(S); return PUSHED; }} "
                    f"return {_next(b, pc, end.resume)};")
        if isinstance(end, s.Pop):
            return "return POP;"
        raise NativeUnsupported(f"the terminator {type(end).__name__}")

    def _hoisted_cells(self, hoisted: tuple) -> dict:
        """A cell for each number or truth a choice hoisted: its value and the listing it was worked
        out in (play.c's rb_listing), so it is worked out at most once per listing, when first read,
        as the IR asks (passes/hoist.py). A hoisted list is worked out where it is read: it lives in
        the scratch arena, which a loop around the first read may hand back."""
        cells = {}
        for slot, value in hoisted:
            if not is_list(value.type):
                cells[slot] = (f"HV_{self.fresh[0] + 1}", f"HG_{self.fresh[0] + 1}")
                self.fresh[0] += 1
                self.prototypes.append(f"static i64 {cells[slot][0]}; static u64 {cells[slot][1]};")
        return cells

    def _choice_env(self, b: int, hoisted: tuple = (), cells: dict | None = None) -> Env:
        """The env of a choice's expressions in a frame of block b: a value the choice hoisted is read
        from its cell, or worked out where it is read when it has none."""
        env = self.env_block(b)
        if hoisted:
            values, outer, cells = dict(hoisted), env.access, cells or {}

            def access(slot: int) -> str:
                if slot not in values:
                    return outer(slot)
                if slot not in cells:
                    return f"({expr(values[slot], env)})"
                v, g = cells[slot]
                return f"({g} == rb_listing ? {v} : ({v} = {expr(values[slot], env)}, {g} = rb_listing, {v}))"
            env.access = access
        return env

    def _walking_enumerator(self, name: str, b: int, choice, cells: dict) -> str:
        """A choice's values listed by loops written in place, a variable whose domain is a list
        made by a comprehension walking that comprehension's own loop (no list is made, and what an
        element needs is handed back after it)."""
        env = self._choice_env(b, choice.hoisted, cells)
        bindings = choice.bindings

        def level(i: int) -> str:
            if i == len(bindings):
                stores = " ".join(f"TUPLES[ntuples * MAXB + {k}] = {env.access(bnd.var)};" for k, bnd in enumerate(bindings))
                return f"if (ntuples >= MAXTUPLES) fail(S, ST_CAPACITY); {stores} ntuples++;"
            binding = bindings[i]
            inner = level(i + 1)
            if binding.condition is not None:
                inner = f"if ({expr(binding.condition, env)}) {{ {inner} }}"
            dom = binding.domain
            if _walkable(dom):
                decls, text = _comp_loop(dom, env, lambda each: f"{env.access(binding.var)} = {expr(dom.element, each)}; {inner}")
                return f"{{ {decls} {text} }}"
            element = env.fresh("e")
            return loop(f"{env.access(binding.var)} = {element};", element, dom, env, inner, snapshot=False)
        text = level(0)
        temps = self._temporaries(self.ir.blocks[b], set(map(int, re.findall(r"\bt(\d+)\b", text))))
        return f"static void {name}(St *S, Frame *F) {{ i64 *D = S->D; (void)D; {temps} {text} }}"

    def _frame_function(self, b: int, rtype: str, e, hoisted: tuple = (), cells: dict | None = None) -> str:
        """A function of the frame giving e (a value the choice hoisted is read from its cell, or
        worked out where it is read when it has none)."""
        name = f"Q_{self.fresh[0] + 1}"
        self.fresh[0] += 1
        head = f"static {rtype} {name}(St *S, Frame *F)"
        self.prototypes.append(head + ";")
        env = self._choice_env(b, hoisted, cells)
        value = expr(e, env)
        temps = self._temporaries(self.ir.blocks[b], set(map(int, re.findall(r"\bt(\d+)\b", value))))
        self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; {temps} return {value}; }}")
        return name

    def _options(self, name: str, b: int, choices) -> list[str]:
        out: list[str] = []
        guards: list[str] = []
        enumerators: list[str] = []
        for i, choice in enumerate(choices):
            binds, parts = [], []
            cells = self._hoisted_cells(choice.hoisted)
            for binding in choice.bindings:
                if self.ir.blocks[b].locals[binding.var].frame is False:
                    raise NativeUnsupported("a choice bound to a temporary")
                domain = self._frame_function(b, "List", binding.domain, choice.hoisted, cells)
                condition = (self._frame_function(b, "i64", binding.condition, choice.hoisted, cells)
                             if binding.condition is not None else "0")
                binds.append(f"{{{binding.var}, {domain}, {condition}, {int(binding.dependent)}}}")
                zone: Any = None  # how the enumerator walks the domain in place, if it can
                walked = bit_words(binding.domain)
                if isinstance(binding.domain, x.Present) and walked is None:  # the zone's kinds walked in place
                    dom = binding.domain
                    zone = (self._frame_function(b, "i64", dom.addr, choice.hoisted, cells), dom.kinds,
                            self._frame_function(b, "i64", dom.total, choice.hoisted, cells)
                            if dom.total is not None else None)
                if walked is not None:  # a set kept as bits: the enumerator walks its words
                    zone = ("bits", walked[0], [self._frame_function(b, "i64", load, choice.hoisted, cells)
                                                for load in walked[1]])
                parts.append((binding.var, domain, condition, zone))
            guard = self._frame_function(b, "i64", choice.guard, choice.hoisted, cells) if choice.guard is not None else "0"
            out.append(f"static const Bind {name}_{i}_B[] = {{{', '.join(binds) or '{0, 0, 0, 0}'}}};")
            out.append(f"static const i64 {name}_{i}_C[] = {{{', '.join(str(c) for c in choice.clears) or '0'}}};")
            if any(_walkable(binding.domain) for binding in choice.bindings):
                out.append(self._walking_enumerator(f"{name}_{i}_E", b, choice, cells))
            elif parts:
                out.append(_enumerator(f"{name}_{i}_E", parts))
            enumerators.append(f"{name}_{i}_E" if parts else "0")
            guards.append(guard)
        entries = ", ".join(f"{{{len(c.bindings)}, {name}_{i}_B, {c.target}, {len(c.clears)}, {name}_{i}_C, {guards[i]}, "
                            f"{enumerators[i]}}}" for i, c in enumerate(choices))
        out.append(f"static const Opt {name}[] = {{{entries or '{0}'}}};")
        return out

    def _decisions(self) -> list[str]:
        ir = self.ir
        out = []
        for b, block in enumerate(ir.blocks):
            names = ", ".join(f"I{b}_{pc}" for pc in range(len(block.instrs)))
            out.append(f"static const Instr CODE_{b}[] = {{{names}}};")
        out.append(f"static const Instr *const CODE[] = {{{', '.join(f'CODE_{b}' for b in range(len(ir.blocks)))}}};")
        out.append(f"static const i64 BLOCK_SLOTS[] = {{{', '.join(str(len(b.locals)) for b in ir.blocks)}}};")
        # what a copy of a frame or of the data needs (play.c's frame_copy, bots.c's copy_state): the
        # locals up to the block's last one kept in the frame, its list regions, and the data's lists
        frame_slots = [1 + max([slot for slot, info in enumerate(b.locals) if info.frame], default=-1) for b in ir.blocks]
        out.append(f"static const i64 BLOCK_FRAME_SLOTS[] = {{{', '.join(map(str, frame_slots))}}};")
        out.append(f"static const i64 BLOCK_REGIONS[] = {{{', '.join(str(len(r)) for r in self.regions)}}};")
        regions = sorted(self.sizes.region_base.values())
        out.append(f"#define DATA_SCALARS {ir.layout.size}")
        out.append(f"#define NDATA_LISTS {len(regions)}")
        out.append(f"static const i64 DATA_LISTS[] = {{{', '.join(map(str, regions)) or '0'}}};")
        keeps = []
        for i, site in enumerate(ir.sites):
            start = len(self.functions)
            options = self._options(f"SITE{i}", site.block, site.choices)
            out += options
            slots = _listing_slots(self.functions[start:] + options, [bnd.var for c in site.choices for bnd in c.bindings])
            out.append(f"static const i64 SITE{i}_K[] = {{{', '.join(map(str, [-1] if slots is None else [len(slots), *slots]))}}};")
            keeps.append(f"SITE{i}_K")
        out.append(f"static const Site SITES[] = {{{', '.join(f'{{{len(site.choices)}, SITE{i}}}' for i, site in enumerate(ir.sites)) or '{0}'}}};")
        out.append(f"static const i64 *const SITE_KEEPS[] = {{{', '.join(keeps) or '0'}}};")
        actions = []
        for i, action in enumerate(ir.actions):
            out += self._options(f"ACTION{i}", action.block, action.choices)
            actions.append(f"{{{action.block}, {len(action.choices)}, ACTION{i}, {ir.blocks[action.block].params}}}")
        out.append(f"static const ActionSite ACTIONS[] = {{{', '.join(actions) or '{0}'}}};")
        return out

    # ------------------------------------------------------------ statistics and score
    def _outcome_extras(self) -> list[bool]:
        """outcome_extras(S, out): each statistic, then each player's score, then payoff, into out."""
        ir = self.ir
        kinds, parts, offset = [], [], 0
        for _, fn, _ in ir.statistics:
            listy = is_list(ir.functions[fn].result)
            kinds.append(listy)
            if listy:
                parts.append(f"lcopy_into(S, &out[{offset}], f{fn}(S));")
                offset += 1 + self.lcap
            else:
                parts.append(f"out[{offset}] = f{fn}(S);")
                offset += 1
        if ir.score is not None:
            parts.append(f"for (i64 p = 0; p < {ir.player_count}; p++) {{ arena_top = 0; out[{offset} + p] = f{ir.score}(S, p); }}")
            self.functions.append(f"static i64 score_of(St *S, i64 p) {{ arena_top = 0; return f{ir.score}(S, p); }}")
            offset += ir.player_count
        if ir.payoff is not None:  # checked against its bounds by the caller (interpreter/play/payoffs.py)
            parts.append(f"for (i64 p = 0; p < {ir.player_count}; p++) {{ arena_top = 0; "
                         f"out[{offset} + p] = f{ir.payoff.function}(S, p); }}")
            offset += ir.player_count
        self.functions.append(
            "static i64 outcome_extras(St *S, i64 *out) { rb_jmp_buf jb; rb_jmp_buf *saved = rb_escape; rb_escape = &jb; "
            "if (RB_SETJMP(jb)) { rb_escape = saved; return 1; } "
            f"arena_top = 0; {' '.join(parts)} rb_escape = saved; return 0; }}")
        self.extras_words = offset
        return kinds

    # ------------------------------------------------------------ the C text
    def _assemble(self, instructions: list, cells: list, decisions: list) -> str:
        from .state import data_to_native
        ir, z = self.ir, self.sizes
        self.nrl = max([sum(1 for p in parts if isinstance(p, tuple) and p[2] == "list") for parts in self.reasons] + [0])
        self.points = ir.reach_points  # a counting build: its marks close each outcome, 8 to a word
        self.mark_words = (self.points + 7) // 8
        self.out_words = 6 + z.maxw + MAXRA + self.nrl * (z.lcap + 1) + self.extras_words + self.mark_words + 1  # + the moves' digest
        defines = {
            "LCAP": z.lcap, "MAXL": z.maxl, "MAXR": z.maxr, "MAXC": z.maxc, "MAXARGS": z.maxargs,
            "MAXW": z.maxw, "MAXB": z.maxb, "NDATA": z.ndata, "MAXF": MAXF, "MAXM": MAXM, "MAXA": MAXA,
            "MAXRA": MAXRA, "NPOINTS": self.points, "MARK_WORDS": self.mark_words, "NRL": self.nrl, "MAXRL": max(self.nrl, 1), "MAXTUPLES": MAXTUPLES, "MAXCHOICES": MAXCHOICES, "ARENA_LISTS": ARENA_LISTS,
            "OUT_WORDS": self.out_words, "PLAYERS": ir.player_count, "HAS_SCORE": int(ir.score is not None),
            "MAXNODES": MAXNODES, "MAXMOVES": MAXTUPLES, "MAXDEPTH": 1024,
            "HIST_SLOT": z.history, "HCAP": z.hcap, "NPOSITION": max(len(ir.layout.position), 1),
        }
        initial = data_to_native(self, list(ir.initial))
        text = [f"/* generated by the Rulebook engine for {_comment(ir.title)}: do not edit */"]
        text += [f"#define {k} {v}" for k, v in defines.items()]
        text += [_read("chance.c"), self._present_zones(), _read("runtime.c"), self._positions()]
        text += ["typedef i64 (*Instr)(St *, Frame *);",
                 "typedef struct { i64 slot; List (*domain)(St *, Frame *); i64 (*condition)(St *, Frame *); "
                 "i64 dependent; } Bind;",
                 "typedef struct { i64 nb; const Bind *b; i64 body; i64 nclears; const i64 *clears; "
                 "i64 (*guard)(St *, Frame *); void (*enumerate)(St *, Frame *); } Opt;",
                 "typedef struct { i64 nopts; const Opt *opts; } Site;",
                 "typedef struct { i64 block; i64 nopts; const Opt *opts; i64 nparams; } ActionSite;"]
        text += self.k.arrays
        text += self.prototypes
        text += [f"static i64 I{b}_{pc}(St *S, Frame *F);" for b, block in enumerate(ir.blocks)
                 for pc in range(len(block.instrs))]
        text += cells
        text += self.functions
        text += instructions
        text += decisions
        text.append(f"static const i64 INITIAL_DATA[NDATA] = {{{', '.join(_c_int(w) for w in initial)}}};")
        text.append(f"static const i64 TEAM_OF[] = {{{', '.join(str(t) for t in ir.team_of)}}};")
        text += [_read("play.c"), _read("bots.c"), _read("ismcts.c")]
        return "\n".join(text) + "\n"

    def _present_zones(self) -> str:
        """The zones that keep their kinds present as bits, for runtime.c's keep_present_at."""
        rows = [(z.base, z.base + z.instances * z.width, z.width, z.present, z.present_words)
                for z in self.ir.layout.zones.values() if z.present >= 0]
        table = ", ".join("{" + ", ".join(str(v) for v in row) + "}" for row in rows) or "{0, 0, 1, 0, 0}"
        return f"#define NPRESENT {len(rows)}\nstatic const i64 PRESENT_ZONES[][5] = {{{table}}};"

    def _positions(self) -> str:
        """A game asking repetitions(): the slots of a position, and which of them hold lists, for
        position.c (its digest is the Python back-end's runtime.position_digest, word for word)."""
        slots = self.ir.layout.position
        if self.ir.layout.history < 0:
            return ""
        if any(self.data_kinds[slot] == "text" for slot in slots):
            raise NativeUnsupported("a position that holds a text")
        return "\n".join([
            f"static const i64 POSITION_SLOTS[NPOSITION] = {{{', '.join(str(s) for s in slots) or '0'}}};",
            f"static const unsigned char POSITION_LISTS[NPOSITION] = "
            f"{{{', '.join('1' if self.data_kinds[s] == 'list' else '0' for s in slots) or '0'}}};",
            f"static const i64 POSITION_COUNT = {len(slots)};",
            _read("position.c")])

    def reason_text(self, reason: int, args: list, lists: Sequence, show) -> str:
        """An end-game text from its pieces and the values native play gave (show: word, how, kind;
        a shown list's items come from `lists`, each a tuple of words)."""
        return "".join(part if isinstance(part, str) else
                       show(lists[part[0]], part[1], part[3]) if part[2] == "list" else
                       show(args[part[0]], part[1], part[2])
                       for part in self.reasons[reason])


def _next(b: int, pc: int, target: int) -> str:
    """What an instruction of block b at pc returns to go on at `target`: a later instruction is
    called at once (a tail call, with the scratch lists handed back as run_frames does between
    instructions), so a straight run of instructions costs one dispatch from run_frames, not one
    each; an earlier one (a loop) goes back through run_frames, so the calls' depth stays within
    the block's length whatever the compiler makes of them."""
    if target > pc:
        return f"(arena_top = 0, npending = 0, I{b}_{target}(S, F))"
    return str(target)


def _walkable(domain) -> bool:
    """A comprehension's list an enumerator can walk in place of making it."""
    return isinstance(domain, x.Comp) and domain.form == "list" and not any(is_list(v.type) for _, v in domain.hoisted)


def _listing_slots(texts: list[str], bound: list[int]) -> list[int] | None:
    """The frame's locals a decision's listing may touch (play.c's open_choices): its choices' variables
    and every local their generated code names — kept and put back around a listing on the frame
    itself, not a copy of the frame. None (a copy) when that code names a list region of the frame,
    another field, a local by a worked-out index, or hands the frame to a function not among `texts`."""
    named: set[int] = set(bound)
    own = set(re.findall(r"\b(\w+)\(St \*S, Frame \*[FL]\)", "\n".join(texts)))  # the listing's own functions
    for text in texts:
        for field, index in re.findall(r"\b[FL]->(\w+)(\[\d+\])?", text):
            if field != "L" or not index:
                return None
            named.add(int(index[1:-1]))
        rest = re.sub(r"\b[FL]->L\[\d+\]|Frame \*[FL]\b", "", text)
        rest = re.sub(r"\b(\w+)\(S, [FL]\)", lambda call: "" if call.group(1) in own else call.group(0), rest)
        if re.search(r"\b[FL]\b", rest):  # the frame itself anywhere else
            return None
    return sorted(named)


def _enumerator(name: str, parts: list) -> str:
    """A choice's values listed by a function of its own, its domains and conditions called by name
    (so the C compiler can inline them): play.c's generic `enumerate`, one loop per variable."""
    loops, closes = [], []
    for depth, (slot, domain, condition, zone) in enumerate(parts):
        test = f" if (!{condition}(S, L)) continue;" if condition != "0" else ""
        if zone is not None and zone[0] == "bits":  # a set kept as bits, its words read at the start
            words = ", ".join(f"{word}(S, L)" for word in zone[2])
            loops.append(f"i64 nb{depth}[{len(zone[2])}] = {{{words}}}; FOR_BITS(nb{depth}, nv{depth}, {len(zone[2])}) {{ "
                         f"i64 v{depth} = {zone[1]} + nv{depth}; L->L[{slot}] = v{depth};{test}")
        elif zone is not None:  # a zone's pieces: its kinds with a count, walked in place
            walk = (f"i64 n{depth} = S->D[{zone[2]}(S, L)]; FOR_PRESENT(z{depth}, v{depth}, {zone[1]}, n{depth})"
                    if zone[2] is not None else f"FOR_EACH_PRESENT(z{depth}, v{depth}, {zone[1]})")  # stop after its last piece
            loops.append(f"const i64 *z{depth} = &S->D[{zone[0]}(S, L)]; {walk} {{ L->L[{slot}] = v{depth};{test}")
        else:
            loops.append(f"List d{depth} = {domain}(S, L); for (i64 j{depth} = 1; j{depth} <= d{depth}[0]; j{depth}++) {{ "
                         f"i64 v{depth} = d{depth}[j{depth}]; L->L[{slot}] = v{depth};{test}")
        closes.append("}")
    stores = " ".join(f"TUPLES[ntuples * MAXB + {depth}] = v{depth};" for depth in range(len(parts)))
    return (f"static void {name}(St *S, Frame *L) {{ {' '.join(loops)} "
            f"if (ntuples >= MAXTUPLES) fail(S, ST_CAPACITY); {stores} ntuples++; {' '.join(closes)} }}")


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text()


def _comment(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum() or ch in " :-.,")


def _c_int(value: int) -> str:
    if value == -(1 << 63):
        return "NONE"
    return f"{value}LL" if abs(value) >= 1 << 31 else str(value)
