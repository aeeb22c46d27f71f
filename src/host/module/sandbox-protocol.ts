/**
 * What sg-explore and a rule module's sandbox process say to each other.
 * The job goes to the sandbox's stdin (v8-serialized, read to its end); the
 * sandbox answers on file descriptor 3 in frames: a type byte, a 32-bit
 * little-endian length, then the payload. Its stdout and stderr are the
 * module's own prints, which sg-explore passes to its stderr.
 *
 * Frames:
 *   CALL  "<calls so far> <the call the module is now in>" ("12 options(5)"),
 *         UTF-8, sent at most every few milliseconds: silence longer than
 *         --timeout is a call that ran past it (then a SIGINT to the
 *         sandbox makes it name the call).
 *   IDLE  "<calls so far>": the sandbox's own work follows (sending
 *         results), not timed.
 *   REPLY a RuleModuleReply, v8-serialized (typed arrays travel as such).
 */
import type { SolvedOption } from '../../core/kinds/module/state-search.js';

export const FRAME = { CALL: 0x43, IDLE: 0x49, REPLY: 0x52 } as const;
export const FRAME_HEADER_BYTES = 5;

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
  /** Values G(0..) from a checkpoint: computation starts after them. */
  readonly resume?: Uint32Array;
  /** A module with states of its own: the values a checkpoint holds, as JSON lines [key, value]. */
  readonly resumeStates?: string;
  /** A checkpoint is wanted: a module with states of its own then sends the values it finds. */
  readonly checkpoint: boolean;
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
  /** A heap module sent all its values. */
  | { readonly type: 'done' }
  /** States solved since the last such message, as JSON lines [key, value] (with --checkpoint). */
  | { readonly type: 'solved'; readonly lines: string; readonly count: number }
  | { readonly type: 'states'; readonly answers: readonly StateAnswer[]; readonly tabulated: boolean }
  | { readonly type: 'error'; readonly message: string };

/** What the supervisor tells sg-explore (over its IPC channel) when the sandbox process ends. */
export interface SandboxExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One frame, ready to write. */
export function frame(type: number, payload: Uint8Array): Buffer {
  const bytes = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  bytes[0] = type;
  bytes.writeUInt32LE(payload.length, 1);
  bytes.set(payload, FRAME_HEADER_BYTES);
  return bytes;
}

/** Splits a byte stream into frames, whatever the chunks (joined only once a whole frame is there). */
export class FrameReader {
  private chunks: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly onFrame: (type: number, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes < FRAME_HEADER_BYTES) return;
    let head = this.chunks[0]!;
    if (head.length < FRAME_HEADER_BYTES) head = this.joined();
    if (this.bytes < FRAME_HEADER_BYTES + head.readUInt32LE(1)) return;
    const bytes = this.joined();
    let at = 0;
    while (bytes.length - at >= FRAME_HEADER_BYTES) {
      const end = at + FRAME_HEADER_BYTES + bytes.readUInt32LE(at + 1);
      if (end > bytes.length) break;
      this.onFrame(bytes[at]!, bytes.subarray(at + FRAME_HEADER_BYTES, end));
      at = end;
    }
    this.chunks = at < bytes.length ? [bytes.subarray(at)] : [];
    this.bytes = bytes.length - at;
  }

  private joined(): Buffer {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [bytes];
    return bytes;
  }
}
