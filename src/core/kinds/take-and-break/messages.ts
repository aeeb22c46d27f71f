/** The take-and-break kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'error.code.none': 'expected a code such as 0.77',
    'rule.noTheorem.threeHeaps': 'splits into three heaps are outside the Guy-Smith theorem',
    'rule.noTheorem.unequalSplit': 'the unequal-split condition (!) is outside the Guy-Smith theorem',
  },
  {
    'error.code.none': '应为 0.77 这样的代码',
    'rule.noTheorem.threeHeaps': '分成三堆的走法不在 Guy–Smith 定理的范围内',
    'rule.noTheorem.unequalSplit': '“只能分成不等的两堆”（!）这一条件不在 Guy–Smith 定理的范围内',
  },
);
