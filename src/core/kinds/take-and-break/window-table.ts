/**
 * A table computed keeping part of its values (AnalyseRequest.window, the CLI's --window): the work, and the
 * result, shape 'window-table', with its writers. The values themselves are not in the result (they were not
 * kept): what a run over heaps 0..max says is their statistics, and nothing about a period.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import { formatCount } from '../../numbers.js';
import { maxHeapsLeft } from '../../rules/code.js';
import type { SteppedWork } from '../../driver.js';
import type { AnalyseRequest, Prepared } from '../kind.js';
import type { TakeBreakRule } from './rule.js';
import { LEAST_WINDOW, MOST_WINDOW, WindowedRun, type WindowFigures } from './window.js';
import { openValueSpill } from './platform.js';

export interface WindowTable {
  readonly shape: 'window-table';
  readonly rule: string;
  readonly max: bigint;
  readonly figures: WindowFigures;
}

/** A windowed table's work, after checking that the request is one (a two-heap code, a --max table, nothing else). */
export function prepareWindowTable(request: AnalyseRequest<TakeBreakRule>, text: string): Prepared<WindowTable> {
  const front = request.window!;
  if (front < LEAST_WINDOW || front > MOST_WINDOW || front % 2 !== 0) {
    throw InputError.about('out-of-range', 'window', front, formatCount(front), saying('error.window.range', { least: formatCount(LEAST_WINDOW), most: formatCount(MOST_WINDOW) }));
  }
  const max = request.max;
  if (request.game.rule.code.repeat || maxHeapsLeft(request.game.rule.code) > 2 || max === undefined || request.position || request.at || request.misere || request.misereTheory) {
    throw new InputError(says`${mention('window')} ${formatCount(front)}: ${saying('error.window.codes')}`, { code: 'not-applicable', field: 'window', value: front });
  }
  if (max >= BigInt(Number.MAX_SAFE_INTEGER)) throw InputError.about('too-large', 'max', max, String(max), 'beyond 2^53 heaps');
  const count = Number(max) + 1;
  return {
    // The window is part of what a checkpoint continues: a resume with another one is refused, naming both.
    checkpointKey: `${text} (window ${front})`,
    shape: 'window-table',
    work: (resume) => {
      const spill = openValueSpill(request.windowFile ?? null, resume !== undefined);
      const run = new WindowedRun(request.game.rule.code, front, true, spill);
      try {
        if (resume) run.resume(new Uint8Array(resume.buffer, resume.byteOffset, resume.byteLength));
      } catch (error) {
        spill?.close();
        throw error;
      }
      return { ...windowWork(run, count, text, max), close: () => spill?.close() };
    },
  };
}

function windowWork(run: WindowedRun, count: number, rule: string, max: bigint): SteppedWork<WindowTable> {
  let saved = 0;
  return {
    ceiling: count,
    unit: 'values',
    done: () => run.count,
    step(units) {
      run.fill(Math.min(count, run.count + Math.max(1, units)));
      return run.count < count ? { finished: false } : { finished: true, result: { shape: 'window-table', rule, max, figures: run.figures() } };
    },
    snapshot: () => ((saved = run.count), run.snapshot()),
    snapshotUnits: () => saved,
  };
}

/** The result in words: one line a figure. */
export function windowTableLines(table: WindowTable): string[] {
  const f = table.figures;
  const rare = f.rare;
  const counts = f.valueCounts.map((c, v) => [v, c] as const).filter(([, c]) => c > 0);
  return [
    `Rule           ${table.rule}\n`,
    `Heaps          0 .. ${formatCount(table.max)} (${formatCount(f.computed)} values computed, keeping the first ${formatCount(f.front)} and the last ${formatCount(f.tail)} or so)\n`,
    `Largest value  G(${formatCount(f.largest.at)}) = ${f.largest.value} (its first heap)\n`,
    `Rare heaps     ${formatCount(rare.count)} (heap 0 excluded), in the ${rare.space}, mask ${rare.mask}${rare.last === null ? '' : `; the last n = ${formatCount(rare.last)}`}\n`,
    `Reach          the witness scans past heap ${formatCount(f.front + f.tail)} found their last witness at splits up to a = ${formatCount(f.deepestSplit)} (the front holds a < ${formatCount(f.front)})\n`,
    `Pattern        none looked for: a windowed run keeps too few values to see or prove a period\n`,
    `Value counts   ${counts.map(([v, c]) => `${v}:${c}`).join(' ')}\n`,
  ];
}

export function windowTableJson(table: WindowTable): string {
  return JSON.stringify({ shape: table.shape, rule: table.rule, max: table.max.toString(), ...table.figures }, null, 2) + '\n';
}
