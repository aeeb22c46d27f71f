/**
 * What `--emit LANG` writes, as data: a pattern or a theorem a contestant can
 * paste as a function (the per-language renderers are beside this file).
 * A model is built by the rule's kind when its theorem answers the game and
 * has code (GameKind.theorem's emit: Bachet, Wythoff, Whinihan and Schwenk), otherwise from
 * an analysis result: a heap rule's period (proven, or only observed, which is
 * emitted only when the caller allows it and then says so), or an observed
 * law of a two-pile game's or a heap with memory's P-positions.
 *
 * Every model carries what its header says: the rule's canonical text, the
 * command that produced it, and the ground of each part (proven by which
 * argument, or observed over which values and NOT proven).
 */
import { InputError, mention, says, saying } from '../errors.js';
import { formatCount } from '../numbers.js';
import { isCycle } from '../laws/pattern.js';
import type { Exploration } from '../heap/explore.js';
import { kindOf, ruleText, type AnalysisResult, type GameSpec } from '../kinds/registry.js';
import { LARGEST_SIGNED, LARGEST_UNSIGNED, emitRefusal } from './limits.js';
import { MOST_TABLE_PARTS } from '../heap/option-table.js';
import { EMIT_LANGUAGES, type StartMovesTable, type CappedNimModel, type CodeModel, type DiagonalList, type EmitHeader, type EmitLanguage, type EmitModel, type HeapCycleModel, type ModulusModel, type PairLawModel, type SequenceLaw, type StartLawModel, type WythoffModel } from './models.js';
export * from './models.js';
import type { BeattyLaw, Quadratic } from '../laws/beatty.js';
import type { Recurrence } from '../laws/sequence-law.js';
import type { DiagonalLaw } from '../laws/pair-law.js';
import type { GridExploration } from '../kinds/two-pile/grid.js';
import type { CappedHeapExploration } from '../kinds/capped-heap/explore-capped.js';


const ALIASES: Readonly<Record<string, EmitLanguage>> = { js: 'javascript', 'c++': 'cpp', cxx: 'cpp', py: 'python', python3: 'python', node: 'javascript' };

/** A language as written (c, cpp, python, javascript or js, java; any case). */
export function parseEmitLanguage(text: string): EmitLanguage {
  const word = String(text).trim().toLowerCase();
  const language = (EMIT_LANGUAGES as readonly string[]).includes(word) ? (word as EmitLanguage) : ALIASES[word];
  if (!language) throw new InputError(says`${mention('emit')} ${text}: not a language ${mention('emit')} writes (${EMIT_LANGUAGES.join(', ')}; js for javascript)`, { code: 'unknown-name', field: 'emit', value: text });
  return language;
}

export { LARGEST_SIGNED, LARGEST_UNSIGNED } from './limits.js';

/** The most values (preperiod plus one period) an emitted table holds: 2^22, a source of a few MB. */
export const MOST_TABLE_VALUES = 1 << 22;
/** The most P-positions of an observed recurrence an emitted membership list holds (a growing one has few below 2^63). */
export const MOST_LISTED_TERMS = 10_000;


/** How one language writes each model a proven pattern or theorem gives (the observed laws: law-code.ts). */
export interface LanguageRenderer {
  heapCycle(m: HeapCycleModel): string;
  modulus(m: ModulusModel): string;
  wythoff(m: WythoffModel): string;
  cappedNim(m: CappedNimModel): string;
}

/** How --emit may answer: with a law only observed (marked so), and the command its header quotes. */
export interface EmitOptions {
  /** Emit a law or period that is only observed (marked NOT proven). */
  readonly useObserved?: boolean;
  /** The command line to quote in the header. */
  readonly command?: string;
  /** The table's end (--max): where no pattern is proven (and no observed one is asked for), the table itself up to it is written. */
  readonly tableUpTo?: bigint;
}

const refuse = emitRefusal;

/** The game's name in the header: the rule's canonical text, with its preset's name when it has one. */
function ruleLine(game: GameSpec): string {
  const text = ruleText(game.rule);
  return game.name && game.name !== text ? `${game.name} (${text})` : text;
}

