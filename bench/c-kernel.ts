/**
 * The subtraction-game fill loop in C, for the JS/C comparison. The bench
 * writes this source to a temp dir, compiles it with `gcc -O3` and runs it
 * with the same moves and N as the JS kernel. The C program times only its
 * fill loop (clock_gettime, CLOCK_MONOTONIC) and prints a checksum of the
 * table computed the same way as bench/measure.ts `checksum`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Checksum } from './measure.js';

export const C_FLAGS = ['-O3'] as const;

/*
 * The natural loop: for each n, OR 1 << g[n-s] over s in S, mex = lowest clear
 * bit. Values never exceed |S|, so |S| < 32 uses a 32-bit mask and __builtin_ctz,
 * |S| < 64 a 64-bit mask and __builtin_ctzll. The head n < max(S), where only
 * the moves s <= n apply, is a separate loop (moves are sorted ascending).
 *
 * Usage: kernel N MAX_RUNS BUDGET_SECONDS s1 s2 ... sm
 * Output: "run <seconds>" per run, then "checksum <sum> <hash>".
 */
export const C_SOURCE = String.raw`#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FILL(MASK_T, CTZ)                                              \
  static void fill_##MASK_T(uint8_t *g, const long *s, int m, long N) { \
    long k = s[m - 1];                                                  \
    long head = k < N ? k : N;                                          \
    for (long n = 0; n < head; n++) {                                   \
      MASK_T mask = 0;                                                  \
      for (int i = 0; i < m && s[i] <= n; i++)                          \
        mask |= (MASK_T)1 << g[n - s[i]];                               \
      g[n] = (uint8_t)CTZ(~mask);                                       \
    }                                                                   \
    for (long n = head; n < N; n++) {                                   \
      MASK_T mask = 0;                                                  \
      for (int i = 0; i < m; i++) mask |= (MASK_T)1 << g[n - s[i]];     \
      g[n] = (uint8_t)CTZ(~mask);                                       \
    }                                                                   \
  }

FILL(uint32_t, __builtin_ctz)
FILL(uint64_t, __builtin_ctzll)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: kernel N MAX_RUNS BUDGET_SECONDS s1 ... sm\n"); return 2; }
  long N = atol(argv[1]);
  int maxRuns = atoi(argv[2]);
  double budget = atof(argv[3]);
  int m = argc - 4;
  if (m >= 64) { fprintf(stderr, "at most 63 moves\n"); return 2; }
  long *s = malloc(sizeof(long) * (size_t)m);
  for (int i = 0; i < m; i++) s[i] = atol(argv[4 + i]);
  uint8_t *g = malloc((size_t)N);
  if (!s || !g) { fprintf(stderr, "out of memory\n"); return 1; }
  double spent = 0;
  for (int r = 0; r < maxRuns && (r == 0 || spent < budget); r++) {
    memset(g, 0, (size_t)N); /* same as the JS side: a zeroed, resident table */
    double t0 = now();
    if (m < 32) fill_uint32_t(g, s, m, N);
    else fill_uint64_t(g, s, m, N);
    double t1 = now();
    printf("run %.9f\n", t1 - t0);
    spent += t1 - t0;
  }
  uint32_t sum = 0, hash = 0;
  for (long n = 0; n < N; n++) { sum += g[n]; hash = hash * 31u + g[n]; }
  printf("checksum %u %u\n", sum, hash);
  free(g);
  free(s);
  return 0;
}
`;

export interface CCompiler {
  readonly version: string;
  readonly binary: string;
  /** Remove the temp dir. */
  dispose(): void;
}

/** Compile the kernel with gcc, or say why it could not be done. */
export function compileCKernel(): CCompiler | { readonly skipped: string } {
  const probe = spawnSync('gcc', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return { skipped: `gcc not found (${probe.error?.message ?? `exit ${probe.status}`})` };
  }
  const version = probe.stdout.split('\n')[0]!.trim();
  const dir = mkdtempSync(join(tmpdir(), 'sg-explore-bench-'));
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  const source = join(dir, 'kernel.c');
  const binary = join(dir, 'kernel');
  writeFileSync(source, C_SOURCE);
  const cc = spawnSync('gcc', [...C_FLAGS, '-o', binary, source], { encoding: 'utf8' });
  if (cc.error || cc.status !== 0) {
    dispose();
    return { skipped: `gcc ${C_FLAGS.join(' ')} failed: ${(cc.stderr || cc.error?.message || '').trim()}` };
  }
  return { version, binary, dispose };
}

export interface CResult {
  readonly runs: number[];
  readonly checksum: Checksum;
}

export function runCKernel(binary: string, moves: readonly number[], n: number, maxRuns: number, budgetSeconds: number): CResult {
  const args = [String(n), String(maxRuns), String(budgetSeconds), ...moves.map(String)];
  const child = spawnSync(binary, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.error || child.status !== 0) {
    throw new Error(`C kernel failed: ${(child.stderr || child.error?.message || `exit ${child.status}`).trim()}`);
  }
  const runs: number[] = [];
  let checksum: Checksum | undefined;
  for (const line of child.stdout.split('\n')) {
    const [word, a, b] = line.trim().split(/\s+/);
    if (word === 'run') runs.push(Number(a));
    else if (word === 'checksum') checksum = { sum: Number(a), hash: Number(b) };
  }
  if (runs.length === 0 || checksum === undefined) throw new Error(`C kernel printed nothing usable: ${child.stdout}`);
  return { runs, checksum };
}
