/**
 * `sg-explore sweep`: family enumeration, --where/--sort, results files, and
 * the built binary end to end (worker pool, threads, shards, resume after
 * kill -9, a crashing or unloadable worker, bad input).
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { familyRules, familyRulesFrom, familySize, indexedRules, shardSize, type Family } from '../../src/sweep/family.js';
import { binomial, subsets } from '../../src/core/kinds/subtraction/families.js';
import { handleSweepTask, rangeJobs, type SweepTask } from '../../src/sweep/task.js';
import { matches, naturalCompare, parseCondition, parseSort, rowComparator, whereFilter } from '../../src/sweep/query.js';
import { CSV_HEADER, parseRows, rowLine, splitCsvLine } from '../../src/sweep/format.js';
import { parseRuleList } from '../../src/sweep/rule-list.js';
import { runRule } from '../../src/sweep/run-rule.js';
import { runSweep } from '../../src/sweep/sweep.js';
import type { Batch, BatchResult, SweepPool } from '../../src/sweep/pool.js';
import { COLUMNS, errorRow, type SweepRow } from '../../src/sweep/row.js';
import { sweepRow } from '../helpers/sweep-rows.js';
import { ruleText } from '../../src/core/kinds/registry.js';
import { InputError } from '../../src/core/errors.js';
import { ROOT, expectBadInput, runCli, type CliOptions, type CliRun } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const WORKER = join(ROOT, 'dist/workers/sweep-rule.js');
const scratch = mkdtempSync(join(tmpdir(), 'sg-sweep-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const at = (name: string) => join(scratch, name);

// ---------------------------------------------------------------- units

describe('family enumeration', () => {
  const texts = (family: Family) => [...familyRules(family)].map(ruleText);

  it('subtraction sets of size K with max <= M: C(M, K), each once, sorted, in lexicographic order', () => {
    for (const [m, k] of [[6, 1], [6, 3], [10, 4], [12, 6], [20, 3]] as const) {
      const sets = [...subsets(m, k)];
      expect(sets.length).toBe(Number(binomial(m, k)));
      expect(familySize({ kind: 'subtraction', size: { from: k, to: k }, maxMove: m })).toBe(binomial(m, k));
      const keys = sets.map((s) => s.join(','));
      expect(new Set(keys).size).toBe(sets.length);
      for (const s of sets) {
        expect(s).toHaveLength(k);
        expect(s[0]).toBeGreaterThanOrEqual(1);
        expect(s[k - 1]).toBeLessThanOrEqual(m);
        for (let i = 1; i < k; i++) expect(s[i]).toBeGreaterThan(s[i - 1]!);
      }
      // lexicographic: each set is after the one before it
      for (let i = 1; i < sets.length; i++) expect(naturalCompare(`{${keys[i - 1]}}`, `{${keys[i]}}`)).toBeLessThan(0);
    }
    expect(binomial(20, 3)).toBe(1140n);
    const family: Family = { kind: 'subtraction', size: { from: 1, to: 3 }, maxMove: 7 };
    expect(texts(family)).toHaveLength(7 + 21 + 35);
    expect(texts(family).slice(0, 3)).toEqual(['subtraction {1}', 'subtraction {2}', 'subtraction {3}']);
  });

  it('all-but sets: size 0 is Nim', () => {
    const family: Family = { kind: 'all-but', size: { from: 0, to: 2 }, maxMove: 5 };
    expect(familySize(family)).toBe(1n + 5n + 10n);
    expect(texts(family)[0]).toBe('all-but {}');
    expect(texts(family)).toContain('all-but {2,5}');
  });

  it('octal codes with D digits: 7 * 8^(D-1), last digit non-zero, each once', () => {
    for (const d of [1, 2, 3, 4]) {
      const family: Family = { kind: 'octal', digits: { from: d, to: d }, prefix: 0 };
      const all = texts(family);
      expect(all.length).toBe(7 * 8 ** (d - 1));
      expect(familySize(family)).toBe(BigInt(7 * 8 ** (d - 1)));
      expect(new Set(all).size).toBe(all.length);
      for (const t of all) expect(t).toMatch(new RegExp(`^octal 0\\.[0-7]{${d - 1}}[1-7]$`));
    }
    expect(texts({ kind: 'octal', digits: { from: 1, to: 2 }, prefix: 0 }).slice(0, 9)).toEqual([
      'octal 0.1', 'octal 0.2', 'octal 0.3', 'octal 0.4', 'octal 0.5', 'octal 0.6', 'octal 0.7', 'octal 0.01', 'octal 0.02',
    ]);
    expect(texts({ kind: 'octal', digits: { from: 1, to: 3 }, prefix: 4 })).toHaveLength(7 + 56 + 448);
    expect(texts({ kind: 'octal', digits: { from: 2, to: 2 }, prefix: 4 })).toContain('octal 4.07');
  });

  it('shards split the family by index mod n, covering it exactly once', () => {
    const family: Family = { kind: 'subtraction', size: { from: 2, to: 3 }, maxMove: 9 };
    const total = Number(familySize(family));
    for (const n of [1, 2, 3, 7, total, total + 5]) {
      const seen: number[] = [];
      for (let i = 1; i <= n; i++) {
        const shard = [...indexedRules(family, { index: i, count: n })];
        expect(shard.length).toBe(shardSize(total, { index: i, count: n }));
        for (const r of shard) expect(r.index % n).toBe(i - 1);
        seen.push(...shard.map((r) => r.index));
      }
      expect(seen.sort((a, b) => a - b)).toEqual([...Array(total).keys()]);
    }
  });
});

describe('a family from any index on (what a worker enumerates)', () => {
  const families: Family[] = [
    { kind: 'subtraction', size: { from: 1, to: 4 }, maxMove: 9 },
    { kind: 'all-but', size: { from: 0, to: 3 }, maxMove: 7 },
    { kind: 'octal', digits: { from: 1, to: 3 }, prefix: 0 },
    { kind: 'octal', digits: { from: 2, to: 2 }, prefix: 4 },
  ];

  it('familyRulesFrom(f, i) is the family with its first i rules left out, for every i', () => {
    for (const family of families) {
      const all = [...familyRules(family)].map(ruleText);
      for (let start = 0; start <= all.length; start++) {
        const from = familyRulesFrom(family, start);
        const head = [];
        for (let i = 0; i < 3; i++) {
          const next = from.next();
          if (next.done) break;
          head.push(ruleText(next.value));
        }
        expect(head, `${family.kind} from ${start}`).toEqual(all.slice(start, start + 3));
      }
      expect([...familyRulesFrom(family, 17)].map(ruleText)).toEqual(all.slice(17));
    }
  });

  it('a range task covers exactly the indices from..to-1 of its shard', () => {
    const family = families[0]!;
    const all = [...indexedRules(family)];
    for (const shard of [null, { index: 1, count: 3 }, { index: 3, count: 3 }]) {
      for (const [from, to] of [[0, 5], [5, 40], [100, all.length], [37, 38], [12, 12]] as const) {
        const jobs = [...rangeJobs({ family, from, to, shard }, 99)];
        const expected = all.filter((r) => r.index >= from && r.index < to && (!shard || r.index % shard.count === shard.index - 1));
        expect(jobs.map((j) => [j.index, ruleText(j.rule), j.limit])).toEqual(expected.map((r) => [r.index, r.text, 99]));
      }
    }
  });

  it('a worker answers a range and the same rules listed with the same lines, in JSON lines and CSV', () => {
    const family = families[2]!;
    const range = { family, from: 3, to: 70, shard: null };
    const listed = [...indexedRules(family)].filter((r) => r.index >= 3 && r.index < 70);
    const jobs = JSON.stringify(listed.map(({ index, rule }) => ({ index, rule, limit: 2 ** 10 })));
    const answer = (task: SweepTask): string => {
      const result = handleSweepTask(task);
      if (result.type !== 'done') throw new Error('not done');
      expect(result.count).toBe(67);
      return Buffer.from(result.lines).toString('utf8');
    };
    const byRange = answer({ type: 'range', range, limit: 2 ** 10, format: 'jsonl' });
    expect(answer({ type: 'rules', jobs, format: 'jsonl' })).toBe(byRange);
    const rows = lines(byRange).map((l) => JSON.parse(l) as SweepRow);
    expect(rows.map((r) => rowLine(r, 'jsonl')).join('')).toBe(byRange);
    expect(answer({ type: 'range', range, limit: 2 ** 10, format: 'csv' })).toBe(rows.map((r) => rowLine(r, 'csv')).join(''));
    expect(rows.map((r) => r.rule)).toEqual(listed.map((r) => r.text));
    expect(rows.find((r) => r.rule === 'octal 0.07')).toMatchObject({ kind: 'periodic', period: 34, proven: true });
  });
});

describe('rule lists', () => {
  it('reads the CLI words and canonical texts; comments, blanks and repeats dropped', () => {
    const rules = parseRuleList('moves 1,2,3\n\n# a comment\nall-but 2,3,7  # trailing\ncode 0.77\npreset kayles\nsubtraction {3,2,1}\n--moves 4\noctal 0.6\nall-but\n', 'r.txt');
    expect(rules.map(ruleText)).toEqual(['subtraction {1,2,3}', 'all-but {2,3,7}', 'octal 0.77', 'subtraction {4}', 'octal 0.6', 'all-but {}']);
  });

  it('a bad line names file:line', () => {
    expect(() => parseRuleList('moves 1,2\nmoves 1,x\n', 'r.txt')).toThrow(/^r\.txt:2: /);
    expect(() => parseRuleList('\n\nfrobnicate 3\n', 'r.txt')).toThrow(/r\.txt:3: unknown rule word 'frobnicate'/);
    expect(() => parseRuleList('code 0.9z\n', 'r.txt')).toThrow(/r\.txt:1: code/);
    expect(() => parseRuleList('preset nosuch\n', 'r.txt')).toThrow(/r\.txt:1: preset: unknown preset 'nosuch'/);
    expect(() => parseRuleList('moves 1,x\n', 'r.txt')).toThrow(InputError);
  });
});

const row = sweepRow;

describe('--where and --sort', () => {
  it('parses conditions on numeric, text and boolean columns', () => {
    expect(parseCondition('period>100')).toMatchObject({ column: 'period', op: '>', value: 100 });
    expect(parseCondition(' period >= 1e3 ')).toMatchObject({ op: '>=', value: 1000 });
    expect(parseCondition('proven=true')).toMatchObject({ column: 'proven', op: '=', value: true });
    expect(parseCondition('kind!=periodic')).toMatchObject({ column: 'kind', op: '!=', value: 'periodic' });
    expect(parseCondition("rule='octal 0.77'")).toMatchObject({ column: 'rule', value: 'octal 0.77' });
    expect(parseCondition('period=null')).toMatchObject({ value: null });
    expect(parseCondition('maxvalue<4')).toMatchObject({ column: 'maxValue' });
    for (const bad of ['period', 'period>', 'nosuch>1', 'proven>1', 'kind<x', 'period>abc', 'proven=maybe', '>3', 'period~3']) {
      expect(() => parseCondition(bad), bad).toThrow(InputError);
    }
  });

  it('filters: all conditions hold; a missing entry fails numeric comparisons', () => {
    const keep = whereFilter(['period>3', 'proven=true']);
    expect(keep(row({ period: 4 }))).toBe(true);
    expect(keep(row({ period: 3 }))).toBe(false);
    expect(keep(row({ period: 4, proven: false }))).toBe(false);
    expect(matches(row({ period: null, kind: 'none' }), parseCondition('period>0'))).toBe(false);
    expect(matches(row({ period: null, kind: 'none' }), parseCondition('period<0'))).toBe(false);
    expect(matches(row({ period: null }), parseCondition('period=null'))).toBe(true);
    expect(matches(row({ period: null }), parseCondition('period!=4'))).toBe(true);
    expect(matches(row({ kind: 'arithmetic-periodic' }), parseCondition('kind=periodic'))).toBe(false);
  });

  it('sorts by keys, descending with -, missing last, ties by rule', () => {
    const rows = [
      row({ index: 0, rule: 'subtraction {1,2,10}', period: 5 }),
      row({ index: 1, rule: 'subtraction {1,2,9}', period: 5 }),
      row({ index: 2, rule: 'subtraction {3}', period: null, kind: 'none' }),
      row({ index: 3, rule: 'subtraction {2}', period: 7 }),
    ];
    const rules = (keys: string[]) => [...rows].sort(rowComparator(parseSort(keys))).map((r) => r.rule);
    expect(rules(['period'])).toEqual(['subtraction {1,2,9}', 'subtraction {1,2,10}', 'subtraction {2}', 'subtraction {3}']);
    expect(rules(['-period'])).toEqual(['subtraction {2}', 'subtraction {1,2,9}', 'subtraction {1,2,10}', 'subtraction {3}']);
    expect(rules(['-index'])).toEqual(['subtraction {2}', 'subtraction {3}', 'subtraction {1,2,9}', 'subtraction {1,2,10}']);
    expect(rules(['kind,-period'])[0]).toBe('subtraction {3}');
    expect(() => parseSort(['nosuch'])).toThrow(InputError);
    expect(() => parseSort(['--period'])).toThrow(InputError);
    expect(['octal 0.4', 'octal 0.07', 'octal 0.17'].sort(naturalCompare)).toEqual(['octal 0.07', 'octal 0.17', 'octal 0.4']);
  });
});

describe('results files', () => {
  const rows = [row({}), row({ index: 1, rule: 'subtraction {1,2}', kind: 'none', period: null, preperiod: null, saltus: null, proven: false, method: null }), errorRow(2, 'octal 0.6', 'it "broke", badly\nhere')];

  it('JSON lines and CSV round-trip every column', () => {
    for (const format of ['jsonl', 'csv'] as const) {
      const text = (format === 'csv' ? CSV_HEADER + '\r\n' : '') + rows.map((r) => rowLine(r, format)).join('');
      const parsed = parseRows(text, 'x');
      expect(parsed.format).toBe(format);
      expect(parsed.truncated).toBe(false);
      expect(parsed.rows).toEqual(rows.map((r) => (r.error ? { ...r, error: 'it "broke", badly here' } : r)));
    }
    expect(splitCsvLine('1,"a,""b""",,x')).toEqual(['1', 'a,"b"', '', 'x']);
  });

  it('a last line cut short is reported, not parsed; any other bad line is an error', () => {
    const text = rows.map((r) => rowLine(r, 'jsonl')).join('');
    const cut = parseRows(text.slice(0, -20), 'x');
    expect(cut.truncated).toBe(true);
    expect(cut.rows).toHaveLength(2);
    expect(cut.completeLength).toBe(text.lastIndexOf('\n', text.length - 20) + 1);
    expect(() => parseRows(text + '{"index": "no"}\n', 'f.jsonl')).toThrow(/^f\.jsonl:4: not a sweep results row/);
    expect(() => parseRows('hello\n', 'f.txt')).toThrow(/f\.txt:1: not a sweep results file/);
  });

  it('runRule gives the row the CLI gives', () => {
    expect(runRule({ index: 5, rule: { kind: 'subtraction', moves: [1, 3, 4] } })).toEqual(
      row({ index: 5, rule: 'subtraction {1,3,4}', period: 7, maxValue: 3, computed: 64 }),
    );
  });
});

// ---------------------------------------------------------------- the binary

/** `sg-explore sweep` with `args`, in the scratch directory (a real process: signals, kill -9, worker crashes). */
const run = (args: readonly string[], options: CliOptions = {}): Promise<CliRun> => runCli(['sweep', ...args], { cwd: scratch, ...options });

