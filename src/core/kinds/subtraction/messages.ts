/** The subtraction kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'error.moves.notNumbers': 'expected numbers such as 1,2,3, got {text} (named sequences: {names})',
    'error.moves.unknownSequence': 'unknown sequence {name} (expected one of: {names})',
    'rule.noTheorem.infiniteSet': 'an infinite subtraction set has no finite window that determines the values',
    'theorem.bouton': 'Bouton (1901): in Nim, G(n) = n',
  },
  {
    'error.moves.notNumbers': '应为 1,2,3 这样的数，却是 {text}（有名字的数列：{names}）',
    'error.moves.unknownSequence': '未知的数列 {name}（应为以下之一：{names}）',
    'rule.noTheorem.infiniteSet': '无限的减法集没有一个能决定所有值的有限窗口',
    'theorem.bouton': 'Bouton（1901）：Nim 中 SG(n) = n',
  },
);
