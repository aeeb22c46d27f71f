import { freeMemoryBudget, largestIn, type ValueStore } from '../../kernels/store.js';
import type { SparseSpaceKernel } from './sparse-space.js';
import { stretchComputer, type Stretch, type StretchComputer } from './platform.js';
import type { TakeBreakCode } from '../../rules/code.js';

/**
 * Heaps computed ahead on worker threads from a period that has held so far.
 *
 * A proof attempt that finds G(n + p) = G(n) held from n0 over two periods
 * but not yet over the theorem's window knows the values it needs next, if
 * the period goes on: G(n) = G(n - p). So the heaps from `from` to `to` are
 * cut into one stretch per thread: this thread computes the first, as it
 * would anyway, while each worker computes its own stretch sequentially from
 * the predicted values below it. A stretch computed from true values is true;
 * so stretch by stretch, in order, each is taken while the ones before it
 * matched their prediction. At the first mismatch the stretch that showed it
 * is still taken (its values were computed from true ones), and what lies
 * above is dropped: the period did not hold, and the run goes on as usual.
 * The values are those of one thread, always; only the time differs.
 *
 * Where the period holds (0.354 from about 10^7, .1777 from 160,949,018),
 * the workers compute heaps the main thread would have reached only later.
 */

/**
 * Fewer heaps a thread than this are not worth a round: a round's own costs (copying values in, replaying the split
 * over the other parts) grow with its heaps, at a tenth of computing them or less, but waking a worker costs 50 us.
 * Small enough for the steps a loaded machine takes: a run's steps are about 40 ms of work (driver.ts), 131,072
 * heaps of 0.354 on an idle core here and half that when it is shared.
 */
const MIN_STRETCH = 1 << 13;

/**
 * Threads (this one and the workers) a run needs for rounds: with one worker they paid too little for the memory
 * (each worker holds every value). On 2 cores, 0.354's proof took 3.59-3.75 s against 3.80-3.87 s at 165 MiB against
 * 82, and .1777's 51.0 s against 52.8 s at 1.7 GB against 0.49: the first round copies every value to the worker and
 * replays them there (2 s of .1777's), and the heaps past the period's sighting are only a third to a half.
 */
export const MIN_THREADS_AHEAD = 3;

/**
 * Whether a period held from `from` is worth predicting from at `count` values: it must have held over a sixteenth
 * of them at least. Short runs that repeat by chance (0.16's values repeat with period 3 over their last dozen at
 * several attempts; 0.354's with periods 2 and 11 before 10^7) would fail at once, and a worker that took failed
 * predictions in starts its kernel again from heap 0.
 */
export function worthPredicting(held: { readonly from: number }, count: number): boolean {
  return count - held.from >= count / 16;
}

/** What a round reached: the values are final below `reached`; `held`: whether the prediction held throughout; how many workers' parts were taken. */
export interface SpeculationRound {
  readonly reached: number;
  readonly held: boolean;
  readonly workersTaken: number;
}

/** Whether a round from `from` to `to` is worth it on `threads` threads (this one and the workers), memory allowing (values of two bytes at most: the predictions have two). */
export function speculationPays(store: ValueStore, from: number, to: number, period: number, threads: number): boolean {
  if (threads < MIN_THREADS_AHEAD || to - from < MIN_STRETCH * threads || from < period || store.bytesPerValue > 2) return false;
  // Each worker keeps a copy of the values, and the host a shared copy for them (two bytes a value at most).
  return 2 * to * (threads + 1) <= freeMemoryBudget();
}

/**
 * One round over [from, to) with G(n) predicted as G(n - period) (see above).
 * `kernel` computes this thread's stretch; `computer` the workers'.
 */
export async function speculate(kernel: SparseSpaceKernel, store: ValueStore, from: number, to: number, period: number, computer: StretchComputer): Promise<SpeculationRound> {
  const stretches = cut(from, to, computer.threads + 1);
  const predicted = predict(store.values, from, to, period);
  const theirs = computer.compute(store.values, from, predicted, stretches.slice(1), store.limit);
  // Whatever happens below, the workers' answers are no one's concern once dropped.
  for (const answer of theirs) answer.catch(() => {});
  const mine = stretches[0]!;
  kernel.fill(store, mine.from, mine.to);
  if (!matches(store.values.subarray(mine.from, mine.to), predicted, 0)) return { reached: mine.to, held: false, workersTaken: 0 };
  for (let i = 0; i < theirs.length; i++) {
    const { from: a, to: b } = stretches[i + 1]!;
    const computed = await theirs[i]!;
    const held = matches(computed, predicted, a - from);
    // A value wider than the store's (a prediction that failed) widens it first; two bytes hold every computed one.
    if (store.largestStorable < 0xffff) store.widen(largestIn(computed));
    const values = store.reserve(b);
    values.set(computed, a);
    store.count = b;
    if (!held) return { reached: b, held: false, workersTaken: i + 1 };
  }
  return { reached: to, held: true, workersTaken: theirs.length };
}

/** G(from..to-1) as the period predicts them, from the values below `from`. */
function predict(values: ArrayLike<number>, from: number, to: number, period: number): Uint16Array {
  const predicted = new Uint16Array(to - from);
  for (let i = 0; i < predicted.length; i++) predicted[i] = i >= period ? predicted[i - period]! : values[from + i - period]!;
  return predicted;
}

/** Whether `computed` equals the predictions from index `at` on. */
function matches(computed: ArrayLike<number>, predicted: Uint16Array, at: number): boolean {
  for (let i = 0; i < computed.length; i++) if (computed[i] !== predicted[at + i]) return false;
  return true;
}

/** [from, to) in `parts` stretches of equal length (the last takes the remainder). */
function cut(from: number, to: number, parts: number): Stretch[] {
  const length = Math.ceil((to - from) / parts);
  const stretches: Stretch[] = [];
  for (let a = from; a < to; a += length) stretches.push({ from: a, to: Math.min(to, a + length) });
  return stretches;
}

/**
 * Heaps computed ahead for one run: rounds while the period holds, on the
 * platform's stretch computer (started at the first round); none where the
 * platform has none, or its workers fail (the run then goes on as usual).
 */
export class ComputedAhead {
  private computer: StretchComputer | null | undefined;
  /** Whether a worker's part has been taken (the report says where the work ran). */
  taken = false;

  constructor(
    private readonly kernel: SparseSpaceKernel,
    private readonly code: TakeBreakCode,
    private readonly workers: number,
  ) {}

  /** Rounds from `from` towards `to` with the period's predictions, while they hold and pay. */
  async fill(store: ValueStore, from: number, to: number, period: number): Promise<Omit<SpeculationRound, 'workersTaken'>> {
    let n = from;
    while (n < to && speculationPays(store, n, to, period, this.workers + 1)) {
      this.computer ??= stretchComputer(this.code, this.workers);
      if (!this.computer) break;
      // Starting the workers takes 50-85 ms here: a short proof (0.56's, 110 ms in all) must not wait for them.
      if (!this.computer.ready) {
        this.computer.prepare();
        break;
      }
      let round: SpeculationRound;
      try {
        round = await speculate(this.kernel, store, n, to, period, this.computer);
      } catch {
        // Workers that fail leave the work to the usual path, from the values final so far (store.count).
        void this.close();
        this.computer = null;
        return { reached: store.count, held: true };
      }
      n = round.reached;
      this.taken ||= round.workersTaken > 0;
      if (!round.held) return round;
    }
    return { reached: n, held: true };
  }

  async close(): Promise<void> {
    await this.computer?.close();
  }
}
