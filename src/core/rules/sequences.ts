/**
 * Infinite subtraction sets given by a sequence: take-a-square and friends.
 * Each lists its members up to a bound, ascending, without repeats.
 */
export const MOVE_SEQUENCES = {
  squares: 'the positive squares 1, 4, 9, 16, ...',
  fibonacci: 'the Fibonacci numbers 1, 2, 3, 5, 8, ...',
  factorials: 'the factorials 1, 2, 6, 24, 120, ...',
  'powers-of-two': 'the powers of two 1, 2, 4, 8, ...',
  primes: 'the primes 2, 3, 5, 7, 11, ...',
  triangular: 'the triangular numbers 1, 3, 6, 10, ...',
} as const;

export type MoveSequence = keyof typeof MOVE_SEQUENCES;

export function isMoveSequence(name: string): name is MoveSequence {
  return Object.hasOwn(MOVE_SEQUENCES, name);
}

/** Members of the sequence that are <= bound, ascending. */
export function sequenceMembers(sequence: MoveSequence, bound: number): number[] {
  const out: number[] = [];
  switch (sequence) {
    case 'squares':
      for (let i = 1; i * i <= bound; i++) out.push(i * i);
      break;
    case 'triangular':
      for (let i = 1; (i * (i + 1)) / 2 <= bound; i++) out.push((i * (i + 1)) / 2);
      break;
    case 'fibonacci':
      for (let a = 1, b = 2; a <= bound; [a, b] = [b, a + b]) out.push(a);
      break;
    case 'factorials':
      for (let f = 1, i = 2; f <= bound; f *= i, i++) out.push(f);
      break;
    case 'powers-of-two':
      for (let p = 1; p <= bound; p *= 2) out.push(p);
      break;
    case 'primes': {
      const composite = new Uint8Array(bound + 1);
      for (let i = 2; i <= bound; i++) {
        if (composite[i]) continue;
        out.push(i);
        for (let j = i * i; j <= bound; j += i) composite[j] = 1;
      }
      break;
    }
  }
  return out;
}
