/* The run loop, the sampler and whole playouts over the generated game's tables.
 * Included after the generated code (CODE, SITES, ACTIONS, STAT_*, initial state). The sampler
 * does exactly the Python back-end's arithmetic (Game._sample): the choices of the waiting
 * decision, then those of standing actions the decider may take; per choice the product of two
 * independent variables or the list of value tuples; one randrange(total) from the bots' chance. */

/* The frames run to the next decision, the end, or an exit (an error, `end game`) to rb_escape. */
static void run_frames(St *S) {
    rb_steps = rb_budget;
    while (S->nframes) {
        Frame *F = &S->frames[S->nframes - 1];
        const Instr *instrs = CODE[F->block];
        i64 pc = F->pc;
        while (pc >= 0) {  /* an instruction may call the ones after it (cgame.py's _next) */
            arena_top = 0;
            npending = 0;
            pc = instrs[pc](S, F);
        }
        if (pc == SUSPEND) return;  /* the suspending instruction kept its place in F->pc */
        if (pc == POP) S->nframes--;
    }
    if (!S->over) S->status = ST_FLOW;
}

/* Set while rb_playouts runs: its own exit handler takes errors and each playout's `end game`
 * (S->status or S->over then say which), so a move needs no handler of its own. */
static int rb_direct = 0;

/* run with its own exit handler: apart, so a playout's move (rb_direct) runs without the handler's
 * frame (the registers a setjmp makes it save). */
__attribute__((noinline)) static void run_handled(St *S) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb) == 0) run_frames(S);
    rb_escape = saved;
}

static inline void run(St *S) {
    if (rb_direct) run_frames(S);
    else run_handled(S);
}

/* ---------------------------------------------------------------- choices and their spaces */
typedef struct {
    const Opt *opt;
    i64 action_block;   /* -1: an option of the waiting decision */
    i64 action_index;   /* which allow entry */
    i64 size;
    int product;
    List heads, tail;
    i64 first;          /* first tuple in TUPLES */
} Choice;

static Choice CHOICES[MAXCHOICES];
static Frame SCRATCH, ACTION_SCRATCH;

static void emit_tuple(St *S, const i64 *values, i64 nb) {
    if (ntuples >= MAXTUPLES) fail(S, ST_CAPACITY);
    for (i64 i = 0; i < nb; i++) TUPLES[ntuples * MAXB + i] = values[i];
    ntuples++;
}

static void enumerate(St *S, Frame *L, const Opt *o, i64 i, i64 *values) {
    if (i == o->nb) { emit_tuple(S, values, o->nb); return; }
    const Bind *b = &o->b[i];
    List domain = b->domain(S, L);
    for (i64 j = 1; j <= domain[0]; j++) {
        i64 v = domain[j];
        L->L[b->slot] = v;
        if (b->condition && !b->condition(S, L)) continue;
        values[i] = v;
        enumerate(S, L, o, i + 1, values);
    }
}

/* Python's option_space: fills c->size (and the product or the tuples) for one option. */
static void space(St *S, Frame *L, Choice *c) {
    const Opt *o = c->opt;
    c->product = 0;
    c->first = ntuples;
    if (o->nb == 0) { c->size = 1; return; }  /* one move, no values (pick_values reads none) */
    if (o->nb == 2 && !o->b[1].dependent && !o->b[1].condition) {
        List tail = o->b[1].domain(S, L);
        if (!tail[0]) { c->size = 0; return; }
        List first = o->b[0].domain(S, L);
        i64 *heads;
        if (o->b[0].condition) {
            heads = lnew(S);
            for (i64 j = 1; j <= first[0]; j++) {
                L->L[o->b[0].slot] = first[j];
                if (o->b[0].condition(S, L)) heads[++heads[0]] = first[j];
            }
        } else {
            heads = (i64 *)first;
        }
        c->product = 1;
        c->heads = heads;
        c->tail = tail;
        c->size = heads[0] * tail[0];
        return;
    }
    if (o->enumerate) {  /* the option's own loops (cgame.py's _enumerator) */
        o->enumerate(S, L);
    } else {
        i64 values[MAXB];
        enumerate(S, L, o, 0, values);
    }
    c->size = ntuples - c->first;
}

static void action_frame(Frame *L, const Allow *a, i64 block, i64 nparams) {
    L->block = block;
    L->pc = 0;
    L->n = BLOCK_SLOTS[block];
    for (int i = 0; i < MAXL; i++) L->L[i] = NONE;
    for (i64 i = 0; i < nparams; i++) L->L[i] = a->args[i];
}

