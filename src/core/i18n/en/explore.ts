/** English messages of the explore area (keys start with `explore.`). */
export const explore = {
  'explore.title': 'explore',
} as const;
