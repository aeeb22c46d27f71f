import type { KindPreset } from '../kind.js';
import type { VectorRule } from './rule.js';

/** Wythoff's game: (1,0) (0,1) (1,1). */
export const PRESETS: readonly KindPreset<VectorRule>[] = [
  {
    name: 'wythoff',
    order: 13,
    rule: {
      kind: 'vectors',
      vectors: [
        { dx: 1, dy: 0, cap: null },
        { dx: 0, dy: 1, cap: null },
        { dx: 1, dy: 1, cap: null },
      ],
    },
    about: { key: 'preset.wythoff' },
    inHelp: true,
  },
];
