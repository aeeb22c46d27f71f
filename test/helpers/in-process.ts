import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import type { CliIo, OutputStream } from '../../src/cli/io.js';
import { cliEnv } from './cli.js';
import { withoutProgressLines } from './progress-lines.js';

/** How an in-process run of main() ended, and what it wrote. */
export interface InProcessRun {
  code: number;
  stdout: string;
  /** What it wrote on stderr, less the lines that say it is still working (helpers/progress-lines.ts). */
  stderr: string;
  /** Same shape as a CliRun, for expectBadInput. */
  timedOut: false;
  /** Seconds main() took. */
  seconds: number;
}

function collector(): { stream: OutputStream; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream, text: () => text };
}

/**
 * Run the CLI's main() in this process with captured streams: for bad-input
 * cases and anything that needs no real process (signals, pipes and exit
 * codes of the binary are tested with runCli). stdin is empty unless given.
 */
export async function runMain(args: readonly string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<InProcessRun> {
  const out = collector();
  const err = collector();
  const io: CliIo = { stdout: out.stream, stderr: err.stream, stdin: Readable.from([options.stdin ?? '']), env: cliEnv(options.env) };
  const started = performance.now();
  const code = await main(args, io);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: out.text(), stderr: withoutProgressLines(err.text()), timedOut: false, seconds };
}
