/**
 * A game ready to play, from a rule and a start position or a seed: the
 * kind's Playable and start (a random one drawn from the seed when no
 * position is given), and the seeded generator the session goes on with
 * (the computer's random moves below level 10), so a seed replays a game.
 */
import { InputError, says, saying } from '../errors.js';
import { checkGame, kindOf, type GameSpec } from '../kinds/registry.js';
import type { Playable } from '../positions/playable.js';
import { mulberry32 } from '../random.js';

/** What startPlay needs: the game, a start or a seed, and how to play. */
export interface PlayStartRequest {
  readonly game: GameSpec;
  /** The start, as written (`3 5 7` is three words); none: a random start from the seed. */
  readonly position?: readonly string[];
  readonly seed: number;
  readonly limit?: number;
}

/** A game startPlay made: how it is played, its start, and whether that was drawn at random. */
export interface ReadyGame {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has states of its own
  readonly playable: Playable<any>;
  readonly start: readonly unknown[];
  /** Whether the start was drawn from the seed. */
  readonly random: boolean;
  /** The seeded generator, past the start's draws. */
  readonly next: () => number;
}

/** A game ready to play from a request: its rule, start (given or drawn at random) and session. */
export async function startPlay(request: PlayStartRequest): Promise<ReadyGame> {
  const next = mulberry32(request.seed);
  const kind = kindOf(request.game.rule);
  if (!kind.play) throw new InputError(says`play: ${saying('error.play.notYet', { rule: kind.text(request.game.rule) })}`, { code: 'not-applicable', field: 'rule' });
  const { playable, start, random } = await kind.play({ game: checkGame(request.game), position: request.position, limit: request.limit }, next);
  return { playable, start, random, next };
}
