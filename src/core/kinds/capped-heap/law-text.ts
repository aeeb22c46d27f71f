/**
 * The law of a heap with memory's P-positions (the start heaps a(1), a(2),
 * …), in words: a linear recurrence, a Beatty law, or that none fits; always
 * observed, never proven. English in the reports, the page's language in the page.
 */
import type { CappedHeapExploration } from './explore-capped.js';
import { recurrenceText } from '../../laws/sequence-law.js';
import { english, say, type Translate } from '../../i18n/index.js';
import { formatCount } from '../../numbers.js';

/** What the law of a heap with memory's P-positions is read from. */
export type CappedLawFacts = Pick<CappedHeapExploration, 'law' | 'beatty' | 'pPositions' | 'max'>;

/** The laws of the P-positions in `t`'s language (English in the reports): a recurrence, a Beatty law, or that none fits. */
export function lawText(x: CappedLawFacts, t: Translate = english): string {
  const { law, beatty } = x;
  // Where a law holds: all the P-positions up to max, or up to its first counterexample (k counts from 1).
  const holds = (counterexample: number | null) =>
    counterexample === null ? t('law.memory.observed', { max: formatCount(x.max) }) : t('law.memory.fails', { last: counterexample, next: counterexample + 1, n: x.pPositions[counterexample]! });
  const laws: string[] = [];
  if (law) {
    const start = law.from > 0 ? t('law.memory.start', { from: law.from, list: x.pPositions.slice(0, law.from).join(', ') }) : '';
    const name = law.name ? t('law.memory.named', { name: say(law.name, t) }) : '';
    laws.push(t('law.memory.recurrence', { law: recurrenceText(law, t), start, name, holds: holds(law.counterexample) }));
  }
  if (beatty) laws.push(t('law.memory.beatty', { law: beatty.text, note: beatty.note ? `, ${beatty.note}` : '', holds: holds(beatty.counterexample) }));
  if (laws.length) return laws.join(t('law.separator'));
  const count = x.pPositions.length;
  return count === 1 ? t('law.memory.noneOne', { max: formatCount(x.max) }) : t('law.memory.none', { n: formatCount(count), max: formatCount(x.max) });
}
