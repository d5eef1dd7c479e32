/* Information-set MCTS natively (rulebook/ismcts.py step for step): each iteration copies the root,
 * draws a determinization of it from a plan the Python side worked out once per decision
 * (interpreter/play/determinize.py's plan, encoded by interpreter/native/sampling.py), descends one
 * shared tree by UCB with availability counts, plays out at random and backs up every player's
 * return. The plan holds only what the deciding player sees, so the samples — and the choice — do
 * not depend on what they may not see. Included after bots.c (MoveV, legal_moves, copy_state…).
 *
 * The plan, one array of words:
 *   npools, per pool: n, pieces[n] (sorted)
 *   nplaces, per place: ordered, pool, at, size, slot (of D), kinds
 *   ngroups, per group of hidden values: n, slots[n] (of D)
 *   nkeys, per stand-in: place, piece; nrefs, per frame local naming a hidden piece: word (of St), key */

#ifndef RB_SETJMP   /* a runtime without a non-local exit of its own: the standard one */
typedef jmp_buf rb_jmp_buf;
#define RB_SETJMP(b) setjmp(b)
#endif

#define ISM_EXPLORATION 0.7  /* rulebook/ismcts.py's EXPLORATION: the native games' fair bot */

#define ISM_CUTOFF 20  /* rulebook/ismcts.py's PLAYOUT_CUTOFF: the native games' fair bot */

/* Every player's return where a playout stopped (rulebook/ismcts.py's _returns): at the end, the win
 * return; cut off before it, each player's lead in the declared score over the best of the others,
 * as a share of their sizes, put on 0..1 (a lead is worth less than a win). */
static void ism_returns(St *S, double *r) {
#if HAS_SCORE
    if (!S->over) {
        double s[MAXW];
        for (i64 p = 0; p < PLAYERS; p++) {
            i64 v = score_of(S, p);
            s[p] = v == NONE ? 0 : (double)v;
        }
        for (i64 p = 0; p < PLAYERS; p++) {
            double best = -INFINITY;
            for (i64 q = 0; q < PLAYERS; q++) if (q != p && s[q] > best) best = s[q];
            r[p] = PLAYERS < 2 ? 0.5 : 0.5 + 0.5 * (s[p] - best) / (fabs(s[p]) + fabs(best) + 1.0);
        }
        return;
    }
#endif
    returns_of(S, r);
}

/* A random playout of S, cut off after `cutoff` moves where the rules declare a score (a negative
 * cutoff: to the end), and every player's return where it stopped; errors longjmp out of it. */
static void ism_playout(St *S, Mt *bot, i64 cutoff, double *r) {
    i64 values[MAXB];
    for (i64 played = 0; !S->over && !S->status && !(HAS_SCORE && cutoff >= 0 && played >= cutoff); played++)
        if (random_move(S, bot, values) < 0) break;
    if (S->status) fail(S, S->status);
    ism_returns(S, r);
}

typedef struct { MoveV move; i64 visits, available, parent; double totals[MAXW]; } INode;

/* A node's child for a move, found by hashing (parent, move): an open-addressed table whose
 * entries count only when stamped with the current search (no clearing per decision). */
#define ISM_HASH (2 * MAXNODES)
static i64 ISM_TABLE[ISM_HASH], ISM_STAMP[ISM_HASH];
static i64 ism_stamp;

static INode INODES[MAXNODES];
static i64 ninodes;
static St ISIM;
#define ISM_POOL (MAXTUPLES > 4096 ? MAXTUPLES : 4096)
static i64 ISM_DEALT[ISM_POOL], ISM_LEFT[ISM_POOL], ISM_KEYS[ISM_POOL];

/* random.shuffle (CPython's loop, the bots' chance) */
static void ism_shuffle(Mt *bot, i64 *x, i64 n) {
    for (i64 i = n - 1; i > 0; i--) {
        i64 j = rb_mt_below(bot, i + 1);
        i64 t = x[i]; x[i] = x[j]; x[j] = t;
    }
}

static int ism_compare(const void *a, const void *b) {
    i64 x = *(const i64 *)a, y = *(const i64 *)b;
    return (x > y) - (x < y);
}

