/**
 * The library's errors in the CLI's words. The library names a value by its
 * field (`max 5e20: …`, `checkpoint run.bin: …`); the CLI names the flag that
 * set it (`--max 5e20: …`), and, where a command asked for a field under
 * another name (`--at 5e20` and `--position 3 1e20` ask for `max`), that name.
 */
import { InputError, says, wordsOf, wordsText, type InputField, type Words } from '../core/errors.js';
import { flagOf } from '../core/flags.js';
import type { Translate } from '../core/i18n/index.js';
import { OutputError } from '../host/sink.js';

/** An error's message with every field named as the flag that sets it; any other error's message as it is. */
export function cliText(error: unknown): string {
  if (error instanceof InputError || error instanceof OutputError) return wordsText(error.words, flagOf);
  return error instanceof Error ? error.message : String(error);
}

/** An input error said in `t`'s language (its catalogue messages translated, its fields named as flags); any other error as it is. */
export function inLanguage(error: unknown, t: Translate): unknown {
  if (!(error instanceof InputError)) return error;
  return new InputError(wordsText(error.words, flagOf, t), { code: error.code, field: error.field, value: error.value, reason: error.reason });
}

/** `error` for the CLI to print: an InputError's or OutputError's fields named as flags (the same error otherwise). */
export function inCliWords(error: unknown): unknown {
  if (!(error instanceof InputError || error instanceof OutputError)) return error;
  const text = cliText(error);
  if (text === error.message) return error;
  if (error instanceof OutputError) return new OutputError(text);
  return new InputError(text, { code: error.code, field: error.field, value: error.value, reason: error.reason });
}

/**
 * A refusal of `field` that the command asked for as `asked` (`--at 5e20`,
 * `--position: heap 5e20`): the words of the reason after that name, in place
 * of the field and its value. Any other error comes back as it is.
 */
export function askedAs(error: unknown, field: InputField, asked: string): unknown {
  if (!(error instanceof InputError) || error.field !== field || error.reason === undefined) return error;
  const words: Words = wordsOf([asked, ': ', ...error.reason]);
  return new InputError(says`${words}`, { code: error.code, field: error.field, value: error.value, reason: error.reason });
}
