export { explore, exploreAsync, exploreValues, solve, type ExploreRequest, type Exploration, type Solution } from './explore.js';
export { drive, driveSync, type DriveOptions, type SteppedWork, type StepOutcome } from './driver.js';
export { InputError } from './errors.js';
export { parseCount } from './numbers.js';
export { ruleText, type Rule, type GameSpec } from './rules/model.js';
export { presetGame, listPresets } from './rules/presets.js';
export { loadRuleFile, parseRuleText } from './rules/file.js';
export { referenceValues, referenceOptions } from './engine/reference.js';
export type { Pattern, Cycle, Proof } from './period/pattern.js';
export type { PPositions } from './period/p-positions.js';
export { summarise, type Summary } from './report/summary.js';
export { parseCode, codeText, type TakeBreakCode } from './rules/code.js';
export { sweepFamily, type FamilySweepOptions, type RowOutput, type SweepOutcome } from './sweep/sweep.js';
export { familyRules, type Family } from './sweep/family.js';
export { IndexSet } from './sweep/index-set.js';
export type { SweepRow } from './sweep/row.js';

// The game layer: games whose state is not one heap, and the laws their P-positions follow.
export { gameOf, heapGame, vectorGame, memoryGame, type Game, type Pair } from './game/game.js';
export { exploreGrid, type GridRequest, type GridExploration, type RowPattern } from './game/grid.js';
export { exploreMemoryGame, type MemoryExploration } from './game/memory.js';
export { vectorValues, type VectorTable } from './game/vector-kernel.js';
export { cappedValues, startCap, type CappedTable } from './game/capped-heap.js';
export { findRecurrence, type Recurrence } from './game/sequence-law.js';
export { recognisePairLaw, type PairLaw } from './game/pair-law.js';
export { recogniseBeatty, beattyTerm, quadraticText, type BeattyLaw, type Quadratic } from './game/beatty.js';
export { isHeapRule, type GameRule, type VectorRule, type MoveVector, type CappedHeapRule } from './rules/model.js';
export { RULE_WORDS, ruleWord, parseVectors } from './rules/words.js';
