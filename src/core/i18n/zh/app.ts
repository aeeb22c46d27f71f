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
  'app.errorWithKind': '{kind}：{message}',
  'app.errorKind.bad-value': '值不合法',
  'app.errorKind.out-of-range': '超出范围',
  'app.errorKind.too-large': '规模太大，无法在此计算',
  'app.errorKind.out-of-memory': '超出可用内存',
  'app.errorKind.bad-rule': '规则不合法',
  'app.errorKind.unknown-name': '未知的名称',
  'app.errorKind.not-applicable': '此处不适用',
  'app.errorKind.bad-file': '文件无法使用',
  'app.errorKind.file-exists': '文件已存在',
  'app.errorKind.mismatch': '属于另一次计算',
  'app.errorKind.empty': '缺少内容',
  'app.errorKind.bad-input': '输入有误',
  'app.offline': '一切都在本页中运行：页面加载后无需服务器。',
};
