/** Simplified Chinese messages the core writes (rule kinds, known games, why no theorem applies): the same keys as en/rules.ts. */
import type { rules as english } from '../en/rules.js';

export const rules: Readonly<Record<keyof typeof english, string>> = {
  'rule.kind.subtraction': '减法游戏',
  'rule.kind.all-but': '除外减法游戏',
  'rule.kind.octal': '八进制游戏',
  'rule.kind.hexadecimal': '十六进制游戏',
  'rule.kind.take-and-break': '取子分堆游戏',
  'rule.kind.vectors': '向量游戏',
  'rule.kind.capped-heap': '限量取子',
  'rule.kind.graph': '有向图游戏',
  'rule.kind.custom': '自定义规则',
  'rule.known.nim': 'Nim：取任意个',
  'rule.noTheorem.infiniteSet': '无限的减法集没有一个能决定所有值的有限窗口',
  'rule.noTheorem.threeHeaps': '分成三堆的走法不在 Guy–Smith 定理的范围内',
  'rule.noTheorem.unequalSplit': '“只能分成不等的两堆”（!）这一条件不在 Guy–Smith 定理的范围内',
  'rule.noTheorem.code': '以代码给出的规则没有可以证明其规律的定理',
};
