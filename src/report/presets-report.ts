/** The list of presets (`--preset list`) as a result of its own shape, written by the formats as any other. */
import { listPresets } from '../core/presets.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { wrapText } from './wrap.js';

export interface PresetList {
  readonly shape: 'presets';
  readonly presets: readonly { readonly usage: string; readonly description: string }[];
}

export function presetList(): PresetList {
  return { shape: 'presets', presets: listPresets() };
}

export async function writePresetsTable(x: PresetList, sink: Sink, width: number): Promise<void> {
  const name = Math.max(...x.presets.map((p) => p.usage.length));
  await sink.write(x.presets.map((p) => wrapText(p.description, width - name - 2, name + 2).replace(/^ */, p.usage.padEnd(name + 2))).join('\n') + '\n');
}

export async function writePresetsCsv(x: PresetList, sink: Sink): Promise<void> {
  // The description always quoted, as this listing has always been written.
  await sink.write('preset,description\r\n' + x.presets.map((p) => `${p.usage},"${p.description.replace(/"/g, '""')}"\r\n`).join(''));
}

export async function writePresetsJson(x: PresetList, sink: Sink): Promise<void> {
  await sink.write(toJson(x.presets) + '\n');
}
