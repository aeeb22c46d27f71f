/**
 * Every kind of game sg-explore knows, in one list. Adding a kind is a
 * folder under src/core/kinds/ and a line here (and its rule type in the
 * union below); nothing else asks for a kind by name.
 */
import type { GenusTable } from '../misere/genus.js';
import type { QuotientReport } from '../misere/quotient-report.js';
import { checkSize, fail } from '../rules/check.js';
import type { GameSpecOf } from '../rules/spec.js';
import type { GameKind, RuleWord } from './kind.js';
import type { SweepFamily } from './sweep-family.js';
import { subtractionKind } from './subtraction/index.js';
import { takeAndBreakKind } from './take-and-break/index.js';
import { twoPileKind } from './two-pile/index.js';
import { cappedHeapKind } from './capped-heap/index.js';
import { moduleKind } from './module/index.js';
import { graphKind, type GraphRule } from './graph/index.js';
import { bashKind } from './bash/index.js';
import { divisorKind, type ProperDivisorRule } from './divisor/index.js';
import type { TakeUpToRule } from './bash/rule.js';
import type { TakeAwayRule } from './subtraction/rule.js';
import type { TakeBreakRule } from './take-and-break/rule.js';
import type { VectorRule } from './two-pile/rule.js';
import type { CappedHeapRule } from './capped-heap/rule.js';
import type { CustomRule } from './module/rule.js';
import type { Exploration } from '../heap/explore.js';
import type { GridExploration } from './two-pile/grid.js';
import type { CappedHeapExploration } from './capped-heap/explore-capped.js';
import type { PositionReport } from '../positions/position.js';
import type { MisereTable } from '../positions/misere-table.js';
import type { StatesTable } from './module/state-result.js';
import type { SetFamily } from './subtraction/families.js';
import type { OctalFamily } from './take-and-break/families.js';
import type { GraphPageView } from './graph/page-view.js';
import type { GridPageView } from './two-pile/page-view.js';
import type { MemoryPageView } from './capped-heap/page-view.js';

/** Every kind of game, in the order --help and the schema list their words. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has a rule type of its own
export const KINDS: readonly GameKind<any>[] = [subtractionKind, bashKind, takeAndBreakKind, twoPileKind, cappedHeapKind, moduleKind, graphKind, divisorKind];

/** Every rule sg-explore computes. */
export type GameRule = TakeAwayRule | TakeUpToRule | TakeBreakRule | VectorRule | CappedHeapRule | CustomRule | GraphRule | ProperDivisorRule;

/** A rule with the words a person gave it. */
export type GameSpec = GameSpecOf<GameRule>;

const byRuleKind = new Map<string, GameKind<GameRule>>(KINDS.flatMap((kind) => kind.ruleKinds.map((r) => [r, kind] as const)));

/** The kind of a rule (an unknown rule.kind is a programming error here: library input is checked by checkRule). */
export function kindOf(rule: { readonly kind: string }): GameKind<GameRule> {
  const kind = byRuleKind.get(rule.kind);
  if (!kind) throw new RangeError(`no kind of game has rules of kind '${rule.kind}'`);
  return kind;
}

/** The canonical text of a rule: stable, used in every output format. */
export function ruleText(rule: GameRule): string {
  return kindOf(rule).text(rule);
}

/** The kind that makes a shape of its own (a graph's table), if any: its writers, document, words, page view, pictures, --check and --emit for it. */
export function kindOfShape(shape: string): GameKind<GameRule> | undefined {
  return KINDS.find((kind) => [kind.shapeWords, kind.writers, kind.documents, kind.pageViews, kind.pictures, kind.conjectures, kind.emitModels].some((table) => table !== undefined && Object.hasOwn(table, shape)));
}

/** The families the kinds declare for sweeps, as data (each kind's `sweepFamilies` enumerate them). */
export type FamilyOfKinds = SetFamily<'subtraction'> | SetFamily<'all-but'> | OctalFamily;

/** Every kind's sweep families (`sg-explore sweep --family NAME`), in their order. */
export const SWEEP_FAMILIES: readonly SweepFamily[] = KINDS.flatMap((kind) => kind.sweepFamilies ?? []).sort((a, b) => a.order - b.order);

/** The words of every kind, in the order --help and the schema list them. */
export const KIND_WORDS: readonly RuleWord[] = KINDS.flatMap((kind) => kind.words);

/** The rule, checked; `where` names it in messages ("game.rule"). */
export function checkRule(rule: unknown, where = 'game.rule'): GameRule {
  if (typeof rule !== 'object' || rule === null) fail(where, 'a rule object such as { kind: "subtraction", moves: [1, 2, 3] }', rule);
  const kind = byRuleKind.get(String((rule as { kind?: unknown }).kind));
  if (!kind) return fail(`${where}.kind`, `one of ${[...byRuleKind.keys()].join(', ')}`, (rule as { kind?: unknown }).kind);
  return kind.check(rule as GameRule, where);
}

/** The game of a request, checked (the same object when nothing needed changing). */
export function checkGame(game: unknown, where = 'game'): GameSpec {
  if (typeof game !== 'object' || game === null) fail(where, 'a game { rule }', game);
  const g = game as GameSpec;
  const rule = checkRule(g.rule, where === 'game' ? 'game.rule' : `${where}.rule`);
  const defaultMax = g.defaultMax === undefined ? undefined : checkSize(g.defaultMax, `${where}.defaultMax`);
  return rule === g.rule && defaultMax === g.defaultMax ? g : { ...g, rule, defaultMax };
}

/** Whether a rule's kind can be computed in this process as a heap game (sweeps, positions by heaps). */
export function isHeapRule(rule: GameRule): boolean {
  return kindOf(rule).heap !== undefined;
}

/** The rules whose state is one heap of n tokens (a move leaves zero or more smaller heaps). */
export type Rule = TakeAwayRule | TakeBreakRule | CustomRule;

export type { TakeAwayRule, SubtractionRule, AllButRule, SequenceSubtractionRule } from './subtraction/rule.js';
export type { TakeBreakRule } from './take-and-break/rule.js';
export type { VectorRule, MoveVector } from './two-pile/rule.js';
export type { CappedHeapRule } from './capped-heap/rule.js';
export type { CustomRule } from './module/rule.js';


/**
 * The results of the built-in kinds, told apart by their `shape`; a kind's
 * own shapes (a graph's) are ShapedResults that its own writers write.
 */
export type AnalysisResult = Exploration | GridExploration | CappedHeapExploration | PositionReport<unknown> | MisereTable | GenusTable | QuotientReport | StatesTable;

/** What the web page is sent of the tables of the kinds' own shapes (each kind's `pageViews`), told apart by `shape`. */
export type KindPageView = GraphPageView | GridPageView | MemoryPageView;
