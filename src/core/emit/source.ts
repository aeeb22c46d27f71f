/**
 * Pieces every language's renderer shares: the header's lines, a table of
 * values as a string of fixed-width decimal digits, cut into lines (and into
 * pieces a Java class file can hold), and Fibonacci numbers for Wythoff.
 */
import type { EmitHeader, HeapCycleModel } from './model.js';

/** The header's lines (without comment marks): what the code is, the command, the grounds, then the language's notes. */
export function headerLines(header: EmitHeader, title: string, notes: readonly string[]): string[] {
  const lines = [title, `game: ${header.rule}`];
  if (header.command) lines.push(`made by: ${header.command}`);
  lines.push(...header.grounds.map((g, i) => (i === 0 ? g : `  ${g}`)));
  lines.push(...notes);
  // A comment never ends early nor runs on: one line each, no control characters; ASCII only, so any compiler's
  // source encoding reads it (javac without -encoding reads the platform's).
  return lines.map((l) => ascii(l.replace(/[\r\n\t]+/g, ' ')));
}

const ASCII_WORDS: Readonly<Record<string, string>> = { '⌊': 'floor(', '⌋': ')', 'φ': 'phi', '²': '^2', '·': '*', '√': 'sqrt', '≥': '>=', '≤': '<=', '−': '-', '…': '...', 'è': 'e', '∞': 'inf', '→': '->', '×': 'x' };

/** Text in ASCII: the symbols the reports use in words (floor, phi, sqrt), anything else as '?'. */
export function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => ASCII_WORDS[c] ?? '?');
}

/** Lines as line comments with the given mark ("//", "#"). */
export function comment(lines: readonly string[], mark: string): string {
  return lines.map((l) => `${mark} ${l}`.trimEnd()).join('\n') + '\n';
}

/** The number of decimal digits each table value takes (the largest one's). */
export function tableWidth(values: readonly bigint[]): number {
  return values.reduce((m, v) => (v > m ? v : m), 0n).toString().length;
}

/** The values as one string of `width` digits each, zero-padded. */
export function tableDigits(values: readonly bigint[], width: number): string {
  return values.map((v) => v.toString().padStart(width, '0')).join('');
}

/** Text cut into pieces of at most `size` characters. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

/** Characters of table text on one source line. */
export const LINE = 96;

/** The table's words for the header: its length and layout. */
export function tableNote(m: HeapCycleModel, width: number): string {
  if (m.limit !== undefined) return `the table holds G(0..${m.limit}), ${width} decimal digit${width === 1 ? '' : 's'} per value; grundy(n) refuses a larger n (stops with a message)`;
  return `the table holds G(0..${m.preperiod + m.period - 1}) (preperiod ${m.preperiod}, one period of ${m.period}), ${width} decimal digit${width === 1 ? '' : 's'} per value`;
}

/** The formula beyond the preperiod, in words. */
export function cycleFormula(m: HeapCycleModel): string {
  if (m.limit !== undefined) return `G(n) = table[n] for 0 <= n <= ${m.limit}: the table itself (no pattern was found to carry it further)`;
  const pre = m.preperiod;
  const shifted = pre === 0 ? 'n' : `(n - ${pre})`;
  const q = m.saltus === 0n ? '' : ` + (${shifted} / ${m.period})*${m.saltus}`;
  const beyond = `table[${pre === 0 ? '' : `${pre} + `}${shifted} mod ${m.period}]${q}`;
  return pre === 0 ? `G(n) = ${beyond} (/ rounds down)` : `G(n) = table[n] for n < ${pre}; beyond, G(n) = ${beyond} (/ rounds down)`;
}

/** F(2), F(3), ... = 1, 2, 3, 5, ... up to the first above `above`. */
export function fibonacciUpTo(above: bigint): bigint[] {
  const f = [1n, 2n];
  while (f[f.length - 1]! <= above) f.push(f[f.length - 1]! + f[f.length - 2]!);
  return f;
}

/** Numbers as lines of a list, `perLine` a line, each written by `write`. */
export function numberLines(values: readonly bigint[], write: (v: bigint) => string, indent: string, perLine = 6): string {
  const lines: string[] = [];
  for (let i = 0; i < values.length; i += perLine) lines.push(indent + values.slice(i, i + perLine).map(write).join(', '));
  return lines.join(',\n');
}