/* Whether pool k goes whole to one place that keeps counts: shuffling it changes nothing there. */
static int ism_one_heap(const i64 *places, i64 nplaces, i64 k) {
    i64 found = 0, heap = 0;
    for (i64 i = 0; i < nplaces; i++)
        if (places[i * 6 + 1] == k) { found++; heap = !places[i * 6]; }
    return found == 1 && heap;
}

static void ism_sort(i64 *x, i64 n) {
    for (i64 i = 1; i < n; i++) {
        i64 v = x[i], j = i - 1;
        while (j >= 0 && x[j] > v) { x[j + 1] = x[j]; j--; }
        x[j + 1] = v;
    }
}

/* The plan's sample drawn onto S (a copy of the root): pools shuffled and dealt back keeping each
 * place's count, hidden values permuted, frame locals naming a hidden piece given a piece of the
 * sample's place, the game's chance drawn afresh. */
static void ism_sample(St *S, const i64 *plan, Mt *bot) {
    const i64 *p = plan;
    i64 npools = *p++;
    i64 pool_off[64];
    i64 used = 0;
    const i64 *pools = p;
    for (i64 k = 0; k < npools; k++) p += 1 + *p;
    i64 nplaces = *p++;
    const i64 *places = p;
    for (i64 k = 0; k < npools; k++) {   /* each pool copied in order, then shuffled */
        i64 n = *pools++;
        if (k >= 64 || used + n > ISM_POOL) fail(S, ST_CAPACITY);
        pool_off[k] = used;
        memcpy(&ISM_DEALT[used], pools, sizeof(i64) * (size_t)n);
        if (!ism_one_heap(places, nplaces, k)) ism_shuffle(bot, &ISM_DEALT[used], n);
        used += n;
        pools += n;
    }
    i64 *D = S->D;
    for (i64 i = 0; i < nplaces; i++, p += 6) {
        i64 ordered = p[0], pool = p[1], at = p[2], size = p[3], slot = p[4], kinds = p[5];
        const i64 *dealt = &ISM_DEALT[pool_off[pool] + at];
        if (ordered) {
            i64 *region = &D[D[slot]];
            for (i64 j = 0; j < size; j++) region[1 + j] = dealt[j];
        } else {
            for (i64 k = 0; k < kinds; k++) D[slot + k] = 0;
            for (i64 j = 0; j < size; j++) D[slot + dealt[j]]++;
            keep_present_at(D, slot);
        }
    }
    i64 ngroups = *p++;
    for (i64 g = 0; g < ngroups; g++) {
        i64 n = *p++;
        if (n > ISM_POOL) fail(S, ST_CAPACITY);
        for (i64 j = 0; j < n; j++) ISM_LEFT[j] = D[p[j]];
        ism_sort(ISM_LEFT, n);
        ism_shuffle(bot, ISM_LEFT, n);
        for (i64 j = 0; j < n; j++) D[p[j]] = ISM_LEFT[j];
        p += n;
    }
    i64 nkeys = *p++;
    if (nkeys) {
        /* per place, the sample's pieces not yet standing in (sorted), drawn as keys come */
        static i64 left_start[MAXTUPLES], left_n[MAXTUPLES];
        i64 fill = 0;
        for (i64 i = 0; i < nplaces && i < MAXTUPLES; i++) left_n[i] = -1;
        for (i64 key = 0; key < nkeys; key++, p += 2) {
            i64 place = p[0], piece = p[1];
            if (place >= MAXTUPLES || key >= ISM_POOL) fail(S, ST_CAPACITY);
            if (left_n[place] < 0) {
                const i64 *q = &places[place * 6];
                i64 size = q[3];
                if (fill + size > ISM_POOL) fail(S, ST_CAPACITY);
                left_start[place] = fill;
                if (q[0]) {   /* an ordered place: its pieces as dealt, sorted */
                    memcpy(&ISM_LEFT[fill], &ISM_DEALT[pool_off[q[1]] + q[2]], sizeof(i64) * (size_t)size);
                    qsort(&ISM_LEFT[fill], (size_t)size, sizeof(i64), ism_compare);
                } else {      /* counts of kinds: sorted as they are read */
                    i64 at = fill;
                    for (i64 k = 0; k < q[5]; k++)
                        for (i64 c = 0; c < D[q[4] + k]; c++) ISM_LEFT[at++] = k;
                }
                left_n[place] = size;
                fill += size;
            }
            i64 *left = &ISM_LEFT[left_start[place]];
            if (!left_n[place]) { ISM_KEYS[key] = piece; continue; }
            i64 j = rb_mt_below(bot, left_n[place]);
            ISM_KEYS[key] = left[j];
            memmove(&left[j], &left[j + 1], sizeof(i64) * (size_t)(left_n[place] - j - 1));
            left_n[place]--;
        }
    }
    i64 nrefs = *p++;
    for (i64 r = 0; r < nrefs; r++, p += 2) ((i64 *)S)[p[0]] = ISM_KEYS[p[1]];
    S->rng = rb_mt_bits(bot, 64);
}

