import { InputError, mention, quote, says, saying } from './errors.js';
import { KINDS, type GameRule, type GameSpec } from './kinds/registry.js';
import type { KindPreset, ParameterPreset } from './kinds/kind.js';
import { say, type Message } from './i18n/index.js';

interface Preset {
  readonly name: string;
  /** How to write it ("bash:<m>" when it takes a parameter). */
  readonly usage: string;
  /** The same as a regular expression, for the rule-file schema (default: the name). */
  readonly pattern?: string;
  /** What `--preset list` says (a parameter named as in `usage`). */
  readonly description: string;
  /** Named in --preset's help. */
  readonly inHelp: boolean;
  /** The rule; presets with a parameter get it as text. */
  rule(parameter: string | undefined): GameRule;
  /** What a report says of the game, its parameter's value filled in: a catalogue message (`preset.<name>`), said in the reader's language. */
  about(rule: GameRule): Message;
}

/** A preset with no parameter; what reports say of it is its kind's message. */
function fixed(name: string, rule: GameRule, about: Message, inHelp: boolean): Preset {
  return {
    name,
    usage: name,
    inHelp,
    // Said when read (--preset list): a start that only looks a preset up says none.
    get description() {
      return say(about);
    },
    about: () => about,
    rule(parameter) {
      if (parameter !== undefined) throw new InputError(says`${mention('preset')} ${saying('error.preset.noParameter', { name, got: quote(`${name}:${parameter}`) })}`, { code: 'bad-value', value: `${name}:${parameter}` });
      return rule;
    },
  };
}

/** A kind's preset as the list holds it. */
function presetOf(preset: KindPreset<GameRule> | ParameterPreset<GameRule>): Preset {
  if (!('usage' in preset)) return fixed(preset.name, preset.rule, preset.about, preset.inHelp ?? false);
  const { name, usage, pattern, description } = preset;
  return { name, usage, pattern, description, inHelp: preset.inHelp ?? false, rule: (parameter) => preset.rule(parameter), about: (rule) => preset.about(rule) };
}

/** The presets the kinds bring, in their order (read when asked: the registry's kinds are loaded by then). */
function allPresets(): readonly Preset[] {
  return KINDS.flatMap((kind) => (kind.presets ?? []) as readonly (KindPreset<GameRule> | ParameterPreset<GameRule>)[])
    .sort((a, b) => a.order - b.order)
    .map(presetOf);
}

/** Every preset, for `--preset list`. */
export function listPresets(): readonly { usage: string; description: string }[] {
  return allPresets().map(({ usage, description }) => ({ usage, description }));
}

/** The presets --preset's help names, as written there (an optional parameter left out: `fibonacci-nim`, but `bash:<m>`). */
export function helpPresets(): readonly string[] {
  return allPresets()
    .filter((p) => p.inHelp)
    .map((p) => p.usage.replace(/\[[^\]]*\]$/, ''));
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
