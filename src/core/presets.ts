import { InputError, mention, quote, says, saying } from './errors.js';
import { parseCount, parseSmallCount } from './numbers.js';
import { MOST_LIMIT } from './kinds/bash/rule.js';
import { parseCode } from './rules/code.js';
import { KINDS, type GameRule, type GameSpec } from './kinds/registry.js';
import { type MoveSequence } from './rules/sequences.js';
import { isMessageKey, say, type Message } from './i18n/index.js';

interface Preset {
  readonly name: string;
  /** How to write it ("bash:<m>" when it takes a parameter). */
  readonly usage: string;
  /** The same as a regular expression, for the rule-file schema (default: the name). */
  readonly pattern?: string;
  /** What `--preset list` says (a parameter named as in `usage`). */
  readonly description: string;
  /** The rule; presets with a parameter get it as text. */
  rule(parameter: string | undefined): GameRule;
  /** What a report says of the game, its parameter's value filled in: a catalogue message (`preset.<name>`), said in the reader's language. */
  about(rule: GameRule): Message;
}

/** A preset's catalogue message, `preset.<name>`: every preset has one (a missing one is a programming error). */
function presetMessage(name: string, params?: Message['params']): Message {
  const key = `preset.${name}`;
  if (!isMessageKey(key)) throw new Error(`no catalogue message ${key}`);
  return { key, ...(params && { params }) };
}

const code = (text: string): GameRule => ({ kind: 'take-and-break', code: parseCode(text) });
const sequence = (name: MoveSequence): GameRule => ({ kind: 'sequence-subtraction', sequence: name });

/** A preset with no parameter; what reports say of it: `preset.<name>`, unless its kind says it. */
function fixed(name: string, rule: GameRule, about: Message = presetMessage(name)): Preset {
  return {
    name,
    usage: name,
    description: say(about),
    about: () => about,
    rule(parameter) {
      if (parameter !== undefined) throw new InputError(says`${mention('preset')} ${saying('error.preset.noParameter', { name, got: quote(`${name}:${parameter}`) })}`, { code: 'bad-value', value: `${name}:${parameter}` });
      return rule;
    },
  };
}

const PRESETS: readonly Preset[] = [
  fixed('nim', { kind: 'all-but', excluded: [] }),
  {
    name: 'bash',
    usage: 'bash:<m>',
    pattern: 'bash:[0-9]+',
    description: 'Bash (Bachet) game: remove 1 to m tokens (G(n) = n mod (m+1))',
    rule(parameter) {
      if (parameter === undefined) throw new InputError(says`${mention('preset')} ${saying('error.preset.bashNeeds')}`, { code: 'bad-value', value: 'bash' });
      const m = parseCount(parameter, says`${mention('preset')} bash:<m>`);
      if (m < 1n || m > MOST_LIMIT) throw new InputError(says`${mention('preset')} bash:<m>: ${saying('error.preset.bashRange', { got: quote(parameter) })}`, { code: 'out-of-range', value: parameter });
      return { kind: 'take-up-to', most: m };
    },
    about(rule) {
      const m = rule.kind === 'take-up-to' ? rule.most : 0n;
      return presetMessage('bash', { m, m1: m + 1n });
    },
  },
  fixed('kayles', code('0.77')),
  fixed('dawsons-kayles', code('0.07')),
  fixed('dawsons-chess', code('0.137')),
  fixed('double-kayles', code('0.7777')),
  fixed('officers', code('0.6')),
  fixed('grundy', code('4!.0')),
  fixed('take-a-square', sequence('squares')),
  fixed('take-a-fibonacci', sequence('fibonacci')),
  fixed('take-a-factorial', sequence('factorials')),
  fixed('take-a-power-of-two', sequence('powers-of-two')),
  fixed('take-a-prime', sequence('primes')),
  fixed('wythoff', {
    kind: 'vectors',
    vectors: [
      { dx: 1, dy: 0, cap: null },
      { dx: 0, dy: 1, cap: null },
      { dx: 1, dy: 1, cap: null },
    ],
  }),
  {
    name: 'fibonacci-nim',
    usage: 'fibonacci-nim[:k]',
    pattern: 'fibonacci-nim(:[0-9]+)?',
    description: 'Fibonacci Nim: the first move takes 1 to n-1, each later move at most k times the last (k = 2 unless given)',
    rule(parameter) {
      const factor = parameter === undefined ? 2 : parseSmallCount(parameter, says`${mention('preset')} fibonacci-nim:<k>`, 1, 1 << 20);
      return { kind: 'capped-heap', next: { kind: 'times', factor } };
    },
    about(rule) {
      const factor = rule.kind === 'capped-heap' && rule.next.kind === 'times' ? rule.next.factor : 2;
      return factor === 1 ? presetMessage('fibonacci-nim.one') : presetMessage('fibonacci-nim', { k: factor });
    },
  },
  fixed('one-more', { kind: 'capped-heap', next: { kind: 'plus', add: 1 } }),
];

/** The presets above and those the kinds bring (read when asked: the registry's kinds are loaded by then). */
function allPresets(): readonly Preset[] {
  return [
    ...PRESETS,
    ...KINDS.flatMap((kind) =>
      (kind.presets ?? []).map((p) => fixed(p.name, p.rule as GameRule, p.about)),
    ),
  ];
}

/** Every preset, for `--preset list`. */
export function listPresets(): readonly { usage: string; description: string }[] {
  return allPresets().map(({ usage, description }) => ({ usage, description }));
}

/** Every preset's name as a regular expression (the rule-file schema's pattern). */
export function presetPattern(): string {
  return `^(${allPresets().map((p) => p.pattern ?? p.name).join('|')})$`;
}

/** Resolve "name" or "name:parameter" to a game. */
export function presetGame(text: string): GameSpec {
  const trimmed = String(text).trim();
  const colon = trimmed.indexOf(':');
  const name = (colon < 0 ? trimmed : trimmed.slice(0, colon)).toLowerCase();
  const parameter = colon < 0 ? undefined : trimmed.slice(colon + 1);
  const presets = allPresets();
  const preset = presets.find((p) => p.name === name);
  if (!preset) {
    throw new InputError(says`${mention('preset')}: ${saying('error.preset.unknown', { name: quote(trimmed), known: presets.map((p) => p.usage).join(', ') })}`, { code: 'unknown-name', value: text });
  }
  const rule = preset.rule(parameter);
  const about = preset.about(rule);
  return { rule, name: parameter === undefined ? preset.name : `${preset.name}:${parameter}`, description: say(about), about };
}
