import type { Argv } from 'yargs';
import { InputError } from '../errors.js';
import type { Sink } from '../report/sink.js';

/** What the user's terminal should see in colour: a TTY, unless NO_COLOR is set or TERM is dumb. */
export function colourWanted(sink: Sink): boolean {
  return sink.isTerminal && !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') && process.env.TERM !== 'dumb';
}

/** A flag's one value; yargs would silently keep the last of repeated values, so refuse instead. */
export function single(value: unknown, flag: string): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length > 1) throw new InputError(`--${flag} was given ${value.length} times; give it once`);
    return value.length ? String(value[0]) : undefined;
  }
  return String(value);
}

export interface Parsed {
  /** The parsed flags, or nothing when yargs printed text itself (help, version). */
  readonly argv?: Record<string, unknown>;
  readonly output?: string;
}

/**
 * Parse with an option table in-process: every yargs complaint becomes an
 * InputError (`prefix` starts its message), help and version text comes back
 * instead of being printed, and positional arguments are refused.
 */
export async function parseArgs(table: Argv, args: readonly string[], prefix: string, positionalHint: string): Promise<Parsed> {
  let printed = '';
  const parser = table.exitProcess(false).fail((message, error) => {
    throw error instanceof InputError ? error : new InputError(`${prefix}${message || error?.message || 'invalid command line'}`);
  });
  const argv = (await parser.parseAsync([...args], {}, (_error, _argv, output) => {
    printed = output;
  })) as Record<string, unknown>;
  if (printed) return { output: printed };
  const positional = (argv._ as unknown[]).map(String);
  if (positional.length) throw new InputError(`${prefix}unexpected argument '${positional[0]}' (${positionalHint})`);
  return { argv };
}
