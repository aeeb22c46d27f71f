import { describe, expect, it } from 'vitest';
import { InputError, wordsText } from '../../src/core/errors.js';
import { flagOf } from '../../src/core/flags.js';
import { translator } from '../../src/core/i18n/index.js';
import { answerPieces, answerSpec } from '../../src/core/contest/answer.js';
import { checkedCases, judgeLayout } from '../../src/core/contest/layout.js';
import { textTokens } from '../../src/core/contest/tokens.js';

/** The refusal `f` throws, in English (as the CLI prints it) and in Chinese. */
function refusal(f: () => unknown): { en: string; zh: string } {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const words = (error as InputError).words;
    return { en: wordsText(words, flagOf), zh: wordsText(words, flagOf, translator('zh')) };
  }
  throw new Error('not refused');
}

describe("a judge's refusals are catalogue messages, said in English and in Chinese", () => {
  it('a count that disagrees with the input: the case count, the cases read, the count agreeing in each language', () => {
    const cases = judgeLayout('cases');
    const short = refusal(() => [...checkedCases(textTokens('3 1 5 2 6 7', false), cases, 1)]);
    expect(short.en).toBe('--input cases: the first number says 3 cases, but standard input ends after 2 cases (case 3 has no count)');
    expect(short.zh).toBe('--input cases: 第一个数表示有 3 组数据，但标准输入在 2 组数据之后就结束了（第 3 组数据缺少数量）');
    const one = refusal(() => [...checkedCases(textTokens('2 1 5 6 1 7', false), cases, 2)]);
    expect(one.en).toBe('--input cases: case 2 of 2 says 1 component (2 numbers), but only 1 number follows');
    expect(one.zh).toBe('--input cases: 第 2 组数据（共 2 组）表示有 1 个分量（2 个数），但后面只有 1 个数');
  });

  it('the sentinel and the answer: a token after the sentinel, a draw', () => {
    const after = refusal(() => [...checkedCases(textTokens('1 4 0 7', false), judgeLayout('until'), 1)]);
    expect(after.en).toBe('--input until: 1 more token follows the sentinel "0" that ends the cases');
    expect(after.zh).toBe('--input until: 结束各组数据的结束标记 "0" 之后还多出 1 项');
    const draw = { outcome: 'D', moves: [], moveCount: 0n, movesNotListed: null } as const;
    const none = refusal(() => [...answerPieces(draw, { count: 1, read: () => ['1'] }, answerSpec('winner'))]);
    expect(none.en).toBe('--answer winner: neither player can force a win here (a draw), so there is no winner to print');
    expect(none.zh).toBe('--answer winner: 双方都无法强制取胜（和局），所以没有胜者可以输出');
  });
});
