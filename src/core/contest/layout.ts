/**
 * A judge's input layout, as data: how the cases of standard input are
 * delimited (the whole input one position, a count T first, a sentinel case
 * last, or the end of the input), what a case holds (a rule of its own, then
 * positions), and how a position is laid out (a count then its components,
 * or a fixed number of them). The CLI reads standard input with it
 * (`caseSpans`); `--emit --program` writes a reader of the same layout in
 * each language. Nothing here knows how a position is valued, or how many
 * tokens a component takes (a heap one, a pair two): the caller says.
 */
import { InputError, mention, says, saying, type SaidMessage, type SaidPart } from '../errors.js';
import { formatCount } from '../numbers.js';
import type { MessageKey } from '../i18n/index.js';

/** Where the cases of the input end. */
export type CaseEnd =
  /** The whole input is one case. */
  | 'one'
  /** A count T first, then T cases. */
  | 'counted'
  /** Cases until one that begins with the sentinel's tokens (a line `0`, or `0 0 0`). */
  | 'sentinel'
  /** Cases until the end of the input. */
  | 'eof';

export interface JudgeLayout {
  /** Its name, as the user chose it (`--input NAME`): messages say it. */
  readonly name: string;
  readonly cases: CaseEnd;
  /** The tokens that end the input where a case would begin ('sentinel' only). */
  readonly sentinel: readonly string[];
  /** A position's components: a count, then that many ('counted'); exactly this many; or every token left ('rest': one case, no rule). */
  readonly components: 'counted' | number | 'rest';
  /**
   * A rule at the start of each case, the name of a rule word that takes a
   * list of numbers (`moves`): a count k and k numbers, then a count m of
   * positions, each laid out as `components` says (the S-Nim layout). Null:
   * each case is one position.
   */
  readonly rule: string | null;
}

/** The layouts by name (`--input NAME`); sentinel, components and rule are set by their own flags. */
export const NAMED_LAYOUTS = {
  /** Every token is a component of one position. */
  heaps: { cases: 'one', components: 'rest' },
  /** A count, then that many components: one position. */
  counted: { cases: 'one', components: 'counted' },
  /** T, then T cases. */
  cases: { cases: 'counted', components: 'counted' },
  /** Cases until the sentinel. */
  until: { cases: 'sentinel', components: 'counted' },
  /** Cases until the end of the input. */
  eof: { cases: 'eof', components: 'counted' },
} as const satisfies Record<string, { cases: CaseEnd; components: 'counted' | 'rest' }>;
export type LayoutName = keyof typeof NAMED_LAYOUTS;
export const LAYOUT_NAMES = Object.keys(NAMED_LAYOUTS) as LayoutName[];

/** The sentinel when none is given: a line `0`. */
export const DEFAULT_SENTINEL = ['0'];

/** A layout from its name and the choices of its own flags, checked (one line naming what does not go together). */
export function judgeLayout(name: LayoutName, options: { sentinel?: readonly string[]; components?: number; rule?: string } = {}): JudgeLayout {
  const named = NAMED_LAYOUTS[name];
  const where = says`${mention('input')} ${name}`;
  if (options.sentinel !== undefined && named.cases !== 'sentinel') throw new InputError(says`${where}: ${saying('error.contest.sentinelOnly', { input: mention('input') })}`, { field: 'input', value: name, code: 'not-applicable' });
  if (options.sentinel !== undefined && options.sentinel.length === 0) throw new InputError(says`${where}: ${saying('error.contest.sentinelEmpty')}`, { field: 'input', value: name });
  if (named.components === 'rest' && (options.components !== undefined || options.rule !== undefined)) {
    throw new InputError(says`${where}: ${saying('error.contest.heapsOnly')}`, { field: 'input', value: name, code: 'not-applicable' });
  }
  if (options.components !== undefined && !(Number.isSafeInteger(options.components) && options.components >= 1)) throw new InputError(says`${where}: ${saying('error.contest.componentsAtLeast')}`, { field: 'input', value: options.components, code: 'out-of-range' });
  return {
    name,
    cases: named.cases,
    sentinel: named.cases === 'sentinel' ? (options.sentinel ?? DEFAULT_SENTINEL) : [],
    components: options.components ?? named.components,
    rule: options.rule ?? null,
  };
}

