import { EdgeCollector, type Graph } from './graph.js';
import { InputError } from './input-error.js';
import { ByteNames } from './names.js';
import { quoted } from './quote.js';

const NEWLINE = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;
const FORMS = "is neither 'u v' nor 'u: v w …'";

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
 */
export function parseGraphText(input: string | Uint8Array): Graph {
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

  // The line being read: its first two tokens, and (for `u:` lines) the source vertex.
  let count = 0;
  let firstStart = 0, firstEnd = 0, secondStart = 0, secondEnd = 0;
  let source = -1;

  const fail = (what: string): never => {
    throw new InputError(`line ${line}: ${what}`);
  };
  const text = (start: number, end: number): string => new TextDecoder().decode(bytes.subarray(start, end));
  const id = (start: number, end: number): number => {
    if (bytes[end - 1] === COLON) fail(`${quoted(text(start, end))} ends with ':', which only a line's first name may (as in 'u: v w …')`);
    const v = names.intern(bytes, start, end);
    if (v < 0) fail(`${quoted(text(start, end))} is not valid UTF-8`);
    return v;
  };
  const endLine = (end: number): void => {
    if (count === 1 && source < 0) fail(`${quoted(text(lineStart, end).trim())} ${FORMS}`);
    if (count === 2 && source < 0) edges.add(id(firstStart, firstEnd), id(secondStart, secondEnd));
    count = 0;
    source = -1;
  };

  while (i < length) {
    const b = bytes[i];
    if (b === NEWLINE) {
      endLine(i);
      line++;
      lineStart = ++i;
      continue;
    }
    if (isBlank(b)) {
      i++;
      continue;
    }
    if (b === HASH) {
      const contentEnd = i;
      while (i < length && bytes[i] !== NEWLINE) i++;
      // The comment is not part of the line a message quotes.
      if (count === 1 && source < 0) fail(`${quoted(text(lineStart, contentEnd).trim())} ${FORMS}`);
      continue;
    }
    const start = i;
    while (i < length) {
      const c = bytes[i];
      if (c === NEWLINE || c === HASH || isBlank(c)) break;
      if (c < 0x20 || c === 0x7f) fail(`${quoted(text(start, i + 1))} contains a control character`);
      i++;
    }
    count++;
    if (count === 1) {
      firstStart = start;
      firstEnd = i;
      if (bytes[i - 1] === COLON) {
        if (i - 1 === start) fail(`':' has no vertex name before it`);
        if (bytes[i - 2] === COLON) fail(`${quoted(text(start, i))}: a vertex name cannot end with ':'`);
        source = id(start, i - 1);
      }
    } else if (source >= 0) {
      edges.add(source, id(start, i));
    } else if (count === 2) {
      secondStart = start;
      secondEnd = i;
    } else {
      let end = i;
      while (end < length && bytes[end] !== NEWLINE && bytes[end] !== HASH) end++;
      fail(`${quoted(text(lineStart, end).trim())} ${FORMS}`);
    }
  }
  endLine(length);
  if (names.names.length === 0) throw new InputError('the graph has no vertices (the text is empty or only comments)');
  return edges.build(names.names);
}
