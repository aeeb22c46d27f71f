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
 *
 * No frame is longer than MAX_FRAME_BYTES: the sandbox sends long answers in
 * parts, and sg-explore refuses a header that claims more as soon as it
 * arrives, before buffering any of it (a module can write to the channel).
 */
// The messages' types are data the core knows too: they live in src/core/kinds/module/protocol.ts.
export type { RuleModuleJob, RuleModuleReply, StateAnswer } from '../../core/kinds/module/protocol.js';

export const FRAME = { CALL: 0x43, IDLE: 0x49, REPLY: 0x52 } as const;
export const FRAME_HEADER_BYTES = 5;
/** The longest payload a frame may have: 64 MiB. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

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

/**
 * Splits a byte stream into frames, whatever the chunks (joined only once a
 * whole frame is there). A header over MAX_FRAME_BYTES is `onOversize`'s, and
 * nothing after it is read.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private refused = false;

  constructor(
    private readonly onFrame: (type: number, payload: Buffer) => void,
    private readonly onOversize: (bytes: number) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.refused) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes >= FRAME_HEADER_BYTES) {
      if (this.chunks[0]!.length < FRAME_HEADER_BYTES) this.joined();
      const head = this.chunks[0]!;
      const length = head.readUInt32LE(1);
      if (length > MAX_FRAME_BYTES) {
        this.refused = true;
        this.chunks = [];
        this.bytes = 0;
        return this.onOversize(length);
      }
      const end = FRAME_HEADER_BYTES + length;
      if (this.bytes < end) return;
      const bytes = head.length >= end ? head : this.joined();
      const rest = bytes.subarray(end);
      this.chunks = rest.length ? [rest, ...this.chunks.slice(1)] : this.chunks.slice(1);
      this.bytes -= end;
      this.onFrame(bytes[0]!, bytes.subarray(FRAME_HEADER_BYTES, end));
    }
  }

  private joined(): Buffer {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [bytes];
    return bytes;
  }
}
