import type { Graph } from './graph.js';
import type { GraphProgress } from './progress.js';
import { STEP_WORK } from './progress.js';

/** The predecessors of each vertex in compressed-row form (u is in v's list iff v is a follower of u). */
export interface Predecessors {
  readonly offsets: Uint32Array;
  readonly sources: Uint32Array;
}

/** Built in steps (a 10^7-edge graph takes a while), yielding progress in vertices. */
export function* predecessors(graph: Graph): Generator<GraphProgress, Predecessors> {
  const n = graph.names.length;
  const { offsets: out, targets } = graph;
  const offsets = new Uint32Array(n + 1);
  for (let e = 0; e < targets.length; e++) {
    offsets[targets[e] + 1]++;
    if ((e & (STEP_WORK - 1)) === STEP_WORK - 1) yield { phase: 'prepare', done: 0, total: n };
  }
  for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, n);
  const sources = new Uint32Array(targets.length);
  let work = 0;
  for (let u = 0; u < n; u++) {
    for (let e = out[u]; e < out[u + 1]; e++) sources[fill[targets[e]]++] = u;
    work += out[u + 1] - out[u] + 1;
    if (work >= STEP_WORK) {
      work = 0;
      yield { phase: 'prepare', done: u + 1, total: n };
    }
  }
  return { offsets, sources };
}