/* n words from src to dst: a few as a plain loop (a libc call, or the `rep movs` the compiler
 * makes of a copy of unknown size, costs more to start than the few words a playout's copies
 * move: most of a small game's listing), more with memcpy. */
static inline void copy_words(i64 *dst, const i64 *src, i64 n) {
    if (n > 16) { memcpy(dst, src, sizeof(i64) * (size_t)n); return; }
    for (i64 i = 0; i < n; i++) dst[i] = src[i];
}

/* A frame's copy that reads the same: its block's locals kept in the frame (the others are C locals
 * of one instruction, never read from a frame) and the used part of each of its list regions, not
 * the whole Frame (kilobytes when the lists are long). A region never assigned holds garbage: its
 * length is kept within the region. */
static void frame_copy(Frame *dst, const Frame *src) {
    copy_words(&dst->block, &src->block, (i64)(offsetof(Frame, L) / sizeof(i64)) + BLOCK_FRAME_SLOTS[src->block]);
    for (i64 r = 0; r < BLOCK_REGIONS[src->block]; r++) {
        i64 n = src->R[r][0];
        if (n < 0 || n > LCAP) n = LCAP;
        copy_words(dst->R[r], src->R[r], n + 1);
    }
}

/* Every choice open now with its space; returns how many, and the total of their sizes.
 * The choices' variables are bound in the waiting frame itself, the few locals the listing may touch
 * (SITE_KEEPS, cgame.py's _listing_slots) kept and put back after it; in a copy of the frame when
 * the listing's code may touch more (a list region). */
static i64 open_choices(St *S, i64 *total) {
    const Site *site = &SITES[S->decision];
    const i64 *keep = SITE_KEEPS[S->decision];
    Frame *top = &S->frames[S->nframes - 1], *L = top;
    i64 kept[MAXL + 1];
    i64 count = 0;
    *total = 0;
    arena_top = 0;
    ntuples = 0;
    int bound = 0;
    for (i64 i = 0; i < site->nopts; i++) {
        if (count >= MAXCHOICES) fail(S, ST_CAPACITY);
        Choice *c = &CHOICES[count++];
        c->opt = &site->opts[i];
        c->action_block = -1;
        c->action_index = -1;
        if (!c->opt->guard && !c->opt->nb) { c->product = 0; c->first = ntuples; c->size = 1; *total += 1; continue; }
        if (!bound) {
            if (keep[0] < 0) { frame_copy(&SCRATCH, top); L = &SCRATCH; }
            else for (i64 k = 1; k <= keep[0]; k++) kept[k] = top->L[keep[k]];
            bound = 1;
        }
        rb_listing++;
        if (c->opt->guard && !c->opt->guard(S, L)) { c->size = 0; continue; }
        space(S, L, c);
        *total += c->size;
    }
    if (bound && L == top) for (i64 k = 1; k <= keep[0]; k++) top->L[keep[k]] = kept[k];
    for (i64 a = 0; a < S->nallows; a++) {
        const Allow *allow = &S->allows[a];
        if (allow->player != S->decider) continue;
        const ActionSite *action = &ACTIONS[allow->action];
        for (i64 i = 0; i < action->nopts; i++) {
            if (count >= MAXCHOICES) fail(S, ST_CAPACITY);
            Choice *c = &CHOICES[count++];
            c->opt = &action->opts[i];
            c->action_block = action->block;
            c->action_index = a;
            action_frame(&ACTION_SCRATCH, allow, action->block, action->nparams);
            rb_listing++;
            if (c->opt->guard && !c->opt->guard(S, &ACTION_SCRATCH)) { c->size = 0; continue; }
            space(S, &ACTION_SCRATCH, c);
            *total += c->size;
        }
    }
    return count;
}

static void pick_values(const Choice *c, i64 index, i64 *values) {
    if (c->product) {
        values[0] = c->heads[1 + index / c->tail[0]];
        values[1] = c->tail[1 + index % c->tail[0]];
        return;
    }
    for (i64 i = 0; i < c->opt->nb; i++) values[i] = TUPLES[(c->first + index) * MAXB + i];
}

