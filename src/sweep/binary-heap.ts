/**
 * A binary heap in an array, ordered by `before` (every item comes before
 * its children): the merge of results files takes rows from it, and a sweep
 * its deferred rules.
 */
export type Before<T> = (a: T, b: T) => boolean;

/** Add `item`, moving it up to its place. */
export function heapPush<T>(heap: T[], item: T, before: Before<T>): void {
  let i = heap.push(item) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i]!, heap[parent]!)) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

/** Move the item at `i` down to its place (after it changed, or replaced the top). */
export function heapSiftDown<T>(heap: T[], i: number, before: Before<T>): void {
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let first = i;
    if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
    if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
    if (first === i) return;
    [heap[i], heap[first]] = [heap[first]!, heap[i]!];
    i = first;
  }
}

/** Take the first item out (undefined when empty). */
export function heapTake<T>(heap: T[], before: Before<T>): T | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0 && last !== undefined) {
    heap[0] = last;
    heapSiftDown(heap, 0, before);
  }
  return top;
}
