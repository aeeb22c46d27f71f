/** Simplified Chinese messages of the play area: the same keys as en/play.ts. */
import type { play as english } from '../en/play.js';

export const play: Readonly<Record<keyof typeof english, string>> = {
  'play.title': 'play',
};
