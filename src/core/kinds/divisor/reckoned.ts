/**
 * The divisor game's options reckoned at any heap size play can factor:
 * heap n's options are n - d for its proper divisors d, ascending as
 * options() lists them. Counting and listing need n's divisors (factor.ts);
 * checking one typed move needs only a division.
 */
import type { ReckonedOptions } from '../../heap/heap-kind.js';
import { divisors, FACTOR_LIMIT } from './factor.js';

export function divisorReckoned(): ReckonedOptions {
  // Play asks for the options of one heap many times in a row (count, then the i-th): factor it once.
  let last: { n: bigint; proper: bigint[] } | null = null;
  const proper = (n: bigint): bigint[] => {
    if (last?.n !== n) last = { n, proper: n < 2n ? [] : divisors(n, Infinity)!.slice(0, -1) };
    return last.proper;
  };
  return {
    // The odd part is what is factored beyond trial division (every power of 2 divides out first).
    upTo: FACTOR_LIMIT,
    count: (n) => BigInt(proper(n).length),
    at: (n, i) => [n - proper(n)[Number(i)]!],
    isOption(n, parts) {
      const d = n - (parts[0] ?? 0n);
      return parts.length === 1 && d >= 1n && d < n && n % d === 0n;
    },
    splitsTaking: () => false,
  };
}
