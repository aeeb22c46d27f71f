import { formatCount } from '../core/numbers.js';
import type { OutputStream } from './io.js';
import { onInterrupt } from './interrupt.js';
import { fitWidth } from './wrap-wide.js';
import type { Translate } from '../core/i18n/index.js';
import { unitWord } from '../core/play/words.js';

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

/** A progress line's numbers, written out; `ceiling` is null when unknown, `unproven` when heap values still wait on a proof. */
export interface ProgressParts {
  readonly done: string;
  readonly unit: string;
  readonly ceiling: string | null;
  readonly rate: string;
  readonly seconds: string;
  readonly unproven: boolean;
}

/** How a progress line reads: English for the CLI; play speaks its language (progressWords). */
export type ProgressWords = (parts: ProgressParts) => string;

export const ENGLISH_PROGRESS: ProgressWords = (p) =>
  `computing: ${p.done} ${p.unit}${p.ceiling === null ? '' : ` of at most ${p.ceiling}`}, ${p.rate}/s, ${p.seconds} s${p.unproven ? ' (no proof yet)' : ''}`;

/** The progress line in the catalogue's words (play's; in English the same as ENGLISH_PROGRESS, as test/play.test.ts checks). */
export function progressWords(t: Translate): ProgressWords {
  return ({ ceiling, unproven, ...p }) => {
    const unit = unitWord(t, p.unit);
    const line = ceiling === null ? t('play.progress.count', { ...p, unit }) : t('play.progress.of', { ...p, unit, ceiling });
    return unproven ? line + t('play.progress.unproven') : line;
  };
}

export interface ReporterOptions {
  /** What a unit is when an update does not say. */
  readonly unit?: string;
  readonly words?: ProgressWords;
  readonly clock?: () => number;
}

/**
 * Values computed, the ceiling, the rate. On a terminal the line is redrawn
 * a few times a second and cleared before output and on Ctrl-C.
 */
export function progressReporter(mode: ProgressMode, stderr: OutputStream, options: ReporterOptions = {}): Progress {
  if (mode === 'off') return { update() {}, done() {} };
  const { unit: what = 'values', words = ENGLISH_PROGRESS, clock = () => performance.now() } = options;
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
      // Only a heap rule's values wait on a proof.
      const text = words({ done: formatCount(computed), unit, ceiling: Number.isFinite(ceiling) ? formatCount(ceiling) : null, rate: formatCount(Math.round(rate)), seconds: seconds.toFixed(1), unproven: unit === 'values' });
      if (mode === 'terminal') {
        const width = Math.max(20, (stderr.columns ?? 80) - 1);
        stderr.write(`\r\u001b[2K${fitWidth(text, width)}`);
        drawn = true;
      } else stderr.write(`sg-explore: ${text}\n`);
    },
    done() {
      clear();
      unhook();
    },
  };
}
