import { describe, expect, it } from 'vitest';
import { RingBuffers, SharedValues } from '../../src/host/ring-buffers.js';
import type { WorkerRing } from '../../src/host/worker-ring.js';
import { int, mulberry32 } from '../helpers/random.js';

/**
 * The buffers a ring's tasks name (src/host/ring-buffers.ts): values shared with workers keep what they must across
 * growth and a change of width, a new buffer replaces the one before it, and each buffer reaches the workers once.
 */

/** A ring that only records the buffers it is given. */
function recordingRing(): { ring: WorkerRing; given: { id: number; bytes: number; replaces?: number }[] } {
  const given: { id: number; bytes: number; replaces?: number }[] = [];
  const ring = { shareBuffer: (id: number, buffer: SharedArrayBuffer, replaces?: number) => given.push({ id, bytes: buffer.byteLength, ...(replaces !== undefined && { replaces }) }) };
  return { ring: ring as unknown as WorkerRing, given };
}

describe('SharedValues', () => {
  it('random growth and widths: the kept values survive every new buffer, each new buffer replaces the last, and each is shared once', () => {
    const random = mulberry32(0xb0f);
    const buffers = new RingBuffers();
    const shared = new SharedValues(buffers);
    const { ring, given } = recordingRing();
    let want = new Uint16Array(0);
    const ids: number[] = [];
    for (let step = 0; step < 150; step++) {
      const count = want.length + int(random, 1, 20_000);
      // A run only ever widens: one byte until a value needs two.
      const bytes: 1 | 2 = shared.bytes === 2 && ids.length > 0 ? 2 : random() < 0.1 ? 2 : 1;
      const keep = int(random, Math.max(0, want.length - 3000), want.length);
      const id = shared.ensure(count, keep, bytes);
      expect(shared.bytes).toBe(bytes);
      const next = new Uint16Array(count);
      next.set(want.subarray(0, keep));
      for (let i = keep; i < count; i++) next[i] = int(random, 0, bytes === 1 ? 255 : 65535);
      shared.write(next.subarray(keep), keep);
      want = next;
      expect(firstDifference(readBack(shared), want), `step ${step}: first value that differs`).toBe(-1);
      buffers.share(ring);
      if (id !== ids.at(-1)) {
        expect(ids).not.toContain(id);
        const entry = given.at(-1)!;
        expect(entry.id).toBe(id);
        expect(entry.replaces).toBe(ids.at(-1));
        expect(entry.bytes).toBeGreaterThanOrEqual(count * bytes);
        ids.push(id);
      }
    }
    // Growth and a change of width both happened, and every buffer was given exactly once.
    expect(ids.length).toBeGreaterThan(5);
    expect(shared.bytes).toBe(2);
    expect(given.map((g) => g.id)).toEqual(ids);
  });

  it('growth keeps exactly the first `keep` values; a wider buffer holds them as they were', () => {
    const buffers = new RingBuffers();
    const shared = new SharedValues(buffers);
    const { ring, given } = recordingRing();
    shared.ensure(10, 0, 1);
    shared.write([1, 2, 3, 4, 5, 250, 7, 8, 9, 10], 0);
    shared.ensure(200_000, 6, 2);
    buffers.share(ring);
    expect(given.map((g) => g.replaces)).toEqual([undefined, given[0]!.id]);
    const view = readBack(shared);
    expect(Array.from(view.subarray(0, 8))).toEqual([1, 2, 3, 4, 5, 250, 0, 0]);
    expect(view.length).toBeGreaterThanOrEqual(200_000);
  });
});

function firstDifference(got: ArrayLike<number>, want: ArrayLike<number>): number {
  for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) return i;
  return -1;
}

/** The values as a worker sees them (the newest buffer, at its width). */
function readBack(shared: SharedValues): Uint8Array | Uint16Array {
  const values = (shared as unknown as { values: Uint8Array | Uint16Array }).values;
  return values;
}
