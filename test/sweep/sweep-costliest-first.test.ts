/**
 * A sweep's first looks: every rule is first computed up to a small heap;
 * those that would go further are deferred and run whole later, the
 * costliest first. The rows must not change (same bytes, family order), and
 * the long rules must really start first.
 */
import { describe, expect, it } from 'vitest';
import { CostliestFirst } from '../../src/sweep/costliest-first.js';
import { runSweep, workLeftSeconds, type SweepWork } from '../../src/sweep/sweep.js';
import { SweepPool, type Batch, type BatchResult } from '../../src/sweep/pool.js';
import { familySize, indexedRules, type Family } from '../../src/sweep/family.js';
import { handleSweepTask } from '../../src/sweep/task.js';
import { runRule } from '../../src/sweep/run-rule.js';
import { parseCode } from '../../src/core/rules/code.js';
import { mulberry32 } from '../helpers/random.js';
import { longTest } from '../helpers/long.js';

describe('CostliestFirst', () => {
  it('gives items by cost, highest first, the lower index on a tie, with pushes between takes', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 200; round++) {
      const queue = new CostliestFirst<{ cost: number; index: number }>();
      const model: { cost: number; index: number }[] = [];
      for (let step = 0; step < 60; step++) {
        if (random() < 0.6) {
          const item = { cost: Math.floor(random() * 8), index: Math.floor(random() * 1000) };
          queue.push(item);
          model.push(item);
        } else {
          model.sort((a, b) => b.cost - a.cost || a.index - b.index);
          expect(queue.take()).toEqual(model.shift());
        }
        expect(queue.size).toBe(model.length);
      }
    }
  });
});

/** The rows of one family index as a line: what a stand-in worker answers. */
const lineOf = (index: number) => `${JSON.stringify({ index })}\n`;

