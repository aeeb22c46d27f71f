import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { InputError, WorkerStartError, afterField, mention, says, wordsText } from '../../src/core/errors.js';
import { analyseSync, loadRuleFile, parseCode, parseCount, parseRuleText, parseVectors, presetGame, type GameRule } from '../../src/index.js';
import { explore } from '../../src/core/analyse.js';
import { parsePair } from '../../src/core/positions/pair-position.js';
import { misereTable } from '../../src/core/positions/misere-table.js';
import { heapPosition } from '../../src/core/positions/heap-position.js';
import { checkCheckpointTarget, loadCheckpoint, saveCheckpoint } from '../../src/host/checkpoint.js';
import { openOutputFile } from '../../src/host/files/output-file.js';
import { drive } from '../../src/core/driver.js';
import { readHeapsWork } from '../../src/host/heap-list.js';
import { readRuleList } from '../../src/sweep/rule-list.js';
import { parseCondition, parseSort } from '../../src/sweep/query.js';
import { formatForFile } from '../../src/sweep/format.js';
import { writeResult, formatNamed } from '../../src/report/formats.js';
import { askedAs, cliText } from '../../src/cli/error-words.js';
import { flagOf } from '../../src/core/flags.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { movesOf } from '../helpers/rules.js';
import { refusal } from '../helpers/refusal.js';

const scratch = scratchDirectories('typed-errors');

const dir = scratch.fresh('files');
/** A stream of one chunk. */
async function* chunks(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}
const existing = join(dir, 'existing.bin');
writeFileSync(existing, 'not a checkpoint\n');
const subtraction = { rule: { kind: 'subtraction', moves: [1, 2] } } as const;
const wythoff = { rule: { kind: 'vectors', vectors: [{ dx: 1, dy: 0, cap: null }, { dx: 0, dy: 1, cap: null }, { dx: 1, dy: 1, cap: null }] } } as const;