/* Play choice `which` with `values` (Game.play_random / Game.apply without the checks). */
static void play_choice(St *S, i64 which, const i64 *values) {
#if HIST_SLOT >= 0
    remember_position(S);
#endif
    const Choice *c = &CHOICES[which];
    const Opt *o = c->opt;
    Frame *F;
    if (c->action_block < 0) {
        F = &S->frames[S->nframes - 1];
    } else {
        if (S->nframes >= MAXF) { S->status = ST_CAPACITY; return; }
        F = &S->frames[S->nframes++];
        action_frame(F, &S->allows[c->action_index], c->action_block, ACTIONS[S->allows[c->action_index].action].nparams);
    }
    for (i64 i = 0; i < o->nb; i++) F->L[o->b[i].slot] = values[i];
    for (i64 i = 0; i < o->nclears; i++) F->L[o->clears[i]] = NONE;
    F->pc = o->body;
    S->decision = -1;
    run(S);
}

#if NPOINTS
/* What Game.apply's legality check works out for a move (interpreter/play/move_check.py): the guard,
 * then each variable's domain and condition with the values before it bound — so a counting build
 * marks what the Python back-end's check marks. */
static Frame CHECK;
static void check_marks(St *S, i64 which, const i64 *values) {
    const Choice *c = &CHOICES[which];
    const Opt *o = c->opt;
    rb_listing++;
    if (c->action_block < 0) memcpy(&CHECK, &S->frames[S->nframes - 1], sizeof(Frame));
    else action_frame(&CHECK, &S->allows[c->action_index], c->action_block, ACTIONS[S->allows[c->action_index].action].nparams);
    if (o->guard) (void)o->guard(S, &CHECK);
    for (i64 i = 0; i < o->nb; i++) {
        (void)o->b[i].domain(S, &CHECK);
        CHECK.L[o->b[i].slot] = values[i];
        if (o->b[i].condition) (void)o->b[i].condition(S, &CHECK);
    }
}
#endif

/* A move of the game itself (not one inside a bot's search): in a counting build, what choosing
 * it marked went to the scratch set; its check and its play mark the game's (as Game.apply). */
static void play_game_move(St *S, i64 which, const i64 *values) {
#if NPOINTS
    MARKS_TO(rb_marks_game);
    check_marks(S, which, values);
#endif
    play_choice(S, which, values);
    MARKS_TO(rb_marks_scratch);
}

/* A game's moves folded into one word (FNV-1a over decision, option number and values), so a test
 * can compare every move of thousands of games with the Python back-end's (tests/test_native.py). */
#define DIGEST_START 0xcbf29ce484222325ULL
static inline u64 fold(u64 h, i64 word) { return (h ^ (u64)word) * 0x100000001b3ULL; }
static u64 move_digest(u64 h, i64 decision, i64 option, const i64 *values, i64 nb) {
    h = fold(fold(h, decision), option);
    for (i64 i = 0; i < nb; i++) h = fold(h, values[i]);
    return h;
}

/* One random move: gives the choice index played (the move's option number), or -1 on an error.
 * `digest` is given for the game's own moves (folded in; see play_game_move), NULL inside a bot's
 * search. With a standing rate (>= 0; rulebook.bots.standing_pool): when a standing action's move is
 * open, one of those with that probability, else one of the waiting decision's own moves. */
static i64 random_move_in(St *S, Mt *bot, i64 *values, double rate, u64 *digest) {
    i64 total;
    i64 count = open_choices(S, &total);
    if (total == 0) fail(S, ST_NOCHOICE);
    i64 which = 0, pick;
    i64 own = SITES[S->decision].nopts, own_total = 0;
    for (i64 i = 0; i < own; i++) own_total += CHOICES[i].size;
    if (rate >= 0 && own_total < total) {
        if (rb_mt_random(bot) < rate) {
            pick = rb_mt_below(bot, total - own_total);
            which = own;
        } else {
            pick = rb_mt_below(bot, own_total);
        }
    } else {
        pick = rb_mt_below(bot, total);
    }
    for (; which < count; which++) {
        if (pick < CHOICES[which].size) break;
        pick -= CHOICES[which].size;
    }
    pick_values(&CHOICES[which], pick, values);
    if (digest) {
        *digest = move_digest(*digest, S->decision, which, values, CHOICES[which].opt->nb);
        play_game_move(S, which, values);
    } else {
        play_choice(S, which, values);
    }
    return S->status ? -1 : which;
}

/* random_move_in with its own exit: an error while listing gives -1 instead of leaving. */
static i64 random_move_at(St *S, Mt *bot, i64 *values, double rate, u64 *digest) {
    rb_jmp_buf jb;
    rb_jmp_buf *saved = rb_escape;
    rb_escape = &jb;
    if (RB_SETJMP(jb)) { rb_escape = saved; return -1; }
    i64 done = random_move_in(S, bot, values, rate, digest);
    rb_escape = saved;
    return done;
}