static u64 ism_hash(i64 parent, const MoveV *m) {
    u64 h = fold(fold(fold(DIGEST_START, parent), m->decision), m->option);
    for (int i = 0; i < MAXB; i++) h = fold(h, m->values[i]);
    return h ^ (h >> 29);
}

/* The child of `node` for move m, or -1; *slot gets where it would go in the table. */
static i64 ism_find(i64 node, const MoveV *m, u64 *slot) {
    u64 h = ism_hash(node, m) & (ISM_HASH - 1);
    while (ISM_STAMP[h] == ism_stamp) {
        i64 c = ISM_TABLE[h];
        if (INODES[c].parent == node && same_move(&INODES[c].move, m)) return c;
        h = (h + 1) & (ISM_HASH - 1);
    }
    *slot = h;
    return -1;
}

static i64 ism_child(i64 node, const MoveV *m) {
    u64 slot;
    return ism_find(node, m, &slot);
}

static i64 ism_new(St *S, i64 parent, const MoveV *m) {
    if (ninodes >= MAXNODES) fail(S, ST_CAPACITY);
    INode *x = &INODES[ninodes];
    memset(x, 0, sizeof(INode));
    x->parent = parent;
    if (m) {
        u64 slot;
        x->move = *m;
        ism_find(parent, m, &slot);
        ISM_STAMP[slot] = ism_stamp;
        ISM_TABLE[slot] = ninodes;
    }
    return ninodes++;
}

/* One iteration from `root` (rulebook/ismcts.py's _iterate); errors longjmp out of it. */
static void ism_iterate(const St *root, const i64 *plan, Mt *bot, double exploration, i64 cutoff, i64 *path) {
    copy_state(&ISIM, root);
    ism_sample(&ISIM, plan, bot);
    i64 depth = 0, node = 0;
    path[depth++] = 0;
    static i64 untried[MAXMOVES], children[MAXMOVES];
    while (!ISIM.over) {
        i64 player = ISIM.decider;
        MoveV *moves = MOVES_AT[0];
        i64 n = legal_moves(&ISIM, moves);
        i64 nu = 0;
        for (i64 i = 0; i < n; i++) {
            children[i] = ism_child(node, &moves[i]);
            if (children[i] < 0) untried[nu++] = i;
            else INODES[children[i]].available++;
        }
        if (depth >= MAXDEPTH) fail(&ISIM, ST_CAPACITY);
        if (nu) {
            i64 pick = untried[rb_mt_below(bot, nu)];
            i64 child = ism_new(&ISIM, node, &moves[pick]);
            INODES[child].available = 1;
            apply_listed(&ISIM, &moves[pick]);
            path[depth++] = child;
            break;
        }
        i64 best = 0;
        double best_value = -INFINITY;
        for (i64 i = 0; i < n; i++) {
            const INode *c = &INODES[children[i]];
            double value = c->totals[player] / (double)c->visits +
                           exploration * sqrt(log((double)(c->available > 1 ? c->available : 1)) / (double)c->visits);
            if (value > best_value) { best = i; best_value = value; }
        }
        node = children[best];
        apply_listed(&ISIM, &moves[best]);
        path[depth++] = node;
    }
    double r[MAXW];
    ism_playout(&ISIM, bot, cutoff, r);
    for (i64 i = 0; i < depth; i++) {
        INode *x = &INODES[path[i]];
        x->visits += 1;
        for (i64 q = 0; q < PLAYERS; q++) x->totals[q] += r[q];
    }
}

