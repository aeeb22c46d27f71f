/**
 * A one-line progress bar on stderr for sweeps: rules done of the total,
 * rules per second and the time left, redrawn a few times a second. Only on
 * a terminal (or when asked with --progress); silent otherwise.
 */
import { formatCount } from '../numbers.js';
import type { OutputStream } from '../cli/io.js';
import { onInterrupt } from '../cli/interrupt.js';

export interface ProgressBar {
  update(done: number, total: number): void;
  /** Remove the bar (before other output, or at the end). */
  clear(): void;
  /** Clear, then leave a final line (when enabled). */
  finish(line?: string): void;
}

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function progressBar(enabled: boolean, stream: OutputStream): ProgressBar {
  if (!enabled) return { update() {}, clear() {}, finish() {} };
  const started = performance.now();
  let last = -Infinity;
  let drawn = false;
  let latest: [number, number] = [0, 0];
  // Ctrl-C must not leave a half-drawn bar on the terminal.
  const unhook = onInterrupt(() => {
    if (drawn) stream.write('\r\u001b[2K');
    drawn = false;
  });
  const draw = () => {
    const [done, total] = latest;
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    const text = `${formatCount(done)}/${formatCount(total)} rules  ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} rules/s  ETA ${clock(eta)}  elapsed ${clock(seconds)}`;
    const columns = stream.columns ?? 80;
    const barWidth = Math.max(10, Math.min(40, columns - text.length - 4));
    const filled = total > 0 ? Math.round((barWidth * done) / total) : 0;
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]`;
    stream.write(`\r\u001b[2K${`${bar} ${text}`.slice(0, Math.max(20, columns - 1))}`);
    drawn = true;
  };
  return {
    update(done, total) {
      latest = [done, total];
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw();
    },
    clear() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
    finish(line) {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
      unhook();
      if (line) stream.write(line + '\n');
    },
  };
}
