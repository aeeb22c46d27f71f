/**
 * Rule modules in the page, only where `sg-explore serve --allow-modules`
 * hands them out: the module's text is fetched from the page's own server
 * (`/module/<path>`), imported from a blob in this worker, and its
 * options(n) give the values by the same mex loop as the Node sandbox's
 * (src/host/module/compute.ts, which is platform-free); the values then get
 * their pattern as on Node (observed: code has no theorem). The worker is the
 * sandbox: no file system, the page's Content-Security-Policy keeps its
 * requests to the server, and Cancel ends it. A module with states of its
 * own gets the table of its states(max), or of its start, by the Node
 * worker's search (core/kinds/module/state-search.ts). Positions are
 * answered as on Node: a heap module's by its values up to the largest heap
 * (the core's heap positions), a state module's by the same search from the
 * position's states, as JSON. A module's own imports of files beside it are not followed.
 */
import { InputError, mention, says, saying, type InputCode, type Wording } from '../../core/errors.js';
import { notAState, solveStates, StateSearchError } from '../../core/kinds/module/state-search.js';
import { statesPosition, statesTable } from '../../core/kinds/module/state-result.js';
import { thrownText } from '../../core/kinds/module/thrown.js';
import { exploreValues } from '../../core/heap/explore.js';
import { finishedWork, type SteppedWork } from '../../core/driver.js';
import { kindOf } from '../../core/kinds/registry.js';
import { parseHeaps } from '../../core/kinds/shared/heap-game.js';
import { heapArray } from '../../core/positions/heap-list.js';
import { heapPositionWork } from '../../core/positions/heap-position.js';
import { moduleText, type CustomRule } from '../../core/kinds/module/rule.js';
import { installModuleSandbox } from '../../core/kinds/module/platform.js';
import type { AnalyseRequest } from '../../core/kinds/kind.js';
import { parseCount } from '../../core/numbers.js';
import type { GameSpecOf } from '../../core/rules/spec.js';
// The one exception to the page's layers: the mex loop and its contract checks are the Node sandbox's own, and need no Node.
import { computeCustomValues, RuleModuleError, type RuleModule } from '../../host/module/compute.js';
import { OptionRecorder } from '../../core/heap/option-table.js';
import { english } from '../../core/i18n/index.js';

/** Values computed when neither --max, the rule file nor the module says (as on Node). */
const DEFAULT_COUNT = 2048;
/** The most values a module computes in the page (16 MiB of them). */
const MOST_VALUES = 1 << 22;

/** The server that may hand out modules: the page's origin (null from file://). */
let origin: string | null = null;

export function setModuleOrigin(given: string | null): void {
  origin = given;
}

