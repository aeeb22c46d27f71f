/**
 * Reports of misère theory: the genus table of heaps 0..max (Conway), and a
 * misère quotient (Plambeck and Siegel) with its presentation, P-portion,
 * pretending function and multiplication table. Table, CSV and JSON.
 */
import { genusText, type GenusTable } from '../core/misere/genus.js';
import type { QuotientReport } from '../core/misere/quotient-report.js';
import { ruleTitle } from '../core/rules/spec.js';
import { csvLine } from '../core/csv-field.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { labelled } from './wrap.js';
import { wordText } from '../core/misere/presentation.js';

const CLASS_WORDS = { tame: 'tame', restive: 'restive (its options are tame, it is not)', wild: 'wild' } as const;

function fields(width: number): { lines: string[]; field(label: string, text: string): void } {
  const lines: string[] = [];
  return { lines, field: (label, text) => lines.push(labelled(label, text, width)) };
}

function alternationWords(x: GenusTable): string {
  return `proven: the misère values of every sum of heaps 0..${x.max} (${x.positions} positions) with k copies of *2 alternate from k = ${x.alternatesFrom} (the values for k depend only on those for k - 1, and those for k and k - 2 agree)`;
}

function tameWords(x: GenusTable): string {
  return x.allTame ? `every heap 0..${x.max} is tame: sums of them follow the tame rule (Conway) at any size` : `not every heap is tame (first not tame: heap ${x.rows.find((r) => r.tameness !== 'tame')!.n})`;
}

export async function writeGenusTable(x: GenusTable, sink: Sink, width: number): Promise<void> {
  const { lines, field } = fields(width);
  field('Rule', ruleTitle(x.rule));
  field('Play', 'misère: genus g^{g0 g1 ...}, g the normal-play value, gk the misère value with k copies of *2 added');
  field('Heaps', `0 .. ${x.max}`);
  field('Exponents', alternationWords(x));
  field('Tame', tameWords(x));
  const rows = x.rows.map((r) => [String(r.n), String(r.genus.value), genusText(r.genus), CLASS_WORDS[r.tameness]]);
  const head = ['n', 'G(n)', 'genus', 'class'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  lines.push('', line(head), ...rows.map(line));
  await sink.write(lines.join('\n') + '\n');
}

export async function writeGenusCsv(x: GenusTable, sink: Sink): Promise<void> {
  let text = csvLine(['n', 'value', 'genus', 'exponents', 'class']);
  for (const r of x.rows) text += csvLine([r.n, r.genus.value, genusText(r.genus), r.genus.exponents.join(' '), r.tameness]);
  await sink.write(text);
}

export async function writeGenusJson(x: GenusTable, sink: Sink): Promise<void> {
  await sink.write(
    toJson({
      shape: x.shape,
      rule: x.rule,
      misere: true,
      max: x.max,
      positions: x.positions,
      alternatesFrom: x.alternatesFrom,
      alternationProven: true,
      allTame: x.allTame,
      rows: x.rows.map((r) => ({ n: r.n, value: r.genus.value, exponents: r.genus.exponents, genus: genusText(r.genus), class: r.tameness })),
    }) + '\n',
  );
}

function stabilityWords(x: QuotientReport): string {
  const q = x.quotient;
  const last = x.unchangedFrom;
  const seen = last === 0 ? `it never changed over heaps 0..${q.bound}` : `last changed at heap ${last}, unchanged from there to heap ${q.bound}`;
  return `${seen}${x.untilStable ? ' (followed until it stopped changing: seen, not proven, for larger heaps)' : ''}`;
}

function evenWords(x: QuotientReport): string {
  const order = x.quotient.monoid.size;
  if (order === 1) return 'order 1: the trivial quotient (no heap up to the bound has a move)';
  return order % 2 === 0 ? `order ${order}, even, as Plambeck and Siegel prove every non-trivial misère quotient is` : `order ${order} is odd: this contradicts Plambeck–Siegel's theorem (please report it)`;
}

export async function writeQuotientTable(x: QuotientReport, sink: Sink, width: number): Promise<void> {
  const { lines, field } = fields(width);
  const q = x.quotient;
  const p = x.presentation;
  field('Rule', ruleTitle(x.rule));
  field('Play', 'misère: the misère quotient (Plambeck and Siegel 2008) of the sums of heaps 0..' + q.bound);
  field('Order', evenWords(x));
  field('Generators', p.generators.length ? p.generators.map((g) => `${g.letter} = heap ${g.heap}`).join(', ') : 'none');
  field('Relations', p.relations.length ? p.relations.map((r) => `${wordText(r.left, p.generators.map((g) => g.letter))} = ${wordText(r.right, p.generators.map((g) => g.letter))}`).join(', ') : 'none');
  field('P-portion', x.words.filter((_, i) => q.inP[i]).join(', ') || 'empty');
  field('Pretending', q.images.map((e, n) => `${n}: ${x.words[e]}`).join(', '));
  field('Stability', stabilityWords(x));
  field('Check', `every sum of heaps 0..${q.bound} has the outcome its class says (${q.statesChecked} states of the check)`);
  field('Sums', `--misere --position answers sums of heaps up to ${q.bound} through this quotient, however many heaps`);
  await sink.write(lines.join('\n') + '\n');
}

/** The multiplication table: a row per element (its word, whether it is P), a column per element. */
export async function writeQuotientCsv(x: QuotientReport, sink: Sink): Promise<void> {
  const q = x.quotient;
  const size = q.monoid.size;
  let text = csvLine(['element', 'P', ...x.words]);
  for (let a = 0; a < size; a++) {
    text += csvLine([x.words[a]!, q.inP[a] ? 1 : 0, ...Array.from({ length: size }, (_, b) => x.words[q.monoid.times[a * size + b]!]!)]);
    if (text.length > 1 << 16) {
      await sink.write(text);
      text = '';
    }
  }
  await sink.write(text);
}

export async function writeQuotientJson(x: QuotientReport, sink: Sink): Promise<void> {
  const q = x.quotient;
  const p = x.presentation;
  const letters = p.generators.map((g) => g.letter);
  const size = q.monoid.size;
  await sink.write(
    toJson({
      shape: x.shape,
      rule: x.rule,
      misere: true,
      bound: q.bound,
      order: size,
      generators: p.generators.map((g) => ({ letter: g.letter, heap: g.heap, element: g.element })),
      relations: p.relations.map((r) => ({ left: wordText(r.left, letters), right: wordText(r.right, letters) })),
      elements: x.words.map((word, i) => ({ element: i, word, p: q.inP[i] === 1 })),
      pPortion: x.words.filter((_, i) => q.inP[i]),
      pretending: q.images.map((element, heap) => ({ heap, element, word: x.words[element] })),
      expansions: q.expansions,
      unchangedFrom: x.unchangedFrom,
      untilStable: x.untilStable,
      check: { states: q.statesChecked, proven: true },
      table: Array.from({ length: size }, (_, a) => Array.from(q.monoid.times.subarray(a * size, (a + 1) * size))),
    }) + '\n',
  );
}
