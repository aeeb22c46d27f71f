// The graph game kind: games played by moving tokens along the edges of a directed graph.
export { edgeCount, type Graph } from './graph.js';
export { parseGraphText } from './parse.js';
export { parseGraphJson } from './parse-json.js';
export type { GraphProgress } from './progress.js';
export { finiteFollowerValues, graphValues, graphValuesSteps, type GraphValues, INFINITE } from './solve.js';
export { analysePosition, type GraphMove, type Outcome, parseTokens, type PositionAnalysis, sumOutcome } from './position.js';
export { valueText, vertexOutcome, type VertexOutcome } from './vertex-outcome.js';
export { graphCounts, graphCsv, graphJson, graphSummary, graphTable } from './report.js';
export { positionReport, positionText, type PositionReport } from './position-report.js';
