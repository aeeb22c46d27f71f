/** The bash kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'theorem.bachet': 'Bachet (1612): taking 1 to {m} tokens, G(n) = n mod {period}',
    'theorem.bachetMisere': 'Bachet (1612): in misère play, the player to move loses exactly at n ≡ 1 (mod {period})',
    'preset.bash': 'Bash (Bachet) game: remove 1 to {m} tokens (G(n) = n mod {m1})',
    'error.preset.bashNeeds': "bash needs a maximum take, as in 'bash:3'",
    'error.preset.bashRange': 'm must be from 1 to 10^18 (got {got})',
  },
  {
    'theorem.bachet': 'Bachet（1612）：每次取 1 到 {m} 个时，SG(n) = n mod {period}',
    'theorem.bachetMisere': 'Bachet（1612）：反常规则下，恰在 n ≡ 1 (mod {period}) 时轮到走的一方必败',
    'preset.bash': '巴什博弈（Bachet）：每次取 1 到 {m} 个石子（SG(n) = n mod {m1}）',
    'error.preset.bashNeeds': "bash 需要给出一次最多取几个，如 'bash:3'",
    'error.preset.bashRange': 'm 必须在 1 到 10^18 之间（给出的是 {got}）',
  },
);
