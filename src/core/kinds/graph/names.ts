/**
 * Vertex names interned straight from input bytes: an open-addressing hash
 * table over a byte pool, so a name costs one string only the first time it
 * is seen (decoding every token of a 10^7-edge file into a string is slow).
 */
export class ByteNames {
  readonly names: string[] = [];
  private pool = new Uint8Array(1 << 16);
  private poolUsed = 0;
  /** Name i's bytes are pool[starts[i] .. starts[i+1]). */
  private starts = new Uint32Array(1 << 10);
  private hashes = new Int32Array(1 << 10);
  /** Slot → name id + 1 (0 = empty). */
  private table = new Int32Array(1 << 11);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** The id of the name bytes[start..end), adding it when new; -1 when a new name is not UTF-8. */
  intern(bytes: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    const mask = this.table.length - 1;
    let slot = h & mask;
    for (;;) {
      const entry = this.table[slot];
      if (entry === 0) break;
      const id = entry - 1;
      if (this.hashes[id] === h && this.sameBytes(id, bytes, start, end)) return id;
      slot = (slot + 1) & mask;
    }
    return this.add(bytes, start, end, h, slot);
  }

  private sameBytes(id: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[id];
    if (this.starts[id + 1] - from !== end - start) return false;
    const pool = this.pool;
    for (let i = start, j = from; i < end; i++, j++) if (pool[j] !== bytes[i]) return false;
    return true;
  }

  private add(bytes: Uint8Array, start: number, end: number, h: number, slot: number): number {
    const id = this.names.length;
    // Decoding first: a name that is not UTF-8 is refused before anything is stored.
    let name: string;
    try {
      name = this.decoder.decode(bytes.subarray(start, end));
    } catch {
      return -1;
    }
    this.names.push(name);
    const length = end - start;
    if (this.poolUsed + length > this.pool.length) this.pool = grown(this.pool, this.poolUsed + length);
    this.pool.set(bytes.subarray(start, end), this.poolUsed);
    this.poolUsed += length;
    if (id + 2 > this.starts.length) {
      this.starts = grown(this.starts, id + 2);
      this.hashes = grown(this.hashes, id + 2);
    }
    this.starts[id + 1] = this.poolUsed;
    this.hashes[id] = h;
    this.table[slot] = id + 1;
    // Keep the table at most half full, so probes stay short.
    if (2 * (id + 1) > this.table.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let id = 0; id < this.names.length; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
  }
}

/** A copy of `array` with room for at least `needed` elements (doubling). */
function grown<T extends Uint8Array | Uint32Array | Int32Array>(array: T, needed: number): T {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const copy = new (array.constructor as new (n: number) => T)(size);
  copy.set(array);
  return copy;
}
