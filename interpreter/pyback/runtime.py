"""Helpers that compiled rules call at run time: chance, pieces in zones, groups on boards.

Every helper works on the state's flat data list `D` and plain ints; none knows any game.
"""
from __future__ import annotations

from itertools import compress
from typing import Callable, Optional, Sequence

from rulebook.dsl.errors import Diagnostic, RulebookError
from rulebook.dsl.nodes import Span

from ..layout import present_bits
from ..play import chance

MASK64 = (1 << 64) - 1


class RulesRuntimeError(RulebookError):
    """The rules asked for something impossible (e.g. moving a piece that is not there)."""

    def __init__(self, span: Optional[Span], message: str):
        self.span = span
        self.message = message
        super().__init__(f"{span}: {message}" if span else message)

    def render(self) -> str:
        return Diagnostic(self.span, self.message).render()


class Runaway(RulesRuntimeError):
    """Rules that went on too long without a decision: a loop or calls that never end."""


# Steps (loop turns, range values, calls) play may take between two decisions, and how deep
# resumable calls may nest: far above what a game needs, low enough to stop a runaway in seconds.
DEFAULT_STEP_BUDGET = 1_000_000
MAX_FRAMES = 10_000


class RunTime:
    """What compiled code of one game reads at run time besides the state: where `log` lines
    go (None: they are not even formatted; with a `viewer`, lines written `to` another player
    arrive in their public text, or not at all), and how much of the step budget is left."""

    __slots__ = ("sink", "viewer", "steps", "budget")

    def __init__(self) -> None:
        self.sink: Optional[Callable] = None
        self.viewer: Optional[int] = None
        self.budget = self.steps = DEFAULT_STEP_BUDGET


def runaway(RT: RunTime, span: Span, what: str = "at this loop") -> None:
    """The step budget ran out (called by compiled code): at a loop's turn, or where `what` says."""
    raise Runaway(span, f"the rules run away here: play went {RT.budget:,} steps (loop turns, values "
                        f"ranged over, calls) without a decision, the last of them {what}; "
                        f"does it ever end?")


def steps_range(RT: RunTime, low: int, high: int, span: Span) -> range:
    """range(low, high), its length taken from the step budget (a range can be huge)."""
    size = high - low
    if size > 0:
        RT.steps -= size
        if RT.steps < 0:
            raise Runaway(span, f"the rules run away here: this goes through {size:,} values at once, more "
                                f"than the step budget ({RT.budget:,}) allows between two decisions")
    return range(low, high)


def steps_concat(RT: RunTime, left: tuple, right: tuple, span: Span) -> tuple:
    """left + right, the length of the list built taken from the step budget."""
    joined = left + right
    RT.steps -= len(joined)
    if RT.steps < 0:
        raise Runaway(span, f"the rules run away here: play went {RT.budget:,} steps (loop turns, values "
                            f"ranged over, lists built) without a decision, the last of them building a "
                            f"list of {len(joined):,} values; does it ever stop growing?")
    return joined


def too_deep(S, span: Span) -> None:
    """Resumable calls nested past MAX_FRAMES (called by compiled code)."""
    raise Runaway(span, f"the rules run away here: calls nested {len(S.frames):,} deep without end")


class GameOver(Exception):
    """Raised by `end game`: unwinds compiled code at once, wherever it stands."""

    def __init__(self, winners: tuple, reason: str):
        self.winners = winners
        self.reason = reason


# ---------------------------------------------------------------- chance (splitmix64 in the state)
def seed_state(seed: int) -> int:
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64


def rand_below(S, n: int) -> int:
    """A uniform int in [0, n), advancing the state's generator. Deterministic for a seed."""
    x = (S.rng + 0x9E3779B97F4A7C15) & MASK64
    S.rng = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    x ^= x >> 31
    return x % n


def pick(S, domain: Sequence, where: str = ""):
    """A uniformly random element of domain, or none if it is empty. `where` names the statement
    (for explicit chance, whose helpers take over whenever S.rng is not the seeded generator)."""
    if not domain:
        return None
    if S.rng.__class__ is not int:
        return chance.pick(S, tuple(domain), where)
    return domain[rand_below(S, len(domain))]


