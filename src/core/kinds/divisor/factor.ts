/**
 * The divisors of a whole number of any size up to 3.3·10^24: Miller–Rabin
 * with the first 13 primes as bases (deterministic below 3,317,044,064,679,887,385,961,981)
 * and Pollard's rho (Brent's cycle finding) for what trial division leaves.
 * Winning moves of a heap of 10^18 need the divisors of its odd part.
 */
const BASES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];

/** The largest number whose divisors are found here. */
export const FACTOR_LIMIT = 3_317_044_064_679_887_385_961_980n;

function powMod(base: bigint, exponent: bigint, m: bigint): bigint {
  let result = 1n;
  let b = base % m;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

function isPrime(n: bigint): boolean {
  if (n < 2n) return false;
  for (const p of BASES) if (n % p === 0n) return n === p;
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  witness: for (const a of BASES) {
    let x = powMod(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    for (let i = 1; i < s; i++) {
      x = (x * x) % n;
      if (x === n - 1n) continue witness;
    }
    return false;
  }
  return true;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A factor of the composite n, 1 < f < n (Brent's variant of Pollard's rho). */
function rho(n: bigint): bigint {
  for (let c = 1n; ; c++) {
    const f = (x: bigint) => (x * x + c) % n;
    let y = 2n;
    let g = 1n;
    for (let r = 1; g === 1n; r *= 2) {
      const x = y;
      for (let i = 0; i < r && g === 1n; i++) {
        y = f(y);
        g = gcd(x > y ? x - y : y - x, n);
      }
    }
    if (g !== n) return g;
  }
}

/** The prime factors of n >= 1 with their exponents, smallest first. */
function primeFactors(n: bigint): Map<bigint, number> {
  const found = new Map<bigint, number>();
  const add = (p: bigint) => found.set(p, (found.get(p) ?? 0) + 1);
  let rest = n;
  for (let p = 2n; p < 1000n && p * p <= rest; p++) {
    while (rest % p === 0n) {
      add(p);
      rest /= p;
    }
  }
  const pending = rest > 1n ? [rest] : [];
  while (pending.length) {
    const m = pending.pop()!;
    if (isPrime(m)) add(m);
    else {
      const f = rho(m);
      pending.push(f, m / f);
    }
  }
  return new Map([...found].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/** Every divisor of n (1 <= n <= FACTOR_LIMIT), ascending; null when there are more than `most`. */
export function divisors(n: bigint, most: number): bigint[] | null {
  let all = [1n];
  for (const [p, e] of primeFactors(n)) {
    const next: bigint[] = [];
    for (const d of all) for (let i = 0, q = d; i <= e; i++, q *= p) next.push(q);
    if (next.length > most) return null;
    all = next;
  }
  return all.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
