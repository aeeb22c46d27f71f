/**
 * The explore view: describe a game (command-line words, an example, or a
 * rule file pasted, dropped or chosen), watch it computed in the engine
 * worker, and read the summary, the proof, the P-positions, the table, the
 * plot (a heat map for two piles); download CSV, JSON and the picture. The
 * URL's hash holds the game, so a link reproduces the view; Cancel ends the
 * worker at once.
 */
import type { AppContext, MountView, View } from '../context.js';
import type { Lang, Translate } from '../../core/i18n/index.js';
import { Cancelled, type Running } from '../engine/client.js';
import type { DownloadFormat, ExploreProgress, ExploreView, Pairs, PositionView } from '../engine/explore-protocol.js';
import { h } from './dom.js';
import { errorText } from '../error-text.js';
import { heatmapSection } from './heatmap.js';
import { plotSection } from './plot.js';
import { graphSummary, statesSummary, gridSummary, heapSummary, memoryLawText, memorySummary, partialSummary, patternText } from './summary.js';
import { graphTable, gridTable, heapTable, statesTable } from './table.js';
import { whyPanel } from './why.js';
import { positionSection } from './position.js';
import type { Explanation } from '../../core/heap/explain.js';
import { WordsError, commandLineOf, hashOf, isModulePath, pairsOfCommandLine, pairsOfHash } from './words.js';

const EXAMPLES = [
  ['explore.example.moves', 'moves=1,2,3&max=1000'],
  ['explore.example.allBut', 'all-but=2,3,7'],
  ['explore.example.kayles', 'code=0.77'],
  ['explore.example.dawson', 'code=0.07'],
  ['explore.example.grundy', 'code=4!.0&max=2000'],
  ['explore.example.squares', 'preset=take-a-square&max=2000'],
  ['explore.example.wythoff', 'preset=wythoff&max=60'],
  ['explore.example.fibonacci', 'preset=fibonacci-nim&max=300'],
] as const;

/** The words that name a rule in the hash (the engine knows them all; this only tells a rule file's turn). */
const RULE_FLAGS = new Set(['moves', 'all-but', 'code', 'preset', 'vectors', 'sequence', 'graph', 'rule']);

