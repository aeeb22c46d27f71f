/**
 * A kind of game: everything sg-explore knows about one family of rules, in
 * one folder (src/core/kinds/<kind>/), registered in one list (registry.ts).
 * A capability a kind lacks is absent, and callers ask for it: a caller that
 * needs one-heap options asks for `heap`, never for a kind's name.
 *
 * Each kind has its words (the flags, rule-file keys and sweep-list words
 * that name its rules), its canonical rule text, a check of rules a library
 * caller builds, and `analyse`: the stepped work that computes what was
 * asked (a table, or a position) into a result of some shape.
 */
import type { SteppedWork } from '../driver.js';
import type { ValueArray } from '../kernels/store.js';
import type { GameSpecOf, RuleBase } from '../rules/spec.js';
import type { HeapList } from '../positions/heap-list.js';
import type { Playable } from '../positions/playable.js';
import type { HeapKind } from '../heap/heap-kind.js';
import type { ClosedForm } from '../heap/closed-form.js';
import type { PairTheorem } from '../positions/pair-theorem.js';
import type { EmitHeader, EmitModel } from '../emit/models.js';
import type { Message } from '../i18n/index.js';

/** Any result sg-explore computes: a table or a position of some kind, told apart by its `shape`. */
export interface ShapedResult {
  readonly shape: string;
}

/** How a rule file's value for a word becomes the text that `parse` reads. */
export type FileValue =
  /** A list of whole numbers, [1, 2, 3] (`allowEmpty`: [] is a rule too). */
  | { readonly form: 'numbers'; readonly allowEmpty: boolean }
  /** A list of vectors [[1, 0], [0, 1], [1, 1, 3]]. */
  | { readonly form: 'vectors' }
  /** A scalar taken as written (a code: YAML would read 0.70 as 0.7). */
  | { readonly form: 'as-written' }
  /** Text. */
  | { readonly form: 'text' }
  /** A file beside the rule file (a module, a graph): resolved against the rule file's folder. */
  | { readonly form: 'file'; readonly extensions?: readonly string[] };

/**
 * One word of the rule language: `--moves 1,2,3` on the command line,
 * `moves: [1, 2, 3]` in a rule file, `moves 1,2,3` in a sweep's list. The one
 * table of them (registry.ts RULE_WORDS) serves flags, rule files, sweep
 * lists, the schema and --help.
 */
export interface RuleWord {
  readonly word: string;
  /** Other words for the same rule (the canonical texts among them). */
  readonly aliases: readonly string[];
  /** Where it comes in --help, in rule files' messages and in the schema (words are listed by it, then by name). */
  readonly order: number;
  /** What --help says of the flag, and the placeholder of its value in the usage line (S, C, FILE). */
  readonly describe: string;
  readonly argument: string;
  /** Whether it is a flag of the command line (a module is named by --rule FILE). */
  readonly flag: boolean;
  /** Whether a sweep's list may use it (rules computed in this process only). */
  readonly sweepable: boolean;
  /** The rule file's value: its form, and the JSON Schema fragment of the key. */
  readonly fileValue: FileValue;
  readonly schema: Readonly<Record<string, unknown>>;
  /** `where` names the source in messages: "--moves", "rules.txt:3: moves"; `shown`: a file's path as the user wrote it. */
  parse(text: string, where: string, shown?: string): GameSpecOf;
}

/** Everything a caller may ask of one game (see analyse in src/core/analyse.ts). */
export interface AnalyseRequest<R extends RuleBase = RuleBase> {
  readonly game: GameSpecOf<R>;
  /** The table up to max (heaps 0..max, columns 0..max). */
  readonly max?: bigint;
  /** One-heap games: only these heaps (the table goes as far as the largest, or a proof). */
  readonly at?: readonly bigint[];
  /** The most values to compute looking for a proof. */
  readonly limit?: number;
  /**
   * Take-and-break codes of two heaps at most: keep only the front of the table (this many values), a tail of
   * about as many, and the rare heaps, so that memory does not grow with max (see take-and-break/window.ts).
   */
  readonly window?: number;
  /** Where a windowed table keeps its values on disk, to read back the few it needs (default: a temporary file). */
  readonly windowFile?: string;
  /** Two-pile games: rows first..last. */
  readonly rows?: { readonly first: number; readonly last: number };
  /** A position to evaluate: its components as written, or (one-heap games) a list of heaps. */
  readonly position?: readonly string[] | HeapList;
  /** Misère play (a table of single heaps when no position is given). */
  readonly misere?: boolean;
  /** Misère theory instead of the misère table: Conway's genus of each heap, or the misère quotient (Plambeck–Siegel). */
  readonly misereTheory?: 'genus' | 'quotient';
  /** Let a law that is only observed (not proven) answer beyond the computed values (the answer's ground says so). */
  readonly useObserved?: boolean;
  /** The work of an earlier run (see checkpointKey): computation continues after it. */
  readonly resume?: ValueArray;
  /** Worker threads for kernels that can use them (default 1). */
  readonly threads?: number;
  /** Bytes a table may use (default: the host's budget). */
  readonly memoryBudget?: number;
  /** Rule modules: how long one answer may take, whether to run it without the sandbox, where its log goes. */
  readonly module?: {
    readonly timeoutMs?: number;
    readonly trusted?: boolean;
    readonly log?: { write(text: string): unknown };
    /** A checkpoint is kept (a module with states of its own then sends the states it solves). */
    readonly checkpoint?: boolean;
  };
}

