"""A hand-written, speed-tuned random playout of 2-player Eriantys (Easy game), as a yardstick.

Same rules as rules/eriantys for 2 players, same random policy (each decision picks uniformly
among its legal moves: student × destination group, Mother Nature steps, cloud, assistant),
written the way a programmer would for speed: flat lists, no engine. Used by
benchmarks/engine_vs_handwritten.py to measure how far the engine is from hand-tuned code.
"""
from __future__ import annotations

import random

COLOURS = 5
ISLANDS = 12
TOWERS = 8
MOVES = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)


def playout(seed: int) -> tuple[int, int]:
    """One random game; gives (winner or -1 for a draw, decisions)."""
    rng = random.Random(seed)
    randrange = rng.randrange
    bag = [26] * COLOURS
    isle = [[0] * COLOURS for _ in range(ISLANDS)]
    root = list(range(ISLANDS))
    tower = [-1] * ISLANDS
    towers_left = [TOWERS, TOWERS]
    entrance = [[0] * COLOURS, [0] * COLOURS]
    dining = [[0] * COLOURS, [0] * COLOURS]
    professor = [-1] * COLOURS
    hands = [list(range(10)), list(range(10))]
    decisions = 0

    def draw() -> int:
        total = sum(bag)
        if total == 0:
            return -1
        r = randrange(total)
        for c in range(COLOURS):
            r -= bag[c]
            if r < 0:
                bag[c] -= 1
                return c
        return -1

    # Setup: Mother Nature, one student on each island but hers and the opposite one.
    for c in range(COLOURS):
        bag[c] -= 2
    small = [2] * COLOURS
    mother = randrange(ISLANDS)
    for k in range(1, ISLANDS):
        if k != 6:
            total = sum(small)
            r = randrange(total)
            for c in range(COLOURS):
                r -= small[c]
                if r < 0:
                    small[c] -= 1
                    isle[(mother + k) % ISLANDS][c] += 1
                    break
    for p in (0, 1):
        for _ in range(7):
            entrance[p][draw()] += 1
    first = randrange(2)

    def groups() -> list:
        return list(dict.fromkeys(root))

    def step_group(g: int, n: int) -> int:
        for _ in range(n):
            i = g
            for _ in range(ISLANDS):
                i = (i + 1) % ISLANDS
                if root[i] != g:
                    g = root[i]
                    break
        return g

    def tiles(g: int) -> list:
        return [i for i in range(ISLANDS) if root[i] == g]

    def influence(t: int, ts: list) -> int:
        value = 0
        for c in range(COLOURS):
            if professor[c] == t:
                for i in ts:
                    value += isle[i][c]
        for i in ts:
            if tower[i] == t:
                value += 1
        return value

    def leaders() -> list:
        fewest = min(towers_left)
        tied = [t for t in (0, 1) if towers_left[t] == fewest]
        profs = [sum(1 for c in range(COLOURS) if professor[c] == t) for t in tied]
        return [t for t, n in zip(tied, profs) if n == max(profs)]

    def result(winners: list) -> int:
        return winners[0] if len(winners) == 1 else -1

    def resolve(g: int):
        ts = tiles(g)
        a, b = influence(0, ts), influence(1, ts)
        if a == b:
            return None
        winner = 0 if a > b else 1
        if tower[ts[0]] == winner:
            return None
        for i in ts:
            if towers_left[winner] > 0:
                if tower[i] >= 0:
                    towers_left[tower[i]] += 1
                tower[i] = winner
                towers_left[winner] -= 1
        if towers_left[winner] == 0:
            return winner
        g = root[ts[0]]
        before = g
        after = step_group(g, 1)
        back = g
        i = g
        for _ in range(ISLANDS):
            i = (i - 1) % ISLANDS
            if root[i] != g:
                back = root[i]
                break
        for h in {after, back}:
            if h != g and tower[tiles(h)[0]] == winner:
                new = min(root[before], h)
                old = {root[before], h}
                for k in range(ISLANDS):
                    if root[k] in old:
                        root[k] = new
                before = new
        if len(groups()) <= 3:
            return result(leaders())
        return None

    clouds = [[0] * COLOURS, [0] * COLOURS]
    while True:
        # Planning: refill, then assistants clockwise from the first player.
        for cloud in clouds:
            for _ in range(3 - sum(cloud)):
                c = draw()
                if c < 0:
                    break
                cloud[c] += 1
        last = sum(bag) == 0
        played = [-1, -1]
        position = [0, 0]
        for n, p in enumerate((first, 1 - first)):
            hand = hands[p]
            taken = [a for a in played if a >= 0]
            options = [a for a in hand if a not in taken] or hand
            a = options[randrange(len(options))]
            decisions += 1
            hand.remove(a)
            played[p] = a
            position[p] = n
            if not hand:
                last = True
        order = sorted((0, 1), key=lambda q: (played[q], position[q]))
        first = order[0]
        for p in order:
            ent, din = entrance[p], dining[p]
            for _ in range(3):
                gs = groups()
                moves = []
                for c in range(COLOURS):
                    if ent[c]:
                        if din[c] < 10:
                            moves.append((c, -1))
                        for g in gs:
                            moves.append((c, g))
                c, g = moves[randrange(len(moves))]
                decisions += 1
                ent[c] -= 1
                if g < 0:
                    din[c] += 1
                    for colour in range(COLOURS):  # professors after every dining change (E7)
                        holder = professor[colour]
                        x, y = dining[0][colour], dining[1][colour]
                        leader = 0 if x > y else 1 if y > x else -1
                        if leader >= 0 and leader != holder and max(x, y) > 0:
                            if holder < 0 or dining[leader][colour] > dining[holder][colour]:
                                professor[colour] = leader
                else:
                    isle[g][c] += 1
            n = randrange(MOVES[played[p]]) + 1
            decisions += 1
            mother = step_group(root[mother], n)
            outcome = resolve(root[mother])
            if outcome is not None:
                return outcome, decisions
            full = [k for k in (0, 1) if sum(clouds[k])]
            if full:
                k = full[randrange(len(full))]
                decisions += 1
                for c in range(COLOURS):
                    ent[c] += clouds[k][c]
                    clouds[k][c] = 0
        if last:
            return result(leaders()), decisions


if __name__ == "__main__":
    import time

    start = time.perf_counter()
    total = sum(playout(seed)[1] for seed in range(500))
    seconds = time.perf_counter() - start
    print(f"{500 / seconds:.0f} games/s, {total / seconds:.0f} decisions/s")
