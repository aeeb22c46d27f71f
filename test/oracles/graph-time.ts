/**
 * Times the graph pipeline on one file, by hand (not a test): read, parse,
 * solve, and render the CSV (counted, not kept). Run under `/usr/bin/time -v`
 * for the peak memory: `node graph-time.mjs FILE`.
 */
import { readFileSync } from 'node:fs';
import { graphCsv, graphValuesSteps, parseGraphText } from '../../src/core/kinds/graph/api.js';

const file = process.argv[2];
// CPU time next to wall time: on a shared machine the wall clock says more about the neighbours.
const cpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let t = performance.now();
let c = cpu();
const lap = (what: string): void => {
  const now = performance.now();
  const used = cpu();
  console.log(`${what}: ${((now - t) / 1000).toFixed(2)} s wall, ${((used - c) / 1000).toFixed(2)} s CPU`);
  t = now;
  c = used;
};
const bytes = readFileSync(file);
lap('read');
const graph = parseGraphText(bytes);
lap(`parse (${graph.names.length} vertices, ${graph.targets.length} distinct edges)`);
const steps = graphValuesSteps(graph);
let yields = 0;
let longest = 0;
let longestPhase = '';
let last = cpu();
let step = steps.next();
while (!step.done) {
  yields++;
  const now = cpu();
  if (now - last > longest) {
    longest = now - last;
    longestPhase = step.value.phase;
  }
  last = now;
  step = steps.next();
}
const values = step.value;
lap(`solve (acyclic ${values.acyclic}, ${yields} progress steps, longest gap ${longest.toFixed(0)} ms CPU, in ${longestPhase})`);
let max = 0;
for (const g of values.value) if (g > max) max = g;
let chars = 0;
for (const chunk of graphCsv(values)) chars += chunk.length;
lap(`csv (${chars} characters; largest value ${max})`);
