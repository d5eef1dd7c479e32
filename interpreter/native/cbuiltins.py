"""Built-in functions of the rules language → C (the native twin of interpreter/builtin_gen.py)."""
from __future__ import annotations

from rulebook.dsl import nodes as n

from .cexpr import CExpr, NativeUnsupported


class CBuiltins(CExpr):
    def b_count(self, e, args, scope):
        t = self.type_of(e.args[0])
        form = t[0] if isinstance(t, tuple) else t
        if form == "zone":
            return f"zcount(D, {args[0]}, {self.zone_of(e.args[0]).kinds})"
        if form == "zones":
            return f"zcount_all(D, {args[0]}, {self.zone_of(e.args[0]).kinds})"
        if form == "pile":
            return f"PILE({args[0]})[0]"
        return f"({self.as_list(e.args[0], scope)})[0]"

    b_len = b_count

    def b_team(self, e, args, scope):
        return f"COL({self.const_list(self.c.team_of)}, {args[0]})"

    def b_members(self, e, args, scope):
        members = tuple(tuple(p for p in range(self.c.player_count) if self.c.team_of[p] == t)
                        for t in range(len(self.c.team_names)))
        return f"((List)(intptr_t)COL({self.const_list(members)}, {args[0]}))"

    def b_seats(self, e, args, scope):
        count = self.c.player_count
        seats = tuple(tuple((p + i) % count for i in range(count)) for p in range(count))
        return f"((List)(intptr_t)COL({self.const_list(seats)}, {args[0]}))"

    def b_next_player(self, e, args, scope):
        return f"fdiv(S, ({args[0]}) + 1, {self.c.player_count}, 1)"

    def board_of(self, e: n.Node):
        t = self.type_of(e)
        if not isinstance(t, tuple):
            return next(iter(self.layout.boards.values()))
        return self.layout.boards[t[1]]

    def is_group(self, e: n.Node) -> bool:
        return self.type_of(e)[0:1] == ("group",)

    def b_nodes(self, e, args, scope):
        return self.const_list(self.board_of(e.args[0]).nodes)

    def b_groups(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"lgroups(S, D, {b.roots}, {b.size})"

    def b_group(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"D[{b.roots} + IX({args[0]}, {b.low}, {b.size}) - {b.low}]"

    def b_tiles(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"ltiles(S, D, {b.roots}, {b.size}, {b.low}, {args[0]})"

    def b_step(self, e, args, scope):
        b = self.board_of(e.args[0])
        if self.is_group(e.args[0]):
            return f"ring_group_step(D, {b.roots}, {b.low}, {b.size}, {args[0]}, {args[1]})"
        return f"ring_step({args[0]}, {args[1]}, {b.low}, {b.size})"

    def b_neighbours(self, e, args, scope):
        b = self.board_of(e.args[0])
        if b.shape == "network":
            if self.is_group(e.args[0]):
                return (f"lgraph_group_neighbours(S, D, {b.roots}, {b.low}, {b.size}, NULL, {b.edges}, "
                        f"{args[0]})")
            return f"LISTAT({b.edges} + IX({args[0]}, {b.low}, {b.size}) - {b.low})"
        adjacency = self.const_list(b.adjacency)
        if self.is_group(e.args[0]):
            if b.shape == "ring":
                return f"lring_group_neighbours(S, D, {b.roots}, {b.low}, {b.size}, {args[0]})"
            return f"lgraph_group_neighbours(S, D, {b.roots}, {b.low}, {b.size}, {adjacency}, -1, {args[0]})"
        return f"((List)(intptr_t)COL({adjacency}, ({args[0]}) - {b.low}))"

    def b_join(self, e, args, scope):
        raise NativeUnsupported("join (a text built from a list)")

    def b_min(self, e, args, scope):
        return self._fold("<", args)

    def b_max(self, e, args, scope):
        return self._fold(">", args)

    def _fold(self, better: str, args: list) -> str:
        names = [self.fresh("m") for _ in args]
        decls = " ".join(f"i64 {name} = {arg};" for name, arg in zip(names, args))
        result = names[0]
        steps = " ".join(f"if ({name} {better} {result}) {result} = {name};" for name in names[1:])
        return f"({{ {decls} {steps} {result}; }})"

    def b_abs(self, e, args, scope):
        return f"llabs({args[0]})"

    def b_index(self, e, args, scope):
        return f"lindex(S, {self.as_list(e.args[0], scope)}, {args[1]})"

    def b_row_of(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"(fdiv(S, ({args[0]}) - 1, {b.width}, 0) + 1)"

    def b_column_of(self, e, args, scope):
        b = self.board_of(e.args[0])
        return f"(fdiv(S, ({args[0]}) - 1, {b.width}, 1) + 1)"

    def b_corner(self, e, args, scope):
        b = self.board_of(e.args[0])
        corners = sorted({1, b.width, b.width * (b.height - 1) + 1, b.width * b.height})
        return f"lcontains({self.const_list(tuple(corners))}, {args[0]})"

    def b_top(self, e, args, scope):
        pile = self.fresh("p")
        return f"({{ List {pile} = PILE({args[0]}); {pile}[0] ? {pile}[{pile}[0]] : NONE; }})"
