import type { Exploration } from '../core/heap/explore.js';
import type { Sink } from '../core/sink.js';
import { summarise } from './summary.js';
import { outcome } from './outcome.js';
import { valueStream } from './value-stream.js';
import { formatCount } from '../core/numbers.js';
import { heapGrounds } from '../core/heap/heap-ground.js';
import { groundsByKind } from '../core/laws/ground.js';

/** Above this many heaps the JSON leaves the value list out (use CSV for those). */
export const JSON_VALUES_CAP = 1 << 20;
const VALUES_PER_CHUNK = 1 << 15;

/** JSON.stringify that writes bigints as exact JSON numbers. */
export function toJson(value: unknown, indent = 2): string {
  // A private-use character marks bigints (JSON.stringify leaves it as is); then unquote them.
  const marked = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `\ue000${v}` : v), indent);
  return marked.replace(/"\ue000(-?\d+)"/g, '$1'); // negative ones too (a recurrence's coefficients)
}

/** Why a heap table's JSON leaves its values out (`values: null`), or null when it lists them. */
export function valuesOmitted(x: Exploration): string | null {
  const count = x.max + 1n;
  if (count <= BigInt(JSON_VALUES_CAP)) return null;
  return `the table has ${formatCount(count)} heaps, more than the ${formatCount(JSON_VALUES_CAP)} a JSON report lists; for the values use --format csv (one row a heap) or --at N`;
}

/**
 * One JSON object: `shape` ("heap"), the summary, then either `at` (for --at) or `values`
 * (G(0..max), streamed, when max+1 <= JSON_VALUES_CAP).
 */
export async function writeJson(x: Exploration, sink: Sink, heaps?: readonly bigint[]): Promise<void> {
  // `shape` first: every JSON report names its kind of result (heap, grid, memory, position, misere, states).
  const summary = { shape: x.shape, ...summarise(x) };
  if (heaps) {
    const groundOf = heapGrounds(x);
    const at = heaps.map((n) => {
      const value = x.valueAt(n);
      return { n, value, outcome: outcome(value), ground: groundOf(n).kind };
    });
    return sink.write(toJson({ ...summary, at, grounds: groundsByKind(heaps.map(groundOf)) }) + '\n');
  }
  const count = x.max + 1n;
  const omitted = valuesOmitted(x);
  if (omitted) return sink.write(toJson({ ...summary, values: null, valuesOmitted: omitted }) + '\n');
  const head = toJson(summary);
  await sink.write(head.slice(0, head.lastIndexOf('}')).trimEnd() + ',\n  "values": [');
  // Bytes into fresh chunks, digits written by hand: a string join costs several times more.
  const values = valueStream(x);
  const block = new Uint32Array(VALUES_PER_CHUNK);
  let left = Number(count);
  let first = true;
  while (left > 0) {
    const length = Math.min(left, VALUES_PER_CHUNK);
    values.take(block, length);
    await sink.write(encodeValues(block, length, first));
    left -= length;
    first = false;
  }
  await sink.write(']\n}\n');
}

/** ",v,v,..." for block[0..length) as bytes (without the first comma when `first`). */
function encodeValues(block: Uint32Array, length: number, first: boolean): Uint8Array {
  const chunk = new Uint8Array(length * 11 + 1); // a comma and at most 10 digits each
  let at = 0;
  for (let i = 0; i < length; i++) {
    let v = block[i]!;
    chunk[at++] = 44; // ','
    // Most values have one or two digits: those without a loop or a branch that a mix of both mispredicts.
    if (v < 100) {
      const tens = (v * 205) >> 11; // v / 10 for v < 1029
      const two = (9 - v) >>> 31; // 1 when v has two digits
      chunk[at] = 48 + tens; // overwritten by the units when v has one digit
      chunk[at + two] = 48 + v - 10 * tens;
      at += 1 + two;
      continue;
    }
    let digits = 1;
    for (let p = 10; p <= v; p *= 10) digits++;
    at += digits;
    for (let j = 1; j <= digits; j++, v = (v / 10) | 0) chunk[at - j] = 48 + (v % 10);
  }
  return chunk.subarray(first ? 1 : 0, at);
}
