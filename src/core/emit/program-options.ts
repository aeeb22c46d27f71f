/**
 * How a Python or JavaScript program (--emit --program) finds the winning
 * moves of a heap: a generator of the options of a heap of n whose value is
 * `want`, in the order sg-explore lists them (by amount taken, then what is
 * left, heap by heap), each as [take, parts, how many]. A count goes through
 * G's period where it can: the splits of a huge heap are counted a period at
 * a time ("how many" then stands for every split of one residue).
 * C, C++ and Java write the same steps with a visitor (program-c.ts,
 * program-java.ts).
 */
import type { ProgramModel } from './program.js';
import { javascriptTableOptions, pythonTableOptions, scriptStartConstants, scriptTableConstants } from './program-table.js';

const json = (v: unknown) => JSON.stringify(v);

/** The constants the options read, as `NAME = value` pairs (the same JSON in both languages, BigInt-mapped in JavaScript). */
export function optionConstants(m: ProgramModel, language: 'python' | 'javascript'): Record<string, string> {
  const o = m.options;
  const big = (list: readonly number[]) => (language === 'python' ? json(list) : `${json(list)}.map(BigInt)`);
  const number = (n: number | bigint) => (language === 'python' ? String(n) : `${n}n`);
  if (o === null || o.kind === 'nim' || o.kind === 'theorem' || o.kind === 'divisors' || o.kind === 'vectors') return {};
  if (o.kind === 'takes') return { TAKES: big(o.takes) };
  if (o.kind === 'all-but') return { EXCLUDED: language === 'python' ? `set(${json(o.excluded)})` : big(o.excluded) };
  if (o.kind === 'table') return scriptTableConstants(o.table, language);
  if (o.kind === 'starts') return scriptStartConstants(o.table, language);
  return {
    DIGITS: json(o.digits),
    UNEQUAL: language === 'python' ? json(o.unequal).replaceAll('true', 'True').replaceAll('false', 'False') : json(o.unequal),
    REPEAT: String(o.repeat),
    CYCLE_PRE: number(m.cycle?.pre ?? 0),
    CYCLE_PERIOD: number(m.cycle?.period ?? 0),
  };
}

