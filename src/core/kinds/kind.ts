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
import type { PositionTables } from '../positions/position-tables.js';
import type { HeapKind } from '../heap/heap-kind.js';
import type { ClosedForm } from '../heap/closed-form.js';
import type { PairTheorem } from '../positions/pair-theorem.js';
import type { EmitHeader, EmitModel, PairVector } from '../emit/models.js';
import type { Message, MessageKey, Translate } from '../i18n/index.js';
import type { JudgeReport } from '../contest/judge-report.js';
import type { TableConjectures } from '../conjecture/table-check.js';
import type { ShapeEmitModel } from '../emit/observed-law.js';
import type { SweepFamily } from './sweep-family.js';
import type { PageData, PictureData } from './picture-data.js';

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
  /** A value the word takes, as written after the flag: a form's placeholder, and the rule it names when asked what the word allows. */
  readonly example: string;
  /** Whether it is a flag of the command line (a module is named by --rule FILE). */
  readonly flag: boolean;
  /** Whether a sweep's list may use it (rules computed in this process only). */
  readonly sweepable: boolean;
  /** The rule file's value: its form, and the JSON Schema fragment of the key. */
  readonly fileValue: FileValue;
  readonly schema: Readonly<Record<string, unknown>>;
  /** `where` names the source in messages: "--moves", "rules.txt:3: moves"; `shown`: a file's path as the user wrote it. */
  parse(text: string, where: string, shown?: string): GameSpecOf;
  /**
   * A word whose value names a file, where no file is read (a page): the rule from the file's contents
   * (`shown`: the name given with the word), and what to say when no contents are given.
   */
  readonly fromContents?: { parse(contents: string, shown: string): GameSpecOf; readonly missing: MessageKey };
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
  /** Tables shared by the positions of one run (see PositionTables): each rule's values computed once for them all. */
  readonly tables?: PositionTables;
  /** Misère play (a table of single heaps when no position is given). */
  readonly misere?: boolean;
  /** Misère theory instead of the misère table: Conway's genus of each heap, or the misère quotient (Plambeck–Siegel). */
  readonly misereTheory?: 'genus' | 'quotient';
  /** Let a law that is only observed (not proven) answer beyond the computed values (the answer's ground says so). */
  readonly useObserved?: boolean;
  /** A position's values and outcome are enough: a sum of heaps seeks no winning move (its report says they were not sought). */
  readonly outcomeOnly?: boolean;
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
    /** A heap module's table records its options too (Exploration.optionTable: a written program's winning moves); a position's always does. */
    readonly recordOptions?: boolean;
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
  /** The shape of its result where that is not the kind's table shape (a windowed table), so formats are checked before any work. */
  readonly shape?: string;
}

/** A kind of game: its words, rule text, checks, work, and the capabilities it has (see the file's comment). */
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
  /** The file a rule reads besides itself (a graph's edge list, a module), with the word that names it; none when it reads none. */
  fileOf?(rule: R): { readonly word: string; readonly path: string; readonly shown: string } | undefined;
  /**
   * Rules of this kind whose values are known without sg-explore (a published sequence, a theorem, a count by
   * hand): test/kinds/conformance.test.ts runs each through analyse. Required, so that a kind says what it has
   * (a kind whose rules are the user's own code has none of its own: examples/ holds such files).
   */
  readonly examples: readonly KindExample<R>[];
  /** Its games the web page offers as example links (the page lists every kind's, by their order). */
  readonly showcase?: readonly ShownExample[];
  /** Names for some of its rules (`--preset NAME`), each with what reports say of it: `--preset list`, rule files and the schema follow. */
  readonly presets?: readonly (KindPreset<R> | ParameterPreset<R>)[];
  /** The families of its rules `sg-explore sweep --family` walks through: their flags, rules in order, and words. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each family has parameters of its own
  readonly sweepFamilies?: readonly SweepFamily<any, R>[];
  /** One-heap games: options, kernels and theorems (positions, misère tables, sweeps and play use them). */
  readonly heap?: HeapKind<R>;
  /** The misère play it offers (the player who makes the last move loses), as --misere asks it; absent: normal play only. */
  readonly misere?: MisereOffer;
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
  /**
   * The shapes only this kind makes as format-free documents (paragraphs, fields, tables), for the formats it
   * has no writer of its own in (Markdown): a format added to the registry writes them without the kind.
   */
  readonly documents?: Readonly<Record<string, (result: ShapedResult) => readonly DocumentBlock[]>>;
  /**
   * What the web page is sent of the tables only this kind makes (plain data, which the page draws by its shape),
   * cut to the page's budget (the downloads hold them all), and what its downloads hold.
   */
  readonly pageViews?: Readonly<Record<string, PageViewOf>>;
  /** The pictures of the tables of shapes only this kind makes (`--plot`, `--format html`; a plot is the web page's SVG download too). */
  readonly pictures?: Readonly<Record<string, PicturesOf>>;
  /** How --emit writes the laws of the tables of shapes only this kind makes (two piles, a heap with memory). */
  readonly emitModels?: Readonly<Record<string, ShapeEmitModel>>;
  /** How --check reads the tables of shapes only this kind makes (a two-pile table's pairs, a module's states). */
  readonly conjectures?: Readonly<Record<string, TableConjectures>>;
  /** The shapes only this kind makes, each in words ("a position on a graph"), for refusals that name them. */
  readonly shapeWords?: Readonly<Record<string, string>>;
  /** How a judge writes one component of its positions, where that is not one number (a heap): --input reads it, --answer writes it, duel draws it. */
  readonly judge?: JudgeForm<R>;
}

/**
 * What misère play a kind offers: a table of each single heap's misère
 * outcome, and positions (their outcome and winning moves). A kind offering
 * none refuses --misere in its own words (why: options in a sandbox, a loopy graph).
 */