describe('runSweep with first looks (a stand-in pool)', () => {
  /**
   * A pool of `threads` threads over rules 0..n-1. A first look defers the
   * rules in `costs` (with those costs); a whole run of one takes `costs`
   * turns of the event loop. Records each whole run's start and how many
   * whole runs were running then.
   */
  const sweepWith = async (threads: number, n: number, costs: ReadonlyMap<number, number>) => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    let firstLooksSent = 0;
    const firstLooksBeforeWhole: number[] = [];
    const pool = {
      threads,
      runBatch: async (batch: Batch, _limit: unknown, _format: unknown, pauseAt?: number): Promise<BatchResult> => {
        if (batch.kind !== 'range') throw new Error('a family goes in ranges');
        const indices = Array.from({ length: batch.to - batch.from }, (_, i) => batch.from + i);
        if (pauseAt !== undefined) {
          firstLooksSent++;
          await new Promise((resolve) => setImmediate(resolve));
          let text = '';
          const deferred = [];
          for (const i of indices) {
            if (costs.has(i)) deferred.push({ index: i, cost: costs.get(i)!, offset: Buffer.byteLength(text), values: new Uint16Array([i, 7]) });
            else text += lineOf(i);
          }
          return { lines: Buffer.from(text), count: indices.length - deferred.length, failed: 0, firstFailure: null, milliseconds: 1, deferred };
        }
        expect(indices).toHaveLength(1);
        // The whole run goes on from the values its first look sent.
        expect([...(batch.resume ?? [])]).toEqual([indices[0], 7]);
        started.push(indices[0]!);
        firstLooksBeforeWhole.push(firstLooksSent);
        most = Math.max(most, ++running);
        for (let turn = 0; turn < costs.get(indices[0]!)!; turn++) await new Promise((resolve) => setImmediate(resolve));
        running--;
        return { lines: Buffer.from(lineOf(indices[0]!)), count: 1, failed: 0, firstFailure: null, milliseconds: 1, deferred: [] };
      },
    } as unknown as SweepPool;
    const family: Family = { kind: 'subtraction', size: { from: 1, to: 1 }, maxMove: n };
    const chunks: Uint8Array[] = [];
    const guesses: { done: number; seconds: number | undefined; firstLooksOut: number }[] = [];
    const outcome = await runSweep({
      pool,
      work: { kind: 'family', family },
      total: n,
      output: { as: 'jsonl', onLines: (lines) => void chunks.push(lines) },
      onProgress: (done, _total, seconds) => guesses.push({ done, seconds, firstLooksOut: firstLooksSent }),
    });
    return { text: Buffer.concat(chunks).toString(), started, most, outcome, firstLooksBeforeWhole, firstLooksSent, guesses };
  };

  it('puts each deferred row in its place, and runs the deferred rules costliest first, one a free thread', async () => {
    const random = mulberry32(11);
    for (let round = 0; round < 20; round++) {
      const n = 50 + Math.floor(random() * 300);
      const threads = 1 + Math.floor(random() * 4);
      const costs = new Map<number, number>();
      for (let i = 0; i < n; i++) if (random() < 0.1) costs.set(i, 1 + Math.floor(random() * 20));
      const { text, started, most, outcome } = await sweepWith(threads, n, costs);
      expect(text).toBe(Array.from({ length: n }, (_, i) => lineOf(i)).join(''));
      expect(outcome.rows).toBe(n);
      expect(started.sort((a, b) => a - b)).toEqual([...costs.keys()].sort((a, b) => a - b));
      expect(most).toBeLessThanOrEqual(threads);
    }
  });

  it('a family that fits the window: every first look is sent before the first whole run, which is the costliest', async () => {
    const costs = new Map([
      [3, 2],
      [40, 9],
      [41, 5],
      [77, 30],
      [120, 1],
    ]);
    const { started, firstLooksBeforeWhole, firstLooksSent, guesses } = await sweepWith(2, 150, costs);
    expect(started).toEqual([77, 40, 41, 3, 120]);
    expect(firstLooksBeforeWhole[0]).toBe(firstLooksSent);
    // No guess at the time left before the first looks have seen enough rules (5% of them, 2 a thread).
    expect(guesses[0]!.seconds).toBeUndefined();
    // ... and one before every first look is back: the rules not looked at yet at the average cost so far.
    expect(guesses.some((g) => g.seconds !== undefined && g.done < 145)).toBe(true);
    // Once every first look is back (145 rows done, the 5 deferred left), the guess is the deferred rules'
    // costs (milliseconds): 77 (30) and 40 (9) run, 41, 3 and 120 wait, 47 ms of work on 2 threads, the
    // longest 30 ms: 0.03 s at most, less what has run (by the clock: on a loaded machine the running rules' part
    // may be gone), and never less than the waiting rules' own part, max(5, 8 / 2) ms.
    const last = guesses.filter((g) => g.done >= 145).map((g) => g.seconds);
    expect(last[0]).toBeGreaterThanOrEqual(0.005);
    expect(last.every((s) => s !== undefined && s >= 0 && s <= 0.03)).toBe(true);
    expect(guesses.at(-1)!.done).toBe(150);
  });

  it('workLeftSeconds: the work spread over the threads, or the longest rule when that is more', () => {
    expect(workLeftSeconds(0, 0, [], 4)).toBe(0);
    expect(workLeftSeconds(8000, 4000, [2000], 2)).toBe(5);
    expect(workLeftSeconds(3000, 1000, [9000], 4)).toBe(9);
    expect(workLeftSeconds(1000, 1000, [], 16)).toBe(1);
  });
});

