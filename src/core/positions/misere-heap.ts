/**
 * Misère outcomes of single heaps of any size: from a theorem (Bash's game:
 * P exactly at n ≡ 1 mod (m+1)), from the computed misère table, from its
 * proven period beyond it, or (asked for) from a period only observed. A
 * one-heap misère position gets its winning moves the same way: the options
 * of a heap far out are those of a heap in the table with the same place in
 * the period (the rule's moves are the same takes from any heap at least
 * its window), shifted back.
 */
import { InputError, mention, says, saying } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { HeapMoves } from '../heap/heap-kind.js';
import type { MisereClosedForm } from '../heap/closed-form.js';
import { cycleMessage } from '../heap/heap-ground.js';
import type { Ground } from '../laws/ground.js';
import type { MisereOutcome, MisereTable } from './misere-table.js';
import type { Move, PositionReport } from './position.js';
import { describeHeapMove, showHeap } from './heap-position.js';

/** Heaps of a misère table computed to find its period, when the heaps asked for go beyond it. */
export function misereSearchMax(moves: HeapMoves, largest: bigint): number {
  const enough = Math.max(4096, 16 * (moves.window ?? 0) + 4096);
  return largest < BigInt(enough) ? Number(largest) : enough;
}

/** The misère outcome of heap n from a theorem or a table (with its period beyond it). */
export function misereOutcomeOf(table: MisereTable | null, closed: MisereClosedForm | null, useObserved: boolean): (n: bigint) => MisereOutcome {
  if (closed) {
    const ground: Ground = { kind: 'theorem', theorem: closed.theorem };
    return (n) => ({ n, outcome: closed.isP(n) ? 'P' : 'N', ground });
  }
  const t = table!;
  const tableGround: Ground = { kind: 'table', over: { key: 'ground.heaps', params: { last: t.max } } };
  const c = t.cycle;
  const beyond: Ground | null = c?.proof ? { kind: 'period', proof: { key: 'ground.proven', params: { method: c.proof.method, cycle: cycleMessage({ ...c, saltus: 0 }) } } } : c && useObserved ? { kind: 'law', law: { key: 'ground.misereCycle', params: { cycle: cycleMessage({ ...c, saltus: 0 }) } }, observedUpTo: BigInt(t.max) } : null;
  return (n) => {
    if (n <= BigInt(t.max)) return { n, outcome: t.outcomes[Number(n)] ? 'N' : 'P', ground: tableGround };
    if (!c || !beyond) {
      throw new InputError(
        says`${mention('misere')}: ${c ? saying('error.misere.unproven', { n: formatCount(n), period: c.period, last: formatCount(t.max), useObserved: mention('useObserved') }) : saying('error.misere.noPeriod', { n: formatCount(n), last: formatCount(t.max) })}`,
        { code: 'too-large', value: n },
      );
    }
    const r = BigInt(c.preperiod) + ((n - BigInt(c.preperiod)) % BigInt(c.period));
    return { n, outcome: t.outcomes[Number(r)] ? 'N' : 'P', ground: beyond };
  };
}

/** A position of one heap in misère play, answered at any size. */
export function misereHeapPosition(moves: HeapMoves, n: bigint, table: MisereTable | null, closed: MisereClosedForm | null, useObserved: boolean): PositionReport<bigint> {
  const outcomeOf = misereOutcomeOf(table, closed, useObserved);
  const here = outcomeOf(n);
  const winningMoves: Move<bigint>[] = [];
  const move = (take: bigint): Move<bigint> => ({ component: 1, from: n, to: n - take === 0n ? [] : [n - take], take });
  if (here.outcome === 'N') {
    if (closed) {
      const take = closed.winningTake(n);
      if (take !== null) winningMoves.push(move(take));
    } else {
      // A heap in the table with n's place in the period, at least a window past the preperiod: the same takes reach the same outcomes.
      const c = table!.cycle;
      const inTable = n <= BigInt(table!.max);
      const window = BigInt(moves.window ?? 0);
      let stand = n;
      if (!inTable && c) {
        const p = BigInt(c.period);
        const from = BigInt(c.preperiod) + window;
        stand = from + ((((n - from) % p) + p) % p);
      }
      if (!inTable && (moves.window === undefined || stand > BigInt(table!.max))) {
        throw new InputError(says`${mention('misere')}: ${saying('error.misere.movesNeedTable', { n: formatCount(n) })}`, { code: 'not-applicable', value: n });
      }
      for (const [left] of moves.options(Number(stand))) {
        const take = stand - BigInt(left ?? 0);
        if (outcomeOf(n - take).outcome === 'P') winningMoves.push(move(take));
      }
      winningMoves.sort((a, b) => (a.take! < b.take! ? -1 : 1));
    }
  }
  return {
    shape: 'position',
    rule: moves.text,
    misere: true,
    components: [{ state: n, grundy: null, ground: here.ground }],
    nimSum: null,
    outcome: here.outcome,
    winningMoves,
    movesNotListed: null,
    show: showHeap,
    describe: describeHeapMove,
  };
}
