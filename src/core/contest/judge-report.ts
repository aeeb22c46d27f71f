/**
 * What a judge's answer needs of a position's result: the outcome and the winning moves, written as the judge
 * writes components. Its own module so that kinds (GameKind.report) and answers both take it from here.
 */
/** A winning move as a judge writes it: the component (from 1), the amount taken (null where the game has none), and the component before and after, written. */
export interface JudgeMove {
  readonly component: number;
  readonly take: bigint | null;
  readonly from: string;
  readonly to: readonly string[];
}

/** What an answer needs of a position's result. */
export interface JudgeReport {
  /** N: the player to move wins; P: the other player; D: neither (a draw). */
  readonly outcome: 'N' | 'P' | 'D';
  /** The winning moves, in the canonical order (all of them, or the first WINNING_MOVES_LISTED). */
  readonly moves: readonly JudgeMove[];
  /** How many winning moves there are. */
  readonly moveCount: bigint;
  /** Why winning moves could not be listed (null when they were). */
  readonly movesNotListed: string | null;
  /** The first component whose winning moves could not be listed (moves listed after it are not the first of all). */
  readonly unlistedComponent?: number;
}