def roll(S, D: list, slot: int, faces: tuple, where: str = ""):
    """A die's roll: the next face it was loaded with, else a face at random."""
    loaded = D[slot]
    if loaded:
        D[slot] = loaded[1:]
        return loaded[0]
    if S.rng.__class__ is not int:
        return chance.pick(S, faces, where)
    return faces[rand_below(S, len(faces))]


def load_die(rolls: Sequence, faces: tuple, span: Span) -> tuple:
    """The rolls a die is loaded with, each one of its faces."""
    for face in rolls:
        if face not in faces:
            raise RulesRuntimeError(span, f"{face!r} is not a face of this die")
    return tuple(rolls)


# ---------------------------------------------------------------- pieces in multiset zones
def present(D: list, base: int, kinds: int) -> tuple:
    """The kinds with at least one piece in the zone at base (compress runs in C: zones of many
    kinds, such as a hand from a deck of distinct cards, are iterated at every decision)."""
    return tuple(compress(range(kinds), D[base:base + kinds]))


def ix(value, low: int, size: int, span: Span) -> int:
    """A number used as an index, checked against the declared range."""
    if value.__class__ is not int or not low <= value < low + size:
        raise RulesRuntimeError(span, f"{value!r} is outside {low}..{low + size - 1}")
    return value


def take(D: list, base: int, kind: int, count: int, span: Span) -> None:
    if count < 0:
        raise RulesRuntimeError(span, f"cannot move a negative number of pieces ({count})")
    if D[base + kind] < count:
        raise RulesRuntimeError(span, f"only {D[base + kind]} such piece(s) there, {count} wanted")
    D[base + kind] -= count


def draw_one(S, D: list, base: int, kinds: int) -> int:
    """Take one random piece from the zone (each piece equally likely); -1 if it is empty."""
    total = sum(D[base:base + kinds])
    if total == 0:
        return -1
    if S.rng.__class__ is not int:
        return chance.draw_from_zone(S, D, base, kinds)
    r = rand_below(S, total)
    for k in range(kinds):
        r -= D[base + k]
        if r < 0:
            D[base + k] -= 1
            return k
    raise AssertionError("unreachable")


def keep_present(D: list, addr: int, kinds: int, bits: int) -> None:
    """The words from bits keeping which kinds the multiset zone at addr holds (layout.ZoneLayout
    .present), worked out anew after pieces moved at random."""
    words = present_bits(D[addr:addr + kinds])
    D[bits:bits + len(words)] = words


def draw_into(S, D: list, src: int, kinds: int, src_total: int, dst: int, dst_total: int, count: int) -> None:
    """Draw up to count pieces one at a time from a multiset zone into another (each piece of the
    source equally likely; stopping when it is empty), keeping both zones' counts. The same
    draws, in the same order, as `count` draw_one()s."""
    if S.rng.__class__ is not int or src == dst:  # explicit chance decides each piece (or a zone into itself)
        for _ in range(count):
            k = draw_one(S, D, src, kinds)
            if k < 0:
                return
            D[src_total] -= 1
            D[dst + k] += 1
            D[dst_total] += 1
        return
    x = S.rng
    total = D[src_total]
    drawn = count if count < total else total
    for total in range(total, total - drawn, -1):  # total: the pieces left before this draw
        x = (x + 0x9E3779B97F4A7C15) & MASK64  # rand_below, written out
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        r = (z ^ (z >> 31)) % total - D[src]
        k = src
        while r >= 0:
            k += 1
            r -= D[k]
        D[k] -= 1
        D[dst - src + k] += 1
    if drawn > 0:
        D[src_total] -= drawn
        D[dst_total] += drawn
        S.rng = x


def standing_pick(S, actions: tuple, r: int) -> int:
    """Take move r of those the standing actions allowed to the decider offer, in the order
    S.allows lists them (`actions`: each action's lister, pyback/samplers.py)."""
    for action, args, player in S.allows:
        if player == S.decider:
            offered = actions[action](S, args, -1)
            if r < offered:
                return actions[action](S, args, r)
            r -= offered
    raise AssertionError("a move past the standing actions' last")


def best(pairs: Sequence) -> object:
    """The element with strictly the highest key; none when the highest is shared or there is none."""
    top = None
    winner = None
    tied = False
    for element, key in pairs:
        if top is None or key > top:
            top, winner, tied = key, element, False
        elif key == top:
            tied = True
    return None if tied else winner