/**
 * A model straight from the rule, when its kind's theorem answers the game
 * at any size and has code of its own (Bash, Wythoff, Fibonacci Nim with any
 * factor): no table is computed. Null when the game needs an analysis first (modelOf).
 */
export function theoremModel(game: GameSpec, options: EmitOptions = {}): EmitModel | null {
  const emit = kindOf(game.rule).theorem?.(game.rule)?.emit;
  return emit ? emit((grounds) => ({ rule: ruleLine(game), command: options.command ?? null, grounds })) : null;
}

/** A model from an analysis of the game (a heap table, a two-pile table, a heap with memory). */
export function modelOf(result: AnalysisResult, options: EmitOptions = {}): EmitModel {
  if (result.shape !== 'heap' && result.shape !== 'grid' && result.shape !== 'memory') {
    const what = ({ position: 'a position (or a rule module with states of its own)', graph: 'a game on a graph', 'misere-table': 'a misère table' } as Record<string, string>)[result.shape] ?? `a result of shape ${result.shape}`;
    throw refuse(`${what} has no pattern to write as code (what is written: a heap rule's period, a law of two piles or of a heap with memory, a theorem)`);
  }
  const game = result.game as GameSpec;
  const direct = theoremModel(game, options);
  if (direct) return direct;
  const header = (grounds: string[]): EmitHeader => ({ rule: ruleLine(game), command: options.command ?? null, grounds });
  switch (result.shape) {
    case 'heap':
      return heapModel(result, header, options);
    case 'grid':
      return pairModel(result, header, options);
    case 'memory':
      return startModel(result, header, options);
  }
}

function heapModel(x: Exploration, header: (grounds: string[]) => EmitHeader, options: EmitOptions): HeapCycleModel {
  const p = x.pattern;
  if (!isCycle(p)) {
    if (options.tableUpTo !== undefined) return tableModel(x, header, options.tableUpTo);
    throw new InputError(says`${mention('emit')}: ${saying('error.emit.noPeriod', { computed: formatCount(x.computed), why: x.noTheorem ?? { key: 'error.memory.raise', params: { limit: mention('limit') } }, max: mention('max') })}`, { code: 'not-applicable', field: 'emit' });
  }
  let ground: string;
  if (p.proof) {
    const cycle = `period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ''} from n = ${p.preperiod}`;
    ground = p.proof.method === 'theorem' ? `proven: ${p.proof.reason}` : `proven: ${p.proof.method} (${p.proof.reason}): ${cycle}`;
  } else {
    const cycle = `period ${p.period}${p.saltus ? `, saltus ${p.saltus}` : ''} from n = ${p.preperiod}`;
    const why = x.noTheorem ? ` (${x.noTheorem})` : '';
    if (!options.useObserved && options.tableUpTo !== undefined) return tableModel(x, header, options.tableUpTo, `the ${cycle} is only observed, not proven (written as a period, marked NOT proven, only where observed laws are allowed)`);
    if (!options.useObserved) {
      throw new InputError(says`${mention('emit')}: the ${cycle} is only observed over heaps 0..${x.computed - 1}, not proven${why}; ${mention('useObserved')} writes it all the same, marked NOT proven`, { code: 'not-applicable', field: 'emit' });
    }
    ground = `observed: ${cycle}, over heaps 0..${x.computed - 1}: NOT proven${why}; heaps beyond ${x.computed - 1} may differ`;
  }
  const count = p.preperiod + p.period;
  if (count > MOST_TABLE_VALUES) {
    throw refuse(`the table would hold ${formatCount(count)} values (preperiod ${formatCount(p.preperiod)} and period ${formatCount(p.period)}); the most written is ${formatCount(MOST_TABLE_VALUES)}`, 'too-large');
  }
  const values = Array.from({ length: count }, (_, n) => x.valueAt(BigInt(n)));
  const saltus = BigInt(p.saltus);
  const largestTable = values.reduce((m, v) => (v > m ? v : m), 0n);
  // Every G(n) = table value + q·saltus with q <= (N - preperiod) / period: a bound the return types must hold.
  const bound = (largest: bigint) => (largest < BigInt(p.preperiod) ? largestTable : largestTable + ((largest - BigInt(p.preperiod)) / BigInt(p.period)) * saltus);
  return { kind: 'heap-cycle', header: header([ground]), preperiod: p.preperiod, period: p.period, saltus, values, largestUnsigned: bound(LARGEST_UNSIGNED), largestSigned: bound(LARGEST_SIGNED) };
}

