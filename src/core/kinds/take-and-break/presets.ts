import { parseCode } from '../../rules/code.js';
import type { MessageKey } from '../../i18n/index.js';
import type { KindPreset } from '../kind.js';
import type { TakeBreakRule } from './rule.js';

const code = (name: string, order: number, text: string, about: MessageKey): KindPreset<TakeBreakRule> => ({ name, order, rule: { kind: 'take-and-break', code: parseCode(text) }, about: { key: about } });

/** The take-and-break games known by name (Winning Ways ch. 4). */
export const PRESETS: readonly KindPreset<TakeBreakRule>[] = [
  { ...code('kayles', 2, '0.77', 'preset.kayles'), inHelp: true },
  code('dawsons-kayles', 3, '0.07', 'preset.dawsons-kayles'),
  code('dawsons-chess', 4, '0.137', 'preset.dawsons-chess'),
  code('double-kayles', 5, '0.7777', 'preset.double-kayles'),
  code('officers', 6, '0.6', 'preset.officers'),
  { ...code('grundy', 7, '4!.0', 'preset.grundy'), inHelp: true },
];
