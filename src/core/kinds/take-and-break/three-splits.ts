/**
 * Splits of a heap into three non-empty heaps a <= b <= c, at any size: how
 * many there are and the j-th in order (by a, then b), and those whose values
 * xor to a target, counted through a proven period. A heap of 10^18 has about
 * 10^35 splits; past the preperiod a part's value depends only on its residue
 * mod p, so the splits fall into classes by the residues of a and b, each
 * class counted in closed form.
 */

/** The splits with smallest part a and parts of `rest` in all: b runs from a to (rest - a) / 2. */
const withSmallest = (rest: bigint, a: bigint): bigint => {
  const count = (rest - a) / 2n - a + 1n;
  return count > 0n ? count : 0n;
};

/** The sum of floor(m / 2) for 0 <= m < count. */
const halvesBelow = (count: bigint): bigint => (count <= 0n ? 0n : (count / 2n) * ((count - 1n) / 2n));

/** The splits of `rest` whose smallest part is at most `last` (last <= rest / 3). */
function splitsUpTo(rest: bigint, last: bigint): bigint {
  if (last <= 0n) return 0n;
  // Sum over a = 1..last of floor((rest - a) / 2) - a + 1.
  const halves = halvesBelow(rest) - halvesBelow(rest - last);
  return halves - (last * (last + 1n)) / 2n + last;
}

/** How many ways `rest` splits into three non-empty heaps (a <= b <= c). */
export function threeSplitCount(rest: bigint): bigint {
  return rest < 3n ? 0n : splitsUpTo(rest, rest / 3n);
}

/** The j-th split of `rest` into three heaps (0 <= j < threeSplitCount(rest)), in the order a, then b. */
export function threeSplitAt(rest: bigint, j: bigint): [bigint, bigint, bigint] {
  // The smallest part: the least a whose splits up to a pass j (a binary search over a <= rest / 3).
  let low = 1n;
  let high = rest / 3n;
  while (low < high) {
    const mid = (low + high) / 2n;
    if (splitsUpTo(rest, mid) > j) high = mid;
    else low = mid + 1n;
  }
  const a = low;
  const b = a + (j - splitsUpTo(rest, a - 1n));
  return [a, b, rest - a - b];
}

/** floor(x / m) for m > 0, rounding down for negative x too. */
const floorDiv = (x: bigint, m: bigint): bigint => (x >= 0n ? x / m : -((-x + m - 1n) / m));

/** The sum of floor((slope * i + start) / m) for 0 <= i < count (slope, start >= 0, m > 0): the Euclid-like reduction. */
function floorSum(count: bigint, m: bigint, slope: bigint, start: bigint): bigint {
  let total = 0n;
  for (;;) {
    if (slope >= m) {
      total += (count * (count - 1n) / 2n) * (slope / m);
      slope %= m;
    }
    if (start >= m) {
      total += count * (start / m);
      start %= m;
    }
    const top = slope * count + start;
    if (top < m) return total;
    [count, start, m, slope] = [top / m, top % m, slope, m];
  }
}

/** A proven period: G(m + period) = G(m) for m >= from. */
export interface Cycle {
  readonly from: bigint;
  readonly period: bigint;
}

/** Splits found: how many, the first few (a, b, c) in order, and the values looked at. */
export interface SplitsFound {
  readonly count: bigint;
  readonly listed: [bigint, bigint, bigint][];
  readonly work: number;
}

/** Values looked at to count the splits of a heap through its period (the preperiod's pairs, and a period squared). */
export function threeSplitWork(cycle: Cycle): number {
  const s = Number(cycle.from);
  const p = Number(cycle.period);
  return s * s + s * p + p * p;
}

/**
 * The splits a + b + c = rest (a <= b <= c) with G(a) xor G(b) xor G(c) =
 * target, through the period, for rest >= 3 * from (so that c is always past
 * the preperiod): the a below the preperiod one by one (each with its b below
 * the preperiod one by one, and the rest by residue), then every (a, b) past
 * it by the residues of a and b mod p, each good pair of residues counted in
 * closed form. The first `want` are listed, within `budget` more looks.
 */