/** Python's options(n, want, counting). */
export function pythonOptions(m: ProgramModel): string {
  const o = m.options!;
  const head = 'def options(n, want, counting):\n    """The options of a heap of n with value want, in sg-explore\'s order: (take, parts, how many) each."""\n';
  if (o.kind === 'nim') return `${head}    if want < n:\n        yield n - want, [want], 1\n`;
  if (o.kind === 'table') return pythonTableOptions(head);
  if (o.kind === 'takes') return `${head}    for t in TAKES:\n        if t > n:\n            break\n        if grundy(n - t) == want:\n            yield t, [n - t], 1\n`;
  if (o.kind === 'divisors') {
    return (
      `${head}    # Every proper divisor d of n, ascending: the odd divisors of n's odd part (trial division), times each power of 2 in n.\n` +
      `    if n < 2:\n        return\n    m, k = n, 0\n    while m % 2 == 0:\n        m, k = m // 2, k + 1\n    odd, e = set(), 1\n    while e * e <= m:\n        if m % e == 0:\n            odd.update((e, m // e))\n        e += 2\n` +
      `    for d in sorted(e << j for e in odd for j in range(k + 1)):\n        if d < n and grundy(n - d) == want:\n            yield d, [n - d], 1\n`
    );
  }
  if (o.kind === 'all-but') {
    const residue =
      m.code.kind === 'heap-cycle' && m.code.saltus !== 0n
        ? `        if want >= base and (want - base) % SG_SALTUS == 0:\n            m = r + SG_PERIOD * ((want - base) // SG_SALTUS)\n            if m < n:\n                found.append(m)\n`
        : `        if r < n and base == want:\n            found.append(r)\n`;
    return (
      `${head}    # The heaps below n of value want, read off the pattern (few), largest first, less the excluded amounts.\n` +
      `    found = [m for m in range(min(n, SG_PRE)) if grundy(m) == want]\n    for r in range(SG_PRE, SG_PRE + SG_PERIOD):\n        base = grundy(r)\n${residue}` +
      `    for m in sorted(found, reverse=True):\n        if n - m not in EXCLUDED:\n            yield n - m, [m], 1\n`
    );
  }
  return `def digit_at(t):
    if t >= len(DIGITS):
        if REPEAT == 0:
            return 0, False
        t = len(DIGITS) - REPEAT + (t - (len(DIGITS) - REPEAT)) % REPEAT
    return DIGITS[t], UNEQUAL[t]


def splits(rest, last, want, counting):
    """The splits a + (rest - a), 1 <= a <= last, of value want, by a, as (a, how many): past G's preperiod on both sides
    they repeat with a mod the period, so those a are counted (or listed) a period at a time."""
    def good(a):
        return grundy(a) ^ grundy(rest - a) == want
    if CYCLE_PERIOD == 0:
        for a in range(1, last + 1):
            if good(a):
                yield a, 1
        return
    pre, p = CYCLE_PRE, CYCLE_PERIOD
    for a in range(1, min(last, pre - 1) + 1):
        if good(a):
            yield a, 1
    first, middle_last = max(pre, 1), min(last, rest - pre)
    if first <= middle_last:
        goods = [a for a in range(first, min(first + p, middle_last + 1)) if good(a)]
        if counting:
            for a in goods:
                yield a, (middle_last - a) // p + 1
        else:
            yield from listed(goods, p, middle_last)
    for a in range(max(first, rest - pre + 1), last + 1):
        if good(a):
            yield a, 1


def listed(goods, p, last):
    turn = 0
    while goods:
        for a in goods:
            if a + turn > last:
                return
            yield a + turn, 1
        turn += p


${head}    last = n if REPEAT else min(n, len(DIGITS) - 1)
    for t in range(last + 1):
        d, unequal = digit_at(t)
        rest = n - t
        if d & 1 and rest == 0 and want == 0:
            yield t, [], 1
        last2 = (rest // 2 - 1 if unequal and rest % 2 == 0 else rest // 2) if d & 4 and rest >= 2 else 0
        if d & 8:
            # Three heaps too: for each a, its three-heap splits (b rising) come before its two-heap one.
            last3 = rest // 3
            for a in range(1, max(last2, last3) + 1):
                for b in range(a, (rest - a) // 2 + 1 if a <= last3 else a):
                    if grundy(a) ^ grundy(b) ^ grundy(rest - a - b) == want:
                        yield t, [a, b, rest - a - b], 1
                if a <= last2 and grundy(a) ^ grundy(rest - a) == want:
                    yield t, [a, rest - a], 1
        elif last2 > 0:
            for a, times in splits(rest, last2, want, counting):
                yield t, [a, rest - a], times
        if d & 2 and rest >= 1 and t > 0 and grundy(rest) == want:
            yield t, [rest], 1
`;
}

