/**
 * A reusable mex buffer: seen[v] === stamp marks v as an option value of the
 * heap being computed. Stamps change per heap, so nothing is ever cleared,
 * and the buffer only grows (to a power of two) when a larger value appears.
 */
export class MexBuffer {
  private seen = new Float64Array(64).fill(-1);

  mark(value: number, stamp: number): void {
    if (value >= this.seen.length) this.grow(value);
    this.seen[value] = stamp;
  }

  /** The smallest value not marked with `stamp`. */
  mex(stamp: number): number {
    const seen = this.seen;
    let v = 0;
    while (v < seen.length && seen[v] === stamp) v++;
    return v;
  }

  /** Direct access for hot loops that know their values fit (see `ensure`). */
  get array(): Float64Array {
    return this.seen;
  }

  /** Make sure values below `bound` can be marked through `array`. */
  ensure(bound: number): Float64Array {
    if (bound > this.seen.length) this.grow(bound - 1);
    return this.seen;
  }

  private grow(value: number): void {
    let size = this.seen.length;
    while (size <= value) size *= 2;
    const bigger = new Float64Array(size).fill(-1);
    bigger.set(this.seen);
    this.seen = bigger;
  }
}

/** The smallest power of two above `value`: a bound on any xor of values <= value. */
export function xorBound(value: number): number {
  let bound = 1;
  while (bound <= value) bound *= 2;
  return bound;
}
