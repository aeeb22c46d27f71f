/** Python 3: integers of any size, so every function takes any n >= 0. */
import type { CappedNimModel, HeapCycleModel, LanguageRenderer, ModulusModel, WythoffModel } from './model.js';
import { LARGEST_SIGNED } from './model.js';
import { LINE, comment, cycleFormula, fibonacciUpTo, headerLines, numberLines, pieces, tableDigits, tableNote, tableWidth } from './source.js';

export const pythonRenderer: LanguageRenderer = { heapCycle, modulus, wythoff, cappedNim };

function heapCycle(m: HeapCycleModel): string {
  const width = tableWidth(m.values);
  const notes = [cycleFormula(m), tableNote(m, width), m.limit === undefined ? 'grundy(n) and is_p(n) take any int n >= 0 (Python integers have no bound)' : `grundy(n) and is_p(n) take 0 <= n <= ${m.limit}`];
  const table = pieces(tableDigits(m.values, width), LINE).map((p) => `    "${p}"`).join('\n');
  const read = width === 1 ? 'int(SG_TABLE[i])' : `int(SG_TABLE[i * ${width}:(i + 1) * ${width}])`;
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', notes), '#') +
    `\nSG_TABLE = (\n${table}\n)\nSG_PRE, SG_PERIOD, SG_SALTUS = ${m.preperiod}, ${m.period}, ${m.saltus}\n\n\n` +
    `def grundy(n):\n    """G(n), ${m.limit === undefined ? 'n >= 0' : `0 <= n <= ${m.limit} (the table's end)`}."""\n${m.limit === undefined ? '' : `    if n > ${m.limit}:\n        raise ValueError(f"grundy({n}): past the table, which ends at ${m.limit}")\n`}    if n < SG_PRE:\n        i, q = n, 0\n    else:\n        q, r = divmod(n - SG_PRE, SG_PERIOD)\n        i = SG_PRE + r\n    return ${read}${m.saltus === 0n ? '' : ' + q * SG_SALTUS'}\n\n\n` +
    `def is_p(n):\n    """Whether a heap of n is a P-position (the player to move loses)."""\n    return grundy(n) == 0\n`
  );
}

function modulus(m: ModulusModel): string {
  return (
    comment(headerLines(m.header, 'Sprague-Grundy values G(n) of one heap, written by sg-explore --emit', ['grundy(n) and is_p(n) take any int n >= 0']), '#') +
    `\n\ndef grundy(n):\n    """G(n) = n mod ${m.modulus}."""\n    return n % ${m.modulus}\n\n\n` +
    `def is_p(n):\n    """Whether a heap of n is a P-position: n is a multiple of ${m.modulus}."""\n    return n % ${m.modulus} == 0\n`
  );
}

