/**
 * Bash's game (Bachet, 1612): take 1 to m tokens; G(n) = n mod (m+1), so a
 * heap of any size is answered at once, for m up to 10^18. Named by the
 * preset `bash:<m>`; its values, positions, winning moves and misère
 * outcomes all come from the theorem.
 */
import { fail } from '../../rules/check.js';
import { HEAP_MISERE, playHeap, prepareHeap } from '../shared/heap-game.js';
import type { HeapKind } from '../../heap/heap-kind.js';
import { NONE, singleHeap } from '../../heap/heap-options.js';
import type { ClosedForm } from '../../heap/closed-form.js';
import type { GameKind } from '../kind.js';
import { MOST_LIMIT, takeUpToText, type TakeUpToRule } from './rule.js';
import { say, type Message } from '../../i18n/index.js';
import { EXAMPLES } from './examples.js';
import { PRESETS } from './presets.js';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** Bachet's theorem for taking 1 to m: G(n) = n mod (m+1). */
export function bachetTheorem(m: bigint): Message {
  return { key: 'theorem.bachet', params: { m, period: m + 1n } };
}

function bachet(rule: TakeUpToRule): ClosedForm {
  const m = rule.most;
  const period = m + 1n;
  return {
    theorem: bachetTheorem(m),
    value: (n) => n % period,
    cycle: period <= SAFE ? { preperiod: 0, period: Number(period), saltus: 0 } : null,
    largest: (max) => min(max, m),
    misere: {
      theorem: { key: 'theorem.bachetMisere', params: { period } },
      isP: (n) => n % period === 1n,
      winningTake: (n) => {
        const take = (((n - 1n) % period) + period) % period;
        return n > 0n && take >= 1n ? take : null;
      },
    },
    pPositions: (max) =>
      period <= SAFE
        ? { kind: 'residues', modulus: Number(period), residues: [0], from: 0, extra: [], missing: [] }
        : { kind: 'list', list: [0], upTo: max, truncated: false },
  };
}

const heap: HeapKind<TakeUpToRule> = {
  moves(rule) {
    const m = rule.most;
    const period = m + 1n;
    return {
      text: takeUpToText(rule),
      options: (n) => Array.from({ length: Number(min(BigInt(n), m)) }, (_, i) => [n - i - 1]),
      // Take 1..min(n, m), in that order, at any size.
      reckoned: {
        count: (n) => min(n, m),
        at: (n, i) => [n - i - 1n],
        isOption: (n, parts) => parts.length <= 1 && n - (parts[0] ?? 0n) >= 1n && n - (parts[0] ?? 0n) <= m,
        splitsTaking: () => false,
      },
      splits: false,
      nim: false,
      // The one option of n with value t: take (n - t) mod (m+1), when that is a move.
      withValue(_x, n, target) {
        if (target >= period) return NONE;
        const take = (((n - target) % period) + period) % period;
        return take >= 1n && take <= n ? { count: 1n, options: [singleHeap(n, n - take)], work: 1 } : NONE;
      },
      // Misère: the player to move loses exactly at n ≡ 1 (mod m+1).
      *misereOutcomes(max) {
        const outcomes = new Uint8Array(max + 1);
        for (let n = 0; n <= max; n++) {
          outcomes[n] = BigInt(n) % period === 1n ? 0 : 1;
          if (n % 65536 === 0) yield;
        }
        return outcomes;
      },
      ...(m <= 1n << 20n && { window: Number(m) }),
      asData: () => (m <= 1n << 16n ? { kind: 'takes', takes: Array.from({ length: Number(m) }, (_, i) => i + 1) } : null),
    };
  },
};

export const bashKind: GameKind<TakeUpToRule> = {
  name: 'bash',
  examples: EXAMPLES,
  presets: PRESETS,
  ruleKinds: ['take-up-to'],
  // Named by the preset bash:<m>.
  words: [],
  text: takeUpToText,
  check(rule, where) {
    const most = rule.most as unknown;
    const value = typeof most === 'number' && Number.isSafeInteger(most) ? BigInt(most) : most;
    if (typeof value !== 'bigint' || value < 1n || value > MOST_LIMIT) fail(`${where}.most`, 'a whole number from 1 to 10^18', most);
    return value === most ? rule : { kind: 'take-up-to', most: value };
  },
  heap,
  misere: HEAP_MISERE,
  theorem: (rule) => ({
    by: 'values',
    form: bachet(rule),
    emit: (header) => ({ kind: 'modulus', header: header([`proven: ${say(bachetTheorem(rule.most))}`]), modulus: rule.most + 1n }),
  }),
  prepare: (request) => prepareHeap(bashKind, takeUpToText(request.game.rule), request),
  play: (request, random) => playHeap(bashKind, takeUpToText(request.game.rule), request, random),
};
