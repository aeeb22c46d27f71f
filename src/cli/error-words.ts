/**
 * The library's errors in the CLI's words. The library names a value by its
 * field (`max 5e20: …`, `checkpoint run.bin: …`); the CLI names the flag that
 * set it (`--max 5e20: …`), and, where a command asked for a field under
 * another name (`--at 5e20` and `--position 3 1e20` ask for `max`), that name.
 */
import { InputError, says, wordsOf, wordsText, type InputField, type Words } from '../core/errors.js';
import { OutputError } from '../host/sink.js';

/** The flag that sets each field the CLI sets (each `--` and the field's name today). */
const FLAGS: Readonly<Partial<Record<InputField, string>>> = {
  max: '--max',
  at: '--at',
  position: '--position',
  limit: '--limit',
  threads: '--threads',
  rule: '--rule',
  moves: '--moves',
  code: '--code',
  vectors: '--vectors',
  preset: '--preset',
  misere: '--misere',
  genus: '--genus',
  quotient: '--quotient',
  useObserved: '--use-observed',
  emit: '--emit',
  rows: '--rows',
  checkpoint: '--checkpoint',
  resume: '--resume',
  force: '--force',
  out: '--out',
  plot: '--plot',
  format: '--format',
  rules: '--rules',
  family: '--family',
  shard: '--shard',
  merge: '--merge',
  where: '--where',
  sort: '--sort',
  trusted: '--trust-module',
  timeoutMs: '--timeout',
  check: '--check',
};

/** The flag of a library field (a field no flag sets keeps its name). */
export function flagOf(field: InputField): string {
  return FLAGS[field] ?? field;
}

/** An error's message with every field named as the flag that sets it; any other error's message as it is. */
export function cliText(error: unknown): string {
  if (error instanceof InputError || error instanceof OutputError) return wordsText(error.words, flagOf);
  return error instanceof Error ? error.message : String(error);
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
