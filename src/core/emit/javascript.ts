/**
 * JavaScript (Node, browsers): plain functions over BigInt, so heaps up to
 * 10^18 and beyond are exact (a Number is exact only to 2^53); each function
 * takes a BigInt, a Number or a decimal string, and returns BigInt values.
 */
import type { CappedNimModel, HeapCycleModel, LanguageRenderer, ModulusModel, WythoffModel } from './model.js';
import { LARGEST_SIGNED } from './model.js';
import { LINE, comment, cycleFormula, fibonacciUpTo, headerLines, numberLines, pieces, tableDigits, tableNote, tableWidth } from './source.js';

const big = (v: bigint) => `${v}n`;
const TAKES = 'every function takes a BigInt, a Number (exact only up to 2^53) or a decimal string, and returns BigInt values (exact at any size)';

export const javascriptRenderer: LanguageRenderer = { heapCycle, modulus, wythoff, cappedNim };

function heapCycle(m: HeapCycleModel): string {
  const width = tableWidth(m.values);
  const notes = [cycleFormula(m), tableNote(m, width), `grundy(n) and isP(n) take any n >= 0; ${TAKES}`];
  const table = pieces(tableDigits(m.values, width), LINE).map((p) => `  "${p}"`).join(',\n');
  const read = width === 1 ? 'BigInt(SG_TABLE.charCodeAt(i) - 48)' : `BigInt(SG_TABLE.slice(i * ${width}, (i + 1) * ${width}))`;
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', notes), '//') +
    `\nconst SG_TABLE = [\n${table},\n].join("");\nconst SG_PRE = ${big(BigInt(m.preperiod))}, SG_PERIOD = ${big(BigInt(m.period))}, SG_SALTUS = ${big(m.saltus)};\n\n` +
    `function sgTable(i) {\n  return ${read};\n}\n\n` +
    `/** G(n), ${m.limit === undefined ? 'n >= 0' : `0 <= n <= ${m.limit} (the table's end)`}. */\nfunction grundy(n) {\n  n = BigInt(n);\n${m.limit === undefined ? '' : `  if (n > ${big(m.limit)}) throw new RangeError(\`grundy(\${n}): past the table, which ends at ${m.limit}\`);\n`}  if (n < SG_PRE) return sgTable(Number(n));\n  const q = (n - SG_PRE) / SG_PERIOD;\n  return sgTable(Number(SG_PRE + (n - SG_PRE) % SG_PERIOD))${m.saltus === 0n ? '' : ' + q * SG_SALTUS'};\n}\n\n` +
    `/** Whether a heap of n is a P-position (the player to move loses). */\nfunction isP(n) {\n  return grundy(n) === 0n;\n}\n`
  );
}

function modulus(m: ModulusModel): string {
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', [`grundy(n) and isP(n) take any n >= 0; ${TAKES}`]), '//') +
    `\n/** G(n) = n mod ${m.modulus}. */\nfunction grundy(n) {\n  return BigInt(n) % ${big(m.modulus)};\n}\n\n` +
    `/** Whether a heap of n is a P-position: n is a multiple of ${m.modulus}. */\nfunction isP(n) {\n  return BigInt(n) % ${big(m.modulus)} === 0n;\n}\n`
  );
}

