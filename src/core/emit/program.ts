/**
 * `--emit LANG --program`: a whole submission. The functions of the game's
 * model (its proven pattern, its theorem, an observed law with
 * --use-observed, or the table itself) and a main that reads standard input
 * in the judge's layout (the same JudgeLayout data the CLI reads with) and
 * prints the answer the CLI gives (the same AnswerSpec), byte for byte.
 * The data here; each language's main is in program-<language>.ts.
 */
import { InputError, mention, says, saying, type InputField, type Wording } from '../errors.js';
import type { AnswerSpec, MoveField } from '../contest/answer.js';
import type { JudgeLayout } from '../contest/layout.js';
import type { HeapMoves, HeapMovesData } from '../heap/heap-kind.js';
import type { EmitLanguage, EmitModel, PairVector, StartMovesTable } from './models.js';
import { javaBigValues } from './java.js';

/** What a position's components are to the functions: a heap valued by grundy(n), or one component tested by is_p (a pair, a start heap). */
export type ProgramComponent = 'heap' | 'pair' | 'start';

/** A move's layout, as parts: text, or a field. */
export type MovePart = { readonly text: string } | { readonly field: MoveField };

/**
 * A rule given in each case (--moves -, the judge's S-Nim layout): no
 * pattern known beforehand, so the program reads each case's subtraction set
 * and tabulates G up to the case's largest heap or until its period shows
 * (a window of max S values recurs: program-case.ts), as sg-explore does per case.
 */
export interface CaseRuleModel {
  readonly kind: 'case-rule';
  /** The rule's word (moves). */
  readonly word: string;
}

/** Why a misère Nim program finds at most one winning move a heap (ASCII: it is written in the programs' comments). */
export const MISERE_NIM_NOTE =
  "Bouton's misere rule (1901): with a heap of 2 or more, P exactly when the nim-sum is 0; else P exactly when the count of 1-heaps is odd. So a heap's one possible winning move is to the nim-sum of the other heaps while another heap has 2 or more (one still has 2 or more after it), else to 1 or 0 (a lone heap of 2 or more would leave a nim-sum above 1), whichever leaves an odd count of 1-heaps.";

/** What a misère program says where the player to move has won with no move to make (all heaps empty), as sg-explore refuses --answer move and moves there. */
export const NO_MOVE = 'the player to move wins by making no move (misere play with no move left), so there is no move to print';

/** The most values a program tabulates for one case of a rule of its own (4 bytes a value): a case whose values do not repeat within them answers no heap past them. */
export const MOST_CASE_HEAP = 1 << 24;

export interface ProgramModel {
  /** The functions (grundy and is_p, or is_p alone; a rule in each case: grundy over the case's table). */
  readonly code: EmitModel | CaseRuleModel;
  readonly component: ProgramComponent;
  /** Tokens a component takes (a pair 2). */
  readonly width: number;
  /** How the winning moves of a heap are found: Nim's (the heap becomes the value wanted), or from the rule's moves as data; null: who wins only. */
  readonly options: { readonly kind: 'nim' } | { readonly kind: 'theorem' } | { readonly kind: 'vectors'; readonly vectors: readonly PairVector[] } | { readonly kind: 'starts'; readonly table: StartMovesTable } | HeapMovesData | null;
  /** G's proven period without a saltus (preperiod, period), where a code's splits are counted and listed by residue (a heap of 10^18 costs a period); null: split by split. */
  readonly cycle: { readonly pre: number; readonly period: number } | null;
  readonly layout: JudgeLayout;
  readonly answer: AnswerSpec;
  /** The prefix, cut at each {k} (the case's number goes between the parts). */
  readonly prefixParts: readonly string[];
  readonly moveParts: readonly MovePart[];
  /** The values of grundy need more than 64 bits (C's unsigned __int128). */
  readonly wide: boolean;
  /** Misère play (the last mover loses), answered by Bouton's misère rule for Nim; false: normal play. */
  readonly misere: boolean;
}

const refuse = (words: Wording) => new InputError(says`${mention('emit')}, ${saying('error.emit.program')}: ${words}`, { code: 'not-applicable', field: 'emit' });

