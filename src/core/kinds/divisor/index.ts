/**
 * The divisor game (`--preset divisor`, rule files' `divisors: proper`): a
 * move takes a proper divisor d of the heap n (d | n, d < n). Its theorem
 * (theorem.ts) gives every value, so tables, positions and --at of heaps up
 * to 10^18 and beyond need no computation; its options, listed, check it.
 */
import { InputError, quote, says } from '../../errors.js';
import { fail } from '../../rules/check.js';
import { HEAP_MISERE, playHeap, prepareHeap } from '../shared/heap-game.js';
import type { HeapKind } from '../../heap/heap-kind.js';
import type { GameKind, RuleWord } from '../kind.js';
import { properDivisorText, type ProperDivisorRule } from './rule.js';

export type { ProperDivisorRule } from './rule.js';
import { DIVISOR_THEOREM, divisorMovesWithValue } from './theorem.js';
import { divisorCode } from './code.js';
import { divisorReckoned } from './reckoned.js';
import { say } from '../../i18n/index.js';
import { EXAMPLES } from './examples.js';

const RULE: ProperDivisorRule = { kind: 'proper-divisor' };

const words: readonly RuleWord[] = [
  {
    word: 'divisors',
    argument: 'proper',
    example: 'proper',
    order: 45,
    aliases: [],
    describe: 'take a proper divisor d of the heap n (d | n, d < n): the divisor game',
    flag: false,
    sweepable: false,
    fileValue: { form: 'text' },
    schema: { description: 'Take a proper divisor d of the heap n (d divides n, d < n): the divisor game.', enum: ['proper'] },
    parse(text, where) {
      if (text.trim() !== 'proper') throw new InputError(says`${where}: ${quote(text.trim())} is not a divisor rule (the one there is: proper)`, { code: 'bad-rule', value: text });
      return { rule: RULE };
    },
  },
];

const heap: HeapKind<ProperDivisorRule> = {
  moves: (rule) => ({
    text: properDivisorText(rule),
    options(n) {
      const options: number[][] = [];
      for (let d = 1; d < n; d++) if (n % d === 0) options.push([n - d]);
      return options;
    },
    splits: false,
    nim: false,
    reckoned: divisorReckoned(),
    withValue: (_x, n, target, limit, budget) => divisorMovesWithValue(n, target, limit, budget),
    asData: () => ({ kind: 'divisors' }),
  }),
};

export const divisorKind: GameKind<ProperDivisorRule> = {
  name: 'divisor',
  examples: EXAMPLES,
  ruleKinds: ['proper-divisor'],
  tableShape: 'heap',
  words,
  presets: [{ name: 'divisor', order: 16, rule: RULE, about: { key: 'preset.divisor' } }],
  text: properDivisorText,
  check: (rule, where) => (rule.kind === 'proper-divisor' && Object.keys(rule).length === 1 ? rule : fail(where, '{ kind: "proper-divisor" }', rule)),
  heap,
  misere: HEAP_MISERE,
  theorem: () => ({ by: 'values', form: DIVISOR_THEOREM, emit: (header) => divisorCode(header([`proven: ${say(DIVISOR_THEOREM.theorem)}`])) }),
  prepare: (request) => prepareHeap(divisorKind, properDivisorText(request.game.rule), request),
  play: (request, random) => playHeap(divisorKind, properDivisorText(request.game.rule), request, random),
};
