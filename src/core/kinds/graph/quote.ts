/** Longest excerpt of a user's token a message shows: enough to recognise it, never a screenful. */
const QUOTE_CHARS = 40;

/** A user's text quoted for a one-line message: control characters escaped, long text cut. */
export function quoted(text: string): string {
  const cut = text.length > QUOTE_CHARS;
  const shown = (cut ? text.slice(0, QUOTE_CHARS) : text).replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return cut ? `'${shown}…' (${text.length} characters)` : `'${shown}'`;
}
