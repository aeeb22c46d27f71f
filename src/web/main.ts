/**
 * The web app's page: a language, an engine worker and one view at a time,
 * chosen by the URL's hash (`#play&...` plays, anything else explores), so a
 * link reproduces a view. The header around the view (its links and the
 * language) is drawn here, from the catalogue.
 */
import { LANGS, pickLang, translator } from '../core/i18n/index.js';
import type { AppContext, MountView, View } from './context.js';
import { Engine } from './engine/client.js';
import { mountExplore } from './explore/index.js';
import { mountPlay } from './play/index.js';

const lang = pickLang(new URLSearchParams(location.search).get('lang'), navigator.languages);
document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
const context: AppContext = { lang, t: translator(lang), engine: new Engine() };
const { t } = context;
document.title = t('app.title');

/** The header: the app's name, a link to each view, and the language (a reload with ?lang=, the hash kept). */
function header(): HTMLElement {
  const bar = document.getElementById('bar')!;
  const link = (hash: string, key: 'app.nav.explore' | 'app.nav.play', id: string) => {
    const a = document.createElement('a');
    a.href = hash;
    a.id = id;
    a.textContent = t(key);
    return a;
  };
  const title = document.createElement('strong');
  title.className = 'brand';
  title.textContent = t('app.title');
  title.title = t('app.tagline');
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', t('app.nav'));
  nav.append(link('#', 'app.nav.explore', 'nav-explore'), link('#play', 'app.nav.play', 'nav-play'));
  const label = document.createElement('label');
  label.htmlFor = 'lang';
  label.textContent = t('app.language');
  const select = document.createElement('select');
  select.id = 'lang';
  for (const code of LANGS) select.append(new Option(t(`app.language.${code}`), code, code === lang, code === lang));
  select.addEventListener('change', () => {
    const search = new URLSearchParams(location.search);
    search.set('lang', select.value);
    location.search = search.toString();
  });
  const language = document.createElement('span');
  language.className = 'language';
  language.append(label, select);
  bar.replaceChildren(title, nav, language);
  return bar;
}

header();
// A line at the foot: the page works offline once loaded.
const foot = document.createElement('footer');
foot.textContent = t('app.offline');
document.body.append(foot);
const root = document.getElementById('app')!;
let view: View | null = null;
let shown: MountView | null = null;

function show(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const mount = params.has('play') ? mountPlay : mountExplore;
  for (const a of document.querySelectorAll('nav a')) a.toggleAttribute('aria-current', a.id === (mount === mountPlay ? 'nav-play' : 'nav-explore'));
  // The same view takes a new hash itself where it can (a form keeps its focus).
  if (mount === shown && view?.update) return view.update(params);
  view?.unmount();
  shown = mount;
  view = mount(root, context, params);
}

window.addEventListener('hashchange', show);
show();