type Awaitable<T> = T | Promise<T>;

/**
 * A request as work, in one or two parts: the first may keep checkpoints
 * (a table of values), the second keeps none (a position searched with the
 * table's values). Without `finish`, the first part's result is the result.
 */
export interface Prepared<R> {
  /** What a checkpoint of the first part is for (null: it keeps none). */
  readonly checkpointKey: string | null;
  /** The first part, given the checkpoint's contents, if any. */
  work(resume: ValueArray | undefined): Awaitable<SteppedWork<unknown>>;
  /** The second part, given the first part's result. */
  finish?(first: unknown): Awaitable<SteppedWork<R>>;
  /** Refuse a checkpoint file saved for other inputs, naming what changed (a module's edited file), before it is loaded. */
  checkCheckpoint?(file: string): void;
}

export interface GameKind<R extends RuleBase = RuleBase> {
  /** The folder's name. */
  readonly name: string;
  /** The rule kinds (`rule.kind`) it owns. */
  readonly ruleKinds: readonly string[];
  readonly words: readonly RuleWord[];
  /** The canonical text of a rule: stable, used in every output format, and parsed back as input. */
  text(rule: R): string;
  /** A rule a library caller built, checked (`where` names it: "game.rule"); the same object when nothing changed. */
  check(rule: R, where: string): R;
  /**
   * The published theorem that answers this rule at any size, where one
   * applies (Bouton's Nim, Bachet's Bash, Wythoff, Schwenk's capped heaps):
   * tables, positions, --at, --check, --emit, the quick start and play take it from here.
   */
  theorem?(rule: R): Theorem | null;
  /** Names for some of its rules (`--preset NAME`), each with what reports say of it: `--preset list`, rule files and the schema follow. */
  readonly presets?: readonly KindPreset<R>[];
  /** One-heap games: options, kernels and theorems (positions, misère tables, sweeps and play use them). */
  readonly heap?: HeapKind<R>;
  /** The shape of every table this kind makes (`heap`, `grid`, `memory`), when it is known before the run (a --check is read against it early). */
  readonly tableShape?: string;
  /** Prepare what a request asks: a table, a position, a misère table. */
  prepare(request: AnalyseRequest<R>): Prepared<ShapedResult> | Promise<Prepared<ShapedResult>>;
  /** A game against the computer, from request.position (or a random start). */
  play?(request: AnalyseRequest<R>, random: () => number): Awaitable<PlayStart>;
  /** Whether its tables can keep only part of their values (AnalyseRequest.window). */
  readonly windowedTables?: boolean;
  /** Writers of the shapes only this kind makes: by shape, then by format name (table, csv, json). */
  readonly writers?: Readonly<Record<string, Readonly<Record<string, KindWriter>>>>;
  /** The shapes only this kind makes, each in words ("a position on a graph"), for refusals that name them. */
  readonly shapeWords?: Readonly<Record<string, string>>;
}

/** A preset a kind brings: its name, its rule, and what reports say of it. */
export interface KindPreset<R> {
  readonly name: string;
  readonly rule: R;
  readonly about: Message;
}

/** A game ready to play: how, and from where. */
export interface PlayStart {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has states of its own
  readonly playable: Playable<any>;
  readonly start: readonly unknown[];
  /** Whether the start was drawn at random (the session says so, with its seed). */
  readonly random: boolean;
}

/** How a kind writes a result of a shape of its own: the chunks of text, in order. */
export type KindWriter = (result: ShapedResult, options: { readonly width: number }) => Iterable<string> | AsyncIterable<string>;

/**
 * A published theorem that answers a game outright, and how: every value of
 * a heap by a formula (then a sum of any number of heaps is answered, by
 * their xor), or the P-positions and winning moves of one component (the
 * theorem gives no values, so a sum of several needs their table).
 */
export type Theorem = ({ readonly by: 'values'; readonly form: ClosedForm } | { readonly by: 'p-test'; readonly test: PairTheorem }) & {
  /** Its code for --emit, given the header's rule and command (absent: the theorem has no emitted code). */
  emit?(header: (grounds: string[]) => EmitHeader): EmitModel;
};

/** Author, year and what the theorem says. */
export function theoremMessage(theorem: Theorem): Message {
  return theorem.by === 'values' ? theorem.form.theorem : theorem.test.theorem;
}

/** The most components of a position the theorem answers alone. */
export function theoremComponents(theorem: Theorem): number {
  return theorem.by === 'values' ? Infinity : 1;
}
