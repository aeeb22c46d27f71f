import type { MoveSequence } from '../../rules/sequences.js';
import type { KindPreset } from '../kind.js';
import type { TakeAwayRule } from './rule.js';

const sequence = (name: MoveSequence): TakeAwayRule => ({ kind: 'sequence-subtraction', sequence: name });

/** Nim and the take-a-sequence games. */
export const PRESETS: readonly KindPreset<TakeAwayRule>[] = [
  { name: 'nim', order: 0, rule: { kind: 'all-but', excluded: [] }, about: { key: 'preset.nim' }, inHelp: true },
  { name: 'take-a-square', order: 8, rule: sequence('squares'), about: { key: 'preset.take-a-square' } },
  { name: 'take-a-fibonacci', order: 9, rule: sequence('fibonacci'), about: { key: 'preset.take-a-fibonacci' } },
  { name: 'take-a-factorial', order: 10, rule: sequence('factorials'), about: { key: 'preset.take-a-factorial' } },
  { name: 'take-a-power-of-two', order: 11, rule: sequence('powers-of-two'), about: { key: 'preset.take-a-power-of-two' } },
  { name: 'take-a-prime', order: 12, rule: sequence('primes'), about: { key: 'preset.take-a-prime' } },
];
