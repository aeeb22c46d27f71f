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

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    heapPush(this.items, item, before);
  }

  /** The costliest item, taken out (undefined when none waits). */
  take(): T | undefined {
    return heapTake(this.items, before);
  }
}

function before(a: Costed, b: Costed): boolean {
  return a.cost > b.cost || (a.cost === b.cost && a.index < b.index);
}
