/**
 * The explore view: describe a game (command-line words, an example, or a
 * rule file pasted, dropped or chosen), watch it computed in the engine
 * worker, and read the summary, the proof, the P-positions, the table, the
 * plot (a heat map for two piles); download CSV, JSON and the picture. The
 * URL's hash holds the game, so a link reproduces the view; Cancel ends the
 * worker at once.
 */
import type { AppContext, MountView, View } from '../context.js';
import { say, type Lang, type Translate } from '../../core/i18n/index.js';
import { Cancelled, type Running } from '../engine/client.js';
import type { ExploreProgress, ExploreView, FormChoices, Pairs, PositionView } from '../engine/explore-protocol.js';
import { h } from './dom.js';
import { errorText } from '../error-text.js';
import { plotSection } from './plot.js';
import { partialSummary } from './summary.js';
import { positionSection } from './position.js';
import { exploreResults } from './results.js';
import { kindForm, type KindForm } from './form.js';
import { WordsError, commandLineOf, hashOf, isModulePath, pairsOfCommandLine, pairsOfHash } from './words.js';

export const mountExplore: MountView = (root, context, params) => {
  const { t, lang, engine } = context;
  // The worker's call now running (Cancel and a new run end it).
  const current: { running: Running<unknown> | null } = { running: null };

  const file = ruleFileBox(t);
  // The form for each kind, and the command line: each rewrites the other as it changes.
  const choices = engine.call<FormChoices>('form', {}).result;
  const kind = linkedKindForm(t, choices, () => input);
  const { input, positionInput, cancelButton, link, form } = exploreForm(t, file, kind, choices, () => current.running?.cancel(), () => submit());
  input.addEventListener('input', () => {
    const pairs = readablePairs(input.value);
    if (pairs) kind.fill(pairs);
  });
  const { progress, statusText, status } = statusArea(t);
  const alert = h('p', { role: 'alert', id: 'error', class: 'error', hidden: true });
  const results = h('div', { id: 'results' });

  root.replaceChildren(h('div', { class: 'explore' }, h('h1', {}, t('explore.heading')), h('p', { class: 'intro' }, t('explore.intro')), form, status, alert, results));

  /** An error in the alert; `more`: after one this run already shows (the table's, then the position's), on a line of its own. */
  function showError(message: string, more = false): void {
    alert.textContent = more && !alert.hidden ? `${alert.textContent}\n${message}` : message;
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
    pairs = withRuleFile(pairs, file, kind.words());
    const position = positionInput.value.trim().replace(/\s+/g, ' ');
    if (position) pairs = [...pairs.filter(([flag]) => flag !== 'position'), ['position', position]];
    const hash = hashOf(pairs);
    if (location.hash.slice(1) === hash) void run(pairs);
    else location.hash = hash; // the shell hears the change and calls update
  }

  async function run(pairs: Pairs): Promise<void> {
    current.running?.cancel();
    alert.hidden = true;
    results.replaceChildren();
    if (pairs.length === 0) {
      statusText.textContent = t('explore.empty');
      return;
    }
    statusText.textContent = t('explore.progress');
    // The server's origin, for rule modules it may hand out (a page from file:// has none).
    const origin = location.protocol === 'http:' || location.protocol === 'https:' ? location.origin : null;
    const started = performance.now();
    const ask = asker({ engine, t, lang, current, progress, statusText, results, cancelButton, showError });
    let tableMs: number | null = null;
    const table = await ask<ExploreView>('explore', { pairs, origin, lang }, (view) => {
      tableMs = view.milliseconds;
      results.replaceChildren(...exploreResults(view, context, showError));
    });
    // A position is asked of the worker after its game's table, its answer above the table's summary; as on the command line it
    // does not need the table, so a table refused (a misère table too large to search) still leaves the position answered.
    const asked = pairs.some(([flag, value]) => flag === 'position' && value.trim() !== '');
    const answer = table !== 'stopped' && asked ? await ask<PositionView>('position', { pairs, origin, lang }, (view) => results.prepend(positionSection(view, t))) : null;
    if (table !== 'stopped' && answer !== 'stopped' && alert.hidden) statusText.textContent = t('explore.done', { ms: Math.round(tableMs ?? performance.now() - started) });
  }

  const update = (next: URLSearchParams) => {
    const pairs = pairsOfHash(next);
    fillForm(pairs, { input, positionInput, file, link, kind });
    void run(pairs);
  };
  update(params);
  const view: View = {
    update,
    unmount: () => {
      current.running?.cancel();
      root.replaceChildren();
    },
  };
  return view;
};

/** What a call to the worker shows its progress and its end in, and where an error goes (`more`: after the run's first). */
interface AskUi {
  readonly engine: AppContext['engine'];
  readonly t: Translate;
  readonly lang: Lang;
  readonly current: { running: Running<unknown> | null };
  readonly progress: HTMLProgressElement;
  readonly statusText: HTMLElement;
  readonly results: HTMLElement;
  readonly cancelButton: HTMLButtonElement;
  showError(message: string, more?: boolean): void;
}

