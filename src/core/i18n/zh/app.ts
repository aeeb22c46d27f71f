/** Simplified Chinese messages of the app area: the same keys as en/app.ts. */
import type { app as english } from '../en/app.js';

export const app: Readonly<Record<keyof typeof english, string>> = {
  'app.title': 'sg-explore',
  'app.tagline': '公平组合游戏的 SG 函数：计算、证明、对弈',
  'app.nav': '视图',
  'app.nav.explore': '探索',
  'app.nav.play': '对弈',
  'app.language': '语言',
  'app.language.en': 'English',
  'app.language.zh': '中文',
  'app.offline': '一切都在本页中运行：页面加载后无需服务器。',
};
