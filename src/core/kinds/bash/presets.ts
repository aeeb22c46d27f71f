import { InputError, mention, quote, says, saying } from '../../errors.js';
import { parseCount } from '../../numbers.js';
import type { ParameterPreset } from '../kind.js';
import { MOST_LIMIT, type TakeUpToRule } from './rule.js';

/** bash:<m>: take 1 to m. */
export const PRESETS: readonly ParameterPreset<TakeUpToRule>[] = [
  {
    name: 'bash',
    order: 1,
    usage: 'bash:<m>',
    pattern: 'bash:[0-9]+',
    inHelp: true,
    description: 'Bash (Bachet) game: remove 1 to m tokens (G(n) = n mod (m+1))',
    rule(parameter) {
      if (parameter === undefined) throw new InputError(says`${mention('preset')} ${saying('error.preset.bashNeeds')}`, { code: 'bad-value', value: 'bash' });
      const m = parseCount(parameter, says`${mention('preset')} bash:<m>`);
      if (m < 1n || m > MOST_LIMIT) throw new InputError(says`${mention('preset')} bash:<m>: ${saying('error.preset.bashRange', { got: quote(parameter) })}`, { code: 'out-of-range', value: parameter });
      return { kind: 'take-up-to', most: m };
    },
    about: (rule) => ({ key: 'preset.bash', params: { m: rule.most, m1: rule.most + 1n } }),
  },
];
