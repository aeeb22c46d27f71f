/**
 * How a judge writes one component of a game's positions: the kind's own
 * form (a pair, a vertex, a state), or, for a kind whose positions are
 * heaps, one whole number. Null where the kind's positions have no judge's
 * form.
 */
import type { GameKind, JudgeForm } from '../kinds/kind.js';
import type { RuleBase } from '../rules/spec.js';

/** A random whole number from least to largest (largest up to 10^18). */
export function randomBetween(random: () => number, least: bigint, largest: bigint): bigint {
  const span = largest - least + 1n;
  if (span <= 0n) return least;
  if (span <= 2n ** 32n) return least + BigInt(Math.floor(random() * Number(span)));
  const draw = (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));
  return least + (draw % span);
}

/** A heap: one whole number, written as it is. */
export const HEAP_FORM: JudgeForm = {
  token: 'number',
  width: 1,
  words: 'a heap n',
  positionText: (tokens) => tokens[0]!,
  written: (shown) => shown,
  draw: (_, random, least, largest) => [String(randomBetween(random, least, largest))],
};

/** Two whole numbers x y, written x:y on the command line (a two-pile game's piles, a heap with memory's heap and cap). */
export function pairForm<R extends RuleBase>(words: string): JudgeForm<R> {
  return {
    token: 'number',
    width: 2,
    words,
    positionText: (tokens) => `${tokens[0]}:${tokens[1]}`,
    written: (shown) => shown.replace(':', ' '),
    draw: (_, random, least, largest) => [String(randomBetween(random, least, largest)), String(randomBetween(random, least, largest))],
  };
}

export function judgeFormOf<R extends RuleBase>(kind: GameKind<R>): JudgeForm<R> | null {
  return kind.judge ?? (kind.heap ? (HEAP_FORM as JudgeForm<R>) : null);
}
