/**
 * The explore view's operations in the worker: `explore` runs a request to
 * its end through the library's driver (progress on the way) and keeps the
 * result for the others, `values` reads heaps of it past what was sent, and
 * `download` writes it with the CLI's own writers (CSV, JSON, the --plot picture).
 */
import { analyse } from '../../core/analyse.js';
import { explainGrouped, explainValue } from '../../core/heap/explain.js';
import { drive } from '../../core/driver.js';
import { InputError, says, saying } from '../../core/errors.js';
import type { Exploration } from '../../core/heap/explore.js';
import { kindOf, kindOfShape, type AnalysisResult, type GameRule } from '../../core/kinds/registry.js';
import type { GameKind, PageBudget } from '../../core/kinds/kind.js';
import type { Sink } from '../../core/sink.js';
import { summarise } from '../../report/summary.js';
import { writeCsv } from '../../report/csv.js';
import { writeJson } from '../../report/json.js';
import { writeGridCsv, writeGridJson } from '../../report/grid-report.js';
import { writeCappedHeapCsv, writeCappedHeapJson } from '../../report/capped-heap-report.js';
import { renderSequencePlot } from '../../pictures/sequence-plot.js';
import { sequencePlotOf } from '../../pictures/from-summary.js';
import type { DownloadFormat, ExploreProgress, ExploreView, GroupedExplanationView, HeapView, MisereView, Pairs, PositionView, StateExplanation } from './explore-protocol.js';
import { heapGrounds } from '../../core/heap/heap-ground.js';
import type { Request } from '../../core/analyse.js';
import type { MisereTable } from '../../core/positions/misere-table.js';
import { writeMisereCsv, writeMisereJson } from '../../report/misere-report.js';
import { canonicalJson } from '../../core/positions/json-state.js';
import { writeStatesCsv, writeStatesJson } from '../../report/states-report.js';
import { positionOf, requestOf } from './explore-request.js';
import { shownMoves, type PositionReport } from '../../core/positions/position.js';
import { groundText, hintMoves, hintParagraphs, positionWords, type Wordable } from '../../core/play/words.js';
import { translator, type Lang } from '../../core/i18n/index.js';
import { setModuleOrigin } from './module-sandbox.js';
import type { Op } from './protocol.js';
import { isCycle } from '../../core/laws/pattern.js';

/** Values sent with a heap table (4 MiB): enough for every plot and most tables; heaps past it are asked for. */
const VALUES_SENT = 1 << 20;
/** Cells of a two-pile table sent (16 MiB). */
const CELLS_SENT = 1 << 22;

/** Rows of a kind's own shape (a graph's vertices) or of a rule module's states sent (their names and values); the downloads hold them all. */
const ROWS_SENT = 1 << 16;

/** Values so far sent while a table is computed (1 MiB), and how often. */
const PARTIAL_VALUES = 1 << 18;
const PARTIAL_EVERY_MS = 500;

/** Rows of a CSV the page writes at most (some 300 MB). */
const DOWNLOAD_ROWS = 1 << 24;

/** Options of a heap the "why" view lists (the count says how many more). */
const EXPLAINED_OPTIONS = 200;

/** Winning moves of a position listed (the rest are counted). */
const POSITION_MOVES = 100;

/** The last result, for `values` and `download`, and the request it answered (for `explainState`). */
let last: AnalysisResult | null = null;
let lastRequest: Request | null = null;

function viewOf(result: AnalysisResult, milliseconds: number, lang: Lang): ExploreView {
  // A table of a kind's own shape (a graph's, two piles, a heap with memory): the kind's own view of it.
  const own = kindOfShape(result.shape)?.pageViews?.[result.shape];
  if (own) {
    const budget: PageBudget = { rows: ROWS_SENT, cells: CELLS_SENT, t: translator(lang) };
    return { description: null, preset: null, about: null, ...own.view(result, budget), milliseconds } as ExploreView;
  }
  switch (result.shape) {
    case 'heap':
      return heapView(result, milliseconds);
    case 'states':
      return {
        shape: 'states',
        rule: result.rule,
        description: null,
        preset: null,
        about: null,
        milliseconds,
        count: result.rows.length,
        pCount: result.rows.filter((r) => r.grundy === 0).length,
        rows: result.rows.slice(0, ROWS_SENT).map((r) => [canonicalJson(r.state), r.grundy] as const),
      };
    case 'misere':
      return misereView(result, milliseconds);
    default:
      throw new InputError(says`${saying('error.page.notATable', { shape: result.shape })}`, { code: 'not-applicable' });
  }
}

