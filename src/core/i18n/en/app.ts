/** English messages of the app area (keys start with `app.`). */
export const app = {
  'app.title': 'sg-explore',
} as const;
