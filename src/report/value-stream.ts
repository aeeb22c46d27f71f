import type { Exploration } from '../explore.js';

/** G(0), G(1), ... in order: the computed values, then the proven cycle carried on without a division per heap. */
export function valueStream(x: Exploration): { next(): number } {
  const g = x.values;
  const count = x.computed;
  const p = x.pattern;
  let n = 0;
  let index = 0;
  let rise = 0;
  return {
    next() {
      if (n < count) return g[n++]!;
      if (p.kind === 'none') throw new RangeError(`G(${n}) was not computed and no pattern is known`);
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
}
