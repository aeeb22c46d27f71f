/**
 * Writes a random graph as edge-list text, for timing the parser and solver by
 * hand (not a test): bundle it (esbuild) and run `node generate.mjs VERTICES
 * EDGES SEED [cyclic] > file`. Edges go from a higher-numbered vertex to a
 * lower one (acyclic), or anywhere with `cyclic`.
 */
import { mulberry32 } from '../helpers/random.js';

const [vertices, edges, seed] = process.argv.slice(2, 5).map(Number);
const cyclic = process.argv[5] === 'cyclic';
const random = mulberry32(seed || 1);
const lines: string[] = [];
let pending = 0;
for (let e = 0; e < edges; e++) {
  const u = 1 + Math.floor(random() * (vertices - 1));
  const v = Math.floor(random() * (cyclic ? vertices : u));
  lines.push(`n${u} n${v}`);
  if (++pending === 100_000) {
    process.stdout.write(lines.join('\n') + '\n');
    lines.length = 0;
    pending = 0;
  }
}
if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
