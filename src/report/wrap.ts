/**
 * Wrap text at spaces to lines of at most `width` characters, each indented
 * by `indent` spaces (tables and lists that must fit an 80-column terminal).
 * A word longer than a line is cut.
 */
export function wrapText(text: string, width: number, indent = 0): string {
  const room = Math.max(10, width);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = '';
    }
    let rest = word;
    while (rest.length > room) {
      if (line) lines.push(line), (line = '');
      lines.push(rest.slice(0, room));
      rest = rest.slice(room);
    }
    line = line ? `${line} ${rest}` : rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

/**
 * A labelled field of a report: `label` in a column `column` wide, then the
 * text wrapped in the rest of `width`, its later lines under its first.
 */
export function labelled(label: string, text: string, width: number, column = 16): string {
  return wrapText(text, Math.max(20, width - column), column).replace(new RegExp(`^ {${column}}`), label.padEnd(column));
}

/**
 * A part of a report: a labelled field, or a line of its own (a winning move, a heap asked for) that
 * belongs under the fields before it. The table format lays them out for a terminal, Markdown as a table.
 */
export type Entry = readonly [label: string, text: string] | string;

/** Entries as lines of `width` columns: fields labelled in a column `column` wide, lines of their own indented by two. */
export function entryLines(entries: readonly Entry[], width: number, column = 16): string[] {
  return entries.map((e) => (typeof e === 'string' ? wrapText(e, width - 2, 2) : labelled(e[0], e[1], width, column)));
}
