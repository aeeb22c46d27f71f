/** The capped-heap kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    'error.capped.memory': '{states} states (heap, cap) need about {mib} MiB, more than the free memory',
    'error.capped.states': 'heaps up to {max} need {states} states, more than {most}',
    'error.pairs.capped': 'heaps with memory',
    'law.memory.beatty': 'P-positions n_1, n_2, … are n_k = {law}{note} ({holds}; not proven)',
    'law.memory.fails': 'holds up to k = {last}, then fails at k = {next} (n = {n})',
    'law.memory.named': ': {name}',
    'law.memory.none': 'no linear recurrence or Beatty law in the {n} P-positions up to {max}',
    'law.memory.noneOne': 'no linear recurrence or Beatty law in the 1 P-position up to {max}',
    'law.memory.observed': 'observed up to {max}',
    'law.memory.recurrence': 'P-positions a(1), a(2), … satisfy {law}{start}{name} ({holds}; not proven)',
    'law.memory.start': ' (a(1..{from}) = {list})',
    'theorem.cappedNim': "Schwenk (1970): a heap of n with cap c is lost for the player to move exactly when the smallest part of n's greedy sum of the losing heaps for factor {k} exceeds c; a start heap is lost exactly when it is one of those heaps",
    'theorem.cappedNimFibonacci': "Whinihan (1963): a heap of n with cap c is lost for the player to move exactly when the smallest part of n's greedy sum of Fibonacci numbers (Zeckendorf) exceeds c; a start heap is lost exactly when it is a Fibonacci number",
  },
  {
    'error.capped.memory': '{states} 个状态（堆，上限）大约需要 {mib} MiB，超过了空闲内存',
    'error.capped.states': '算到 {max} 的堆需要 {states} 个状态，超过了 {most}',
    'error.pairs.capped': '有记忆的堆',
    'law.memory.beatty': '必败态 n_1, n_2, … 为 n_k = {law}{note}（{holds}；未证明）',
    'law.memory.fails': '对 k <= {last} 成立，在 k = {next} 处不成立（n = {n}）',
    'law.memory.named': '：{name}',
    'law.memory.none': '在 {max} 以内的 {n} 个必败态中没有找到线性递推或 Beatty 规律',
    'law.memory.noneOne': '在 {max} 以内唯一的必败态中没有找到线性递推或 Beatty 规律',
    'law.memory.observed': '在 {max} 以内观察到',
    'law.memory.recurrence': '必败态 a(1), a(2), … 满足 {law}{start}{name}（{holds}；未证明）',
    'law.memory.start': '（a(1..{from}) = {list}）',
    'theorem.cappedNim': 'Schwenk（1970）：石子数为 n、本步至多取 c 个的局面，当且仅当 n 按倍数 {k} 的必败堆所作贪心分解的最小项大于 c 时，轮到走的一方必败；初始局面当且仅当 n 是这些必败堆之一时必败',
    'theorem.cappedNimFibonacci': 'Whinihan（1963）：石子数为 n、本步至多取 c 个的局面，当且仅当 n 的贪心斐波那契分解（Zeckendorf 表示）的最小项大于 c 时，轮到走的一方必败；初始局面当且仅当 n 是斐波那契数时必败',
  },
);
