/**
 * The library's one entry: analyse(request) for a game of any kind. The
 * request is checked as the CLI checks its flags (one InputError naming the
 * field), its kind prepares the work, and the result is a tagged union
 * (AnalysisResult), every member with a `shape`.
 */
import { InputError, mention, says, saying } from './errors.js';
import { drive, driveSync, type DriveOptions, type StepOutcome, type SteppedWork } from './driver.js';
import { checkSize, checkWhole } from './rules/check.js';
import { checkGame, kindOf, type AnalysisResult, type GameRule, type GameSpec } from './kinds/registry.js';
import type { AnalyseRequest, Prepared } from './kinds/kind.js';
import type { ValueArray } from './kernels/store.js';
import { exploreTable, solveTable, type Exploration, type ExploreRequest, type Solution } from './heap/explore.js';

/** What a caller asks of a game of any kind (see AnalyseRequest in src/core/kinds/kind.ts). */
export type Request = AnalyseRequest<GameRule>;

/** A one-heap game's table (explore, solve). */
export type HeapRequest = Omit<ExploreRequest, 'game'> & { readonly game: GameSpec };

/**
 * A request from a library caller, checked: one InputError naming the field,
 * before any kernel runs. The same object comes back when nothing needed
 * changing (a sweep plans thousands a second).
 */
export function checkRequest<Q extends AnalyseRequest & ExploreRequest>(request: Q): Q {
  if (typeof request !== 'object' || request === null) throw new InputError(`expected a request { game, max?, limit? }, got ${request === null ? 'null' : typeof request}`, { value: request });
  const game = checkGame(request.game);
  const max = request.max === undefined ? undefined : checkSize(request.max, 'max');
  if (request.at !== undefined && !Array.isArray(request.at)) throw new InputError('at: expected an array of heap sizes', { code: 'bad-value', field: 'at', value: request.at });
  const at = request.at?.map((n, i) => checkSize(n, `at[${i}]`));
  checkWhole(request.limit, 'limit', 1);
  checkWhole(request.window, 'window', 1);
  checkWhole(request.threads, 'threads', 1, 1024);
  checkWhole(request.maxRareHeaps, 'maxRareHeaps', 0);
  checkWhole(request.maxRareWork, 'maxRareWork', 0);
  checkWhole(request.pauseAt, 'pauseAt', 1);
  if (request.sparseStretch !== undefined) {
    const stretch = request.sparseStretch as unknown as Partial<Record<string, unknown>> | null;
    checkWhole(stretch?.limit ?? null, 'sparseStretch.limit', 1);
    checkWhole(stretch?.maxRareHeaps ?? null, 'sparseStretch.maxRareHeaps', 0);
    checkWhole(stretch?.maxRareWork ?? null, 'sparseStretch.maxRareWork', 0);
  }
  if (request.memoryBudget !== undefined && !(typeof request.memoryBudget === 'number' && request.memoryBudget > 0 && Number.isFinite(request.memoryBudget))) {
    throw new InputError(`memoryBudget: expected a positive number of bytes, got ${String(request.memoryBudget)}`, { code: 'bad-value', field: 'memoryBudget', value: request.memoryBudget });
  }
  if (request.resume !== undefined && !(ArrayBuffer.isView(request.resume) && !(request.resume instanceof DataView))) throw new InputError('resume: expected the values of a checkpoint (a typed array)', { code: 'bad-value', field: 'resume', value: request.resume });
  const unchanged = game === request.game && max === request.max && (at === undefined || at.every((n, i) => n === request.at![i]));
  return unchanged ? request : { ...request, game, max, ...(at && { at }) };
}

/** A request, checked, prepared by its kind (at once where the kind can, as analyseSync needs). */
function prepareNow(request: Request): Prepared<AnalysisResult> | Promise<Prepared<AnalysisResult>> {
  const checked = checkRequest(request);
  const theory = checked.misereTheory;
  if (theory !== undefined) {
    if (theory !== 'genus' && theory !== 'quotient') throw new InputError(says`misereTheory: ${saying('error.theory.expected', { got: String(theory) })}`, { code: 'bad-value', field: 'misere', value: theory });
    if (!kindOf(checked.game.rule).heap) throw new InputError(says`${mention(theory)} ${saying('error.theory.heapRules')}`, { code: 'not-applicable', field: theory, value: true });
    if (checked.position || checked.at) throw new InputError(says`${mention(theory)} ${saying('error.theory.table', { at: mention('at') })}`, { code: 'not-applicable', field: theory, value: true });
  }
  // Misère play needs a heap rule's options here: a kind whose options live elsewhere (a rule module's, in its sandbox)
  // refuses it, whatever the kind's own work would do with the flag (a table in normal play was given, silently).
  const flag = theory ?? (checked.misere ? 'misere' : undefined);
  const elsewhere = flag && kindOf(checked.game.rule).heap?.moves(checked.game.rule).optionsElsewhere;
  if (flag && elsewhere) {
    const why = theory ? 'error.misere.withTheory' : checked.position ? 'error.misere.withPositions' : 'error.misere.with';
    throw new InputError(says`${mention(flag)} ${saying(why, { what: elsewhere })}`, { code: 'not-applicable', field: flag, value: true });
  }
  if (checked.window !== undefined && !kindOf(checked.game.rule).windowedTables) {
    throw new InputError(says`${mention('window')}: ${saying('error.window.kind')}`, { code: 'not-applicable', field: 'window', value: checked.window });
  }
  // A kind that offers misère positions but no misère table (two piles, a heap with memory) says where misère play is.
  const offer = kindOf(checked.game.rule).misere;
  if (checked.misere && !checked.position && offer?.positions && !offer.tables) {
    throw new InputError(says`${mention('misere')} ${saying('error.misere.positionsOnly', { position: mention('position'), misere: mention('misere') })}`, { code: 'not-applicable', field: 'misere', value: true });
  }
  return kindOf(checked.game.rule).prepare(checked as AnalyseRequest<GameRule>) as Prepared<AnalysisResult> | Promise<Prepared<AnalysisResult>>;
}

