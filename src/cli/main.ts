#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InputError, WorkerStartError, printableMessage, quote } from '../core/errors.js';
import { inCliWords } from './error-words.js';
import { suggestFlag } from './common.js';
import { SUBCOMMAND_NAMES, isSubcommand, type Subcommand } from './commands.js';
import { parseCommandLine } from './options.js';
import { runCommand } from './run.js';
import { ClosedPipe, OutputError } from '../host/sink.js';
import { discardAll } from '../host/files/temporary.js';
import { Interrupted, freshLine, installSignalHandlers } from './interrupt.js';
import { processIo, type CliIo } from './io.js';
import { installNodeHost } from '../host/node-host.js';

installNodeHost();

/** Exit codes of the output contract. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;


/** Run the CLI on `args`; returns the exit code. Messages go to stderr, one line each. */
export async function main(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    if (isSubcommand(args[0])) return await (await RUNNERS[args[0]]())(args.slice(1), io);
    refuseMistypedCommand(args[0]);
    const parsed = await parseCommandLine(args, io);
    if (parsed.output !== undefined) {
      io.stdout.write(parsed.output.endsWith('\n') ? parsed.output : parsed.output + '\n');
      return EXIT_OK;
    }
    // A --check that fails says so by its exit code (run.ts: EXIT_COUNTEREXAMPLE).
    return (await runCommand(parsed.command!, io)) ?? EXIT_OK;
  } catch (thrown) {
    discardAll();
    // The library's errors name its fields (max, checkpoint); the CLI names its flags (--max, --checkpoint).
    const error = inCliWords(thrown);
    if (error instanceof ClosedPipe) return EXIT_OK;
    if (error instanceof Interrupted) {
      io.stderr.write(`${freshLine(io.stderr)}sg-explore: ${printableMessage(error)}\n`);
      return error.exitCode;
    }
    if (error instanceof OutputError) {
      io.stderr.write(`sg-explore: ${printableMessage(error)}\n`);
      return EXIT_FAILURE;
    }
    if (error instanceof InputError) {
      io.stderr.write(`sg-explore: ${printableMessage(error)}\n`);
      return EXIT_BAD_INPUT;
    }
    // Not the user's input, and no bug of sg-explore's either: said as it is (as a sweep says it), without "internal error".
    if (error instanceof WorkerStartError) {
      io.stderr.write(`sg-explore: ${printableMessage(error)}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`sg-explore: internal error: ${printableMessage(error)}\n`);
    if (io.env.SG_EXPLORE_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return EXIT_FAILURE;
  }
}

type Runner = (args: readonly string[], io: CliIo) => Promise<number>;
/** Each subcommand's runner, loaded when it is asked for (the compiler asks for one per subcommand of commands.ts). */
const RUNNERS: Readonly<Record<Subcommand, () => Promise<Runner>>> = {
  sweep: async () => (await import('./sweep.js')).sweepMain,
  play: async () => (await import('./play.js')).playMain,
  duel: async () => (await import('./duel.js')).duelMain,
  serve: async () => (await import('./serve.js')).serveMain,
};

/**
 * A first word that is no flag but close to a subcommand (`sweeep`, `plya`) is
 * a typo of it: say so, rather than let the flags meant for it be refused one by one.
 */
function refuseMistypedCommand(first: string | undefined): void {
  if (first === undefined || first.startsWith('-')) return;
  const suggestion = suggestFlag(first, SUBCOMMAND_NAMES);
  if (suggestion) throw new InputError(`unknown command ${quote(first)} (did you mean '${suggestion}'?); the commands are ${SUBCOMMAND_NAMES.slice(0, -1).join(', ')} and ${SUBCOMMAND_NAMES[SUBCOMMAND_NAMES.length - 1]}, see --help`);
}

function installHandlers(): void {
  installSignalHandlers();
  // A reader that goes away (| head) is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_OK);
  });
}

/** Run as the program: this process's arguments, signals and exit code. */
export function runProgram(): void {
  installHandlers();
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

// The installed program calls runProgram from its loader (scripts/sg-explore-loader.cjs);
// the compiled module run directly (node dist/src/cli/main.js) runs it itself.
const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) runProgram();