/**
 * Where no pattern was found, the table itself (what a contestant pastes
 * when nothing repeats: 打表): G(0..N) as computed, N the table's end
 * (--max), and grundy(n) refuses a larger n.
 */
function tableModel(x: Exploration, header: (grounds: string[]) => EmitHeader, upTo: bigint, observed?: string): HeapCycleModel {
  const count = Math.min(x.computed, Number(upTo) + 1);
  if (count > MOST_TABLE_VALUES) throw refuse(`no period was found, and the table of ${formatCount(count)} values is more than the ${formatCount(MOST_TABLE_VALUES)} written (give a smaller --max)`, 'too-large');
  const values = Array.from({ length: count }, (_, n) => x.valueAt(BigInt(n)));
  const largest = values.reduce((m, v) => (v > m ? v : m), 0n);
  const limit = BigInt(count - 1);
  const why = observed ? `; ${observed}` : `; no period was found${x.noTheorem ? ` (${x.noTheorem})` : ''}`;
  const ground = `table: G(n) as computed for 0 <= n <= ${limit}${why}, so the table itself is written, and heaps beyond ${limit} are not answered`;
  return { kind: 'heap-cycle', header: header([ground]), preperiod: count - 1, period: 1, saltus: 0n, values, largestUnsigned: largest, largestSigned: largest, limit };
}

/** The terms of a recurrence up to 2^63 - 1 (from its start values), when they grow fast enough to be listed; null otherwise. */
function recurrenceTerms(r: Recurrence, known: readonly bigint[]): bigint[] | null {
  if (r.counterexample !== null) return null;
  if (r.coefficients.some(([, d]) => d !== 1n)) return null;
  const order = r.coefficients.length;
  const terms = known.slice(0, Math.max(r.from, order));
  if (terms.length < order) return null;
  while (terms[terms.length - 1]! <= LARGEST_SIGNED) {
    if (terms.length > MOST_LISTED_TERMS) return null;
    let next = 0n;
    r.coefficients.forEach(([c], i) => (next += c * terms[terms.length - 1 - i]!));
    if (next <= terms[terms.length - 1]!) return null; // not increasing: no membership list
    terms.push(next);
  }
  terms.pop();
  return terms;
}

function needObserved(what: string): InputError {
  return new InputError(says`${mention('emit')}: ${what} is only observed, not proven; ${mention('useObserved')} writes it all the same, marked NOT proven`, { code: 'not-applicable', field: 'emit' });
}

const positive = (x: Quadratic) => x.p + x.q * Math.sqrt(x.d) > 0;
/** Above 1 (so the terms strictly increase, and a term has one index): checked exactly for a quadratic, (p - r)² against q²d. */
function aboveOne(x: Quadratic): boolean {
  const s = x.p - x.r;
  if (x.q === 0) return s > 0;
  const square = BigInt(x.q) * BigInt(x.q) * BigInt(x.d);
  const s2 = BigInt(s) * BigInt(s);
  return x.q > 0 ? s >= 0 || square > s2 : s > 0 && s2 > square;
}

/** A side's law as the code needs it, with whether its terms strictly increase (then an index is found from a term). */
function sequenceLaw(beatty: BeattyLaw | null, recurrence: Recurrence | null, terms: readonly bigint[]): { law: SequenceLaw; increasing: boolean; text: string } | null {
  if (beatty && beatty.counterexample === null && positive(beatty.alpha)) return { law: { kind: 'beatty', alpha: beatty.alpha, beta: beatty.beta }, increasing: aboveOne(beatty.alpha), text: beatty.text };
  if (recurrence) {
    const listed = recurrenceTerms(recurrence, terms);
    if (listed) return { law: { kind: 'terms', terms: listed }, increasing: true, text: recurrence.text };
  }
  return null;
}

