/**
 * Wrap text to a terminal's columns where some characters take two (Chinese):
 * English breaks at spaces (as src/report/wrap.ts), Chinese between any two
 * characters, except before closing punctuation.
 */
import { wrapText } from '../report/wrap.js';

const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** Characters a line may not start with. */
const CLOSING = /[，。、；：！？）》」』’”…,.;:!?)]/;

export const charWidth = (c: string) => (WIDE.test(c) ? 2 : 1);
export const textWidth = (text: string) => [...text].reduce((w, c) => w + charWidth(c), 0);

export function wrapWide(text: string, width: number): string {
  if (!WIDE.test(text)) return wrapText(text, width);
  const room = Math.max(10, width);
  // Pieces that must stay together: a run of narrow non-space characters, or one wide character.
  const pieces = text.match(/\s+|[^\s\u1100-\uffe6]+|./gu) ?? [];
  const lines: string[] = [];
  let line: string[] = [];
  const widthOf = (parts: readonly string[]) => textWidth(parts.join(''));
  for (const piece of pieces) {
    if (/^\s+$/.test(piece)) {
      if (line.length) line.push(' ');
      continue;
    }
    if (line.length && widthOf(line) + textWidth(piece) > room) {
      // Closing punctuation may not start a line: the piece before it goes down with it.
      const carried = CLOSING.test(piece[0]!) && line.length > 1 ? [line.pop()!] : [];
      lines.push(line.join('').trimEnd());
      line = carried;
    }
    line.push(piece);
  }
  if (line.length || lines.length === 0) lines.push(line.join('').trimEnd());
  return lines.join('\n');
}

/** The longest start of `text` that fits `width` columns (a redrawn line must not wrap). */
export function fitWidth(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const c of text) {
    used += charWidth(c);
    if (used > width) break;
    end += c.length;
  }
  return text.slice(0, end);
}
