import { formatCount } from '../numbers.js';
/**
 * Misère outcomes of single heaps, n = 0..max (the last player to move
 * loses; a heap with no move is won by the player to move).
 * - Rules whose options are single heaps (subtraction sets, all-but sets,
 *   infinite subtraction sets): the outcome of n follows from the outcomes
 *   of its options, one pass. For a finite subtraction set it depends only
 *   on the previous k = max S outcomes, so a repeated window proves the
 *   period, as in normal play.
 * - Rules that split heaps (take-and-break codes): a heap's options are
 *   sums, so each heap is settled by an exhaustive search of the positions
 *   it leads to: small heaps only, refused up front when the positions a
 *   heap of max can reach are more than the search may visit.
 */
import { InputError, mention, says, saying } from '../errors.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import { proveByWindowRepetition } from '../laws/window-repetition.js';
import { observeCycle } from '../laws/observed.js';
import { describePPositions, type PPositions } from '../laws/p-positions.js';
import type { Cycle, Proof } from '../laws/pattern.js';
import { checkMisereSize, misereSearch, splitDescendants, sumOptions } from './misere.js';
import { runGenerator } from '../driver.js';
import type { Ground } from '../laws/ground.js';

/** The misère outcome of one heap, and what it rests on. */
export interface MisereOutcome {
  readonly n: bigint;
  readonly outcome: 'N' | 'P';
  readonly ground: Ground;
}

/** Misère play of single heaps: each heap's outcome, and the pattern of the outcomes. */
export interface MisereTable {
  readonly shape: 'misere';
  readonly rule: string;
  readonly max: number;
  /** outcomes[n] = 0 when a heap of n is a misère P-position, 1 when N. */
  readonly outcomes: Uint8Array;
  readonly cycle: (Cycle & { readonly proof: Proof | null }) | null;
  readonly pPositions: PPositions;
  /** With --at: the outcomes of the heaps asked for, each with its ground (the table is then what they rest on). */
  readonly at?: readonly MisereOutcome[];
}

const SINGLE_HEAP_LIMIT = 50_000_000;

export function misereTable(rule: HeapMoves, max: number): MisereTable {
  return runGenerator(misereTableSteps(rule, max));
}

/** The table as a generator that yields after each heap (and each position a search looks at): for the driver. */
export function* misereTableSteps(rule: HeapMoves, max: number): Generator<void, MisereTable, void> {
  if (rule.optionsElsewhere) throw new InputError(says`${mention('misere')} ${saying('error.misere.with', { what: rule.optionsElsewhere })}`, { code: 'not-applicable', value: true });
  const splits = rule.splits;
  // The options of a position reached, estimated by those of the heap of max (a split heap's parts have about as many).
  if (splits) checkMisereSize(splitDescendants(max), max <= 1000 ? rule.options(max).length : Infinity, { key: 'error.misere.splitHeap', params: { n: max } });
  if (max > SINGLE_HEAP_LIMIT) throw new InputError(says`${mention('misere')} ${mention('max')} ${max}: ${saying('error.heaps.atMost', { most: formatCount(SINGLE_HEAP_LIMIT) })}`, { code: 'too-large', field: 'max', value: max });
  const outcomes = new Uint8Array(max + 1);
  if (splits) {
    const memo = new Map<string, boolean>();
    const key = (p: readonly number[]) => p.join(',');
    const normal = (h: number[]) => h.filter((v) => v > 0).sort((a, b) => a - b);
    const options = (p: readonly number[]): Iterable<number[]> => sumOptions(p, (h) => rule.options(h));
    for (let n = 0; n <= max; n++) outcomes[n] = (yield* misereSearch(normal([n]), key, options, memo)) === 'N' ? 1 : 0;
  } else if (rule.misereOutcomes) {
    outcomes.set(yield* rule.misereOutcomes(max));
  } else {
    // Rules whose moves leave one heap (subtraction sets, finite or not).
    for (let n = 0; n <= max; n++) {
      yield;
      let anyMove = false;
      let toP = false;
      for (const [m] of rule.options(n)) {
        anyMove = true;
        if (outcomes[m!] === 0) {
          toP = true;
          break;
        }
      }
      outcomes[n] = !anyMove || toP ? 1 : 0;
    }
  }
  const proven = rule.window !== undefined ? proveByWindowRepetition(outcomes, outcomes.length, rule.window) : null;
  const seen = proven ? null : observeCycle(outcomes, outcomes.length, { allowSaltus: false });
  // The window argument is the same for outcomes (o(n) = N or P) as for values: say so in its words.
  const cycle = proven
    ? { ...proven, proof: { ...proven.proof, reason: proven.proof.reason.replace(/G\(n/g, 'o(n').replace(/\bvalues\b/g, 'outcomes').replace(/\bvalue\b/g, 'outcome') } }
    : seen && { ...seen, proof: null };
  const pattern = cycle ? { kind: 'periodic' as const, ...cycle, observedOver: outcomes.length } : { kind: 'none' as const, observedOver: outcomes.length };
  return { shape: 'misere', rule: rule.text, max, outcomes, cycle, pPositions: describePPositions(outcomes, outcomes.length, pattern, BigInt(max)) };
}
