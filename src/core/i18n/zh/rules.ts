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
  'theorem.bouton': 'Bouton（1901）：Nim 中 SG(n) = n',
  'theorem.bachet': 'Bachet（1612）：每次取 1 到 {m} 个时，SG(n) = n mod {period}',
  'theorem.bachetMisere': 'Bachet（1612）：反常规则下，恰在 n ≡ 1 (mod {period}) 时轮到走的一方必败',
  'theorem.wythoff': 'Wythoff（1907）：必败态是 (⌊k·φ⌋, ⌊k·φ²⌋) 及其对称位置',
  'theorem.cappedNimFibonacci': 'Whinihan（1963）：石子数为 n、本步至多取 c 个的局面，当且仅当 n 的贪心斐波那契分解（Zeckendorf 表示）的最小项大于 c 时，轮到走的一方必败；初始局面当且仅当 n 是斐波那契数时必败',
  'theorem.cappedNim': 'Schwenk（1970）：石子数为 n、本步至多取 c 个的局面，当且仅当 n 按倍数 {k} 的必败堆所作贪心分解的最小项大于 c 时，轮到走的一方必败；初始局面当且仅当 n 是这些必败堆之一时必败',
  'theorem.tameGenus': '驯服的 genus（Conway，《On Numbers and Games》第 12 章，1976）：石子数 0..{largest} 的每一堆都是驯服的，驯服游戏之和的胜负与其 genus 对应的 Nim 局面相同',
};
