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
 *   g        uint16 values, G(0..): the module serves games whose values stay below 2^16,
 *            and 2 bytes a value keep twice as many splits in each cache line
 *   rare     int32 rare positions, ascending (count in rare_count)
 *   is_rare  uint8 per value < bound: 1 when the value is in the even class
 *   seen     int32 stamps per value < bound
 */
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* The vector scan looks xors up in a bitmap of the missing values: 4 swizzle tables of 128 bits. */
#define VECTOR_BOUND 512
/* Splits a = 1..IN_ORDER_PREFIX are scanned first, in order: most games' witnesses sit there. */
#define IN_ORDER_PREFIX 256
#define BLOCK 16
#define SCAN_STRIDE 257
#define MAX_SCAN_WINDOW (1 << 14)

struct moves {
  int32_t split_count, single_count, whole_count;
  int32_t split_takes[16], split_unequal[16], single_takes[16], whole_takes[16];
};

static int32_t last_split(int32_t rest, int32_t unequal) {
  return unequal && (rest & 1) == 0 ? (rest >> 1) - 1 : rest >> 1;
}

/* Largest power of two <= count, at most MAX_SCAN_WINDOW (as scanWindow in rare-common.ts). */
static int32_t scan_window(int32_t count) {
  if (count <= 0) return 0;
  int32_t window = 1;
  while (window * 2 <= count && window < MAX_SCAN_WINDOW) window *= 2;
  return window;
}

/* The missing even values below odd_mex, one bit each (values < VECTOR_BOUND). */
static uint8_t wanted[VECTOR_BOUND / 8];

/* One witness x = g[a] ^ g[rest - a]: marks it when it is a missing even value; returns the new count. */
static inline int32_t take(uint32_t x, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  /* Below odd_mex every odd value is marked already, so an unmarked x there is a missing even one. */
  if ((int32_t)x < odd_mex && seen[x] != n) {
    seen[x] = n;
    if (x < VECTOR_BOUND) wanted[x >> 3] &= (uint8_t)~(1u << (x & 7));
    missing--;
  }
  return missing;
}

/*
 * Splits a = from..to of rest (to - from + 1 a multiple of BLOCK, or a scalar
 * tail), in order. With SIMD, sixteen at a time: g[a..a+15] against
 * g[rest-a-15..rest-a] reversed, xored, and looked up in `wanted` by swizzles.
 * Returns how many are still missing.
 */
