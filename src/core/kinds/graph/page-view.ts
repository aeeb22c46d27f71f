/** What the web page is sent of a graph's table (GameKind.pageViews): its size, its cycles, and its first vertices. */
import type { PageView } from '../kind.js';
import type { GraphValues } from './solve.js';
import { graphCounts } from './report.js';
import { valueText, vertexOutcome } from './vertex-outcome.js';

/** A game on a directed graph: every vertex with its value and a single token's outcome (loopy graphs too). */
export interface GraphPageView extends PageView {
  readonly shape: 'graph';
  readonly vertices: number;
  readonly edges: number;
  readonly acyclic: boolean;
  readonly onCycleCount: number;
  readonly infinite: number;
  /** Vertices whose single token is a P-position, and draws, among all of them (the rows may hold only the first). */
  readonly pCount: number;
  readonly drawCount: number;
  /** The first vertices (at most the rows sent): name, value as written (`3`, `∞(0,2)`), outcome P/N/D, on a cycle. */
  readonly rows: readonly (readonly [name: string, value: string, outcome: 'P' | 'N' | 'D', onCycle: boolean])[];
}

/** The page's view of a graph's table (GraphTable), its first `most` vertices listed (the downloads hold them all). */
export function graphPageView(x: { readonly rule: string; readonly values: GraphValues }, most: number): GraphPageView {
  const { values } = x;
  const counts = graphCounts(values);
  const outcomes = Array.from({ length: counts.vertices }, (_, v) => vertexOutcome(values, v));
  const rows = outcomes.slice(0, most).map((outcome, v) => [values.graph.names[v]!, valueText(values, v, 'table'), outcome, values.onCycle[v] === 1] as const);
  const pCount = outcomes.filter((o) => o === 'P').length;
  const drawCount = outcomes.filter((o) => o === 'D').length;
  return { shape: 'graph', rule: x.rule, vertices: counts.vertices, edges: counts.edges, acyclic: values.acyclic, onCycleCount: counts.onCycle, infinite: counts.infinite, pCount, drawCount, rows };
}
