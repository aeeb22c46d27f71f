/**
 * What the play view and the worker's play operations (engine/play-ops.ts)
 * say to each other: plain data, words already in the page's language.
 */

/** Open a game: a rule by its word (`preset nim`, `moves 1,2,3`), a start or a seed, and who plays how. */
export interface PlayOpen {
  readonly lang: string;
  readonly game: { readonly word: string; readonly text: string };
  /** The start as written, one component a word; none: a random start from the seed. */
  readonly position?: readonly string[];
  readonly seed: number;
  readonly misere: boolean;
  readonly first: 'human' | 'computer';
  readonly level: number;
  /** Moves to play again at once (the game so far, in a fresh worker). */
  readonly replay?: readonly string[];
}

/** One legal move of a component. */
export interface OptionView {
  /** Names the move in its position (component/what it leaves). */
  readonly key: string;
  /** Tokens taken (heaps, heaps with memory, two piles), else null (a bigint: a heap may pass 2^53). */
  readonly take: bigint | null;
  /** What the component becomes, as written. */
  readonly to: readonly string[];
  /** The move in words (as the terminal writes it). */
  readonly words: string;
  /** The state it leaves, where that is a pair (a two-pile game's square, a heap with memory's (n, cap)). */
  readonly pair?: readonly [number, number];
}

export interface ComponentView {
  readonly index: number;
  /** "heap 2", "第 2 堆". */
  readonly name: string;
  readonly text: string;
  /** A heap's size (a bigint: a heap a period answers may pass 2^53, and is shown exactly). */
  readonly heap?: bigint;
  /** A pair's coordinates, or a heap with memory's (n, cap). */
  readonly pair?: readonly [number, number];
  /** Its legal moves, or null when there are too many to list. */
  readonly options: readonly OptionView[] | null;
  /** How many legal moves it has (a bigint: a heap of 10^18 has about as many). */
  readonly optionCount: bigint;
}

export interface PlaySnapshot {
  readonly id: number;
  /** How the page draws it: piles of counters, boards with a queen, a pile with a cap, or a list of moves. */
  readonly shape: 'heaps' | 'pairs' | 'memory' | 'tokens';
  /** Whether the start was drawn from the seed. */
  readonly random: boolean;
  readonly misere: boolean;
  readonly components: readonly ComponentView[];
  readonly humanToMove: boolean;
  readonly result: { readonly humanWins: boolean } | null;
  readonly canUndo: boolean;
  /** Every move so far, by key. */
  readonly played: readonly string[];
}

export interface HintView {
  readonly outcome: 'N' | 'P' | 'D';
  readonly paragraphs: readonly string[];
  readonly heading: string | null;
  /** The winning moves listed (the first few). */
  readonly moves: readonly { readonly key: string; readonly words: string }[];
  /** Every winning move's key, to highlight. */
  readonly winning: readonly string[];
  readonly more: string | null;
}

/** How far an evaluation (a hint, the computer's move) has got: units done of at most `ceiling` (Infinity: not known). */
export interface PlayProgress {
  readonly done: number;
  readonly ceiling: number;
  readonly unit: string;
}