/* The most visited of the root's legal moves (ties drawn with the bots' chance): its index in
 * Game.legal_moves' order; -1 when no move was tried, -2 on an error listing them. */
static i64 ism_choose(St *root, Mt *bot) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb)) { rb_escape = saved; return -2; }
    copy_state(&ISIM, root);
    i64 n = legal_moves(&ISIM, ROOT_MOVES);
    rb_escape = saved;
    i64 most = -1, nbest = 0;
    static i64 best[MAXMOVES];
    for (i64 i = 0; i < n; i++) {
        i64 c = ism_child(0, &ROOT_MOVES[i]);
        if (c < 0) continue;
        if (INODES[c].visits > most) { most = INODES[c].visits; nbest = 0; }
        if (INODES[c].visits == most) best[nbest++] = i;
    }
    if (!nbest) return -1;
    return best[rb_mt_below(bot, nbest)];
}

/* `iterations` more iterations of the search from `root` (a new tree when `fresh`); an iteration
 * the rules cannot play on is left out, and the search stops when failures pass ten times the
 * iterations done (as in Python). counts[0] += iterations done, counts[1] += failed. With `choose`,
 * gives ism_choose's move after them (one call per decision under an iteration budget), else 0. */
i64 rb_ismcts_search(St *root, const i64 *plan, i64 iterations, Mt *bot, double exploration, i64 cutoff,
                     i64 fresh, i64 *counts, i64 choose) {
    static i64 path[MAXDEPTH];
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    MARKS_TO(rb_marks_scratch);
    if (fresh) { ninodes = 0; ism_stamp++; ism_new(root, -1, NULL); }
    i64 goal = counts[0] + iterations;
    while (counts[0] < goal) {   /* counts lie in the caller's memory: kept across a longjmp */
        rb_escape = &jb;
        if (RB_SETJMP(jb)) {
            counts[1]++;
            if (counts[1] > 10 * (counts[0] + 1)) break;
            continue;
        }
        ism_iterate(root, plan, bot, exploration, cutoff, path);
        counts[0]++;
    }
    rb_escape = saved;
    MARKS_TO(rb_marks_game);
    return choose ? ism_choose(root, bot) : 0;
}

/* ism_playout from S in place, the game's chance drawn afresh (as rb_playouts does: the Python
 * search's rollouts): 0, or the error's status. */
i64 rb_ismcts_playout(St *S, Mt *bot, i64 cutoff, double *r) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    MARKS_TO(rb_marks_scratch);
    if (RB_SETJMP(jb)) { rb_escape = saved; MARKS_TO(rb_marks_game); return S->status ? S->status : ST_RULES; }
    S->rng = rb_mt_bits(bot, 64);
    ism_playout(S, bot, cutoff, r);
    rb_escape = saved;
    MARKS_TO(rb_marks_game);
    return 0;
}

/* One sample drawn onto S in place (tests hold the native sampler to the view): 0, or the error's status. */
i64 rb_ismcts_sample(St *S, const i64 *plan, Mt *bot) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb)) { rb_escape = saved; return S->status; }
    ism_sample(S, plan, bot);
    rb_escape = saved;
    return 0;
}

/* ---------------------------------------------------------------- the fair bot in native games
 * The plan worked out in C at each decision, from tables interpreter/native/sampling.py gives once
 * per game (only for games whose hidden parts are fixed: no reveals, no secret choices):
 *   per player: nplaces, per place: ordered, kind, slot, kinds; ngroups, per group: n, slots[n]
 *   nblocks, per block: n, per frame local naming pieces: local, kind (-1: none hidden), listed, region
 * The words it writes are the ones sampling.native_plan writes for the same state and player. */