export const mountExplore: MountView = (root, context, params) => {
  const { t, lang, engine } = context;
  let running: Running<unknown> | null = null;

  const file = ruleFileBox(t);
  const { input, positionInput, cancelButton, link, form } = exploreForm(t, file, () => running?.cancel(), () => submit());
  const { progress, statusText, status } = statusArea(t);
  const alert = h('p', { role: 'alert', id: 'error', class: 'error', hidden: true });
  const results = h('div', { id: 'results' });

  root.replaceChildren(h('div', { class: 'explore' }, h('h1', {}, t('explore.heading')), h('p', { class: 'intro' }, t('explore.intro')), form, status, alert, results));

  function showError(message: string): void {
    alert.textContent = message;
    alert.hidden = false;
  }

  function submit(): void {
    let pairs: Pairs;
    try {
      pairs = pairsOfCommandLine(input.value);
    } catch (error) {
      if (!(error instanceof WordsError)) throw error;
      results.replaceChildren();
      return showError(t('explore.error', { message: t(error.key, error.params) }));
    }
    pairs = withRuleFile(pairs, file);
    const position = positionInput.value.trim().replace(/\s+/g, ' ');
    if (position) pairs = [...pairs.filter(([flag]) => flag !== 'position'), ['position', position]];
    const hash = hashOf(pairs);
    if (location.hash.slice(1) === hash) void run(pairs);
    else location.hash = hash; // the shell hears the change and calls update
  }

  async function run(pairs: Pairs): Promise<void> {
    running?.cancel();
    alert.hidden = true;
    results.replaceChildren();
    if (pairs.length === 0) {
      statusText.textContent = t('explore.empty');
      return;
    }
    progress.hidden = false;
    progress.removeAttribute('value');
    statusText.textContent = t('explore.progress');
    cancelButton.disabled = false;
    // The server's origin, for rule modules it may hand out (a page from file:// has none).
    const origin = location.protocol === 'http:' || location.protocol === 'https:' ? location.origin : null;
    let call: Running<unknown> = engine.call<ExploreView>('explore', { pairs, origin }, (p) => showExploreProgress(p as ExploreProgress, { progress, statusText, results }, t, lang));
    running = call;
    try {
      const view = (await call.result) as ExploreView;
      if (running !== call) return;
      statusText.textContent = t('explore.done', { ms: Math.round(view.milliseconds) });
      results.replaceChildren(...exploreResults(view, context, showError));
      // A position is asked of the worker after its game's table: the answer goes above the table's summary.
      if (pairs.some(([flag, value]) => flag === 'position' && value.trim() !== '')) {
        call = engine.call<PositionView>('position', { pairs, origin, lang }, (p) => showExploreProgress(p as ExploreProgress, { progress, statusText, results }, t, lang));
        running = call;
        const answer = (await call.result) as PositionView;
        if (running !== call) return;
        statusText.textContent = t('explore.done', { ms: Math.round(view.milliseconds) });
        results.prepend(positionSection(answer, t));
      }
    } catch (error) {
      if (running !== call) return;
      statusText.textContent = '';
      if (error instanceof Cancelled) statusText.textContent = t('explore.cancelled');
      else showError(t('explore.error', { message: errorText(error, t) }));
    } finally {
      if (running === call) {
        running = null;
        progress.hidden = true;
        cancelButton.disabled = true;
      }
    }
  }

  const update = (next: URLSearchParams) => {
    const pairs = pairsOfHash(next);
    fillForm(pairs, { input, positionInput, file, link });
    void run(pairs);
  };
  update(params);
  const view: View = {
    update,
    unmount: () => {
      running?.cancel();
      root.replaceChildren();
    },
  };
  return view;
};

/** The status line: a progress bar and its words, read out as they change. */
function statusArea(t: Translate): { progress: HTMLProgressElement; statusText: HTMLElement; status: HTMLElement } {
  const progress = h('progress', { id: 'progress', hidden: true, 'aria-label': t('explore.progress') }) as HTMLProgressElement;
  const statusText = h('span', { id: 'status-text' });
  return { progress, statusText, status: h('div', { role: 'status', class: 'status', 'aria-live': 'polite' }, progress, statusText) };
}

/** The form as the hash says: the game's words, the position in a field of its own (a `--position` typed among the words moves there), a pasted rule file. */
function fillForm(pairs: Pairs, form: { input: HTMLInputElement; positionInput: HTMLInputElement; file: RuleFileBox; link: HTMLAnchorElement }): void {
  form.input.value = commandLineOf(pairs.filter(([flag]) => flag !== 'position'));
  form.positionInput.value = pairs.find(([flag]) => flag === 'position')?.[1] ?? '';
  const rule = pairs.find(([flag, value]) => flag === 'rule' && !isModulePath(value));
  if (rule) {
    form.file.text.value = rule[1];
    form.file.name = pairs.find(([flag]) => flag === 'file')?.[1] ?? 'rule.yaml';
    form.file.box.open = true;
  }
  form.link.href = `#${hashOf(pairs)}`;
}

/** The rule file's box: text pasted, dropped or chosen, and the file's name (for messages). */
interface RuleFileBox {
  readonly text: HTMLTextAreaElement;
  readonly box: HTMLDetailsElement;
  name: string;
}

