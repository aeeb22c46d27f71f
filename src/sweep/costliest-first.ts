/**
 * The rules a sweep's first look deferred, waiting to run whole: taken
 * costliest first (by their guessed cost; the earlier rule on a tie), so
 * that the longest rules start at once and the cheap ones fill the threads
 * around them, rather than a long code found late running alone at the end.
 */
import { heapPush, heapTake } from './binary-heap.js';

export interface Costed {
  readonly cost: number;
  readonly index: number;
}

export class CostliestFirst<T extends Costed> {
  private readonly items: T[] = [];
  private costs = 0;

  get size(): number {
    return this.items.length;
  }

  /** The costs of the items waiting, summed. */
  get totalCost(): number {
    return this.costs;
  }

  /** The cost of the costliest item waiting (0 when none waits). */
  get highestCost(): number {
    return this.items[0]?.cost ?? 0;
  }

  push(item: T): void {
    heapPush(this.items, item, before);
    this.costs += item.cost;
  }

  /** The costliest item, taken out (undefined when none waits). */
  take(): T | undefined {
    const item = heapTake(this.items, before);
    // Exactly 0 when the queue empties, whatever rounding the sums left.
    this.costs = this.items.length === 0 ? 0 : this.costs - (item?.cost ?? 0);
    return item;
  }
}

function before(a: Costed, b: Costed): boolean {
  return a.cost > b.cost || (a.cost === b.cost && a.index < b.index);
}