async function loadModule(rule: CustomRule): Promise<RuleModule & { start?: unknown; states?: unknown }> {
  const shown = rule.shown ?? rule.module;
  if (!origin) throw new InputError(says`${shown}: ${saying('error.page.moduleNeedsServe')}`, { code: 'not-applicable', field: 'rule' });
  let response: Response;
  try {
    response = await fetch(`${origin}/module/${rule.module.split('/').map(encodeURIComponent).join('/')}`);
  } catch {
    throw new InputError(says`${shown}: ${saying('error.page.serverGone')}`, { code: 'not-applicable', field: 'rule' });
  }
  if (!response.ok) throw new InputError(says`${shown}: ${(await response.text()).trim() || saying('error.page.serverAnswered', { status: response.status })}`, { code: 'bad-rule', field: 'rule' });
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
  try {
    return (await import(/* @vite-ignore */ url)) as RuleModule;
  } catch (error) {
    throw new InputError(says`${shown}: ${saying('error.page.moduleNotLoaded', { why: error instanceof Error ? error.message : String(error) })}`, { code: 'bad-rule', field: 'rule' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The values of heaps 0..count-1 as stepped work: progress, and Cancel between steps. */
function valuesWork(module: RuleModule, count: number, shown: string, recorder: OptionRecorder): SteppedWork<Uint32Array> {
  const g = new Uint32Array(count);
  let done = 0;
  return {
    done: () => done,
    ceiling: count,
    unit: 'values',
    step(units) {
      const to = Math.min(count, done + Math.max(1, units));
      try {
        computeCustomValues(module, g.subarray(0, to), done, () => undefined, recorder);
      } catch (error) {
        throw error instanceof RuleModuleError ? new InputError(`${shown}: ${error.message}`, { code: 'bad-rule', field: 'rule' }) : error;
      }
      done = to;
      return done === count ? { finished: true, result: g } : { finished: false };
    },
  };
}

/** The most states a search in the page may hold. */
const MOST_STATES = 1 << 22;

/**
 * A module with states of its own: a position's states (as JSON), else the
 * table of states(max) when --max is given, else of its start, as the CLI's
 * worker chooses (workers/custom-rule.ts; a module's own max export does not
 * count here either). Searched at once (Cancel ends the worker) by the same search.
 */
function statesPrepared(module: RuleModule & { start?: unknown; states?: unknown; key?: unknown; arrayStates?: unknown }, rule: string, shown: string, max: bigint | undefined, position: readonly string[] | undefined) {
  const refuse = (message: Wording, code: InputCode = 'bad-rule') => new InputError(says`${shown}: ${message}`, { code, field: 'rule' });
  const called = <T>(what: string, call: () => T): T => {
    try {
      return call();
    } catch (error) {
      throw refuse(saying('error.page.moduleThrew', { what, why: thrownText(error) }));
    }
  };
  let roots: unknown[];
  if (position) roots = position.map(positionState);
  else if (max !== undefined) {
    if (typeof module.states !== 'function') throw refuse(saying('error.page.noStates', { max }), 'not-applicable');
    const states = module.states as (max: number) => Iterable<unknown>;
    roots = called(`states(${max})`, () => [...(states(Number(max)) ?? [])]);
  } else if (module.start !== undefined) {
    const start = module.start;
    roots = [typeof start === 'function' ? called('start()', () => (start as () => unknown)()) : start];
  } else throw refuse(saying('error.page.statesNeedMax'), 'not-applicable');
  for (const root of roots) {
    const why = notAState(root);
    if (why) throw refuse(saying('error.page.notAState', { why }));
  }
  const rules = { options: module.options as (state: unknown) => unknown, key: typeof module.key === 'function' ? (module.key as (state: unknown) => unknown) : undefined };
  let search: ReturnType<typeof solveStates>;
  try {
    search = solveStates(rules, roots, { maxStates: MOST_STATES, arraysAreSums: module.arrayStates !== true, rootOptions: position !== undefined });
  } catch (error) {
    throw refuse(error instanceof StateSearchError ? error.message : saying('error.page.moduleThrew', { what: 'options()', why: thrownText(error) }));
  }
  const answers = roots.map((state, i) => ({ state, value: search.rootValues[i]!, options: position ? search.rootOptions[i]! : [] }));
  const result = position ? statesPosition(rule, answers) : statesTable(rule, answers);
  return { checkpointKey: null, work: () => finishedWork(result) };
}

/** A component of a state module's position: a state as JSON (`{"heap":10,"cap":9}`). */
function positionState(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(says`${mention('position')} ${text}: ${saying('error.page.positionJson', { why: error instanceof Error ? error.message : String(error) })}`, { code: 'bad-value', field: 'position', value: text });
  }
}

installModuleSandbox({
  async prepare(request: AnalyseRequest<CustomRule>) {
    const game = request.game;
    const shown = game.rule.shown ?? game.rule.module;
    if (request.misere || request.at) throw new InputError(says`${shown}: ${saying('error.page.moduleTables')}`, { code: 'not-applicable', field: 'rule' });
    const position = request.position as readonly string[] | undefined;
    const module = await loadModule(game.rule);
    if (typeof module.options !== 'function') throw new InputError(says`${shown}: ${saying('error.page.moduleOptions')}`, { code: 'bad-rule', field: 'rule' });
    const moduleMax = module.max === undefined ? undefined : parseCount(String(module.max), "the module's max");
    if (module.start !== undefined || module.states !== undefined) return statesPrepared(module, moduleText(game.rule), shown, request.max, position);
    // A heap module's position: the values up to its largest heap, then the core's heap positions, with winning
    // moves from the options recorded as the values are computed (as the CLI's sandbox records them); a table
    // records them too, for "why G(n)" (as far as they fit: MOST_TABLE_PARTS).
    const heaps = position && heapArray(parseHeaps(position));
    const recorder = new OptionRecorder(Number.MAX_SAFE_INTEGER);
    const wanted = heaps ? heaps.largest : (request.max ?? game.defaultMax ?? moduleMax);
    if (wanted !== undefined && wanted >= BigInt(MOST_VALUES)) throw new InputError(says`--max ${wanted}: ${saying('error.page.moduleMost', { most: MOST_VALUES })}`, { code: 'out-of-memory', field: 'max' });
    const count = wanted === undefined ? (request.limit ?? DEFAULT_COUNT) : Number(wanted) + 1;
    const described: GameSpecOf = { ...game, name: game.name ?? module.name, description: game.description ?? module.description };
    return {
      checkpointKey: null,
      work: () => valuesWork(module, count, shown, recorder),
      finish: (values) => {
        const explored = exploreValues(described, moduleText(game.rule), values as Uint32Array, wanted, english('rule.noTheorem.code'));
        const table = { ...explored, optionTable: recorder.table() };
        return heaps ? heapPositionWork(table, kindOf(game.rule).heap!.moves(game.rule), heaps, false) : finishedWork(table);
      },
    };
  },
});
