/** The exact integer square root of n >= 0 (the largest r with r*r <= n), for numbers of any size. */
export function integerSqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError(`integerSqrt of a negative number (${n})`);
  if (n < 2n) return n;
  // Newton's method from a power of two at or above the root: the iterates fall to it.
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
