/**
 * The rule-module kind's work on Node: the module runs in its sandbox with
 * a watchdog; a heap module's values then get their pattern (no theorem
 * applies), or a position's outcome; a module with states of its own
 * answers a table of states(max) or a position.
 */
import { InputError, mention, says } from '../../core/errors.js';
import { finishedWork } from '../../core/driver.js';
import { parseCount, shortCount } from '../../core/numbers.js';
import { currentHost } from '../../core/host.js';
import { exploreValues, type Exploration } from '../../core/heap/explore.js';
import { withObservedLaw } from '../../core/heap/heap-ground.js';
import { keepTable, keptTable, tableReach } from '../../core/positions/position-tables.js';
import { positionHeaps, parseHeaps } from '../../core/kinds/shared/heap-game.js';
import { heapPositionWork } from '../../core/positions/heap-position.js';
import { heapArray, largestOf, type HeapList } from '../../core/positions/heap-list.js';
import { moduleKind } from '../../core/kinds/module/index.js';
import { moduleText, type CustomRule } from '../../core/kinds/module/rule.js';
import { statesPosition, statesTable } from '../../core/kinds/module/state-result.js';
import type { AnalyseRequest, Prepared, ShapedResult } from '../../core/kinds/kind.js';
import type { GameSpecOf } from '../../core/rules/spec.js';
import { checkModuleFiles, moduleCheckpointKey, moduleDigests } from './digest.js';
import { ruleModuleWork, type CustomRun } from './run-module.js';
import { english } from '../../core/i18n/index.js';

/** The most values a heap rule module computes: a typed array of 4-byte values stays under 4 GiB. */
const MODULE_MOST_VALUES = 2 ** 30 - 1;

/** Values computed for a module when neither --max, the rule file nor the module says. */
const CUSTOM_DEFAULT_COUNT = 2048;

/** How long one answer of a module may take when the request does not say. */
export const DEFAULT_MODULE_TIMEOUT_MS = 10_000;

/** A module's --position as heap sizes, or null when one of them is not a heap size (then they are JSON states). */
function moduleHeaps(texts: readonly string[]): bigint[] | null {
  try {
    return texts.every((t) => /^[\d_]/.test(t)) ? parseHeaps(texts) : null;
  } catch {
    return null;
  }
}

export async function prepareModule(request: AnalyseRequest<CustomRule>): Promise<Prepared<ShapedResult>> {
  const game = request.game;
  const module = game.rule.module;
  const position = request.position;
  const texts = position && Array.isArray(position) ? (position as readonly string[]) : undefined;
  // A module's states are JSON; a heap module's positions are heap sizes (1e6, 2^20 as for any heap game).
  const sizes = texts ? moduleHeaps(texts) : undefined;
  const moduleStates = sizes === null;
  const heaps: HeapList | undefined = position ? (texts ? heapArray(sizes ?? []) : positionHeaps(position)) : undefined;
  // With --use-observed, a heap position's values go only as far as the module's own count; an observed law answers beyond (and says so).
  const observed = Boolean(heaps && !moduleStates && request.useObserved);
  const max = heaps ? (moduleStates || observed ? undefined : tableReach(request.tables, heaps.largest)) : request.at ? largestOf(request.at) : request.max;
  const wanted = max ?? game.defaultMax;
  // The values are held twice (the sandbox computes them, sg-explore keeps them), in typed arrays of at most 2^30 values.
  const capacity = Math.min(Math.floor(currentHost().memoryBudget() / 8), MODULE_MOST_VALUES);
  const digests = moduleDigests(module);
  const text = moduleText(game.rule);
  const largest = wanted !== undefined && wanted >= BigInt(capacity) ? shortCount(wanted) : null;
  const options = request.module ?? {};
  const work = (resume: ArrayLike<number> | undefined) =>
    ruleModuleWork(module, {
      count: wanted === undefined ? undefined : Number(wanted > BigInt(capacity) ? BigInt(capacity) + 1n : wanted + 1n),
      countReason: largest === null ? undefined : `${position ? `--position: heap ${largest} needs` : `${request.max !== undefined ? '--max' : 'max'} ${largest} asks for`} the values of heaps 0 to ${largest}, which`,
      defaultCount: request.limit ?? CUSTOM_DEFAULT_COUNT,
      capacity,
      timeoutMs: options.timeoutMs ?? DEFAULT_MODULE_TIMEOUT_MS,
      trusted: options.trusted,
      log: options.log as NodeJS.WritableStream | undefined,
      positions: texts,
      // A heap position lists winning moves, and a program may: the options of the table's heaps, as far as they fit.
      optionsUpTo: (heaps && !moduleStates) || options.recordOptions ? Number.MAX_SAFE_INTEGER : undefined,
      max: request.max === undefined ? undefined : Number(request.max),
      resume,
      checkpoint: options.checkpoint,
    });
  // Positions of one run share the module's values (see PositionTables): its sandbox runs once for them all.
  const key = `${moduleCheckpointKey(text, digests)}${observed ? ' (observed)' : ''}`;
  const kept = heaps && !moduleStates ? keptTable(request.tables, key, heaps.largest, observed) : undefined;
  const results = (run: CustomRun): ShapedResult => {
    if (run.states) {
      // A module with states of its own: a table of states(max), or a position.
      if (request.misere) throw new InputError(says`${mention('misere')} with a module of its own states is not supported: normal play only`, { code: 'not-applicable', field: 'misere', value: true });
      return run.states.tabulated ? statesTable(text, run.states.answers) : statesPosition(text, run.states.answers);
    }
    const described: GameSpecOf = { ...game, name: game.name ?? run.name, description: game.description ?? run.description };
    const reported = wanted ?? (run.max === undefined ? undefined : parseCount(run.max, "the module's max"));
    const x: Exploration = exploreValues(described, text, run.values, reported, english('rule.noTheorem.code'));
    const recorded: Exploration = run.options ? { ...x, optionTable: run.options } : x;
    return recorded;
  };
  return {
    checkpointKey: kept ? null : moduleCheckpointKey(text, digests),
    // A checkpoint is for this module and the files it imports as they are now: an edited one is refused by name.
    checkCheckpoint: (file) => checkModuleFiles(file, module, digests),
    work: (resume) => (kept ? finishedWork(kept) : work(resume)),
    finish(first) {
      const result = kept ?? results(first as CustomRun);
      if (!heaps || result.shape !== 'heap') return finishedWork(result);
      if (moduleStates) throw new InputError(says`${mention('position')}: this module is a heap game (options(n)); give heap sizes`, { code: 'bad-value', field: 'position', value: texts });
      const x = kept ?? keepTable(request.tables, key, result as Exploration);
      return heapPositionWork(observed ? withObservedLaw(x, heaps.largest) : x, moduleKind.heap!.moves(game.rule), heaps, request.misere ?? false, request.outcomeOnly);
    },
  };
}
