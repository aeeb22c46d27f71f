import type { Exploration } from '../explore.js';
import type { Sink } from './sink.js';
import { outcome } from './outcome.js';

const ROWS_PER_WRITE = 1 << 15;

/**
 * RFC 4180 CSV, a header then one row per heap: n, G(n), and the outcome
 * (P: previous player wins, N: next player wins). Streamed in chunks that
 * wait for the reader, so memory stays flat however many rows there are.
 */
export async function writeCsv(x: Exploration, sink: Sink, heaps?: readonly bigint[]): Promise<void> {
  await sink.write('n,grundy,outcome\r\n');
  if (heaps) {
    let text = '';
    for (const n of heaps) {
      const v = x.valueAt(n);
      text += `${n},${v},${outcome(v)}\r\n`;
    }
    return sink.write(text);
  }
  const last = x.max;
  if (last <= BigInt(Number.MAX_SAFE_INTEGER)) {
    const end = Number(last);
    for (let start = 0; start <= end; start += ROWS_PER_WRITE) {
      const stop = Math.min(end, start + ROWS_PER_WRITE - 1);
      let text = '';
      for (let n = start; n <= stop; n++) {
        const v = x.valueOf(n);
        text += n + ',' + v + (v === 0 ? ',P\r\n' : ',N\r\n');
      }
      await sink.write(text);
    }
    return;
  }
  for (let start = 0n; start <= last; start += BigInt(ROWS_PER_WRITE)) {
    let text = '';
    for (let n = start; n <= last && n < start + BigInt(ROWS_PER_WRITE); n++) {
      const v = x.valueAt(n);
      text += `${n},${v},${outcome(v)}\r\n`;
    }
    await sink.write(text);
  }
}
