/*
 * The rare/common kernel's inner loop (src/engine/sparse-space.ts, sparseValue)
 * for WebAssembly. Built with `npm run build:wasm` (clang, wasm32, simd128);
 * the .wasm file is committed, so users and CI need no C compiler. The
 * TypeScript kernel stays the reference; the method is exact whatever order
 * the witness scan takes, so both give the same values.
 *
 * Without __wasm_simd128__ (gcc, for the benchmark's C reference) the scan is
 * the plain scalar loop.
 *
 * All arrays live in this module's memory at offsets the JS side chooses:
 *   g        the values G(0..), `width` bytes each: 2 (uint16) in general, 1 while
 *            every value is below 128 (fill_small); fewer bytes a value keep more
 *            splits in each cache line and in each vector
 *   rare     int32 rare positions, ascending (count in rare_count)
 *   is_rare  uint8 per value < bound: 1 when the value is in the even class
 *   is_odd   the same for the odd class (the complement below bound)
 * In the range sparse space a heap's "rare" values (those that list it as
 * rare, and the class its common pairs xor to) are is_rare's; in the domain
 * space (domain = the split takes' parity, else -1) they are is_rare's when
 * n - t is even and is_odd's when it is odd (rare_table).
 *   seen     int32 stamps per value < bound
 */
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/*
 * The threads build (wasm/sparse-threads.wasm: atomics, one shared memory for
 * the main thread's instance and every worker's) gives each instance its own
 * copy of the tables below, as thread-local storage that the JS side places in
 * the instance's lane of the memory (__wasm_init_tls); the values are the one
 * copy all instances read. The plain build keeps them as statics.
 */
#ifdef __wasm_atomics__
#define PER_INSTANCE _Thread_local
#else
#define PER_INSTANCE
#endif

/* The vector scan looks xors up in a bitmap of the missing values: 4 swizzle tables of 128 bits. */
#define VECTOR_BOUND 512
/* Splits a = 1..IN_ORDER_PREFIX are scanned first, in order: most games' witnesses sit there. */
#define IN_ORDER_PREFIX 256
#define BLOCK 16
#define SCAN_STRIDE 257
/* The splits a scan marks first with no branch (see mark_first_splits and mark_first_wide). */
#define MARKED_SPLITS 64
#define MAX_SCAN_WINDOW (1 << 14)
/* The most rare heaps the JS side lets the module hold (RARE_CAPACITY in wasm-sparse.ts). */
#define RARE_CAPACITY (1 << 22)
/* The largest bound a block of heaps shared out to workers may have (BLOCK_BOUND in wasm-sparse.ts). */
#define BLOCK_BOUND 1024

struct moves {
  int32_t split_count, single_count, whole_count;
  int32_t split_takes[16], split_unequal[16], single_takes[16], whole_takes[16];
};

static int32_t last_split(int32_t rest, int32_t unequal) {
  return unequal && (rest & 1) == 0 ? (rest >> 1) - 1 : rest >> 1;
}

/* The smallest and largest split take, and whether any split asks for unequal parts. */
struct split_span {
  int32_t tmin, tmax, unequal;
};
static inline struct split_span split_span_of(const struct moves *m) {
  struct split_span span = {1 << 30, 0, 0};
  for (int32_t i = 0; i < m->split_count; i++) {
    if (m->split_takes[i] < span.tmin) span.tmin = m->split_takes[i];
    if (m->split_takes[i] > span.tmax) span.tmax = m->split_takes[i];
    span.unequal |= m->split_unequal[i];
  }
  return span;
}

/* The "rare" values of heap n: see the header. */
static inline const uint8_t *rare_table(int32_t n, const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain) {
  return domain >= 0 && ((n - domain) & 1) ? is_odd : is_rare;
}

/*
 * Take in G(n) = v, already stored: count it (counts[v] for even n, counts[stop_at_value + v] for
 * odd n) and list n when `rare_values` says v makes it rare. True when fill must return now: v
 * outgrew the tables (it is then neither counted nor listed) or the rare list is full.
 */
static inline int tally(int32_t n, int32_t v, int32_t *rare, int32_t *rare_count, int32_t rare_capacity, const uint8_t *rare_values,
                        int32_t stop_at_value, uint32_t *counts) {
  if (v >= stop_at_value) return 1;
  counts[(n & 1) * stop_at_value + v]++;
  if (n > 0 && rare_values[v]) {
    rare[(*rare_count)++] = n;
    if (*rare_count == rare_capacity) return 1;
  }
  return 0;
}

/* Largest power of two <= count, at most MAX_SCAN_WINDOW (as scanWindow in rare-common.ts). */
static int32_t scan_window(int32_t count) {
  if (count <= 0) return 0;
  int32_t window = 1;
  while (window * 2 <= count && window < MAX_SCAN_WINDOW) window *= 2;
  return window;
}

/* The largest bound the JS side passes (MAX_BOUND in wasm-sparse.ts). */
#define MAX_BOUND (1 << 15)
/* The missing even values below odd_mex, one bit each (bytes up to the bound are kept clear past odd_mex). */
static PER_INSTANCE uint8_t wanted[MAX_BOUND / 8] __attribute__((aligned(16)));

/*
 * One witness x = g[a] ^ g[rest - a]: marks it when it is a missing even value; returns the new count.
 * Below odd_mex every odd value is marked already, so an unmarked x there is a missing even one: exactly
 * the bits of `wanted`, which stand in for `seen` (a batch's marks need not be stamped: see value_of).
 */
static inline int32_t take(uint32_t x, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  if ((int32_t)x < odd_mex && (wanted[x >> 3] >> (x & 7)) & 1) {
    seen[x] = n;
    wanted[x >> 3] &= (uint8_t)~(1u << (x & 7));
    missing--;
  }
  return missing;
}

#ifdef __wasm_simd128__
/* `wanted` as swizzle tables, 128 values each, and how many of them odd_mex needs. */
struct wanted_tables {
  v128_t t0, t1, t2, t3;
  int32_t tables;
};
static inline void load_wanted(struct wanted_tables *w, int32_t odd_mex) {
  w->tables = (odd_mex + 127) >> 7;
  w->t0 = wasm_v128_load(wanted), w->t1 = wasm_v128_load(wanted + 16), w->t2 = wasm_v128_load(wanted + 32), w->t3 = wasm_v128_load(wanted + 48);
}
/*
 * Splits a..a+15 of rest: g[a..a+15] against g[rest-a-15..rest-a] reversed,
 * xored, and looked up in `wanted` by swizzles; a lane is non-zero where its
 * xor is wanted.
 */
static inline v128_t block_hits(const uint16_t *g, int32_t rest, int32_t a, const struct wanted_tables *w) {
  const v128_t pow2 = wasm_i8x16_const(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  const v128_t seven = wasm_i16x8_splat(7);
  v128_t high0 = wasm_v128_load(g + rest - a - 7);
  v128_t high1 = wasm_v128_load(g + rest - a - 15);
  v128_t x0 = wasm_v128_xor(wasm_v128_load(g + a), wasm_i16x8_shuffle(high0, high0, 7, 6, 5, 4, 3, 2, 1, 0));
  v128_t x1 = wasm_v128_xor(wasm_v128_load(g + a + 8), wasm_i16x8_shuffle(high1, high1, 7, 6, 5, 4, 3, 2, 1, 0));
  /* byte index x >> 3 saturates to 255 for large x: out of every table's range, so no hit. */
  v128_t index = wasm_u8x16_narrow_i16x8(wasm_u16x8_shr(x0, 3), wasm_u16x8_shr(x1, 3));
  v128_t bit = wasm_i8x16_swizzle(pow2, wasm_u8x16_narrow_i16x8(wasm_v128_and(x0, seven), wasm_v128_and(x1, seven)));
  v128_t bytes = wasm_i8x16_swizzle(w->t0, index);
  if (w->tables > 1) {
    bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(w->t1, wasm_i8x16_sub(index, wasm_i8x16_splat(16))));
    if (w->tables > 2) {
      bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(w->t2, wasm_i8x16_sub(index, wasm_i8x16_splat(32))));
      bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(w->t3, wasm_i8x16_sub(index, wasm_i8x16_splat(48))));
    }
  }
  return wasm_v128_and(bytes, bit);
}
/* Takes the splits of block a whose lanes hit (lane j is split a + j); returns how many are still missing. */
static inline int32_t take_hits(const uint16_t *g, int32_t rest, int32_t a, v128_t hits, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  uint32_t lanes = wasm_i8x16_bitmask(wasm_i8x16_ne(hits, wasm_i8x16_splat(0)));
  while (lanes) {
    int32_t j = __builtin_ctz(lanes);
    lanes &= lanes - 1;
    missing = take((uint32_t)g[a + j] ^ g[rest - a - j], n, odd_mex, seen, missing);
  }
  return missing;
}
/*
 * Past VECTOR_BOUND (games whose values keep growing, .04 and .06) the missing values are too spread for exact
 * swizzle tables: while BLOOM_MOST or fewer are missing, blocks of splits go through a Bloom filter of them instead,
 * two 256-bit tables indexed by bits 0-7 and 4-11 of the xor; a lane through both is taken exactly (take), so the
 * filter changes only the speed. Most of a long scan waits on its last few values (.04 to 2^16: 67% of the splits
 * scanned with at most four missing), which the filter passes over sixteen splits a step. A filter holding values
 * found since still passes every missing one (it only lets more lanes through), so it is built again only once
 * the missing values have halved, or for the exact compare (EXACT_MOST). With 128 missing a lane gets through both
 * tables about one time in six, still cheaper than sixteen takes: .04 near 2^18 starts its scans with 170-290
 * missing, and built its filter again at each value found; 24 at most and a filter for each value cost .04 to
 * 2^18 4.6 CPU s against 4.2-4.3 s.
 */
