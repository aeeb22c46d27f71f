/** The bash kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'theorem.bachet': 'Bachet (1612): taking 1 to {m} tokens, G(n) = n mod {period}',
    'theorem.bachetMisere': 'Bachet (1612): in misère play, the player to move loses exactly at n ≡ 1 (mod {period})',
  },
  {
    'theorem.bachet': 'Bachet（1612）：每次取 1 到 {m} 个时，SG(n) = n mod {period}',
    'theorem.bachetMisere': 'Bachet（1612）：反常规则下，恰在 n ≡ 1 (mod {period}) 时轮到走的一方必败',
  },
);
