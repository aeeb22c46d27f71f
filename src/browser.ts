/**
 * The library in a browser (package.json's `browser` condition): the
 * platform-free core, with no Node module anywhere below it. The host's
 * defaults suit a page: a fixed memory budget, no worker pool, no rule
 * modules or files, and no WebAssembly until its bytes are given:
 *
 *   const bytes = new Uint8Array(await (await fetch('sparse.wasm')).arrayBuffer());
 *   installHost({ wasmBytes: () => bytes });
 *
 * src/index.ts, the Node entry, exports all of this too, with the Node host installed.
 */
export { installHost, type Host } from './core/host.js';
// The one entry for every kind of game: analyse(request) is stepped work; analyseAsync runs it.
export { analyse, analyseAsync, analyseSync, prepare, type Request as AnalyseRequest } from './core/analyse.js';
export { explainGrouped, explainValue, type Explanation, type ExplainedOption, type GroupedExplanation, type ValueGroup } from './core/heap/explain.js';
export { KINDS, kindOf, ruleText, isHeapRule, type AnalysisResult, type GameRule, type GameSpec, type Rule, type VectorRule, type MoveVector, type CappedHeapRule } from './core/kinds/registry.js';
export type { GameKind, RuleWord, Prepared } from './core/kinds/kind.js';
export type { Exploration, Solution } from './core/heap/explore.js';
// The statistics row of a game with no period proven (Exploration.statistics), from any values.
export { unsolvedStatistics, type UnsolvedStatistics } from './core/heap/statistics.js';
export type { GridExploration, RowPattern } from './core/kinds/two-pile/grid.js';
export type { CappedHeapExploration } from './core/kinds/capped-heap/explore-capped.js';
export type { PositionReport, Move, Component } from './core/positions/position.js';
export { positionTables, type PositionTables } from './core/positions/position-tables.js';
export type { MisereTable } from './core/positions/misere-table.js';
export type { StatesTable } from './core/kinds/module/state-result.js';
export { drive, driveSync, type DriveOptions, type SteppedWork, type StepOutcome, type StopRequest } from './core/driver.js';
export { InputError, WorkerStartError, mention, says, wordsText, type InputCode, type InputDetails, type InputField, type FieldMention, type Words, type Wording } from './core/errors.js';
export { parseCount } from './core/numbers.js';
export { presetGame, listPresets } from './core/presets.js';
export { parseRuleText } from './core/rule-file.js';
export { RULE_WORDS, ruleWord } from './core/rule-words.js';
export { parseVectors } from './core/kinds/two-pile/rule.js';
export { parseCode, codeText, type TakeBreakCode } from './core/rules/code.js';
export type { Pattern, Cycle, Proof } from './core/laws/pattern.js';
export type { PPositions } from './core/laws/p-positions.js';
export { summarise, type Summary } from './report/summary.js';
// A conjecture (`g == n % 4`) checked against a table analyse() made.
export { checkConjecture, type CheckReport, type Counterexample } from './core/conjecture/check.js';
// The laws P-positions follow, recognised in any sequence or set of pairs.
export { findRecurrence, type Recurrence } from './core/laws/sequence-law.js';
export { recognisePairLaw, type PairLaw } from './core/laws/pair-law.js';
export { recogniseBeatty, beattyTerm, quadraticText, type BeattyLaw, type Quadratic } from './core/laws/beatty.js';
export type { Game, Pair } from './core/positions/game.js';
export { emitResult, emitTheorem, renderModel, modelOf, theoremModel, parseEmitLanguage, EMIT_LANGUAGES, type EmitLanguage, type EmitModel, type EmitOptions } from './core/emit/index.js';
// A game against the perfect computer (the terminal's and the web app's), and the words it speaks.
export { PlaySession, applyMove, moveKey, type SessionOptions, type Result as PlayResult } from './core/play/session.js';
export { startPlay, type PlayStartRequest, type ReadyGame } from './core/play/start.js';
export { hintParagraphs, hintMoves, moveWords, outcomeText } from './core/play/words.js';
export { translator, pickLang, LANGS, type Lang, type Translate, type MessageKey } from './core/i18n/index.js';
export type { Playable } from './core/positions/playable.js';
