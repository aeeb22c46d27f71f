/** The take-and-break kind's own messages, in English and Chinese (src/core/kinds/messages.ts gathers them into the catalogues). */
import { kindMessages } from '../../i18n/kind-messages.js';

export const messages = kindMessages(
  {
    // The names of its games on the web page's example links (its showcase).
    'explore.example.kayles': 'Kayles (code 0.77)',
    'explore.example.dawson': "Dawson's Kayles (code 0.07)",
    'explore.example.grundy': "Grundy's game (4!.0)",
    'error.code.none': 'expected a code such as 0.77',
    'rule.noTheorem.unequalSplit': 'the unequal-split condition (!) is outside the Guy-Smith theorem',
    'rule.noTheorem.saltus': 'the Guy-Smith theorem proves periods without a saltus; an arithmetic-periodic pattern is outside it',
    'preset.kayles': 'Kayles (0.77): knock down one pin or two adjacent pins from a row',
    'preset.dawsons-kayles': 'Dawson\'s Kayles (0.07): knock down two adjacent pins',
    'preset.dawsons-chess': 'Dawson\'s chess (0.137): pawns on a 3 x n board, captures compulsory',
    'preset.double-kayles': 'Double Kayles (0.7777): knock down 1 to 4 adjacent pins',
    'preset.officers': 'Officers (0.6): take one token, leaving one or two non-empty heaps',
    'preset.grundy': 'Grundy\'s game (4!.0): split one heap into two unequal non-empty heaps',
    'rule.kind.octal': 'octal',
    'rule.kind.hexadecimal': 'hexadecimal',
    'rule.kind.take-and-break': 'take-and-break',
  },
  {
    'explore.example.kayles': 'Kayles 游戏（八进制码 0.77）',
    'explore.example.dawson': 'Dawson 的 Kayles（八进制码 0.07）',
    'explore.example.grundy': 'Grundy 游戏（4!.0）',
    'error.code.none': '应为 0.77 这样的代码',
    'rule.noTheorem.unequalSplit': '“只能分成不等的两堆”（!）这一条件不在 Guy–Smith 定理的范围内',
    'rule.noTheorem.saltus': 'Guy–Smith 定理只证明没有跳跃（saltus）的周期；算术周期的模式不在其范围内',
    'preset.kayles': 'Kayles（0.77）：从一排瓶子中击倒一个，或相邻的两个',
    'preset.dawsons-kayles': 'Dawson 的 Kayles（0.07）：击倒相邻的两个瓶子',
    'preset.dawsons-chess': 'Dawson 象棋（0.137）：3 × n 棋盘上的兵，必须吃子',
    'preset.double-kayles': 'Double Kayles（0.7777）：击倒 1 到 4 个相邻的瓶子',
    'preset.officers': 'Officers（0.6）：取走一个石子，留下一堆或两堆非空的石子',
    'preset.grundy': 'Grundy 游戏（4!.0）：把一堆分成大小不等的两堆非空石子',
    'rule.kind.octal': '八进制游戏',
    'rule.kind.hexadecimal': '十六进制游戏',
    'rule.kind.take-and-break': '取子分堆游戏',
  },
);