function ruleFileBox(t: Translate): RuleFileBox {
  const fileText = h('textarea', { id: 'rule-text', rows: 6, spellcheck: 'false', 'aria-describedby': 'rule-help', placeholder: 'moves: [1, 2, 3]\nmax: 1000' }) as HTMLTextAreaElement;
  const readFile = async (file: File) => {
    fileText.value = await file.text();
    ruleFile.name = file.name;
    ruleFile.box.open = true;
  };
  const filePicker = h('input', { type: 'file', id: 'rule-file', accept: '.yaml,.yml,.json,text/yaml,application/json', onchange: () => filePicker.files?.[0] && readFile(filePicker.files[0]) }) as HTMLInputElement;
  fileText.addEventListener('dragover', (event) => event.preventDefault());
  fileText.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    void readFile(file);
  });
  const fileBox = h(
    'details',
    { class: 'rule-file' },
    h('summary', {}, t('explore.file.summary')),
    h('label', { for: 'rule-text' }, t('explore.file.label')),
    fileText,
    h('p', { id: 'rule-help', class: 'help' }, t('explore.file.help')),
    h('div', { class: 'row' }, h('label', { for: 'rule-file' }, t('explore.file.choose')), filePicker, h('button', { type: 'button', onclick: () => ((fileText.value = ''), (ruleFile.name = 'rule.yaml')) }, t('explore.file.clear'))),
  ) as HTMLDetailsElement;
  const ruleFile: RuleFileBox = { text: fileText, box: fileBox, name: 'rule.yaml' };
  return ruleFile;
}

/** A rule file counts when the words name no rule of their own; with --graph NAME, the box holds the graph's edge list. */
function withRuleFile(pairs: Pairs, file: RuleFileBox): Pairs {
  const box = file.text.value.trim() !== '';
  if (box && pairs.some(([flag]) => flag === 'graph')) return [...pairs, ['rule', file.text.value]];
  if (box && !pairs.some(([flag]) => RULE_FLAGS.has(flag))) return [['rule', file.text.value], ['file', file.name], ...pairs];
  return pairs;
}

