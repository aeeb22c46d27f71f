/** English messages of the app area (keys start with `app.`). */
export const app = {
  'app.title': 'sg-explore',
  'app.tagline': 'Sprague-Grundy values of impartial games: compute, prove, play',
  'app.nav': 'Views',
  'app.nav.explore': 'Explore',
  'app.nav.play': 'Play',
  'app.language': 'Language',
  'app.language.en': 'English',
  'app.language.zh': '中文',
  'app.offline': 'Everything runs in this page: no server is needed once it has loaded.',
} as const;
