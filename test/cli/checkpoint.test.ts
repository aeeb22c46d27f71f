import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckpoint, saveCheckpoint } from '../../src/host/checkpoint.js';
import { InputError } from '../../src/core/errors.js';
import { explore, exploreAsync, type HeapRequest as ExploreRequest } from '../../src/core/analyse.js';
import type { Exploration } from '../../src/core/heap/explore.js';
import type { ValueArray } from '../../src/core/kernels/store.js';
import { parseCode } from '../../src/core/rules/code.js';
import { ruleText, type GameSpec } from '../../src/core/kinds/registry.js';
import { presetGame } from '../../src/core/presets.js';
import { int, mulberry32 } from '../helpers/random.js';
import { allBut, subtraction } from '../helpers/rules.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { expectBadInput, runCli, stderrMessages, type CliRun } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

/**
 * Checkpoints: the file format (round trip, wrong rule, damage, atomic
 * saves), resuming a computation in the library from a prefix of its values,
 * and the CLI's clean stop on SIGINT/SIGTERM followed by --resume, which must
 * give a byte-identical output file.
 */
const freshDir = scratchDirectories('checkpoint').fresh;

const game = (text: string): GameSpec => ({ rule: { kind: 'take-and-break', code: parseCode(text) } });

/** The first n where two value lists differ, or -1. */
function firstDifference(got: ArrayLike<number>, want: ArrayLike<number>, count: number): number {
  for (let n = 0; n < count; n++) if (got[n] !== want[n]) return n;
  return -1;
}

function expectSameValues(got: ArrayLike<number>, want: ArrayLike<number>, what: string): void {
  expect(got.length, `${what}: how many values`).toBe(want.length);
  const n = firstDifference(got, want, want.length);
  expect(n, `${what}: first difference at n = ${n}: got ${got[n]}, want ${want[n]}`).toBe(-1);
}

/** Everything an exploration reports, with the values as a plain array. */
function summary(x: Exploration) {
  return {
    rule: x.rule,
    max: x.max,
    computed: x.computed,
    pattern: x.pattern,
    noTheorem: x.noTheorem,
    maxValue: x.maxValue,
    pPositions: x.pPositions,
  };
}

function expectSameExploration(got: Exploration, want: Exploration, what: string): void {
  expect(summary(got), what).toEqual(summary(want));
  expectSameValues(got.values, want.values, what);
  // Past the computed values too, where a proven cycle answers.
  for (const n of [0n, want.max, want.max + 1000n, 10n ** 12n]) {
    if (n > want.max && !(want.pattern.kind !== 'none' && want.pattern.proof)) continue; // only a proof reaches past the values
    expect(got.valueAt(n), `${what}: G(${n})`).toBe(want.valueAt(n));
  }
}

