/**
 * The one CSV field writer (RFC 4180): every CSV sg-explore writes goes
 * through it, so a field holding a comma, a quote or a line break (a JSON
 * state, a rule's text, an error message) is quoted with its quotes doubled.
 * No imports: sweep workers load it too.
 */

/** One field: empty for null, quoted with doubled quotes when it holds `"`, `,`, CR or LF. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers never need quoting; skip the test on the hot path (a grid writes a row per cell).
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line ending. */
export function csvLine(fields: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i ? ',' : '') + csvField(fields[i]);
  return line + '\r\n';
}
