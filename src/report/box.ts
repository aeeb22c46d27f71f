/**
 * Small tables drawn with box characters: a heading row (optional) with a
 * rule under it, no rules between rows, cells wrapped at spaces to their
 * column's width, colour codes not counted as width. The one-heap report
 * draws its tables with this rather than cli-table3, whose loading costs
 * more than a whole small run (start-up is part of every run's time).
 */
export interface BoxOptions {
  /** Content width of each column (without padding); a cell longer than it wraps. */
  readonly widths: readonly number[];
  readonly align?: readonly ('left' | 'right' | 'center')[];
  readonly head?: readonly string[];
  /** Draw the outer frame and column lines (false: columns separated by one space). */
  readonly frame?: boolean;
}

const ANSI = /\u001b\[[0-9;]*m/g;

export function visibleLength(text: string): number {
  return [...text.replace(ANSI, '')].length;
}

/**
 * A word longer than a line is cut after a comma where it can be ({1,4,7,...}), else anywhere.
 * The width left is kept as the pieces go (measured again only past a colour code or a surrogate,
 * where a cut may change it): measuring the rest each time made a rule of 20,000 moves take seconds.
 */
function cutWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let left = visibleLength(word);
  while (left > width) {
    const comma = word.lastIndexOf(',', start + width - 1);
    const at = comma > start ? comma + 1 : start + width;
    const piece = word.slice(start, at);
    pieces.push(piece);
    left = /[\u001b\ud800-\udfff]/.test(piece) ? visibleLength(word.slice(at)) : left - piece.length;
    start = at;
  }
  pieces.push(word.slice(start));
  return pieces;
}

function wrapCell(text: string, width: number): string[] {
  if (visibleLength(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').flatMap((w) => cutWord(w, width))) {
    if (line && visibleLength(line) + 1 + visibleLength(word) > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines;
}

function pad(text: string, width: number, align: 'left' | 'right' | 'center'): string {
  const room = Math.max(0, width - visibleLength(text));
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') return ' '.repeat(room >> 1) + text + ' '.repeat(room - (room >> 1));
  return text + ' '.repeat(room);
}

export function renderBox(rows: readonly (readonly string[])[], options: BoxOptions): string {
  const { widths, head, frame = true } = options;
  const align = (i: number) => options.align?.[i] ?? 'left';
  const line = (cells: readonly string[]): string[] => {
    const wrapped = widths.map((w, i) => wrapCell(cells[i] ?? '', w));
    const height = Math.max(...wrapped.map((c) => c.length));
    return Array.from({ length: height }, (_, k) => {
      const parts = widths.map((w, i) => pad(wrapped[i]![k] ?? '', w, align(i)));
      return frame ? `│ ${parts.join(' │ ')} │` : parts.join(' ');
    });
  };
  const rule = (left: string, middle: string, right: string) => left + widths.map((w) => '─'.repeat(w + 2)).join(middle) + right;
  const out: string[] = [];
  if (frame) out.push(rule('┌', '┬', '┐'));
  if (head) {
    out.push(...line(head));
    if (frame) out.push(rule('├', '┼', '┤'));
  }
  for (const row of rows) out.push(...line(row));
  if (frame) out.push(rule('└', '┴', '┘'));
  return out.join('\n');
}
