/**
 * The explore view answers a position for every rule word the page takes
 * and every preset its form lists (the registry's, none named here), in normal play and, where the kind
 * offers it, misère play (its table asked first, as the page does), as the library the CLI runs answers it: the same
 * outcome, nim-sum and count of winning moves. Words that name a file (a
 * graph, a rule module) are checked in the browser tests, with their files.
 */
import { describe, expect, it } from 'vitest';
import { exploreOps } from '../../src/web/engine/explore-ops.js';
import { RULE_WORDS } from '../../src/core/rule-words.js';
import { kindOf, type GameSpec } from '../../src/core/kinds/registry.js';
import { analyseAsync } from '../../src/index.js';
import { InputError } from '../../src/core/errors.js';
import type { Request } from '../../src/core/analyse.js';
import type { PositionReport } from '../../src/core/positions/position.js';
import type { PositionView } from '../../src/web/engine/explore-protocol.js';
import { formChoices } from '../../src/web/engine/form-ops.js';
import { parseCode } from '../../src/core/rules/code.js';

const context = { progress: () => {} };
/** Each game the page's words and presets name: [word, its value] (a word's example, each preset of the form). */
const games = [
  ...RULE_WORDS.filter((w) => w.flag && w.fileValue.form !== 'file').map((w) => [w.word, w.example] as const),
  ...formChoices().presets.map((p) => ['preset', p.value] as const),
];

/** Two small components of the word's example game: as its kind's judge draws them (a pair, a start heap), else heaps 4 and 6. */
async function smallPosition(game: GameSpec): Promise<string[]> {
  const judge = kindOf(game.rule).judge;
  if (!judge?.draw) return ['4', '6'];
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return [judge.positionText(await judge.draw(game.rule as never, random, 1n, 7n)), judge.positionText(await judge.draw(game.rule as never, random, 1n, 7n))];
}

describe('positions in the explore view, for every rule word the page takes', () => {
  it.each(games)('--%s %s: the page answers a position as the library does', async (flag, value) => {
    const game = RULE_WORDS.find((w) => w.word === flag)!.parse(value, `--${flag}`) as GameSpec;
    const position = await smallPosition(game);
    const offer = kindOf(game.rule).misere;
    for (const misere of offer?.positions ? [false, true] : [false]) {
      const pairs = [[flag, value], ['position', position.join(' ')], ...(misere ? [['misere', 'true']] : [])] as const;
      // In misère play the page asks for the game's table first (which may be refused in one line, as the CLI refuses a misère
      // table of a splitting game too large to search), then the position, which needs no table. (Normal play's tables are the other tests'.)
      if (misere) await exploreOps.explore!({ pairs, origin: null }, context).catch((error: unknown) => expect(error).toBeInstanceOf(InputError));
      const page = (await exploreOps.position!({ pairs, origin: null, lang: 'en' }, context)) as PositionView;
      const cli = (await analyseAsync({ game, position, misere } as Request)) as PositionReport<unknown>;
      const label = `--${flag} ${value} --position ${position.join(' ')}${misere ? ' --misere' : ''}`;
      expect(page.outcome, label).toBe(cli.outcome);
      expect(page.nimSum, label).toBe(cli.nimSum === null ? null : String(cli.nimSum));
      expect(page.moveCount, label).toBe(String(cli.winningMoveCount ?? BigInt(cli.winningMoves.length)));
    }
  });

  it("a heap with more winning moves than a list holds shows 10 of them, and the other heaps' moves after (0.A7: 10^12 2 6)", async () => {
    const pairs = [['code', '0.A7'], ['position', '1000000000000 2 6']] as const;
    const page = (await exploreOps.position!({ pairs, origin: null, lang: 'en' }, context)) as PositionView;
    const cli = (await analyseAsync({ game: { rule: { kind: 'take-and-break', code: parseCode('0.A7') } }, position: ['1000000000000', '2', '6'] })) as PositionReport<bigint>;
    expect(cli.cutHeaps).toEqual([{ component: 1, count: cli.winningMoveCount! - 2n, listed: 10_000 }]);
    expect(page.moves.map((m) => m.component)).toEqual([...Array(10).fill(1), 3, 3]);
    expect(page.moves.slice(10).map((m) => m.to)).toEqual(cli.winningMoves.filter((m) => m.component === 3).map((m) => m.to.map(String)));
    expect(page.moveCount).toBe(String(cli.winningMoveCount));
  });
});
