/* Bots that play natively: random, greedy on the rules' score, MCTS with random rollouts — the
 * arithmetic of rulebook/bots.py step for step (legal moves in the same order, the same draws from
 * the bots' chance, UCT in the same floating point), so a seat plays the same moves on either
 * back-end. Included after play.c. */
#include <math.h>
#include <stddef.h>

typedef struct { i64 decision, option; i64 values[MAXB]; } MoveV;

static MoveV MOVES_AT[2][MAXMOVES];
static MoveV ROOT_MOVES[MAXMOVES];

/* Game.legal_moves: every choice's values in order, a product expanded first variable first. */
static i64 legal_moves(St *S, MoveV *out) {
    i64 total;
    i64 count = open_choices(S, &total);
    i64 n = 0;
    for (i64 which = 0; which < count; which++) {
        const Choice *c = &CHOICES[which];
        for (i64 i = 0; i < c->size; i++) {
            if (n >= MAXMOVES) fail(S, ST_CAPACITY);
            out[n].decision = S->decision;
            out[n].option = which;
            pick_values(c, i, out[n].values);
            for (i64 b = c->opt->nb; b < MAXB; b++) out[n].values[b] = 0;
            n++;
        }
    }
    if (!n) fail(S, ST_NOCHOICE);
    return n;
}

/* A copy that plays the same: the fields, the modifiers and allowed actions in use, the data's
 * numbers and the used part of each of its lists, each frame as frame_copy copies it (a playout
 * starts with one: the whole state is kilobytes of list capacity). */
static void copy_state(St *dst, const St *src) {
    memcpy(dst, src, offsetof(St, mods));
    copy_words((i64 *)dst->mods, (const i64 *)src->mods, (i64)(sizeof(Mod) / sizeof(i64)) * src->nmods);
    copy_words((i64 *)dst->allows, (const i64 *)src->allows, (i64)(sizeof(Allow) / sizeof(i64)) * src->nallows);
    memcpy(dst->D, src->D, sizeof(i64) * DATA_SCALARS);
    for (i64 i = 0; i < NDATA_LISTS; i++) {
        const i64 *l = &src->D[DATA_LISTS[i]];
        copy_words(&dst->D[DATA_LISTS[i]], l, l[0] + 1);
    }
    for (i64 f = 0; f < src->nframes; f++) frame_copy(&dst->frames[f], &src->frames[f]);
}

/* Game.win_returns: 1 for each winner, 0 for the others; 0.5 each when nobody or everybody of
 * several players wins (one player alone wins or loses). */
static void returns_of(const St *S, double *r) {
    int won[MAXW] = {0};
    int count = 0;
    for (i64 p = 0; p < PLAYERS; p++) {
        int w = 0;
        for (i64 i = 0; i < S->nwinners; i++)
            if ((S->by_player ? p : TEAM_OF[p]) == S->winners[i]) w = 1;
        won[p] = w;
        count += w;
    }
    for (i64 p = 0; p < PLAYERS; p++) r[p] = (PLAYERS > 1 && (count == 0 || count == PLAYERS)) ? 0.5 : (won[p] ? 1.0 : 0.0);
}

/* Apply a listed move (its choice's spaces must be the ones open_choices just made). */
static void apply_listed(St *S, const MoveV *m) { play_choice(S, m->option, m->values); }

static int same_move(const MoveV *a, const MoveV *b) {
    if (a->decision != b->decision || a->option != b->option) return 0;
    for (int i = 0; i < MAXB; i++) if (a->values[i] != b->values[i]) return 0;
    return 1;
}

/* ---------------------------------------------------------------- greedy */
#if HAS_SCORE
static St GREEDY_AFTER;

static void score_after(St *S, i64 player, double *first, i64 *second) {
    if (S->over) {
        double r[MAXW];
        returns_of(S, r);
        *first = r[player] - 0.5;
        *second = 0;
        return;
    }
    *first = 0.0;
    i64 v = score_of(S, player);
    *second = v == NONE ? 0 : v;
}
#endif

/* rulebook.bots.standing_pool on a list of moves: keeps the standing actions' moves (with the
 * rate's probability) or the decision's own, when both kinds are open; gives the count kept. */
static i64 standing_pool(St *S, Mt *bot, MoveV *moves, i64 n, double rate) {
    if (rate < 0) return n;
    i64 own = SITES[S->decision].nopts, nown = 0;
    for (i64 i = 0; i < n; i++) if (moves[i].option < own) nown++;
    if (nown == n) return n;
    int standing = rb_mt_random(bot) < rate;
    i64 kept = 0;
    for (i64 i = 0; i < n; i++)
        if ((moves[i].option >= own) == standing) moves[kept++] = moves[i];
    return kept;
}