/** JavaScript's options(n, want, counting), over BigInt. */
export function javascriptOptions(m: ProgramModel): string {
  const o = m.options!;
  const head = "/** The options of a heap of n with value want, in sg-explore's order: [take, parts, how many] each. */\nfunction* options(n, want, counting) {\n";
  if (o.kind === 'nim') return `${head}  if (want < n) yield [n - want, [want], 1n];\n}\n`;
  if (o.kind === 'table') return javascriptTableOptions(head);
  if (o.kind === 'takes') return `${head}  for (const t of TAKES) {\n    if (t > n) break;\n    if (grundy(n - t) === want) yield [t, [n - t], 1n];\n  }\n}\n`;
  if (o.kind === 'divisors') {
    return (
      `${head}  // Every proper divisor d of n, ascending: the odd divisors of n's odd part (trial division), times each power of 2 in n.\n` +
      `  if (n < 2n) return;\n  let m = n, k = 0n;\n  while (m % 2n === 0n) m /= 2n, k++;\n  const odd = new Set();\n  for (let e = 1n; e * e <= m; e += 2n) if (m % e === 0n) odd.add(e).add(m / e);\n` +
      `  const all = [];\n  for (const e of odd) for (let j = 0n; j <= k; j++) all.push(e << j);\n  all.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));\n` +
      `  for (const d of all) if (d < n && grundy(n - d) === want) yield [d, [n - d], 1n];\n}\n`
    );
  }
  if (o.kind === 'all-but') {
    const residue =
      m.code.kind === 'heap-cycle' && m.code.saltus !== 0n
        ? `    if (want >= base && (want - base) % SG_SALTUS === 0n) {\n      const m = r + SG_PERIOD * ((want - base) / SG_SALTUS);\n      if (m < n) found.push(m);\n    }\n`
        : `    if (r < n && base === want) found.push(r);\n`;
    return (
      `${head}  // The heaps below n of value want, read off the pattern (few), largest first, less the excluded amounts.\n  const found = [];\n` +
      `  for (let m = 0n; m < n && m < SG_PRE; m++) if (grundy(m) === want) found.push(m);\n  for (let r = SG_PRE; r < SG_PRE + SG_PERIOD; r++) {\n    const base = grundy(r);\n${residue}  }\n` +
      `  found.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));\n  for (const m of found) if (!EXCLUDED.includes(n - m)) yield [n - m, [m], 1n];\n}\n`
    );
  }
  return `function digitAt(t) {
  if (t >= DIGITS.length) {
    if (REPEAT === 0) return [0, false];
    t = DIGITS.length - REPEAT + ((t - (DIGITS.length - REPEAT)) % REPEAT);
  }
  return [DIGITS[t], UNEQUAL[t]];
}

/** The splits a + (rest - a), 1 <= a <= last, of value want, by a, as [a, how many]: past G's preperiod on both sides they repeat with a mod the period, so those a are counted (or listed) a period at a time. */
function* splits(rest, last, want, counting) {
  const good = (a) => (grundy(a) ^ grundy(rest - a)) === want;
  if (CYCLE_PERIOD === 0n) {
    for (let a = 1n; a <= last; a++) if (good(a)) yield [a, 1n];
    return;
  }
  const pre = CYCLE_PRE, p = CYCLE_PERIOD;
  for (let a = 1n; a <= last && a < pre; a++) if (good(a)) yield [a, 1n];
  const first = pre > 1n ? pre : 1n, middleLast = last < rest - pre ? last : rest - pre;
  if (first <= middleLast) {
    const goods = [];
    for (let a = first; a < first + p && a <= middleLast; a++) if (good(a)) goods.push(a);
    if (counting) for (const a of goods) yield [a, (middleLast - a) / p + 1n];
    else {
      listing: for (let turn = 0n; goods.length > 0; turn += p) {
        for (const a of goods) {
          if (a + turn > middleLast) break listing;
          yield [a + turn, 1n];
        }
      }
    }
  }
  for (let a = rest - pre + 1n > first ? rest - pre + 1n : first; a <= last; a++) if (good(a)) yield [a, 1n];
}

${head}  const last = REPEAT ? n : n < BigInt(DIGITS.length - 1) ? n : BigInt(DIGITS.length - 1);
  for (let t = 0n; t <= last; t++) {
    const [d, unequal] = digitAt(Number(t));
    const rest = n - t;
    if (d & 1 && rest === 0n && want === 0n) yield [t, [], 1n];
    const last2 = d & 4 && rest >= 2n ? (unequal && rest % 2n === 0n ? rest / 2n - 1n : rest / 2n) : 0n;
    if (d & 8) {
      // Three heaps too: for each a, its three-heap splits (b rising) come before its two-heap one.
      const last3 = rest / 3n;
      for (let a = 1n; a <= (last2 > last3 ? last2 : last3); a++) {
        for (let b = a; a <= last3 && b <= (rest - a) / 2n; b++) if ((grundy(a) ^ grundy(b) ^ grundy(rest - a - b)) === want) yield [t, [a, b, rest - a - b], 1n];
        if (a <= last2 && (grundy(a) ^ grundy(rest - a)) === want) yield [t, [a, rest - a], 1n];
      }
    } else if (last2 > 0n) for (const [a, times] of splits(rest, last2, want, counting)) yield [t, [a, rest - a], times];
    if (d & 2 && rest >= 1n && t > 0n && grundy(rest) === want) yield [t, [rest], 1n];
  }
}
`;
}