static int32_t scan_run(const uint16_t *g, int32_t rest, int32_t from, int32_t to, int32_t n, int32_t odd_mex, int32_t *seen,
                        int32_t missing) {
  int32_t a = from;
#ifdef __wasm_simd128__
  if (odd_mex <= VECTOR_BOUND) {
    const v128_t pow2 = wasm_i8x16_const(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const v128_t seven = wasm_i16x8_splat(7);
    const int32_t tables = (odd_mex + 127) >> 7;
    v128_t t0 = wasm_v128_load(wanted), t1 = wasm_v128_load(wanted + 16), t2 = wasm_v128_load(wanted + 32), t3 = wasm_v128_load(wanted + 48);
    for (; a + BLOCK - 1 <= to; a += BLOCK) {
      v128_t high0 = wasm_v128_load(g + rest - a - 7);
      v128_t high1 = wasm_v128_load(g + rest - a - 15);
      v128_t x0 = wasm_v128_xor(wasm_v128_load(g + a), wasm_i16x8_shuffle(high0, high0, 7, 6, 5, 4, 3, 2, 1, 0));
      v128_t x1 = wasm_v128_xor(wasm_v128_load(g + a + 8), wasm_i16x8_shuffle(high1, high1, 7, 6, 5, 4, 3, 2, 1, 0));
      /* byte index x >> 3 saturates to 255 for large x: out of every table's range, so no hit. */
      v128_t index = wasm_u8x16_narrow_i16x8(wasm_u16x8_shr(x0, 3), wasm_u16x8_shr(x1, 3));
      v128_t bit = wasm_i8x16_swizzle(pow2, wasm_u8x16_narrow_i16x8(wasm_v128_and(x0, seven), wasm_v128_and(x1, seven)));
      v128_t bytes = wasm_i8x16_swizzle(t0, index);
      if (tables > 1) {
        bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(t1, wasm_i8x16_sub(index, wasm_i8x16_splat(16))));
        if (tables > 2) {
          bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(t2, wasm_i8x16_sub(index, wasm_i8x16_splat(32))));
          bytes = wasm_v128_or(bytes, wasm_i8x16_swizzle(t3, wasm_i8x16_sub(index, wasm_i8x16_splat(48))));
        }
      }
      if (!wasm_v128_any_true(wasm_v128_and(bytes, bit))) continue;
      for (int32_t j = 0; j < BLOCK; j++) missing = take((uint32_t)g[a + j] ^ g[rest - a - j], n, odd_mex, seen, missing);
      if (missing == 0) return 0;
      t0 = wasm_v128_load(wanted), t1 = wasm_v128_load(wanted + 16), t2 = wasm_v128_load(wanted + 32), t3 = wasm_v128_load(wanted + 48);
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
 * The witness scan of one split take, every a = 1..last once: first the
 * IN_ORDER_PREFIX smallest (0.354's witnesses all sit there), then blocks of
 * BLOCK splits of a power-of-two window in a stride of SCAN_STRIDE blocks
 * (neighbouring splits have correlated values: Officers needs fewer steps
 * spread out), then the rest in order. scanOrder in rare-common.ts is the same.
 */
static int32_t scan(const uint16_t *g, int32_t rest, int32_t last, int32_t n, int32_t odd_mex, int32_t *seen, int32_t missing) {
  int32_t prefix = last < IN_ORDER_PREFIX ? last : IN_ORDER_PREFIX;
  missing = scan_run(g, rest, 1, prefix, n, odd_mex, seen, missing);
  if (missing == 0) return 0;
  int32_t window = scan_window(last);
  int32_t done = prefix;
  if (window > IN_ORDER_PREFIX) {
    int32_t blocks = window / BLOCK;
    for (int32_t j = 0; j < blocks; j++) {
      int32_t b = (j * SCAN_STRIDE) & (blocks - 1);
      if (b < IN_ORDER_PREFIX / BLOCK) continue;
      missing = scan_run(g, rest, 1 + b * BLOCK, b * BLOCK + BLOCK, n, odd_mex, seen, missing);
      if (missing == 0) return 0;
    }
    done = window;
  }
  return scan_run(g, rest, done + 1, last, n, odd_mex, seen, missing);
}

static int32_t value_of(const uint16_t *g, int32_t n, const struct moves *m, const int32_t *rare, int32_t rare_count,
                        const uint8_t *is_rare, int32_t bound, int32_t *seen) {
  for (int32_t i = 0; i < m->whole_count; i++) if (m->whole_takes[i] == n) seen[0] = n;
  for (int32_t i = 0; i < m->single_count; i++) {
    int32_t rest = n - m->single_takes[i];
    if (rest > 0) seen[g[rest]] = n;
  }
  for (int32_t i = 0; i < m->split_count; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t unequal = m->split_unequal[i];
    for (int32_t j = 0; j < rare_count; j++) {
      int32_t r = rare[j];
      if (r >= rest) break;
      if (unequal && 2 * r == rest) continue;
      seen[g[r] ^ g[rest - r]] = n;
    }
  }
  /* One pass up to the smallest unmarked odd value (0 is even, so it starts the even class),
   * noting the unmarked even values below it: the ones the scan must find. */
  int32_t odd_mex = bound;
  int32_t missing = 0;
  for (int32_t i = 0; i < VECTOR_BOUND / 8; i++) wanted[i] = 0;
  for (int32_t v = 0; v < bound; v++) {
    if (seen[v] == n) continue;
    if (!is_rare[v]) {
      odd_mex = v;
      break;
    }
    missing++;
    if (v < VECTOR_BOUND) wanted[v >> 3] |= (uint8_t)(1u << (v & 7));
  }
  for (int32_t i = 0; i < m->split_count && missing > 0; i++) {
    int32_t rest = n - m->split_takes[i];
    missing = scan(g, rest, last_split(rest, m->split_unequal[i]), n, odd_mex, seen, missing);
  }
  if (missing == 0) return odd_mex;
  int32_t v = 0;
  while (!is_rare[v] || seen[v] == n) v++;
  return v;
}

/*
 * Compute G(from..to-1); rare heaps found are appended to `rare` (a scratch
 * copy: the JS side records every value itself afterwards). Stops early, after
 * storing G(n), when G(n) reaches `stop_at_value` (the JS side must widen its
 * value tables) or the rare list is full; returns the next n to compute.
 */
int32_t fill(uint16_t *g, int32_t from, int32_t to, const struct moves *m, int32_t *rare, int32_t rare_count, int32_t rare_capacity,
             const uint8_t *is_rare, int32_t bound, int32_t *seen, int32_t stop_at_value) {
  for (int32_t n = from; n < to; n++) {
    int32_t v = value_of(g, n, m, rare, rare_count, is_rare, bound, seen);
    g[n] = (uint16_t)v;
    if (v >= stop_at_value) return n + 1;
    if (n > 0 && is_rare[v]) {
      rare[rare_count++] = n;
      if (rare_count == rare_capacity) return n + 1;
    }
  }
  return to;
}