#define BLOOM_MOST 128
#define REBUILD_SHARE 2
struct bloom {
  v128_t lo1, hi1, lo2, hi2;
  v128_t first, second; /* the smallest two missing values, in every lane (for exact_hits) */
  int32_t missing; /* the count it was built for (-1: none) */
};
static void build_bloom(struct bloom *b, int32_t odd_mex, int32_t missing) {
  uint8_t t1[32] __attribute__((aligned(16))), t2[32] __attribute__((aligned(16)));
  for (int32_t i = 0; i < 32; i++) t1[i] = t2[i] = 0;
  const uint32_t *words = (const uint32_t *)wanted;
  int32_t found = 0;
  for (int32_t i = 0; i < (odd_mex + 31) >> 5; i++) {
    for (uint32_t w = words[i]; w; w &= w - 1) {
      uint32_t x = 32 * (uint32_t)i + (uint32_t)__builtin_ctz(w), h = (x >> 4) & 255;
      if (found < 2) *(found++ == 0 ? &b->first : &b->second) = wasm_i16x8_splat((int16_t)x);
      t1[(x & 255) >> 3] |= (uint8_t)(1u << (x & 7));
      t2[h >> 3] |= (uint8_t)(1u << (h & 7));
    }
  }
  b->lo1 = wasm_v128_load(t1), b->hi1 = wasm_v128_load(t1 + 16), b->lo2 = wasm_v128_load(t2), b->hi2 = wasm_v128_load(t2 + 16);
  b->missing = missing;
}
/* Lanes (bytes h) whose bit is set in the 256-bit table (lo, hi): non-zero there. */
static inline v128_t bloom_lanes(v128_t h, v128_t lo, v128_t hi) {
  const v128_t pow2 = wasm_i8x16_const(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  v128_t index = wasm_u8x16_shr(h, 3);
  v128_t bytes = wasm_v128_or(wasm_i8x16_swizzle(lo, index), wasm_i8x16_swizzle(hi, wasm_i8x16_sub(index, wasm_i8x16_splat(16))));
  return wasm_i8x16_ne(wasm_v128_and(bytes, wasm_i8x16_swizzle(pow2, wasm_v128_and(h, wasm_i8x16_splat(7)))), wasm_i8x16_splat(0));
}
/* Splits a..a+15 of rest through the filter: a lane is non-zero where its xor may be wanted. */
static inline v128_t bloom_hits(const uint16_t *g, int32_t rest, int32_t a, const struct bloom *b) {
  const v128_t low = wasm_i16x8_splat(255);
  v128_t high0 = wasm_v128_load(g + rest - a - 7);
  v128_t high1 = wasm_v128_load(g + rest - a - 15);
  v128_t x0 = wasm_v128_xor(wasm_v128_load(g + a), wasm_i16x8_shuffle(high0, high0, 7, 6, 5, 4, 3, 2, 1, 0));
  v128_t x1 = wasm_v128_xor(wasm_v128_load(g + a + 8), wasm_i16x8_shuffle(high1, high1, 7, 6, 5, 4, 3, 2, 1, 0));
  v128_t h1 = wasm_u8x16_narrow_i16x8(wasm_v128_and(x0, low), wasm_v128_and(x1, low));
  v128_t h2 = wasm_u8x16_narrow_i16x8(wasm_v128_and(wasm_u16x8_shr(x0, 4), low), wasm_v128_and(wasm_u16x8_shr(x1, 4), low));
  return wasm_v128_and(bloom_lanes(h1, b->lo1, b->hi1), bloom_lanes(h2, b->lo2, b->hi2));
}
/*
 * With EXACT_MOST or fewer values missing (.04 to 2^16: 47% of the splits scanned with one or two), a lane is compared
 * with each of them instead: a compare and an or a value, against the filter's dozen operations.
 */
#define EXACT_MOST 2
static inline v128_t exact_hits(const uint16_t *g, int32_t rest, int32_t a, const struct bloom *b) {
  v128_t high0 = wasm_v128_load(g + rest - a - 7);
  v128_t high1 = wasm_v128_load(g + rest - a - 15);
  v128_t x0 = wasm_v128_xor(wasm_v128_load(g + a), wasm_i16x8_shuffle(high0, high0, 7, 6, 5, 4, 3, 2, 1, 0));
  v128_t x1 = wasm_v128_xor(wasm_v128_load(g + a + 8), wasm_i16x8_shuffle(high1, high1, 7, 6, 5, 4, 3, 2, 1, 0));
  v128_t e0 = wasm_i16x8_eq(x0, b->first), e1 = wasm_i16x8_eq(x1, b->first);
  if (b->missing > 1) e0 = wasm_v128_or(e0, wasm_i16x8_eq(x0, b->second)), e1 = wasm_v128_or(e1, wasm_i16x8_eq(x1, b->second));
  return wasm_i8x16_narrow_i16x8(e0, e1);
}
/* Splits a..a+15 of rest: one by one while many values are missing, else through the filter. Returns how many are still missing. */
static inline __attribute__((always_inline)) int32_t dense_block(const uint16_t *g, int32_t rest, int32_t a, struct bloom *b, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  if (missing > BLOOM_MOST) {
    for (int32_t j = 0; j < BLOCK; j++) missing = take((uint32_t)g[a + j] ^ g[rest - a - j], n, odd_mex, seen, missing);
    return missing;
  }
  if (b->missing != missing && (b->missing < 0 || missing <= EXACT_MOST || REBUILD_SHARE * missing <= b->missing)) build_bloom(b, odd_mex, missing);
  v128_t hits = b->missing <= EXACT_MOST ? exact_hits(g, rest, a, b) : bloom_hits(g, rest, a, b);
  return wasm_v128_any_true(hits) ? take_hits(g, rest, a, hits, n, odd_mex, seen, missing) : missing;
}
/* The dense scan's stride moves two blocks at a time (.04 to 2^18: 4.28-4.32 CPU s against 4.35-4.48 a block at a time). */
#define DENSE_UNIT (2 * BLOCK)
/* Splits a..a+DENSE_UNIT-1 of rest: with the filter or the compare, one test for both blocks. */
static inline __attribute__((always_inline)) int32_t dense_unit(const uint16_t *g, int32_t rest, int32_t a, struct bloom *b, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  if (missing > BLOOM_MOST) {
    missing = dense_block(g, rest, a, b, n, odd_mex, seen, missing);
    return missing ? dense_block(g, rest, a + BLOCK, b, n, odd_mex, seen, missing) : 0;
  }
  if (b->missing != missing && (b->missing < 0 || missing <= EXACT_MOST || REBUILD_SHARE * missing <= b->missing)) build_bloom(b, odd_mex, missing);
  v128_t h0, h1;
  if (b->missing <= EXACT_MOST) h0 = exact_hits(g, rest, a, b), h1 = exact_hits(g, rest, a + BLOCK, b);
  else h0 = bloom_hits(g, rest, a, b), h1 = bloom_hits(g, rest, a + BLOCK, b);
  if (!wasm_v128_any_true(wasm_v128_or(h0, h1))) return missing;
  if (wasm_v128_any_true(h0) && (missing = take_hits(g, rest, a, h0, n, odd_mex, seen, missing)) == 0) return 0;
  return wasm_v128_any_true(h1) ? take_hits(g, rest, a + BLOCK, h1, n, odd_mex, seen, missing) : missing;
}
/* Splits a = from..to of rest, as scan_run. */
static int32_t scan_run_dense(const uint16_t *g, int32_t rest, int32_t from, int32_t to, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing, struct bloom *b) {
  int32_t a = from;
  for (; a + BLOCK - 1 <= to; a += BLOCK)
    if ((missing = dense_block(g, rest, a, b, n, odd_mex, seen, missing)) == 0) return 0;
  for (; a <= to; a++)
    if ((missing = take((uint32_t)g[a] ^ g[rest - a], n, odd_mex, seen, missing)) == 0) return 0;
  return missing;
}
#endif

/*
 * Splits a = from..to of rest (to - from + 1 a multiple of BLOCK, or a scalar
 * tail), in order; with SIMD, sixteen at a time (block_hits).
 * Returns how many are still missing.
 */
static int32_t scan_run(const uint16_t *g, int32_t rest, int32_t from, int32_t to, int32_t n, int32_t odd_mex, int32_t *seen,
                        int32_t missing) {
  int32_t a = from;
#ifdef __wasm_simd128__
  if (odd_mex <= VECTOR_BOUND) {
    struct wanted_tables w;
    load_wanted(&w, odd_mex);
    for (; a + BLOCK - 1 <= to; a += BLOCK) {
      v128_t hits = block_hits(g, rest, a, &w);
      if (!wasm_v128_any_true(hits)) continue;
      if ((missing = take_hits(g, rest, a, hits, n, odd_mex, seen, missing)) == 0) return 0;
      load_wanted(&w, odd_mex);
    }
  }
#endif
  for (; a <= to; a++) {
    missing = take((uint32_t)g[a] ^ g[rest - a], n, odd_mex, seen, missing);
    if (missing == 0) return 0;
  }
  return missing;
}

/*
 * The witness scan's order over the splits a = first..last of one split take,
 * every a once: first the IN_ORDER_PREFIX smallest (0.354's witnesses all sit
 * there), then blocks of BLOCK splits of a power-of-two window in a stride of
 * SCAN_STRIDE blocks (neighbouring splits have correlated values: Officers
 * needs fewer steps spread out), then the rest in order. scanSplits in
 * rare-common.ts is the same for first = 1 (a worker's share of a block
 * starts further up: see partials). RUN(from, to) scans splits from..to and
 * BLOCK_AT(a) the window's block a..a+BLOCK-1, each true once nothing is
 * missing; the scan then returns FOUND at once. The window's blocks are
 * most of a long scan, so BLOCK_AT is a loop's body, not a call: a call a
 * block cost Grundy's game 12% of its time.
 */
#define SCAN_ORDER(first, last, RUN, BLOCK_AT, FOUND)                                           \
  do {                                                                                          \
    int32_t base_ = (first) - 1, count_ = (last) - base_;                                       \
    int32_t prefix_ = count_ < IN_ORDER_PREFIX ? count_ : IN_ORDER_PREFIX;                      \
    if (RUN(base_ + 1, base_ + prefix_)) return FOUND;                                          \
    int32_t window_ = scan_window(count_), done_ = prefix_;                                     \
    if (window_ > IN_ORDER_PREFIX) {                                                            \
      int32_t blocks_ = window_ / BLOCK;                                                        \
      for (int32_t j_ = 0; j_ < blocks_; j_++) {                                                \
        int32_t b_ = (j_ * SCAN_STRIDE) & (blocks_ - 1);                                        \
        if (b_ >= IN_ORDER_PREFIX / BLOCK && BLOCK_AT(base_ + 1 + b_ * BLOCK)) return FOUND;     \
      }                                                                                         \
      done_ = window_;                                                                          \
    }                                                                                           \
    (void)RUN(base_ + done_ + 1, (last));                                                       \
  } while (0)

/*
 * Past VECTOR_BOUND (.04, .06) the last missing values' witnesses lie deep (.04 near 2^18: the last found a
 * third of the way through the splits in order, on average), and the stride pays over every split, not a
 * window: after the prefix, every unit of DENSE_UNIT splits in a stride of SCAN_STRIDE units mod their number
 * (a prime that does not divide it, so every unit comes once), then the splits after the last whole unit. .04 near
 * 2^18 then scans about 25,000 splits a heap where a window of 2^14 scanned 40,000.
 */
static inline int32_t coprime_stride(int32_t blocks) {
  if (blocks % SCAN_STRIDE) return SCAN_STRIDE;
  if (blocks % 263) return 263;
  return blocks % 269 ? 269 : 1;
}
#define DENSE_SCAN_ORDER(first, last, RUN, BLOCK_AT, FOUND)                                     \
  do {                                                                                          \
    int32_t base_ = (first) - 1, count_ = (last) - base_;                                       \
    int32_t prefix_ = count_ < IN_ORDER_PREFIX ? count_ : IN_ORDER_PREFIX;                      \
    if (RUN(base_ + 1, base_ + prefix_)) return FOUND;                                          \
    if (count_ <= IN_ORDER_PREFIX) return FOUND;                                                \
    int32_t blocks_ = count_ / DENSE_UNIT, stride_ = coprime_stride(blocks_), b_ = 0;           \
    for (int32_t j_ = 0; j_ < blocks_; j_++) {                                                  \
      if (b_ >= IN_ORDER_PREFIX / DENSE_UNIT && BLOCK_AT(base_ + 1 + b_ * DENSE_UNIT)) return FOUND; \
      for (b_ += stride_; b_ >= blocks_;) b_ -= blocks_;                                         \
    }                                                                                           \
    (void)RUN(base_ + blocks_ * DENSE_UNIT + 1, (last));                                        \
  } while (0)

/* Splits a = first..last of rest in the scan order; returns how many are still missing. */
static int32_t scan(const uint16_t *g, int32_t rest, int32_t first, int32_t last, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  if (first > last) return missing;
#define RUN_WIDE(from, to) ((missing = scan_run(g, rest, from, to, n, odd_mex, seen, missing)) == 0)
#ifdef __wasm_simd128__
  if (odd_mex <= VECTOR_BOUND) {
    struct wanted_tables w;
    load_wanted(&w, odd_mex);
    /* A run changes `wanted`: the tables are read again after it. */
#define RUN_VECTOR(from, to) (RUN_WIDE(from, to) || (load_wanted(&w, odd_mex), 0))
#define BLOCK_VECTOR(a) ({                                                                     \
      v128_t hits_ = block_hits(g, rest, (a), &w);                                              \
      int found_ = 0;                                                                           \
      if (wasm_v128_any_true(hits_)) {                                                          \
        found_ = (missing = take_hits(g, rest, (a), hits_, n, odd_mex, seen, missing)) == 0;     \
        load_wanted(&w, odd_mex);                                                               \
      }                                                                                         \
      found_;                                                                                   \
    })
    SCAN_ORDER(first, last, RUN_VECTOR, BLOCK_VECTOR, 0);
#undef BLOCK_VECTOR
#undef RUN_VECTOR
    return missing;
  }
  {
    struct bloom b;
    b.missing = -1;
#define RUN_DENSE(from, to) ((missing = scan_run_dense(g, rest, from, to, n, odd_mex, seen, missing, &b)) == 0)
#define BLOCK_DENSE(a) ((missing = dense_unit(g, rest, (a), &b, n, odd_mex, seen, missing)) == 0)
    DENSE_SCAN_ORDER(first, last, RUN_DENSE, BLOCK_DENSE, missing);
#undef BLOCK_DENSE
#undef RUN_DENSE
    return missing;
  }
