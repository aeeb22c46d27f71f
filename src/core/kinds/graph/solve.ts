import { retrogradeGrundy, UNSETTLED } from './acyclic.js';
import { cycleVertices } from './cycles.js';
import type { Graph } from './graph.js';
import type { GraphProgress } from './progress.js';
import { predecessors } from './reverse.js';
import { INFINITE, smithLabels } from './smith.js';

/**
 * The values of every vertex of a graph (a game where a move goes from a
 * vertex to one of its followers, and a player who cannot move loses).
 * value[v] >= 0: the (generalised) Grundy value; INFINITE (-1): Smith's ∞(K),
 * K being the finite values of v's followers (see `finiteFollowerValues`).
 */
export interface GraphValues {
  readonly graph: Graph;
  /** No cycles: every value is the ordinary Grundy value. */
  readonly acyclic: boolean;
  readonly value: Int32Array;
  /** 1 for a vertex in a cycle (a component of two or more vertices, or a loop). */
  readonly onCycle: Uint8Array;
}

export { INFINITE };

/**
 * The values, as a stepped computation: it yields progress every few
 * milliseconds, so a caller can show it or stop (by not resuming), and
 * returns the values. Nothing recurses: depth is never a limit.
 */
export function* graphValuesSteps(graph: Graph): Generator<GraphProgress, GraphValues> {
  const n = graph.names.length;
  const preds = yield* predecessors(graph);
  const value = new Int32Array(n).fill(UNSETTLED);
  const settled = yield* retrogradeGrundy(graph, preds, value);
  if (settled === n) return { graph, acyclic: true, value, onCycle: new Uint8Array(n) };
  const onCycle = yield* cycleVertices(graph, (v) => value[v] === UNSETTLED);
  yield* smithLabels(graph, preds, value, settled);
  return { graph, acyclic: false, value, onCycle };
}

const PHASES: readonly GraphProgress['phase'][] = ['prepare', 'order', 'cycles', 'labels'];

/**
 * The stepped computation in the form of the driver's generatorWork: the
 * generator yields how many units were done since its last yield, out of
 * `size.ceiling` = 4 units a vertex (one a phase; an acyclic graph skips the
 * last two and finishes at half).
 */
export function graphValueUnits(graph: Graph): { units: Generator<number, GraphValues, void>; size: { unit: string; ceiling: number } } {
  const n = graph.names.length;
  function* units(): Generator<number, GraphValues, void> {
    const steps = graphValuesSteps(graph);
    let reported = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      const reached = PHASES.indexOf(step.value.phase) * n + step.value.done;
      yield Math.max(0, reached - reported);
      reported = Math.max(reported, reached);
    }
  }
  return { units: units(), size: { unit: 'vertex steps', ceiling: 4 * n } };
}

/** The values, computed to the end. */
export function graphValues(graph: Graph): GraphValues {
  const steps = graphValuesSteps(graph);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The finite values among v's followers, ascending without repeats: the K of a vertex valued ∞(K). */
export function finiteFollowerValues(values: GraphValues, v: number): number[] {
  const { offsets, targets } = values.graph;
  const found = new Set<number>();
  for (let e = offsets[v]; e < offsets[v + 1]; e++) {
    const g = values.value[targets[e]];
    if (g >= 0) found.add(g);
  }
  return [...found].sort((a, b) => a - b);
}
