/**
 * How deep a rule file nests, found before it is parsed: the YAML parser
 * reads nested collections by recursion, so 100,000 `[` would end in a stack
 * overflow (after seconds). A rule file needs three levels (a map, the
 * vectors list, a vector); anything past MAX_NESTING is refused at the
 * token where it passes the limit, in words of its own.
 */
import { Lexer } from 'yaml';
import { saying } from '../errors.js';

export const MAX_NESTING = 64;

/** What a file nested past MAX_NESTING is told. */
export const NESTED_TOO_DEEPLY = saying('error.file.nesting', { most: MAX_NESTING });

/** The lexer's markers, which stand for no text of the file. */
const MARKERS = new Set(['\u0002', '\u0018', '\u001f']);

/**
 * The offset of the first token nested deeper than MAX_NESTING in YAML (or
 * JSON) text; -1 when none is. Flow collections ([, {) count one level each;
 * a block collection one level for each indentation column that stays open
 * (`- - - x` opens three on one line). The lexer stops reading there.
 */
export function nestedTooDeeply(text: string): number {
  const block: number[] = []; // the columns of the block nodes still open
  let flow = 0;
  let offset = 0;
  let column = 0;
  let lineStart = true; // no content token on this line yet
  let afterIndicator = false; // the last content token was '-' or '?': a node starts at the next one
  let scalar = false; // the next token is a scalar's text: what it holds is no nesting
  let header = false; // the last content token was a block scalar's header (| or >): the next scalar is its body
  for (const token of new Lexer().lex(text)) {
    if (MARKERS.has(token)) {
      scalar = token === '\u001f';
      continue;
    }
    const at = offset;
    const startColumn = column;
    offset += token.length;
    const newline = token.lastIndexOf('\n');
    column = newline >= 0 ? token.length - newline - 1 : column + token.length;
    const syntax = !scalar; // not a scalar's text
    scalar = false;
    if (syntax && (/^[ \t]*(\r?\n)?$/.test(token) || token.startsWith('#'))) {
      if (newline >= 0) [lineStart, afterIndicator] = [true, false];
      continue;
    }
    // A node starts here: it closes the block nodes at its column or right of it.
    if (flow === 0 && (lineStart || afterIndicator) && !(header && !syntax)) {
      while (block.length > 0 && block[block.length - 1]! >= startColumn) block.pop();
      block.push(startColumn);
    }
    header = syntax && /^[|>]/.test(token);
    afterIndicator = syntax && flow === 0 && (token === '-' || token === '?');
    lineStart = newline >= 0;
    if (syntax && (token === '[' || token === '{')) flow++;
    else if (syntax && (token === ']' || token === '}') && flow > 0) flow--;
    if (flow + block.length > MAX_NESTING) return at;
  }
  return -1;
}

/** Line and column (1-based) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