function heapView(x: Exploration, milliseconds: number): ExploreView {
  const s = summarise(x);
  const count = Number(x.max + 1n < BigInt(VALUES_SENT) ? x.max + 1n : BigInt(VALUES_SENT));
  const values = new Uint32Array(count);
  for (let n = 0; n < count; n++) values[n] = x.valueOf(n);
  const pPositions = s.pPositions.kind === 'list' ? { ...s.pPositions, upTo: String(s.pPositions.upTo) } : s.pPositions;
  const proofFacts = isCycle(x.pattern) ? (x.pattern.proof?.facts ?? null) : null;
  return { shape: 'heap', rule: s.rule, description: s.description, preset: x.game.name ?? null, about: x.game.about ?? null, milliseconds, max: String(s.max), computed: s.computed, maxValue: String(s.maxValue), pattern: s.pattern, proofFacts, theorem: x.theorem ?? null, pPositions: pPositions as never, values };
}

function misereView(x: MisereTable, milliseconds: number): MisereView {
  const cycle = x.cycle ? { preperiod: x.cycle.preperiod, period: x.cycle.period, proven: x.cycle.proof !== null } : null;
  return { shape: 'misere', rule: x.rule, description: null, preset: null, about: null, milliseconds, max: x.max, outcomes: x.outcomes.slice(), cycle, pPositions: x.pPositions };
}

/** A position's report in the page's language, with the play hint's words (values, nim-sum, outcome, winning moves); `noun` names a component (a kind's play says it: token). */
function positionView(report: PositionReport<unknown>, rule: GameRule, lang: Lang, noun?: string): PositionView {
  const t = translator(lang);
  const heaps = Boolean(kindOf(rule).heap);
  const game: Wordable<unknown> = { noun: noun ?? (heaps ? 'heap' : 'component'), heaps, nim: false, show: report.show };
  const states = report.components.map((c) => c.state);
  // A heap listed apart (more moves than a list holds) shows a few, so the other heaps' moves are shown too.
  const shown = report.cutHeaps ? { ...report, winningMoves: shownMoves(report, POSITION_MOVES) } : report;
  const listed = hintMoves(t, game, shown, POSITION_MOVES);
  return {
    rule: report.rule,
    position: states.map((s) => report.show(s)),
    values: report.components.map((c) => (c.grundy === null ? null : String(c.grundy))),
    nimSum: report.nimSum === null ? null : String(report.nimSum),
    outcome: report.outcome,
    paragraphs: hintParagraphs(t, game, report),
    grounds: [...new Set(report.components.map((c) => groundText(t, c.ground)))],
    moves: shown.winningMoves.slice(0, POSITION_MOVES).map((m, i) => ({
      words: listed!.moves[i]!,
      after: positionWords(t, game, [...states.slice(0, m.component - 1), ...m.to, ...states.slice(m.component)]),
      component: m.component,
      take: m.take === null ? null : String(m.take),
      to: m.to.map((s) => report.show(s)),
    })),
    movesHeading: listed?.heading ?? null,
    more: listed?.more ?? null,
    moveCount: String(report.winningMoveCount ?? BigInt(report.winningMoves.length)),
    notListed: report.movesNotListed,
  };
}

/**
 * The table shown beside a position: misère play asked of a kind that offers it for positions only (two piles, a
 * heap with memory) has normal play's table, and the view says so; without a position, the core refuses it, as the CLI does.
 */
function tableRequest(request: Request, position: boolean): { request: Request; normalPlayTable: boolean } {
  const offer = kindOf(request.game.rule).misere;
  if (!request.misere || !position || !offer?.positions || offer.tables) return { request, normalPlayTable: false };
  const { misere: _misere, ...normal } = request;
  return { request: normal, normalPlayTable: true };
}

/** `--at`'s heaps: each value exact (a period or theorem answers past the table), its outcome, and its ground in words. */
function atValues(x: Exploration, heaps: readonly bigint[], lang: Lang): HeapView['at'] {
  const t = translator(lang);
  const groundOf = heapGrounds(x);
  return heaps.map((n) => {
    const value = x.valueAt(n);
    return { n: String(n), value: String(value), outcome: value === 0n ? 'P' : 'N', ground: groundText(t, groundOf(n)) };
  });
}

/** A heap past the computed values, explained by its options grouped by value (the values of what they leave come from the period). */
function groupedView(x: Exploration, n: bigint, lang: Lang): GroupedExplanationView {
  const why = explainGrouped(x, x.game.rule as GameRule, n);
  return {
    grouped: true,
    n: String(n),
    value: why.value,
    count: String(why.count),
    groups: why.groups.map((g) => ({ value: g.value, count: String(g.count), witness: g.witness.map(String), witnessValues: g.witness.map((m) => Number(x.valueAt(m))) })),
    reached: why.reached,
    every: why.every,
    ground: groundText(translator(lang), heapGrounds(x)(n)),
  };
}

