/**
 * Subtraction games: take s tokens from a heap for s in a finite set
 * (`--moves 1,2,3`), in every positive number but a finite set (`--all-but
 * 2,3,7`; Nim is `--all-but ''`), or in a named infinite sequence (`--moves
 * squares`). A move leaves one heap.
 */
import { InputError, quote, says, saying } from '../../errors.js';
import { fail, moveSet } from '../../rules/check.js';
import { parseMoveList } from '../../rules/sets.js';
import { MOVE_SEQUENCES, isMoveSequence, sequenceMembers, type MoveSequence } from '../../rules/sequences.js';
import { HEAP_MISERE, playHeap, prepareHeap } from '../shared/heap-game.js';
import type { HeapKind, HeapMovesData } from '../../heap/heap-kind.js';
import type { GameKind, RuleWord } from '../kind.js';
import { isNim, takeAwayText, type TakeAwayRule } from './rule.js';
import { subtractionOptions, takeAwayReckoned } from './options.js';
import { takeAwaySolver } from './solver.js';
import { takeAwayWithValue } from './winning-options.js';
import { allButMisereOutcomes } from './misere.js';
import type { ClosedForm } from '../../heap/closed-form.js';
import { EXAMPLES, SHOWCASE } from './examples.js';
import { PRESETS } from './presets.js';
import { ALL_BUT_FAMILY, SUBTRACTION_FAMILY } from './families.js';

/** Nim: every value is the heap itself (Bouton, 1901), P only at 0. */
const BOUTON_NIM: ClosedForm = {
  theorem: { key: 'theorem.bouton' },
  value: (n) => n,
  cycle: { preperiod: 0, period: 1, saltus: 1 },
  largest: (max) => max,
  pPositions: () => ({ kind: 'finite', list: [0] }),
};

const sequenceIn = (text: string): MoveSequence | null => {
  const name = text.replace(/[{}\s]/g, '');
  return /^\{?\s*[a-z-]+\s*\}?$/i.test(text.trim()) && isMoveSequence(name) ? name : null;
};

const SEQUENCE_NAMES = Object.keys(MOVE_SEQUENCES);

const words: readonly RuleWord[] = [
  {
    word: 'moves',
    argument: 'S',
    example: '1,2,3',
    order: 10,
    aliases: ['subtraction'],
    describe: 'finite subtraction set: take s tokens for s in S, e.g. 1,2,3',
    flag: true,
    sweepable: true,
    fileValue: { form: 'numbers', allowEmpty: false },
    schema: {"description": "Finite subtraction set: take s tokens for s in this set.", "type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1}},
    parse(text, where) {
      const sequence = sequenceIn(text);
      if (sequence) return { rule: { kind: 'sequence-subtraction', sequence } };
      if (/[a-z]/i.test(text)) throw new InputError(says`${where}: ${saying('error.moves.notNumbers', { text: quote(text), names: SEQUENCE_NAMES.join(', ') })}`, { code: 'bad-rule', value: text });
      return { rule: { kind: 'subtraction', moves: parseMoveList(text, where, false) } };
    },
  },
  {
    word: 'all-but',
    argument: 'E',
    example: '2,3,7',
    order: 20,
    aliases: [],
    describe: 'take any positive number of tokens except these, e.g. 2,3,7',
    flag: true,
    sweepable: true,
    fileValue: { form: 'numbers', allowEmpty: true },
    schema: {"description": "Take any positive number of tokens except these (empty: Nim).", "type": "array", "items": {"type": "integer", "minimum": 1}},
    parse: (text, where) => ({ rule: { kind: 'all-but', excluded: parseMoveList(text, where, true) } }),
  },
  {
    word: 'sequence',
    argument: 'NAME',
    example: 'squares',
    order: 40,
    aliases: [],
    describe: `subtract a member of a named sequence: ${SEQUENCE_NAMES.join(', ')}`,
    flag: false,
    sweepable: true,
    fileValue: { form: 'text' },
    schema: { description: "Infinite subtraction set given by a sequence.", enum: SEQUENCE_NAMES },
    parse(text, where) {
      const sequence = sequenceIn(text);
      if (!sequence) throw new InputError(says`${where}: ${saying('error.moves.unknownSequence', { name: quote(text.trim()), names: SEQUENCE_NAMES.join(', ') })}`, { code: 'bad-rule', value: text });
      return { rule: { kind: 'sequence-subtraction', sequence } };
    },
  },
];

/** A finite set's amounts; an all-but set's exclusions; a sequence's members up to the largest heap (a table's end, up to 2^24). */
function movesAsData(rule: TakeAwayRule, largest: bigint | null): HeapMovesData | null {
  if (rule.kind === 'subtraction') return { kind: 'takes', takes: rule.moves };
  if (rule.kind === 'all-but') return { kind: 'all-but', excluded: rule.excluded };
  return largest !== null && largest <= 1n << 24n ? { kind: 'takes', takes: sequenceMembers(rule.sequence, Number(largest)) } : null;
}

const heap: HeapKind<TakeAwayRule> = {
  moves: (rule) => ({
    text: takeAwayText(rule),
    options: (n) => subtractionOptions(rule, n),
    reckoned: takeAwayReckoned(rule),
    splits: false,
    nim: isNim(rule),
    withValue: (x, n, target, limit, budget) => takeAwayWithValue(rule, x, n, target, limit, budget),
    ...(rule.kind === 'all-but' && { misereOutcomes: (max: number) => allButMisereOutcomes(rule.excluded, max) }),
    ...(rule.kind === 'subtraction' && { window: rule.moves[rule.moves.length - 1]! }),
    asData: (largest) => movesAsData(rule, largest),
  }),
  solver: (rule) => takeAwaySolver(rule),
  // A sweep's values cost O(1) each here (O(n) for a sequence); the theorems prove most periods long before.
  sweep: {
    limits: { subtraction: { limit: 2 ** 16, order: 10 }, 'all-but': { limit: 2 ** 16, order: 20 }, 'sequence-subtraction': { limit: 2 ** 13, order: 50 } },
    classOf: (rule) => rule.kind,
  },
};

export const subtractionKind: GameKind<TakeAwayRule> = {
  name: 'subtraction',
  examples: EXAMPLES,
  showcase: SHOWCASE,
  presets: PRESETS,
  sweepFamilies: [SUBTRACTION_FAMILY, ALL_BUT_FAMILY],
  ruleKinds: ['subtraction', 'all-but', 'sequence-subtraction'],
  tableShape: 'heap',
  words,
  text: takeAwayText,
  check(rule, where) {
    switch (rule.kind) {
      case 'subtraction': {
        const moves = moveSet(rule.moves, where, 'moves', false);
        return moves === rule.moves ? rule : { kind: 'subtraction', moves };
      }
      case 'all-but': {
        const excluded = moveSet(rule.excluded, where, 'excluded', true);
        return excluded === rule.excluded ? rule : { kind: 'all-but', excluded };
      }
      case 'sequence-subtraction':
        if (typeof rule.sequence !== 'string' || !isMoveSequence(rule.sequence)) fail(`${where}.sequence`, 'squares, fibonacci, factorials, powers-of-two, primes or triangular', rule.sequence);
        return rule;
    }
  },
  heap,
  misere: HEAP_MISERE,
  theorem: (rule) => (isNim(rule) ? { by: 'values', form: BOUTON_NIM } : null),
  prepare: (request) => prepareHeap(subtractionKind, takeAwayText(request.game.rule), request),
  play: (request, random) => playHeap(subtractionKind, takeAwayText(request.game.rule), request, random),
};
