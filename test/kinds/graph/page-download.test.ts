/** The page's CSV and JSON of a graph are the CLI's: the engine writes a kind's own shape with the kind's writers, found by its shape. */
import { describe, expect, it } from 'vitest';
import { exploreOps } from '../../../src/web/engine/explore-ops.js';
import { analyse } from '../../../src/core/analyse.js';
import { drive } from '../../../src/core/driver.js';
import { formatNamed, writeResult } from '../../../src/report/formats.js';
import type { Sink } from '../../../src/core/sink.js';

const op = <T>(name: string, args: unknown) => exploreOps[name]!(args, { progress: () => {} }) as Promise<T>;

async function cliText(format: string, text: string): Promise<string> {
  const result = await drive(analyse({ game: { rule: { kind: 'graph', text, shown: 'g.txt' } } }));
  let written = '';
  const sink: Sink = { isTerminal: false, write: async (t) => void (written += String(t)), close: async () => undefined, abort: () => undefined };
  await writeResult(formatNamed(format), result, sink, { colour: false, width: 80 });
  return written;
}

describe("a graph's downloads in the page", () => {
  it('CSV and JSON are the bytes the CLI writes for the same edge list', async () => {
    const edges = 'a b\nb c\nc a\nd a\ne: f\n';
    await op('explore', { pairs: [['graph', 'g.txt'], ['rule', edges]], origin: null });
    for (const format of ['csv', 'json'] as const) {
      const blob = await op<Blob>('download', { format });
      expect(await blob.text(), format).toBe(await cliText(format, edges));
    }
    expect((await cliText('csv', edges)).split('\r\n')[0]).toMatch(/^vertex,/);
  });
});
