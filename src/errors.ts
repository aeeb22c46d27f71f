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