#endif
#define BLOCK_WIDE(a) RUN_WIDE(a, (a) + BLOCK - 1)
  SCAN_ORDER(first, last, RUN_WIDE, BLOCK_WIDE, 0);
#undef BLOCK_WIDE
#undef RUN_WIDE
  return missing;
}

/* Pairs of rare j in [from, to) at rest, stopping where r reaches rest. */
static inline void stamp_rare(const uint16_t *g, int32_t n, int32_t rest, int32_t unequal, const int32_t *rare, int32_t from, int32_t to, int32_t *seen) {
  for (int32_t j = from; j < to; j++) {
    int32_t r = rare[j];
    if (r >= rest) break;
    if (unequal && 2 * r == rest) continue;
    seen[g[r] ^ g[rest - r]] = n;
  }
}

/*
 * One pass up to the smallest value of the other ("odd") class not marked:
 * neither stamped n in seen nor non-zero in `row` (a batch's marks; NULL for
 * none). Returns it (bound when there is none), noting the unmarked values of
 * is_rare's class below it (the ones the scan must find) in `wanted` and
 * their number in *missing_out.
 */
static int32_t open_values(int32_t n, const uint8_t *is_rare, int32_t bound, const int32_t *seen, const uint8_t *row, int32_t *missing_out) {
  int32_t odd_mex = bound;
  int32_t missing = 0;
  int32_t clear = (bound > VECTOR_BOUND ? bound : VECTOR_BOUND) / 8;
  for (int32_t i = 0; i < clear; i++) wanted[i] = 0;
#ifdef __wasm_simd128__
  if ((bound & 15) == 0) {
    /* Sixteen values a step: their stamps and classes as bitmasks. */
    const v128_t stamp = wasm_i32x4_splat(n), zero = wasm_i8x16_splat(0);
    for (int32_t v = 0; v < bound; v += 16) {
      v128_t low = wasm_i16x8_narrow_i32x4(wasm_i32x4_eq(wasm_v128_load(seen + v), stamp), wasm_i32x4_eq(wasm_v128_load(seen + v + 4), stamp));
      v128_t high = wasm_i16x8_narrow_i32x4(wasm_i32x4_eq(wasm_v128_load(seen + v + 8), stamp), wasm_i32x4_eq(wasm_v128_load(seen + v + 12), stamp));
      uint32_t open = ~(uint32_t)wasm_i8x16_bitmask(wasm_i8x16_narrow_i16x8(low, high)) & 0xffff;
      if (row) open &= ~(uint32_t)wasm_i8x16_bitmask(wasm_i8x16_ne(wasm_v128_load(row + v), zero));
      uint32_t rare_bits = (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_ne(wasm_v128_load(is_rare + v), zero));
      uint32_t odd_open = open & ~rare_bits, even_open = open & rare_bits;
      if (odd_open) {
        odd_mex = v + __builtin_ctz(odd_open);
        even_open &= (1u << __builtin_ctz(odd_open)) - 1;
      }
      missing += __builtin_popcount(even_open);
      wanted[v >> 3] |= (uint8_t)even_open;
      wanted[(v >> 3) + 1] |= (uint8_t)(even_open >> 8);
      if (odd_open) break;
    }
  } else
#endif
  for (int32_t v = 0; v < bound; v++) {
    if (seen[v] == n || (row && row[v])) continue;
    if (!is_rare[v]) {
      odd_mex = v;
      break;
    }
    missing++;
    wanted[v >> 3] |= (uint8_t)(1u << (v & 7));
  }
  *missing_out = missing;
  return odd_mex;
}

#ifdef __wasm_simd128__
/* The xors of splits 1..MARKED_SPLITS of a two-byte scan, a byte each, values from the 16-aligned end of odd_mex on in one slot. */
static PER_INSTANCE uint8_t wide_scan_marks[VECTOR_BOUND + 16] __attribute__((aligned(16)));
/*
 * Splits 1..MARKED_SPLITS of rest with no branch a block (as mark_first_splits): their xors marked, then the wanted
 * values among them stamped and taken out of `wanted`. Returns how many are still missing.
 */
static int32_t mark_first_wide(const uint16_t *g, int32_t rest, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  int32_t end = (odd_mex + 15) & ~15;
  const v128_t cap = wasm_i16x8_splat((int16_t)end);
  for (int32_t a = 1; a < MARKED_SPLITS; a += BLOCK) {
    v128_t high0 = wasm_v128_load(g + rest - a - 7);
    v128_t high1 = wasm_v128_load(g + rest - a - 15);
    v128_t x0 = wasm_u16x8_min(wasm_v128_xor(wasm_v128_load(g + a), wasm_i16x8_shuffle(high0, high0, 7, 6, 5, 4, 3, 2, 1, 0)), cap);
    v128_t x1 = wasm_u16x8_min(wasm_v128_xor(wasm_v128_load(g + a + 8), wasm_i16x8_shuffle(high1, high1, 7, 6, 5, 4, 3, 2, 1, 0)), cap);
#define MARK_WIDE(x, h) wide_scan_marks[wasm_u16x8_extract_lane(x, h)] = 0x80
    MARK_WIDE(x0, 0); MARK_WIDE(x0, 1); MARK_WIDE(x0, 2); MARK_WIDE(x0, 3); MARK_WIDE(x0, 4); MARK_WIDE(x0, 5); MARK_WIDE(x0, 6); MARK_WIDE(x0, 7);
    MARK_WIDE(x1, 0); MARK_WIDE(x1, 1); MARK_WIDE(x1, 2); MARK_WIDE(x1, 3); MARK_WIDE(x1, 4); MARK_WIDE(x1, 5); MARK_WIDE(x1, 6); MARK_WIDE(x1, 7);
#undef MARK_WIDE
  }
  uint16_t *want = (uint16_t *)wanted;
  for (int32_t k = 0; k <= end / 16; k++) {
    uint8_t *p = wide_scan_marks + 16 * k;
    uint32_t found = (uint32_t)wasm_i8x16_bitmask(wasm_v128_load(p));
    wasm_v128_store(p, wasm_i8x16_splat(0));
    if (k == end / 16) break; /* the slot past odd_mex: cleared only */
    found &= want[k];
    want[k] &= (uint16_t)~found;
    missing -= __builtin_popcount(found);
    for (; found; found &= found - 1) seen[16 * k + __builtin_ctz(found)] = n;
  }
  return missing;
}
#endif

