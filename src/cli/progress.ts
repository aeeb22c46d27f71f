import { formatCount } from '../core/numbers.js';
import type { OutputStream } from './io.js';
import { onInterrupt } from './interrupt.js';

/** When stderr is no terminal: the first line after this long, then one a minute. */
export const QUIET_FIRST_LINE_MS = 10_000;
export const QUIET_EVERY_MS = 60_000;

export interface Progress {
  /** Units done, the most there will be, and what a unit is (default: the reporter's). */
  update(computed: number, ceiling: number, unit?: string): void;
  /** Remove the line (before any output, and at the end). */
  done(): void;
}

export type ProgressMode = 'terminal' | 'lines' | 'off';

/**
 * How to show progress on `stderr`: a redrawn line on a terminal (or
 * anywhere with --progress); occasional plain lines when stderr is no
 * terminal (a long run in a batch job or under nohup says it is alive);
 * nothing with --no-progress.
 */
export function progressMode(asked: boolean | undefined, stderr: OutputStream): ProgressMode {
  if (asked !== undefined) return asked ? 'terminal' : 'off'; // --progress forces the redrawn line anywhere
  return stderr.isTTY ? 'terminal' : 'lines';
}

/**
 * Values computed, the ceiling, the rate. On a terminal the line is redrawn
 * a few times a second and cleared before output and on Ctrl-C.
 */
export function progressReporter(mode: ProgressMode, stderr: OutputStream, what = 'values', clock: () => number = () => performance.now()): Progress {
  if (mode === 'off') return { update() {}, done() {} };
  const started = clock();
  let last = mode === 'terminal' ? 0 : started + QUIET_FIRST_LINE_MS - QUIET_EVERY_MS;
  let drawn = false;
  const clear = () => {
    if (drawn) stderr.write('\r\u001b[2K');
    drawn = false;
  };
  const unhook = mode === 'terminal' ? onInterrupt(clear) : () => {};
  return {
    update(computed, ceiling, unit = what) {
      const now = clock();
      if (now - last < (mode === 'terminal' ? 200 : QUIET_EVERY_MS)) return;
      last = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? computed / seconds : 0;
      const ceilingText = Number.isFinite(ceiling) ? ` of at most ${formatCount(ceiling)}` : '';
      // Only a heap rule's values wait on a proof.
      const text = `computing: ${formatCount(computed)} ${unit}${ceilingText}, ${formatCount(Math.round(rate))}/s, ${seconds.toFixed(1)} s${unit === 'values' ? ' (no proof yet)' : ''}`;
      if (mode === 'terminal') {
        const width = Math.max(20, (stderr.columns ?? 80) - 1);
        stderr.write(`\r\u001b[2K${text.slice(0, width)}`);
        drawn = true;
      } else stderr.write(`sg-explore: ${text}\n`);
    },
    done() {
      clear();
      unhook();
    },
  };
}