static i64 *ISM_T;
static i64 ISM_PLAYER_AT[MAXW + 1], *ISM_BLOCK_AT;
#define ISM_PLAN_WORDS (1 << 16)
static i64 ISM_PLAN[ISM_PLAN_WORDS];

void rb_ismcts_tables(const i64 *t, i64 n, i64 nblocks) {
    free(ISM_T);
    free(ISM_BLOCK_AT);
    ISM_T = malloc(sizeof(i64) * (size_t)(n ? n : 1));
    ISM_BLOCK_AT = malloc(sizeof(i64) * (size_t)(nblocks ? nblocks : 1));
    memcpy(ISM_T, t, sizeof(i64) * (size_t)n);
    i64 at = 0;
    for (i64 p = 0; p < PLAYERS; p++) {
        ISM_PLAYER_AT[p] = at;
        at += 1 + 4 * ISM_T[at];
        i64 ngroups = ISM_T[at++];
        for (i64 g = 0; g < ngroups; g++) at += 1 + ISM_T[at];
    }
    at++;  /* nblocks */
    for (i64 b = 0; b < nblocks; b++) { ISM_BLOCK_AT[b] = at; at += 1 + 4 * ISM_T[at]; }
}

static int ism_holds(const St *S, const i64 *place, i64 piece) {   /* place: ordered, kind, slot, kinds */
    const i64 *D = S->D;
    if (place[0]) {
        List l = &D[D[place[2]]];
        for (i64 i = 1; i <= l[0]; i++) if (l[i] == piece) return 1;
        return 0;
    }
    return piece >= 0 && piece < place[3] && D[place[2] + piece] > 0;
}

#define ISM_PUT(v) do { if (w >= cap) fail(S, ST_CAPACITY); out[w++] = (v); } while (0)