/*
 * G(n): the moves to one heap, the pairs of rare heaps j < near_end and
 * j >= far_end (those between are marked in `row` already, by a batch: see
 * fill_wide; row is NULL without one) and of the rare heaps a batch left out
 * (`left`), then the scan.
 *
 * The row's marks are never stamped into seen: `wanted` answers for them
 * (stamping every heap's row cost Officers about a tenth of its time).
 */
static int32_t value_of(const uint16_t *g, int32_t n, const struct moves *m, const int32_t *rare, int32_t near_end, int32_t far_end,
                        int32_t rare_count, const int32_t *left, int32_t left_count, const uint8_t *row, const uint8_t *is_rare, int32_t bound,
                        int32_t *seen) {
  for (int32_t i = 0; i < m->whole_count; i++) if (m->whole_takes[i] == n) seen[0] = n;
  for (int32_t i = 0; i < m->single_count; i++) {
    int32_t rest = n - m->single_takes[i];
    if (rest > 0) seen[g[rest]] = n;
  }
  for (int32_t i = 0; i < m->split_count; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t unequal = m->split_unequal[i];
    stamp_rare(g, n, rest, unequal, rare, 0, near_end, seen);
    stamp_rare(g, n, rest, unequal, rare, far_end, rare_count, seen);
    for (int32_t k = 0; k < left_count; k++) {
      int32_t r = rare[left[k]];
      if (r < rest && !(unequal && 2 * r == rest)) seen[g[r] ^ g[rest - r]] = n;
    }
  }
  int32_t missing;
  int32_t odd_mex = open_values(n, is_rare, bound, seen, row, &missing);
  for (int32_t i = 0; i < m->split_count && missing > 0; i++) {
    int32_t rest = n - m->split_takes[i], last = last_split(rest, m->split_unequal[i]), first = 1;
#ifdef __wasm_simd128__
    if (odd_mex <= VECTOR_BOUND && last >= MARKED_SPLITS) {
      missing = mark_first_wide(g, rest, n, odd_mex, seen, missing);
      first = MARKED_SPLITS + 1;
    }
#endif
    if (missing > 0) missing = scan(g, rest, first, last, n, odd_mex, seen, missing);
  }
  if (missing == 0) return odd_mex;
  /* The smallest value still missing: wanted's lowest bit. */
  int32_t i = 0;
  while (!wanted[i]) i++;
  return 8 * i + __builtin_ctz(wanted[i]);
}


#ifdef __wasm_simd128__
/*
 * Games whose values stay below 128 (bound <= 128) keep their values one byte
 * each (the JS side passes width 1): sixteen splits a load. The option set is
 * 128 bits, read off a byte per value with bitmask; the missing even values
 * are two 64-bit registers and one swizzle table. No stamps, no loops over values.
 */
#define SMALL_BOUND 128
#define BATCH 16
/*
 * The largest split (to the end of its block of sixteen) at which a witness scan found the last value it missed,
 * since scan_reach last asked: the witnesses' reach, which a run keeping part of its values must hold.
 */
static PER_INSTANCE int32_t deepest;
static inline void note_reach(int32_t a) {
  if (a > deepest) deepest = a;
}
int32_t scan_reach(void) {
  int32_t reach = deepest;
  deepest = 0;
  return reach;
}
/*
 * Marks of the pairs of a batch's rests (rest = heap - split take), SMALL_BOUND
 * bytes each (0x80 when marked: independent stores). A heap's marks are the
 * union of its rests' rows: a pair (r, rest - r) serves every take that leaves
 * that rest, so games with several split takes mark each pair once.
 */
#define MAX_ROWS (2 * BATCH)
static PER_INSTANCE uint8_t rest_marks[MAX_ROWS * SMALL_BOUND] __attribute__((aligned(16)));
/* The marks of the heap being finished. */
static PER_INSTANCE uint8_t heap_marks[SMALL_BOUND] __attribute__((aligned(16)));
/* The rare heaps' values, beside their positions. */
/* The two largest tables live where lane_tables puts them: in the threads build, the instance's lane (as thread-local
 * storage their zeros would fill the .wasm file, and every instance would copy them in); in the plain build, room the
 * JS side sizes to the run's rare heaps (as statics they were 12 MB of every instance's memory, which the garbage
 * collector weighs on every analysis of a process). */
static PER_INSTANCE uint8_t *rare_g;

