/** A heap with memory's pictures (GameKind.pictures): a plot of its start positions' values, and its page's words. */
import type { PageData, PictureData } from '../picture-data.js';
import { ruleTitle } from '../../rules/spec.js';
import type { CappedHeapExploration } from './explore-capped.js';
import { lawText } from './law-text.js';

/** The plot of each start position's value (also the web page's SVG download). */
export function memoryPicture(x: CappedHeapExploration): PictureData {
  return { plot: 'sequence', title: `${ruleTitle(x.rule, x.game.name)}: start positions`, values: x.starts };
}

/** The page's words: the start positions, the law of the P-positions (observed), and every start position's value. */
export function memoryPage(x: CappedHeapExploration): PageData {
  return {
    title: ruleTitle(x.rule, x.game.name),
    summary: [
      ['Rule', ruleTitle(x.rule, x.game.name)],
      ['Start states', `0 .. ${x.max}`],
    ],
    pattern: lawText(x),
    pPositions: x.pPositions.join(', '),
    values: x.starts,
    count: x.starts.length,
  };
}