function startModel(result: CappedHeapExploration, header: (grounds: string[]) => EmitHeader, options: EmitOptions): StartLawModel {
  const terms = result.pPositions.map(BigInt);
  const law = sequenceLaw(result.beatty, result.law, terms);
  const seen = result.beatty?.counterexample === null ? `n_k = ${result.beatty.text}` : result.law?.counterexample === null ? result.law.text : null;
  if (!seen) throw refuse(`no law of the start P-positions was recognised over heaps 0..${result.max}, so there is nothing to write`);
  if (!law) throw refuse(`the law of the start P-positions (${seen}) is not one that can be written (a Beatty law with a positive slope, or a recurrence with whole coefficients whose terms grow)`);
  if (!options.useObserved) throw needObserved(`the law of the start P-positions (${seen}, over heaps 0..${result.max})`);
  const words = law.law.kind === 'beatty' ? `the start P-positions are n_k = ${law.text}, k = 1, 2, ... (a(1) = ${terms[0]})` : `the start P-positions follow ${law.text} (a(1) = ${terms[0]}), listed up to 2^63 - 1`;
  // The program's notes say where the table of moves ends (program.ts): the functions alone do not use it.
  return { kind: 'start-law', header: header([`observed: ${words}, over heaps 0..${result.max}: NOT proven (no theorem is implemented for this game; heaps beyond may differ)`]), law: law.law, moves: startMovesTable(result) };
}

/** The winning moves of the start heaps of the table, as many heaps from 0 as MOST_TABLE_PARTS moves hold. */
function startMovesTable(result: CappedHeapExploration): StartMovesTable {
  const at = [0], takes: number[] = [], caps: number[] = [];
  for (let n = 0; n <= result.max; n++) {
    const moves = result.startMoves(n);
    if (takes.length + moves.length > MOST_TABLE_PARTS) break;
    for (const m of moves) takes.push(m.take), caps.push(m.cap);
    at.push(takes.length);
  }
  return { upTo: at.length - 2, at: Uint32Array.from(at), takes: Uint32Array.from(takes), caps: Uint32Array.from(caps) };
}

/** A diagonal listed over the table, with the cycle seen on it (so the program answers past the table as the CLI does). */
function diagonalList(diagonal: Extract<DiagonalLaw, { kind: 'list' }>): DiagonalList {
  const list = diagonal.list.map(BigInt);
  const cycle = diagonal.cycle;
  return cycle ? { kind: 'list', list, cycle: { from: BigInt(cycle.from), period: BigInt(cycle.period), residues: cycle.residues.map(BigInt) } } : { kind: 'list', list };
}

function pairModel(result: GridExploration, header: (grounds: string[]) => EmitHeader, options: EmitOptions): PairLawModel {
  const law = result.law;
  if (!law) throw refuse(`no law of the P-positions was recognised over the table (x, y <= ${result.max}), so there is nothing to write`);
  if (!options.useObserved) throw needObserved(`the law of the P-positions (${law.text})`);
  if (!law.mirrored) throw refuse(`the P-positions are not symmetric and those with x > y follow no law found (${law.text}), so there is nothing exact to write`);
  const below = result.pPositions.filter(([x, y]) => x < y).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const a = sequenceLaw(law.a, law.aRecurrence, below.map(([x]) => BigInt(x)));
  const b = sequenceLaw(law.b, law.bRecurrence, below.map(([, y]) => BigInt(y)));
  if (!a || !(b || law.difference !== null)) throw refuse(`the law of the P-positions (${law.text}) is not one that can be written (each side a Beatty law or a growing recurrence)`);
  if (law.difference === null && !b!.increasing && !a.increasing) throw refuse(`neither side of the law (${law.text}) strictly increases, so a position's index is not determined by a pile`);
  const diagonal: PairLawModel['diagonal'] =
    law.diagonal.kind === 'progression' ? { kind: 'progression', start: BigInt(law.diagonal.start), step: BigInt(law.diagonal.step) } : diagonalList(law.diagonal);
  return {
    kind: 'pair-law',
    header: header([`observed: ${law.text}: NOT proven (no theorem is implemented for this game; piles beyond the table may differ)`]),
    a: a.law,
    b: b?.law ?? null,
    aIncreasing: a.increasing,
    bIncreasing: b?.increasing ?? false,
    difference: law.difference === null ? null : BigInt(law.difference),
    diagonal,
  };
}
