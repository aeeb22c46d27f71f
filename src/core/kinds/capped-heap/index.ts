/**
 * Heaps with memory, (heap, cap) games: Fibonacci Nim (`--preset
 * fibonacci-nim`) and its kin, where each move caps the next. The values of
 * every start heap, their P-positions and the law they follow.
 */
import { HEAP_FORM } from '../../contest/form.js';
import { fail, wholeNumber } from '../../rules/check.js';
import { PAIR_MISERE, preparePairs, playPairs } from '../shared/pair-game.js';
import type { GameKind, JudgeForm } from '../kind.js';
import { cappedHeapText, type CappedHeapRule } from './rule.js';
import { cappedHeapCheckpointKey, cappedHeapWork, type CappedHeapExploration } from './explore-capped.js';
import { cappedHeapPairs, cappedNimTheorem } from './pair-game.js';
import { cappedNimCitation, losingHeapsUpTo } from '../../theorems/capped-nim.js';
import { formatCount } from '../../numbers.js';
import { LARGEST_SIGNED, emitRefusal } from '../../emit/limits.js';
import type { CappedNimModel, EmitHeader } from '../../emit/models.js';
import { EXAMPLES, SHOWCASE } from './examples.js';
import { PRESETS } from './presets.js';
import { MEMORY_CONJECTURES } from './conjecture.js';
import { START_LAW_MODEL } from './emit.js';
import { memoryPageView } from './page-view.js';
import { memoryPage, memoryPicture } from './pictures.js';

/** The most losing heaps (for factor k, up to 2^63 - 1) an emitted Fibonacci Nim holds. */
export const MOST_LOSING_HEAPS = 50_000;

/** Fibonacci Nim with factor k for --emit: its losing heaps up to 2^63 - 1 (the renderers write the rest). */
function cappedNimCode(k: bigint, header: (grounds: string[]) => EmitHeader): CappedNimModel {
  const losing = losingHeapsUpTo(k, LARGEST_SIGNED, MOST_LOSING_HEAPS);
  if (!losing) {
    throw emitRefusal(`factor ${k} has more than ${formatCount(MOST_LOSING_HEAPS)} losing heaps below 2^63, the most an emitted table holds (factors up to about 1300 fit)`, 'too-large');
  }
  return {
    kind: 'capped-nim',
    header: header([
      `proven: ${cappedNimCitation(Number(k))}: H(1) = 1, H(j+1) = H(j) + H(m), m the least index with ${k}·H(m) >= H(j)${k === 2n ? ' (the Fibonacci numbers)' : ''};`,
      `every n >= 1 is one greedy sum of H's; a heap of n with cap c (a move takes 1..c, the next cap is ${k} times the take) is lost for the`,
      'player to move exactly when the smallest part exceeds c; a start heap (cap n-1) exactly when n is an H; a winning take is a sum t of',
      `the smallest parts with t <= c whose next larger part is more than ${k}·t`,
    ]),
    factor: k,
    losing,
  };
}

export const cappedHeapKind: GameKind<CappedHeapRule> = {
  name: 'capped-heap',
  examples: EXAMPLES,
  emitModels: { memory: START_LAW_MODEL },
  pageViews: { memory: { view: (x, budget) => memoryPageView(x as CappedHeapExploration, budget), rows: (x) => BigInt((x as CappedHeapExploration).max + 1) } },
  pictures: { memory: { picture: (x) => memoryPicture(x as CappedHeapExploration), page: (x) => memoryPage(x as CappedHeapExploration) } },
  conjectures: { memory: MEMORY_CONJECTURES },
  showcase: SHOWCASE,
  presets: PRESETS,
  ruleKinds: ['capped-heap'],
  tableShape: 'memory',
  misere: PAIR_MISERE,
  // Named by its presets only.
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
  theorem(rule) {
    const next = rule.next;
    return next.kind === 'times' ? { by: 'p-test', test: cappedNimTheorem(next.factor), emit: (header) => cappedNimCode(BigInt(next.factor), header) } : null;
  },
  prepare(request) {
    const rule = request.game.rule;
    return preparePairs(cappedHeapPairs(rule), {
      what: { key: 'error.pairs.capped' },
      defaultMax: 100,
      rows: false,
      checkpointKey: () => cappedHeapCheckpointKey(rule),
      work: (max, resume) => cappedHeapWork(request.game, max, resume),
    }, request, cappedHeapKind.theorem!(rule));
  },
  // A judge gives the start heap; a state after a move is its heap and its cap, "8 4".
  judge: { ...(HEAP_FORM as JudgeForm<CappedHeapRule>), words: 'a start heap n', written: (shown) => shown.replace(/^\((\d+),(\d+)\)$/, '$1 $2') },
  play: (request, random) =>
    playPairs(cappedHeapPairs(request.game.rule), 'heap', request, () => {
      const n = 8 + Math.floor(random() * 30);
      return [[n, n - 1]];
    }, cappedHeapKind.theorem!(request.game.rule)),
};