static i64 greedy_move(St *S, Mt *bot, MoveV *chosen, double rate) {
#if HAS_SCORE
    MoveV *moves = MOVES_AT[0];
    i64 n = standing_pool(S, bot, moves, legal_moves(S, moves), rate);
    if (n == 1) { *chosen = moves[0]; return 0; }
    i64 player = S->decider;
    static i64 best[MAXMOVES];
    i64 nbest = 0;
    double top1 = 0;
    i64 top2 = 0;
    for (i64 i = 0; i < n; i++) {
        copy_state(&GREEDY_AFTER, S);
        legal_moves(&GREEDY_AFTER, MOVES_AT[1]);  /* the choices' spaces for this copy */
        apply_listed(&GREEDY_AFTER, &moves[i]);
        if (GREEDY_AFTER.status) fail(S, GREEDY_AFTER.status);
        double v1;
        i64 v2;
        score_after(&GREEDY_AFTER, player, &v1, &v2);
        if (nbest == 0 || v1 > top1 || (v1 == top1 && v2 > top2)) { nbest = 0; top1 = v1; top2 = v2; best[nbest++] = i; }
        else if (v1 == top1 && v2 == top2) best[nbest++] = i;
    }
    *chosen = moves[best[rb_mt_below(bot, nbest)]];
    return 0;
#else
    (void)S; (void)bot; (void)chosen; (void)rate;
    return 1;  /* no score: the caller plays a random move */
#endif
}

/* ---------------------------------------------------------------- MCTS */
typedef struct { MoveV move; i64 visits, first_child, next; double totals[MAXW]; } Node;

static Node NODES[MAXNODES];
static i64 nnodes;
static St SIM;

static i64 new_node(St *S, const MoveV *m) {
    if (nnodes >= MAXNODES) fail(S, ST_CAPACITY);
    Node *x = &NODES[nnodes];
    memset(x, 0, sizeof(Node));
    if (m) x->move = *m;
    x->first_child = -1;
    x->next = -1;
    return nnodes++;
}

static i64 child_of(i64 node, const MoveV *m) {
    for (i64 c = NODES[node].first_child; c >= 0; c = NODES[c].next)
        if (same_move(&NODES[c].move, m)) return c;
    return -1;
}

static void mcts_simulate(St *root_state, Mt *bot, i64 iterations_left, double exploration, i64 *path) {
    (void)iterations_left;
    copy_state(&SIM, root_state);
    SIM.rng = rb_mt_bits(bot, 64);
    i64 depth = 0;
    path[depth++] = 0;
    i64 node = 0;
    static i64 untried[MAXMOVES], children[MAXMOVES];
    while (!SIM.over) {
        if (SIM.status) return;
        i64 player = SIM.decider;
        MoveV *moves = MOVES_AT[0];
        i64 n = legal_moves(&SIM, moves);
        i64 nu = 0;
        for (i64 i = 0; i < n; i++) {
            children[i] = child_of(node, &moves[i]);
            if (children[i] < 0) untried[nu++] = i;
        }
        if (nu) {
            i64 pick = untried[rb_mt_below(bot, nu)];
            i64 child = new_node(&SIM, &moves[pick]);
            NODES[child].next = NODES[node].first_child;
            NODES[node].first_child = child;
            apply_listed(&SIM, &moves[pick]);
            if (depth >= MAXDEPTH) fail(&SIM, ST_CAPACITY);
            path[depth++] = child;
            break;
        }
        double log_parent = log((double)(NODES[node].visits > 1 ? NODES[node].visits : 1));
        i64 best = -1;
        double best_value = -INFINITY;
        for (i64 i = 0; i < n; i++) {
            const Node *c = &NODES[children[i]];
            double value = c->totals[player] / (double)c->visits + exploration * sqrt(log_parent / (double)c->visits);
            if (value > best_value) { best = i; best_value = value; }
        }
        node = children[best];
        apply_listed(&SIM, &moves[best]);
        if (depth >= MAXDEPTH) fail(&SIM, ST_CAPACITY);
        path[depth++] = node;
    }
    i64 values[MAXB];
    while (!SIM.over && !SIM.status) {
        if (random_move(&SIM, bot, values) < 0) break;
    }
    if (SIM.status) return;
    double r[MAXW];
    returns_of(&SIM, r);
    for (i64 i = 0; i < depth; i++) {
        Node *x = &NODES[path[i]];
        x->visits += 1;
        for (i64 p = 0; p < PLAYERS; p++) x->totals[p] += r[p];
    }
}

