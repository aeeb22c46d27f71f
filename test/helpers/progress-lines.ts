/**
 * The lines a run writes on stderr to say it is alive, when stderr is no terminal (src/cli/progress.ts and
 * src/cli/sweep-progress.ts, "lines" mode): none in the first 10 s, then one a minute. A test's run takes over 10 s
 * only on a slow or busy machine, so a test that reads stderr for what the program *says* reads it without them.
 * Each is recognised whole, part by part as the product writes it (test/cli/progress-lines.test.ts feeds the real
 * reporters to this pattern); anything else on stderr stays.
 */
const COUNT = String.raw`\d{1,3}(?:,\d{3})*`;
/** clockTime: m:ss or h:mm:ss. */
const CLOCK = String.raw`(?:\d+:)?\d+:\d\d`;

/** A heap run's, a play evaluation's or a module's line: "computing: 1,000 values of at most 1,000,001 (0%), 99/s, 10.1 s, ~2:47 left (no proof yet)". */
const COMPUTING = [
  `computing: ${COUNT} [a-z]+(?: [a-z]+)*`,
  `(?: of at most ${COUNT} \\(\\d{1,3}%\\))?`,
  `, ${COUNT}/s, \\d+\\.\\d s`,
  `(?:, ~${CLOCK} left)?`,
  String.raw`(?: \(no proof yet\))?`,
].join('');

/** A sweep's line: "sweep: 20/1,000 rules (2%), 2.0 rules/s, no ETA yet, elapsed 0:10". */
const SWEEP = [
  `sweep: ${COUNT}/${COUNT} rules(?: \\(\\d{1,3}%\\))?`,
  `, (?:${COUNT}|\\d\\.\\d) rules/s`,
  `, (?:ETA ~${CLOCK} \\(guessed from costs\\)|no ETA yet|ETA unknown \\(the pace varies\\)|ETA ${CLOCK})`,
  `, elapsed ${CLOCK}`,
].join('');

const PROGRESS_LINE = new RegExp(`^sg-explore: (?:${COMPUTING}|${SWEEP})\\n`, 'gm');

/** `stderr` without the program's "still working" lines (see above), every other byte as it was. */
export function withoutProgressLines(stderr: string): string {
  return stderr.replace(PROGRESS_LINE, '');
}
