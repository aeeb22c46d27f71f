/**
 * What the explore view and its operations in the worker exchange: the
 * request as [flag, value] pairs, progress, and a result the page can show
 * without the core (plain data: numbers, strings, typed arrays).
 */
import type { KindPageView } from '../../core/kinds/registry.js';
import type { Message } from '../../core/i18n/index.js';
import type { PPositions } from '../../core/laws/p-positions.js';
import type { Summary } from '../../report/summary.js';
import type { MisereOffer } from '../../core/kinds/kind.js';

/** `--moves 1,2,3 --max 1e6` as [['moves', '1,2,3'], ['max', '1e6']]. */
export type Pairs = readonly (readonly [string, string])[];

export interface ExploreProgress {
  readonly done: number;
  /** Infinity when the work cannot say how far it will go (a search for a proof). */
  readonly ceiling: number;
  readonly unit: string;
  /** A one-heap table's first values so far (now and then, not every time): the page plots them while it waits. */
  readonly values?: Uint32Array;
}

interface ViewBase {
  /** The rule's canonical text (the page titles it in its own language: ruleTitle). */
  readonly rule: string;
  readonly description: string | null;
  /** The preset as named (kayles, bash:5). */
  readonly preset: string | null;
  /** A preset's description as a catalogue message, for the page to say in its own language. */
  readonly about: Message | null;
  readonly milliseconds: number;
  /** Misère play was asked of a kind that offers it for positions only: this table is normal play's (the position is answered in misère play). */
  readonly normalPlayTable?: boolean;
}

/** A one-heap table. `values` holds G(0..values.length-1); the table asks the worker for heaps beyond. */
export interface HeapView extends ViewBase {
  readonly shape: 'heap';
  /** The last heap of the table (a decimal: it may pass 2^53). */
  readonly max: string;
  readonly computed: number;
  readonly maxValue: string;
  readonly pattern: Summary['pattern'];
  /** The numbers the proof's sentence names (the page says it in its own language); null for a theorem or no proof. */
  readonly proofFacts: Readonly<Record<string, number>> | null;
  /** The theorem that gives every value (Bouton's, Bachet's), as a message the page says in its language; null for a computed table. */
  readonly theorem: Message | null;
  readonly pPositions: PPositions;
  readonly values: Uint32Array;
  /** `--at`: each heap asked for, its value and outcome (decimals: heaps pass 2^53), and what the value rests on, in the page's language. */
  readonly at?: readonly { readonly n: string; readonly value: string; readonly outcome: 'P' | 'N'; readonly ground: string }[];
}

/** A table of a kind's own shape, as its kind's page view gives it (GameKind.pageViews), which the page draws. */
type KindView<Shape extends string> = ViewBase & Extract<KindPageView, { readonly shape: Shape }>;

/** A two-pile table: rows firstRow..lastRow, columns 0..max; `values` row-major, maybe cut to `shownColumns` × `shownRows`. */
export type GridView = KindView<'grid'>;

/** A heap with memory: the start positions 0..max, and the law of its P-positions in the page's language. */
export type MemoryView = KindView<'memory'>;

/** A game on a directed graph: every vertex with its value and a single token's outcome. */
export type GraphView = KindView<'graph'>;

/** A rule module's own states (its states(max), or its start): each as JSON with its value. */
export interface StatesView extends ViewBase {
  readonly shape: 'states';
  readonly count: number;
  /** States of value 0 among all of them (the rows may hold only the first). */
  readonly pCount: number;
  /** The first states (at most ROWS_SENT), as canonical JSON, with their values. */
  readonly rows: readonly (readonly [state: string, grundy: number])[];
}

export type ExploreView = HeapView | GridView | MemoryView | GraphView | StatesView | MisereView;

/** Misère play of single heaps (`--misere`): each heap's outcome, and the pattern of the outcomes. */
export interface MisereView extends ViewBase {
  readonly shape: 'misere';
  readonly max: number;
  /** outcomes[n] = 0 when a heap of n is a misère P-position, 1 when N. */
  readonly outcomes: Uint8Array;
  readonly cycle: { readonly preperiod: number; readonly period: number; readonly proven: boolean } | null;
  readonly pPositions: PPositions;
}