/** The tokens of an input: each as text, and as a whole number where it is one. */
export interface JudgeTokens {
  readonly count: number;
  text(i: number): string;
  /** Token i as a whole number, or null where it is not one. */
  number(i: number): bigint | null;
}

/** One position: its components from token `from` on, `width` tokens each. */
export interface PositionSpan {
  readonly from: number;
  readonly components: number;
}

/** One case: its number (from 1), its rule's numbers (tokens from..from+count-1), and its positions. */
export interface CaseSpan {
  readonly number: number;
  readonly rule: { readonly from: number; readonly count: number } | null;
  readonly positions: readonly PositionSpan[];
}

/** Whether `n` takes the singular (`1 heap follows`). */
const one = (n: bigint | number): boolean => n === 1 || n === 1n;
/** The message that agrees with `n`: the singular's or the plural's. */
const agreeing = (n: bigint | number, [singular, many]: readonly [MessageKey, MessageKey], params: SaidMessage['params'] = {}): SaidMessage => ({
  key: one(n) ? singular : many,
  params: { n: formatCount(Number(n)), ...params },
});
/** The nouns a count may name: `1 heap`, `2 heaps`. */
const NOUNS = {
  heap: ['error.contest.heap.one', 'error.contest.heap.many'],
  component: ['error.contest.component.one', 'error.contest.component.many'],
  number: ['error.contest.number.one', 'error.contest.number.many'],
  token: ['error.contest.token.one', 'error.contest.token.many'],
  case: ['error.contest.case.one', 'error.contest.case.many'],
} as const;
/** `n` things, the noun agreeing (`1 heap`, `2 heaps`). */
const plural = (n: bigint | number, noun: keyof typeof NOUNS): SaidMessage => agreeing(n, NOUNS[noun]);
/** How many numbers follow: `none does`, `1 number does`, `2 numbers do`. */
const follow = (n: bigint | number): SaidMessage => (n === 0 || n === 0n ? { key: 'error.contest.noneDoes' } : agreeing(n, ['error.contest.numbersDo.one', 'error.contest.numbersDo.many']));
/** A message as part of an error's words. */
const said = (message: SaidMessage): SaidPart => ({ said: message });

/**
 * The cases of `tokens` in `layout`, a component taking `width` tokens, one
 * at a time. Every count is checked before the first case comes (a count
 * that disagrees with what follows is refused in one line that says which
 * count and what follows): call it through `checkedCases`.
 */
