/** Axis ticks a reader expects: 1, 2 or 5 times a power of ten. */

/** About `target` evenly spaced ticks covering [lo, hi], on multiples of a nice step. */
export function niceTicks(lo: number, hi: number, target = 6): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) ticks.push(Math.round(t / step) * step + 0); // + 0 turns -0 into 0
  return ticks;
}

/** A nice upper end for an axis from 0 to `max` (at least 1). */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const t = niceTicks(0, max, 5);
  const step = t.length > 1 ? t[1]! - t[0]! : max;
  return Math.ceil(max / step - 1e-9) * step;
}

/** Ticks for a log(1 + v) axis from 0 to `max`: 0 and the powers of ten up to max. */
export function log1pTicks(max: number): number[] {
  const ticks = [0];
  for (let p = 1; p <= max * (1 + 1e-9); p *= 10) ticks.push(p);
  return ticks;
}