export function periodicThreeSplits(g: (m: bigint) => bigint, cycle: Cycle, rest: bigint, target: bigint, want: number, budget: number): SplitsFound {
  const { from: s, period: p } = cycle;
  // A part past the preperiod stands for its class: the heap from s to s + p - 1 with its residue.
  const rep = (m: bigint) => (m < s ? m : s + ((m - s) % p));
  // The class of c = rest - a - b for a and b in the classes of a0 and b0 (c is past the preperiod).
  const third = (a0: bigint, b0: bigint) => s + ((((rest - a0 - b0 - s) % p) + p) % p);
  let count = 0n;
  let work = 0;
  for (let a = 1n; a < s && 3n * a <= rest; a++) {
    const t = target ^ g(a);
    const left = rest - a;
    const lastB = left / 2n;
    for (let b = a; b < s && b <= lastB; b++, work++) if ((g(b) ^ g(left - b)) === t) count++;
    // b from s on: b and c are both past the preperiod, so G(b) xor G(c) depends on b mod p.
    for (let b = s > a ? s : a; b < s + p && b <= lastB; b++, work++) if ((g(rep(b)) ^ g(rep(left - b))) === t) count += (lastB - b) / p + 1n;
  }
  // a from s on: all three parts periodic; a good pair of residues (a0, b0) counts every (a, b) in its classes.
  const lastA = rest / 3n;
  // Parts are at least 1: with no preperiod the classes start at 1.
  const lo = s > 0n ? s : 1n;
  for (let a0 = lo; a0 < lo + p && a0 <= lastA; a0++) {
    const steps = (lastA - a0) / p + 1n;
    for (let b0 = lo; b0 < lo + p; b0++, work++) {
      if ((g(a0) ^ g(b0) ^ g(third(a0, b0))) !== target) continue;
      count += classCount(rest, p, a0, b0, steps);
    }
  }
  return { count, listed: listThreeSplits(g, rep, s, p, rest, target, want, budget - work), work };
}

/**
 * The (a, b) with a = a0 + p*i (0 <= i < steps) and b = b0 mod p, a <= b <=
 * (rest - a) / 2: for each a, floor(((rest - a) / 2 - b0) / p) - floor((a - 1 - b0) / p).
 */
function classCount(rest: bigint, p: bigint, a0: bigint, b0: bigint, steps: bigint): bigint {
  // floor((floor((rest - a) / 2) - b0) / p) = floor((rest - a - 2 b0) / 2p); over i from the last a down, it rises by p a step.
  const twoP = 2n * p;
  let start = rest - a0 - 2n * b0 - p * (steps - 1n);
  // Lift a negative start by whole multiples of 2p (floorSum takes start >= 0), taken back after.
  const lift = start < 0n ? (-start + twoP - 1n) / twoP : 0n;
  start += lift * twoP;
  const upper = floorSum(steps, twoP, p, start) - lift * steps;
  // floor((a0 + p i - 1 - b0) / p) = i + floor((a0 - 1 - b0) / p).
  const lower = (steps * (steps - 1n)) / 2n + steps * floorDiv(a0 - 1n - b0, p);
  return upper - lower;
}

/** The first `want` good splits in order (a, then b), looking at most `budget` values: past the preperiod a good b recurs every p. */
function listThreeSplits(g: (m: bigint) => bigint, rep: (m: bigint) => bigint, s: bigint, p: bigint, rest: bigint, target: bigint, want: number, budget: number): [bigint, bigint, bigint][] {
  const listed: [bigint, bigint, bigint][] = [];
  let looks = 0;
  // For a past s, whether it has a good b depends on a mod p: a full period of a's with none means none come after.
  let emptyRun = 0n;
  for (let a = 1n; 3n * a <= rest && listed.length < want && looks < budget; a++) {
    const lastB = (rest - a) / 2n;
    const periodicFrom = a > s ? a : s;
    let periodicFound = false;
    for (let b = a; b <= lastB && listed.length < want && looks < budget; b++, looks++) {
      // A full period of b's past the preperiod without a good one: this a has no more.
      if (b >= periodicFrom + p && !periodicFound) break;
      if ((g(rep(a)) ^ g(rep(b)) ^ g(rep(rest - a - b))) !== target) continue;
      listed.push([a, b, rest - a - b]);
      if (b >= s) periodicFound = true;
    }
    emptyRun = a >= s && !periodicFound ? emptyRun + 1n : 0n;
    if (emptyRun >= p) break;
  }
  return listed;
}
