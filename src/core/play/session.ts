/**
 * A game against the computer, with no terminal or page in it: the position,
 * whose turn it is, the history (undo goes back to the human's previous
 * turn), the legal moves, the computer's move at a level 1..10, and the hint.
 * The computer plays through the game's evaluation (theorem, proven period,
 * misère quotient, search: the same grounds as `--position`), so it is
 * perfect on large positions too. Below level 10 it plays a random move now
 * and then, so that people can learn.
 */
import type { Playable } from '../positions/playable.js';
import type { Move, PositionReport } from '../positions/position.js';

/** How a game is played: misère or normal play, who moves first, the computer's level and random numbers, how positions are evaluated. */
export interface SessionOptions<S> {
  readonly misere: boolean;
  readonly humanFirst: boolean;
  /** 1..10: the chance in ten that the computer plays its best move. */
  readonly level: number;
  readonly random: () => number;
  /** How a position is evaluated (the terminal wraps the game's evaluation with progress); the game's own by default. */
  readonly evaluate?: (position: readonly S[]) => Promise<PositionReport<S>>;
}

export interface Turn<S> {
  readonly position: readonly S[];
  readonly humanToMove: boolean;
}

/** Who won, once the player to move cannot move. */
export type Result = { readonly humanWins: boolean } | null;

/** A game against the computer: the position, whose turn it is, moves, undo and hints. */
export class PlaySession<S> {
  private turn: Turn<S>;
  private readonly history: Turn<S>[] = [];
  /** Every move played, in order (the page replays them into a fresh worker). */
  private readonly played: Move<S>[] = [];
  /** Evaluations of the positions met, by their states' keys. */
  private readonly evaluated = new Map<string, Promise<PositionReport<S>>>();

  constructor(
    readonly game: Playable<S>,
    start: readonly S[],
    readonly options: SessionOptions<S>,
  ) {
    this.turn = { position: [...start], humanToMove: options.humanFirst };
  }

  get position(): readonly S[] {
    return this.turn.position;
  }

  get humanToMove(): boolean {
    return this.turn.humanToMove;
  }

  get moves(): readonly Move<S>[] {
    return this.played;
  }

  /** Whether undo has a human turn to go back to. */
  get canUndo(): boolean {
    return this.history.some((t) => t.humanToMove);
  }

  /** Legal moves, component by component in the game's order of options: at most `most` of each (a huge heap has too many to list). */
  legalMoves(most = MOVES_LISTED): Move<S>[] {
    return this.turn.position.flatMap((from, i) => this.game.firstOptions(from, most).map((to) => this.move(i + 1, to)));
  }

  /** How many legal moves there are, over every component. */
  moveCount(): bigint {
    return this.turn.position.reduce((sum, from) => sum + this.game.optionCount(from), 0n);
  }

  /** The i-th legal move in the order legalMoves lists them (without listing them). */
  moveAt(i: bigint): Move<S> {
    for (const [c, from] of this.turn.position.entries()) {
      const count = this.game.optionCount(from);
      if (i < count) return this.move(c + 1, this.game.optionAt(from, i));
      i -= count;
    }
    throw new RangeError(`no move ${i} in this position`);
  }

  /** The move that leaves `to` in place of component `component` (from 1), if it is legal. */
  moveTo(component: number, to: readonly S[]): Move<S> | undefined {
    const from = this.turn.position[component - 1];
    return from !== undefined && this.game.isOption(from, to) ? this.move(component, to) : undefined;
  }

  private move(component: number, to: readonly S[]): Move<S> {
    const from = this.turn.position[component - 1]!;
    return { component, from, to, take: this.game.take(from, to) };
  }

  /** The player to move cannot move: in normal play they lose, in misère play they win. */
  result(): Result {
    if (this.moveCount() > 0n) return null;
    return { humanWins: this.turn.humanToMove === this.options.misere };
  }

  /** Play a move for whoever is to move (a legal one: see find). */
  play(move: Move<S>): void {
    this.history.push(this.turn);
    this.played.push(move);
    this.turn = { position: applyMove(this.game, this.turn.position, move), humanToMove: !this.turn.humanToMove };
  }

