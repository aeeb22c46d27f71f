/**
 * An error in what the user gave us (flags, rule files, rule modules, sizes).
 * The CLI prints its message on one line and exits with code 2; anything else
 * that escapes is an internal failure (exit 1).
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** A pool's workers could not be started: not the user's input, and nothing was computed. */
export class WorkerStartError extends Error {
  override readonly name = 'WorkerStartError';
}

/** Throw an InputError unless `condition` holds. */
export function require(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InputError(message);
}

/** Characters of a value a message quotes: enough to recognise it, never a screenful. */
export const QUOTE_CHARS = 40;
/** Characters of a whole message line: a cap for what the quoting missed. */
export const MESSAGE_CHARS = 1000;

/**
 * Control characters (C0, DEL, C1) as visible escapes: a message must not
 * let a value ring the bell, move the cursor or colour the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** The first `max` characters of `text` (a pair of surrogates is never split), and whether it was longer. */
function head(text: string, max: number): { readonly head: string; readonly cut: boolean } {
  if (text.length <= max) return { head: text, cut: false };
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return { head: text.slice(0, end), cut: true };
}

/** `text` cut to `max` characters (saying how long it was), control characters escaped. */
export function excerpt(text: string, max = QUOTE_CHARS): string {
  const { head: shown, cut } = head(text, max);
  return escapeControls(shown) + (cut ? `… (${text.length.toLocaleString('en-US')} characters)` : '');
}

/**
 * A user's value quoted in a message: `'1e6x'`, or a short, escaped excerpt of a long one.
 * `length`: the value's whole length, when only its beginning was kept (a token streamed from input).
 */
export function quote(value: unknown, length?: number): string {
  const text = String(value);
  const whole = length ?? text.length;
  const { head: shown, cut } = head(text, QUOTE_CHARS);
  return `'${escapeControls(shown)}${cut || whole > text.length ? `…' (${whole.toLocaleString('en-US')} characters)` : "'"}`;
}

/** An error's message on one line (messages go to stderr as single lines). */
export function oneLineMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}

/** What the CLI prints for an error: one line, no control characters, at most MESSAGE_CHARS long. */
export function printableMessage(error: unknown): string {
  return excerpt(oneLineMessage(error), MESSAGE_CHARS);
}