/** A request's work, in its parts (see Prepared): the CLI drives them apart, to checkpoint the first only. */
export async function prepare(request: Request): Promise<Prepared<AnalysisResult>> {
  return prepareNow(request);
}

/** `then(value)` now, or when a promise settles: parts that are ready run in the same step. */
function after<T, U>(value: T | Promise<T>, then: (ready: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(then) : then(value);
}

/**
 * Everything a request asks, as one piece of work for the driver: the
 * kind's parts one after the other (progress counts each part's own units).
 * A checkpoint covers the first part (request.resume continues it). Its
 * steps are synchronous where the kind's are (see analyseSync).
 */
export function analyse(request: Request): SteppedWork<AnalysisResult> {
  let prepared: Prepared<AnalysisResult> | null = null;
  let current: SteppedWork<unknown> | null = null;
  let second = false;
  // The first part's work, kept once it ends: a checkpoint taken during the second part still holds it.
  let firstSnapshot: ValueArray | null = null;
  const close = () => {
    const work = current;
    current = null;
    return work?.close?.();
  };
  const advance = (outcome: StepOutcome<unknown>): StepOutcome<AnalysisResult> | Promise<StepOutcome<AnalysisResult>> => {
    if (!outcome.finished) return outcome;
    if (!second && current?.snapshot) firstSnapshot = current.snapshot();
    return after(close(), () => {
      if (second || !prepared!.finish) return { finished: true, result: outcome.result as AnalysisResult };
      second = true;
      return after(prepared!.finish(outcome.result), (next) => {
        current = next;
        return { finished: false } as const;
      });
    });
  };
  return {
    done: () => current?.done() ?? 0,
    get ceiling() {
      return current?.ceiling ?? Infinity;
    },
    get unit() {
      return current?.unit ?? 'steps';
    },
    step(units) {
      if (!prepared) {
        return after(prepareNow(request), (ready) => {
          prepared = ready;
          return after(prepared.work(request.resume), (first) => {
            current = first;
            return { finished: false } as const;
          });
        });
      }
      return after(current!.step(units), advance);
    },
    snapshot: () => (!second && current?.snapshot ? current.snapshot() : (firstSnapshot ?? (new Uint8Array(0) as ValueArray))),
    snapshotUnits: (snapshot) => (!second && current?.snapshotUnits ? current.snapshotUnits(snapshot) : snapshot.length),
    close: () => close() ?? undefined,
  };
}

/** analyse() run to the end by the driver: progress, a stop, checkpoints (see DriveOptions). */
export function analyseAsync(request: Request, options: DriveOptions = {}): Promise<AnalysisResult> {
  return drive(analyse(request), options);
}

/** The table of a one-heap game, in this thread (a shortcut of analyse for heap tables). */
export function explore(request: HeapRequest): Exploration {
  const checked = checkRequest(request as AnalyseRequest & ExploreRequest);
  const rule = checked.game.rule as GameRule;
  return exploreTable(checked, heapKindOf(rule).solver!(rule, 1), kindOf(rule).text(rule));
}

/** The same, run by the driver with a worker pool where the kernel has one. */
export function exploreAsync(request: HeapRequest, options: DriveOptions = {}): Promise<Exploration> {
  heapKindOf(checkRequest(request as AnalyseRequest & ExploreRequest).game.rule as GameRule);
  return analyseAsync(request, options) as Promise<Exploration>;
}

/**
 * The pattern and values of a one-heap game, without the report built
 * around them: a sweep runs thousands of rules that take microseconds each,
 * and for them the report costs as much as the values.
 */
export function solve(request: HeapRequest): Solution {
  const checked = checkRequest(request as AnalyseRequest & ExploreRequest);
  const rule = checked.game.rule as GameRule;
  return solveTable(checked, heapKindOf(rule).solver!(rule, 1));
}

/** The heap capability of a rule's kind, with its kernels; other kinds are refused by name. */
function heapKindOf(rule: GameRule) {
  const kind = kindOf(rule);
  // The text is made only where it is used: a sweep solves thousands of rules a second.
  if (!kind.heap?.solver) throw new InputError(saying('error.theory.notHeap', { rule: kind.text(rule) }), { code: 'not-applicable', field: 'game', value: rule });
  return kind.heap;
}

/** Run analyse() to the end in this thread (its steps must all be synchronous). */
export function analyseSync(request: Request): AnalysisResult {
  return driveSync(analyse(request));
}
