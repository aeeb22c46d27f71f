import type { Exploration } from '../core/heap/explore.js';
import { isCycle } from '../core/laws/pattern.js';

/** G(0), G(1), ... in order: the computed values, then the proven cycle carried on without a division per heap. */
export interface ValueStream {
  next(): number;
  /** The next `length` values into target[0..length): a native copy while they are computed ones. */
  take(target: Uint32Array, length: number): void;
}

export function valueStream(x: Exploration): ValueStream {
  const g = x.values;
  const count = x.computed;
  const p = x.pattern;
  let n = 0;
  let index = 0;
  let rise = 0;
  const stream: ValueStream = {
    take(target, length) {
      const copied = Math.max(0, Math.min(length, count - n));
      if (copied > 0) target.set(g.subarray(n, n + copied));
      n += copied;
      for (let i = copied; i < length; i++) target[i] = stream.next();
    },
    next() {
      if (n < count) return g[n++]!;
      if (!isCycle(p)) throw new RangeError(`G(${n}) was not computed and no pattern is known`);
      if (n === count) {
        // Carry on from the last full period that was computed.
        const back = Math.ceil((n - count + 1) / p.period);
        index = n - back * p.period;
        rise = back * p.saltus;
      }
      n++;
      const v = g[index]! + rise;
      if (++index === count) {
        index -= p.period;
        rise += p.saltus;
      }
      return v;
    },
  };
  return stream;
}
