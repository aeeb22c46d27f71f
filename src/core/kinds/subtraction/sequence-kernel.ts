import type { MoveSequence } from '../../rules/sequences.js';
import { sequenceMembers } from '../../rules/sequences.js';
import { MexBuffer } from '../../kernels/mex-buffer.js';
import type { ValueStore } from '../../kernels/store.js';

/** Kernel for infinite subtraction sets (squares, Fibonacci, ...): the moves that fit, via a stamped mex buffer. */
export class SequenceSubtractionKernel {
  private readonly buffer = new MexBuffer();

  constructor(private readonly sequence: MoveSequence) {}

  fill(store: ValueStore, from: number, to: number): void {
    const moves = Int32Array.from(sequenceMembers(this.sequence, Math.max(0, to - 1)));
    let g = store.reserve(to);
    let fitting = 0; // moves[0..fitting) are <= n
    for (let n = from; n < to; n++) {
      while (fitting < moves.length && moves[fitting]! <= n) fitting++;
      const seen = this.buffer.ensure(fitting + 1);
      for (let i = 0; i < fitting; i++) seen[g[n - moves[i]!]!] = n;
      const value = this.buffer.mex(n);
      if (value > store.largestStorable) g = store.widen(value);
      g[n] = value;
      store.count = n + 1;
    }
  }
}
