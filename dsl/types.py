"""The static types of the language and the signatures of its built-in functions."""
from __future__ import annotations

from typing import Union

# A type is a plain string for the simple ones, or a tuple (form, argument):
#   "int" "bool" "text" "none" "any" "player" "team"
#   ("kind", K)       a member of kind K            ("kinds", K)  kind K itself, as a domain
#   ("node", B)       a node of board B             ("group", B)  a group of board B's nodes
#   ("list", T)       an ordered list of T          ("board", B)  board B itself
#   ("zone", K)       one zone of pieces of kind K  ("zones", K)  several zones read as one
#   ("pile", K)       an ordered zone                ("row", TB)  a row of table TB
#   ("table", TB)     table TB                       ("die", T)    a die whose faces are T
#   ("opt", T)        T or none (`T?`): only the checker's own types have it; Program.types
#                     records every expression's type without it (see `plain`)
Type = Union[str, tuple]

INT, BOOL, TEXT, NONE, ANY, PLAYER, TEAM = "int", "bool", "text", "none", "any", "player", "team"
SIMPLE_TYPE_NAMES = {"int", "bool", "player", "team", "text"}


def optional(t: Type) -> Type:
    """T or none: `none` and unknown types stay as they are."""
    return t if t in (NONE, ANY) or (isinstance(t, tuple) and t[0] == "opt") else ("opt", t)


def may_be_none(t: Type) -> bool:
    return t == NONE or (isinstance(t, tuple) and t[0] == "opt")


def present(t: Type) -> Type:
    """The type of a `T?` value known not to be none: T."""
    return t[1] if isinstance(t, tuple) and t[0] == "opt" else t


def has_optional(t: Type) -> bool:
    """Is there a `?` in t (in a list's items too)?"""
    if isinstance(t, str):
        return False
    return t[0] == "opt" or (t[0] in ("list", "die") and has_optional(t[1]))


def plain(t: Type) -> Type:
    """t without any `?`, inside lists too: the type as the engine records it."""
    if isinstance(t, str):
        return t
    form, arg = t
    if form == "opt":
        return plain(arg)
    if form in ("list", "die") and isinstance(arg, tuple):
        return (form, plain(arg))
    return t


def either(a: Type, b: Type) -> Type:
    """The type of a value that is one of a or b (the two outcomes of `… if … else …`)."""
    if a == NONE:
        return optional(b)
    if b == NONE or may_be_none(b):
        return optional(a)
    return a


def show(t: Type) -> str:
    if isinstance(t, str):
        return t
    form, arg = t
    if form == "opt":
        return f"{show(arg)}?"
    if form == "list":
        return f"list of {show(arg)}"
    if form in ("kind", "node", "row"):
        return arg
    if form == "group":
        return f"group of {arg}"
    if form == "kinds":
        return f"kind {arg}"
    if form in ("zone", "zones"):
        return f"zone of {arg}"
    if form == "pile":
        return f"pile of {arg}"
    if form == "die":
        return f"die of {show(arg)}"
    return f"{form} {arg}"


def element_of(t: Type) -> Type | None:
    """What iterating a value of type t yields, or None if it cannot be iterated."""
    if t == ANY:
        return ANY
    if isinstance(t, tuple):
        form, arg = t
        if form in ("list", "die"):
            return arg
        if form == "kinds":
            return ("kind", arg)
        if form in ("zone", "zones", "pile"):
            return ("kind", arg)  # the kinds present
        if form == "board":
            return ("node", arg)
        if form == "table":
            return ("row", arg)
    return None


def compatible(expected: Type, actual: Type) -> bool:
    """Can a value of `actual` stand where `expected` is wanted? none (or a `T?`) fits only where
    `T?` is wanted."""
    if expected == ANY or actual == ANY or expected == actual:
        return True
    if isinstance(expected, tuple) and expected[0] == "opt":
        return actual == NONE or compatible(expected[1], present(actual))
    if may_be_none(actual):
        return False
    if actual == INT and isinstance(expected, tuple) and expected[0] == "node":
        return True  # a number names a board's node (node 4 of a ring of 12)
    if isinstance(expected, tuple) and isinstance(actual, tuple):
        if expected[0] == "list" and actual[0] == "list":
            return compatible(expected[1], actual[1])
        if {expected[0], actual[0]} <= {"zone", "zones"} and expected[1] == actual[1]:
            return True
    return False


def same_family(a: Type, b: Type) -> bool:
    """Can a and b be compared with == ? Anything can be compared with none."""
    if a == NONE or b == NONE:
        return True
    a, b = present(a), present(b)
    return compatible(a, b) or compatible(b, a)


# Built-in functions: name -> (argument count range, description for messages).
BUILTINS: dict[str, tuple[int, int, str]] = {
    "count": (1, 1, "count(zone or list): how many pieces or items"),
    "len": (1, 1, "len(list): how many items"),
    "team": (1, 1, "team(player): the player's team"),
    "members": (1, 1, "members(team): its players in seat order"),
    "seats": (1, 1, "seats(player): every player in seat order, starting with this one"),
    "next_player": (1, 1, "next_player(player): the next player in seat order"),
    "nodes": (1, 1, "nodes(board): every node"),
    "groups": (1, 1, "groups(board): every group of merged nodes"),
    "group": (1, 1, "group(node): the group that holds the node"),
    "tiles": (1, 1, "tiles(group): the nodes of a group"),
    "step": (2, 2, "step(node or group, n): n places clockwise on a ring (groups count as one)"),
    "neighbours": (1, 1, "neighbours(node or group): the adjacent nodes or groups"),
    "min": (2, 9, "min(a, b, …): the smallest"),
    "max": (2, 9, "max(a, b, …): the largest"),
    "abs": (1, 1, "abs(n)"),
    "index": (2, 2, "index(list, item): the position of item in list, from 0"),
    "row_of": (1, 1, "row_of(node): a grid node's row, from 1"),
    "column_of": (1, 1, "column_of(node): a grid node's column, from 1"),
    "corner": (1, 1, "corner(node): is this grid node a corner"),
    "number_of": (1, 1, "number_of(node): the node's number (1 for the first node of its board)"),
    "cell_at": (3, 3, "cell_at(board, column, row): the cell of a grid or hex board there, or none off the board"),
    "repetitions": (0, 0, "repetitions(): how many times the current position has occurred, now included"),
    "neighbour": (2, 2, "neighbour(cell, direction): the next cell that way on a square or hex board, or none"),
    "ray": (2, 2, "ray(cell, direction): the cells from the next one that way to the board's edge"),
    "top": (1, 1, "top(pile): the piece on top, or none"),
    "join": (2, 2, "join(list, separator): the items' texts joined, e.g. join(row, \" \")"),
    "port_at": (3, 3, "port_at(cell, side, lane): the port on that side of the cell, heading out of it"),
    "turned": (1, 1, "turned(port): the same port, heading the other way"),
    "ahead": (1, 1, "ahead(port): the cell the port heads into (none: off the board)"),
    "behind": (1, 1, "behind(port): the cell the port heads out of (none: from off the board)"),
    "heading": (1, 1, "heading(port): the side it heads towards"),
    "lane_of": (1, 1, "lane_of(port): which of a side's ports it is"),
}

AGGREGATES = {"sum", "max", "min", "any", "all", "count", "leading"}
