import { UNSETTLED } from './acyclic.js';
import type { Graph } from './graph.js';
import type { GraphProgress } from './progress.js';
import { STEP_WORK } from './progress.js';
import type { Predecessors } from './reverse.js';

/** The value of a vertex whose generalised value is infinite. */
export const INFINITE = -1;

/**
 * Smith's generalised Sprague-Grundy function by Fraenkel's staged labelling
 * (Fraenkel & Yesha). At stage i, an unlabelled vertex u gets the label i when
 * no follower of u is labelled i and every follower that is not labelled with
 * a finite value below i has a follower labelled i; the stage repeats this
 * until nothing changes, then labels ∞ every unlabelled vertex without a
 * follower labelled i (it can never get a larger value). Vertices the
 * retrograde pass valued (value[v] >= 0) enter stage value[v] as labelled,
 * as the full labelling would label them. On return no value is UNSETTLED.
 *
 * Work: each stage scans the followers of the still unlabelled vertices once,
 * and the predecessors of vertices that gain a follower labelled i: O(stages · edges).
 */
export function* smithLabels(graph: Graph, preds: Predecessors, value: Int32Array, settled: number): Generator<GraphProgress, void> {
  const n = graph.names.length;
  const { offsets, targets } = graph;
  const { offsets: back, sources } = preds;

  // Vertices the retrograde pass valued, bucketed by value (a counting sort).
  let top = 0;
  for (let v = 0; v < n; v++) if (value[v] > top) top = value[v];
  const bucketStart = new Uint32Array(top + 2);
  for (let v = 0; v < n; v++) if (value[v] >= 0) bucketStart[value[v] + 1]++;
  for (let g = 0; g <= top; g++) bucketStart[g + 1] += bucketStart[g];
  const byValue = new Uint32Array(settled);
  const fill = bucketStart.slice(0, top + 1);
  let open = new Uint32Array(n - settled);
  let openCount = 0;
  for (let v = 0; v < n; v++) {
    if (value[v] >= 0) byValue[fill[value[v]]++] = v;
    else open[openCount++] = v;
  }

  // need[u]: followers of u still waiting for a follower labelled i; hasLabel[p] === i + 1: p has one.
  const need = new Uint32Array(n);
  const hasLabel = new Uint32Array(n);
  const queue = new Uint32Array(n);
  let done = settled;
  let work = 0;

  for (let i = 0; openCount > 0; i++) {
    const stamp = i + 1;
    let tail = 0;
    if (i <= top) for (let k = bucketStart[i]; k < bucketStart[i + 1]; k++) queue[tail++] = byValue[k];
    for (let k = 0; k < openCount; k++) {
      const u = open[k];
      let waiting = 0;
      for (let e = offsets[u]; e < offsets[u + 1]; e++) {
        const g = value[targets[e]];
        if (g < 0 || g >= i) waiting++;
      }
      need[u] = waiting;
      work += offsets[u + 1] - offsets[u] + 1;
      if (work >= STEP_WORK) {
        work = 0;
        yield { phase: 'labels', done, total: n };
      }
    }
    // A vertex whose followers all have finite values below i has none labelled i.
    for (let k = 0; k < openCount; k++) {
      const u = open[k];
      if (need[u] === 0) {
        value[u] = i;
        queue[tail++] = u;
      }
    }
    for (let head = 0; head < tail; head++) {
      const w = queue[head];
      for (let e = back[w]; e < back[w + 1]; e++) {
        const p = sources[e];
        if (hasLabel[p] === stamp) continue;
        hasLabel[p] = stamp;
        const g = value[p];
        if (g >= 0 && g < i) continue;
        // p now has a follower labelled i: its unlabelled predecessors wait for one fewer follower.
        for (let f = back[p]; f < back[p + 1]; f++) {
          const q = sources[f];
          if (value[q] === UNSETTLED && hasLabel[q] !== stamp && --need[q] === 0) {
            value[q] = i;
            queue[tail++] = q;
          }
        }
        work += back[p + 1] - back[p];
      }
      work += back[w + 1] - back[w];
      if (work >= STEP_WORK) {
        work = 0;
        yield { phase: 'labels', done, total: n };
      }
    }
    // Close the stage: labelled vertices leave; those without a follower labelled i are ∞.
    let kept = 0;
    for (let k = 0; k < openCount; k++) {
      const u = open[k];
      if (value[u] === i) done++;
      else if (hasLabel[u] !== stamp) {
        value[u] = INFINITE;
        done++;
      } else open[kept++] = u;
    }
    openCount = kept;
    if (kept < open.length >>> 1) open = open.slice(0, kept);
    yield { phase: 'labels', done, total: n };
  }
}
