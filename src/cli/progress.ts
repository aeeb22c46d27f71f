import { formatCount } from '../numbers.js';

/**
 * A one-line progress display on stderr (a terminal only): values computed,
 * the ceiling, the rate, redrawn at most a few times a second.
 */
export function progressReporter(enabled: boolean): { update(computed: number, ceiling: number): void; done(): void } {
  if (!enabled) return { update() {}, done() {} };
  const started = performance.now();
  let last = 0;
  let drawn = false;
  return {
    update(computed, ceiling) {
      const now = performance.now();
      if (now - last < 200) return;
      last = now;
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? computed / seconds : 0;
      const ceilingText = Number.isFinite(ceiling) ? ` of at most ${formatCount(ceiling)}` : '';
      process.stderr.write(`\r\u001b[2Kcomputing: ${formatCount(computed)} values${ceilingText}, ${formatCount(Math.round(rate))}/s, ${seconds.toFixed(1)} s (no proof yet)`);
      drawn = true;
    },
    done() {
      if (drawn) process.stderr.write('\r\u001b[2K');
    },
  };
}