static i64 mcts_move(St *S, Mt *bot, i64 iterations, MoveV *chosen) {
    MoveV *root_moves = ROOT_MOVES;
    i64 n = legal_moves(S, root_moves);
    if (n == 1) { *chosen = root_moves[0]; return 0; }
    nnodes = 0;
    new_node(S, NULL);
    i64 path[MAXDEPTH];
    for (i64 it = 0; it < iterations; it++) {
        mcts_simulate(S, bot, iterations - it, 1.4, path);
        if (SIM.status) fail(S, SIM.status);
    }
    i64 most = -1;
    for (i64 c = NODES[0].first_child; c >= 0; c = NODES[c].next) if (NODES[c].visits > most) most = NODES[c].visits;
    static i64 best[MAXMOVES];
    i64 nbest = 0;
    for (i64 i = 0; i < n; i++) {
        i64 c = child_of(0, &root_moves[i]);
        if (c >= 0 && NODES[c].visits == most) best[nbest++] = i;
    }
    *chosen = root_moves[best[rb_mt_below(bot, nbest)]];
    return 0;
}

static void ism_move(St *S, Mt *bot, i64 iterations, MoveV *chosen);  /* ismcts.c: the fair bot */

/* One move by the bot of the deciding seat: 0 random, 1 greedy, 2 MCTS, 3 ISMCTS (iterations given).
 * Gives -1 on an error (S->status says which). */
static i64 bot_move(St *S, Mt *bot, i64 kind, i64 iterations, double rate, u64 *digest) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb)) {  /* an error here or in a search's copy: this game goes to Python */
        rb_escape = saved;
        if (!S->status) S->status = SIM.status ? SIM.status : ST_RULES;
        return -1;
    }
    MoveV chosen;
    if (kind == 0 || (kind == 1 && greedy_move(S, bot, &chosen, rate))) {
        rb_escape = saved;
        i64 values[MAXB];
        return random_move_at(S, bot, values, rate, digest);
    }
    if (kind == 2) mcts_move(S, bot, iterations, &chosen);
    else if (kind == 3) ism_move(S, bot, iterations, &chosen);
    /* The chosen move is replayed on S: list the moves here again so its choice is the open one. */
    legal_moves(S, MOVES_AT[1]);
    *digest = move_digest(*digest, S->decision, chosen.option, chosen.values, CHOICES[chosen.option].opt->nb);
    rb_escape = saved;
    play_game_move(S, chosen.option, chosen.values);
    return S->status ? -1 : chosen.option;
}

/* Whole games with a bot per seat (kinds[p], iterations[p]); outcomes as rb_play_games gives. */
i64 rb_play_games_bots(i64 first, i64 count, i64 *out, St *S, const i64 *kinds, const i64 *iterations,
                       double rate) {
    Mt bot;
    for (i64 g = 0; g < count; g++) {
        i64 seed = first + g;
        rb_new_game(S, seed);
        MARKS_TO(rb_marks_scratch);
        u64 magnitude = seed < 0 ? (u64)(-seed) : (u64)seed;
        rb_mt_seed_int(&bot, magnitude);
        i64 decisions = 0;
        u64 digest = DIGEST_START;
        while (!S->over && !S->status) {
            i64 p = S->decider;
            if (bot_move(S, &bot, kinds[p], iterations[p], kinds[p] == 2 ? -1.0 : rate, &digest) < 0) break;
            decisions++;
        }
        if (finish_outcome(S, &out[g * OUT_WORDS], decisions, digest)) return g;
    }
    return count;
}

/* `count` random playouts from S, one after another (each from a copy of S, the game's own chance drawn
 * fresh from `bot`), the bots' chance continuing from one to the next: what an MCTS leaf evaluator
 * does (OpenSpiel's RandomRolloutEvaluator). Adds each player's win return to totals[p]. Gives how
 * many playouts finished: fewer when one stopped on an error (S->status is then left as it was). */
i64 rb_playouts(St *S, i64 count, Mt *bot, double *totals) {
    static St P;
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    volatile i64 g = 0;  /* read after a longjmp */
    double r[MAXW];
    MARKS_TO(rb_marks_scratch);
    rb_direct = 1;  /* one handler for the playouts, not one per move (run_frames) */
    if (RB_SETJMP(jb)) {
        if (P.status || !P.over) {  /* an error: S->status is left as it was */
            rb_direct = 0;
            rb_escape = saved;
            MARKS_TO(rb_marks_game);
            return g;
        }
        returns_of(&P, r);  /* a playout's `end game` */
        for (i64 p = 0; p < PLAYERS; p++) totals[p] += r[p];
        g++;
    }
    i64 values[MAXB];
    for (; g < count; g++) {
        copy_state(&P, S);
        P.rng = rb_mt_bits(bot, 64);
        while (!P.over && !P.status)  /* an error or `end game` leaves to the handler above */
            if (random_move_in(&P, bot, values, -1.0, NULL) < 0) break;
        if (P.status) break;
        returns_of(&P, r);
        for (i64 p = 0; p < PLAYERS; p++) totals[p] += r[p];
    }
    rb_direct = 0;
    rb_escape = saved;
    MARKS_TO(rb_marks_game);
    return g;
}
