import { InputError } from '../errors.js';
import { parseSmallCount } from '../numbers.js';
import type { GameSpec } from './model.js';

interface Preset {
  readonly name: string;
  /** How to write it, if it takes a parameter ("bash:<m>"). */
  readonly usage: string;
  readonly description: string;
  make(parameter: string | undefined): GameSpec;
}

function noParameter(name: string, parameter: string | undefined): void {
  if (parameter !== undefined) throw new InputError(`--preset ${name} takes no parameter (got '${name}:${parameter}')`);
}

const PRESETS: readonly Preset[] = [
  {
    name: 'nim',
    usage: 'nim',
    description: 'Nim on one heap: remove any positive number of tokens (G(n) = n)',
    make(parameter) {
      noParameter('nim', parameter);
      return { name: 'nim', description: this.description, rule: { kind: 'all-but', excluded: [] } };
    },
  },
  {
    name: 'bash',
    usage: 'bash:<m>',
    description: 'Bash (Bachet) game: remove 1 to m tokens (G(n) = n mod (m+1))',
    make(parameter) {
      if (parameter === undefined) throw new InputError("--preset bash needs a maximum take, as in 'bash:3'");
      const m = parseSmallCount(parameter, '--preset bash:<m>', 1, 1 << 20);
      const moves = Array.from({ length: m }, (_, i) => i + 1);
      return { name: `bash:${m}`, description: `remove 1 to ${m} tokens`, rule: { kind: 'subtraction', moves } };
    },
  },
];

/** Every preset, for `--preset list`. */
export function listPresets(): readonly { usage: string; description: string }[] {
  return PRESETS.map(({ usage, description }) => ({ usage, description }));
}

/** Resolve "name" or "name:parameter" to a game. */
export function presetGame(text: string): GameSpec {
  const trimmed = String(text).trim();
  const colon = trimmed.indexOf(':');
  const name = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  const parameter = colon < 0 ? undefined : trimmed.slice(colon + 1);
  const preset = PRESETS.find((p) => p.name === name);
  if (!preset) {
    throw new InputError(`--preset: unknown preset '${trimmed}' (known: ${PRESETS.map((p) => p.usage).join(', ')}; see --preset list)`);
  }
  return preset.make(parameter);
}
