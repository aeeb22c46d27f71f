import { EdgeCollector, type Graph } from './graph.js';
import { InputError, quote, says, saying, type SaidPart } from '../../errors.js';
import { ByteNames, C1_CONTROL, NOT_UTF8 } from './names.js';

const NEWLINE = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;

/** Space, tab, CR, vertical tab, form feed: the separators of a line (newline ends it). */
function isBlank(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0b || b === 0x0c;
}

/**
 * A directed graph from text, one line each: `u v` (an edge: v is a follower
 * of u) or `u: v w …` (u with followers v, w, …; `u:` alone is a vertex
 * without moves). `#` starts a comment anywhere on a line; blank lines are
 * skipped; a name seen only as a target is a vertex too. Names are
 * whitespace-free tokens, numbered in order of first appearance. The bytes are
 * read directly (UTF-8): no string per token, so 10^7 edges parse in seconds.
 * The loop keeps its state in locals (no closures over it): they stay in registers.
 */
export function parseGraphText(input: string | Uint8Array): Graph {
  const steps = parseGraphSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Lines read between yields: a few milliseconds of work, so a long file shows progress and a stop is prompt. */
const LINES_PER_STEP = 1 << 15;

/** The same, yielding the bytes read so far every LINES_PER_STEP lines (for the driver). */
export function* parseGraphSteps(input: string | Uint8Array): Generator<number, Graph, void> {
  // A plain Uint8Array view even of a Node Buffer: one array type keeps the hot loops monomorphic.
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const names = new ByteNames();
  // An edge line takes about 16 bytes when names have a few digits: guess from that, grow if wrong.
  const edges = new EdgeCollector(bytes.length >>> 4);
  const length = bytes.length;
  // A UTF-8 byte order mark is not part of the first name.
  let i = length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let line = 1;
  let lineStart = i;
  // The line being read: how many tokens so far, its first two, and (on a `u:` line) the vertex u.
  let count = 0;
  let firstStart = 0;
  let firstEnd = 0;
  let secondStart = 0;
  let secondEnd = 0;
  let source = -1;
  // The source of the last edge line: its bytes and id.
  let lastStart = 0;
  let lastEnd = 0;
  let lastId = -1;

  for (;;) {
    const b = i < length ? bytes[i] : NEWLINE;
    if (b === NEWLINE || b === HASH) {
      const contentEnd = i;
      while (i < length && bytes[i] !== NEWLINE) i++;
      if (source < 0 && count === 1) {
        const shown = text(bytes, lineStart, contentEnd).trim();
        throw lineError(line, saying('error.graph.forms', { text: quote(shown) }), shown);
      }
      if (source < 0 && count === 2) {
        // Edge lists often come sorted by source: the previous line's source is looked up without hashing.
        if (!sameToken(bytes, firstStart, firstEnd, lastStart, lastEnd)) {
          lastId = vertex(names, bytes, firstStart, firstEnd, line);
          lastStart = firstStart;
          lastEnd = firstEnd;
        }
        edges.add(lastId, vertex(names, bytes, secondStart, secondEnd, line));
      }
      if (i >= length) break;
      count = 0;
      source = -1;
      if ((line & (LINES_PER_STEP - 1)) === 0) yield i;
      line++;
      lineStart = ++i;
      continue;
    }
    if (isBlank(b)) {
      i++;
      continue;
    }
    const start = i;
    while (i < length) {
      const c = bytes[i];
      if (c === NEWLINE || c === HASH || isBlank(c)) break;
      if (c < 0x20 || c === 0x7f) {
        const shown = text(bytes, start, i + 1);
        throw lineError(line, saying('error.graph.control', { text: quote(shown) }), shown);
      }
      i++;
    }
    count++;
    if (count === 1) {
      firstStart = start;
      firstEnd = i;
      if (bytes[i - 1] === COLON) {
        if (i - 1 === start) throw lineError(line, saying('error.graph.bareColon'), ':');
        if (bytes[i - 2] === COLON) throw lineError(line, saying('error.graph.endsColon', { text: quote(text(bytes, start, i)) }), text(bytes, start, i));
        source = vertex(names, bytes, start, i - 1, line);
      }
    } else if (source >= 0) {
      edges.add(source, vertex(names, bytes, start, i, line));
    } else if (count === 2) {
      secondStart = start;
      secondEnd = i;
    } else {
      let end = i;
      while (end < length && bytes[end] !== NEWLINE && bytes[end] !== HASH) end++;
      throw lineError(line, saying('error.graph.forms', { text: quote(text(bytes, lineStart, end).trim()) }), text(bytes, lineStart, end).trim());
    }
  }
  if (names.names.length === 0) throw new InputError(says`${saying('error.graph.empty')}`, { code: 'empty' });
  // The pauses of the build count no bytes: the driver's clock ends those steps.
  for (const steps = edges.buildSteps(names.names); ; ) {
    const next = steps.next();
    if (next.done) return next.value;
    yield i;
  }
}

/** Whether bytes[a..aEnd) and bytes[b..bEnd) are the same token. */
function sameToken(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b || aEnd === a) return false;
  for (let i = a, j = b; i < aEnd; i++, j++) if (bytes[i] !== bytes[j]) return false;
  return true;
}

/** The id of the name bytes[start..end), checked: only a line's first name may end with ':', and names are UTF-8. */
function vertex(names: ByteNames, bytes: Uint8Array, start: number, end: number, line: number): number {
  if (bytes[end - 1] === COLON) {
    throw lineError(line, saying('error.graph.colonLater', { text: quote(text(bytes, start, end)) }), text(bytes, start, end));
  }
  const v = names.intern(bytes, start, end);
  if (v === NOT_UTF8) throw lineError(line, saying('error.graph.utf8', { text: quote(text(bytes, start, end)) }), text(bytes, start, end));
  if (v === C1_CONTROL) throw lineError(line, saying('error.graph.control', { text: quote(text(bytes, start, end)) }), text(bytes, start, end));
  return v;
}

/** A malformed line: the graph is the game's rule, so a 'bad-rule', with the offending text as its value. */
function lineError(line: number, what: SaidPart, value: string): InputError {
  return new InputError(says`${saying('error.graph.line', { line })}: ${what}`, { code: 'bad-rule', value });
}

/** Bytes as text for a message (invalid UTF-8 shows as U+FFFD). */
function text(bytes: Uint8Array, start: number, end: number): string {
  return new TextDecoder().decode(bytes.subarray(start, end));
}