/** A sink that keeps what is written, as a Blob's parts. */
function memorySink(): Sink & { parts: BlobPart[] } {
  const parts: BlobPart[] = [];
  return {
    parts,
    isTerminal: false,
    write: async (text) => void parts.push(typeof text === 'string' ? text : (text.slice() as Uint8Array<ArrayBuffer>)),
    close: async () => undefined,
    abort: () => undefined,
  };
}

function lastResult(): AnalysisResult {
  if (!last) throw new Error('nothing explored yet');
  return last;
}

/** The rows of a kind's own shape: as its page view counts them, or those of its document's table (a graph's vertices). */
function kindRows(kind: GameKind<GameRule> | undefined, x: AnalysisResult): bigint {
  const counted = kind?.pageViews?.[x.shape]?.rows?.(x);
  if (counted !== undefined) return counted;
  const table = kind?.documents?.[x.shape]?.(x).find((block) => 'head' in block);
  return table && 'count' in table ? BigInt(table.count) : 0n;
}

async function download(format: DownloadFormat): Promise<Blob> {
  const x = lastResult();
  const sink = memorySink();
  if (format === 'svg') {
    if (x.shape === 'heap') {
      const count = Math.min(Number(x.max) + 1, VALUES_SENT);
      const values = new Uint32Array(count);
      for (let n = 0; n < count; n++) values[n] = x.valueOf(n);
      return new Blob([renderSequencePlot(sequencePlotOf(summarise(x), values, count))], { type: 'image/svg+xml' });
    }
    // A kind's plot of one value a point (a heap with memory's start positions); its other pictures the page draws itself.
    const plot = kindOfShape(x.shape)?.pictures?.[x.shape]?.picture(x);
    if (plot?.plot === 'sequence') return new Blob([renderSequencePlot({ title: plot.title, values: plot.values, count: plot.values.length, cycle: null, proven: false })], { type: 'image/svg+xml' });
    throw new Error('the page draws this picture itself');
  }
  // A download is held in the page's memory: beyond this, the CLI writes the file (it streams).
  const kind = kindOfShape(x.shape);
  // `--at`: the CSV and JSON hold only the heaps asked for, as the CLI's do.
  const at = x.shape === 'heap' ? lastRequest?.at : undefined;
  const rows = at ? BigInt(at.length) : x.shape === 'heap' ? x.max + 1n : x.shape === 'misere' ? BigInt(x.max + 1) : kindRows(kind, x);
  if (format === 'csv' && rows > BigInt(DOWNLOAD_ROWS)) {
    throw new InputError(says`${saying('error.page.csvTooLong', { rows, most: DOWNLOAD_ROWS })}`, { code: 'too-large' });
  }
  const own = kind?.writers?.[x.shape]?.[format];
  if (own) {
    for await (const chunk of own(x, { width: 80 })) await sink.write(chunk);
    return new Blob(sink.parts, { type: format === 'csv' ? 'text/csv' : 'application/json' });
  }
  const writers = {
    heap: { csv: writeCsv, json: writeJson },
    grid: { csv: writeGridCsv, json: writeGridJson },
    memory: { csv: writeCappedHeapCsv, json: writeCappedHeapJson },
    states: { csv: writeStatesCsv, json: writeStatesJson },
    misere: { csv: writeMisereCsv, json: writeMisereJson },
  } as const;
  const writer = (writers as Record<string, Record<string, (x: never, sink: Sink, heaps?: readonly bigint[]) => Promise<void>> | undefined>)[x.shape]?.[format];
  if (!writer) throw new Error(`no ${format} for a ${x.shape} result`);
  await writer(x as never, sink, at);
  return new Blob(sink.parts, { type: format === 'csv' ? 'text/csv' : 'application/json' });
}

