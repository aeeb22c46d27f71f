/**
 * Progress of a sweep on stderr: rules done of the total, rules per second
 * and the time left. On a terminal (or with --progress) a bar redrawn a few
 * times a second; when stderr is no terminal (a batch job, nohup) the plain
 * lines single runs print: the first after 10 s, then one a minute; nothing
 * with --no-progress.
 *
 * Rules differ in cost a thousandfold, and not at random along a family (in
 * octal codes the later digits allow more splits), so the pace so far may
 * say little about the rules left. The time left is the rules left at the
 * recent pace, and is shown only while that pace holds (the last window of
 * the run agrees with the one before it); otherwise the display says that it
 * cannot be estimated yet, instead of a number that may be off twentyfold.
 * Once the sweep guesses what is left from its rules' costs (its first
 * looks have seen enough rules: see runSweep's onProgress), that guess is
 * shown instead, counting down, and named a guess; past it, the pace
 * decides again.
 */
import { formatCount } from '../core/numbers.js';
import type { OutputStream } from './io.js';
import { onInterrupt } from './interrupt.js';
import { QUIET_EVERY_MS, QUIET_FIRST_LINE_MS, clockTime as clock, fitParts, progressColumns, type ProgressMode } from './progress.js';

export interface ProgressBar {
  /** secondsLeft: the sweep's own guess from its rules' costs, when it has one (see runSweep's onProgress). */
  update(done: number, total: number, secondsLeft?: number): void;
  /** Remove the bar (before other output, or at the end). */
  clear(): void;
  /** Clear, then leave a final line (when given). */
  finish(line?: string): void;
}

/** Before this share of the rules, nothing is known of the pace. */
const ETA_AFTER_SHARE = 0.01;
/** The pace is measured over windows of the last fifth of the run, and at least this long. */
const WINDOW_MS = 10_000;
/** The last window's pace and the one's before may differ by this factor for the pace to count as steady. */
const STEADY = 1.5;
/** Fewer rules than this done in the last window are too few to tell a pace. */
const MIN_RULES_IN_WINDOW = 3;

/**
 * The time left from how the count of rules done grew: the rules left at
 * the pace of the last window, when it agrees with the window's before.
 * Samples of (time, done) are kept about a second apart, two windows back.
 */
export class TimeLeft {
  private readonly samples: { at: number; done: number }[] = [];

  constructor(private readonly started: number) {
    this.samples.push({ at: started, done: 0 });
  }

  add(at: number, done: number): void {
    const last = this.samples[this.samples.length - 1]!;
    if (at - last.at < 1000) return;
    this.samples.push({ at, done });
    const oldest = at - 2 * this.window(at);
    // Keep one sample at or before the oldest time needed.
    while (this.samples.length > 2 && this.samples[1]!.at <= oldest) this.samples.shift();
  }

  private window(now: number): number {
    return Math.max(WINDOW_MS, (now - this.started) / 5);
  }

  /** Rules done by `at` (the last sample then). */
  private doneAt(at: number): number {
    let done = 0;
    for (const s of this.samples) {
      if (s.at > at) break;
      done = s.done;
    }
    return done;
  }

  /** Seconds left; 'early' before the pace can be measured, 'varies' while it changes. */
  seconds(now: number, done: number, total: number): number | 'early' | 'varies' {
    if (done >= total) return 0;
    const window = this.window(now);
    if (now - this.started < 2 * window || done < total * ETA_AFTER_SHARE) return 'early';
    const recent = done - this.doneAt(now - window);
    const before = this.doneAt(now - window) - this.doneAt(now - 2 * window);
    if (recent < MIN_RULES_IN_WINDOW || before <= 0 || recent > before * STEADY || recent * STEADY < before) return 'varies';
    return ((total - done) * window) / recent / 1000;
  }
}

/**
 * `mode`: see progressMode in cli/progress.ts. `now` is a stand-in clock for
 * tests; a timer keeps the display alive while long rules finish nothing.
 */
