/**
 * A short, printable excerpt of text from a file, for one-line messages:
 * control characters escaped, and cut with an ellipsis past `max` characters.
 */
export function excerpt(text: string, max = 60): string {
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => (c === '\t' ? '\\t' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return printable.length > max ? `${printable.slice(0, max - 1)}…` : printable;
}
