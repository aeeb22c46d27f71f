/**
 * An error in what the user gave us (flags, rule files, rule modules, sizes).
 * The CLI prints its message on one line and exits with code 2; anything else
 * that escapes is an internal failure (exit 1).
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Throw an InputError unless `condition` holds. */
export function require(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InputError(message);
}

/** An error's message on one line (messages go to stderr as single lines). */
export function oneLineMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();
}
