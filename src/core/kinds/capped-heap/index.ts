/**
 * Heaps with memory, (heap, cap) games: Fibonacci Nim (`--preset
 * fibonacci-nim`) and its kin, where each move caps the next. The values of
 * every start heap, their P-positions and the law they follow.
 */
import { fail, wholeNumber } from '../../rules/check.js';
import { preparePairs, playPairs } from '../shared/pair-game.js';
import type { GameKind } from '../kind.js';
import { cappedHeapText, type CappedHeapRule } from './rule.js';
import { cappedHeapCheckpointKey, cappedHeapWork } from './explore-capped.js';
import { cappedHeapPairs } from './pair-game.js';

export const cappedHeapKind: GameKind<CappedHeapRule> = {
  name: 'capped-heap',
  ruleKinds: ['capped-heap'],
  tableShape: 'memory',
  // Named by presets only (fibonacci-nim, one-more).
  words: [],
  text: cappedHeapText,
  check(rule, where) {
    const next = rule.next as unknown as Record<string, unknown> | null;
    if (typeof next !== 'object' || next === null) fail(`${where}.next`, '{ kind: "times", factor } or { kind: "plus", add }', next);
    if (next.kind === 'times') wholeNumber(next.factor, `${where}.next.factor`, 1, 1 << 20);
    else if (next.kind === 'plus') wholeNumber(next.add, `${where}.next.add`, 0, 1 << 20);
    else fail(`${where}.next.kind`, '"times" or "plus"', next.kind);
    return rule;
  },
  prepare(request) {
    const rule = request.game.rule;
    return preparePairs(cappedHeapPairs(rule), {
      what: { key: 'error.pairs.capped' },
      defaultMax: 100,
      rows: false,
      checkpointKey: () => cappedHeapCheckpointKey(rule),
      work: (max, resume) => cappedHeapWork(request.game, max, resume),
    }, request);
  },
  play: (request, random) =>
    playPairs(cappedHeapPairs(request.game.rule), 'heap', request, () => {
      const n = 8 + Math.floor(random() * 30);
      return [[n, n - 1]];
    }),
};