export const exploreOps: Record<string, Op> = {
  /** `origin`: the page's server, which hands out rule modules when it allows them (null from file://). */
  async explore({ pairs, origin, lang = 'en' }: { pairs: Pairs; origin: string | null; lang?: Lang }, { progress }) {
    last = null;
    lastRequest = null;
    setModuleOrigin(origin);
    const { request, normalPlayTable } = tableRequest(requestOf(pairs), positionOf(pairs) !== null);
    const started = performance.now();
    const work = analyse(request);
    // A one-heap table's values so far are its checkpoint's (the store's view): sent now and then, for the page to plot.
    const heapTable = kindOf(request.game.rule).tableShape === 'heap';
    let lastSent = 0;
    let lastValues = started;
    const result = await drive(work, {
      onProgress: (done, ceiling, unit) => {
        // A message every 50 ms at most: the page redraws on each.
        const now = performance.now();
        if (now - lastSent < 50) return;
        lastSent = now;
        let values: Uint32Array | undefined;
        if (heapTable && now - lastValues >= PARTIAL_EVERY_MS) {
          lastValues = now;
          const soFar = work.snapshot?.();
          if (soFar && soFar.length > 1) values = Uint32Array.from(soFar.subarray(0, Math.min(soFar.length, PARTIAL_VALUES)));
        }
        progress({ done, ceiling, unit, ...(values && { values }) } satisfies ExploreProgress);
      },
    });
    last = result;
    lastRequest = request;
    const view = viewOf(result, performance.now() - started, lang);
    const at = request.at && result.shape === 'heap' ? { at: atValues(result, request.at, lang) } : {};
    return normalPlayTable || request.at ? { ...view, ...at, ...(normalPlayTable && { normalPlayTable }) } : view;
  },

  /** `--position 3 5 7`: evaluated by the core as the CLI's --position is (its own table, the kind's positions code). */
  async position({ pairs, origin, lang }: { pairs: Pairs; origin: string | null; lang: Lang }, { progress }) {
    setModuleOrigin(origin);
    const position = positionOf(pairs);
    if (!position) throw new Error('position: no position asked');
    // The table's range is the table's: a position is evaluated as the CLI evaluates it, which takes no --max or --rows with it.
    const { max: _max, rows: _rows, ...request } = requestOf(pairs);
    let lastSent = 0;
    const onProgress = (done: number, ceiling: number, unit: string) => {
      // A message every 50 ms at most, as the table's.
      if (performance.now() - lastSent < 50) return;
      lastSent = performance.now();
      progress({ done, ceiling, unit } satisfies ExploreProgress);
    };
    const result = await drive(analyse({ ...request, position }), { onProgress });
    if (result.shape === 'position') return positionView(result as PositionReport<unknown>, request.game.rule as GameRule, lang);
    // A kind whose positions are a shape of its own (a graph's tokens) is answered as its play evaluates the position.
    const kind = kindOf(request.game.rule);
    if (!kind.play) throw new Error(`position: a ${result.shape} result`);
    const { playable, start } = await kind.play({ game: request.game, position }, () => 0.5);
    return positionView(await playable.evaluate(start, request.misere ?? false, { onProgress }), request.game.rule as GameRule, lang, playable.noun);
  },

  /** G(n) for heaps from..from+count-1 of the last heap table (decimal strings: they may be bigints). */
  async values({ from, count }: { from: string; count: number }) {
    const x = lastResult();
    if (x.shape !== 'heap') throw new Error('values: not a heap table');
    const out: string[] = [];
    for (let n = BigInt(from), i = 0; i < count && n <= x.max; i++, n++) out.push(String(x.valueAt(n)));
    return out;
  },

  /**
   * Why heap n of the last heap table has its value: its options (the first EXPLAINED_OPTIONS), their values, the
   * mex; past the computed values (a decimal: any size a period or theorem answers), its options grouped by value.
   */
  async explain({ n, lang = 'en' }: { n: number | string; lang?: Lang }) {
    const x = lastResult();
    if (x.shape !== 'heap') throw new Error('explain: not a heap table');
    const heap = BigInt(n);
    // A rule module's options come from its table, which recorded them as the values were computed.
    if (heap < BigInt(x.values.length)) return explainValue(x.game.rule as GameRule, Number(heap), (m) => x.valueOf(m), EXPLAINED_OPTIONS, x);
    return groupedView(x, heap, lang);
  },

  /**
   * Why a state of the last game (a cell `3:5`, a vertex) has its value, for any kind that plays: the options its
   * kind's playable lists, each valued as a position is (the nim-sum of what it leaves; null where a value is
   * infinite, on a graph's cycle), and the state's own value. The page marks the mex.
   */
  async explainState({ state }: { state: string }): Promise<StateExplanation> {
    if (!lastRequest) throw new Error('explainState: nothing explored yet');
    const kind = kindOf(lastRequest.game.rule);
    if (!kind.play) throw new Error(`explainState: ${kind.text(lastRequest.game.rule)} has no options to list`);
    const { playable } = await kind.play({ game: lastRequest.game, position: [state] }, () => 0.5);
    const s = playable.parse(state);
    const valueOf = async (states: readonly unknown[]) => {
      // The panel shows each option's value and marks the mex: an outcome alone (a P-position theorem) will not do.
      const report = await playable.evaluate(states, false, undefined, true);
      return report.nimSum === null ? null : String(report.nimSum);
    };
    const all = playable.options(s);
    const values: (string | null)[] = [];
    for (const o of all) values.push(await valueOf(o));
    const options = all.slice(0, EXPLAINED_OPTIONS).map((o, i) => ({ to: o.filter((x) => !playable.empty(x)).map((x) => playable.show(x)), value: values[i]! }));
    const reached = [...new Set(values.filter((v) => v !== null).map(Number))].sort((a, b) => a - b);
    return { state: playable.show(s), value: await valueOf([s]), count: all.length, options, reached };
  },

  async download({ format }: { format: DownloadFormat }) {
    return download(format);
  },
};
