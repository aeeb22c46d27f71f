/**
 * What sg-explore and a rule module's sandbox say to each other, as types:
 * the job, and the replies (typed arrays travel as such). How they travel
 * (frames on a file descriptor) is the Node host's: src/host/module/sandbox-protocol.ts.
 */
import type { SolvedOption } from './state-search.js';
import type { OptionTable } from '../../heap/option-table.js';

export interface RuleModuleJob {
  readonly module: string;
  /** How long one call may run (named in the message when one runs past it). */
  readonly timeoutMs: number;
  /** Values to compute; without it, the module's own `max` export + 1, else `defaultCount`. */
  readonly count?: number;
  /** What asked for `count` values, for a refusal in the user's terms ("--position 10^18"). */
  readonly countReason?: string;
  readonly defaultCount: number;
  /** The most values memory can hold. */
  readonly capacity: number;
  /** States to evaluate (JSON texts), for --position; else `states(max)`, else `start`. */
  readonly positions?: readonly string[];
  readonly max?: number;
  readonly maxStates: number;
  /** A heap module: record the options of heaps 0 to this (as far as they fit), for winning moves. */
  readonly optionsUpTo?: number;
  /** Values G(0..) from a checkpoint: computation starts after them. */
  readonly resume?: Uint32Array;
  /** A module with states of its own: the values a checkpoint holds, as JSON lines [key, value]. */
  readonly resumeStates?: string;
  /** A checkpoint is wanted: a module with states of its own then sends the values it finds. */
  readonly checkpoint: boolean;
  /** The real path of the only folder the module may read (absent with --trust-module): links out of it are refused. */
  readonly readsConfinedTo?: string;
}

export interface StateAnswer {
  readonly state: unknown;
  readonly value: number;
  readonly options: readonly SolvedOption[];
}

export type RuleModuleReply =
  | { readonly type: 'loaded'; readonly name?: string; readonly description?: string; readonly max?: string; readonly states: boolean }
  /** A heap module computes `count` values; batches of them follow, in order. */
  | { readonly type: 'computing'; readonly count: number }
  | { readonly type: 'values'; readonly from: number; readonly values: Uint32Array }
  /** A heap module's options recorded (job.optionsUpTo), sent before done. */
  | { readonly type: 'options'; readonly table: OptionTable }
  /** A heap module sent all its values. */
  | { readonly type: 'done' }
  /** States solved since the last such message, as JSON lines [key, value] (with --checkpoint). */
  | { readonly type: 'solved'; readonly lines: string; readonly count: number }
  /** The states' answers; a long list comes in parts, each but the last with `more`. */
  | { readonly type: 'states'; readonly answers: readonly StateAnswer[]; readonly tabulated: boolean; readonly more?: true }
  | { readonly type: 'error'; readonly message: string };