/** Why a state (a cell, a vertex) has its value: its options, each with what it leaves and its value (null: infinite), and the values they reach. */
export interface StateExplanation {
  readonly state: string;
  /** Its value (null: infinite, on a graph's cycle). */
  readonly value: string | null;
  /** How many options it has (`options` lists the first). */
  readonly count: number;
  readonly options: readonly { readonly to: readonly string[]; readonly value: string | null }[];
  /** The finite values the options reach, each once, in increasing order. */
  readonly reached: readonly number[];
}

/**
 * Why a heap past the computed table has its value (core/heap/explain.ts explainGrouped): its options grouped by
 * value, each with how many options reach it and the first of them (decimals: heaps and counts pass 2^53), and the
 * ground of the heap's value in the page's language.
 */
export interface GroupedExplanationView {
  readonly grouped: true;
  readonly n: string;
  readonly value: number;
  readonly count: string;
  readonly groups: readonly { readonly value: number; readonly count: string; readonly witness: readonly string[]; readonly witnessValues: readonly number[] }[];
  readonly reached: readonly number[];
  /** Whether every value the options reach is given (else those up to G(n), all the mex needs). */
  readonly every: boolean;
  readonly ground: string;
}

export type DownloadFormat = 'csv' | 'json' | 'svg';

/** What a game's kind lets the form ask: misère play (a table, positions: its kind's offer; null: none), a range of rows, --max; and whether it can be played. */
export interface FormAllows {
  readonly misere: MisereOffer | null;
  readonly play: boolean;
  readonly rows: boolean;
  readonly max: boolean;
}

/** The explore form's choices, from the registries (engine/form-ops.ts). */
export interface FormChoices {
  /** Each rule word the command line takes; `file`: its value names a file, whose text the page takes from its box; `allows` is null where it depends on the value (a preset). */
  readonly words: readonly { readonly word: string; readonly argument: string; readonly describe: string; readonly example: string; readonly file: boolean; readonly allows: FormAllows | null }[];
  /** Each preset: the value to give `preset` (bash:3 for `bash:<m>`), what it is (and as a message, for the page's language), what it allows. */
  readonly presets: readonly { readonly value: string; readonly description: string; readonly about: Message | null; readonly allows: FormAllows }[];
  /** The example links: every kind's showcase, in their order, each its words (word and value, --max) and its name. */
  readonly examples: readonly { readonly pairs: Pairs; readonly about: Message }[];
}

/** A position's answer (`--position 3 5 7`), every word already in the page's language (the play hint's words). */
export interface PositionView {
  readonly rule: string;
  /** The components as written (3, 5, 7). */
  readonly position: readonly string[];
  /** Each component's value (a decimal; null where only an outcome is known). */
  readonly values: readonly (string | null)[];
  /** The xor of the values (a decimal). */
  readonly nimSum: string | null;
  readonly outcome: 'N' | 'P' | 'D';
  /** What the position is worth and why: the values, their nim-sum, in binary, which components can make it 0. */
  readonly paragraphs: readonly string[];
  /** What the values rest on (a table, a proven period, a theorem), each once. */
  readonly grounds: readonly string[];
  /** The winning moves listed: the move in words, the position it leaves, and the move as data (for a test, a link). */
  readonly moves: readonly { readonly words: string; readonly after: string; readonly component: number; readonly take: string | null; readonly to: readonly string[] }[];
  /** The heading over the winning moves ("Winning moves:"), null when there are none; how many more than listed, in words. */
  readonly movesHeading: string | null;
  readonly more: string | null;
  /** How many winning moves there are in all (more than listed when the rest are counted only). */
  readonly moveCount: string;
  /** Why some winning moves were not looked for (too many options), or null. */
  readonly notListed: string | null;
}
