/** The subtraction kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    // The names of its games on the web page's example links (its showcase).
    'explore.example.moves': 'Take 1, 2 or 3 (subtraction set)',
    'explore.example.allBut': 'Take anything but 2, 3 or 7 (all-but)',
    'explore.example.squares': 'Take a square',
    'error.moves.notNumbers': 'expected numbers such as 1,2,3, got {text} (named sequences: {names})',
    'error.moves.unknownSequence': 'unknown sequence {name} (expected one of: {names})',
    'rule.noTheorem.infiniteSet': 'an infinite subtraction set has no finite window that determines the values',
    'theorem.bouton': 'Bouton (1901): in Nim, G(n) = n',
    'preset.nim': 'Nim on one heap: remove any positive number of tokens (G(n) = n)',
    'preset.take-a-square': 'subtract the positive squares 1, 4, 9, 16, ...',
    'preset.take-a-fibonacci': 'subtract the Fibonacci numbers 1, 2, 3, 5, 8, ...',
    'preset.take-a-factorial': 'subtract the factorials 1, 2, 6, 24, 120, ...',
    'preset.take-a-power-of-two': 'subtract the powers of two 1, 2, 4, 8, ...',
    'preset.take-a-prime': 'subtract the primes 2, 3, 5, 7, 11, ...',
    'rule.kind.subtraction': 'subtraction',
    'rule.kind.all-but': 'all-but',
  },
  {
    'explore.example.moves': '每次取 1、2 或 3 个（减法游戏）',
    'explore.example.allBut': '除 2、3、7 外可取任意个（all-but）',
    'explore.example.squares': '每次取平方数个',
    'error.moves.notNumbers': '应为 1,2,3 这样的数，却是 {text}（有名字的数列：{names}）',
    'error.moves.unknownSequence': '未知的数列 {name}（应为以下之一：{names}）',
    'rule.noTheorem.infiniteSet': '无限的减法集没有一个能决定所有值的有限窗口',
    'theorem.bouton': 'Bouton（1901）：Nim 中 SG(n) = n',
    'preset.nim': 'Nim（单堆）：取走任意正数个石子（SG(n) = n）',
    'preset.take-a-square': '每次取走一个正平方数：1, 4, 9, 16, ...',
    'preset.take-a-fibonacci': '每次取走一个斐波那契数：1, 2, 3, 5, 8, ...',
    'preset.take-a-factorial': '每次取走一个阶乘数：1, 2, 6, 24, 120, ...',
    'preset.take-a-power-of-two': '每次取走一个 2 的幂：1, 2, 4, 8, ...',
    'preset.take-a-prime': '每次取走一个质数：2, 3, 5, 7, 11, ...',
    'rule.kind.subtraction': '减法游戏',
    'rule.kind.all-but': '除外减法游戏',
  },
);
