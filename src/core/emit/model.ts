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
import { kindOf, kindOfShape, ruleText, type AnalysisResult, type GameSpec } from '../kinds/registry.js';
import { LARGEST_SIGNED, LARGEST_UNSIGNED, emitRefusal } from './limits.js';
import { EMIT_LANGUAGES, type CappedNimModel, type CodeModel, type EmitHeader, type EmitLanguage, type EmitModel, type HeapCycleModel, type ModulusModel, type WythoffModel } from './models.js';
export * from './models.js';
import type { EmitOptions } from './models.js';


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
export { MOST_LISTED_TERMS } from './observed-law.js';


/** How one language writes each model a proven pattern or theorem gives (the observed laws: law-code.ts). */
export interface LanguageRenderer {
  heapCycle(m: HeapCycleModel): string;
  modulus(m: ModulusModel): string;
  wythoff(m: WythoffModel): string;
  cappedNim(m: CappedNimModel): string;
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
  // A one-heap table's period is the core's; the laws of a kind's own tables (two piles, a heap with memory) are the kind's.
  const own = kindOfShape(result.shape)?.emitModels?.[result.shape];
  if (result.shape !== 'heap' && !own) {
    const what = ({ position: 'a position (or a rule module with states of its own)', graph: 'a game on a graph', 'misere-table': 'a misère table' } as Record<string, string>)[result.shape] ?? `a result of shape ${result.shape}`;
    throw refuse(`${what} has no pattern to write as code (what is written: a heap rule's period, a law of two piles or of a heap with memory, a theorem)`);
  }
  const game = (result as { readonly game: GameSpec }).game;
  const direct = theoremModel(game, options);
  if (direct) return direct;
  const header = (grounds: string[]): EmitHeader => ({ rule: ruleLine(game), command: options.command ?? null, grounds });
  return own ? own(result, header, options) : heapModel(result as Exploration, header, options);
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