/** Bad input to the library, with the code, field and value its error must carry (undefined: not checked). */
const CASES: [string, () => unknown, { code: string; field?: string; value?: unknown }][] = [
  ['a max that does not fit, no theorem', () => explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.6') } }, max: 10n ** 15n, limit: 100 }), { code: 'out-of-memory', field: 'max', value: 10n ** 15n }],
  ['a negative max', () => explore({ game: subtraction, max: -1n }), { code: 'bad-value', field: 'max', value: -1n }],
  ['a bad move set', () => explore({ game: { rule: { kind: 'subtraction', moves: [0] } } }), { code: 'bad-rule', field: 'game', value: 0 }],
  ['a zero limit', () => explore({ game: subtraction, limit: 0 }), { code: 'bad-value', field: 'limit', value: 0 }],
  ['a bad memory budget', () => explore({ game: subtraction, memoryBudget: -5 }), { code: 'bad-value', field: 'memoryBudget', value: -5 }],
  ['a size that is no number', () => parseCount('1e6x', mention('max')), { code: 'bad-value', field: 'max', value: '1e6x' }],
  ['a size too large', () => parseCount('10^5000', mention('at')), { code: 'out-of-range', field: 'at', value: '10^5000' }],
  ['a negative size', () => parseCount('-3', mention('position')), { code: 'out-of-range', field: 'position', value: '-3' }],
  ['a bad code', () => parseCode('0.7x'), { code: 'bad-rule', field: 'code', value: '0.7x' }],
  ['an empty code', () => parseCode(''), { code: 'bad-rule', field: 'code' }],
  ['an unknown preset', () => presetGame('kayless'), { code: 'unknown-name', field: 'preset', value: 'kayless' }],
  ['bash without its parameter', () => presetGame('bash'), { code: 'bad-value', field: 'preset' }],
  ['bash with a zero parameter', () => presetGame('bash:0'), { code: 'out-of-range', field: 'preset', value: '0' }],
  ['nim with a parameter', () => presetGame('nim:3'), { code: 'bad-value', field: 'preset', value: 'nim:3' }],
  ['a rule text with an unknown key', () => parseRuleText('moves: [1, 2]\nmovs: [3]\n', 'r.yaml'), { code: 'unknown-name', field: 'rule', value: 'r.yaml' }],
  ['a rule text with a bad set', () => parseRuleText('moves: [0]\n', 'r.yaml'), { code: 'bad-rule', field: 'rule' }],
  ['a rule file of an unknown type', () => loadRuleFile(join(dir, 'rule.txt')), { code: 'unknown-name', field: 'rule', value: join(dir, 'rule.txt') }],
  ['a missing rule file', () => loadRuleFile(join(dir, 'missing.yaml')), { code: 'bad-file', field: 'rule', value: join(dir, 'missing.yaml') }],
  ['a missing rule module', () => loadRuleFile(join(dir, 'missing.mjs')), { code: 'bad-file', field: 'rule', value: join(dir, 'missing.mjs') }],
  ['bad vectors', () => parseVectors('(0,0)', 'vectors'), { code: 'bad-rule' }],
  ['a pair that is no pair', () => parsePair('3', mention('position')), { code: 'bad-value', field: 'position', value: '3' }],
  ['a two-pile table beyond free memory', () => analyseSync({ game: wythoff, max: BigInt(2 ** 31 - 2) }), { code: 'out-of-memory', field: 'max' }],
  ['a memory game beyond free memory', () => analyseSync({ game: { rule: { kind: 'capped-heap', next: { kind: 'times', factor: 2 } } }, max: BigInt(2 ** 30) }), { code: 'out-of-memory', field: 'max', value: 2 ** 30 }],
  ['a misère table too long', () => misereTable(movesOf(subtraction.rule as GameRule), 10 ** 9), { code: 'too-large', field: 'max', value: 10 ** 9 }],
  ['a misère position of a module', () => heapPosition(explore({ game: subtraction, max: 10n }), movesOf({ kind: 'custom', module: 'm.mjs' }), [1n], true), { code: 'not-applicable', field: 'misere' }],
  ['a checkpoint that exists', () => checkCheckpointTarget(existing, { resume: false, force: false }), { code: 'file-exists', field: 'checkpoint', value: existing }],
  ['a checkpoint that is none', () => loadCheckpoint(existing, 'subtraction {1,2}'), { code: 'bad-file', field: 'checkpoint', value: existing }],
  ['a checkpoint that is a directory', () => loadCheckpoint(dir, 'subtraction {1,2}'), { code: 'bad-file', field: 'checkpoint', value: dir }],
  ['an output file in a missing folder', () => openOutputFile(join(dir, 'no', 'such', 'out.txt')), { code: 'bad-file', field: 'out' }],
  ['no heaps on a stream', () => drive(readHeapsWork(chunks(''))), { code: 'empty', field: 'position', value: '-' }],
  ['a heap on a stream that is no size', () => drive(readHeapsWork(chunks('5 x7\n'))), { code: 'bad-value', field: 'position', value: 'x7' }],
  ['a missing rules list', () => readRuleList(join(dir, 'missing.txt')), { code: 'bad-file', field: 'rules', value: join(dir, 'missing.txt') }],
  ['a bad condition', () => parseCondition('period>>3'), { code: 'bad-value', field: 'where', value: 'period>>3' }],
  ['an unknown column', () => parseCondition('perio>3'), { code: 'unknown-name', field: 'where', value: 'perio' }],
  ['an unknown sort column', () => parseSort(['-perio']), { code: 'unknown-name', field: 'sort', value: 'perio' }],
  ['a results file as a table', () => formatForFile('x.jsonl', 'table', mention('out')), { code: 'not-applicable', field: 'out', value: 'table' }],
];

describe("the library's errors are typed and name no CLI flag", () => {
  it.each(CASES)('%s: an InputError with its code, field and value, and no flag in its message', async (_, call, expected) => {
    const error = await refusal(call);
    expect(error.code).toBe(expected.code);
    if ('field' in expected) expect(error.field).toBe(expected.field);
    if ('value' in expected) expect(error.value).toEqual(expected.value);
    expect(error.message).not.toContain('--');
    expect(error.message).not.toContain('\n');
    // The words are the message, fields and all.
    expect(wordsText(error.words)).toBe(error.message);
  });

  it('the library names the field its way; the CLI names the flag, and nothing else differs', async () => {
    const error = await refusal(() => explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.6') } }, max: 10n ** 15n, limit: 100 }));
    expect(error.message).toMatch(/^max 1000000000000000: no period was proven within the first 100 values \(raise limit\), and 1,000,000,000,000,001 values do not fit in memory/);
    expect(cliText(error)).toBe(`--${error.message.replace('(raise limit)', '(raise --limit)')}`);
    const grid = await refusal(() => analyseSync({ game: wythoff, max: BigInt(2 ** 31 - 2) }));
    expect(grid.message).toMatch(/^max 2147483646: a table of .* use rows A\.\.B for a few long rows$/);
    expect(cliText(grid)).toMatch(/^--max 2147483646: a table of .* use --rows A\.\.B for a few long rows$/);
    const exists = await refusal(() => checkCheckpointTarget(existing, { resume: false, force: false }));
    expect(exists.message).toBe(`checkpoint ${existing}: the file exists; add resume to continue from it, or force to start afresh and overwrite it`);
    expect(cliText(exists)).toBe(`--checkpoint ${existing}: the file exists; add --resume to continue from it, or --force to start afresh and overwrite it`);
  });

  it('a refusal of max is worded as the command asked for it (--at, a position)', async () => {
    const error = await refusal(() => explore({ game: { rule: { kind: 'take-and-break', code: parseCode('0.6') } }, max: 10n ** 15n, limit: 100 }));
    const asked = askedAs(error, 'max', '--at 1e15') as InputError;
    expect(cliText(asked)).toMatch(/^--at 1e15: no period was proven within the first 100 values \(raise --limit\), and 1,000,000,000,000,001 values do not fit in memory/);
    expect(asked).toMatchObject({ code: 'out-of-memory', field: 'max', value: 10n ** 15n });
    // Another field, or an error without a reason, is left as it is.
    expect(askedAs(error, 'at', '--position: heap 5')).toBe(error);
    const plain = new InputError('max: something');
    expect(askedAs(plain, 'max', '--at 5')).toBe(plain);
  });

  it('words: fields kept apart; the text after the leading field', () => {
    const words = says`${mention('rows')} 3..5 ${mention('max')} 9: lower ${mention('max')}`;
    expect(wordsText(words)).toBe('rows 3..5 max 9: lower max');
    expect(wordsText(words, flagOf)).toBe('--rows 3..5 --max 9: lower --max');
    expect(afterField(new InputError(says`${mention('preset')}: unknown preset 'x'`))).toBe("unknown preset 'x'");
    expect(afterField(new InputError(says`${mention('preset')} bash needs a maximum take`))).toBe('bash needs a maximum take');
    expect(afterField(new InputError('plain words'))).toBe('plain words');
    const error = new InputError(says`${mention('checkpoint')} x: bad`, { code: 'bad-file', value: 'x' });
    expect(error).toMatchObject({ code: 'bad-file', field: 'checkpoint', value: 'x', message: 'checkpoint x: bad' });
    expect(new InputError('old style').code).toBe('bad-input');
  });

  it('a format or a picture that does not apply names its field', async () => {
    const result = explore({ game: subtraction, max: 10n });
    const format = formatNamed('csv');
    const error = await refusal(() => writeResult({ ...format, writers: {} } as never, result, null as never, {} as never));
    expect(error).toMatchObject({ code: 'not-applicable', field: 'format', value: 'csv' });
    expect(error.message).toMatch(/^format csv does not apply to a one-heap table \(shape heap\); formats for it: table, csv, json, markdown, powers, html$/);
  });

  it('an output error names its file the library way, the CLI its flag', async () => {
    const { OutputError } = await import('../../src/host/sink.js');
    const error = new OutputError(says`${mention('out')} x.csv: cannot append; continue with ${mention('resume')}`);
    expect(error.message).toBe('out x.csv: cannot append; continue with resume');
    expect(cliText(error)).toBe('--out x.csv: cannot append; continue with --resume');
    expect(() => saveCheckpoint(join(dir, 'no', 'such', 'k.bin'), 'r', new Uint8Array(1))).toThrow(/^checkpoint .*: cannot save it/);
  });
});

describe('a pool that cannot start', () => {
  it('has a code, and the CLI says it as it is (exit 1), not as an internal error', async () => {
    expect(new WorkerStartError('x').code).toBe('worker-start');
    vi.resetModules();
    vi.doMock('../../src/cli/run.js', () => ({
      runCommand: async () => {
        // The class main() sees: this module registry's.
        const { WorkerStartError: Fresh } = await import('../../src/core/errors.js');
        throw new Fresh('the heap worker /x/worker.js could not be started: no threads');
      },
    }));
    try {
      const { runMain } = await import('../helpers/in-process.js');
      const run = await runMain(['--moves', '1,2', '--max', '10']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('sg-explore: the heap worker /x/worker.js could not be started: no threads\n');
    } finally {
      vi.doUnmock('../../src/cli/run.js');
      vi.resetModules();
    }
  });
});