describe('checkpoint files', () => {
  const random = mulberry32(0xc0ffee);
  const fill = <T extends ValueArray>(values: T, largest: number): T => {
    for (let i = 0; i < values.length; i++) values[i] = int(random, 0, largest);
    values[values.length >> 1] = largest; // the widest value survives too
    return values;
  };

  it.each([
    ['Uint8Array', () => fill(new Uint8Array(10_007), 0xff)],
    ['Uint16Array', () => fill(new Uint16Array(5_003), 0xffff)],
    ['Uint32Array', () => fill(new Uint32Array(3_001), 0xffffffff)],
    ['an empty Uint8Array', () => new Uint8Array(0)],
    // What the pooled kernel's store holds: a view at offset 0 of a longer SharedArrayBuffer.
    ['a Uint16Array view of a SharedArrayBuffer', () => fill(new Uint16Array(new SharedArrayBuffer(2 * 4096)), 0xffff).subarray(0, 3000)],
    ['a Uint32Array view at an offset', () => fill(new Uint32Array(400), 0xffffffff).subarray(17, 301)],
  ] as const)('round trip: %s', (_, make) => {
    const values = make();
    const path = join(freshDir('round-trip'), 'values.ckpt');
    saveCheckpoint(path, 'octal 0.6', values);
    const loaded = loadCheckpoint(path, 'octal 0.6');
    expect(loaded.constructor).toBe(values.constructor);
    expectSameValues(loaded, values, 'loaded values');
    expect(loaded.buffer).toBeInstanceOf(ArrayBuffer); // a private copy, not a view of the file buffer
  });

  it('a checkpoint for another rule is refused, naming both rules', () => {
    const path = join(freshDir('other-rule'), 'kayles.ckpt');
    saveCheckpoint(path, 'octal 0.77', new Uint8Array([0, 1, 2, 3, 1, 4]));
    let error: unknown;
    try {
      loadCheckpoint(path, 'octal 0.6');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toContain("'octal 0.77'");
    expect((error as Error).message).toContain("'octal 0.6'");
    expect((error as Error).message).toContain(path);
  });

  describe('a damaged file is refused', () => {
    const dir = freshDir('damaged');
    const path = join(dir, 'good.ckpt');
    const values = fill(new Uint16Array(40), 0xffff);
    saveCheckpoint(path, 'octal 0.6', values);
    const good = readFileSync(path);
    const body = good.indexOf(10) + 1;
    const damaged = (bytes: Uint8Array, what: string) => {
      const bad = join(dir, 'bad.ckpt');
      writeFileSync(bad, bytes);
      expect(() => loadCheckpoint(bad, 'octal 0.6'), what).toThrow(InputError);
      expect(() => loadCheckpoint(bad, 'octal 0.6'), what).toThrow(/damaged/);
    };

    it('the good file loads', () => {
      expectSameValues(loadCheckpoint(path, 'octal 0.6'), values, 'good file');
    });

    it('truncated by one byte, to the header, or half-way', () => {
      damaged(good.subarray(0, good.length - 1), 'one byte short');
      damaged(good.subarray(0, body), 'header only');
      damaged(good.subarray(0, body + 41), 'half the values');
    });

    it('one byte too many', () => {
      damaged(Buffer.concat([good, Buffer.from([0])]), 'a byte appended');
    });

    it('any single bit flipped in the values', () => {
      for (let at = body; at < good.length; at++) {
        for (let bit = 0; bit < 8; bit++) {
          const bytes = Buffer.from(good);
          bytes[at]! ^= 1 << bit;
          damaged(bytes, `bit ${bit} of byte ${at} flipped`);
        }
      }
    });

    it('a file that is no checkpoint at all', () => {
      const other = join(dir, 'values.csv');
      writeFileSync(other, 'n,grundy,outcome\r\n0,0,P\r\n');
      expect(() => loadCheckpoint(other, 'octal 0.6')).toThrow(/not a sg-explore checkpoint/);
      writeFileSync(other, '');
      expect(() => loadCheckpoint(other, 'octal 0.6')).toThrow(/not a sg-explore checkpoint/);
    });
  });

  it('a missing file says so', () => {
    const path = join(freshDir('missing'), 'nothing.ckpt');
    expect(() => loadCheckpoint(path, 'octal 0.6')).toThrow(InputError);
    expect(() => loadCheckpoint(path, 'octal 0.6')).toThrow(/no such file/);
  });

  it('saves are atomic: a second save replaces the first and leaves no temporary file', () => {
    const dir = freshDir('atomic');
    const path = join(dir, 'run.ckpt');
    saveCheckpoint(path, 'octal 0.6', new Uint8Array([0, 1, 2]));
    saveCheckpoint(path, 'octal 0.6', new Uint16Array([0, 1, 2, 300]));
    expect(readdirSync(dir)).toEqual(['run.ckpt']);
    expectSameValues(loadCheckpoint(path, 'octal 0.6'), new Uint16Array([0, 1, 2, 300]), 'the second save');
  });

  it('a save that cannot even start leaves nothing behind', () => {
    const dir = freshDir('no-dir');
    expect(() => saveCheckpoint(join(dir, 'missing', 'run.ckpt'), 'octal 0.6', new Uint8Array(3))).toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('resuming in the library gives what an uninterrupted run gives', () => {
  const cases: [string, ExploreRequest][] = [
    ['subtraction {2,5,13,29,61} (proven after 512 values)', { game: { rule: subtraction([2, 5, 13, 29, 61]) } }],
    ['subtraction {2,5,13,29,61} --max 5000', { game: { rule: subtraction([2, 5, 13, 29, 61]) }, max: 5000n }],
    ['all-but {10,11,21} (proven after 1024 values)', { game: { rule: allBut([10, 11, 21]) } }],
    ['all-but {10,11,21} --max 3000', { game: { rule: allBut([10, 11, 21]) }, max: 3000n }],
    ['octal 0.6 to 20000 (no period)', { game: game('0.6'), limit: 20_000 }],
    ['hexadecimal 0.3F to 700', { game: game('0.3F'), limit: 700 }],
    ['Grundy 4!.0 to 3000', { game: game('4!.0'), limit: 3000 }],
    // Its attempts leave 64, 128, ... where a seen cycle comes due, and it stops at 16,372 (a resume that took the
    // fixed counts up again stopped at 16,384): a resumed run replays the attempts its values went through.
    ['octal 0.165 to 2^14 (attempts off the fixed counts)', { game: game('0.165'), limit: 2 ** 14 }],
  ];

  it.each(cases)('%s', async (what, request) => {
    const full = explore(request);
    const count = full.computed;
    if (what.startsWith('octal 0.165')) expect(count).toBe(16_372);
    const random = mulberry32(count);
    // All `computed` values too: the proof at that doubling must still be tried, not skipped.
    const prefixes = [1, 64, 65, int(random, 66, count - 2), int(random, count >> 1, count - 2), count - 1, count].filter((k) => k >= 1 && k <= count);
    for (const k of prefixes) {
      const resume = full.values.slice(0, k);
      expectSameExploration(explore({ ...request, resume }), full, `${what}: explore resumed from ${k} values`);
      // On a pool too (for the long runs only from the later prefixes, to keep the time down).
      if (count < 10_000 || 2 * k > count) {
        expectSameExploration(await exploreAsync({ ...request, resume, threads: 2 }), full, `${what}: exploreAsync (2 threads) resumed from ${k} values`);
      }
    }
    // The width of the loaded values does not matter.
    const wide = Uint32Array.from(full.values.subarray(0, count >> 1));
    expectSameExploration(explore({ ...request, resume: wide }), full, `${what}: resumed from ${count >> 1} values as Uint32Array`);
  });

  it('a resume longer than the limit is cut to it', () => {
    const long = explore({ game: game('0.6'), limit: 20_000 });
    const short = explore({ game: game('0.6'), limit: 7_000 });
    expectSameExploration(explore({ game: game('0.6'), limit: 7_000, resume: long.values.slice() }), short, '0.6 to 7000 from 20000 values');
  });

  it('exploreAsync stopped by its signal hands over a checkpoint that resumes bit-identically', async () => {
    const request: ExploreRequest = { game: game('0.6'), limit: 40_000 };
    const full = await exploreAsync({ ...request, threads: 1 });
    const rule = ruleText(request.game.rule);
    const path = join(freshDir('library-abort'), 'officers.ckpt');
    const controller = new AbortController();
    const lengths: number[] = [];
    const run = exploreAsync(
      { ...request, threads: 2 },
      {
        signal: controller.signal,
        checkpointEveryMs: 0,
        onCheckpoint: (values) => {
          lengths.push(values.length);
          saveCheckpoint(path, rule, values);
        },
        onProgress: (computed) => {
          if (computed >= 20_000) controller.abort('enough');
        },
      },
    );
    await expect(run).rejects.toBe('enough');
    expect(lengths.length).toBeGreaterThan(1);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    const saved = loadCheckpoint(path, rule);
    expect(saved.length).toBe(lengths[lengths.length - 1]);
    expect(saved.length).toBeGreaterThanOrEqual(20_000);
    expect(saved.length).toBeLessThan(40_000);
    expectSameValues(saved, full.values.subarray(0, saved.length), 'the saved values');
    expectSameExploration(await exploreAsync({ ...request, resume: saved, threads: 2 }), full, '0.6 resumed from its checkpoint');
  });
});

/** Run the built binary (killed after 60 s); with `until`, send `signal` once it holds. */
const run = (args: readonly string[], interrupt?: { until: () => boolean; signal: NodeJS.Signals }): Promise<CliRun> =>
  runCli(args, { timeoutMs: 60_000, ...interrupt });

describe('CLI: stop on a signal, then --resume', () => {
  // About two seconds of work: the first checkpoint (after one second) comes while values are still being computed.
  // One thread (to 2^20, 1.9 s of CPU): two threads to 2^19 spent 31 s of CPU at load 20 in their spin waits, and the
  // uninterrupted run passed its 60 s; threads are checkpoint-tested in the library above.
  const OFFICERS = ['--preset', 'officers', '--limit', '2^20', '--threads', '1'];
  const rule = ruleText(presetGame('officers').rule);

  // The uninterrupted output B, computed once (alongside the first interrupted run).
  let baseline: Promise<Buffer> | undefined;
  const uninterrupted = (): Promise<Buffer> =>
    (baseline ??= (async () => {
      const dir = freshDir('uninterrupted');
      const B = join(dir, 'B.csv');
      const result = await run([...OFFICERS, '--format', 'csv', '--out', B]);
      expect(result, 'the uninterrupted run').toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(readdirSync(dir)).toEqual(['B.csv']);
      return readFileSync(B);
    })());

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s: exit %i with the checkpoint saved; --resume finishes byte-identical', async (signal, exitCode) => {
    const B = uninterrupted();
    const dir = freshDir(signal);
    const F = join(dir, 'officers.ckpt');
    const A = join(dir, 'A.csv');
    const args = [...OFFICERS, '--checkpoint', F, '--checkpoint-every', '1', '--format', 'csv', '--out', A, '--progress'];

    const stopped = await run(args, { until: () => existsSync(F), signal });
    expect(stopped.code, `signal ${stopped.signal}, stderr ${stopped.stderr}`).toBe(exitCode);
    expect(stopped.stdout).toBe('');
    const said = stderrMessages(stopped.stderr);
    expect(said).toHaveLength(1);
    expect(said[0]!.startsWith(`sg-explore: stopped by ${signal}; `), said[0]).toBe(true);
    expect(said[0]).toContain(`values saved to ${F}`);
    expect(said[0]).toContain(`--resume --checkpoint ${F}`);
    const saved = Number(/; ([\d,]+) values saved/.exec(said[0]!)![1]!.replace(/,/g, ''));
    expect(readdirSync(dir), 'after the stop: the checkpoint only').toEqual(['officers.ckpt']);

    // The checkpoint holds exactly the values named, and they are right.
    const values = loadCheckpoint(F, rule);
    expect(values.length).toBe(saved);
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(2 ** 20);
    const rows = (await B).toString('latin1').split('\r\n');
    for (let n = 0; n < saved; n += 97) expect(rows[n + 1], `row of heap ${n}`).toBe(`${n},${values[n]},${values[n] ? 'N' : 'P'}`);

    // One signal is followed through to a byte-identical resume; the others stop at a checked checkpoint (each resume costs seconds).
    if (signal !== 'SIGINT') return;
    const resumed = await run([...args, '--resume']);
    expect(resumed.code, `stderr ${resumed.stderr}`).toBe(0);
    expect(resumed.stdout).toBe('');
    expect(stderrMessages(resumed.stderr)).toEqual([]);
    expect(readFileSync(A).equals(await B), 'A (interrupted, then resumed) is byte-identical to B').toBe(true);
    expect(readdirSync(dir).sort(), 'after the resume: no temporary files').toEqual(['A.csv', 'officers.ckpt']);
    // Three runs of seconds each (two at once): 60 s a run, and the test three times that.
  }, 180_000);
});

describe('CLI: bad checkpoint input is exit 2 with one line', () => {
  const dir = freshDir('cli-bad');
  const kayles = join(dir, 'kayles.ckpt');
  saveCheckpoint(kayles, 'octal 0.77', new Uint8Array([0, 1, 2, 3, 1, 4, 3, 2]));
  const broken = join(dir, 'broken.ckpt');
  saveCheckpoint(broken, 'octal 0.6', new Uint8Array([0, 0, 1, 2, 1, 4, 1, 2]));
  writeFileSync(broken, readFileSync(broken).subarray(0, -1));
  const out = join(dir, 'out.csv');
  const nullHeader = join(dir, 'null.ckpt');
  writeFileSync(nullHeader, 'null\n');
  const directory = join(dir, 'a-directory');
  mkdirSync(directory);

  const cases: [string, string[], RegExp][] = [
    ['a checkpoint whose header is not an object', ['--moves', '1,2', '--checkpoint', nullHeader, '--resume'], /not a sg-explore checkpoint/],
    ['--checkpoint in a missing directory (refused before any work)', ['--preset', 'officers', '--checkpoint', join(dir, 'no', 'such', 'F')], /cannot write there \(no such file or directory\)/],
    ['--checkpoint naming a directory', ['--preset', 'officers', '--checkpoint', directory], /is a directory/],
    ['--resume without --checkpoint', ['--preset', 'officers', '--resume'], /--resume needs --checkpoint/],
    ['--checkpoint-every without --checkpoint', ['--preset', 'officers', '--checkpoint-every', '5'], /--checkpoint-every needs --checkpoint/],
    ['--checkpoint-every 0', ['--preset', 'officers', '--checkpoint', join(dir, 'x.ckpt'), '--checkpoint-every', '0'], /--checkpoint-every/],
    ['--resume with a checkpoint of another rule', ['--preset', 'officers', '--checkpoint', kayles, '--resume', '--out', out], /'octal 0\.77'.*'octal 0\.6'/],
    ['--resume with a missing checkpoint', ['--preset', 'officers', '--checkpoint', join(dir, 'missing.ckpt'), '--resume'], /no such file/],
    ['--resume with a damaged checkpoint', ['--preset', 'officers', '--checkpoint', broken, '--resume'], /damaged/],
    ['--threads 0', ['--preset', 'officers', '--threads', '0'], /--threads/],
    ['--threads abc', ['--preset', 'officers', '--threads', 'abc'], /--threads/],
  ];

  it.each(cases)('%s', async (what, args, message) => {
    expectBadInput(await runMain(args), what, { pattern: message });
  });

  it('left no output and no temporary files', () => {
    expect(readdirSync(dir).sort()).toEqual(['a-directory', 'broken.ckpt', 'kayles.ckpt', 'null.ckpt']);
  });
});