DIGEST_START, DIGEST_PRIME, WORD = 0xcbf29ce484222325, 0x100000001b3, (1 << 64) - 1
NONE_WORD = 1 << 63  # how the native back-end writes none (INT64_MIN), as an unsigned word


def position_digest(D: list, slots: tuple) -> int:
    """A position as 62 bits, the same in every process and on both back-ends: FNV-1a over its words
    as the native back-end holds them (a list: its length, then its items; none: INT64_MIN; a truth
    value: 0 or 1; a text, which the native back-end leaves to Python: its characters' code points,
    then its length, negated)."""
    h = DIGEST_START
    for slot in slots:
        items = D[slot]
        if items.__class__ is tuple:
            h = ((h ^ len(items)) * DIGEST_PRIME) & WORD
        else:
            items = (items,)
        for item in items:
            if item is None:
                h = ((h ^ NONE_WORD) * DIGEST_PRIME) & WORD
            elif item.__class__ is str:
                h = _text_digest(h, item)
            else:
                h = ((h ^ (item & WORD)) * DIGEST_PRIME) & WORD
    return h >> 2


def _text_digest(h: int, text: str) -> int:
    for char in text:
        h = ((h ^ ord(char)) * DIGEST_PRIME) & WORD
    return ((h ^ ((-len(text) - 1) & WORD)) * DIGEST_PRIME) & WORD


def repetitions(D: list, history: int, slots: tuple) -> int:
    """How many times the position now has occurred: at the decisions played so far, and now."""
    return D[history].count(position_digest(D, slots)) + 1


def leading(items) -> tuple:
    """`leading(…)`: items are (element,) while the condition holds, then None: the elements
    before the first None (nothing after it is worked out: the caller's generator stops there)."""
    out = []
    for item in items:
        if item is None:
            break
        out.append(item[0])
    return tuple(out)


def best_of(*pairs):
    """best over (element, key) pairs written out: element, key, element, key…"""
    if len(pairs) == 4:
        a, ka, b, kb = pairs
        return a if ka > kb else b if kb > ka else None
    return best(list(zip(pairs[::2], pairs[1::2])))


def index_of(items: Sequence, item, span: Span) -> int:
    try:
        return list(items).index(item)
    except ValueError:
        raise RulesRuntimeError(span, f"{item!r} is not in the list") from None


def at(items: Sequence, position: int, span: Span):
    try:
        return items[position]
    except (IndexError, TypeError):
        raise RulesRuntimeError(span, f"no item at position {position} (the list has {len(items)})") from None


def row(table, key, span: Span):
    found = table.by_key.get(key)
    if found is None:
        raise RulesRuntimeError(span, f"table '{table.name}' has no row {key!r}")
    return found


# ---------------------------------------------------------------- ordered piles
def pile_draw(S, D: list, slot: int, span: Span) -> int:
    pile = D[slot]
    if not pile:
        return -1
    if S.rng.__class__ is not int:
        return chance.draw_from_pile(S, D, slot)
    D[slot] = pile[:-1]
    return pile[-1]


def shuffle(S, D: list, slot: int) -> None:
    if S.rng.__class__ is not int:
        return chance.shuffle(S, D, slot)
    items = list(D[slot])
    for i in range(len(items) - 1, 0, -1):
        j = rand_below(S, i + 1)
        items[i], items[j] = items[j], items[i]
    D[slot] = tuple(items)


# ---------------------------------------------------------------- groups of nodes on a board
# A board that can merge keeps, for each node, the id of its group: the smallest node id in it.
def groups(D: list, roots: int, count: int) -> tuple:
    """Every group, in node order."""
    return tuple(dict.fromkeys(D[roots:roots + count]))


def tiles(D: list, roots: int, nodes: tuple, low: int, group: int) -> tuple:
    group = D[roots + group - low]  # a group is named by a node: after a merge, by its new group
    return tuple([node for node, g in zip(nodes, D[roots:roots + len(nodes)]) if g == group])


def merge(D: list, roots: int, nodes: tuple, low: int, a: int, b: int, span: Optional[Span] = None) -> int:
    """Join the groups of a and b; the merged group is named by its smallest node."""
    ga, gb = D[roots + a - low], D[roots + b - low]
    if ga == gb:
        return ga
    new = min(ga, gb)
    for node in nodes:
        if D[roots + node - low] in (ga, gb):
            D[roots + node - low] = new
    return new


