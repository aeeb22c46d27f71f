/**
 * The form for each kind of game, made from what the engine says the
 * registries hold (engine/form-ops.ts): a choice of rule word (each one the
 * command line takes, and a rule file), its value (a preset from a list),
 * and the fields its kind allows: --max, --rows, misère play (a table, or
 * positions only, as its kind offers: the form says which). The form and
 * the command-line field say the same game: a change to either rewrites
 * the other (flags the form has no field for stay on the command line).
 */
import type { Translate } from '../../core/i18n/index.js';
import type { FormAllows, FormChoices, Pairs } from '../engine/explore-protocol.js';
import { h } from './dom.js';

/** The flags the form holds (besides the rule word); any other flag stays as the command line has it. */
const FORM_FLAGS = ['max', 'rows', 'misere'] as const;
/** The choice that names no rule word: the rule file's box says the game. */
const RULE_FILE = 'rule';

export interface KindForm {
  readonly element: HTMLElement;
  /** Show the game these pairs say. */
  fill(pairs: Pairs): void;
  /** The pairs of the form, with `others` (the command line's flags the form has no field for) kept. */
  pairs(others: Pairs): Pairs;
  /** The rule words, and those whose value names a file (its text is the rule-file box's). */
  words(): { readonly rule: ReadonlySet<string>; readonly file: ReadonlySet<string> };
}

/** Whether a kind offers misère play of any sort (a table, positions). */
const offersMisere = (can: FormAllows) => Boolean(can.misere?.tables || can.misere?.positions);

/** The form, empty until `choices` arrive; `changed` is called on each edit. */
export function kindForm(t: Translate, choices: Promise<FormChoices>, changed: () => void): KindForm {
  const word = h('select', { id: 'form-word', name: 'word' }) as HTMLSelectElement;
  const value = h('input', { id: 'form-value', type: 'text', autocomplete: 'off', spellcheck: 'false', list: 'form-presets', 'aria-describedby': 'form-value-help' }) as HTMLInputElement;
  const presets = h('datalist', { id: 'form-presets' });
  const help = h('p', { id: 'form-value-help', class: 'help' });
  const max = h('input', { id: 'form-max', type: 'text', inputmode: 'numeric', autocomplete: 'off', placeholder: '1000' }) as HTMLInputElement;
  const rows = h('input', { id: 'form-rows', type: 'text', autocomplete: 'off', placeholder: '0..40' }) as HTMLInputElement;
  const misere = h('input', { id: 'form-misere', type: 'checkbox' }) as HTMLInputElement;
  const field = (id: string, label: string, control: HTMLElement) => h('div', { class: 'field', id: `${id}-field` }, h('label', { for: id }, label), control);
  const maxField = field('form-max', t('explore.form.max'), max);
  const rowsField = field('form-rows', t('explore.form.rows'), rows);
  // Where the kind offers misère positions only, the box says so (its table stays normal play's).
  const positionsOnly = h('p', { id: 'form-misere-help', class: 'help' }, t('explore.form.miserePositions'));
  const misereField = h('div', { class: 'field check', id: 'form-misere-field' }, misere, h('label', { for: 'form-misere' }, t('explore.form.misere')), positionsOnly);
  const element = h(
    'fieldset',
    { class: 'kind-form', id: 'kind-form' },
    h('legend', {}, t('explore.form.heading')),
    h('div', { class: 'fields' }, field('form-word', t('explore.form.word'), word), field('form-value', t('explore.form.value'), value), maxField, rowsField),
    presets,
    help,
    misereField,
    h('p', { class: 'help' }, t('explore.form.sync')),
  );

  let known: FormChoices | null = null;
  let pending: Pairs | null = null;
  const chosen = () => known?.words.find((w) => w.word === word.value) ?? null;
  /** What the chosen game allows (a preset: the preset's; a word or preset the engine does not know: everything, and the engine answers). */
  const allowed = (): FormAllows => {
    const w = chosen();
    if (w?.allows) return w.allows;
    const preset = w && known?.presets.find((p) => p.value === value.value.trim().toLowerCase() || p.value.split(':')[0] === value.value.trim().toLowerCase().split(':')[0]);
    return preset?.allows ?? { misere: { tables: true, positions: true }, rows: true, max: true, play: true };
  };
  const showAllowed = () => {
    const w = chosen();
    const can = allowed();
    maxField.hidden = !can.max;
    rowsField.hidden = !can.rows;
    misereField.hidden = !offersMisere(can);
    positionsOnly.hidden = !can.misere?.positions || can.misere.tables;
    if (positionsOnly.hidden) misere.removeAttribute('aria-describedby');
    else misere.setAttribute('aria-describedby', 'form-misere-help');
    value.disabled = word.value === RULE_FILE;
    value.placeholder = w?.example ?? '';
    value.setAttribute('list', w?.word === 'preset' ? 'form-presets' : '');
    help.textContent = w ? `--${w.word} ${w.argument}: ${w.describe}${w.file ? `. ${t('explore.form.fileValue')}` : ''}` : t('explore.file.help');
  };

  const fill = (pairs: Pairs) => {
    if (!known) return void (pending = pairs);
    const get = (flag: string) => pairs.find(([f]) => f === flag)?.[1];
    const rule = pairs.find(([flag]) => known!.words.some((w) => w.word === flag));
    word.value = rule ? rule[0] : RULE_FILE;
    value.value = rule ? rule[1] : '';
    max.value = get('max') ?? '';
    rows.value = get('rows') ?? '';
    misere.checked = get('misere') !== undefined && get('misere') !== 'false';
    showAllowed();
  };

  const pairs = (others: Pairs): Pairs => {
    const can = allowed();
    const ruleWords = new Set(known?.words.map((w) => w.word));
    const kept = others.filter(([flag]) => !ruleWords.has(flag) && !(FORM_FLAGS as readonly string[]).includes(flag));
    const out: [string, string][] = [];
    if (word.value !== RULE_FILE && value.value.trim() !== '') out.push([word.value, value.value.trim()]);
    out.push(...kept.map(([f, v]) => [f, v] as [string, string]));
    if (can.max && max.value.trim() !== '') out.push(['max', max.value.trim()]);
    if (can.rows && rows.value.trim() !== '') out.push(['rows', rows.value.trim()]);
    if (offersMisere(can) && misere.checked) out.push(['misere', 'true']);
    return out;
  };

  for (const control of [value, max, rows, misere]) control.addEventListener('input', () => (showAllowed(), changed()));
  word.addEventListener('change', () => {
    // A new kind starts from its example, so the form always says a game.
    value.value = chosen()?.example ?? '';
    showAllowed();
    changed();
  });

  void choices.then((c) => {
    known = c;
    word.replaceChildren(...c.words.map((w) => h('option', { value: w.word }, `--${w.word} ${w.argument}`)), h('option', { value: RULE_FILE }, t('explore.form.ruleFile')));
    presets.replaceChildren(...c.presets.map((p) => h('option', { value: p.value }, p.description)));
    fill(pending ?? []);
  });
  return { element, fill, pairs, words: () => ({ rule: new Set(known?.words.map((w) => w.word)), file: new Set(known?.words.filter((w) => w.file).map((w) => w.word)) }) };
}