/** One call to the worker at a time, its progress shown and its answer drawn by `show`: 'stopped' when cancelled or replaced by a newer run. */
function asker(ui: AskUi) {
  const { engine, t, lang, current, progress, statusText, cancelButton } = ui;
  return async <T>(op: string, args: unknown, show: (answer: T) => void): Promise<'shown' | 'refused' | 'stopped'> => {
    const call = engine.call<T>(op, args, (p) => showExploreProgress(p as ExploreProgress, ui, t, lang));
    current.running = call;
    progress.hidden = false;
    progress.removeAttribute('value');
    cancelButton.disabled = false;
    try {
      const answer = await call.result;
      if (current.running !== call) return 'stopped';
      show(answer);
      return 'shown';
    } catch (error) {
      if (current.running !== call) return 'stopped';
      statusText.textContent = '';
      if (error instanceof Cancelled) statusText.textContent = t('explore.cancelled');
      else ui.showError(t('explore.error', { message: errorText(error, t) }), true);
      return error instanceof Cancelled ? 'stopped' : 'refused';
    } finally {
      if (current.running === call) {
        current.running = null;
        progress.hidden = true;
        cancelButton.disabled = true;
      }
    }
  };
}

/** A command line's pairs, or null while it cannot be read (half typed: an open quote). */
function readablePairs(line: string): Pairs | null {
  try {
    return pairsOfCommandLine(line);
  } catch (error) {
    if (error instanceof WordsError) return null;
    throw error;
  }
}

/** The form for each kind of game (its choices from the engine), which rewrites the command line as it changes. */
function linkedKindForm(t: Translate, choices: Promise<FormChoices>, line: () => HTMLInputElement): KindForm {
  const kind = kindForm(t, choices, () => (line().value = commandLineOf(kind.pairs(readablePairs(line().value) ?? []))));
  return kind;
}

/** The status line: a progress bar and its words, read out as they change. */
function statusArea(t: Translate): { progress: HTMLProgressElement; statusText: HTMLElement; status: HTMLElement } {
  const progress = h('progress', { id: 'progress', hidden: true, 'aria-label': t('explore.progress') }) as HTMLProgressElement;
  const statusText = h('span', { id: 'status-text' });
  return { progress, statusText, status: h('div', { role: 'status', class: 'status', 'aria-live': 'polite' }, progress, statusText) };
}

/** The form as the hash says: the game's words, the position in a field of its own (a `--position` typed among the words moves there), a pasted rule file. */
function fillForm(pairs: Pairs, form: { input: HTMLInputElement; positionInput: HTMLInputElement; file: RuleFileBox; link: HTMLAnchorElement; kind: KindForm }): void {
  form.input.value = commandLineOf(pairs.filter(([flag]) => flag !== 'position'));
  form.kind.fill(pairs);
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

/**
 * A rule file counts when the words name no rule of their own; with a word whose value names a file (`words.file`: a
 * page reads no files), the box holds that file's text.
 */
function withRuleFile(pairs: Pairs, file: RuleFileBox, words: { readonly rule: ReadonlySet<string>; readonly file: ReadonlySet<string> }): Pairs {
  const box = file.text.value.trim() !== '';
  if (box && pairs.some(([flag]) => words.file.has(flag))) return [...pairs, ['rule', file.text.value]];
  if (box && !pairs.some(([flag]) => words.rule.has(flag) || flag === 'rule')) return [['rule', file.text.value], ['file', file.name], ...pairs];
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

/** The form: the game's words, Run and Cancel, the examples, the link to this view, and the rule file's box. */
function exploreForm(t: Translate, file: RuleFileBox, kind: KindForm, choices: Promise<FormChoices>, cancel: () => void, submit: () => void): { input: HTMLInputElement; positionInput: HTMLInputElement; cancelButton: HTMLButtonElement; link: HTMLAnchorElement; form: HTMLElement } {
  const input = h('input', { id: 'game-input', type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'game-help', placeholder: '--moves 1,2,3 --max 1e6' }) as HTMLInputElement;
  // Links, not a select: each is a link a teacher can copy, and the keyboard reaches each one.
  const examples = h('ul', { class: 'examples', id: 'examples' });
  // Every kind's showcase, as the engine lists them (a kind added shows its own here).
  void choices.then(({ examples: shown }) => examples.replaceChildren(...shown.map(({ pairs, about }) => h('li', {}, h('a', { href: `#${hashOf(pairs)}` }, say(about, t))))));
  const positionInput = h('input', { id: 'position-input', type: 'text', autocomplete: 'off', spellcheck: 'false', inputmode: 'text', 'aria-describedby': 'position-help', placeholder: '3 5 7' }) as HTMLInputElement;
  const runButton = h('button', { type: 'submit', id: 'run', class: 'primary' }, t('explore.run'));
  const cancelButton = h('button', { type: 'button', id: 'cancel', disabled: true, onclick: cancel }, t('explore.cancel'));
  const link = h('a', { id: 'link', href: '#' }, t('explore.link'));
  const form = h(
    'form',
    { id: 'explore-form', onsubmit: (event: Event) => (event.preventDefault(), submit()) },
    kind.element,
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
