import type { Exploration } from '../explore.js';
import type { Sink } from './sink.js';
import { summarise } from './summary.js';
import { outcome } from './outcome.js';

/** Above this many heaps the JSON leaves the value list out (use CSV for those). */
export const JSON_VALUES_CAP = 1 << 20;
const VALUES_PER_WRITE = 1 << 16;

/** JSON.stringify that writes bigints as exact JSON numbers. */
export function toJson(value: unknown, indent = 2): string {
  // A private-use character marks bigints (JSON.stringify leaves it as is); then unquote them.
  const marked = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\ue000${v}` : v), indent);
  return marked.replace(/"\ue000(\d+)"/g, '$1');
}

/**
 * One JSON object: the summary, then either `at` (for --at) or `values`
 * (G(0..max), streamed, when max+1 <= JSON_VALUES_CAP).
 */
export async function writeJson(x: Exploration, sink: Sink, heaps?: readonly bigint[]): Promise<void> {
  const summary = summarise(x);
  if (heaps) {
    const at = heaps.map((n) => {
      const value = x.valueAt(n);
      return { n, value, outcome: outcome(value) };
    });
    return sink.write(toJson({ ...summary, at }) + '\n');
  }
  const count = x.max + 1n;
  if (count > BigInt(JSON_VALUES_CAP)) {
    return sink.write(toJson({ ...summary, values: null, valuesOmitted: `more than ${JSON_VALUES_CAP} heaps; use --format csv for the values` }) + '\n');
  }
  const head = toJson(summary);
  await sink.write(head.slice(0, head.lastIndexOf('}')).trimEnd() + ',\n  "values": [');
  const end = Number(count);
  for (let start = 0; start < end; start += VALUES_PER_WRITE) {
    const parts: number[] = [];
    for (let n = start; n < Math.min(end, start + VALUES_PER_WRITE); n++) parts.push(x.valueOf(n));
    await sink.write((start > 0 ? ',' : '') + parts.join(','));
  }
  await sink.write(']\n}\n');
}