export interface MisereOffer {
  /** `--misere --max N`: each single heap's misère outcome, 0..N. */
  readonly tables: boolean;
  /** `--position ... --misere`. */
  readonly positions: boolean;
}

/**
 * One component of a position in a judge's input and output: a pair as
 * `x y`, a vertex by its name, a state as JSON (src/core/contest/).
 */
export interface JudgeForm<R extends RuleBase = RuleBase> {
  /** Its tokens: whole numbers (`width` of them), a word, or a JSON value (one token, spaces and all). */
  readonly token: 'number' | 'word' | 'json';
  readonly width: number;
  /** In words, for messages and help: "a pair x y". */
  readonly words: string;
  /** The component as --position reads it, from its tokens ("3 5" -> "3:5"). */
  positionText(tokens: readonly string[]): string;
  /** A state as its report shows it, as the judge writes it ("3:5" -> "3 5"). */
  written(shown: string): string;
  /** An answer's view of a position result of a shape of its own (a graph's); absent where positions are reported as `position`. */
  report?(result: ShapedResult): JudgeReport;
  /** A random component (its tokens) with every number from `least` to `largest` (duel); absent where it draws none. */
  draw?(rule: R, random: () => number, least: bigint, largest: bigint): Awaitable<readonly string[]>;
  /** A pair's moves as data a written program enumerates (--emit --program): each takes m·(dx, dy), 1 <= m <= cap (null: any). */
  movesAsData?(rule: R): readonly PairVector[];
}

/** A rule with values known without sg-explore, and where they are known from. */
export interface KindExample<R extends RuleBase = RuleBase> {
  readonly request: AnalyseRequest<R>;
  /** The column of the table's CSV compared (the value by default, or the outcome), and its cells in row order, separated by spaces. */
  readonly column?: 'grundy' | 'outcome';
  readonly cells: string;
  /** Where the values are published, or how they are known. */
  readonly source: string;
}

/** A kind's view of a result for the web page: its shape and the rule's text, and whatever the page draws of that shape. */
export interface PageView {
  readonly shape: string;
  readonly rule: string;
  /** A preset's words, where the table is of one (the page's base view has none otherwise). */
  readonly description?: string | null;
  readonly preset?: string | null;
  readonly about?: Message | null;
}

/** What every page view of a table says of its game: the rule's text, and a preset's name and description (null for a person's own rule). */
export function pageBase(table: { readonly rule: string; readonly game: GameSpecOf }): Required<Omit<PageView, 'shape'>> {
  const { game } = table;
  return { rule: table.rule, description: game.description ?? null, preset: game.name ?? null, about: game.about ?? null };
}

/** How a kind's own table is pictured: what --plot draws, and what --format html's page says around it (src/core/kinds/picture-data.ts). */
export interface PicturesOf {
  picture(result: ShapedResult): PictureData;
  page(result: ShapedResult): PageData;
}

/** How much the page is sent of one table, and the language of any words in it (the page reloads to change language). */
export interface PageBudget {
  /** Rows of a list (a graph's vertices). */
  readonly rows: number;
  /** Cells of a table of numbers (a two-pile grid). */
  readonly cells: number;
  readonly t: Translate;
}

/** What the web page has of a table of a kind's own shape: its view, and the rows of its CSV download. */
export interface PageViewOf {
  view(result: ShapedResult, budget: PageBudget): PageView;
  /** Rows of its CSV download (the page refuses one past its limit); absent: its document's table's. */
  rows?(result: ShapedResult): bigint;
}

/** A game offered as an example link: its rule as one of the words gives it (`moves` `1,2,3`, `preset` `wythoff`), the table's size, and its name. */
export interface ShownExample {
  /** Where it comes among every kind's. */
  readonly order: number;
  readonly word: string;
  readonly text: string;
  /** --max, where not the default. */
  readonly max?: number;
  /** Its name, in the kind's messages. */
  readonly about: MessageKey;
}

/** A preset a kind brings: its name, its rule, and what reports say of it. */
export interface KindPreset<R> {
  readonly name: string;
  /** Where it comes in `--preset list` and the schema (presets are listed by it). */
  readonly order: number;
  readonly rule: R;
  readonly about: Message;
  /** Named in --preset's help, as an example of what a preset names. */
  readonly inHelp?: boolean;
}

/** A preset with a parameter (`bash:<m>`): how it is written, and its rule and words for the parameter given. */
export interface ParameterPreset<R> {
  readonly name: string;
  readonly order: number;
  /** How to write it ("bash:<m>"), the same as a regular expression (for the schema), and what `--preset list` says. */
  readonly usage: string;
  readonly pattern: string;
  readonly description: string;
  /** Named in --preset's help, as an example of what a preset names. */
  readonly inHelp?: boolean;
  /** The rule for the parameter as written (undefined: none given). */
  rule(parameter: string | undefined): R;
  /** What a report says of the game, its parameter's value filled in. */
  about(rule: R): Message;
}

/** A game ready to play: how, and from where. */
export interface PlayStart {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has states of its own
  readonly playable: Playable<any>;
  readonly start: readonly unknown[];
  /** Whether the start was drawn at random (the session says so, with its seed). */
  readonly random: boolean;
}

/**
 * One block of a result as a document: a paragraph, fields (a label and its text, or a line of its own),
 * or a table of `count` rows made one at a time (a graph of millions of vertices is not held as text).
 */
export type DocumentBlock =
  | { readonly paragraph: string }
  | { readonly fields: readonly (readonly [label: string, text: string] | string)[] }
  | { readonly head: readonly string[]; readonly count: number; row(index: number): readonly string[] };

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
