import type { Graph } from './graph.js';
import type { GraphProgress } from './progress.js';
import { STEP_WORK } from './progress.js';

/**
 * Marks the vertices that lie on a cycle: those in a strongly connected
 * component of two or more vertices, or with a loop to themselves. Tarjan's
 * algorithm with an explicit stack (graphs can be millions of vertices deep).
 * Only vertices with `candidate[v]` set are visited (the others cannot reach a
 * cycle, so they are on none); returns onCycle[v] = 1 for those on a cycle.
 */
export function* cycleVertices(graph: Graph, candidate: (v: number) => boolean): Generator<GraphProgress, Uint8Array> {
  const n = graph.names.length;
  const { offsets, targets } = graph;
  const onCycle = new Uint8Array(n);
  const index = new Int32Array(n).fill(-1);
  const low = new Uint32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Uint32Array(n);
  const path = new Uint32Array(n);
  const next = new Uint32Array(n);
  let sp = 0;
  let counter = 0;
  let work = 0;

  for (let root = 0; root < n; root++) {
    if (index[root] >= 0 || !candidate(root)) continue;
    let depth = 0;
    path[0] = root;
    next[0] = offsets[root];
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      // Every pass looks at one edge or finishes one vertex: count passes, so a long descent reports too.
      if (++work >= STEP_WORK) {
        work = 0;
        yield { phase: 'cycles', done: counter, total: n };
      }
      const v = path[depth];
      if (next[depth] < offsets[v + 1]) {
        const w = targets[next[depth]++];
        if (index[w] < 0) {
          if (!candidate(w)) continue;
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          path[++depth] = w;
          next[depth] = offsets[w];
        } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      if (low[v] === index[v]) {
        // v roots a component: pop it, and mark it when it holds a cycle.
        const bottom = sp;
        do sp--;
        while (stack[sp] !== v);
        const cyclic = bottom - sp > 1 || hasLoop(offsets, targets, v);
        for (let k = sp; k < bottom; k++) {
          onStack[stack[k]] = 0;
          if (cyclic) onCycle[stack[k]] = 1;
        }
      }
      depth--;
      if (depth >= 0 && low[v] < low[path[depth]]) low[path[depth]] = low[v];
    }
  }
  return onCycle;
}

/** Whether v is its own follower (followers are sorted, but lists are short: a scan will do). */
function hasLoop(offsets: Uint32Array, targets: Uint32Array, v: number): boolean {
  for (let e = offsets[v]; e < offsets[v + 1]; e++) if (targets[e] === v) return true;
  return false;
}
