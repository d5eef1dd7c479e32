"""A whole game → one C source: sizes, constants, functions, instructions, decision tables, playouts.

Built from the same checked program and the same compiled layout as the Python back-end, and
checked against it (same blocks, pcs, frame slots, decision sites, modifier sites), so a state
means the same in both. Raises NativeUnsupported when the game uses what C here cannot say.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from .cexpr import CScope, NativeUnsupported, is_list
from .cflat import CFlat, resolve

LCAP_MIN = 64
MAXF = 64
MAXM = 32
MAXA = 16
MAXRA = 8
MAXTUPLES = 8192
MAXCHOICES = 64
ARENA_LISTS = 4096


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
    region_base: dict  # list slot -> offset of its region in D
    stat_words: tuple  # words per statistic (1 scalar, 1 + lcap list)
    score_words: int


class CGame(CFlat):
    """The C text of one compiled game (`self.source`), with what Python needs to read its states."""

    kinds: list  # each data slot's representation (state.slot_kinds), set once built

    def __init__(self, compiled):
        super().__init__(compiled)
        c = compiled
        self.max_args = max([len(a.params) for a in self.p.actions.values()] + [1])
        self.max_captured = 8
        self.lcap = max([LCAP_MIN, c.player_count] + [2 * b.size for b in c.layout.boards.values()]
                        + [2 * s for s in c.kind_sizes.values()])
        self.setup_statements()
        self.setup_flat()
        self.compile_flat_blocks()
        self.compile_native_callables()
        self.compile_values()
        self.stat_kinds = self.compile_outcome_extras()
        self.check_against(c)
        self.sizes = self.compute_sizes(c)
        self.source = self.assemble(c)

    # ------------------------------------------------------------ consistency with the Python back-end
    def check_against(self, c) -> None:
        if len(self.blocks) != len(c.blocks) or len(self.sites) != len(c.sites):
            raise NativeUnsupported("the blocks or decisions came out differently from the Python back-end")
        for mine, theirs in zip(self.blocks, c.blocks):
            if len(mine.instrs) != len(theirs.instrs) or mine.scope.slots != theirs.scope.slots:
                raise NativeUnsupported(f"block {theirs.name} came out differently from the Python back-end")
        for site, their_site in zip(self.sites, c.sites):
            if len(site.options) != len(their_site.options):
                raise NativeUnsupported("a decision's options came out differently from the Python back-end")
            for a, b in zip(site.options, their_site.options):
                if [x.slot for x in a.bindings] != [x.slot for x in b.bindings] or resolve(a.body) != b.body:
                    raise NativeUnsupported("a decision's variables came out differently from the Python back-end")
        if len(self.modifiers) != len(c.modifiers):
            raise NativeUnsupported("the modifiers came out differently from the Python back-end")

    def compute_sizes(self, c) -> Sizes:
        maxl = 2 * max([b.scope.slots for b in self.blocks] + [1])  # a pushed frame: arguments + slots
        maxr = max([b.scope.regions[0] for b in self.blocks] + [1])
        region_base = {}
        top = c.layout.size
        for slot in sorted(c.layout.list_slots):
            region_base[slot] = top
            top += self.lcap + 1
        maxw = max(c.player_count, len(c.team_names), 1)
        maxb = max([len(o.bindings) for s in self.sites for o in s.options]
                   + [len(o.bindings) for _, opts in self.action_sites for o in opts] + [1])
        stat_words = tuple(1 + self.lcap if listy else 1 for listy in self.stat_kinds)
        score_words = c.player_count if self.p.score is not None else 0
        return Sizes(self.lcap, maxl, maxr, self.max_captured, self.max_args, maxw, maxb, top, region_base,
                     stat_words, score_words)

    # ------------------------------------------------------------ statistics and score
    def compile_outcome_extras(self) -> list[bool]:
        """outcome_extras(S, out): each statistic, then each player's score, into out."""
        c = self.c
        kinds = []
        parts = []
        offset = 0
        for stat in self.p.statistics:
            members = [None] if stat.domain is None else list(c.evaluate(stat.domain))
            for member in members:
                scope = CScope(False)
                if stat.var is not None:
                    scope.bind_as(stat.var, self.scalar(member))
                value = self.expr(stat.value, scope)
                listy = is_list(self.type_of(stat.value))
                kinds.append(listy)
                if listy:
                    parts.append(f"lcopy_into(S, &out[{offset}], {value});")
                    offset += 1 + self.lcap
                else:
                    parts.append(f"out[{offset}] = {value};")
                    offset += 1
        if self.p.score is not None:
            scope = CScope(False)
            player = scope.bind(self.p.score.player, "int")
            value = self.expr(self.p.score.value, scope)
            parts.append(f"for (i64 {player} = 0; {player} < {c.player_count}; {player}++) "
                         f"{{ arena_top = 0; out[{offset} + {player}] = {value}; }}")
        self.functions.append(
            "static i64 outcome_extras(St *S, i64 *out) { i64 *D = S->D; (void)D; jmp_buf jb; "
            "jmp_buf *saved = rb_escape; rb_escape = &jb; if (setjmp(jb)) { rb_escape = saved; return 1; } "
            f"arena_top = 0; {' '.join(parts)} rb_escape = saved; return 0; }}")
        self.extras_words = offset + (c.player_count if self.p.score is not None else 0)
        return kinds

    # ------------------------------------------------------------ the C text
    def assemble(self, c) -> str:
        z = self.sizes
        out_words = 6 + z.maxw + MAXRA + self.extras_words
        defines = {
            "LCAP": z.lcap, "MAXL": z.maxl, "MAXR": z.maxr, "MAXC": z.maxc, "MAXARGS": z.maxargs,
            "MAXW": z.maxw, "MAXB": z.maxb, "NDATA": z.ndata, "MAXF": MAXF, "MAXM": MAXM, "MAXA": MAXA,
            "MAXRA": MAXRA, "MAXTUPLES": MAXTUPLES, "MAXCHOICES": MAXCHOICES, "ARENA_LISTS": ARENA_LISTS,
            "OUT_WORDS": out_words,
        }
        self.out_words = out_words
        code_tables = self.code_table_source()  # may add default functions: before the prototypes
        text = [f"/* generated by the Rulebook engine for {_comment(c.p.title)}: do not edit */"]
        text += [f"#define {k} {v}" for k, v in defines.items()]
        text.append(_read("chance.c"))
        text.append(_read("runtime.c"))
        text += ["typedef i64 (*Instr)(St *, Frame *);",
                 "typedef struct { i64 slot; List (*domain)(St *, Frame *); i64 (*condition)(St *, Frame *); "
                 "i64 dependent; } Bind;",
                 "typedef struct { i64 nb; const Bind *b; i64 body; i64 nclears; const i64 *clears; "
                 "i64 (*guard)(St *, Frame *); } Opt;",
                 "typedef struct { i64 nopts; const Opt *opts; } Site;",
                 "typedef struct { i64 block; i64 nopts; const Opt *opts; i64 nparams; } ActionSite;"]
        text += self.consts_c
        text += self.prototypes
        text += [f"static i64 I{b.id}_{pc}(St *S, Frame *F);" for b in self.blocks for pc in range(len(b.instrs))]
        text += code_tables
        text += self.functions
        text += self.instruction_source()
        text += self.tables_source()
        text.append(self.initial_data_source(c))
        text.append(_read("play.c"))
        return "\n".join(text) + "\n"

    def code_table_source(self) -> list[str]:
        out = []
        for table, (column, kind, names, result) in self.code_tables.items():
            decl = self.p.codes[(column, kind)]
            params = ", ".join(["St *"] + ["i64"] * len(decl.params))
            if result:
                index = list(self.p.codes).index((column, kind))
                default = f"DEFAULT_{index}"
                scope = CScope(False)
                args = [scope.bind(p.name, "int") for p in decl.params]
                body = self.expr(decl.default, scope) if decl.default is not None else "NONE"
                head = f"static i64 {default}(St *S{''.join(', i64 ' + a for a in args)})"
                self.prototypes.append(head + ";")
                self.functions.append(f"{head} {{ i64 *D = S->D; (void)D; return {body}; }}")
                entries = [default if name is None else self.value_names[name] for name in names]
                out.append(f"static i64 (*const {table}[])({params}) = {{{', '.join(entries) or '0'}}};")
                continue
            entries = ["0" if name is None or name in self.flat_rules else self.rule_names[name] for name in names]
            blocks = [str(self.flat_rules[name].id) if name in self.flat_rules else "-1" for name in names]
            out.append(f"static void (*const {table}[])({params}) = {{{', '.join(entries) or '0'}}};")
            out.append(f"static const i64 {table}_BLOCKS[] = {{{', '.join(blocks) or '-1'}}};")
        return out

    def options_source(self, name: str, options: list) -> list[str]:
        out = []
        for i, o in enumerate(options):
            binds = ", ".join(f"{{{b.slot}, {b.domain}, {b.condition or '0'}, {int(b.dependent)}}}" for b in o.bindings)
            out.append(f"static const Bind {name}_{i}_B[] = {{{binds or '{0, 0, 0, 0}'}}};")
            clears = ", ".join(str(x) for x in o.clears)
            out.append(f"static const i64 {name}_{i}_C[] = {{{clears or '0'}}};")
        entries = ", ".join(f"{{{len(o.bindings)}, {name}_{i}_B, {resolve(o.body)}, {len(o.clears)}, {name}_{i}_C, "
                            f"{o.guard or '0'}}}" for i, o in enumerate(options))
        out.append(f"static const Opt {name}[] = {{{entries or '{0}'}}};")
        return out

    def tables_source(self) -> list[str]:
        out = []
        for b in self.blocks:
            names = ", ".join(f"I{b.id}_{pc}" for pc in range(len(b.instrs)))
            out.append(f"static const Instr CODE_{b.id}[] = {{{names}}};")
        out.append(f"static const Instr *const CODE[] = {{{', '.join(f'CODE_{b.id}' for b in self.blocks)}}};")
        out.append(f"static const i64 BLOCK_SLOTS[] = {{{', '.join(str(b.scope.slots) for b in self.blocks)}}};")
        for site in self.sites:
            out += self.options_source(f"SITE{site.id}", site.options)
        out.append(f"static const Site SITES[] = {{{', '.join(f'{{{len(s.options)}, SITE{s.id}}}' for s in self.sites) or '{0}'}}};")
        actions = []
        for i, (block, options) in enumerate(self.action_sites):
            out += self.options_source(f"ACTION{i}", options)
            params = len(list(self.p.actions.values())[i].params)
            actions.append(f"{{{block}, {len(options)}, ACTION{i}, {params}}}")
        out.append(f"static const ActionSite ACTIONS[] = {{{', '.join(actions) or '{0}'}}};")
        return out

    def initial_data_source(self, c) -> str:
        from .state import data_to_native  # the conversion knows every slot's representation
        words = data_to_native(self, c.initial_data())
        return f"static const i64 INITIAL_DATA[NDATA] = {{{', '.join(_c_int(w) for w in words)}}};"

    def reason_text(self, reason: int, args: list, show) -> str:
        """An end-game text from its parts and the values native play gave (show: value, type → text)."""
        out = []
        for part in self.reasons[reason]:
            if isinstance(part, str):
                out.append(part)
            else:
                index, t = part
                out.append(show(args[index], t))
        return "".join(out)


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text()


def _comment(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum() or ch in " :-.,")


def _c_int(value: int) -> str:
    if value == -(1 << 63):
        return "NONE"
    return f"{value}LL" if abs(value) >= 1 << 31 else str(value)

