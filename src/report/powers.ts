/**
 * `--format powers`: JSON lines, one at every power of two N the run passes
 * (written as it passes it, not at the end): the value frequencies over
 * heaps 1..N, in the form of R. Rogalski's results/GAME/N files
 * (scripts/compare-rogalski.mjs compares them), and the statistics row of
 * G(0..N) (src/core/heap/statistics.ts). The last line, `"final": true`,
 * is the same over every computed value, with the pattern and what the
 * values exclude. Facts about the computed values only: no line claims a period.
 */
import { PowerTally, frequencyObject, type PowerRecord } from '../core/heap/value-tally.js';
import type { UnsolvedStatistics } from '../core/heap/statistics.js';
import type { Exploration } from '../core/heap/explore.js';
import type { ValueArray } from '../core/kernels/store.js';
import type { Sink } from '../core/sink.js';
import type { Progressive } from './progressive.js';

/** The lines of one run, as its values come (onValues) and at its end (finalText). */
export class PowersStream implements Progressive {
  private readonly tally = new PowerTally();

  constructor(private readonly rule: string) {}

  /** The lines of the powers of two that G(0..count-1) pass since the last call ('' when none). */
  onValues(values: ValueArray, count: number): string {
    return this.tally
      .advance(values, count)
      .map((record) => this.line(record))
      .join('');
  }

  /** The powers not written yet, then the final line: over every computed value. */
  finalText(x: Exploration): string {
    const rest = this.onValues(x.values, x.computed);
    const { tally } = this.tally;
    const pattern = x.pattern.kind === 'none' ? { kind: 'none' } : { kind: x.pattern.kind, proven: 'proof' in x.pattern && x.pattern.proof !== null };
    const excluded = x.excludedPeriods && { upTo: x.excludedPeriods.upTo, after: x.excludedPeriods.after };
    const final = { ...this.fields(tally.heaps - 1, tally.frequencies(), tally.statistics()), final: true, pattern, excludedPeriods: excluded };
    return rest + JSON.stringify(final) + '\n';
  }

  private line({ heaps, frequencies, statistics }: PowerRecord): string {
    return JSON.stringify(this.fields(heaps, frequencies, statistics)) + '\n';
  }

  private fields(heaps: number, frequencies: readonly number[], s: UnsolvedStatistics) {
    return {
      rule: this.rule,
      heaps,
      frequencies: frequencyObject(frequencies),
      computed: s.computed,
      largestValue: s.largestValue,
      largestAt: s.largestAt,
      rareMask: s.rareMask,
      rareHeaps: s.rareHeaps,
      lastRareHeap: s.lastRareHeap,
    };
  }
}

/** The whole report at once (or its rest, after a stream wrote the powers the run passed). */
export async function writePowers(x: Exploration, sink: Sink, stream?: Progressive): Promise<void> {
  await sink.write((stream instanceof PowersStream ? stream : new PowersStream(x.rule)).finalText(x));
}
