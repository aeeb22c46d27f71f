/** English messages of the play area (keys start with `play.`). */
export const play = {
  'play.title': 'play',
} as const;
