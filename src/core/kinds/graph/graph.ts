/**
 * A finite directed graph in compressed-row form: the followers (options) of
 * vertex u are targets[offsets[u] .. offsets[u+1]), sorted, without repeats.
 */
export interface Graph {
  readonly names: readonly string[];
  readonly offsets: Uint32Array;
  readonly targets: Uint32Array;
}

/** Number of edges (moves) of a graph. */
export function edgeCount(graph: Graph): number {
  return graph.offsets[graph.names.length];
}

/**
 * Collects edges as pairs of vertex ids in growing typed arrays (a 10^7-edge
 * input must not become 10^7 small objects), then sorts them into a Graph.
 */
export class EdgeCollector {
  private from: Uint32Array;
  private to: Uint32Array;
  private count = 0;

  /** `expected`: a guess at the number of edges, to spare most regrowing. */
  constructor(expected = 1024) {
    this.from = new Uint32Array(Math.max(16, expected));
    this.to = new Uint32Array(Math.max(16, expected));
  }

  add(u: number, v: number): void {
    if (this.count === this.from.length) this.grow();
    this.from[this.count] = u;
    this.to[this.count] = v;
    this.count++;
  }

  /** The graph on vertices 0..names.length-1; the collector is emptied. */
  build(names: readonly string[]): Graph {
    const steps = this.buildSteps(names);
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  }

  /** The same, pausing every BUILD_STEP edges or vertices (a stop between pauses is prompt on 10^7 edges). */
  *buildSteps(names: readonly string[]): Generator<void, Graph, void> {
    const n = names.length;
    const m = this.count;
    const offsets = new Uint32Array(n + 1);
    for (let e = 0; e < m; e++) offsets[this.from[e] + 1]++;
    for (let u = 0; u < n; u++) offsets[u + 1] += offsets[u];
    const fill = offsets.slice(0, n);
    const targets = new Uint32Array(m);
    for (let e = 0; e < m; e++) {
      targets[fill[this.from[e]]++] = this.to[e];
      if ((e & (BUILD_STEP - 1)) === BUILD_STEP - 1) yield;
    }
    this.from = this.to = new Uint32Array(0);
    this.count = 0;
    return { names, ...(yield* sortedUnique(offsets, targets)) };
  }

  private grow(): void {
    // Growing by half keeps the transient copy small next to the edges themselves.
    const size = Math.ceil(this.from.length * 1.5);
    const from = new Uint32Array(size);
    from.set(this.from);
    this.from = from;
    const to = new Uint32Array(size);
    to.set(this.to);
    this.to = to;
  }
}

/** Each follower list sorted and its repeats dropped, so degrees and counts are exact. */
/** Edges (or vertices) between pauses of the build. */
const BUILD_STEP = 1 << 18;

function* sortedUnique(offsets: Uint32Array, targets: Uint32Array): Generator<void, { offsets: Uint32Array; targets: Uint32Array }, void> {
  const n = offsets.length - 1;
  let write = 0;
  let start = 0;
  for (let u = 0; u < n; u++) {
    const end = offsets[u + 1];
    if (end - start > 16) targets.subarray(start, end).sort();
    else insertionSort(targets, start, end);
    offsets[u] = write;
    for (let e = start; e < end; e++) {
      if (e > start && targets[e] === targets[e - 1]) continue;
      targets[write++] = targets[e];
    }
    start = end;
    if ((u & (BUILD_STEP - 1)) === BUILD_STEP - 1) yield;
  }
  offsets[n] = write;
  return { offsets, targets: write === targets.length ? targets : targets.slice(0, write) };
}

/** Short lists (most of them) sort faster in place than through a subarray view. */
function insertionSort(a: Uint32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= start && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}
