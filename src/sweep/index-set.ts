/**
 * A set of rule positions (0-based, within a shard) as a bitset that grows
 * as needed: what a resumed sweep or a merge keeps of a results file, so
 * that a file of millions of rows costs an eighth of a byte a rule, not the rows.
 */
export class IndexSet {
  private bits = new Uint8Array(1024);
  private members = 0;

  /** How many positions are in the set. */
  get size(): number {
    return this.members;
  }

  has(position: number): boolean {
    const byte = position >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (position & 7))) !== 0;
  }

  /** Add a position; false when it was there already. */
  add(position: number): boolean {
    const byte = Math.floor(position / 8);
    if (byte >= this.bits.length) {
      let length = this.bits.length;
      while (length <= byte) length *= 2;
      const bigger = new Uint8Array(length);
      bigger.set(this.bits);
      this.bits = bigger;
    }
    const mask = 1 << (position & 7);
    if (this.bits[byte]! & mask) return false;
    this.bits[byte]! |= mask;
    this.members++;
    return true;
  }

  /** The first position at or after `from` that is in the set (`wanted` true; Infinity when there is none) or is not in it (`wanted` false). */
  next(from: number, wanted: boolean): number {
    const bits = this.bits;
    const skip = wanted ? 0x00 : 0xff; // a byte that holds no position we look for
    let position = from;
    while (position < bits.length * 8) {
      const byte = position >>> 3;
      if ((position & 7) === 0 && bits[byte] === skip) {
        position += 8;
        continue;
      }
      if (((bits[byte]! & (1 << (position & 7))) !== 0) === wanted) return position;
      position++;
    }
    return wanted ? Infinity : position;
  }
}
