/** The module kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'error.misere.module': 'a rule module: its options live in the module',
    'ground.statesReached': 'every state the position reaches',
    'rule.kind.custom': 'custom',
  },
  {
    'error.misere.module': '规则模块：它的走法在模块里',
    'ground.statesReached': '这个局面能到达的每个状态',
    'rule.kind.custom': '自定义规则',
  },
);
