/**
 * Why an answer is what it says: every value and outcome a report gives
 * carries its ground.
 * - table: computed, here, from the rule's options (`over` says which states: "heaps 0..63");
 * - period: a pattern proven by a theorem about the computed values (which one, in `proof`);
 * - theorem: a published theorem about the game (author, year) answers it directly;
 * - law: a pattern only observed over the computed values: not proven, and
 *   used beyond them only when asked to (--use-observed);
 * - quotient: a misère quotient (Plambeck and Siegel 2008) computed here for
 *   heaps 0..bound and checked over every sum of them (src/core/misere/);
 * - search: an exhaustive search of the position itself.
 */
import { say, type Message } from '../i18n/index.js';

export type Ground =
  | { readonly kind: 'table'; readonly over: Message }
  | { readonly kind: 'period'; readonly proof: Message }
  | { readonly kind: 'theorem'; readonly theorem: Message }
  | { readonly kind: 'law'; readonly law: Message; readonly observedUpTo: bigint }
  | { readonly kind: 'quotient'; readonly bound: number; readonly order: number }
  | { readonly kind: 'search'; readonly what: Message };

/** The ground in a few words, for a report line. */
export function groundWords(ground: Ground): string {
  switch (ground.kind) {
    case 'table':
      return `computed (table of ${say(ground.over)})`;
    case 'period':
      return `proven period (${say(ground.proof)})`;
    case 'theorem':
      return `theorem: ${say(ground.theorem)}`;
    case 'law':
      return `law observed up to ${ground.observedUpTo}, not proven: ${say(ground.law)}`;
    case 'search':
      return `exhaustive search of ${say(ground.what)}`;
    case 'quotient':
      return `misère quotient Q_${ground.bound} (Plambeck–Siegel 2008) of order ${ground.order}, computed and checked over every sum of heaps 0..${ground.bound}`;
  }
}

/** The same as JSON: `{"kind": ..., ...}` with its numbers as numbers (a count observed over fits a double). */
export function groundJson(ground: Ground): Record<string, unknown> {
  switch (ground.kind) {
    case 'table':
      return { kind: 'table', over: say(ground.over) };
    case 'period':
      return { kind: 'period', proof: say(ground.proof) };
    case 'theorem':
      return { kind: 'theorem', theorem: say(ground.theorem) };
    case 'law':
      return { kind: 'law', law: say(ground.law), observedUpTo: Number(ground.observedUpTo), proven: false };
    case 'search':
      return { kind: 'search', what: say(ground.what) };
    case 'quotient':
      return { kind: 'quotient', bound: ground.bound, order: ground.order, theorem: 'Plambeck and Siegel, Misère quotients for impartial games (2008)' };
  }
}

/** Each kind of ground among `grounds` with its details, once (a JSON report's "grounds": heaps of one kind share them). */
export function groundsByKind(grounds: Iterable<Ground>): Record<string, Record<string, unknown>> {
  const byKind: Record<string, Record<string, unknown>> = {};
  for (const ground of grounds) byKind[ground.kind] = groundJson(ground);
  return byKind;
}
