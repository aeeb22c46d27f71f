/**
 * The rare/common kernel in native C, for the take-and-break targets: the
 * scalar path of wasm/sparse.c (the same loop, without SIMD) under a driver
 * that keeps the value histogram, re-chooses the mask at each doubling as
 * RareCommonSplit.review does, and keeps the rare list. Compiled with
 * `gcc -O3` into a temp dir; prints its fill time and a Fletcher-32 checksum
 * of G(0..N-1) (fletcher32 below), so the bench can check the values agree.
 *
 * Usage: sparse N SPLITS UNEQUALS SINGLES WHOLES (comma-separated takes, '-' for none)
 * Output: "seconds <s>" and "checksum <hex>", or "stopped <n>" if values reach 2^15.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twoHeapMoves } from '../src/core/kinds/take-and-break/rare-common.js';
import { parseCode } from '../src/core/rules/code.js';

const DRIVER = String.raw`
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLE (1 << 16)
#define MAX_BOUND (1 << 15)
#define MAX_MASK_SEARCH (1 << 10)

static int list(const char *s, int32_t *out) {
  int k = 0;
  if (s[0] == '-') return 0;
  for (const char *p = s; *p; p++) { out[k++] = (int32_t)strtol(p, (char **)&p, 10); if (!*p) break; }
  return k;
}
static int parity(uint32_t x) { return __builtin_parity(x); }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }

int main(int argc, char **argv) {
  if (argc < 6) return 2;
  int32_t N = atoi(argv[1]);
  static struct moves m;
  m.split_count = list(argv[2], m.split_takes);
  list(argv[3], m.split_unequal);
  m.single_count = list(argv[4], m.single_takes);
  m.whole_count = list(argv[5], m.whole_takes);
  uint16_t *g = calloc((size_t)N + 16, 2);
  int32_t *rare = malloc(sizeof(int32_t) * (size_t)N);
  static uint8_t is_rare[TABLE];
  static int32_t seen[TABLE];
  static double histogram[TABLE];
  static uint32_t counts[2 * TABLE];
  memset(seen, -1, sizeof seen);
  int32_t mask = 0, bound = 2, largest = 0, rare_count = 0, next_review = 64;
  for (int32_t v = 0; v < TABLE; v++) is_rare[v] = !parity((uint32_t)(v & mask));
  double t0 = now();
  for (int32_t n = 0; n < N;) {
    if (n >= next_review) {
      /* The mask with fewest rare heaps so far (ties keep the current one), as RareCommonSplit.review. */
      int32_t best = mask;
      if (bound <= MAX_MASK_SEARCH) {
        double best_rare = -1;
        for (int32_t k = -1; k < bound; k++) {
          int32_t candidate = k < 0 ? mask : k;
          if (k == 0) continue;
          double r = 0;
          for (int32_t v = 0; v < bound; v++) if (!parity((uint32_t)(v & candidate))) r += histogram[v];
          if (best_rare < 0 || r < best_rare) { best = candidate; best_rare = r; }
        }
      }
      if (best != mask) {
        mask = best;
        for (int32_t v = 0; v < TABLE; v++) is_rare[v] = !parity((uint32_t)(v & mask));
        rare_count = 0;
        for (int32_t i = 1; i < n; i++) if (is_rare[g[i]]) rare[rare_count++] = i;
      }
      next_review = n * 2;
    }
    int32_t end = N < next_review ? N : next_review;
    memset(counts, 0, 2 * sizeof(uint32_t) * (size_t)bound);
    /* The range space only (domain -1): even and odd heaps' counts are added together. */
    int32_t stop = fill(g, n, end, &m, rare, &rare_count, N, is_rare, is_rare, -1, bound, seen, bound, 2, counts);
    /* The histogram from fill's counts, as WasmSparse.fill does; a value that stopped fill (>= bound) is taken in alone. */
    for (int32_t v = 0; v < bound; v++) if (counts[v] + counts[bound + v]) { histogram[v] += counts[v] + counts[bound + v]; if (v > largest) largest = v; }
    n = stop;
    int32_t v = g[stop - 1];
    if (v >= bound) {
      largest = v;
      while (bound <= v) bound *= 2;
      if (bound > MAX_BOUND) { printf("stopped %d\n", stop - 1); return 0; }
      histogram[v]++;
      if (is_rare[v]) rare[rare_count++] = stop - 1;
    }
  }
  double t1 = now();
  uint16_t a = 0, b = 0;
  for (int32_t n = 0; n < N; n++) { a = (uint16_t)(a + g[n]); b = (uint16_t)(b + a); }
  printf("seconds %.6f\nchecksum %X\n", t1 - t0, ((uint32_t)b << 16) | a);
  return 0;
}
`;

/** Fletcher-32 over 16-bit values (the checksum the C reference prints). */
export function fletcher32(g: ArrayLike<number>, count: number): string {
  let a = 0;
  let b = 0;
  for (let n = 0; n < count; n++) {
    a = (a + g[n]!) & 0xffff;
    b = (b + a) & 0xffff;
  }
  return ((b * 65536 + a) >>> 0).toString(16).toUpperCase();
}

export interface CSparse {
  readonly binary: string;
  dispose(): void;
}

export function compileCSparse(): CSparse | { readonly skipped: string } {
  const kernel = readFileSync(fileURLToPath(new URL('../../wasm/sparse.c', import.meta.url)), 'utf8');
  const dir = mkdtempSync(join(tmpdir(), 'sg-explore-sparse-'));
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  const source = join(dir, 'sparse.c');
  const binary = join(dir, 'sparse');
  writeFileSync(source, kernel + DRIVER);
  const cc = spawnSync('gcc', ['-O3', '-o', binary, source], { encoding: 'utf8' });
  if (cc.error || cc.status !== 0) {
    dispose();
    return { skipped: `gcc -O3 failed: ${(cc.stderr || cc.error?.message || '').trim()}` };
  }
  return { binary, dispose };
}

export function runCSparse(binary: string, code: string, n: number): { seconds: number; checksum: string } | { stopped: number } {
  const moves = twoHeapMoves(parseCode(code));
  const arg = (takes: number[]): string => (takes.length ? takes.join(',') : '-');
  const child = spawnSync(binary, [String(n), arg(moves.splitTakes), arg(moves.splitUnequal), arg(moves.singleTakes), arg(moves.wholeTakes)], { encoding: 'utf8' });
  if (child.error || child.status !== 0) throw new Error(`C reference failed: ${(child.stderr || child.error?.message || `exit ${child.status}`).trim()}`);
  const words = new Map(child.stdout.trim().split('\n').map((line) => line.split(' ') as [string, string]));
  if (words.has('stopped')) return { stopped: Number(words.get('stopped')) };
  return { seconds: Number(words.get('seconds')), checksum: words.get('checksum')! };
}