_BYTE_NODES: dict = {}  # low -> per byte j of a set of nodes, per value of that byte: its nodes


def nodes_of_bits(low: int, bits: int) -> tuple:
    """The nodes low + i, in order, for each bit i set in bits (a set of nodes kept as bits):
    a byte at a time, each byte's nodes looked up (as many steps for a full set as a sparse one)."""
    table = _BYTE_NODES.get(low)
    if table is None:
        table = _BYTE_NODES[low] = [[tuple(low + 8 * j + i for i in range(8) if byte >> i & 1) for byte in range(256)]
                                    for j in range(8)]
    out: tuple = ()
    j = 0
    while bits:
        byte = bits & 255
        if byte:
            out += table[j][byte]
        bits >>= 8
        j += 1
    return out


def merge_kept(D: list, roots: int, nodes: tuple, low: int, a: int, b: int, members: int, group_list: int,
               span: Optional[Span] = None) -> int:
    """merge, keeping each group's nodes (at members) and the list of groups (at group_list)."""
    ga, gb = D[roots + a - low], D[roots + b - low]
    if ga == gb:
        return ga
    new, old = min(ga, gb), max(ga, gb)
    joined = D[members + ga - low] + D[members + gb - low]
    for node in joined:
        D[roots + node - low] = new
    D[members + new - low] = tuple(sorted(joined))
    D[group_list] = tuple([g for g in D[group_list] if g != old])
    return new


def ring_step(node: int, steps: int, low: int, size: int) -> int:
    return (node - low + steps) % size + low


def ring_group_step(D: list, roots: int, low: int, size: int, group: int, steps: int) -> int:
    """The group `steps` places clockwise from `group` (anticlockwise if negative), counting each
    group once."""
    current = D[roots + group - low]
    if steps < 0:
        for _ in range(-steps):
            current = ring_group_back(D, roots, low, size, current)
        return current
    for _ in range(steps):
        node = current
        for _ in range(size):
            node = (node - low + 1) % size + low
            g = D[roots + node - low]
            if g != current:
                current = g
                break
        else:
            return current  # a single group: every step lands on itself
    return current


def ring_group_back(D: list, roots: int, low: int, size: int, group: int) -> int:
    group = D[roots + group - low]
    node = group
    for _ in range(size):
        node = (node - low - 1) % size + low
        g = D[roots + node - low]
        if g != group:
            return g
    return group


def ring_group_neighbours(D: list, roots: int, low: int, size: int, group: int) -> tuple:
    group = D[roots + group - low]
    after = ring_group_step(D, roots, low, size, group, 1)
    before = ring_group_back(D, roots, low, size, group)
    if after == group:
        return ()
    return (after,) if after == before else (before, after)


def graph_group_neighbours(D: list, roots: int, low: int, adjacency: tuple, nodes: tuple, group: int) -> tuple:
    group = D[roots + group - low]
    found = []
    for node in nodes:
        if D[roots + node - low] != group:
            continue
        for other in adjacency[node - low]:
            g = D[roots + other - low]
            if g != group and g not in found:
                found.append(g)
    return tuple(found)


def remove_from_pile(D: list, slot: int, kind: int, count: int, span: Span) -> None:
    """Take `count` pieces of `kind` out of an ordered pile, the topmost first."""
    items = list(D[slot])
    for _ in range(count):
        for i in range(len(items) - 1, -1, -1):
            if items[i] == kind:
                del items[i]
                break
        else:
            raise RulesRuntimeError(span, "no such piece in the pile")
    D[slot] = tuple(items)


def end_span(S, code: int) -> None:
    """Drop the modifiers that last until the end of this span."""
    S.mods = tuple(m for m in S.mods if m[2] != code)


def safe_div(a: int, b: int, span: Span, remainder: bool) -> int:
    if b == 0:
        raise RulesRuntimeError(span, "division by zero")
    return a % b if remainder else a // b


def show(value, how: tuple) -> str:
    """The display text of a value, as its type's descriptor says."""
    if value is None:
        return "none"
    form = how[0]
    if form == "names":
        names = how[1]
        return names[value] if isinstance(value, int) and 0 <= value < len(names) else str(value)
    if form == "labels":
        labels, low = how[1], how[2]
        index = value - low
        return labels[index] if 0 <= index < len(labels) else str(value)
    if form == "list":
        return ", ".join(show(v, how[1]) for v in value)
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def connect(D: list, edges: int, low: int, a: int, b: int, span: Optional[Span] = None) -> None:
    """Lay an edge a–b on a growing network (both directions, once)."""
    if a == b:
        return
    if b not in D[edges + a - low]:
        D[edges + a - low] = D[edges + a - low] + (b,)
        D[edges + b - low] = D[edges + b - low] + (a,)


