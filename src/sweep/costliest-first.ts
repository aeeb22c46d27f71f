/**
 * The rules a sweep's first look deferred, waiting to run whole: taken
 * costliest first (by their guessed cost; the earlier rule on a tie), so
 * that the longest rules start at once and the cheap ones fill the threads
 * around them, rather than a long code found late running alone at the end.
 */
export interface Costed {
  readonly cost: number;
  readonly index: number;
}

export class CostliestFirst<T extends Costed> {
  /** A binary heap: every item comes before its children. */
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const items = this.items;
    let i = items.push(item) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  /** The costliest item, taken out (undefined when none waits). */
  take(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < items.length && before(items[left]!, items[first]!)) first = left;
      if (right < items.length && before(items[right]!, items[first]!)) first = right;
      if (first === i) break;
      [items[i], items[first]] = [items[first]!, items[i]!];
      i = first;
    }
    return top;
  }
}

function before(a: Costed, b: Costed): boolean {
  return a.cost > b.cost || (a.cost === b.cost && a.index < b.index);
}