export function progressBar(mode: ProgressMode, stream: OutputStream, now: () => number = () => performance.now()): ProgressBar {
  if (mode === 'off') return { update() {}, clear() {}, finish() {} };
  const started = now();
  const timeLeft = new TimeLeft(started);
  let lastDraw = mode === 'terminal' ? -Infinity : started + QUIET_FIRST_LINE_MS - QUIET_EVERY_MS;
  let drawn = false;
  let latest: [number, number] = [0, 0];
  /** The sweep's last guess at the seconds left, and when it came. */
  let guess: { seconds: number; at: number } | null = null;
  const clear = () => {
    if (drawn) stream.write('\r\u001b[2K');
    drawn = false;
  };
  // Ctrl-C must not leave a half-drawn bar on the terminal.
  const unhook = mode === 'terminal' ? onInterrupt(clear) : () => {};

  /** The display's parts at `at`; a part set to null is given up for room. */
  const partsAt = (at: number) => {
    const [done, total] = latest;
    const seconds = (at - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const guessed = guess && done < total ? guess.seconds - (at - guess.at) / 1000 : 0;
    const left = timeLeft.seconds(at, done, total);
    const eta =
      guessed > 0
        ? `ETA ~${clock(guessed)} (guessed from costs)`
        : left === 'early'
          ? 'no ETA yet'
          : left === 'varies'
            ? 'ETA unknown (the pace varies)'
            : `ETA ${clock(left)}`;
    return {
      count: `${formatCount(done)}/${formatCount(total)} rules${total > 0 ? ` (${Math.min(100, Math.floor((100 * done) / total))}%)` : ''}`,
      rate: `${rate >= 10 ? formatCount(Math.round(rate)) : rate.toFixed(1)} rules/s` as string | null,
      eta: eta as string | null,
      elapsed: `elapsed ${clock(seconds)}` as string | null,
      bar: true,
    };
  };
  type Parts = ReturnType<typeof partsAt>;
  const summary = (p: Parts, gap: string) => [p.count, p.rate, p.eta, p.elapsed].filter((x) => x !== null).join(gap);

  const draw = (at: number) => {
    lastDraw = at;
    if (mode === 'lines') {
      stream.write(`sg-explore: sweep: ${summary(partsAt(at), ', ')}\n`);
      return;
    }
    const [done, total] = latest;
    const columns = progressColumns(stream);
    const line = (p: Parts) => {
      const text = summary(p, '  ');
      if (!p.bar) return text;
      const barWidth = Math.max(10, Math.min(40, columns - text.length - 3));
      const filled = total > 0 ? Math.round((barWidth * done) / total) : 0;
      return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${text}`;
    };
    // Given up for room, least telling first: the elapsed time, the rate, the bar (the percentage says as much), the time left.
    const drops: ((p: Parts) => Parts)[] = [(p) => ({ ...p, elapsed: null }), (p) => ({ ...p, rate: null }), (p) => ({ ...p, bar: false }), (p) => ({ ...p, eta: null })];
    stream.write(`\r\u001b[2K${fitParts(columns, line, partsAt(at), drops)}`);
    drawn = true;
  };

  const due = (at: number) => at - lastDraw >= (mode === 'terminal' ? 100 : QUIET_EVERY_MS);
  // Rules that run for minutes finish no batch: the elapsed time and the lines go on all the same.
  const timer = setInterval(() => {
    const at = now();
    if (latest[1] > 0 && due(at)) draw(at);
  }, 1000);
  timer.unref();

  return {
    update(done, total, secondsLeft) {
      latest = [done, total];
      const at = now();
      guess = secondsLeft === undefined ? null : { seconds: secondsLeft, at };
      timeLeft.add(at, done);
      if (due(at) || (mode === 'terminal' && done >= total)) draw(at);
    },
    clear,
    finish(line) {
      clearInterval(timer);
      clear();
      unhook();
      if (line) stream.write(line + '\n');
    },
  };
}
