/**
 * Reports of misère theory: the genus table of heaps 0..max (Conway), and a
 * misère quotient (Plambeck and Siegel) with its presentation, P-portion,
 * pretending function and multiplication table. Table, CSV and JSON.
 */
import { genusText, type GenusRow, type GenusTable } from '../core/misere/genus.js';
import type { QuotientReport } from '../core/misere/quotient-report.js';
import { ruleTitle } from '../core/rules/spec.js';
import { csvLine } from '../core/csv-field.js';
import type { Sink } from '../core/sink.js';
import { toJson } from './json.js';
import { entryLines, type Entry } from './wrap.js';
import { wordText } from '../core/misere/presentation.js';
import { writeChunked } from './chunked.js';

const CLASS_WORDS = { tame: 'tame', restive: 'restive (its options are tame, it is not)', wild: 'wild' } as const;


function alternationWords(x: GenusTable): string {
  return `proven: the misère values of every sum of heaps 0..${x.max} (${x.positions} positions) with k copies of *2 alternate from k = ${x.alternatesFrom} (the values for k depend only on those for k - 1, and those for k and k - 2 agree)`;
}

function tameWords(x: GenusTable): string {
  return x.allTame ? `every heap 0..${x.max} is tame: sums of them follow the tame rule (Conway) at any size` : `not every heap is tame (first not tame: heap ${x.rows.find((r) => r.tameness !== 'tame')!.n})`;
}

/** What a genus table says above its rows. */
export function genusEntries(x: GenusTable): Entry[] {
  return [
    ['Rule', ruleTitle(x.rule)],
    ['Play', 'misère: genus g^{g0 g1 ...}, g the normal-play value, gk the misère value with k copies of *2 added'],
    ['Heaps', `0 .. ${x.max}`],
    ['Exponents', alternationWords(x)],
    ['Tame', tameWords(x)],
  ];
}

/** A genus table's columns, and a row's cells. */
export const GENUS_HEAD = ['n', 'G(n)', 'genus', 'class'];
export const genusCells = (r: GenusRow) => [String(r.n), String(r.genus.value), genusText(r.genus), CLASS_WORDS[r.tameness]];

export async function writeGenusTable(x: GenusTable, sink: Sink, width: number): Promise<void> {
  const lines = entryLines(genusEntries(x), width);
  const cells = genusCells;
  const head = GENUS_HEAD;
  // Widths in a loop over the rows, not a spread of them (millions of arguments overflow the stack).
  const widths = head.map((h) => h.length);
  for (const r of x.rows) cells(r).forEach((c, i) => (widths[i] = Math.max(widths[i]!, c.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  lines.push('', line(head));
  await writeChunked(sink, (function* () {
    yield lines.join('\n') + '\n';
    for (const r of x.rows) yield line(cells(r)) + '\n';
  })());
}

export async function writeGenusCsv(x: GenusTable, sink: Sink): Promise<void> {
  await writeChunked(sink, (function* () {
    yield csvLine(['n', 'value', 'genus', 'exponents', 'class']);
    for (const r of x.rows) yield csvLine([r.n, r.genus.value, genusText(r.genus), r.genus.exponents.join(' '), r.tameness]);
  })());
}

/** The JSON of a genus table, its rows streamed (the whole text of three million rows is longer than V8 lets a string be). */
export async function writeGenusJson(x: GenusTable, sink: Sink): Promise<void> {
  const head = toJson({
    shape: x.shape,
    rule: x.rule,
    misere: true,
    max: x.max,
    positions: x.positions,
    alternatesFrom: x.alternatesFrom,
    alternationProven: true,
    allTame: x.allTame,
    rows: [],
  });
  const row = (r: GenusRow) => toJson({ n: r.n, value: r.genus.value, exponents: r.genus.exponents, genus: genusText(r.genus), class: r.tameness }).replace(/\n/g, '\n    ');
  await writeChunked(sink, (function* () {
    yield head.slice(0, head.lastIndexOf('[]')) + '[';
    for (let i = 0; i < x.rows.length; i++) yield (i ? ',\n    ' : '\n    ') + row(x.rows[i]!);
    yield x.rows.length ? '\n  ]\n}\n' : ']\n}\n';
  })());
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

/** What a misère quotient's table says. */
export function quotientEntries(x: QuotientReport): Entry[] {
  const q = x.quotient;
  const p = x.presentation;
  return [
    ['Rule', ruleTitle(x.rule)],
    ['Play', 'misère: the misère quotient (Plambeck and Siegel 2008) of the sums of heaps 0..' + q.bound],
    ['Order', evenWords(x)],
    ['Generators', p.generators.length ? p.generators.map((g) => `${g.letter} = heap ${g.heap}`).join(', ') : 'none'],
    ['Relations', p.relations.length ? p.relations.map((r) => `${wordText(r.left, p.generators.map((g) => g.letter))} = ${wordText(r.right, p.generators.map((g) => g.letter))}`).join(', ') : 'none'],
    ['P-portion', x.words.filter((_, i) => q.inP[i]).join(', ') || 'empty'],
    ['Pretending', q.images.map((e, n) => `${n}: ${x.words[e]}`).join(', ')],
    ['Stability', stabilityWords(x)],
    ['Check', `every sum of heaps 0..${q.bound} has the outcome its class says (${q.statesChecked} states of the check)`],
    ['Sums', `--misere --position answers sums of heaps up to ${q.bound} through this quotient, however many heaps`],
  ];
}

export async function writeQuotientTable(x: QuotientReport, sink: Sink, width: number): Promise<void> {
  await sink.write(entryLines(quotientEntries(x), width).join('\n') + '\n');
}

/** The multiplication table: a row per element (its word, whether it is P), a column per element. */
export async function writeQuotientCsv(x: QuotientReport, sink: Sink): Promise<void> {
  const q = x.quotient;
  const size = q.monoid.size;
  await writeChunked(sink, (function* () {
    yield csvLine(['element', 'P', ...x.words]);
    for (let a = 0; a < size; a++) yield csvLine([x.words[a]!, q.inP[a] ? 1 : 0, ...Array.from({ length: size }, (_, b) => x.words[q.monoid.times[a * size + b]!]!)]);
  })());
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
