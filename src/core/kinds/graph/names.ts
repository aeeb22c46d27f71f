/** What intern answers for a new name that cannot be one (ids are never negative). */
export const NOT_UTF8 = -1;
export const C1_CONTROL = -2;

/**
 * Vertex names interned straight from input bytes: an open-addressing hash
 * table over a byte pool, so a name costs one string only the first time it
 * is seen (decoding every token of a 10^7-edge file into a string is slow).
 * A table slot holds the id, the hash and the name's first 8 bytes, so a
 * lookup of a short name touches one cache line and never the pool.
 */
export class ByteNames {
  readonly names: string[] = [];
  private pool = new Uint8Array(1 << 16);
  private poolUsed = 0;
  /** Name i's bytes are pool[starts[i] .. starts[i+1]). */
  private starts = new Uint32Array(1 << 10);
  /** Slot s is table[4s .. 4s+4): name id + 1 (0 = empty), hash, bytes 0-3, bytes 4-7 (zero-padded). */
  private table = new Int32Array(4 << 11);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /**
   * The id of the name bytes[start..end), adding it when new; NOT_UTF8 when a
   * new name is not UTF-8, C1_CONTROL when it holds a C1 control character
   * (U+0080–U+009F: a terminal may act on one; the caller refuses C0 bytes itself).
   */
  intern(bytes: Uint8Array, start: number, end: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    // FNV's low bits depend only on the bytes' low bits: mix high into low before masking.
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    const k0 = packed(bytes, start, end);
    const k1 = packed(bytes, start + 4, end);
    // Names hold no NUL byte, so a name under 8 bytes is known by its padded words alone.
    const short = end - start < 8;
    const table = this.table;
    const mask = (table.length >>> 2) - 1;
    let slot = h & mask;
    for (;;) {
      const at = slot << 2;
      const entry = table[at];
      if (entry === 0) break;
      if (table[at + 1] === h && table[at + 2] === k0 && table[at + 3] === k1 && (short || this.sameBytes(entry - 1, bytes, start, end))) {
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    return this.add(bytes, start, end, slot, h, k0, k1);
  }

  private sameBytes(id: number, bytes: Uint8Array, start: number, end: number): boolean {
    const from = this.starts[id];
    if (this.starts[id + 1] - from !== end - start) return false;
    const pool = this.pool;
    for (let i = start, j = from; i < end; i++, j++) if (pool[j] !== bytes[i]) return false;
    return true;
  }

  private add(bytes: Uint8Array, start: number, end: number, slot: number, h: number, k0: number, k1: number): number {
    const id = this.names.length;
    // Decoding first: a name that is not UTF-8 is refused before anything is stored.
    const name = this.decode(bytes, start, end);
    if (name === undefined) return NOT_UTF8;
    if (/[\u0080-\u009f]/.test(name)) return C1_CONTROL;
    this.names.push(name);
    const length = end - start;
    if (this.poolUsed + length > this.pool.length) this.pool = grown(this.pool, this.poolUsed + length);
    const pool = this.pool;
    for (let i = start, j = this.poolUsed; i < end; i++, j++) pool[j] = bytes[i];
    this.poolUsed += length;
    if (id + 2 > this.starts.length) this.starts = grown(this.starts, id + 2);
    this.starts[id + 1] = this.poolUsed;
    const at = slot << 2;
    this.table[at] = id + 1;
    this.table[at + 1] = h;
    this.table[at + 2] = k0;
    this.table[at + 3] = k1;
    // Keep the table at most half full, so probes stay short.
    if (2 * (id + 1) > this.table.length >>> 2) this.rehash();
    return id;
  }

  /** The name's string; undefined when it is not UTF-8. ASCII (most names) skips the decoder, a costly call per name. */
  private decode(bytes: Uint8Array, start: number, end: number): string | undefined {
    let ascii = end - start <= 64;
    for (let i = start; ascii && i < end; i++) if (bytes[i] >= 0x80) ascii = false;
    if (ascii) {
      let name = '';
      for (let i = start; i < end; i++) name += String.fromCharCode(bytes[i]);
      return name;
    }
    try {
      return this.decoder.decode(bytes.subarray(start, end));
    } catch {
      return undefined;
    }
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = (table.length >>> 2) - 1;
    for (let at = 0; at < old.length; at += 4) {
      if (old[at] === 0) continue;
      let slot = old[at + 1] & mask;
      while (table[slot << 2] !== 0) slot = (slot + 1) & mask;
      const to = slot << 2;
      table[to] = old[at];
      table[to + 1] = old[at + 1];
      table[to + 2] = old[at + 2];
      table[to + 3] = old[at + 3];
    }
    this.table = table;
  }
}

/** Up to 4 bytes of bytes[from..end) as one little-endian word, zero-padded. */
function packed(bytes: Uint8Array, from: number, end: number): number {
  let word = 0;
  for (let i = Math.min(end, from + 4) - 1; i >= from; i--) word = (word << 8) | bytes[i];
  return word;
}

/** A copy of `array` with room for at least `needed` elements (doubling). */
function grown<T extends Uint8Array | Uint32Array>(array: T, needed: number): T {
  let size = array.length * 2;
  while (size < needed) size *= 2;
  const copy = new (array.constructor as new (n: number) => T)(size);
  copy.set(array);
  return copy;
}
