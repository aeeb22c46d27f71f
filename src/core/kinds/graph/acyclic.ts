import type { Graph } from './graph.js';
import type { GraphProgress } from './progress.js';
import { STEP_WORK } from './progress.js';
import type { Predecessors } from './reverse.js';

/** Marks a value that the retrograde pass did not reach (the vertex can reach a cycle). */
export const UNSETTLED = -2;

/**
 * Grundy values by retrograde order (Kahn's algorithm on out-degrees, from the
 * sinks): a vertex is valued once all its followers are, as the mex of theirs.
 * Vertices from which a cycle can be reached are never valued and stay
 * UNSETTLED; on the others the value is also Smith's generalised value.
 * Returns how many vertices were valued.
 */
export function* retrogradeGrundy(graph: Graph, preds: Predecessors, value: Int32Array): Generator<GraphProgress, number> {
  const n = graph.names.length;
  const { offsets, targets } = graph;
  const waiting = new Uint32Array(n);
  const queue = new Uint32Array(n);
  let tail = 0;
  let widest = 0;
  for (let u = 0; u < n; u++) {
    const degree = offsets[u + 1] - offsets[u];
    waiting[u] = degree;
    if (degree > widest) widest = degree;
    if (degree === 0) queue[tail++] = u;
  }
  // A vertex's value is at most its out-degree, so the mex buffer never grows.
  const seen = new Int32Array(widest + 1).fill(-1);
  let work = 0;
  for (let head = 0; head < tail; head++) {
    const v = queue[head];
    const start = offsets[v];
    const end = offsets[v + 1];
    for (let e = start; e < end; e++) {
      const g = value[targets[e]];
      if (g <= widest) seen[g] = v;
    }
    let mex = 0;
    while (seen[mex] === v) mex++;
    value[v] = mex;
    for (let e = preds.offsets[v]; e < preds.offsets[v + 1]; e++) {
      const p = preds.sources[e];
      if (--waiting[p] === 0) queue[tail++] = p;
    }
    work += end - start + 1;
    if (work >= STEP_WORK) {
      work = 0;
      yield { phase: 'order', done: head + 1, total: n };
    }
  }
  return tail;
}
