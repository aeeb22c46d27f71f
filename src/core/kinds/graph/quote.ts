import { formatCount } from '../../numbers.js';
/** Longest excerpt of a user's token a message shows: enough to recognise it, never a screenful. */
const QUOTE_CHARS = 40;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A user's text quoted for a one-line message, in the project's style: control
 * characters escaped (so a name cannot move the cursor), long text cut with its length.
 */
export function quoted(text: string): string {
  const cut = text.length > QUOTE_CHARS;
  // Never split a surrogate pair at the cut.
  const end = /[\ud800-\udbff]/.test(text[QUOTE_CHARS - 1] ?? '') ? QUOTE_CHARS - 1 : QUOTE_CHARS;
  const shown = (cut ? text.slice(0, end) : text).replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return cut ? `'${shown}…' (${formatCount(text.length)} characters)` : `'${shown}'`;
}
