import { edgeCount } from './graph.js';
import { finiteFollowerValues, type GraphValues, INFINITE } from './solve.js';
import { valueText, vertexOutcome } from './vertex-outcome.js';
import { csvField } from '../../csv-field.js';

/** Vertices per chunk a renderer yields: large enough to write cheaply, small enough for 10^6 vertices. */
const ROWS_PER_CHUNK = 4096;

/** How many vertices lie on a cycle and how many are valued ∞. */
export function graphCounts(values: GraphValues): { vertices: number; edges: number; onCycle: number; infinite: number } {
  let onCycle = 0;
  let infinite = 0;
  for (let v = 0; v < values.value.length; v++) {
    onCycle += values.onCycle[v];
    if (values.value[v] === INFINITE) infinite++;
  }
  return { vertices: values.value.length, edges: edgeCount(values.graph), onCycle, infinite };
}

/** Rows rendered in chunks of whole lines: `row(v)` returns v's line with its line ending. */
function* chunks(n: number, row: (v: number) => string): Generator<string> {
  for (let start = 0; start < n; start += ROWS_PER_CHUNK) {
    let chunk = '';
    const end = Math.min(n, start + ROWS_PER_CHUNK);
    for (let v = start; v < end; v++) chunk += row(v);
    yield chunk;
  }
}

/**
 * CSV, CRLF lines: `vertex,grundy,outcome`, grundy a number or `inf(K)` with
 * K's members separated by ';' (`inf` alone when K is empty), outcome of a
 * single token P, N or D. Cycles show only in the JSON and table forms.
 */
export function* graphCsv(values: GraphValues): Generator<string> {
  yield 'vertex,grundy,outcome\r\n';
  const { names } = values.graph;
  yield* chunks(names.length, (v) => `${csvField(names[v])},${valueText(values, v, 'csv')},${vertexOutcome(values, v)}\r\n`);
}

/**
 * JSON: one object, a summary then `values`, one vertex per line so it can be
 * written as it is made: `{"vertex":"a","grundy":2,"outcome":"N","onCycle":false}`,
 * and for ∞(K) `"grundy":"inf","finiteFollowers":[K…]`.
 */
export function* graphJson(values: GraphValues, rule?: string): Generator<string> {
  const counts = graphCounts(values);
  const { names } = values.graph;
  const n = names.length;
  yield `{"shape":"graph",${rule === undefined ? '' : `"rule":${JSON.stringify(rule)},`}"vertices":${n},"edges":${counts.edges},"acyclic":${values.acyclic},` +
    `"onCycle":${counts.onCycle},"infinite":${counts.infinite},"values":[\n`;
  yield* chunks(n, (v) => {
    const g = values.value[v];
    const value = g === INFINITE ? `"grundy":"inf","finiteFollowers":${JSON.stringify(finiteFollowerValues(values, v))}` : `"grundy":${g}`;
    return `{"vertex":${JSON.stringify(names[v])},${value},"outcome":"${vertexOutcome(values, v)}","onCycle":${values.onCycle[v] === 1}}${v + 1 < n ? ',' : ''}\n`;
  });
  yield ']}\n';
}

/** A summary line: size, and what is special about the graph. */
export function graphSummary(values: GraphValues): string {
  const c = graphCounts(values);
  const size = `${c.vertices} ${c.vertices === 1 ? 'vertex' : 'vertices'}, ${c.edges} ${c.edges === 1 ? 'edge' : 'edges'}`;
  if (values.acyclic) return `${size}; acyclic: every value is a Grundy value`;
  return `${size}; ${c.onCycle} on a cycle, ${c.infinite} valued ∞ (Smith's generalised values)`;
}

/** A plain-text table: vertex, value (`∞(K)` for infinite), outcome of one token, and `yes` for a vertex on a cycle. */
export function* graphTable(values: GraphValues): Generator<string> {
  const { names } = values.graph;
  let width = 'vertex'.length;
  for (const name of names) if (name.length > width) width = name.length;
  let valueWidth = 'value'.length;
  for (let v = 0; v < names.length; v++) {
    const length = values.value[v] === INFINITE ? valueText(values, v, 'table').length : String(values.value[v]).length;
    if (length > valueWidth) valueWidth = length;
  }
  yield `${graphSummary(values)}\n`;
  yield `${'vertex'.padEnd(width)}  ${'value'.padEnd(valueWidth)}  outcome  cycle\n`;
  yield* chunks(names.length, (v) => {
    const row = `${names[v].padEnd(width)}  ${valueText(values, v, 'table').padEnd(valueWidth)}  ${vertexOutcome(values, v).padEnd(7)}  ${values.onCycle[v] ? 'yes' : ''}`;
    return `${row.trimEnd()}\n`;
  });
}
