/*
 * The rare/common kernel's inner loop (src/engine/sparse-space.ts, sparseValue)
 * for WebAssembly: the same steps in the same order, so the same values. Built
 * with `npm run build:wasm` (clang, wasm32); the .wasm file is committed, so
 * users and CI need no C compiler. The TypeScript kernel stays the reference.
 *
 * All arrays live in this module's memory at offsets the JS side chooses:
 *   g        uint32 values, G(0..)
 *   rare     int32 rare positions, ascending (count in *rare_count)
 *   is_rare  uint8 per value < bound: 1 when the value is in the even class
 *   seen     int32 stamps per value < bound
 */
#include <stdint.h>

#define SCAN_STRIDE 257
#define MAX_SCAN_WINDOW (1 << 14)

struct moves {
  int32_t split_count, single_count, whole_count;
  int32_t split_takes[16], split_unequal[16], single_takes[16], whole_takes[16];
};

static int32_t last_split(int32_t rest, int32_t unequal) {
  return unequal && (rest & 1) == 0 ? (rest >> 1) - 1 : rest >> 1;
}

static int32_t scan_window(int32_t first, int32_t last) {
  int32_t count = last - first + 1;
  if (count <= 0) return 0;
  int32_t window = 1;
  while (window * 2 <= count && window < MAX_SCAN_WINDOW) window *= 2;
  return window;
}

static int32_t value_of(const uint32_t *g, int32_t n, const struct moves *m, const int32_t *rare, int32_t rare_count,
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
  int32_t odd_mex = 1;
  while (odd_mex < bound && (is_rare[odd_mex] || seen[odd_mex] == n)) odd_mex++;
  int32_t missing = 0;
  for (int32_t v = 0; v < odd_mex; v++) if (is_rare[v] && seen[v] != n) missing++;
  for (int32_t i = 0; i < m->split_count && missing > 0; i++) {
    int32_t rest = n - m->split_takes[i];
    int32_t last = last_split(rest, m->split_unequal[i]);
    int32_t window = scan_window(1, last);
    for (int32_t k = 0; k < last; k++) {
      int32_t a = k < window ? 1 + ((k * SCAN_STRIDE) & (window - 1)) : 1 + k;
      uint32_t x = g[a] ^ g[rest - a];
      if (seen[x] != n) {
        seen[x] = n;
        if ((int32_t)x < odd_mex && --missing == 0) break;
      }
    }
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
int32_t fill(uint32_t *g, int32_t from, int32_t to, const struct moves *m, int32_t *rare, int32_t rare_count, int32_t rare_capacity,
             const uint8_t *is_rare, int32_t bound, int32_t *seen, int32_t stop_at_value) {
  for (int32_t n = from; n < to; n++) {
    int32_t v = value_of(g, n, m, rare, rare_count, is_rare, bound, seen);
    g[n] = (uint32_t)v;
    if (v >= stop_at_value) return n + 1;
    if (n > 0 && is_rare[v]) {
      rare[rare_count++] = n;
      if (rare_count == rare_capacity) return n + 1;
    }
  }
  return to;
}
