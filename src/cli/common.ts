import type { Argv } from 'yargs';
import { InputError, excerpt, quote, says } from '../core/errors.js';
import { NEGATIVE } from '../core/numbers.js';
import type { Sink } from '../host/sink.js';

/** What the user's terminal should see in colour: a TTY, unless NO_COLOR is set or TERM is dumb. */
export function colourWanted(sink: Sink, env: NodeJS.ProcessEnv = process.env): boolean {
  return sink.isTerminal && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

/** yargs refuses a lone '-' (standard input, as in `--position -`): it travels under another name. */
export const STDIN_ARGUMENT = '\u0000stdin';

/** An argument as the user wrote it (a lone '-' back from its travelling name). */
export function asWritten(value: unknown): string {
  return value === STDIN_ARGUMENT ? '-' : String(value);
}

/** A flag's one value; yargs would silently keep the last of repeated values, so refuse instead. */
export function single(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length > 1) throw new InputError(`--${flag} was given ${value.length} times; give it once`);
    return value.length ? asWritten(value[0]) : undefined;
  }
  return asWritten(value);
}

/**
 * A value that starts with a minus and a digit (`--position -3:5`, `--max -5`)
 * would reach yargs as a short flag ("unknown option -3"): no option takes a
 * negative number, so say that, naming the flag it follows.
 */
function refuseNegativeValues(args: readonly string[]): void {
  args.forEach((arg, i) => {
    if (!/^-\.?\d[\d.,:_^eE+*()\s]*$/.test(arg)) return; // a number or a pair, not a file named -1.yaml
    const flag = args.slice(0, i).reverse().find((a) => /^--?[a-z]/i.test(a));
    throw new InputError(says`${flag ? `${flag.split('=')[0]}: ` : ''}${quote(arg)} ${NEGATIVE}`);
  });
}

export interface Parsed {
  /** The parsed flags, or nothing when yargs printed text itself (help, version). */
  readonly argv?: Record<string, unknown>;
  readonly output?: string;
}

/** Edit distance (a swap of two neighbours counts as one edit, as in 'cvs' for 'csv'), for "did you mean". */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known flag closest to a mistyped one (a prefix, or within two edits), if any. */
export function suggestFlag(typed: string, known: readonly string[]): string | undefined {
  return nearestWord(typed.replace(/^-+/, '').split('=')[0]!, known);
}

/** The known word closest to a typed one (the only one it starts, or within two edits), if any. */
function nearestWord(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  if (word === '') return undefined;
  const prefixed = known.filter((k) => k.startsWith(word) || word.startsWith(k));
  if (prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(word.length / 2));
  for (const k of known) {
    // The distance is at least the difference in length: a word far longer than every flag (100,000 letters) costs nothing.
    if (Math.abs(word.length - k.length) > bestDistance) continue;
    const d = distance(word, k);
    if (d <= bestDistance && (best === undefined || d < bestDistance)) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** A flag's value that is none of its choices, in one line: the choices (and `other`, another way), and the nearest one when there is one. */
export function notAChoice(flag: string, given: string, choices: readonly string[], other?: string): string {
  const near = nearestWord(given.trim(), choices);
  return `--${flag}: ${quote(given)} is not one of ${choices.join(', ')}${other ? ` (${other})` : ''}${near ? `; did you mean ${near}?` : ''}`;
}

/** The first value given to `--flag` (as `--flag v` or `--flag=v`) that is none of `choices`. */
function badChoice(args: readonly string[], flag: string, choices: readonly string[]): string | undefined {
  const values = args.flatMap((a, i) => (a === `--${flag}` ? [args[i + 1] ?? ''] : a.startsWith(`--${flag}=`) ? [a.slice(flag.length + 3)] : []));
  return values.find((v) => !choices.includes(v));
}

/** yargs says "Unknown argument: move" (or "Unknown arguments: a, b"): add a suggestion. */
function explainUnknown(message: string, known: readonly string[], args: readonly string[], positionalHint: string): string {
  const match = /^Unknown arguments?: (.+)$/.exec(message);
  if (!match) return message;
  const first = match[1]!.split(',')[0]!.trim();
  // A bare word (no dashes) is no option at all: yargs names it as one all the same.
  if (args.includes(first)) return `unexpected argument ${quote(first)} (${positionalHint})`;
  const flag = first.length === 1 ? `-${first}` : `--${first}`;
  const suggestion = suggestFlag(first, known);
  return `unknown option ${excerpt(flag)}${suggestion ? ` (did you mean --${suggestion}?)` : ''}; see --help`;
}

/**
 * Parse with an option table in-process: every yargs complaint becomes an
 * InputError (`prefix` starts its message; an unknown flag gets a
 * suggestion), help and version text comes back instead of being printed,
 * and positional arguments are refused.
 */
export async function parseArgs(table: Argv, args: readonly string[], prefix: string, positionalHint: string): Promise<Parsed> {
  refuseNegativeValues(args);
  let printed = '';
  // getOptions() is on every yargs instance, though its types leave it out.
  const options = () => (table as unknown as { getOptions(): { key: Record<string, unknown>; choices?: Record<string, readonly string[]> } }).getOptions();
  const known = (): string[] => Object.keys(options().key).filter((k) => k.length > 1);
  const parser = table
    .alias('h', 'help')
    .exitProcess(false)
    .fail((message, error) => {
      if (error instanceof InputError) throw error;
      // yargs' "Invalid values: Argument: format, Given: ..." becomes one line naming the nearest choice.
      for (const [flag, list] of Object.entries(options().choices ?? {})) {
        const bad = /^Invalid values:/.test(message ?? '') ? badChoice(args, flag, list) : undefined;
        if (bad !== undefined) throw new InputError(`${prefix}${notAChoice(flag, bad, list)}`);
      }
      throw new InputError(`${prefix}${explainUnknown(message || error?.message || 'invalid command line', known(), args, positionalHint)}`);
    });
  const argv = (await parser.parseAsync([...args], {}, (_error, _argv, output) => {
    printed = output;
  })) as Record<string, unknown>;
  if (printed) return { output: printed };
  const positional = (argv._ as unknown[]).map(String);
  if (positional.length) {
    const word = positional[0]!;
    const suggestion = suggestFlag(word, known());
    throw new InputError(`${prefix}unexpected argument ${quote(word)} (${suggestion ? `did you mean --${suggestion}? ` : ''}${positionalHint})`);
  }
  return { argv };
}