/** The same in this process (file names given in full): for everything a real process adds nothing to. */
const runHere = (args: readonly string[]) => runMain(['sweep', ...args]);

async function ok(args: readonly string[]): Promise<string> {
  const r = await runHere(args);
  expect(r.stderr, `stderr of sweep ${args.join(' ')}`).toBe('');
  expect(r.code, `exit code of sweep ${args.join(' ')}`).toBe(0);
  return r.stdout;
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
/** The rows of a results file: its first line records what the file is a sweep of. */
const rowLines = (text: string) => lines(text).filter((l) => !l.startsWith('{"sweep"') && !l.startsWith('#'));
const rulesOf = (text: string) => rowLines(text).map((l) => (JSON.parse(l) as SweepRow).rule);

/** 63 octal codes: cheap ones and a few that run to the limit, so a sweep takes a moment. */
const OCTAL = ['--family', 'octal', '--digits', '1-2', '--limit', '2^12'];
const SUBTRACTION = ['--family', 'subtraction', '--size', '1-3', '--max-move', '12'];

describe('batch sizes', () => {
  /**
   * A pool stand-in with one thread, whose rules cost `msPerRule(k)` each in
   * the k-th batch (from 1). It records each batch's size and how many
   * batches had answered when it was sent.
   */
  const batchesOf = async (msPerRule: (k: number) => number): Promise<{ size: number; answered: number }[]> => {
    const sent: { size: number; answered: number }[] = [];
    let answered = 0;
    const pool = {
      threads: 1,
      runBatch: async (batch: Batch): Promise<BatchResult> => {
        const count = batch.kind === 'range' ? batch.to - batch.from : batch.rules.length;
        sent.push({ size: count, answered });
        const k = sent.length;
        await new Promise((resolve) => setImmediate(resolve));
        answered++;
        return { lines: new Uint8Array(0), count, failed: 0, firstFailure: null, milliseconds: count * msPerRule(k), deferred: [] };
      },
    } as unknown as SweepPool;
    const family: Family = { kind: 'subtraction', size: { from: 1, to: 3 }, maxMove: 200 };
    await runSweep({ pool, work: { kind: 'family', family }, total: Number(familySize(family)), output: { as: 'jsonl', onLines: () => undefined } });
    return sent;
  };
  /** The first batch sent once `n` batches had answered. */
  const firstAfter = (sent: { size: number; answered: number }[], n: number) => sent.find((b) => b.answered >= n)!.size;

  it('a batch faster than the pace so far sizes the next one at once (cold code makes the first rules slow)', async () => {
    // The first two batches (one rule each, the pace unknown) run cold at 1 ms a rule; every later one at 10 us.
    const sent = await batchesOf((k) => (k <= 2 ? 1 : 0.01));
    expect(sent.slice(0, 2).map((b) => b.size)).toEqual([1, 1]);
    // At 1 ms a rule, 25 ms of work is 25 rules.
    expect(firstAfter(sent, 2)).toBe(25);
    // The third answer says 10 us a rule: 25 ms is 2,500 rules at once (half way from the cold pace would give 50).
    expect(firstAfter(sent, 3)).toBe(2500);
  });

  it('a slower batch moves the pace half way, so one slow batch does not shrink the next to a few rules', async () => {
    // 10 us a rule, except the third batch at 100 us: the pace becomes 55 us, and 25 ms is 455 rules.
    const sent = await batchesOf((k) => (k === 3 ? 0.1 : 0.01));
    expect(sent[2]!.size).toBe(2500);
    expect(firstAfter(sent, 3)).toBe(455);
  });
});

describe('sg-explore sweep (built binary)', () => {
  let reference = '';

  it('threads 1 and 2 give identical rows, and --out writes the same lines as stdout', async () => {
    const [one, two] = await Promise.all([
      ok([...OCTAL, '--threads', '1', '--format', 'jsonl']),
      ok([...OCTAL, '--threads', '2', '--out', at('reference.jsonl')]),
    ]);
    reference = readFileSync(at('reference.jsonl'), 'utf8');
    expect(two).toBe('');
    expect(JSON.parse(lines(reference)[0]!)).toEqual({ sweep: { format: 'sg-explore-sweep', version: 2, family: 'octal codes 0.d1..dD with D = 1 to 2 digits', size: 63, shard: null, limit: 4096 } });
    expect(one).toBe(rowLines(reference).join('\n') + '\n');
    const rows = rowLines(reference).map((l) => JSON.parse(l) as SweepRow);
    expect(rows).toHaveLength(63);
    expect(rows.map((r) => r.index)).toEqual([...Array(63).keys()]);
    const kayles = rows.find((r) => r.rule === 'octal 0.77')!;
    expect(kayles).toMatchObject({ kind: 'periodic', preperiod: 71, period: 12, saltus: 0, proven: true, method: 'guy-smith', maxValue: 8 });
    // codes whose period is far beyond the limit: observed nothing, computed exactly the limit
    expect(rows.find((r) => r.rule === 'octal 0.16')).toMatchObject({ proven: false, computed: 4096 });
    // subtraction sets too, with more threads than cores and than rules in a batch
    const [s1, s3] = await Promise.all([ok([...SUBTRACTION, '--threads', '1', '--format', 'csv']), ok([...SUBTRACTION, '--threads', '3', '--format', 'csv'])]);
    expect(s3).toBe(s1);
    expect(lines(s1)).toHaveLength(1 + 12 + 66 + 220);
  });

  it('resumes after kill -9: each rule exactly once, the same rows as a clean run', async () => {
    expect(reference).not.toBe('');
    const file = at('killed.jsonl');
    // kill -9 once 8 rows are in (after 20 s in any case)
    const eightRows = () => existsSync(file) && rowLines(readFileSync(file, 'utf8')).length >= 8;
    await run([...OCTAL, '--threads', '1', '--out', file], { until: eightRows, signal: 'SIGKILL', untilMs: 20_000 });
    const partial = rowLines(readFileSync(file, 'utf8'));
    expect(partial.length).toBeGreaterThanOrEqual(8);
    expect(partial.length, 'killed before the end').toBeLessThan(63);
    // as if the kill had landed in the middle of a write
    appendFileSync(file, '{"index":999,"rule":"octal 0.3');
    const resumed = await run([...OCTAL, '--threads', '2', '--out', file, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^sg-explore: note: .*half-written line[^\n]*\n$/);
    const final = readFileSync(file, 'utf8');
    const rules = rulesOf(final);
    expect(new Set(rules).size).toBe(rules.length);
    // rows were appended in family order before and after the kill: the very file a clean run writes
    expect(final).toBe(reference);
    // resuming again has nothing left to do
    expect(await ok([...OCTAL, '--out', file, '--resume'])).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(reference);
    // --resume on a file that is not there yet simply starts it
    await ok(['--family', 'octal', '--digits', '1', '--limit', '2^12', '--out', at('fresh.jsonl'), '--resume']);
    expect(rulesOf(readFileSync(at('fresh.jsonl'), 'utf8'))).toHaveLength(7);
  });

  it('SIGINT: exit 130, one line saying where the rows are, and --resume finishes the same file', async () => {
    const file = at('interrupted.jsonl');
    const fourRows = () => existsSync(file) && rowLines(readFileSync(file, 'utf8')).length >= 4;
    const stopped = await run([...OCTAL, '--threads', '1', '--out', file], { until: fourRows, signal: 'SIGINT', untilMs: 20_000 });
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toBe(`sg-explore: stopped by SIGINT; the rows so far are in ${file} (the same command with --resume goes on from there)\n`);
    expect(rowLines(readFileSync(file, 'utf8')).length, 'stopped before the end').toBeLessThan(63);
    expect(await ok([...OCTAL, '--out', file, '--resume'])).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(reference);
  });

  it('shards merged equal the unsharded run', async () => {
    const whole = await ok([...SUBTRACTION, '--format', 'jsonl']);
    await Promise.all([1, 2, 3].map((i) => ok([...SUBTRACTION, '--shard', `${i}/3`, '--threads', '1', '--out', at(`shard${i}.jsonl`)])));
    const sizes = [1, 2, 3].map((i) => rowLines(readFileSync(at(`shard${i}.jsonl`), 'utf8')).length);
    expect(sizes).toEqual([100, 99, 99]);
    await ok([...SUBTRACTION, '--out', at('whole.jsonl')]);
    expect(await ok(['--merge', at('shard3.jsonl'), at('shard1.jsonl'), at('shard2.jsonl'), at('shard1.jsonl'), '--out', at('merged.jsonl')])).toBe('');
    // The merge of all shards is byte for byte the unsharded results file.
    expect(readFileSync(at('merged.jsonl'), 'utf8')).toBe(readFileSync(at('whole.jsonl'), 'utf8'));
    expect(await ok(['--merge', at('shard2.jsonl'), at('shard1.jsonl'), at('shard3.jsonl'), '--format', 'jsonl'])).toBe(whole);
    // CSV shards merge to the same rows
    await Promise.all([1, 2].map((i) => ok([...SUBTRACTION, '--shard', `${i}/2`, '--out', at(`shard${i}.csv`)])));
    expect(readFileSync(at('shard1.csv'), 'utf8').split('\r\n')[1]).toBe(CSV_HEADER);
    expect(await ok(['--merge', at('shard1.csv'), at('shard2.csv'), '--format', 'jsonl'])).toBe(whole);
  });

  it('filters and sorts, in CSV and as a table without colours', async () => {
    const csv = await ok([...SUBTRACTION, '--where', 'period>10', '--where', 'proven=true', '--sort', '-period,rule', '--format', 'csv']);
    const [header, ...body] = csv.split('\r\n').filter(Boolean);
    expect(header).toBe(CSV_HEADER);
    const periods = body.map((l) => Number(splitCsvLine(l)![4]));
    expect(periods.length).toBeGreaterThan(10);
    expect(periods.every((p) => p > 10)).toBe(true);
    expect([...periods].sort((a, b) => b - a)).toEqual(periods);
    // the same view from a results file
    await ok([...SUBTRACTION, '--out', at('view.csv')]);
    expect(await ok(['--from', at('view.csv'), '--where', 'period>10', '--where', 'proven=true', '--sort', '-period,rule', '--format', 'csv'])).toBe(csv);
    const table = await ok(['--family', 'all-but', '--size', '0-1', '--max-move', '3', '--sort', 'period']);
    expect(table).not.toMatch(/\u001b\[/);
    expect(table).toMatch(/all-but \{\}\s+│ arithmetic-periodic/);
    expect(table).toContain('4 rules');
  });

  it('sweeps a --rules file; a bad line names file:line', async () => {
    writeFileSync(at('rules.txt'), '# some rules\nmoves 1,2,3\nall-but 2,3,7\n\ncode 0.77\npreset dawsons-kayles\npreset kayles\n');
    const out = await ok(['--rules', at('rules.txt'), '--format', 'jsonl']);
    expect(rulesOf(out)).toEqual(['subtraction {1,2,3}', 'all-but {2,3,7}', 'octal 0.77', 'octal 0.07']);
    writeFileSync(at('bad-rules.txt'), 'moves 1,2,3\n\nmoves 1,zz\n');
    expectBadInput(await run(['--rules', at('bad-rules.txt')]), 'bad line', { pattern: /bad-rules\.txt:3: / });
  });

  it('progress goes to stderr only when asked (stderr here is not a terminal)', async () => {
    const quiet = await run([...SUBTRACTION, '--format', 'jsonl']);
    expect(quiet.stderr).toBe('');
    const shown = await run([...SUBTRACTION, '--format', 'jsonl', '--progress']);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/298\/298 rules .*rules\/s .*ETA/);
    expect(shown.stdout).toBe(quiet.stdout);
  });

  it('a worker that crashes on a rule gives an error row for it, and exit code 1', async () => {
    const crashing = at('crashing-worker.mjs');
    writeFileSync(
      crashing,
      `import handle, { taskJobs } from ${JSON.stringify(pathToFileURL(WORKER).href)};\n` +
        `export default function (task) {\n` +
        `  if (task.type !== 'probe' && [...taskJobs(task)].some((j) => j.rule.kind === 'subtraction' && j.rule.moves.join() === '2,5')) process.exit(7);\n` +
        `  return handle(task);\n}\n`,
    );
    const r = await run([...SUBTRACTION, '--threads', '2', '--format', 'jsonl'], { env: { SG_EXPLORE_SWEEP_WORKER: crashing } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sg-explore: 1 of 298 rules failed .*subtraction \{2,5\}: worker failed: .*7[^\n]*\n$/);
    const rows = lines(r.stdout).map((l) => JSON.parse(l) as SweepRow);
    expect(rows).toHaveLength(298);
    expect(rows.filter((x) => x.kind === 'error').map((x) => x.rule)).toEqual(['subtraction {2,5}']);
    const good = lines(await ok([...SUBTRACTION, '--format', 'jsonl'])).map((l) => JSON.parse(l) as SweepRow);
    expect(rows.filter((x) => x.kind !== 'error')).toEqual(good.filter((x) => x.rule !== 'subtraction {2,5}'));
  });

  it('a worker that fails to load, or hangs loading, is reported in one line, not a hang', async () => {
    const broken = at('broken-worker.mjs');
    writeFileSync(broken, "throw new Error('this worker cannot load');\n");
    const r = await run(OCTAL, { env: { SG_EXPLORE_SWEEP_WORKER: broken } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sg-explore: the sweep worker .*broken-worker\.mjs failed to start: this worker cannot load\n$/);
    const hanging = at('hanging-worker.mjs');
    writeFileSync(hanging, 'await new Promise(() => setInterval(() => {}, 1000));\nexport default () => 0;\n');
    const h = await run(OCTAL, { env: { SG_EXPLORE_SWEEP_WORKER: hanging, SG_EXPLORE_PROBE_TIMEOUT_MS: '1000' } });
    expect(h.code).toBe(1);
    expect(h.stderr).toMatch(/^sg-explore: the sweep worker .*hanging-worker\.mjs did not answer within 1 s of starting\n$/);
    const missing = await run(OCTAL, { env: { SG_EXPLORE_SWEEP_WORKER: at('no-such-worker.mjs') } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^sg-explore: the sweep worker [^\n]*\n$/);
  });

  it('bad input: one line on stderr, exit code 2', async () => {
    writeFileSync(at('exists.jsonl'), readFileSync(at('reference.jsonl')));
    const cases: [string[], RegExp][] = [
      [[], /say what to sweep/],
      [['--family', 'hexagonal', '--size', '2'], /'hexagonal' is not one of subtraction, octal, all-but/],
      [['--family', 'subtraction', '--max-move', '9'], /needs --size/],
      [['--family', 'subtraction', '--size', '2'], /needs --max-move/],
      [['--family', 'octal'], /needs --digits/],
      [['--family', 'octal', '--digits', '2', '--size', '3'], /--size applies to/],
      [[...OCTAL, '--shard', '0/3'], /--shard 0\/3/],
      [[...OCTAL, '--shard', '4/3'], /--shard 4\/3/],
      [[...OCTAL, '--shard', 'x'], /--shard: 'x'/],
      [[...OCTAL, '--where', 'period>>3'], /--where/],
      [[...OCTAL, '--where', 'colour=red'], /unknown column 'colour'/],
      [[...OCTAL, '--where', 'proven>1'], /takes only = and !=/],
      [[...OCTAL, '--sort', 'colour'], /--sort 'colour': unknown column/],
      [[...OCTAL, '--sort', '-colour'], /unknown column/],
      [['--rules', at('no-such-rules.txt')], /--rules .*no-such-rules\.txt: cannot read the file \(no such file or directory\)/],
      [['--rules', scratch], /cannot read the file/],
      [[...OCTAL, '--resume'], /--resume needs --out/],
      [[...OCTAL, '--limit', 'lots'], /--limit/],
      [[...OCTAL, '--threads', '0'], /--threads/],
      [[...OCTAL, '--format', 'xml'], /--format/],
      [[...OCTAL, '--out', at('exists.jsonl')], /exists; add --resume/],
      [[...OCTAL, '--out', at('new.jsonl'), '--sort', 'period'], /--from/],
      [[...OCTAL, '--out', at('new.jsonl'), '--format', 'table'], /not a table/],
      [[...OCTAL, '--bogus'], /unknown option --bogus/],
      [[...OCTAL, '--threads', '1000'], /--threads: '1000' must be at most 256/],
      [['--family', 'octal', '--digits', '9'], /117,440,512 rules .*too many to finish in one run; split it with --shard i\/n .* or add --yes/],
      [[...OCTAL, '--partial'], /--partial applies to --merge/],
      [[...OCTAL, '--plot', at('map.gif')], /name an \.svg or a \.png file/],
      [['--family', 'subtraction', '--size', '5', '--max-move', '3'], /--size/],
      [['--from', at('no-such.jsonl')], /cannot read/],
      [['--from', at('rules.txt')], /not a sweep results file/],
      [['--merge', at('reference.jsonl'), '--threads', '2'], /does not apply/],
    ];
    const results: Awaited<ReturnType<typeof runHere>>[] = [];
    for (const [args] of cases) results.push(await runHere(args));
    cases.forEach(([args, pattern], i) => expectBadInput(results[i]!, args.join(' ') || '(nothing)', { pattern }));
    expect(existsSync(at('new.jsonl'))).toBe(false);
    expect(statSync(at('exists.jsonl')).size).toBe(Buffer.byteLength(reference));
  });
});

describe('results files cannot be corrupted quietly', () => {
  const SMALL = ['--family', 'subtraction', '--size', '1-2', '--max-move', '6'];

  it('--resume with another family or limit is refused, saying what differs', async () => {
    const file = at('guarded.jsonl');
    await ok([...SMALL, '--out', file]);
    const before = readFileSync(file, 'utf8');
    expectBadInput(await runHere([...SMALL, '--limit', '99', '--out', file, '--resume']), 'other limit', { pattern: /guarded\.jsonl: it holds a sweep of --limit by rule kind, not 99/ });
    expectBadInput(await runHere(['--family', 'subtraction', '--size', '1', '--max-move', '6', '--out', file, '--resume']), 'other family', { pattern: /it holds a sweep of subtraction sets of size 1 to 2 with moves up to 6, not subtraction sets of size 1/ });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('a second run on a locked file is told which process holds it; a stale lock is taken over', async () => {
    const file = at('locked.jsonl');
    // A lock held by a live process (this one).
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00Z' }));
    expectBadInput(await runHere([...SMALL, '--out', file, '--resume']), 'locked', { pattern: new RegExp(`another sweep is writing to it \\(process ${process.pid} on `) });
    // A lock left by a process that is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: gone, host: hostname(), since: '2026-01-01T00:00:00Z' }));
    expect(await ok([...SMALL, '--out', file, '--resume'])).toBe('');
    expect(rowLines(readFileSync(file, 'utf8'))).toHaveLength(6 + 15);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('--merge names missing shards and incomplete ones, and refuses unless --partial', async () => {
    await Promise.all([1, 2, 3].map((i) => ok([...SMALL, '--shard', `${i}/3`, '--out', at(`part${i}.jsonl`)])));
    expectBadInput(await runHere(['--merge', at('part1.jsonl'), at('part3.jsonl'), '--out', at('m.jsonl')]), 'missing shard', { pattern: /--merge: missing shard 2\/3 \(add --partial/ });
    expect(existsSync(at('m.jsonl'))).toBe(false);
    // An interrupted shard: its last rows are gone.
    const text = readFileSync(at('part2.jsonl'), 'utf8').split('\n');
    writeFileSync(at('part2-cut.jsonl'), text.slice(0, -3).join('\n') + '\n');
    expectBadInput(await runHere(['--merge', at('part1.jsonl'), at('part2-cut.jsonl'), at('part3.jsonl')]), 'incomplete shard', { pattern: /shard 2\/3 has 5 of its 7 rules/ });
    const partial = await ok(['--merge', at('part1.jsonl'), at('part3.jsonl'), '--partial', '--format', 'jsonl']);
    expect(lines(partial)).toHaveLength(7 + 7);
    // Shards of different sweeps are not merged.
    await ok([...SMALL, '--limit', '500', '--shard', '2/3', '--out', at('other2.jsonl')]);
    expectBadInput(await runHere(['--merge', at('part1.jsonl'), at('other2.jsonl'), at('part3.jsonl')]), 'other limit', { pattern: /other2\.jsonl is a sweep of --limit 500/ });
  });

  it('--plot draws the sweep map, every rule named in a hover title', async () => {
    await ok([...SMALL, '--format', 'csv', '--plot', at('map.svg')]);
    const svg = readFileSync(at('map.svg'), 'utf8');
    for (const rule of ['subtraction {1}', 'subtraction {5,6}']) expect(svg).toContain(`${rule}`);
    expect(svg).toMatch(/<title>/);
  });
});

describe('rows as JSON lines', () => {
  it('are the row with its keys in column order, for every row of the octal fixture and for error rows', () => {
    const ordered = (row: SweepRow) => JSON.stringify(Object.fromEntries(COLUMNS.map(({ name }) => [name, row[name]])));
    // The fixture as the sweep wrote it: each line read and written again byte for byte, unproven rows with their statistics.
    const lines = readFileSync(new URL('../fixtures/octal-sweep-1-3.jsonl', import.meta.url), 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const row = parseRows(line + '\n', 'fixture').rows[0]!;
      expect(row.largestAt === null, row.rule).toBe(row.proven);
      expect(rowLine(row, 'jsonl')).toBe(ordered(row) + '\n');
      expect(rowLine(row, 'jsonl')).toBe(line + '\n');
    }
    const broken = errorRow(7, 'custom "odd\\name"\n', 'options(3) threw: "quotes", a\ttab and ü');
    expect(rowLine(broken, 'jsonl')).toBe(ordered(broken) + '\n');
    expect(JSON.parse(rowLine(broken, 'jsonl'))).toEqual(broken);
  });
});
