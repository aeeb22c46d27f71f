/** The divisor kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'rule.kind.divisors': 'divisors',
    'preset.divisor': 'Divisor game: take a proper divisor of the heap (G(n) = the exponent of 2 in n)',
    'theorem.divisor': 'induction on n (proved in sg-explore, src/core/kinds/divisor/theorem.ts): taking a proper divisor of n, G(n) is the exponent of 2 in n (OEIS A007814), and G(0) = 0',
  },
  {
    'rule.kind.divisors': '因数游戏',
    'preset.divisor': '因数游戏：取走堆大小的一个真因数个石子（SG(n) = n 中 2 的指数）',
    'theorem.divisor': '对 n 归纳（在 sg-explore 中证明，见 src/core/kinds/divisor/theorem.ts）：每次取 n 的一个真因数时，SG(n) 是 n 中 2 的指数（OEIS A007814），且 SG(0) = 0',
  },
);