static inline uint64_t bits64(const uint8_t *p) {
  return (uint64_t)(uint16_t)wasm_i8x16_bitmask(wasm_v128_load(p)) | (uint64_t)(uint16_t)wasm_i8x16_bitmask(wasm_v128_load(p + 16)) << 16 |
         (uint64_t)(uint16_t)wasm_i8x16_bitmask(wasm_v128_load(p + 32)) << 32 | (uint64_t)(uint16_t)wasm_i8x16_bitmask(wasm_v128_load(p + 48)) << 48;
}
/* Clear bit x (< 128) of (lo, hi) without a branch or an address (either makes clang keep them in memory). */
static inline void clear_bit(uint64_t *lo, uint64_t *hi, uint32_t x) {
  uint64_t bit = 1ull << (x & 63);
  uint64_t high = 0 - (uint64_t)(x >> 6);
  *lo &= ~(bit & ~high);
  *hi &= ~(bit & high);
}
static inline int32_t lowest(uint64_t lo, uint64_t hi) {
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
}
/* The xors x of sixteen splits against the wanted set (lo, hi) and its swizzle table; returns whether all were found. */
static inline int xors_small(v128_t x, v128_t *table, uint64_t *lo, uint64_t *hi) {
  const v128_t pow2 = wasm_i8x16_const(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  const v128_t seven = wasm_i8x16_splat(7);
  v128_t bit = wasm_i8x16_swizzle(pow2, wasm_v128_and(x, seven));
  v128_t hits = wasm_v128_and(wasm_i8x16_swizzle(*table, wasm_u8x16_shr(x, 3)), bit);
  if (!wasm_v128_any_true(hits)) return 0;
  uint8_t xs[16];
  wasm_v128_store(xs, x);
  uint32_t lanes = wasm_i8x16_bitmask(wasm_i8x16_ne(hits, wasm_i8x16_splat(0)));
  while (lanes) {
    clear_bit(lo, hi, xs[__builtin_ctz(lanes)]);
    lanes &= lanes - 1;
  }
  *table = wasm_i64x2_make((int64_t)*lo, (int64_t)*hi);
  return (*lo | *hi) == 0;
}
/* Splits a..a+15 of rest: g[a..a+15] against g[rest-a-15..rest-a] reversed (see xors_small). */
static inline int block_small(const uint8_t *g, int32_t rest, int32_t a, v128_t *table, uint64_t *lo, uint64_t *hi) {
  v128_t high = wasm_v128_load(g + rest - a - 15);
  v128_t x = wasm_v128_xor(wasm_v128_load(g + a), wasm_i8x16_shuffle(high, high, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  return xors_small(x, table, lo, hi);
}
/*
 * The in-order prefix's low halves, G(1..IN_ORDER_PREFIX), every block of sixteen reversed: a block of the prefix
 * then pairs its lanes in reverse, a load and a xor with no shuffle. Set by fill_small once those values are final.
 */
static PER_INSTANCE uint8_t prefix_reversed[IN_ORDER_PREFIX] __attribute__((aligned(16)));
static PER_INSTANCE int prefix_ready;
static void reverse_prefix(const uint8_t *g) {
  for (int32_t k = 0; k < IN_ORDER_PREFIX; k += BLOCK) {
    v128_t low = wasm_v128_load(g + 1 + k);
    wasm_v128_store(prefix_reversed + k, wasm_i8x16_shuffle(low, low, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  }
}
/*
 * The first MARKED_SPLITS splits of a scan are marked with no branch: each xor's byte set in scan_marks, then the
 * wanted set cut once. There most blocks hit (.167 finds about 7 values in 10 blocks a heap, most in the first
 * few), and a test a block, with its loop over the lanes that hit, mispredicted often enough to cost more than
 * the 64 stores: .167 to 2^22 took 0.54-0.56 CPU s against 0.70. A windowed run (fill_window) measures the witnesses'
 * reach to the block, so it scans them block by block as before (reach_exact).
 */
static PER_INSTANCE uint8_t scan_marks[SMALL_BOUND] __attribute__((aligned(16)));
static PER_INSTANCE int reach_exact;
/* The values 64k..64k+63 marked in scan_marks, as bits, clearing those bytes. */
static inline uint64_t take_marks(int32_t k) {
  uint64_t bits = 0;
  for (int32_t q = 0; q < 4; q++) {
    uint8_t *p = scan_marks + 64 * k + 16 * q;
    bits |= (uint64_t)(uint16_t)wasm_i8x16_bitmask(wasm_v128_load(p)) << (16 * q);
    wasm_v128_store(p, wasm_i8x16_splat(0));
  }
  return bits;
}
/* Splits 1..MARKED_SPLITS of rest taken out of the wanted set (lo, hi). */
static inline void mark_first_splits(const uint8_t *g, int32_t rest, uint64_t *lo, uint64_t *hi) {
  for (int32_t k = 0; k < MARKED_SPLITS; k += BLOCK) {
    v128_t x = wasm_v128_xor(wasm_v128_load(prefix_reversed + k), wasm_v128_load(g + rest - k - BLOCK));
#define MARK_X(h) scan_marks[wasm_u8x16_extract_lane(x, h)] = 0x80
    MARK_X(0); MARK_X(1); MARK_X(2); MARK_X(3); MARK_X(4); MARK_X(5); MARK_X(6); MARK_X(7);
    MARK_X(8); MARK_X(9); MARK_X(10); MARK_X(11); MARK_X(12); MARK_X(13); MARK_X(14); MARK_X(15);
#undef MARK_X
  }
  *lo &= ~take_marks(0);
  *hi &= ~take_marks(1);
}
/* Splits a = from..to of rest against the wanted set (lo, hi); returns whether all were found. */
static int scan_run_small(const uint8_t *g, int32_t rest, int32_t from, int32_t to, uint64_t *wlo, uint64_t *whi) {
  uint64_t lo = *wlo, hi = *whi;
  int32_t a = from;
  int prefix = prefix_ready && from == 1 && to <= IN_ORDER_PREFIX;
  if (prefix && !reach_exact && to >= MARKED_SPLITS) {
    mark_first_splits(g, rest, &lo, &hi);
    if ((lo | hi) == 0) { *wlo = 0; *whi = 0; note_reach(MARKED_SPLITS); return 1; }
    a = MARKED_SPLITS + 1;
  }
  v128_t table = wasm_i64x2_make((int64_t)lo, (int64_t)hi);
  if (prefix) {
    /* Lane j is split a + 15 - j: the reversed low half against the high half as it lies. */
    for (; a + BLOCK - 1 <= to; a += BLOCK) {
      v128_t x = wasm_v128_xor(wasm_v128_load(prefix_reversed + a - 1), wasm_v128_load(g + rest - a - 15));
      if (xors_small(x, &table, &lo, &hi)) { *wlo = 0; *whi = 0; note_reach(a + BLOCK - 1); return 1; }
    }
  }
  for (; a + BLOCK - 1 <= to; a += BLOCK)
    if (block_small(g, rest, a, &table, &lo, &hi)) { *wlo = 0; *whi = 0; note_reach(a + BLOCK - 1); return 1; }
  for (; a <= to; a++) clear_bit(&lo, &hi, (uint32_t)(g[a] ^ g[rest - a]));
  *wlo = lo; *whi = hi;
  if ((lo | hi) != 0) return 0;
  note_reach(to);
  return 1;
}
/* The same visiting order as scan. */
static int scan_small(const uint8_t *g, int32_t rest, int32_t last, uint64_t *lo, uint64_t *hi) {
  uint64_t wlo = *lo, whi = *hi;
  v128_t table = wasm_i64x2_make((int64_t)wlo, (int64_t)whi);
  /* A run changes (lo, hi): the window's copies are read again after it. */
#define RUN_SMALL(from, to) (scan_run_small(g, rest, from, to, &wlo, &whi) || (table = wasm_i64x2_make((int64_t)wlo, (int64_t)whi), 0))
#define BLOCK_SMALL(a) (block_small(g, rest, (a), &table, &wlo, &whi) && (note_reach((a) + BLOCK - 1), 1))
  SCAN_ORDER(1, last, RUN_SMALL, BLOCK_SMALL, (*lo = 0, *hi = 0, 1));
#undef BLOCK_SMALL
#undef RUN_SMALL
  *lo = wlo, *hi = whi;
  return (wlo | whi) == 0;
}

/* Rare r with partners p[q] = g[first rest + q - r], q = 0..rows-1 (all below the batch): sixteen rows from one load. */
static inline void mark_rests(const uint8_t *p, uint8_t gr, int32_t rows) {
  v128_t x = wasm_v128_xor(wasm_v128_load(p), wasm_i8x16_splat((int8_t)gr));
  for (int32_t q = BATCH; q < rows; q++) rest_marks[q * SMALL_BOUND + (p[q] ^ gr)] = 0x80;
#define MARK_LANE(h) rest_marks[(h) * SMALL_BOUND + wasm_u8x16_extract_lane(x, h)] = 0x80
  MARK_LANE(0); MARK_LANE(1); MARK_LANE(2); MARK_LANE(3); MARK_LANE(4); MARK_LANE(5); MARK_LANE(6); MARK_LANE(7);
  MARK_LANE(8); MARK_LANE(9); MARK_LANE(10); MARK_LANE(11); MARK_LANE(12); MARK_LANE(13); MARK_LANE(14); MARK_LANE(15);
#undef MARK_LANE
}

/* Pairs of rare j in [from, to) at rest, stopping where r reaches rest. */
static inline void mark_rare(uint8_t *marked, const uint8_t *g, int32_t rest, int32_t unequal, const int32_t *rare, int32_t from, int32_t to) {
  const uint8_t *h = g + rest;
  for (int32_t j = from; j < to; j++) {
    int32_t r = rare[j];
    if (r >= rest) break;
    if (unequal && 2 * r == rest) continue;
    marked[rare_g[j] ^ h[-r]] = 0x80;
  }
}

/*
 * Rare heaps of a windowed run past its front (see fill_window): their values, and for each the values of the
 * partners of the heaps being filled, far_partner[j][rest] = G(rest - r_j) (an address the JS side sets so that a
 * rest's slot indexes it). Empty outside fill_window.
 */
#define MAX_FAR 256
static PER_INSTANCE int32_t far_count;
static PER_INSTANCE uint8_t far_value[MAX_FAR];
static PER_INSTANCE const uint8_t *far_partner[MAX_FAR];
/* Where the JS side writes the far rare heaps before fill_window: count, then (value, partner address) pairs. */
static PER_INSTANCE int32_t far_in[1 + 2 * MAX_FAR];
int32_t *far_rare(void) {
  return far_in;
}

/*
 * G(n) from `marked` (the pairs already marked there) plus the moves to one
 * heap, the pairs of rare heaps j < near_end and j >= far_end of every split
 * take, and the witness scan.
 */
static int32_t value_small(const uint8_t *g, int32_t reach, int32_t n, const struct moves *m, uint8_t *marked, const int32_t *rare,
                           int32_t near_end, int32_t far_end, int32_t rare_count, uint64_t rare_lo, uint64_t rare_hi) {
  for (int32_t i = 0; i < m->whole_count; i++) if (m->whole_takes[i] == n) marked[0] = 0x80;
  for (int32_t i = 0; i < m->single_count; i++) {
    int32_t rest = n - m->single_takes[i];
    if (rest > 0) marked[g[rest]] = 0x80;
  }
  for (int32_t i = 0; i < m->split_count; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t unequal = m->split_unequal[i];
    mark_rare(marked, g, rest, unequal, rare, 0, near_end);
    mark_rare(marked, g, rest, unequal, rare, far_end, rare_count);
    for (int32_t j = 0; j < far_count; j++) marked[far_value[j] ^ far_partner[j][rest]] = 0x80;
  }
  uint64_t lo = bits64(marked), hi = bits64(marked + 64);
  /* The smallest unmarked odd value; the unmarked even values below it are the ones to find. */
  int32_t odd_mex = lowest(~lo & ~rare_lo, ~hi & ~rare_hi);
  uint64_t want_lo = ~lo & rare_lo, want_hi = ~hi & rare_hi;
  if (odd_mex < 64) { want_lo &= (1ull << odd_mex) - 1; want_hi = 0; }
  else if (odd_mex < 128) want_hi &= (1ull << (odd_mex - 64)) - 1;
  int32_t cut = 0;
  for (int32_t i = 0; i < m->split_count && (want_lo | want_hi); i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t last = last_split(rest, m->split_unequal[i]);
    if (last > reach) last = reach, cut = 1;
    scan_small(g, rest, last, &want_lo, &want_hi);
  }
  if ((want_lo | want_hi) == 0) return odd_mex;
  /* An even value still missing after a scan cut short at the reach is not known to be missing: undecided. */
  return cut ? -1 : lowest(want_lo, want_hi);
}

/* Keep G(n) = v: store it, and list n when v is rare (see tally); true when fill must return now. */
static inline int keep_small(uint8_t *g, int32_t n, int32_t v, int32_t *rare, int32_t *rare_count, int32_t rare_capacity, const uint8_t *is_rare,
                             int32_t stop_at_value, uint32_t *counts) {
  g[n] = (uint8_t)v;
  int32_t before = *rare_count;
  int stop = tally(n, v, rare, rare_count, rare_capacity, is_rare, stop_at_value, counts);
  if (*rare_count > before) rare_g[before] = (uint8_t)v;
  return stop;
}

static void clear_marks(uint8_t *p, int32_t bytes) {
  const v128_t zero = wasm_i8x16_splat(0);
  for (int32_t k = 0; k < bytes; k += 16) wasm_v128_store(p + k, zero);
}

static int32_t fill_small(uint8_t *g, int32_t reach, int32_t from, int32_t to, const struct moves *m, int32_t *rare, int32_t *rare_count_io, int32_t rare_capacity,
                          const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain, int32_t bound, int32_t stop_at_value, uint32_t *counts) {
  int32_t rare_count = *rare_count_io;
  /*
   * Each class below bound as 128 bits ([0] even, [1] odd); values from bound up count as the other class
   * (never marked), so the mex stays below bound. A heap takes its rare_table's pair.
   */
  uint64_t class_lo[2] = {0, 0}, class_hi[2] = {0, 0};
  for (int32_t v = 0; v < bound; v++) {
    int32_t c = is_rare[v] ? 0 : 1;
    if (v < 64) class_lo[c] |= 1ull << v; else class_hi[c] |= 1ull << (v - 64);
  }
#define CLASS_OF(n) (rare_table((n), is_rare, is_odd, domain) == is_odd)
  for (int32_t j = 0; j < rare_count; j++) rare_g[j] = g[rare[j]];
  prefix_ready = from > IN_ORDER_PREFIX;
  if (prefix_ready) reverse_prefix(g);
  /* Batches need every split to allow equal parts (no pair to leave out) and the takes within a batch of each other. */
  const struct split_span span = split_span_of(m);
  int32_t batchable = m->split_count > 0 && !span.unequal, tmin = span.tmin, tmax = span.tmax;
  int32_t rows = BATCH + tmax - tmin;
  if (rows > MAX_ROWS) batchable = 0;
  for (int32_t n = from; n < to;) {
    if (batchable && n >= 2 * BATCH + tmax && n + BATCH <= to) {
      /*
       * Heaps n0..n0+15, rests n0-tmax .. n0+15-tmin (row q is rest n0-tmax+q): rare r with
       * 15 - tmin < r < n0 - tmax pair with partners below n0, marked for every row at once.
       */
      int32_t n0 = n, first_rest = n0 - tmax;
      clear_marks(rest_marks, rows * SMALL_BOUND);
      int32_t near_end = 0;
      while (near_end < rare_count && rare[near_end] <= BATCH - 1 - tmin) near_end++;
      int32_t far_end = near_end;
      for (; far_end < rare_count && rare[far_end] < first_rest; far_end++) mark_rests(g + first_rest - rare[far_end], rare_g[far_end], rows);
      for (int32_t h = 0; h < BATCH; h++, n++) {
        v128_t row[SMALL_BOUND / 16];
        const uint8_t *own = rest_marks + (h + tmax - m->split_takes[0]) * SMALL_BOUND;
        for (int32_t k = 0; k < SMALL_BOUND / 16; k++) row[k] = wasm_v128_load(own + 16 * k);
        for (int32_t i = 1; i < m->split_count; i++) {
          const uint8_t *more = rest_marks + (h + tmax - m->split_takes[i]) * SMALL_BOUND;
          for (int32_t k = 0; k < SMALL_BOUND / 16; k++) row[k] = wasm_v128_or(row[k], wasm_v128_load(more + 16 * k));
        }
        for (int32_t k = 0; k < SMALL_BOUND / 16; k++) wasm_v128_store(heap_marks + 16 * k, row[k]);
        int32_t c = CLASS_OF(n);
        int32_t v = value_small(g, reach, n, m, heap_marks, rare, near_end, far_end, rare_count, class_lo[c], class_hi[c]);
        if (v < 0) return *rare_count_io = rare_count, -n - 1;
        if (keep_small(g, n, v, rare, &rare_count, rare_capacity, c ? is_odd : is_rare, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
      }
      continue;
    }
    /* Every rare heap's pairs here, each stopping where r reaches rest. */
    clear_marks(heap_marks, SMALL_BOUND);
    int32_t c = CLASS_OF(n);
    int32_t v = value_small(g, reach, n, m, heap_marks, rare, rare_count, rare_count, rare_count, class_lo[c], class_hi[c]);
    if (v < 0) return *rare_count_io = rare_count, -n - 1;
    if (keep_small(g, n, v, rare, &rare_count, rare_capacity, c ? is_odd : is_rare, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
    n++;
  }
#undef CLASS_OF
  *rare_count_io = rare_count;
  return to;
}

/*
 * fill, one byte a value (bound <= SMALL_BOUND), for a run that keeps only part of its values
 * (src/core/kinds/take-and-break/window.ts): g holds the front of the table, G(0..front-1), then a stretch of its
 * tail, from..to-1 and the heaps just below them standing for the heaps of the same parity that far into the tail.
 * The JS side keeps the tail deep enough that every pair a rare heap of the front makes and every split up to `reach`
 * (< front) has its partner in the tail, and gives the partners of the rare heaps past the front (far_rare): those
 * heaps are not in `rare`, and lie below every rest of the heaps filled (so each pairs with every rest). A heap those splits leave undecided (an even value still
 * missing) stops the fill: it returns -n - 1.
 */
int32_t fill_window(uint8_t *g, int32_t reach, int32_t from, int32_t to, const struct moves *m, int32_t *rare, int32_t *rare_count_io, int32_t rare_capacity,
                    const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain, int32_t bound, int32_t stop_at_value, uint32_t *counts) {
  far_count = far_in[0];
  for (int32_t j = 0; j < far_count; j++) far_value[j] = (uint8_t)far_in[1 + 2 * j], far_partner[j] = (const uint8_t *)(uintptr_t)far_in[2 + 2 * j];
  reach_exact = 1;
  int32_t stop = fill_small(g, reach, from, to, m, rare, rare_count_io, rare_capacity, is_rare, is_odd, domain, bound, stop_at_value, counts);
  far_count = 0, reach_exact = 0;
  return stop;
}
#endif

/* Keep G(n) = v in the two-byte table: as keep_small. */
static inline int keep_wide(uint16_t *g, int32_t n, int32_t v, int32_t *rare, int32_t *rare_count, int32_t rare_capacity, const uint8_t *rare_values,
                            int32_t stop_at_value, uint32_t *counts) {
  g[n] = (uint16_t)v;
  return tally(n, v, rare, rare_count, rare_capacity, rare_values, stop_at_value, counts);
}

#ifdef __wasm_simd128__
/*
 * The two-byte loop in batches of WIDE_BATCH heaps, while values stay below
 * WIDE_BOUND (Grundy's game, Officers): as in fill_small, the pairs of a rare
 * heap r whose partners lie below the batch are marked for every heap of the
 * batch from one load of eight partners, a byte per value in a row per rest
 * (rest = heap - split take). Each heap turns its row into stamps and
 * value_of does the rest. A game with one split take may ask for unequal
 * parts (Grundy's game): the rare heaps r with 2r among the batch's rests are
 * left out of the rows and paired by each heap itself, with the check.
 */
#define WIDE_BATCH 8
#define WIDE_BOUND 1024
/*
 * Games whose values keep growing (.04, .06) batch up to DENSE_BOUND, their rows DENSE_STRIDE apart (a line
 * more than the bound, so that the rows do not fall on the same cache sets).
 */
#define DENSE_BOUND 8192
#define DENSE_STRIDE (DENSE_BOUND + 64)
#define WIDE_ROWS (2 * WIDE_BATCH)
/* Fewer rare heaps than this below a batch: the rows cost more than they save. */
#define WIDE_MIN_RARE 64
/*
 * Row q at q * WIDE_BOUND, whatever the bound: a constant stride puts each mark at one constant plus
 * the value, where a stride of `bound` made V8 work out every lane's row address again (Grundy's
 * game to 2^20: best of five 2.82 s against 2.95 s).
 */
static PER_INSTANCE uint8_t wide_marks[WIDE_ROWS * DENSE_STRIDE] __attribute__((aligned(16)));
static PER_INSTANCE uint8_t wide_heap[DENSE_BOUND] __attribute__((aligned(16)));
static PER_INSTANCE uint16_t *rare_g16;
/* This instance's rare_g (bytes) and rare_g16 (uint16), as many entries as the rare_capacity it is given (RARE_CAPACITY at most). */
void lane_tables(uint8_t *small, uint16_t *wide) {
  rare_g = small;
  rare_g16 = wide;
}
static PER_INSTANCE int32_t wide_left[WIDE_ROWS];

static int wide_batches(const struct moves *m, int32_t bound) {
  if (m->split_count == 0 || bound > DENSE_BOUND) return 0;
  const struct split_span span = split_span_of(m);
  if (span.unequal && m->split_count > 1) return 0; /* a row serves every take that leaves its rest */
  return WIDE_BATCH + span.tmax - span.tmin <= WIDE_ROWS;
}

/* Rare r (value gr) against partners p[q] = g[first rest + q - r], q = 0..rows-1: eight rows from one load. */
static inline __attribute__((always_inline)) void mark_wide(const uint16_t *p, uint16_t gr, int32_t rows, const int32_t stride) {
  v128_t x = wasm_v128_xor(wasm_v128_load(p), wasm_i16x8_splat((int16_t)gr));
  for (int32_t q = WIDE_BATCH; q < rows; q++) wide_marks[q * stride + (p[q] ^ gr)] = 1;
#define MARK_WIDE(h) wide_marks[(h) * stride + wasm_u16x8_extract_lane(x, h)] = 1
  MARK_WIDE(0); MARK_WIDE(1); MARK_WIDE(2); MARK_WIDE(3); MARK_WIDE(4); MARK_WIDE(5); MARK_WIDE(6); MARK_WIDE(7);
#undef MARK_WIDE
}

/* seen[v] = n for every v marked in row (bound a multiple of 16). */
static void stamp_row(const uint8_t *row, int32_t bound, int32_t *seen, int32_t n) {
  const v128_t zero = wasm_i8x16_splat(0);
  for (int32_t v = 0; v < bound; v += 16) {
    uint32_t bits = wasm_i8x16_bitmask(wasm_i8x16_ne(wasm_v128_load(row + v), zero));
    while (bits) {
      seen[v + __builtin_ctz(bits)] = n;
      bits &= bits - 1;
    }
  }
}

/*
 * The rows of a batch whose rests start at first_rest: every rare heap j in
 * [from, to) (values in rare_g16) marks its pairs for every row, but those
 * that an unequal split must not pair with themselves (2r among the rests),
 * which go to wide_left for each heap to pair itself. Returns their number.
 */
static inline __attribute__((always_inline)) int32_t mark_batch(const uint16_t *g, int32_t first_rest, int32_t rows, int32_t unequal, const int32_t *rare,
                                                                int32_t from, int32_t to, int32_t bound, const int32_t stride) {
  for (int32_t q = 0; q < rows; q++)
    for (int32_t k = 0; k < bound; k += 16) wasm_v128_store(wide_marks + q * stride + k, wasm_i8x16_splat(0));
  int32_t left_count = 0;
  for (int32_t j = from; j < to; j++) {
    int32_t r = rare[j];
    if (unequal && 2 * r >= first_rest && 2 * r < first_rest + rows) {
      wide_left[left_count++] = j;
      continue;
    }
    mark_wide(g + first_rest - r, rare_g16[j], rows, stride);
  }
  return left_count;
}

/* Heap (batch's first heap) + h: the union of its rests' rows of the batch (its one row, or wide_heap). */
static const uint8_t *batch_heap_row(const struct moves *m, int32_t h, int32_t tmax, int32_t bound, int32_t stride) {
  const uint8_t *row = wide_marks + (h + tmax - m->split_takes[0]) * stride;
  if (m->split_count == 1) return row;
  for (int32_t k = 0; k < bound; k += 16) {
    v128_t x = wasm_v128_load(row + k);
    for (int32_t i = 1; i < m->split_count; i++) x = wasm_v128_or(x, wasm_v128_load(wide_marks + (h + tmax - m->split_takes[i]) * stride + k));
    wasm_v128_store(wide_heap + k, x);
  }
  return wide_heap;
}

/* Heap n = (batch's first heap) + h: its row of the batch, stamped n in seen. */
static void stamp_batch_heap(const struct moves *m, int32_t h, int32_t tmax, int32_t bound, int32_t *seen, int32_t n) {
  stamp_row(batch_heap_row(m, h, tmax, bound, WIDE_BOUND), bound, seen, n);
}

static inline __attribute__((always_inline)) int32_t fill_wide(uint16_t *g, int32_t from, int32_t to, const struct moves *m, int32_t *rare,
                                                               int32_t *rare_count_io, int32_t rare_capacity, const uint8_t *is_rare, const uint8_t *is_odd,
                                                               int32_t domain, int32_t bound, int32_t *seen, int32_t stop_at_value, uint32_t *counts,
                                                               const int32_t stride) {
  int32_t rare_count = *rare_count_io;
  const struct split_span span = split_span_of(m);
  const int32_t tmin = span.tmin, tmax = span.tmax, unequal = span.unequal, rows = WIDE_BATCH + span.tmax - span.tmin;
  for (int32_t j = 0; j < rare_count; j++) rare_g16[j] = g[rare[j]];
  int32_t near_end = 0, far_end = 0;
  for (int32_t n = from; n < to;) {
    /* Rare r <= WIDE_BATCH - 1 - tmin have partners inside the batch: each heap pairs them itself. */
    while (near_end < rare_count && rare[near_end] <= WIDE_BATCH - 1 - tmin) near_end++;
    int32_t first_rest = n - tmax;
    /* first_rest only grows: far_end goes on from the last batch's. */
    if (far_end < near_end) far_end = near_end;
    while (far_end < rare_count && rare[far_end] < first_rest) far_end++;
    if (n >= 2 * WIDE_BATCH + tmax && n + WIDE_BATCH <= to && far_end - near_end >= WIDE_MIN_RARE) {
      int32_t left_count = mark_batch(g, first_rest, rows, unequal, rare, near_end, far_end, bound, stride);
      for (int32_t h = 0; h < WIDE_BATCH; h++, n++) {
        const uint8_t *rare_values = rare_table(n, is_rare, is_odd, domain);
        int32_t v = value_of(g, n, m, rare, near_end, far_end, rare_count, wide_left, left_count, batch_heap_row(m, h, tmax, bound, stride), rare_values, bound, seen);
        int32_t before = rare_count;
        if (keep_wide(g, n, v, rare, &rare_count, rare_capacity, rare_values, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
        if (rare_count > before) rare_g16[before] = (uint16_t)v;
      }
      continue;
    }
    const uint8_t *rare_values = rare_table(n, is_rare, is_odd, domain);
    int32_t v = value_of(g, n, m, rare, rare_count, rare_count, rare_count, 0, 0, 0, rare_values, bound, seen);
    int32_t before = rare_count;
    if (keep_wide(g, n, v, rare, &rare_count, rare_capacity, rare_values, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
    if (rare_count > before) rare_g16[before] = (uint16_t)v;
    n++;
  }
  *rare_count_io = rare_count;
  return to;
}
#endif

/*
 * A block of heaps [B, end) on several threads (src/host/parallel-sparse.ts):
 * the pairs whose parts both lie below B use only final values, so workers,
 * each with this module and its own copy of G(0..B-1), mark them for their
 * share of the block (partials); the main thread then finishes each heap in
 * order with the pairs that reach into the block (finish). The answer is
 * fill's, whatever the shares.
 *
 * A heap's marks travel as a bitset of `words` 32-bit words, with `covered`:
 * every even value below it is marked (bound when every pair below B is).
 */

/* Which of seen[0..31] are stamped n, as bits. */
static inline uint32_t stamped_bits(const int32_t *seen, int32_t n) {
#ifdef __wasm_simd128__
  const v128_t stamp = wasm_i32x4_splat(n);
  uint32_t bits = 0;
  for (int32_t k = 0; k < 32; k += 16) {
    v128_t low = wasm_i16x8_narrow_i32x4(wasm_i32x4_eq(wasm_v128_load(seen + k), stamp), wasm_i32x4_eq(wasm_v128_load(seen + k + 4), stamp));
    v128_t high = wasm_i16x8_narrow_i32x4(wasm_i32x4_eq(wasm_v128_load(seen + k + 8), stamp), wasm_i32x4_eq(wasm_v128_load(seen + k + 12), stamp));
    bits |= (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_narrow_i16x8(low, high)) << k;
  }
  return bits;
#else
  uint32_t bits = 0;
  for (int32_t k = 0; k < 32; k++) bits |= (uint32_t)(seen[k] == n) << k;
  return bits;
#endif
}

/* The first rare heap at or above `at`, among the first `count` (ascending). */
__attribute__((unused)) static int32_t first_rare_at(const int32_t *rare, int32_t count, int32_t at) {
  int32_t lo = 0, hi = count;
  while (lo < hi) {
    int32_t mid = (lo + hi) >> 1;
    if (rare[mid] < at) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/*
 * Worker side, heaps [from, to) of the block at B: the pairs of rare heaps
 * whose partner lies below B, then the scan of the splits whose parts both
 * lie below B for the even values below the first unmarked odd one (the
 * likely mex; when the main thread's pairs mark it, it scans for the even
 * values past `covered` itself: covering up to the second or third gap here
 * cost the workers more than it saved it, on Grundy's game). A heap whose
 * scan ends with values still missing gets every such pair marked (covered =
 * bound): it is rare, or the main thread's pairs fill the gap.
 */
/* Pairs (r, rest - r) of the rare heaps j in [from, to) for heap n that are below B: r < rest, partner rest - r < B. */
static void stamp_rare_below(const uint16_t *g, int32_t n, const struct moves *m, const int32_t *rare, int32_t from, int32_t to, int32_t B, int32_t *seen) {
  for (int32_t i = 0; i < m->split_count; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t unequal = m->split_unequal[i];
    for (int32_t j = from; j < to; j++) {
      int32_t r = rare[j];
      if (r >= rest) break;
      if (rest - r >= B || (unequal && 2 * r == rest)) continue;
      seen[g[r] ^ g[rest - r]] = n;
    }
  }
}

/*
 * The rest of partials for heap n, its pairs of rare heaps marked in `seen`:
 * the scan, and the heap's marks and `covered` out.
 */
static void partials_heap(const uint16_t *g, int32_t n, int32_t B, const struct moves *m, const uint8_t *rare_values, int32_t bound, int32_t *seen,
                          uint32_t *row, int32_t words, int32_t *covered) {
  int32_t missing;
  int32_t target = open_values(n, rare_values, bound, seen, 0, &missing);
  for (int32_t i = 0; i < m->split_count && missing > 0; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t first = rest - B + 1 < 1 ? 1 : rest - B + 1;
    missing = scan(g, rest, first, last_split(rest, m->split_unequal[i]), n, target, seen, missing);
  }
  if (missing > 0) {
    for (int32_t i = 0; i < m->split_count; i++) {
      int32_t rest = n - m->split_takes[i];
      int32_t last = last_split(rest, m->split_unequal[i]);
      for (int32_t a = rest - B + 1 < 1 ? 1 : rest - B + 1; a <= last; a++) seen[g[a] ^ g[rest - a]] = n;
    }
  }
  *covered = missing > 0 ? bound : target;
  for (int32_t w = 0; w < words; w++) row[w] = stamped_bits(seen + 32 * w, n);
}

int32_t partials(const uint16_t *g, int32_t from, int32_t to, int32_t B, const struct moves *m, const int32_t *rare, int32_t rare_count,
                 const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain, int32_t bound, int32_t *seen, uint32_t *marks, int32_t words,
                 int32_t *covered) {
  int32_t n = from;
#ifdef __wasm_simd128__
  if (bound <= WIDE_BOUND && wide_batches(m, bound)) {
    /* As fill_wide: a rare heap whose partners lie below B for every rest of a batch marks them all from one load. */
    const struct split_span span = split_span_of(m);
    const int32_t tmax = span.tmax, unequal = span.unequal, rows = WIDE_BATCH + span.tmax - span.tmin;
    for (int32_t j = 0; j < rare_count; j++) rare_g16[j] = g[rare[j]];
    for (; n + WIDE_BATCH <= to && n - tmax > 0; ) {
      int32_t first_rest = n - tmax, last_rest = first_rest + rows - 1;
      /* Rare r in (last_rest - B, first_rest): every partner below B and every r below its rest. */
      int32_t some = first_rare_at(rare, rare_count, first_rest - B + 1 < 1 ? 1 : first_rest - B + 1);
      int32_t all = first_rare_at(rare, rare_count, last_rest - B + 1 < 1 ? 1 : last_rest - B + 1);
      int32_t large = first_rare_at(rare, rare_count, first_rest);
      if (large < all) large = all;
      int32_t left_count = mark_batch(g, first_rest, rows, unequal, rare, all, large, bound, WIDE_BOUND);
      for (int32_t h = 0; h < WIDE_BATCH; h++, n++) {
        stamp_batch_heap(m, h, tmax, bound, seen, n);
        /* The rare heaps only some rests pair below B, the large ones, and those an unequal split may not pair with themselves. */
        stamp_rare_below(g, n, m, rare, some, all, B, seen);
        stamp_rare_below(g, n, m, rare, large, rare_count, B, seen);
        for (int32_t k = 0; k < left_count; k++) stamp_rare_below(g, n, m, rare, wide_left[k], wide_left[k] + 1, B, seen);
        partials_heap(g, n, B, m, rare_table(n, is_rare, is_odd, domain), bound, seen, marks + (n - from) * words, words, covered + (n - from));
      }
    }
  }
#endif
  for (; n < to; n++) {
    stamp_rare_below(g, n, m, rare, 0, rare_count, B, seen);
    partials_heap(g, n, B, m, rare_table(n, is_rare, is_odd, domain), bound, seen, marks + (n - from) * words, words, covered + (n - from));
  }
  return to;
}

static inline void mark_bit(uint32_t *bits, uint32_t x) {
  bits[x >> 5] |= 1u << (x & 31);
}

#ifdef __wasm_simd128__
/* Heap (batch's first heap) + h: the union of its rests' rows of the batch, as bits into `bits` (bound a multiple of 16). */
static void or_batch_heap(const struct moves *m, int32_t h, int32_t tmax, int32_t bound, uint32_t *bits) {
  const uint8_t *row = batch_heap_row(m, h, tmax, bound, WIDE_BOUND);
  const v128_t zero = wasm_i8x16_splat(0);
  for (int32_t k = 0; k < bound; k += 16) bits[k >> 5] |= (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_ne(wasm_v128_load(row + k), zero)) << (k & 16);
}
#endif

/*
 * Main-thread side: G(n) for n = start..end-1 in order, from the workers'
 * marks of the pairs below `base` and `covered` (row n - start), the moves
 * to one heap, the pairs of the rare heaps below base whose partner lies at
 * or above it (the first rare_below rare heaps are below base) and of those
 * found since, and a scan: of the splits that reach past base when the
 * workers covered the even values below the smallest unmarked odd one, else
 * of all of them. (base may lie a block below start: the workers mark the
 * next block while this thread finishes one.) Stores and tallies as fill;
 * returns where it stopped.
 */
int32_t finish(uint16_t *g, int32_t base, int32_t start, int32_t end, const struct moves *m, int32_t *rare, int32_t rare_below, int32_t *rare_count_io,
               int32_t rare_capacity, const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain, int32_t bound, int32_t *seen,
               const uint32_t *marks, int32_t words, const int32_t *covered, int32_t stop_at_value, uint32_t *counts) {
  int32_t rare_count = *rare_count_io;
  /* Each class's values as bits (class_bits[0]: is_rare's, [1]: is_odd's), for heaps the marks settle without a scan. */
  static PER_INSTANCE uint32_t class_bits[2][BLOCK_BOUND / 32];
  for (int32_t w = 0; w < words; w++) {
    uint32_t even = 0;
    for (int32_t k = 0; k < 32; k++) even |= (uint32_t)(is_rare[32 * w + k] != 0) << k;
    class_bits[0][w] = even;
    class_bits[1][w] = ~even;
  }
  uint32_t bits[BLOCK_BOUND / 32];
  /* Rare heaps j in [batched_from, batched_to) are marked for every heap of the batch at once (see mark_batch), those of
   * them in wide_left excepted; batch_first is the batch's first heap, or -1. */
  int32_t batch_first = -1, batched_from = 0, batched_to = 0, left_count = 0;
  (void)left_count; /* only batches use it */
#ifdef __wasm_simd128__
  const int batches = bound <= WIDE_BOUND && wide_batches(m, bound);
  const struct split_span span = split_span_of(m);
  const int32_t rows = WIDE_BATCH + span.tmax - span.tmin;
  if (batches) for (int32_t j = 0; j < rare_below; j++) rare_g16[j] = g[rare[j]];
#endif
  for (int32_t n = start; n < end; n++) {
#ifdef __wasm_simd128__
    if (batches && (n - start) % WIDE_BATCH == 0) {
      batch_first = -1;
      int32_t first_rest = n - span.tmax;
      /* Rare r >= WIDE_BATCH pair with partners below n (final) for every heap of the batch; r <= first_rest - base, with
       * partners at or past base (the workers' pairs lie below it) for every rest. */
      if (n + WIDE_BATCH <= end && first_rest - base >= WIDE_BATCH) {
        batched_from = first_rare_at(rare, rare_below, WIDE_BATCH);
        batched_to = first_rare_at(rare, rare_below, first_rest - base + 1);
        if (batched_to - batched_from >= WIDE_MIN_RARE) {
          left_count = mark_batch(g, first_rest, rows, span.unequal, rare, batched_from, batched_to, bound, WIDE_BOUND);
          batch_first = n;
        }
      }
    }
#endif
    const int in_batch = batch_first >= 0;
    const uint32_t *row = marks + (n - start) * words;
    for (int32_t w = 0; w < words; w++) bits[w] = row[w];
#ifdef __wasm_simd128__
    if (in_batch) or_batch_heap(m, n - batch_first, span.tmax, bound, bits);
#endif
    for (int32_t i = 0; i < m->whole_count; i++) if (m->whole_takes[i] == n) bits[0] |= 1;
    for (int32_t i = 0; i < m->single_count; i++) {
      int32_t rest = n - m->single_takes[i];
      if (rest > 0) mark_bit(bits, g[rest]);
    }
    for (int32_t i = 0; i < m->split_count; i++) {
      int32_t rest = n - m->split_takes[i];
      int32_t unequal = m->split_unequal[i];
      /* Those below base whose partner lies at or past it (the workers paired the others), but for the batch's. */
      for (int32_t j = 0; j < rare_below; j++) {
        if (in_batch && j == batched_from) j = batched_to;
        if (j >= rare_below) break;
        int32_t r = rare[j];
        if (r > rest - base || r >= rest) break;
        if (!(unequal && 2 * r == rest)) mark_bit(bits, g[r] ^ g[rest - r]);
      }
#ifdef __wasm_simd128__
      for (int32_t k = 0; in_batch && k < left_count; k++) {
        int32_t r = rare[wide_left[k]];
        if (r <= rest - base && r < rest && !(unequal && 2 * r == rest)) mark_bit(bits, g[r] ^ g[rest - r]);
      }
#endif
      /* Those found since base. */
      for (int32_t j = rare_below; j < rare_count; j++) {
        int32_t r = rare[j];
        if (r >= rest) break;
        if (!(unequal && 2 * r == rest)) mark_bit(bits, g[r] ^ g[rest - r]);
      }
    }
    /* Settled from the bits when every even value below the smallest unmarked odd one is marked (the common case). */
    const uint32_t *even = class_bits[domain >= 0 && ((n - domain) & 1) ? 1 : 0];
    int32_t settled = bound, open_even = 0;
    for (int32_t w = 0; w < words; w++) {
      uint32_t odd_open = ~bits[w] & ~even[w], even_open = ~bits[w] & even[w];
      if (odd_open) {
        settled = 32 * w + __builtin_ctz(odd_open);
        open_even |= (even_open & ((1u << __builtin_ctz(odd_open)) - 1)) != 0;
        break;
      }
      open_even |= even_open != 0;
    }
    if (!open_even) {
      if (keep_wide(g, n, settled, rare, &rare_count, rare_capacity, rare_table(n, is_rare, is_odd, domain), stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
      continue;
    }
    for (int32_t w = 0; w < words; w++)
      for (uint32_t b = bits[w]; b; b &= b - 1) seen[32 * w + __builtin_ctz(b)] = n;
    const uint8_t *rare_values = rare_table(n, is_rare, is_odd, domain);
    int32_t missing;
    int32_t odd_mex = open_values(n, rare_values, bound, seen, 0, &missing);
    int32_t inside_only = covered[n - start] >= odd_mex;
    for (int32_t i = 0; i < m->split_count && missing > 0; i++) {
      int32_t rest = n - m->split_takes[i];
      int32_t last = last_split(rest, m->split_unequal[i]);
      if (inside_only && rest - base < last) last = rest - base;
      missing = scan(g, rest, 1, last, n, odd_mex, seen, missing);
    }
    int32_t v = odd_mex;
    if (missing > 0) {
      v = 0;
      while (!rare_values[v] || seen[v] == n) v++;
    }
    if (keep_wide(g, n, v, rare, &rare_count, rare_capacity, rare_values, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
  }
  *rare_count_io = rare_count;
  return end;
}

/*
 * Compute G(from..to-1); rare heaps found are appended to `rare`, and
 * *rare_count_io becomes their new count. counts[v] (even n) or
 * counts[stop_at_value + v] (odd n) grows by one for each value v stored
 * below stop_at_value (the JS side takes the histograms and the
 * new rare heaps from these, not value by value). Stops early, after storing
 * G(n), when G(n) reaches `stop_at_value` (the JS side must widen its value
 * tables; that value is neither counted nor listed) or the rare list is
 * full; returns the next n to compute. `width` is the bytes per value in g:
 * 1 only with SIMD and bound <= 128.
 */
int32_t fill(uint16_t *g, int32_t from, int32_t to, const struct moves *m, int32_t *rare, int32_t *rare_count_io, int32_t rare_capacity,
             const uint8_t *is_rare, const uint8_t *is_odd, int32_t domain, int32_t bound, int32_t *seen, int32_t stop_at_value, int32_t width,
             uint32_t *counts) {
#ifdef __wasm_simd128__
  if (width == 1)
    return fill_small((uint8_t *)g, INT32_MAX, from, to, m, rare, rare_count_io, rare_capacity, is_rare, is_odd, domain, bound, stop_at_value, counts);
#endif
#ifdef __wasm_simd128__
  if (wide_batches(m, bound))
    return bound <= WIDE_BOUND ? fill_wide(g, from, to, m, rare, rare_count_io, rare_capacity, is_rare, is_odd, domain, bound, seen, stop_at_value, counts, WIDE_BOUND)
                               : fill_wide(g, from, to, m, rare, rare_count_io, rare_capacity, is_rare, is_odd, domain, bound, seen, stop_at_value, counts, DENSE_STRIDE);
#endif
  int32_t rare_count = *rare_count_io;
  for (int32_t n = from; n < to; n++) {
    const uint8_t *rare_values = rare_table(n, is_rare, is_odd, domain);
    int32_t v = value_of(g, n, m, rare, rare_count, rare_count, rare_count, 0, 0, 0, rare_values, bound, seen);
    if (keep_wide(g, n, v, rare, &rare_count, rare_capacity, rare_values, stop_at_value, counts)) return *rare_count_io = rare_count, n + 1;
  }
  *rare_count_io = rare_count;
  return to;
}