function wythoff(m: WythoffModel): string {
  const fib = fibonacciUpTo(LARGEST_SIGNED);
  const notes = [
    `isP(x, y) and winningMove(x, y) take any piles x, y >= 0; ${TAKES}`,
    'winningMove returns [x, y] after the move that takes the fewest tokens (ties: the smaller first pile left), or null at a P-position',
  ];
  return (
    comment(headerLines(m.header, "Wythoff's game, written by sg-explore --emit", notes), '//') +
    `\n// F(2), F(3), ... = 1, 2, 3, 5, ... (grown as needed)\nconst WY_FIB = [\n${numberLines(fib, big, '  ', 4)},\n];\n\n` +
    `/** The indices in WY_FIB of the parts of x's Zeckendorf sum, largest first. */\nfunction wyParts(x) {\n  while (WY_FIB[WY_FIB.length - 2] <= x) WY_FIB.push(WY_FIB[WY_FIB.length - 1] + WY_FIB[WY_FIB.length - 2]);\n  const parts = [];\n  let i = WY_FIB.length - 1;\n  while (x > 0n) {\n    while (WY_FIB[i] > x) i--;\n    x -= WY_FIB[i];\n    parts.push(i);\n  }\n  return parts;\n}\n\n` +
    `function wyShift(parts, by) {\n  let s = 0n;\n  for (const i of parts) s += WY_FIB[i + by];\n  return s;\n}\n\n` +
    `/** The pile that makes a P-position with x. */\nfunction wyPartner(x) {\n  if (x === 0n) return 0n;\n  const parts = wyParts(x);\n  return wyShift(parts, parts[parts.length - 1] % 2 === 0 ? 1 : -1);\n}\n\n` +
    `/** floor(k * phi). */\nfunction wyLower(k) {\n  if (k === 0n) return 0n;\n  const parts = wyParts(k);\n  return wyShift(parts, 1) - (parts[parts.length - 1] % 2 === 0 ? 1n : 0n);\n}\n\n` +
    `/** Whether (x, y) is a P-position (the player to move loses). */\nfunction isP(x, y) {\n  x = BigInt(x);\n  y = BigInt(y);\n  const s = x < y ? x : y, l = x < y ? y : x;\n  if (s === 0n) return l === 0n;\n  const parts = wyParts(l);\n  return parts[parts.length - 1] % 2 === 1 && wyShift(parts, -1) === s;\n}\n\n` +
    `/** [x, y] after the winning move that takes the fewest tokens (ties: the smaller first pile left); null at a P-position. */\nfunction winningMove(x, y) {\n  x = BigInt(x);\n  y = BigInt(y);\n  const moves = [];\n  const py = wyPartner(y), px = wyPartner(x);\n  if (py < x) moves.push([py, y]);\n  if (px < y) moves.push([x, px]);\n  const d = x > y ? x - y : y - x, a = wyLower(d);\n  if (a < (x < y ? x : y)) moves.push(x <= y ? [a, a + d] : [a + d, a]);\n  let best = null;\n  for (const m of moves) {\n    const taken = x - m[0] + y - m[1];\n    if (best === null || taken < best[0] || (taken === best[0] && m[0] < best[1][0])) best = [taken, m];\n  }\n  return best === null ? null : best[1];\n}\n\n` +
    `/** Every winning move, as [x, y] after it, in the order sg-explore lists them (fewest tokens taken, then the smaller first pile left, then the second). */\nfunction winningMoves(x, y) {\n  x = BigInt(x);\n  y = BigInt(y);\n  const moves = [];\n  const py = wyPartner(y), px = wyPartner(x);\n  if (py < x) moves.push([py, y]);\n  if (px < y) moves.push([x, px]);\n  const d = x > y ? x - y : y - x, a = wyLower(d);\n  if (a < (x < y ? x : y)) moves.push(x <= y ? [a, a + d] : [a + d, a]);\n  const order = (u, v) => (u < v ? -1 : u > v ? 1 : 0);\n  return moves.sort((m, w) => order(x - m[0] + y - m[1], x - w[0] + y - w[1]) || order(m[0], w[0]) || order(m[1], w[1]));\n}\n`
  );
}

function cappedNim(m: CappedNimModel): string {
  const k = m.factor;
  const notes = [
    `isP(n) (a start heap: the first move takes 1..n-1), isPState(n, cap) and winningTake(n, cap) take 0 <= n, cap <= 2^63 - 1; ${TAKES}`,
    'winningTake returns the smallest winning take, or 0n when the position is lost',
  ];
  return (
    comment(headerLines(m.header, `Fibonacci Nim (each move takes at most ${k} times the last), written by sg-explore --emit`, notes), '//') +
    `\n// The losing heaps H(1), H(2), ... up to 2^63 - 1.\nconst FN_H = [\n${numberLines(m.losing, big, '  ', 4)},\n];\nconst FN_K = ${big(k)};\n\n` +
    `/** The parts of n >= 1 in its greedy sum of H's, largest first. */\nfunction fnParts(n) {\n  const parts = [];\n  let hi = FN_H.length - 1;\n  while (n > 0n) {\n    let lo = 0;\n    while (lo < hi) {\n      const mid = (lo + hi + 1) >> 1;\n      if (FN_H[mid] <= n) lo = mid;\n      else hi = mid - 1;\n    }\n    parts.push(FN_H[lo]);\n    n -= FN_H[lo];\n    hi = lo;\n  }\n  return parts;\n}\n\n` +
    `/** Whether the player to move loses with a heap of n and a cap of cap. */\nfunction isPState(n, cap) {\n  n = BigInt(n);\n  if (n === 0n) return true;\n  const parts = fnParts(n);\n  return parts[parts.length - 1] > BigInt(cap);\n}\n\n` +
    `/** Whether a start heap of n (the first move takes 1..n-1) is lost for the first player. */\nfunction isP(n) {\n  n = BigInt(n);\n  return n === 0n || isPState(n, n - 1n);\n}\n\n` +
    `/** The smallest winning take from (n, cap), or 0n when the position is lost. */\nfunction winningTake(n, cap) {\n  n = BigInt(n);\n  cap = BigInt(cap);\n  if (n === 0n) return 0n;\n  const parts = fnParts(n);\n  let t = 0n;\n  for (let i = parts.length - 1; i >= 0; i--) {\n    t += parts[i];\n    if (t > cap) break;\n    if (i === 0 || parts[i - 1] > FN_K * t) return t;\n  }\n  return 0n;\n}\n\n` +
    `/** Every winning take from (n, cap), smallest first. */\nfunction winningTakes(n, cap) {\n  n = BigInt(n);\n  cap = BigInt(cap);\n  const takes = [];\n  const parts = n === 0n ? [] : fnParts(n);\n  let t = 0n;\n  for (let i = parts.length - 1; i >= 0; i--) {\n    t += parts[i];\n    if (t > cap) break;\n    if (i === 0 || parts[i - 1] > FN_K * t) takes.push(t);\n  }\n  return takes;\n}\n`
  );
}
