/** The two-pile kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    // The names of its games on the web page's example links (its showcase).
    'explore.example.wythoff': "Wythoff's game (two piles)",
    'error.pairs.twoPile': 'two-pile games',
    'error.table.cellsMemory': 'a table of {cells} cells needs about {needed}, more than the {free} of free memory; use {rows} A..B for a few long rows',
    'error.table.positionCells': 'a table up to {corner} has {cells} cells, more than the {most} a position may need',
    'error.table.positionMemory': 'a table up to {corner} needs about {needed}, more than the {free} of free memory',
    'error.table.rowsMemory': 'rows 0..{last} (every row before the last is computed too) of {columns} columns need about {needed}, more than the {free} of free memory; lower {max} or the last row',
    'error.vectors.cap': 'cap',
    'error.vectors.component': 'vector component',
    'error.vectors.none': "no vectors (Wythoff's game is (1,0) (0,1) (1,1))",
    'error.vectors.notList': '{text} is not a list of vectors such as (1,0) (0,1) (1,1)x2',
    'error.vectors.notVector': '{text} is not a vector dx,dy (with an optional cap: dx,dy,cap)',
    'error.vectors.zero': 'the vector (0,0) moves nothing',
    'theorem.wythoff': 'Wythoff (1907): the P-positions are (⌊k·φ⌋, ⌊k·φ²⌋) and their mirror images',
    'preset.wythoff': 'Wythoff\'s game: two piles; take any number from one pile, or the same number from both',
    'rule.kind.vectors': 'vectors',
  },
  {
    'explore.example.wythoff': '威佐夫游戏（两堆）',
    'error.pairs.twoPile': '两堆游戏',
    'error.table.cellsMemory': '{cells} 个格子的表大约需要 {needed}，超过了空闲内存 {free}；只看几行长行请用 {rows} A..B',
    'error.table.positionCells': '算到 {corner} 的表有 {cells} 个格子，超过了一个局面最多可用的 {most} 个',
    'error.table.positionMemory': '算到 {corner} 的表大约需要 {needed}，超过了空闲内存 {free}',
    'error.table.rowsMemory': '{columns} 列的第 0..{last} 行（最后一行之前的每一行也要计算）大约需要 {needed}，超过了空闲内存 {free}；请降低 {max} 或最后一行',
    'error.vectors.cap': '上限',
    'error.vectors.component': '向量分量',
    'error.vectors.none': '没有向量（威佐夫博弈是 (1,0) (0,1) (1,1)）',
    'error.vectors.notList': '{text} 不是 (1,0) (0,1) (1,1)x2 这样的向量列表',
    'error.vectors.notVector': '{text} 不是向量 dx,dy（可以加上限：dx,dy,cap）',
    'error.vectors.zero': '向量 (0,0) 什么也不移动',
    'theorem.wythoff': 'Wythoff（1907）：必败态是 (⌊k·φ⌋, ⌊k·φ²⌋) 及其对称位置',
    'preset.wythoff': '威佐夫博弈：两堆石子；从一堆中取任意个，或从两堆中取同样多个',
    'rule.kind.vectors': '向量游戏',
  },
);
