import type { ValueSpill } from './platform.js';

/** Values a block read at once, and blocks kept: reads come in runs (a partner stream, a scan), so a few blocks serve them. */
const BLOCK = 1 << 16;
const BLOCKS_KEPT = 16;

/** Values read back from a spill one at a time, a block at a time underneath (the blocks read last kept). */
export class SpillReader {
  private readonly blocks = new Map<number, Uint16Array>();

  constructor(readonly spill: ValueSpill) {}

  /** G(i), for i below what the spill holds. */
  get(i: number): number {
    const index = Math.floor(i / BLOCK);
    let block = this.blocks.get(index);
    if (block === undefined || i - index * BLOCK >= block.length) {
      const from = index * BLOCK;
      block = new Uint16Array(Math.min(BLOCK, this.spill.count - from));
      this.spill.read(from, block);
      this.blocks.delete(index);
      if (this.blocks.size >= BLOCKS_KEPT) this.blocks.delete(this.blocks.keys().next().value!);
      this.blocks.set(index, block);
    }
    return block[i - index * BLOCK]!;
  }

  /** Forget blocks read before the spill was cut back. */
  forget(): void {
    this.blocks.clear();
  }
}
