/* Repeated positions (a game asking repetitions(); included after runtime.c with the game's
 * POSITION_SLOTS): the digest of a position is FNV-1a over its words — a list its length and then
 * its items — as interpreter/pyback/runtime.py's position_digest works it out from the Python
 * state, so a state keeps its history across back-ends. The digests of the positions moves were
 * played from are kept in the list at data slot HIST_SLOT (up to HCAP of them). */
static i64 position_digest(const St *S) {
    u64 h = 0xcbf29ce484222325ULL;
    const i64 *D = S->D;
    for (i64 i = 0; i < POSITION_COUNT; i++) {
        i64 slot = POSITION_SLOTS[i];
        if (POSITION_LISTS[i]) {
            const i64 *l = &D[D[slot]];
            for (i64 j = 0; j <= l[0]; j++) h = (h ^ (u64)l[j]) * 0x100000001b3ULL;
        } else {
            h = (h ^ (u64)D[slot]) * 0x100000001b3ULL;
        }
    }
    return (i64)(h >> 2);
}

/* repetitions(): how many times the position now has occurred, now included. */
static i64 rb_repetitions(St *S) {
    const i64 *kept = &S->D[S->D[HIST_SLOT]];
    i64 digest = position_digest(S), times = 1;
    for (i64 i = 1; i <= kept[0]; i++) times += kept[i] == digest;
    return times;
}

/* Before a move is played: keep the position it is played from (Game.apply, Game.play_random). */
static void remember_position(St *S) {
    i64 *kept = &S->D[S->D[HIST_SLOT]];
    if (kept[0] >= HCAP) fail(S, ST_CAPACITY);
    kept[1 + kept[0]] = position_digest(S);
    kept[0] += 1;
}
