import { expect } from 'vitest';

/** The cells of a Markdown table's row (`| a | b \| c |`: a, b | c), unescaped. */
export function markdownCells(line: string): string[] {
  const cells = line.trim().slice(1, -1).split(/(?<!\\)\|/);
  return cells.map((c) => c.trim().replace(/\\(.)/g, '$1'));
}

/**
 * Markdown's tables, checked well formed (GitHub-flavoured): each a heading row, a delimiter row
 * (--- or ---: a column), then rows, every one with as many cells as the heading; tables stand
 * apart from other blocks by a blank line. Returns each table as its heading and rows, unescaped.
 */
export function expectMarkdownTables(text: string): { head: string[]; rows: string[][] }[] {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  const tables: { head: string[]; rows: string[][] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('|')) continue;
    expect(i === 0 || lines[i - 1] === '', `a blank line before the table at line ${i + 1}`).toBe(true);
    const head = markdownCells(lines[i]!);
    expect(lines[i + 1], `the delimiter row under line ${i + 1}`).toMatch(/^\|( ---:? \|)+$/);
    expect(markdownCells(lines[i + 1]!).length).toBe(head.length);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
      expect(lines[i], `line ${i + 1} ends its row`).toMatch(/[^\\]\|$/);
      const cells = markdownCells(lines[i]!);
      expect(cells.length, `cells of line ${i + 1}`).toBe(head.length);
      rows.push(cells);
    }
    expect(i === lines.length || lines[i] === '', `a blank line after the table ending at line ${i}`).toBe(true);
    tables.push({ head, rows });
  }
  return tables;
}