describe('first looks on the real worker pool', () => {
  it('runRule with pauseAt: rules finished below it give their own row; the others are deferred with a cost', () => {
    const job = (code: string, pauseAt?: number) => ({ index: 0, rule: { kind: 'take-and-break' as const, code: parseCode(code) }, limit: 2 ** 13, pauseAt });
    // 0.07 (Dawson's Kayles) is proven long before 1,024 values; 0.6 is not.
    expect(runRule(job('0.07', 1024))).toEqual(runRule(job('0.07')));
    const paused = runRule(job('0.6', 1024));
    expect('rule' in paused).toBe(false);
    expect((paused as { cost: number }).cost).toBeGreaterThan(0);
  });

  longTest('a whole run going on from its first look gives the row a run from heap 0 gives, on random codes [long]', () => {
    const random = mulberry32(24);
    let deferred = 0;
    for (let k = 0; k < 80; k++) {
      const digits = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * 8));
      digits[digits.length - 1] ||= 1 + Math.floor(random() * 7);
      const code = `0.${digits.join('')}`;
      const pauseAt = [64, 256, 1024, 4096][Math.floor(random() * 4)]!;
      const job = { index: k, rule: { kind: 'take-and-break' as const, code: parseCode(code) }, limit: 2 ** 14 };
      const plain = runRule(job);
      const look = runRule({ ...job, pauseAt });
      if ('rule' in look) {
        expect(look, code).toEqual(plain);
        continue;
      }
      deferred++;
      expect(look.values.length, code).toBeGreaterThanOrEqual(pauseAt);
      expect(runRule({ ...job, resume: look.values }), `${code} from ${pauseAt}`).toEqual(plain);
    }
    expect(deferred).toBeGreaterThan(10);
  });

  it('the whole run attempts where a run from heap 0 would, off the standard sequence too (0.165 to 2^14, paused at 4,096)', () => {
    // 0.165's attempts leave 64, 128, ... where a seen cycle comes due; from heap 0 it stops at 16,372.
    // Going on with the standard sequence instead, it would stop at 16,384: another row. The resumed run replays its attempts.
    const job = { index: 0, rule: { kind: 'take-and-break' as const, code: parseCode('0.165') }, limit: 2 ** 14 };
    const plain = runRule(job);
    expect(plain.computed).toBe(16_372);
    const look = runRule({ ...job, pauseAt: 4096 });
    if ('rule' in look) throw new Error('0.165 should be deferred at 4,096');
    expect(runRule({ ...job, resume: look.values })).toEqual(plain);
  });

  longTest('rows are byte for byte those of a sweep without first looks, with 1 and 3 threads, in JSON lines and CSV [long]', async () => {
    // 2-digit codes to 2^13 values: with first looks of 256 heaps many are deferred.
    const family: Family = { kind: 'octal', digits: { from: 1, to: 2 }, prefix: 0 };
    const total = Number(familySize(family));
    const work: SweepWork = { kind: 'family', family };
    const deferredSeen: number[] = [];
    for (const format of ['jsonl', 'csv'] as const) {
      const texts: string[] = [];
      for (const [threads, firstLookHeaps] of [
        [1, null],
        [1, 256],
        [3, 256],
      ] as const) {
        const pool = await SweepPool.start({ threads });
        try {
          const chunks: Uint8Array[] = [];
          await runSweep({ pool, work, total, limit: 2 ** 13, firstLookHeaps, output: { as: format, onLines: (lines) => void chunks.push(lines) } });
          texts.push(Buffer.concat(chunks).toString());
        } finally {
          await pool.close();
        }
      }
      expect(texts[1]).toBe(texts[0]);
      expect(texts[2]).toBe(texts[0]);
      // The same rules listed one by one (a --rules file's path): a deferred rule is found in its batch by index.
      const pool = await SweepPool.start({ threads: 2 });
      try {
        const chunks: Uint8Array[] = [];
        const listed: SweepWork = { kind: 'rules', rules: indexedRules(family) };
        await runSweep({ pool, work: listed, total, limit: 2 ** 13, firstLookHeaps: 256, output: { as: format, onLines: (lines) => void chunks.push(lines) } });
        expect(Buffer.concat(chunks).toString()).toBe(texts[0]);
      } finally {
        await pool.close();
      }
    }
    // The worker itself defers some of these codes at 256 heaps, and finishes the rest.
    const answer = handleSweepTask({ type: 'range', range: { family, from: 0, to: total, shard: null }, limit: 2 ** 13, format: 'jsonl', pauseAt: 256 });
    if (answer.type !== 'done') throw new Error('expected rows');
    for (const d of answer.deferred) deferredSeen.push(d.index);
    expect(deferredSeen.length).toBeGreaterThan(5);
    expect(answer.count + answer.deferred.length).toBe(total);
  });
});
