/*
 * Period candidates for the Guy-Smith proof search (periodCandidates in
 * src/core/laws/guy-smith.ts, which stays the reference): the p in
 * [from, to], ascending, for which the last min(p, MATCHED) values repeat p
 * earlier, g[count - i - p] == g[count - i] for i = 1..min(p, MATCHED).
 * Every proof attempt visits every p up to count / 2, so on a record run
 * (.1777: 443 million values, some forty attempts) this loop is the proof's
 * whole cost. With SIMD it tests sixteen p (eight for two-byte values) at
 * once against the last three values, and only the lanes that pass are
 * checked further. Built into wasm/sparse.wasm with the kernel (see
 * build:wasm in package.json), so it reads the values where the kernel wrote
 * them.
 */
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#define MATCHED 8

/* Value i of a table of `width` bytes a value (1 or 2). */
static inline uint32_t value_at(const uint8_t *g, int32_t width, int32_t i) {
  return width == 1 ? g[i] : ((const uint16_t *)g)[i];
}

/* Whether the last min(p, MATCHED) values repeat p earlier. */
static int repeats_at(const uint8_t *g, int32_t width, int32_t count, int32_t p) {
  for (int32_t i = 1; i <= p && i <= MATCHED; i++)
    if (value_at(g, width, count - i - p) != value_at(g, width, count - i)) return 0;
  return 1;
}

/* Candidate p into out; true once out is full. */
static inline int keep(int32_t p, int32_t *out, int32_t *found, int32_t capacity) {
  out[(*found)++] = p;
  return *found == capacity;
}

#ifdef __wasm_simd128__
/*
 * The lanes set in `lanes` that pass the full check, into out: lane l stands
 * for p = top - l, so the highest lane first keeps out ascending. True once
 * out is full.
 */
static int take_lanes(const uint8_t *g, int32_t width, int32_t count, int32_t top, uint32_t lanes, int32_t *out, int32_t *found, int32_t capacity) {
  while (lanes) {
    int32_t l = 31 - __builtin_clz(lanes);
    lanes &= ~(1u << l);
    if (repeats_at(g, width, count, top - l) && keep(top - l, out, found, capacity)) return 1;
  }
  return 0;
}
#endif

/*
 * The candidates p in [from, to] into out (capacity entries at most); returns
 * how many. When out fills, the caller goes on from the last one found + 1.
 * Every value read lies in the table when to <= count / 2.
 */
int32_t repeats(const uint8_t *g, int32_t width, int32_t count, int32_t from, int32_t to, int32_t *out, int32_t capacity) {
  int32_t found = 0, p = from;
  /* p = 1, 2: a window shorter than the three values the lanes test first. */
  for (; p <= to && p < 3; p++)
    if (repeats_at(g, width, count, p) && keep(p, out, &found, capacity)) return found;
#ifdef __wasm_simd128__
  /* Lanes for p .. p + lanes - 1 read g at j = count - 1 - p' and the two values below it (see take_lanes). */
  if (width == 1) {
    const v128_t last = wasm_i8x16_splat((int8_t)g[count - 1]), second = wasm_i8x16_splat((int8_t)g[count - 2]), third = wasm_i8x16_splat((int8_t)g[count - 3]);
    for (; p + 15 <= to && count - 18 - p >= 0; p += 16) {
      const uint8_t *b = g + count - 16 - p;
      v128_t hit = wasm_v128_and(wasm_i8x16_eq(wasm_v128_load(b), last), wasm_v128_and(wasm_i8x16_eq(wasm_v128_load(b - 1), second), wasm_i8x16_eq(wasm_v128_load(b - 2), third)));
      if (wasm_v128_any_true(hit) && take_lanes(g, 1, count, p + 15, wasm_i8x16_bitmask(hit), out, &found, capacity)) return found;
    }
  } else {
    const uint16_t *h = (const uint16_t *)g;
    const v128_t last = wasm_i16x8_splat((int16_t)h[count - 1]), second = wasm_i16x8_splat((int16_t)h[count - 2]), third = wasm_i16x8_splat((int16_t)h[count - 3]);
    for (; p + 7 <= to && count - 10 - p >= 0; p += 8) {
      const uint16_t *b = h + count - 8 - p;
      v128_t hit = wasm_v128_and(wasm_i16x8_eq(wasm_v128_load(b), last), wasm_v128_and(wasm_i16x8_eq(wasm_v128_load(b - 1), second), wasm_i16x8_eq(wasm_v128_load(b - 2), third)));
      if (wasm_v128_any_true(hit) && take_lanes(g, 2, count, p + 7, wasm_i16x8_bitmask(hit), out, &found, capacity)) return found;
    }
  }
#endif
  for (; p <= to; p++)
    if (repeats_at(g, width, count, p) && keep(p, out, &found, capacity)) return found;
  return found;
}