function* spans(tokens: JudgeTokens, layout: JudgeLayout, width: number): Generator<CaseSpan, void, void> {
  const total = tokens.count;
  const where = says`${mention('input')} ${layout.name}`;
  const fail = (reason: SaidMessage, value?: unknown): never => {
    throw new InputError(says`${where}: ${said(reason)}`, { field: 'input', value });
  };
  /** A count at token i: a whole number, or a refusal naming what it counts. */
  const countAt = (i: number, what: SaidMessage): number => {
    const n = tokens.number(i);
    if (n === null) fail({ key: 'error.contest.countNotWhole', params: { what, text: JSON.stringify(tokens.text(i)) } }, tokens.text(i));
    if (n! > BigInt(total)) fail({ key: 'error.contest.countPastInput', params: { what, n: n!, total: formatCount(total) } }, n);
    return Number(n);
  };
  let at = 0;
  let cases = Infinity;
  if (layout.cases === 'counted') {
    if (total === 0) fail({ key: 'error.contest.inputEmpty' });
    cases = countAt(0, { key: 'error.contest.countOfCases' });
    at = 1;
  }
  /** One position from token `at` on, in case `c`. */
  const position = (of: SaidMessage): PositionSpan => {
    let components: number;
    if (layout.components === 'rest') components = Math.floor((total - at) / width);
    else if (layout.components === 'counted') {
      if (at >= total) fail({ key: 'error.contest.noCount', params: { of } });
      const count = tokens.number(at);
      if (count === null) fail({ key: 'error.contest.itsCountNotWhole', params: { of, text: JSON.stringify(tokens.text(at)) } }, tokens.text(at));
      const left = BigInt(total - at - 1);
      if (count! * BigInt(width) > left) {
        const items = plural(count!, width === 1 ? 'heap' : 'component');
        if (layout.cases === 'one' && layout.rule === null) fail({ key: 'error.contest.countFollow', params: { count: count!, items, rest: follow(left) } }, count);
        const each = width === 1 ? '' : { key: 'error.contest.numbersEach', params: { numbers: plural(count! * BigInt(width), 'number') } } as const;
        fail(agreeing(left, ['error.contest.countSays.one', 'error.contest.countSays.many'], { of, items, each, left: plural(left, 'number') }), count);
      }
      components = Number(count);
      at++;
    } else {
      components = layout.components;
      if (at + components * width > total) fail(agreeing(total - at, ['error.contest.needs.one', 'error.contest.needs.many'], { of, need: plural(components * width, 'token'), left: plural(total - at, 'token') }));
    }
    const span = { from: at, components };
    at += components * width;
    return span;
  };
  const sentinelAt = (i: number): boolean => {
    if (i + layout.sentinel.length > total) return false;
    return layout.sentinel.every((s, k) => {
      const n = tokens.number(i + k);
      return /^\d+$/.test(s) && n !== null ? n === BigInt(s) : tokens.text(i + k) === s;
    });
  };
  for (let c = 1; c <= cases; c++) {
    if (layout.cases === 'eof' && at >= total) return;
    if (layout.cases === 'sentinel') {
      if (sentinelAt(at)) {
        at += layout.sentinel.length;
        if (at < total) fail(agreeing(total - at, ['error.contest.afterSentinel.one', 'error.contest.afterSentinel.many'], { sentinel: JSON.stringify(layout.sentinel.join(' ')) }));
        return;
      }
      if (at >= total) fail({ key: 'error.contest.noSentinel', params: { cases: plural(c - 1, 'case'), sentinel: JSON.stringify(layout.sentinel.join(' ')) } });
    }
    if (layout.cases === 'counted' && at >= total) fail({ key: 'error.contest.casesShort', params: { cases: plural(cases, 'case'), done: plural(c - 1, 'case'), c } });
    const of: SaidMessage =
      layout.cases === 'counted' ? { key: 'error.contest.caseOf', params: { c, cases } } : layout.cases === 'one' ? { key: 'error.contest.thePosition' } : { key: 'error.contest.caseNumber', params: { c } };
    let rule: CaseSpan['rule'] = null;
    let positions = 1;
    if (layout.rule !== null) {
      const k = countAt(at, { key: 'error.contest.rulesCount', params: { of } });
      if (at + 1 + k > total) fail(agreeing(total - at - 1, ['error.contest.ruleShort.one', 'error.contest.ruleShort.many'], { of, k, numbers: plural(k, 'number'), left: plural(total - at - 1, 'token') }));
      rule = { from: at + 1, count: k };
      at += 1 + k;
      if (at >= total) fail({ key: 'error.contest.noPositionsCount', params: { of } });
      positions = countAt(at, { key: 'error.contest.positionsCount', params: { of } });
      at++;
    }
    const list: PositionSpan[] = [];
    for (let p = 1; p <= positions; p++) list.push(position(layout.rule !== null ? { key: 'error.contest.positionOf', params: { of, p, positions } } : of));
    yield { number: c, rule, positions: list };
    if (layout.cases === 'one') break;
  }
  if (at < total) {
    const n = total - at;
    if (layout.cases === 'one' && layout.components === 'counted' && layout.rule === null) {
      const count = tokens.number(0)!;
      fail({ key: 'error.contest.countFollow', params: { count, items: plural(count, width === 1 ? 'heap' : 'component'), rest: follow(BigInt(Math.floor((total - 1) / width))) } }, count);
    }
    if (layout.cases === 'counted') fail(agreeing(n, ['error.contest.casesOver.one', 'error.contest.casesOver.many'], { cases: plural(cases, 'case') }));
    fail(agreeing(n, ['error.contest.positionOver.one', 'error.contest.positionOver.many']));
  }
}

/**
 * The cases of `tokens` in `layout` (a component `width` tokens), every count
 * checked first: a mistake anywhere in the input is refused before the
 * first case is answered; the cases then come one at a time.
 */
export function checkedCases(tokens: JudgeTokens, layout: JudgeLayout, width: number): Iterable<CaseSpan> {
  for (const _ of spans(tokens, layout, width));
  return { [Symbol.iterator]: () => spans(tokens, layout, width) };
}