const COMPONENTS: Readonly<Record<(EmitModel | CaseRuleModel)['kind'], ProgramComponent | null>> = {
  'heap-cycle': 'heap',
  modulus: 'heap',
  wythoff: 'pair',
  'pair-law': 'pair',
  'capped-nim': 'start',
  'start-law': 'start',
  code: null,
  'case-rule': 'heap',
};

/** What a position's components are to a model's functions (a kind's own code: what it says; null: no program). */
function componentOf(code: EmitModel | CaseRuleModel): ProgramComponent | null {
  return code.kind === 'code' ? (code.component ?? null) : COMPONENTS[code.kind];
}

/** The move layout's parts. */
export function moveParts(format: string): MovePart[] {
  return format
    .split(/(\{[a-z]+\})/)
    .filter((p) => p !== '')
    .map((p) => (/^\{[a-z]+\}$/.test(p) ? { field: p.slice(1, -1) as MoveField } : { text: p }));
}

/**
 * A program's data: the model's functions, the layout, the answer; what a
 * program cannot do is refused in one line (a rule in each case other than
 * a subtraction set, the winning moves of a game whose moves are not data
 * here or of an observed law of start heaps).
 */
export function programModel(code: EmitModel | CaseRuleModel, moves: HeapMoves | null, layout: JudgeLayout, answer: AnswerSpec, language: EmitLanguage, pairMoves: readonly PairVector[] | null = null, misere = false): ProgramModel {
  if (misere) checkMisereProgram(moves, code.kind === 'case-rule' ? null : code.header.rule);
  const component = componentOf(code);
  if (component === null) throw refuse(saying('error.emit.codeTheorem'));
  // A rule in each case is tabulated per case from its set: a subtraction set's (an all-but set's moves are not a list).
  const perCase = layout.rule !== null && code.kind === 'case-rule' && moves?.asData?.(null)?.kind === 'takes';
  if ((layout.rule !== null || code.kind === 'case-rule') && !perCase) throw refuse(saying('error.emit.rulePerCase', { rule: mention((layout.rule ?? 'moves') as InputField) }));
  // A case's set is read at run time: its moves are amounts taken, found as a finite set's are.
  const options = answer.mode === 'winner' ? null : code.kind === 'case-rule' ? { kind: 'takes' as const, takes: [] } : heapOptions(code, moves, answer, pairMoves);
  const cycle = options?.kind === 'code' && code.kind === 'heap-cycle' && code.limit === undefined && code.saltus === 0n ? { pre: code.preperiod, period: code.period } : null;
  // As the C functions choose (c-family.ts): 128 bits only where heaps up to 2^63 - 1 already pass 64 bits.
  const wide = code.kind === 'heap-cycle' && code.largestSigned > 2n ** 64n - 1n;
  // Java sums values past a long as BigIntegers (java-value.ts) for the moves whose values can pass their heaps (a code's splits, a
  // module's table); Nim's and an all-but set's never do, and their moves are written for longs: a guard, not a limit met.
  if (language === 'java' && code.kind === 'heap-cycle' && javaBigValues(code) && (options?.kind === 'nim' || options?.kind === 'all-but')) throw refuse(saying('error.emit.javaLong'));
  const width = component === 'pair' ? 2 : 1;
  return { code, component, width, options, cycle, layout, answer, prefixParts: answer.prefix.split('{k}'), moveParts: moveParts(answer.moveFormat), wide, misere };
}

/**
 * Whether a misère program has a ground for every position it may read: Nim's, Bouton's misère rule (1901), at
 * any size. Other games are refused, saying why: sg-explore answers their misère sums by Conway's tame rule or a
 * misère quotient proven only for the heaps it computed (a judge's heaps may lie past them), or by a search of
 * the position itself; none of them is a rule a program can carry to every heap. `rule`: the game's name (null:
 * a rule in each case).
 */
export function checkMisereProgram(moves: HeapMoves | null, rule: string | null): void {
  if (moves?.nim) return;
  const why = rule === null ? saying('error.emit.misereCaseRule') : moves ? saying('error.emit.misereHeaps', { rule }) : saying('error.emit.misereStates', { rule });
  throw refuse(why);
}