function wythoff(m: WythoffModel): string {
  const notes = [
    'is_p(x, y) and winning_move(x, y) take any ints x, y >= 0 (the Fibonacci list grows as needed)',
    'winning_move returns the position after the move that takes the fewest tokens (ties: the smaller first pile left), or None at a P-position',
  ];
  const fib = fibonacciUpTo(LARGEST_SIGNED);
  return (
    comment(headerLines(m.header, "Wythoff's game, written by sg-explore --emit", notes), '#') +
    `\n# F(2), F(3), ... = 1, 2, 3, 5, ...\nWY_FIB = [\n${numberLines(fib, String, '    ', 6)},\n]\n\n\n` +
    `def _wy_parts(x):\n    """The indices in WY_FIB of the parts of x's Zeckendorf sum, largest first."""\n    while WY_FIB[-2] <= x:\n        WY_FIB.append(WY_FIB[-1] + WY_FIB[-2])\n    parts, i = [], len(WY_FIB) - 1\n    while x:\n        while WY_FIB[i] > x:\n            i -= 1\n        x -= WY_FIB[i]\n        parts.append(i)\n    return parts\n\n\n` +
    `def _wy_shift(parts, by):\n    return sum(WY_FIB[i + by] for i in parts)\n\n\n` +
    `def _wy_partner(x):\n    """The pile that makes a P-position with x."""\n    if x == 0:\n        return 0\n    parts = _wy_parts(x)\n    return _wy_shift(parts, 1 if parts[-1] % 2 == 0 else -1)\n\n\n` +
    `def _wy_lower(k):\n    """floor(k * phi)."""\n    if k == 0:\n        return 0\n    parts = _wy_parts(k)\n    return _wy_shift(parts, 1) - (1 if parts[-1] % 2 == 0 else 0)\n\n\n` +
    `def is_p(x, y):\n    """Whether (x, y) is a P-position (the player to move loses)."""\n    s, l = min(x, y), max(x, y)\n    if s == 0:\n        return l == 0\n    parts = _wy_parts(l)\n    return parts[-1] % 2 == 1 and _wy_shift(parts, -1) == s\n\n\n` +
    `def winning_move(x, y):\n    """The position after the winning move that takes the fewest tokens (ties: the smaller first pile left); None at a P-position."""\n    moves = []\n    py, px = _wy_partner(y), _wy_partner(x)\n    if py < x:\n        moves.append((py, y))\n    if px < y:\n        moves.append((x, px))\n    d = abs(x - y)\n    a = _wy_lower(d)\n    if a < min(x, y):\n        moves.append((a, a + d) if x <= y else (a + d, a))\n    if not moves:\n        return None\n    return min(moves, key=lambda m: (x - m[0] + y - m[1], m[0]))\n\n\n` +
    `def winning_moves(x, y):\n    """Every winning move, as the position after it, in the order sg-explore lists them (fewest tokens taken, then the smaller first pile left, then the second)."""\n    moves = []\n    py, px = _wy_partner(y), _wy_partner(x)\n    if py < x:\n        moves.append((py, y))\n    if px < y:\n        moves.append((x, px))\n    d = abs(x - y)\n    a = _wy_lower(d)\n    if a < min(x, y):\n        moves.append((a, a + d) if x <= y else (a + d, a))\n    return sorted(moves, key=lambda m: (x - m[0] + y - m[1], m[0], m[1]))\n`
  );
}

function cappedNim(m: CappedNimModel): string {
  const k = m.factor;
  const notes = [
    'is_p(n) (a start heap: the first move takes 1..n-1), is_p_state(n, cap) and winning_take(n, cap) take 0 <= n, cap <= 2^63 - 1',
    '(the list of losing heaps ends there); winning_take returns the smallest winning take, or 0 when the position is lost',
  ];
  return (
    comment(headerLines(m.header, `Fibonacci Nim (each move takes at most ${k} times the last), written by sg-explore --emit`, notes), '#') +
    `\nfrom bisect import bisect_right\n\n# The losing heaps H(1), H(2), ... up to 2^63 - 1.\nFN_H = [\n${numberLines(m.losing, String, '    ', 6)},\n]\nFN_K = ${k}\n\n\n` +
    `def _fn_parts(n):\n    """The parts of n >= 1 in its greedy sum of H's, largest first."""\n    parts, hi = [], len(FN_H)\n    while n:\n        i = bisect_right(FN_H, n, 0, hi) - 1\n        parts.append(FN_H[i])\n        n -= FN_H[i]\n        hi = i + 1\n    return parts\n\n\n` +
    `def is_p_state(n, cap):\n    """Whether the player to move loses with a heap of n and a cap of cap."""\n    return n == 0 or _fn_parts(n)[-1] > cap\n\n\n` +
    `def is_p(n):\n    """Whether a start heap of n (the first move takes 1..n-1) is lost for the first player."""\n    return n == 0 or is_p_state(n, n - 1)\n\n\n` +
    `def winning_take(n, cap):\n    """The smallest winning take from (n, cap), or 0 when the position is lost."""\n    if n == 0:\n        return 0\n    parts, t = _fn_parts(n), 0\n    for i in range(len(parts) - 1, -1, -1):\n        t += parts[i]\n        if t > cap:\n            break\n        if i == 0 or parts[i - 1] > FN_K * t:\n            return t\n    return 0\n\n\n` +
    `def winning_takes(n, cap):\n    """Every winning take from (n, cap), smallest first."""\n    takes, t = [], 0\n    parts = _fn_parts(n) if n else []\n    for i in range(len(parts) - 1, -1, -1):\n        t += parts[i]\n        if t > cap:\n            break\n        if i == 0 or parts[i - 1] > FN_K * t:\n            takes.append(t)\n    return takes\n`
  );
}
