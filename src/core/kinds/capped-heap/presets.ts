import { mention, says } from '../../errors.js';
import { parseSmallCount } from '../../numbers.js';
import type { KindPreset, ParameterPreset } from '../kind.js';
import type { CappedHeapRule } from './rule.js';

/** Fibonacci Nim (and its factor k), and one-more. */
export const PRESETS: readonly (KindPreset<CappedHeapRule> | ParameterPreset<CappedHeapRule>)[] = [
  {
    name: 'fibonacci-nim',
    order: 14,
    usage: 'fibonacci-nim[:k]',
    pattern: 'fibonacci-nim(:[0-9]+)?',
    inHelp: true,
    description: 'Fibonacci Nim: the first move takes 1 to n-1, each later move at most k times the last (k = 2 unless given)',
    rule(parameter) {
      const factor = parameter === undefined ? 2 : parseSmallCount(parameter, says`${mention('preset')} fibonacci-nim:<k>`, 1, 1 << 20);
      return { kind: 'capped-heap', next: { kind: 'times', factor } };
    },
    about(rule) {
      const factor = rule.next.kind === 'times' ? rule.next.factor : 2;
      return factor === 1 ? { key: 'preset.fibonacci-nim.one' } : { key: 'preset.fibonacci-nim', params: { k: factor } };
    },
  },
  { name: 'one-more', order: 15, rule: { kind: 'capped-heap', next: { kind: 'plus', add: 1 } }, about: { key: 'preset.one-more' } },
];
