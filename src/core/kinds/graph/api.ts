/**
 * The graph game kind's algorithms (index.ts is left for the kind's plug-in): tokens on the vertices of a finite directed graph; a
 * move takes one token along an edge, and a player who cannot move loses.
 *
 *   parseGraphText(text | bytes) / parseGraphJson(value) → Graph (CSR of followers)
 *   graphValuesSteps(graph) → yields GraphProgress, returns GraphValues; graphValues(graph) runs it through;
 *     graphValueUnits(graph) → the same as { units, size } for the driver's generatorWork
 *     value[v] ≥ 0: the Grundy value (generalised, on a graph with cycles); INFINITE: Smith's ∞(K),
 *     K = finiteFollowerValues(values, v); onCycle[v] = 1 on a cycle
 *   analysePosition(values, tokens) → outcome 'first' | 'second' | 'draw', nim-sum, winning or drawing moves
 *   graphCsv / graphJson / graphTable(values) → string chunks; positionReport / positionText(values, analysis)
 *
 * Pure TypeScript: no file or process access (callers hand in text or bytes).
 */
export { edgeCount, type Graph } from './graph.js';
export { parseGraphText } from './parse.js';
export { parseGraphJson } from './parse-json.js';
export type { GraphProgress } from './progress.js';
export { finiteFollowerValues, graphValues, graphValuesSteps, graphValueUnits, type GraphValues, INFINITE } from './solve.js';
export { analysePosition, type GraphMove, type Outcome, parseTokens, type PositionAnalysis, sumOutcome } from './position.js';
export { valueText, vertexOutcome, type VertexOutcome } from './vertex-outcome.js';
export { graphCounts, graphCsv, graphJson, graphSummary, graphTable } from './report.js';
export { positionReport, positionText, type PositionReport } from './position-report.js';
