/**
 * Two-pile games (`--vectors "(1,0) (0,1) (1,1)"`, Wythoff's game): a move
 * subtracts a positive multiple of one vector, capped or not. The table of
 * G(x, y), its rows' patterns, and the law of its P-positions.
 */
import { pairForm } from '../../contest/form.js';
import { fail, fieldAt, wholeNumber } from '../../rules/check.js';
import { InputError, says, saying } from '../../errors.js';
import { PAIR_MISERE, preparePairs, playPairs } from '../shared/pair-game.js';
import type { GameKind, RuleWord } from '../kind.js';
import { MAX_VECTOR, parseVectors, vectorRuleText, type VectorRule } from './rule.js';
import { gridCheckpointKey, gridWork, type GridExploration } from './grid.js';
import { WYTHOFF_THEOREM, isWythoff, twoPileGame } from './pair-game.js';
import { WYTHOFF_CITATION } from '../../theorems/wythoff.js';
import type { EmitHeader, WythoffModel } from '../../emit/models.js';
import { EXAMPLES, SHOWCASE } from './examples.js';
import { PRESETS } from './presets.js';
import { GRID_CONJECTURES } from './conjecture.js';
import { PAIR_LAW_MODEL } from './emit.js';
import { gridPageView, gridRows } from './page-view.js';
import { gridPage, gridPicture } from './pictures.js';

/** Wythoff's game for --emit: a P-test and a winning move by Zeckendorf representations (the renderers write it). */
function wythoffCode(header: (grounds: string[]) => EmitHeader): WythoffModel {
  return {
    kind: 'wythoff',
    header: header([
      `proven: ${WYTHOFF_CITATION}: the P-positions are (⌊k·φ⌋, ⌊k·φ²⌋) and their mirror images, k >= 0`,
      'computed exactly with Zeckendorf representations (sums of Fibonacci numbers): x = ⌊k·φ⌋ for some k >= 1 exactly when the smallest',
      "part of x is F(2j) (1, 3, 8, 21, ...); its partner ⌊k·φ²⌋ is x with every part F(i) raised to F(i+1); no floating point",
    ]),
  };
}

const words: readonly RuleWord[] = [
  {
    word: 'vectors',
    argument: 'V',
    example: '(1,0) (0,1) (1,1)',
    order: 50,
    aliases: [],
    describe: 'a two-pile game: subtract a positive multiple of one vector, e.g. "(1,0) (0,1) (1,1)" (Wythoff); (1,1)x2 caps the multiple at 2',
    flag: true,
    sweepable: false,
    fileValue: { form: 'vectors' },
    schema: {
      description: "A two-pile game: a move subtracts a positive multiple of one vector [dx, dy], staying non-negative; a third number caps the multiple. Wythoff's game is [[1, 0], [0, 1], [1, 1]].",
      type: 'array',
      minItems: 1,
      items: { type: 'array', minItems: 2, maxItems: 3, items: { type: 'integer', minimum: 0 } },
    },
    parse: (text, where) => ({ rule: { kind: 'vectors', vectors: parseVectors(text, where) } }),
  },
];

export const twoPileKind: GameKind<VectorRule> = {
  name: 'two-pile',
  examples: EXAMPLES,
  emitModels: { grid: PAIR_LAW_MODEL },
  pageViews: { grid: { view: (x, budget) => gridPageView(x as GridExploration, budget), rows: (x) => gridRows(x as GridExploration) } },
  pictures: { grid: { picture: (x) => gridPicture(x as GridExploration), page: (x) => gridPage(x as GridExploration) } },
  conjectures: { grid: GRID_CONJECTURES },
  showcase: SHOWCASE,
  presets: PRESETS,
  ruleKinds: ['vectors'],
  tableShape: 'grid',
  misere: PAIR_MISERE,
  words,
  text: vectorRuleText,
  check(rule, where) {
    const vectors: unknown = rule.vectors;
    if (!Array.isArray(vectors) || vectors.length === 0) fail(`${where}.vectors`, 'a non-empty array of vectors { dx, dy, cap }', vectors);
    vectors.forEach((v: unknown, i) => {
      const at = `${where}.vectors[${i}]`;
      if (typeof v !== 'object' || v === null) fail(at, 'a vector { dx, dy, cap }', v);
      const { dx, dy, cap } = v as Record<string, unknown>;
      wholeNumber(dx, `${at}.dx`, 0, MAX_VECTOR);
      wholeNumber(dy, `${at}.dy`, 0, MAX_VECTOR);
      if (dx === 0 && dy === 0) throw new InputError(says`${at}: ${saying('error.vectors.zero')}`, { code: 'bad-rule', field: fieldAt(at), value: v });
      if (cap !== null) wholeNumber(cap, `${at}.cap`, 1, MAX_VECTOR);
    });
    return rule;
  },
  theorem: (rule) => (isWythoff(rule) ? { by: 'p-test', test: WYTHOFF_THEOREM, emit: wythoffCode } : null),
  prepare(request) {
    const rule = request.game.rule;
    return preparePairs(twoPileGame(rule), {
      what: { key: 'error.pairs.twoPile' },
      defaultMax: 31,
      rows: true,
      checkpointKey: (max) => gridCheckpointKey(rule, max),
      work: (max, resume) => gridWork({ game: request.game, max, rows: request.rows, resume }),
    }, request, twoPileKind.theorem!(rule));
  },
  judge: { ...pairForm<VectorRule>('a pair of piles x y'), movesAsData: (rule) => rule.vectors },
  play: (request, random) =>
    playPairs(twoPileGame(request.game.rule), 'pair', request, () => {
      const r = (n: number) => Math.floor(random() * n);
      return [[3 + r(12), 3 + r(12)]];
    }, twoPileKind.theorem!(request.game.rule)),
};
