/**
 * One CLI run in its own process, for the output benchmark: runs main() with
 * this process's real streams (so stdout is whatever the parent made it: a
 * file, a pipe) and, at the end, writes one JSON line to stderr with the
 * time and this process's peak RSS.
 *
 *   node dist/bench/output-run.js ARGS...
 */
import { main } from '../src/cli/main.js';
import { peakRssMiB } from './measure.js';

const started = process.hrtime.bigint();
const code = await main(process.argv.slice(2));
process.stderr.write(
  JSON.stringify({ code, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakRssMiB: peakRssMiB() }) + '\n',
);
process.exitCode = code;