/** How a program finds a component's winning moves: a heap rule's moves as data, a theorem's, a two-pile law's vectors; an observed law of start heaps, or moves that are not data, are refused. */
function heapOptions(code: EmitModel, moves: HeapMoves | null, answer: AnswerSpec, pairMoves: readonly PairVector[] | null): ProgramModel['options'] {
  const words = { answer: mention('answer'), mode: answer.mode };
  // One pair (Wythoff) or one start heap (Fibonacci Nim): the theorem's winning moves; an observed law gives P-positions only.
  if (code.kind === 'wythoff' || code.kind === 'capped-nim') return { kind: 'theorem' };
  // A two-pile law: the moves of the pair, each kept where the law's is_p says it leaves a P-position.
  if (code.kind === 'pair-law' && pairMoves) return { kind: 'vectors', vectors: pairMoves };
  // An observed law of start heaps: the winning moves of the start heaps of the table, as computed.
  if (code.kind === 'start-law') return { kind: 'starts', table: code.moves };
  if (componentOf(code) !== 'heap') throw refuse(saying('error.emit.movesObserved', { ...words, rule: code.header.rule }));
  if (moves?.nim) return { kind: 'nim' };
  const limit = code.kind === 'heap-cycle' ? code.limit : undefined;
  const data = moves?.asData?.(limit ?? null) ?? null;
  if (!data) throw refuse(saying('error.emit.movesNotData', { ...words, rule: code.header.rule }));
  // Heaps of a value are read off the pattern's saltus (finitely many); the table itself lists them one by one.
  if (data.kind === 'all-but' && code.kind === 'heap-cycle' && limit === undefined && code.saltus === 0n) throw refuse(saying('error.emit.movesAllBut', words));
  return data;
}

/** The numbers of the layout and the answer, as every language's main writes them: the kind of case end, of components, of answer. */
export function programCodes(m: ProgramModel): { cases: number; components: number; mode: number } {
  return {
    cases: ['one', 'counted', 'sentinel', 'eof'].indexOf(m.layout.cases),
    components: m.layout.components === 'counted' ? -1 : m.layout.components === 'rest' ? -2 : m.layout.components,
    mode: ['winner', 'move', 'count', 'moves'].indexOf(m.answer.mode),
  };
}

/** A move part's number in the programs: 0 text, then the fields in MOVE_FIELDS' order. */
export function partCode(part: MovePart): number {
  return 'text' in part ? 0 : ['take', 'heap', 'from', 'to', 'after'].indexOf(part.field) + 1;
}

/** The header line of a program: what it reads and what it writes. */
export function programNotes(m: ProgramModel, language: EmitLanguage): string[] {
  const l = m.layout;
  const cases = { one: 'one position', counted: 'a count T, then T cases', sentinel: `cases until the line "${l.sentinel.join(' ')}"`, eof: 'cases to the end of the input' }[l.cases] + (l.rule === null ? '' : `, each a subtraction set (k s1 ... sk), a count of positions, then the positions (--${l.rule} -)`);
  const components = l.components === 'counted' ? 'a count, then that many' : l.components === 'rest' ? 'every number' : `exactly ${l.components}`;
  const table = m.options?.kind === 'table' ? m.options.table : null;
  const starts = m.options?.kind === 'starts' ? m.options.table : null;
  return [
    ...(table ? [`moves: the rule's options are written as a table, recorded for heaps 0..${table.upTo} as sg-explore computed the values; a winning move is sought only on heaps up to ${table.upTo} (a larger heap's options are not known: the program stops with a message)`] : []),
    ...(starts ? [`moves: the winning moves of start heaps 0..${starts.upTo} are written as a table, as sg-explore computed them; a larger start heap's are not known (the program stops with a message)`] : []),
    `program: reads standard input as --input ${l.name} (${cases}; a position: ${components} ${m.component === 'pair' ? 'pairs x y' : m.component === 'start' ? 'start heaps' : 'heaps'}) and prints --answer ${m.answer.mode} as sg-explore does`,
    ...(m.misere ? [`misere play (the last mover loses), answered by ${MISERE_NIM_NOTE}`] : []),
    ...(language === 'java' ? ['save it as Main.java (javac Main.java && java Main)'] : []),
  ];
}
