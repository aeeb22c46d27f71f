/** Simplified Chinese messages of the explore area: the same keys as en/explore.ts. */
import type { explore as english } from '../en/explore.js';

export const explore: Readonly<Record<keyof typeof english, string>> = {
  'explore.title': 'explore',
};