def network_group_neighbours(D: list, roots: int, edges: int, low: int, nodes: tuple, group: int) -> tuple:
    """As graph_group_neighbours, on a network whose edges are in the state."""
    return graph_group_neighbours(D, roots, low, tuple(D[edges:edges + len(nodes)]), nodes, group)


def zones_present(D: list, bases: Sequence, kinds: int) -> tuple:
    """The kinds with a piece in any of the multiset zones at bases."""
    return tuple([k for k in range(kinds) if any(D[o + k] for o in bases)])


def key_position(keys: tuple, key, span: Span) -> int:
    """The row (or member) whose key is `key`."""
    try:
        return keys.index(key)
    except ValueError:
        raise RulesRuntimeError(span, f"no row {key!r}") from None


def keep(cell: list, value):
    """A hoisted value worked out now: kept in its cell for the rest of the listing."""
    cell.append(value)
    return value


def nth_pair(groups: list, r: int) -> tuple:
    """The r-th (v1, v2) pair of [(v1, v2s), …] counted in order (a decision of two variables,
    the second's values depending on the first, listed without making every pair)."""
    for first, seconds in groups:
        if r < len(seconds):
            return first, seconds[r]
        r -= len(seconds)
    raise IndexError(r)


def nth_bit_pair(groups: list, r: int, low: int) -> tuple:
    """nth_pair where each first value's second values are a set of nodes kept as bits (counted
    with bit_count): the r-th node of the set r falls in, found without listing the set."""
    for first, bits in groups:
        n = bits.bit_count()
        if r < n:
            return first, nth_node(low, bits, r)
        r -= n
    raise IndexError(r)


_HALVES = ((32, 0xFFFFFFFF), (16, 0xFFFF), (8, 0xFF))
_BYTE_BITS = tuple(tuple(i for i in range(8) if byte >> i & 1) for byte in range(256))


def nth_node(low: int, bits: int, r: int) -> int:
    """nodes_of_bits(low, bits)[r] for a set of at most 64 nodes: halves, quarters and eighths of
    the bits are counted to find the byte the r-th node is in, then that byte's bits are looked up."""
    for width, mask in _HALVES:
        part = bits & mask
        n = part.bit_count()
        if r < n:
            bits = part
        else:
            r -= n
            bits >>= width
            low += width
    return low + _BYTE_BITS[bits][r]


def top(items: Sequence):
    return items[-1] if items else None


# ---------------------------------------------------------------- modifiers and table cells
def apply_mods(S, table: dict, result, args: tuple):
    """A value's result after the active modifiers of that value, in the order they were made."""
    for site, captured, _ in S.mods:
        f = table.get(site)
        if f is not None:
            result = f(S, captured, result, *args)
    return result


def cell_value(S, cells: tuple, member: int, args: tuple):
    """An expression column's cell for member (its default when empty)."""
    return cells[member](S, member, *args)


def run_cell(S, cells: tuple, member: int, args: tuple) -> None:
    f = cells[member]
    if f is not None:
        f(S, member, *args)


def queue_cell(S, P: list, cells: tuple, blocks: tuple, slots: tuple, member: int, args: tuple) -> None:
    """A statements cell that can stop for a decision runs as a frame (queued in P)."""
    block = blocks[member]
    if block >= 0:
        values = [member, *args]
        P.append([block, 0, values + [None] * (slots[block] - len(values))])
    else:
        run_cell(S, cells, member, args)


# ---------------------------------------------------------------- links columns (constant tables)
def links_at(table: tuple, member, cell: int) -> tuple:
    return () if member is None else table[member][cell - 1]


_PAIRS: dict = {}


def links_from(table: tuple, member, cell: int, port: int) -> tuple:
    if member is None:
        return ()
    pairs = table[member][cell - 1]
    found = _PAIRS.get(id(pairs))
    if found is None or found[0] is not pairs:
        found = _PAIRS[id(pairs)] = (pairs, dict(pairs))
    return found[1].get(port, ())
