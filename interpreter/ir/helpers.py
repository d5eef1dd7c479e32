"""The run-time helpers a `Helper` expression may name: what each takes and does.

Every back-end implements every helper here (tests/test_constructs.py checks it). `state`: it
reads the state's data (a back-end passes the data first); `chance`: it draws from the state's
generator (a back-end passes the state first, and the data second when `state` is set too);
`changes`: it changes the state; `checks`: it reports an error the rules must see even when its
value is unused; `variadic`: it takes any number of arguments (its one parameter names them).
A helper that draws, changes or checks `acts`: working it out may never be dropped (passes/fold.py),
and the IR verifier (ir/verify.py) holds every `Helper` to its spec's arity.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HelperSpec:
    params: tuple[Any, ...]  # parameter names, in order
    state: bool = False
    chance: bool = False
    changes: bool = False
    checks: bool = False
    variadic: bool = False
    doc: str = ""

    @property
    def acts(self) -> bool:
        """Does working it out do something beyond giving its value?"""
        return self.chance or self.changes or self.checks


HELPERS: dict[str, HelperSpec] = {
    # pieces
    "take": HelperSpec(("addr", "kind", "count"), state=True, changes=True,
                       doc="remove count pieces of kind from the multiset zone at addr (an error if short)"),
    "draw_one": HelperSpec(("addr", "kinds"), state=True, chance=True, changes=True,
                           doc="take one random piece from the multiset zone at addr; its kind, or -1 if empty"),
    "draw_into": HelperSpec(("src", "kinds", "src_total", "dst", "dst_total", "count"), state=True, chance=True,
                            changes=True, doc="count draw_one()s from the multiset zone at src into the one at "
                                              "dst (stopping when src is empty), keeping both zones' counts"),
    "keep_present": HelperSpec(("addr", "kinds", "bits"), state=True, changes=True,
                               doc="work out the words at bits keeping which kinds the multiset zone at addr "
                                   "holds (layout.ZoneLayout.present), after pieces moved at random"),
    "pile_draw": HelperSpec(("addr",), state=True, chance=True, changes=True,
                            doc="take the top piece of the pile at addr; its kind, or -1 if empty"),
    "remove_from_pile": HelperSpec(("addr", "kind", "count"), state=True, changes=True,
                              doc="take count pieces of kind out of the pile at addr, topmost first"),
    "shuffle": HelperSpec(("addr",), state=True, chance=True, changes=True, doc="shuffle the pile at addr"),
    "zones_present": HelperSpec(("addrs", "kinds"), state=True,
                                doc="the kinds with a piece in any of the multiset zones at addrs"),
    "pick": HelperSpec(("domain", "where"), chance=True,
                       doc="a uniformly random element of domain, or none if empty; `where` names the statement "
                           "(a text: explicit chance shows it)"),
    "roll": HelperSpec(("addr", "faces", "where"), state=True, chance=True, changes=True,
                       doc="a die's roll: the next face it is loaded with (kept at addr), else a face at random"),
    "load_die": HelperSpec(("rolls", "faces"), checks=True,
                           doc="the rolls a die is loaded with (an error unless each is a face)"),
    "repetitions": HelperSpec(("history", "slots"), state=True,
                              doc="1 + how many of the position digests kept at history are the digest of "
                                  "the slots now (the positions of the decisions played so far)"),
    # boards: a group is named by its smallest node; roots[node - low] is the node's group
    "groups": HelperSpec(("roots", "count"), state=True, doc="every group of a board, in node order"),
    "tiles": HelperSpec(("roots", "nodes", "low", "group"), state=True, doc="the nodes of a group, in order"),
    "merge": HelperSpec(("roots", "nodes", "low", "a", "b"), state=True, changes=True,
                        doc="join the groups of a and b"),
    "merge_kept": HelperSpec(("roots", "nodes", "low", "a", "b", "members", "group_list"), state=True, changes=True,
                             doc="merge, keeping each group's nodes (per root, at members) and the groups' list"),
    "ring_step": HelperSpec(("node", "steps", "low", "size"), doc="the node steps places round a ring"),
    "ring_group_step": HelperSpec(("roots", "low", "size", "group", "steps"), state=True,
                                  doc="the group steps places round a ring, counting each group once"),
    "ring_group_neighbours": HelperSpec(("roots", "low", "size", "group"), state=True,
                                        doc="the groups beside a group on a ring"),
    "graph_group_neighbours": HelperSpec(("roots", "low", "adjacency", "nodes", "group"), state=True,
                                         doc="the groups beside a group on a fixed graph"),
    "network_group_neighbours": HelperSpec(("roots", "edges", "low", "nodes", "group"), state=True,
                                           doc="the groups beside a group on a network whose edges grow"),
    "connect": HelperSpec(("edges", "low", "a", "b"), state=True, changes=True,
                          doc="lay an edge a-b on a network board"),
    "links_at": HelperSpec(("table", "member", "cell"),
                           doc="the ports a member's links name on a cell: table[member][cell - 1] (none: nothing)"),
    "links_from": HelperSpec(("table", "member", "cell", "port"),
                             doc="the ports linked to port: in the (port, others) pairs table[member][cell - 1]"),
    # lists and numbers
    "reversed": HelperSpec(("seq",), doc="seq, last element first"),
    "index_of": HelperSpec(("seq", "item"), doc="the position of item in seq (an error if absent)"),
    "key_position": HelperSpec(("keys", "key"), doc="the position of key in keys (an error if absent)"),
    "top": HelperSpec(("seq",), doc="the last element of seq, or none"),
    "best_of": HelperSpec(("pairs",), variadic=True, doc="best_of(v1, k1, v2, k2, …): the v with strictly the highest k, "
                                          "or none when it is shared"),
    "min": HelperSpec(("values",), variadic=True, doc="the smallest of the arguments"),
    "max": HelperSpec(("values",), variadic=True, doc="the largest of the arguments"),
    "abs": HelperSpec(("value",), doc="the absolute value"),
    "join": HelperSpec(("texts", "separator"), doc="the texts joined by separator"),
    # sets of a board's nodes kept as bits (passes/kinds.py): bit i stands for node low + i
    "common_bits": HelperSpec(("a", "b", "c"), doc="the bits set in all three numbers (a & b & c)"),
    "nodes_of_bits": HelperSpec(("low", "bits"), doc="the nodes low + i for the bits i set in bits, in order"),
}


ACTING = frozenset(name for name, spec in HELPERS.items() if spec.acts)  # helpers no pass may drop (see `acts`)
