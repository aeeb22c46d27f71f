/**
 * The web app's page: a language, an engine worker and one view at a time,
 * chosen by the URL's hash (`#play&...` plays, anything else explores), so a
 * link reproduces a view.
 */
import { pickLang, translator } from '../core/i18n/index.js';
import type { AppContext, View } from './context.js';
import { Engine } from './engine/client.js';
import { mountExplore } from './explore/index.js';
import { mountPlay } from './play/index.js';

const lang = pickLang(new URLSearchParams(location.search).get('lang'), navigator.languages);
document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
const context: AppContext = { lang, t: translator(lang), engine: new Engine() };
document.title = context.t('app.title');

const root = document.getElementById('app')!;
let view: View | null = null;

function show(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  view?.unmount();
  view = (params.has('play') ? mountPlay : mountExplore)(root, context, params);
}

window.addEventListener('hashchange', show);
show();
