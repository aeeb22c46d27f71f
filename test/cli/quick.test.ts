/**
 * The quick path (src/cli/quick.ts) answers in the formats a position is written in without the rest of the
 * program (POSITION_WRITERS), and in those only: each is a format of the registry whose position writer writes
 * the same bytes, and every other format of the registry is left to the full program.
 */
import { describe, expect, it } from 'vitest';
import { quickReport } from '../../src/cli/quick.js';
import { POSITION_WRITERS } from '../../src/report/position-report.js';
import { FORMAT_NAMES, formatNamed } from '../../src/report/formats.js';
import { analyseAsync } from '../../src/index.js';
import { presetGame } from '../../src/core/presets.js';

const stdout = { isTTY: false, write: () => true } as never;

/** What the registry's writer of a format writes for a position. */
async function written(format: string, position: readonly string[]): Promise<string> {
  const report = await analyseAsync({ game: presetGame('nim'), position });
  let text = '';
  const writer = formatNamed(format).writers.position!;
  await writer(report as never, { write: async (chunk: string) => void (text += chunk) } as never, { colour: false, width: 80 });
  return text;
}

describe('the quick path’s formats come from the format registry', () => {
  it('answers in exactly the formats of POSITION_WRITERS, each as the registry writes it', async () => {
    const position = ['3', '6', '9'];
    const quick: string[] = [];
    for (const format of FORMAT_NAMES) {
      const text = await quickReport(['--preset', 'nim', '--position', ...position, '--format', format], stdout);
      if (text === null) continue;
      quick.push(format);
      expect(text, format).toBe(await written(format, position));
    }
    expect(quick.sort()).toEqual(Object.keys(POSITION_WRITERS).sort());
  });

  it('POSITION_WRITERS names only formats of the registry', () => {
    for (const format of Object.keys(POSITION_WRITERS)) expect(FORMAT_NAMES, format).toContain(format);
  });
});