static i64 random_move(St *S, Mt *bot, i64 *values) { return random_move_at(S, bot, values, -1.0, NULL); }

/* ---------------------------------------------------------------- entry points for Python */
i64 rb_state_words(void) { return (i64)(sizeof(St) / sizeof(i64)); }
i64 rb_frame_words(void) { return (i64)(sizeof(Frame) / sizeof(i64)); }

void rb_new_game(St *S, i64 seed) {
#if NPOINTS
    MARKS_TO(rb_marks_game);  /* setup marks the game's */
    memset(rb_marks_game, 0, NPOINTS);
#endif
    /* Clear only what a new game reads before it writes it: the fields before the data (modifiers and
     * allowed actions included), the first frame, the lengths of the end-game lists. A frame pushed later
     * is written whole as it is pushed, so the rest — most of the state's size — is left as it was: clearing
     * it all cost a short game more than playing it. */
    memset(S, 0, offsetof(St, D));
    memcpy(S->D, INITIAL_DATA, sizeof(INITIAL_DATA));
    memset(&S->frames[0], 0, sizeof(Frame));
    for (int i = 0; i < MAXRL; i++) S->reason_lists[i][0] = 0;
    S->rng = (u64)seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    S->decision = -1;
    S->decider = -1;
    S->nframes = 1;
    S->frames[0].block = 0;
    S->frames[0].pc = 0;
    S->frames[0].n = BLOCK_SLOTS[0];
    for (int i = 0; i < MAXL; i++) S->frames[0].L[i] = NONE;
    run(S);
}

void rb_run(St *S) { S->status = 0; run(S); }

/* One random move (the bots' chance from `bot`): gives the move's option number, -1 on an error. */
i64 rb_play_random_one(St *S, Mt *bot) {
    i64 values[MAXB];
    return random_move(S, bot, values);
}

/* A finished game's outcome into `o` (OUT_WORDS words): status, decisions, over, by_player,
 * reason, nwinners, winners[MAXW], reason_args[MAXRA], NRL lists an end-game text shows, then the statistics and scores
 * (outcome_extras), a counting build's marks (MARK_WORDS words: taken before the statistics, which
 * are worked out after the game) and last the moves' digest. Gives nonzero when the game did not
 * finish natively (Python plays it). */
static int finish_outcome(St *S, i64 *o, i64 decisions, u64 digest) {
    o[0] = S->status;
    o[1] = decisions;
    o[OUT_WORDS - 1] = (i64)digest;
    if (S->status) return 1;
#if NPOINTS
    memset(&o[OUT_WORDS - 1 - MARK_WORDS], 0, sizeof(i64) * MARK_WORDS);
    memcpy(&o[OUT_WORDS - 1 - MARK_WORDS], rb_marks_game, NPOINTS);
    MARKS_TO(rb_marks_scratch);
#endif
    o[2] = S->over;
    o[3] = S->by_player;
    o[4] = S->reason;
    o[5] = S->nwinners;
    for (int i = 0; i < MAXW; i++) o[6 + i] = i < S->nwinners ? S->winners[i] : NONE;
    for (int i = 0; i < MAXRA; i++) o[6 + MAXW + i] = S->reason_args[i];
    for (int i = 0; i < NRL; i++) memcpy(&o[6 + MAXW + MAXRA + i * (LCAP + 1)], S->reason_lists[i], sizeof(i64) * (size_t)(S->reason_lists[i][0] + 1));
    return outcome_extras(S, &o[6 + MAXW + MAXRA + NRL * (LCAP + 1)]);
}

/* Whole games with random bots: game i has seed first+i and bots' chance random.Random(first+i).
 * A game that stops on an error or a full list ends the batch early: gives the games done, and
 * Python plays that one. */
i64 rb_play_games(i64 first, i64 count, i64 *out, St *S) {
    Mt bot;
    for (i64 g = 0; g < count; g++) {
        i64 seed = first + g;
        rb_new_game(S, seed);
        MARKS_TO(rb_marks_scratch);
        u64 magnitude = seed < 0 ? (u64)(-seed) : (u64)seed;
        rb_mt_seed_int(&bot, magnitude);
        i64 decisions = 0;
        i64 values[MAXB];
        u64 digest = DIGEST_START;
        while (!S->over && !S->status) {
            if (random_move_at(S, &bot, values, -1.0, &digest) < 0) break;
            decisions++;
        }
        if (finish_outcome(S, &out[g * OUT_WORDS], decisions, digest)) return g;
    }
    return count;
}
