/**
 * A strict JSON syntax check that says where the first mistake is (line and
 * column), for rule files named .json. The YAML parser that reads them
 * afterwards (for positions of every value) would accept a trailing comma or
 * a comment, and JSON.parse on Node 20 often names no position at all.
 */
import { quote, type Wording } from '../errors.js';
import { MAX_NESTING, NESTED_TOO_DEEPLY, lineAndColumn } from './nesting.js';

export interface JsonSyntaxError {
  readonly line: number;
  readonly column: number;
  readonly message: Wording;
}

/** A number's text, read from where it starts to its end, however long (sizes have up to 4,097 digits). */
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

export function checkJsonSyntax(text: string): JsonSyntaxError | null {
  let i = 0;
  const fail = (message: Wording, at = i): never => {
    throw { at, message };
  };
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
    if (text[i] === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) fail('comments are not allowed in JSON (a .yaml rule file may have them)');
  };
  const shown = (at: number) => (at >= text.length ? 'the end of the file' : quote(String.fromCodePoint(text.codePointAt(at)!)));
  const string = () => {
    i++; // opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('unterminated string');
      if (c === '"') return void i++;
      if (c! < ' ') fail('a control character inside a string (escape it)');
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('\\u must be followed by four hexadecimal digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`unknown escape \\${e ?? ''}`);
      } else i++;
    }
  };
  const number = () => {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match || match[0] === '-') fail(`expected a value, got ${shown(i)}`);
    i += match![0].length;
  };
  const value = (depth: number): void => {
    if (depth >= MAX_NESTING) fail(NESTED_TOO_DEEPLY); // depth 0 is the first level
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') fail(text[i] === close ? 'a trailing comma before }' : `expected a quoted key, got ${shown(i)}`);
          string();
          space();
          if (text[i] !== ':') fail(`expected ':' after the key, got ${shown(i)}`);
          i++;
        }
        space();
        if (text[i] === close) fail(`a trailing comma before ${close}`);
        value(depth + 1);
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) return void i++;
        fail(`expected ',' or '${close}', got ${shown(i)}`);
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return void (i += word.length);
    number();
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value(0);
    space();
    if (i < text.length) fail(`unexpected ${shown(i)} after the end of the JSON value`);
    return null;
  } catch (error) {
    const { at, message } = error as { at: number; message: Wording };
    return { ...lineAndColumn(text, at), message };
  }
}
