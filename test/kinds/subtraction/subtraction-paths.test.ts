import { describe, expect, it } from 'vitest';
import { fillSubtraction, UNROLL_FROM } from '../../../src/core/kinds/subtraction/subtraction-kernel.js';
import { referenceValues } from '../../oracles/reference.js';
import { int, mulberry32, randomSet } from '../../helpers/random.js';
import { longTest } from '../../helpers/long.js';

describe('the subtraction kernel on long stretches (the generated straight-line body)', () => {
  longTest('60 random sets of 1 to 40 moves, one block of 2*UNROLL_FROM values, equal the reference (seed 4141) [long]', () => {
    const random = mulberry32(4141);
    const count = 2 * UNROLL_FROM;
    for (let t = 0; t < 60; t++) {
      const moves = randomSet(random, int(random, 1, 40), 60);
      const g = new Uint8Array(count);
      fillSubtraction(g, moves, 0, count);
      const want = referenceValues({ kind: 'subtraction', moves }, count);
      let first = -1;
      for (let n = 0; n < count && first < 0; n++) if (g[n] !== want[n]) first = n;
      expect(first, `moves ${moves}`).toBe(-1);
    }
  });
});
