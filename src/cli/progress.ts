import { formatCount } from '../core/numbers.js';
import type { OutputStream } from './io.js';
import { onInterrupt } from './interrupt.js';
import { fitWidth, textWidth } from './wrap-wide.js';
import { translator, type Translate } from '../core/i18n/index.js';
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

/**
 * A progress line's numbers, written out. A part that is null is not shown:
 * `ceiling`, `percent` and `left` when the end is not known, and any part
 * the terminal has no room for. `unproven` when heap values still wait on a proof.
 */
export interface ProgressParts {
  readonly done: string;
  readonly unit: string;
  readonly ceiling: string | null;
  readonly percent: string | null;
  readonly rate: string | null;
  readonly seconds: string | null;
  /** The time left at the pace so far, to the ceiling (a proof may end the work sooner). */
  readonly left: string | null;
  readonly unproven: boolean;
}

/** How a progress line reads: English for the CLI; play speaks its language (progressWords). */
export type ProgressWords = (parts: ProgressParts) => string;

/** The progress line in the catalogue's words: the CLI's in English, play's in its language. */
export function progressWords(t: Translate): ProgressWords {
  return ({ done, unit, unproven, ...p }) => {
    const piece = (key: 'ceiling' | 'percent' | 'rate' | 'seconds' | 'left') => (p[key] === null ? '' : t(`play.progress.${key}`, { [key]: p[key] }));
    const pieces = (['ceiling', 'percent', 'rate', 'seconds', 'left'] as const).map(piece).join('');
    return t('play.progress.head', { done, unit: unitWord(t, unit) }) + pieces + (unproven ? t('play.progress.unproven') : '');
  };
}

export const ENGLISH_PROGRESS: ProgressWords = progressWords(translator('en'));

/** Seconds as m:ss, or h:mm:ss. */
export function clockTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The columns a progress line may fill: one less than the terminal's (the cursor needs one), 80 when it does not say. */
export function progressColumns(stream: OutputStream): number {
  return Math.max(20, (stream.columns || 80) - 1);
}

/**
 * The line for `full` that fits `width` columns: while it is too wide the
 * next of `drops` (least telling first) takes a part away, so the line loses
 * whole parts, not the ends of words; only when every drop is spent is it cut.
 */
export function fitParts<P>(width: number, words: (parts: P) => string, full: P, drops: readonly ((parts: P) => P)[]): string {
  let parts = full;
  let line = words(parts);
  for (const drop of drops) {
    if (textWidth(line) <= width) return line;
    parts = drop(parts);
    line = words(parts);
  }
  return fitWidth(line, width);
}

/** The parts of a progress line given up for room, least telling first: the elapsed time, the rate, the proof note, the ceiling, the time left. */
const PROGRESS_DROPS: readonly ((p: ProgressParts) => ProgressParts)[] = [
  (p) => ({ ...p, seconds: null }),
  (p) => ({ ...p, rate: null }),
  (p) => ({ ...p, unproven: false }),
  (p) => ({ ...p, ceiling: null }),
  (p) => ({ ...p, left: null }),
];

/** The progress line that fits `width` columns (see fitParts). */
export function progressLine(parts: ProgressParts, width: number, words: ProgressWords = ENGLISH_PROGRESS): string {
  return fitParts(width, words, parts, PROGRESS_DROPS);
}

/** The parts of a line: `computed` units of at most `ceiling` (Infinity: not known) after `seconds`. */
export function progressParts(computed: number, ceiling: number, unit: string, seconds: number): ProgressParts {
  const rate = seconds > 0 ? computed / seconds : 0;
  const known = Number.isFinite(ceiling) && ceiling > 0;
  // The pace says little in the first second.
  const left = known && rate > 0 && seconds >= 1 ? clockTime(Math.max(0, ceiling - computed) / rate) : null;
  return {
    done: formatCount(computed),
    unit,
    ceiling: known ? formatCount(ceiling) : null,
    percent: known ? String(Math.min(100, Math.floor((100 * computed) / ceiling))) : null,
    rate: formatCount(Math.round(rate)),
    seconds: seconds.toFixed(1),
    left,
    // Only a heap rule's values wait on a proof.
    unproven: unit === 'values',
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
      const parts = progressParts(computed, ceiling, unit, (now - started) / 1000);
      if (mode === 'terminal') {
        stderr.write(`\r\u001b[2K${progressLine(parts, progressColumns(stderr), words)}`);
        drawn = true;
      } else stderr.write(`sg-explore: ${words(parts)}\n`);
    },
    done() {
      clear();
      unhook();
    },
  };
}