/* The plan of `player`'s samples of S into out (cap words): sampling.native_plan's words. */
static i64 ism_plan(St *S, i64 player, i64 *out, i64 cap) {
    const i64 *t = &ISM_T[ISM_PLAYER_AT[player]];
    i64 nplaces = *t++;
    const i64 *places = t;
    const i64 *D = S->D;
    i64 pool_kind[64], pool_size[64], npools = 0, w = 0;
    static i64 place_pool[MAXTUPLES], place_at[MAXTUPLES], place_size[MAXTUPLES];
    if (nplaces > MAXTUPLES) fail(S, ST_CAPACITY);
    for (i64 i = 0; i < nplaces; i++) {   /* pools by kind, in the order places first name them */
        const i64 *q = &places[i * 4];
        i64 k = 0;
        while (k < npools && pool_kind[k] != q[1]) k++;
        if (k == npools) { if (npools >= 64) fail(S, ST_CAPACITY); pool_kind[npools] = q[1]; pool_size[npools++] = 0; }
        i64 size = 0;
        if (q[0]) size = D[D[q[2]]];
        else for (i64 c = 0; c < q[3]; c++) size += D[q[2] + c];
        place_pool[i] = k;
        place_at[i] = pool_size[k];
        place_size[i] = size;
        pool_size[k] += size;
    }
    ISM_PUT(npools);
    for (i64 k = 0; k < npools; k++) {
        ISM_PUT(pool_size[k]);
        i64 from = w;
        if (w + pool_size[k] > cap) fail(S, ST_CAPACITY);
        for (i64 i = 0; i < nplaces; i++) {
            const i64 *q = &places[i * 4];
            if (place_pool[i] != k) continue;
            if (q[0]) { List l = &D[D[q[2]]]; for (i64 j = 1; j <= l[0]; j++) out[w++] = l[j]; }
            else for (i64 c = 0; c < q[3]; c++) for (i64 j = 0; j < D[q[2] + c]; j++) out[w++] = c;
        }
        qsort(&out[from], (size_t)(w - from), sizeof(i64), ism_compare);
    }
    ISM_PUT(nplaces);
    for (i64 i = 0; i < nplaces; i++) {
        const i64 *q = &places[i * 4];
        ISM_PUT(q[0]); ISM_PUT(place_pool[i]); ISM_PUT(place_at[i]); ISM_PUT(place_size[i]); ISM_PUT(q[2]); ISM_PUT(q[3]);
    }
    t += 4 * nplaces;
    i64 ngroups = *t++;
    ISM_PUT(ngroups);
    for (i64 g = 0; g < ngroups; g++) {
        i64 n = *t++;
        ISM_PUT(n);
        for (i64 j = 0; j < n; j++) ISM_PUT(*t++);
    }
    /* frame locals naming a piece that lies in one of the places: (place, piece) keys, first met first */
    static i64 key_place[ISM_POOL], key_piece[ISM_POOL], ref_word[ISM_POOL], ref_key[ISM_POOL];
    i64 nkeys = 0, nrefs = 0;
    for (i64 f = 0; f < S->nframes; f++) {
        Frame *F = &S->frames[f];
        const i64 *b = &ISM_T[ISM_BLOCK_AT[F->block]];
        i64 nlocals = *b++;
        for (i64 j = 0; j < nlocals; j++, b += 4) {
            i64 slot = b[0], kind = b[1], listed = b[2], region = b[3];
            if (kind < 0 || slot >= F->n || F->L[slot] == NONE) continue;
            i64 any = 0;
            for (i64 i = 0; i < nplaces && !any; i++) any = places[i * 4 + 1] == kind;
            if (!any) continue;
            i64 count = listed ? F->R[region][0] : 1;
            for (i64 item = 0; item < count; item++) {
                i64 *word = listed ? &F->R[region][1 + item] : &F->L[slot];
                i64 piece = *word, place = -1;
                for (i64 i = 0; i < nplaces && place < 0; i++)
                    if (places[i * 4 + 1] == kind && ism_holds(S, &places[i * 4], piece)) place = i;
                if (place < 0) continue;
                i64 key = 0;
                while (key < nkeys && !(key_place[key] == place && key_piece[key] == piece)) key++;
                if (key == nkeys) { if (nkeys >= ISM_POOL) fail(S, ST_CAPACITY); key_place[nkeys] = place; key_piece[nkeys++] = piece; }
                if (nrefs >= ISM_POOL) fail(S, ST_CAPACITY);
                ref_word[nrefs] = word - (i64 *)S;
                ref_key[nrefs++] = key;
            }
        }
    }
    ISM_PUT(nkeys);
    for (i64 k = 0; k < nkeys; k++) { ISM_PUT(key_place[k]); ISM_PUT(key_piece[k]); }
    ISM_PUT(nrefs);
    for (i64 r = 0; r < nrefs; r++) { ISM_PUT(ref_word[r]); ISM_PUT(ref_key[r]); }
    return w;
}

/* The plan of `player`'s samples of S into out (for tests: the same words as sampling.native_plan);
 * gives the word count, or -1 on an error. */
i64 rb_ismcts_plan(St *S, i64 player, i64 *out, i64 cap) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb)) { rb_escape = saved; return -1; }
    i64 w = ism_plan(S, player, out, cap);
    rb_escape = saved;
    return w;
}

/* The fair bot's move in a native game (bots.c's bot_move, kind 3): as rulebook/ismcts.py chooses
 * with the native search — one legal move is played as it is; no tried move: a random one. */
static void ism_move(St *S, Mt *bot, i64 iterations, MoveV *chosen) {
    if (!ISM_T) fail(S, ST_RULES);   /* no tables handed over: the game goes to Python */
    ism_plan(S, S->decider, ISM_PLAN, ISM_PLAN_WORDS);   /* before the moves are listed: they bind locals */
    i64 n = legal_moves(S, ROOT_MOVES);
    if (n == 1) { *chosen = ROOT_MOVES[0]; return; }
    i64 counts[2] = {0, 0};
    i64 index = rb_ismcts_search(S, ISM_PLAN, iterations, bot, ISM_EXPLORATION, ISM_CUTOFF, 1, counts, 1);
    if (index < -1) fail(S, ST_RULES);
    if (index < 0) { legal_moves(S, ROOT_MOVES); index = rb_mt_below(bot, n); }
    *chosen = ROOT_MOVES[index];   /* ism_choose listed the root's moves: the same list */
}