/** The work so far: the values plotted while the rest is computed, and the count (of the ceiling, where there is one). */
function showExploreProgress(p: ExploreProgress, shown: { progress: HTMLProgressElement; statusText: HTMLElement; results: HTMLElement }, t: Translate, lang: Lang): void {
  const { progress, statusText, results } = shown;
  // The values so far, plotted while the rest is computed (replaced by the result).
  if (p.values) results.replaceChildren(partialSummary(p.values, t, lang), plotSection({ values: p.values, cycle: null, patternText: t('explore.partial', { count: p.values.length }) }, t, t('explore.partial.heading')));
  const unitKey = `explore.unit.${p.unit}` as const;
  const unit = ['values', 'rows', 'states', 'steps'].includes(p.unit) ? t(unitKey as 'explore.unit.values') : p.unit;
  const done = p.done.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
  if (Number.isFinite(p.ceiling) && p.ceiling > 0) {
    progress.max = p.ceiling;
    progress.value = p.done;
    statusText.textContent = t('explore.progress.of', { done, ceiling: p.ceiling.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'), unit });
  } else statusText.textContent = t('explore.progress.count', { done, unit });
}

/** Buttons to download the result as CSV, JSON and (where there is a picture) SVG. */
function downloadBar(view: ExploreView, { t, engine }: AppContext, showError: (message: string) => void): HTMLElement {
  const name = `sg-explore-${view.rule.replace(/[^A-Za-z0-9.,-]+/g, '-').replace(/^-|-$/g, '')}`;
  const save = (blob: Blob, extension: string) => {
    const url = URL.createObjectURL(blob);
    const anchor = h('a', { href: url, download: `${name}.${extension}` });
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const fetch = async (format: DownloadFormat) => {
    try {
      if (format === 'svg' && view.shape === 'grid') {
        const svg = document.getElementById('heatmap-svg');
        if (svg) save(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }), 'svg');
        return;
      }
      save(await engine.call<Blob>('download', { format }).result, format);
    } catch (error) {
      if (!(error instanceof Cancelled)) showError(t('explore.download.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };
  const button = (format: DownloadFormat, key: 'explore.download.csv' | 'explore.download.json' | 'explore.download.svg') => h('button', { type: 'button', id: `download-${format}`, onclick: () => fetch(format) }, t(key));
  // A graph's or a module's states have no picture (their table is the answer).
  const picture = view.shape === 'graph' || view.shape === 'states' ? null : button('svg', 'explore.download.svg');
  return h('div', { class: 'downloads', role: 'group', 'aria-label': t('explore.download') }, h('span', {}, `${t('explore.download')}:`), button('csv', 'explore.download.csv'), button('json', 'explore.download.json'), picture);
}

/** The form: the game's words, Run and Cancel, the examples, the link to this view, and the rule file's box. */
function exploreForm(t: Translate, file: RuleFileBox, cancel: () => void, submit: () => void): { input: HTMLInputElement; positionInput: HTMLInputElement; cancelButton: HTMLButtonElement; link: HTMLAnchorElement; form: HTMLElement } {
  const input = h('input', { id: 'game-input', type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'game-help', placeholder: '--moves 1,2,3 --max 1e6' }) as HTMLInputElement;
  // Links, not a select: each is a link a teacher can copy, and the keyboard reaches each one.
  const examples = h('ul', { class: 'examples', id: 'examples' }, ...EXAMPLES.map(([key, hash]) => h('li', {}, h('a', { href: `#${hash}` }, t(key)))));
  const positionInput = h('input', { id: 'position-input', type: 'text', autocomplete: 'off', spellcheck: 'false', inputmode: 'text', 'aria-describedby': 'position-help', placeholder: '3 5 7' }) as HTMLInputElement;
  const runButton = h('button', { type: 'submit', id: 'run', class: 'primary' }, t('explore.run'));
  const cancelButton = h('button', { type: 'button', id: 'cancel', disabled: true, onclick: cancel }, t('explore.cancel'));
  const link = h('a', { id: 'link', href: '#' }, t('explore.link'));
  const form = h(
    'form',
    { id: 'explore-form', onsubmit: (event: Event) => (event.preventDefault(), submit()) },
    h('label', { for: 'game-input' }, t('explore.input.label')),
    h('div', { class: 'row' }, input, runButton, cancelButton),
    h('p', { id: 'game-help', class: 'help' }, t('explore.input.help')),
    h('label', { for: 'position-input' }, t('explore.position.label')),
    h('div', { class: 'row' }, positionInput),
    h('p', { id: 'position-help', class: 'help' }, t('explore.position.help')),
    h('nav', { 'aria-labelledby': 'examples-heading', class: 'examples-nav' }, h('span', { id: 'examples-heading', class: 'label' }, `${t('explore.examples')}:`), examples),
    h('p', { class: 'row' }, link),
    file.box,
  );
  return { input, positionInput, cancelButton, link, form };
}

/** The result's sections for its shape: a summary, downloads, a picture where there is one, and a table. */
function exploreResults(view: ExploreView, context: AppContext, showError: (message: string) => void): HTMLElement[] {
  const { t, lang, engine } = context;
  const fetchValues = (from: bigint, count: number) => engine.call<string[]>('values', { from: String(from), count }).result;
  const downloads = downloadBar(view, context, showError);
  if (view.shape === 'heap') {
    const p = view.pattern;
    const cycle = p.kind === 'none' || p.preperiod === null || p.period === null ? null : { preperiod: p.preperiod, period: p.period };
    const why = whyPanel(t, lang, (n) => engine.call<Explanation>('explain', { n }).result, (error) => showError(t('explore.error', { message: errorText(error, t) })));
    return [heapSummary(view, t, lang), downloads, plotSection({ values: view.values, cycle, patternText: patternText(view, t), why: why.show }, t), heapTable(view, t, lang, fetchValues, why)];
  }
  if (view.shape === 'grid') return [gridSummary(view, t, lang), downloads, heatmapSection(view, t), gridTable(view, t)];
  if (view.shape === 'graph') return [graphSummary(view, t, lang), downloads, graphTable(view, t, lang)];
  if (view.shape === 'states') return [statesSummary(view, t, lang), downloads, statesTable(view, t, lang)];
  return [memorySummary(view, t, lang), downloads, plotSection({ values: view.values, cycle: null, patternText: memoryLawText(view, t) }, t), heapTable(view, t, lang, fetchValues)];
}
