/**
 * The library on Node: the platform-free core (src/core/) with the Node host
 * installed (memory budgets, WebAssembly, worker pools, rule modules, files).
 * A browser takes src/browser.ts instead (the package's `browser` condition).
 */
import { installNodeHost } from './host/node-host.js';

installNodeHost();

// The one entry for every kind of game: analyse(request) is stepped work; analyseAsync runs it.
export { analyse, analyseAsync, analyseSync, prepare, type Request as AnalyseRequest } from './core/analyse.js';
export { KINDS, kindOf, ruleText, isHeapRule, type AnalysisResult, type GameRule, type GameSpec, type Rule, type VectorRule, type MoveVector, type CappedHeapRule } from './core/kinds/registry.js';
export type { GameKind, RuleWord, Prepared } from './core/kinds/kind.js';
export type { Exploration, Solution } from './core/heap/explore.js';
export type { GridExploration, RowPattern } from './core/kinds/two-pile/grid.js';
export type { CappedHeapExploration } from './core/kinds/capped-heap/explore-capped.js';
export type { PositionReport, Move, Component } from './core/positions/position.js';
export type { MisereTable } from './core/positions/misere-table.js';
export type { StatesTable } from './core/kinds/module/state-result.js';
export { drive, driveSync, type DriveOptions, type SteppedWork, type StepOutcome, type StopRequest } from './core/driver.js';
export { InputError, WorkerStartError, mention, says, wordsText, type InputCode, type InputDetails, type InputField, type FieldMention, type Words, type Wording } from './core/errors.js';
export { parseCount } from './core/numbers.js';
export { presetGame, listPresets } from './core/presets.js';
export { parseRuleText } from './core/rule-file.js';
export { loadRuleFile } from './host/rule-file.js';
export { RULE_WORDS, ruleWord } from './core/rule-words.js';
export { parseVectors } from './core/kinds/two-pile/rule.js';
export { parseCode, codeText, type TakeBreakCode } from './core/rules/code.js';
export type { Pattern, Cycle, Proof } from './core/laws/pattern.js';
export type { PPositions } from './core/laws/p-positions.js';
export { summarise, type Summary } from './report/summary.js';
export { sweepFamily, type FamilySweepOptions, type RowOutput, type SweepOutcome } from './sweep/sweep.js';
export { familyRules, type Family } from './sweep/family.js';
export { IndexSet } from './sweep/index-set.js';
export type { SweepRow } from './sweep/row.js';
// The laws P-positions follow, recognised in any sequence or set of pairs.
export { findRecurrence, type Recurrence } from './core/laws/sequence-law.js';
export { recognisePairLaw, type PairLaw } from './core/laws/pair-law.js';
export { recogniseBeatty, beattyTerm, quadraticText, type BeattyLaw, type Quadratic } from './core/laws/beatty.js';
export type { Game, Pair } from './core/positions/game.js';
