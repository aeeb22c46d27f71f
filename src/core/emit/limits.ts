/**
 * What every emitted function takes, and how --emit refuses: here, apart
 * from the models (model.ts), so that a kind's theorem can build its own
 * model without bringing in every kind of the registry.
 */
import { InputError, mention, says } from '../errors.js';

/** The largest heap (and pile) the emitted functions take: 2^63 - 1 in every language (C and C++ take unsigned 64-bit heaps: 2^64 - 1). */
export const LARGEST_SIGNED = (1n << 63n) - 1n;
export const LARGEST_UNSIGNED = (1n << 64n) - 1n;

/** --emit refused, with the reason. */
export function emitRefusal(reason: string, code: 'not-applicable' | 'too-large' = 'not-applicable'): InputError {
  return new InputError(says`${mention('emit')}: ${reason}`, { code, field: 'emit' });
}