  /** The moves undo would take back, in the order they were played: the human's, then the computer's reply (if it came). */
  undoable(): readonly Move<S>[] {
    if (!this.canUndo) return [];
    let back = 0;
    for (let i = this.history.length - 1; i >= 0; i--) {
      back++;
      if (this.history[i]!.humanToMove) break;
    }
    return this.played.slice(-back);
  }

  /** Back to the human's previous turn (their move and the computer's reply); false when there is none. */
  undo(): boolean {
    if (!this.canUndo) return false;
    let back: Turn<S> | undefined;
    while ((back = this.history.pop())) {
      this.played.pop();
      if (back.humanToMove) break;
    }
    this.turn = back!;
    return true;
  }

  /** The legal move with this key (moveKey), if any, among those legalMoves lists. */
  find(key: string): Move<S> | undefined {
    return this.legalMoves().find((m) => moveKey(this.game, m) === key);
  }

  /** A position's evaluation, kept (a hint after the computer looked, an undo, the start looked at before play: one evaluation each). */
  evaluate(position: readonly S[] = this.turn.position): Promise<PositionReport<S>> {
    const key = position.map((s) => this.game.key(s)).join(' ');
    let report = this.evaluated.get(key);
    if (!report) {
      if (this.evaluated.size >= EVALUATIONS_KEPT) this.evaluated.clear();
      report = this.options.evaluate ? this.options.evaluate(position) : this.game.evaluate(position, this.options.misere);
      this.evaluated.set(key, report);
      // A failed evaluation (stopped, refused) is not kept: asked again, it runs again.
      report.catch(() => this.evaluated.delete(key));
    }
    return report;
  }

  /** The hint: the evaluation of the position to move from (values, nim-sum, outcome, winning moves). */
  hint(): Promise<PositionReport<S>> {
    return this.evaluate();
  }

  /** The computer's choice (not played): a winning move where there is one, else the smallest take, so the game lasts; below level 10 now and then a random one. */
  async computerMove(): Promise<Move<S>> {
    const total = this.moveCount();
    if (total === 0n) throw new Error('no move to play: the game is over');
    const { level, random } = this.options;
    if (level < 10 && random() * 10 >= level) {
      // Any legal move, each as likely: picked by its place, so a huge heap's options need not be listed.
      const i = BigInt(Math.floor(random() * Number(total)));
      return this.moveAt(i < total ? i : total - 1n);
    }
    const report = await this.evaluate();
    if (report.winningMoves.length) return report.winningMoves[0]!;
    // Lost against best play: take the least, so the game lasts and a mistake has room to happen. A component's options
    // come by amount taken where they are too many to list, so its least take is among its first.
    const legal = this.legalMoves(LEAST_TAKE_LOOKED);
    return [...legal].sort((a, b) => (a.take !== null && b.take !== null ? (a.take < b.take ? -1 : a.take > b.take ? 1 : 0) : 0) || b.component - a.component)[0]!;
  }
}

/** Evaluations a session keeps (a game visits few positions; past this many they are forgotten). */
const EVALUATIONS_KEPT = 1000;
/** Moves legalMoves lists of a component by default (a page lists fewer; the rest are counted). */
export const MOVES_LISTED = 10_000;
/** Options of each component looked through for the least take (every option of a state with fewer). */
const LEAST_TAKE_LOOKED = 1_000_000;

/** The position after a move. A heap emptied stays as 0 (heaps keep their numbers); a split takes the heap's place. */
export function applyMove<S>(game: Playable<S>, position: readonly S[], move: Move<S>): S[] {
  const to = move.to.length === 0 && game.heaps ? [game.parse('0')] : move.to;
  return [...position.slice(0, move.component - 1), ...to, ...position.slice(move.component)];
}

/** What a move leaves, as sorted keys with empty heaps dropped: a report's winning move and the same legal option compare equal. */
export function leftKey<S>(game: Playable<S>, to: readonly S[]): string {
  return to
    .map((s) => game.key(s))
    .filter((k) => !(game.heaps && k === '0'))
    .sort()
    .join('+');
}

/** A move as text that names it uniquely in its position: `component/what it leaves`. */
export function moveKey<S>(game: Playable<S>, move: Move<S>): string {
  return `${move.component}/${leftKey(game, move.to)}`;
}
