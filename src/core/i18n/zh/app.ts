/** Simplified Chinese messages of the app area: the same keys as en/app.ts. */
import type { app as english } from '../en/app.js';

export const app: Readonly<Record<keyof typeof english, string>> = {
  'app.title': 'sg-explore',
};
