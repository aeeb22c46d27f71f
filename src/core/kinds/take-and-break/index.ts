/**
 * Take-and-break games (`--code 0.77`, `4.07`, `0.3F`, Grundy's game
 * `4!.0`): a move takes tokens from a heap and may split what is left into
 * two or three heaps. Two-heap codes run on the rare/common kernel; octal
 * codes prove their periods by the Guy-Smith theorem.
 */
import { InputError, says, saying } from '../../errors.js';
import { fail, fieldAt, wholeNumber } from '../../rules/check.js';
import { isRepeating, maxHeapsLeft, normalCode, parseCode, SPLIT_TWO } from '../../rules/code.js';
import { HEAP_MISERE, playHeap, prepareHeap } from '../shared/heap-game.js';
import type { HeapKind } from '../../heap/heap-kind.js';
import type { GameKind, RuleWord } from '../kind.js';
import { takeBreakText, type TakeBreakRule } from './rule.js';
import { takeBreakOptions, takeBreakReckoned } from './options.js';
import { takeBreakSolver } from './solver.js';
import { hugeTakeBreakWithValue, takeBreakWithValue } from './winning-options.js';
import { tooMuch } from '../../heap/heap-options.js';
import { EXAMPLES, SHOWCASE } from './examples.js';
import { PRESETS } from './presets.js';
import { OCTAL_FAMILY } from './families.js';
import { prepareWindowTable, windowTableJson, windowTableLines, type WindowTable } from './window-table.js';

const words: readonly RuleWord[] = [
  {
    word: 'code',
    argument: 'C',
    example: '0.77',
    order: 30,
    aliases: ['octal', 'hexadecimal', 'take-and-break'],
    describe: 'take-and-break code in CGSuite notation: 0.77, .07, 4.07, 0.3F, 4!.0; digits in brackets repeat: 4.[3]',
    flag: true,
    sweepable: true,
    fileValue: { form: 'as-written' },
    schema: {"description": "Take-and-break code in CGSuite notation: 0.77, .07, 4.07, 0.3F; '!' after a splitting digit asks for unequal heaps (4!.0 is Grundy's game); digits in brackets at the end repeat forever (4.[3] is Lasker's Nim). A bare number (code: 0.77) is read as written.", "oneOf": [{"type": "string", "pattern": "^\\s*([0-9A-Fa-f]!?)?\\.([0-9A-Fa-f]!?)*(\\[([0-9A-Fa-f]!?)+\\])?\\s*$"}, {"type": "number"}]},
    parse(text, where) {
      if (text.trim() === '') throw new InputError(says`${where}: ${saying('error.code.none')}`, { code: 'bad-rule', value: text });
      return { rule: { kind: 'take-and-break', code: parseCode(text, where) } };
    },
  },
];

const heap: HeapKind<TakeBreakRule> = {
  moves: (rule) => ({
    text: takeBreakText(rule),
    options: (n) => takeBreakOptions(rule.code, n),
    reckoned: takeBreakReckoned(rule.code),
    splits: true,
    nim: false,
    asData: () => ({ kind: 'code', digits: rule.code.digits, unequal: rule.code.unequal, repeat: rule.code.repeat ?? 0 }),
    withValue: (x, n, target, limit, budget) =>
      n <= BigInt(Number.MAX_SAFE_INTEGER) ? takeBreakWithValue(rule.code, x, Number(n), Number(target), limit, budget) : hugeTakeBreakWithValue(rule.code, x, n, target, limit, budget),
  }),
  solver: (rule, threads) => takeBreakSolver(rule, threads),
  // As far as a single run goes: 0.16 and 0.56 need about 500,000 and 650,000 values for their proofs;
  // a three-heap split costs O(n^2) a value.
  sweep: {
    limits: { 'take-and-break': { limit: 2 ** 20, order: 30 }, 'three-heap': { limit: 2 ** 11, order: 40 } },
    // A repeating code (4.[3]) takes any number: a value costs O(n) like a three-heap split's, and no proof stops it early,
    // so it takes that class's limit (a class of its own would change the defaults every results file records).
    classOf: (rule) => (maxHeapsLeft(rule.code) === 3 || isRepeating(rule.code) ? 'three-heap' : 'take-and-break'),
  },
};

export const takeAndBreakKind: GameKind<TakeBreakRule> = {
  name: 'take-and-break',
  examples: EXAMPLES,
  showcase: SHOWCASE,
  presets: PRESETS,
  sweepFamilies: [OCTAL_FAMILY],
  ruleKinds: ['take-and-break'],
  tableShape: 'heap',
  words,
  text: takeBreakText,
  check(rule, where) {
    const code = rule.code as unknown as Record<string, unknown> | null;
    if (typeof code !== 'object' || code === null) fail(`${where}.code`, 'a code { digits, unequal } (see parseCode)', code);
    const { digits, unequal, repeat } = code;
    if (!Array.isArray(digits) || digits.length === 0 || digits.length > 4096) fail(`${where}.code.digits`, 'an array of 1 to 4096 digits', digits);
    if (!Array.isArray(unequal) || unequal.length !== digits.length) fail(`${where}.code.unequal`, `an array of ${digits.length} booleans, one a digit`, unequal);
    digits.forEach((d, j) => wholeNumber(d, `${where}.code.digits[${j}]`, 0, 15));
    unequal.forEach((u, j) => {
      if (typeof u !== 'boolean') fail(`${where}.code.unequal[${j}]`, 'true or false', u);
      if (u && !(digits[j] & SPLIT_TWO)) throw new InputError(`${where}.code.unequal[${j}]: unequal heaps only make sense for a digit that splits in two (4-7, C-F), not ${digits[j]}`, { code: 'bad-rule', field: fieldAt(where), value: code });
    });
    if (digits[0] & 3) throw new InputError(`${where}.code.digits[0]: the digit before the point may only split (4, 8 or 12), not ${digits[0]}: removing nothing must break the heap`, { code: 'bad-rule', field: fieldAt(where), value: code });
    // The repeating digits come after the point: d0 (removing nothing) never repeats.
    if (repeat !== undefined) wholeNumber(repeat, `${where}.code.repeat`, 0, digits.length - 1);
    // Trailing zeros say nothing, nor does a repeated block written twice (parseCode writes neither): the kernels take the code as normalCode gives it.
    return { kind: 'take-and-break', code: normalCode(digits, unequal, (repeat as number | undefined) ?? 0) };
  },
  heap,
  misere: HEAP_MISERE,
  prepare: (request) => (request.window === undefined ? prepareHeap(takeAndBreakKind, takeBreakText(request.game.rule), request) : prepareWindowTable(request, takeBreakText(request.game.rule))),
  windowedTables: true,
  shapeWords: { 'window-table': 'a table that kept part of its values (--window)' },
  writers: {
    'window-table': {
      table: (result) => windowTableLines(result as WindowTable),
      json: (result) => [windowTableJson(result as WindowTable)],
    },
  },
  play: (request, random) => playHeap(takeAndBreakKind, takeBreakText(request.game.rule), request, random),
};
