/* Chance shared bit for bit with the Python back-end.
 *
 * The game's own generator is the state's splitmix64 (interpreter/pyback/runtime.py: rand_below); the
 * bots' generator is CPython's random.Random (MT19937 with CPython's seeding, getrandbits and
 * _randbelow), so a game played natively with random.Random(seed) for its bots makes exactly the
 * choices the Python back-end makes. Generic: no game's code is here. */
#include <stdint.h>
#include <string.h>

typedef int64_t i64;
typedef uint64_t u64;
typedef uint32_t u32;

static inline i64 rb_rand_below(u64 *rng, i64 n) {
    u64 x = *rng + 0x9E3779B97F4A7C15ULL;
    *rng = x;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return (i64)(x % (u64)n);
}

#define MT_N 624
#define MT_M 397

typedef struct { u32 mt[MT_N]; i64 index; } Mt;

static void mt_init_genrand(Mt *r, u32 s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (u32)i;
    r->index = MT_N;
}

/* random.Random(seed) for an int seed: the 32-bit words of abs(seed), least significant first.
 * Every seed starts from the same init_genrand(19650218): worked out once and copied, a third of
 * the seeding's serial arithmetic (seeding is most of a short game's fixed cost). */
static Mt MT_START;
__attribute__((constructor)) static void mt_start(void) { mt_init_genrand(&MT_START, 19650218U); }  /* at load */

void rb_mt_seed(Mt *r, const u32 *key, i64 length) {
    memcpy(r->mt, MT_START.mt, sizeof(MT_START.mt));
    i64 i = 1, j = 0, k = MT_N > length ? MT_N : length;
    u32 *mt = r->mt;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (u32)j;
        i++; j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= length) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (u32)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000U;
    r->index = MT_N;
}

void rb_mt_seed_int(Mt *r, u64 seed) {
    u32 key[2] = {(u32)seed, (u32)(seed >> 32)};
    rb_mt_seed(r, key, key[1] ? 2 : 1);
}

/* The 624 words made anew (the twist), once every 624 draws: out of line, so a draw inlines. */
__attribute__((noinline)) static void mt_twist(Mt *r) {
    static const u32 mag01[2] = {0x0U, 0x9908b0dfU};
    u32 y;
    u32 *mt = r->mt;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < MT_N - 1; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
    r->index = 0;
}

static inline u32 mt_next(Mt *r) {
    u32 y;
    u32 *mt = r->mt;
    if (r->index >= MT_N) mt_twist(r);
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The draws below are static (inlined where the playouts call them); their rb_ names are the
 * library's exported entries. */

/* random.getrandbits(k), 1 <= k <= 64. */
static inline u64 mt_bits(Mt *r, int k) {
    if (k <= 32) return (u64)(mt_next(r) >> (32 - k));
    u64 low = mt_next(r);
    u64 high = mt_next(r) >> (64 - k);
    return low | (high << 32);
}

/* random.random(): 53 random bits as a float in [0, 1) (CPython's genrand_res53). */
static inline double mt_random(Mt *r) {
    u32 a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* random.randrange(n) for n >= 1 (CPython's _randbelow_with_getrandbits). */
static inline i64 mt_below(Mt *r, i64 n) {
    int k = 0;
    for (u64 m = (u64)n; m; m >>= 1) k++;
    u64 x = mt_bits(r, k);
    while (x >= (u64)n) x = mt_bits(r, k);
    return (i64)x;
}

u64 rb_mt_bits(Mt *r, int k) { return mt_bits(r, k); }
double rb_mt_random(Mt *r) { return mt_random(r); }
i64 rb_mt_below(Mt *r, i64 n) { return mt_below(r, n); }
#define rb_mt_bits mt_bits      /* the code below calls the static ones */
#define rb_mt_random mt_random
#define rb_mt_below mt_below
