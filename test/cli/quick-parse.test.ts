import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/options.js';
import { quickParse } from '../../src/cli/quick-parse.js';
import { EXPLORE_OPTIONS } from '../../src/cli/options.js';

/** The quick reader and yargs must read every everyday command line the same way. */
const LINES: string[][] = [
  ['--moves', '1,2,3', '--max', '1e6'],
  ['--moves=1,2,3', '--max=2^20', '--format', 'csv'],
  ['--all-but', '2,3,7', '--at', '5', '10', '10^18', '--format', 'json'],
  ['--preset', 'kayles', '--no-progress', '--limit', '4096'],
  ['--code', '0.77', '--checkpoint', 'k.ckpt', '--checkpoint-every', '5', '--resume', '--threads', '2'],
  ['--preset', 'officers', '--checkpoint', 'o.ckpt', '--force', '--progress'],
  ['--preset', 'nim', '--position', '3', '6', '9', '--misere'],
  ['--preset', 'wythoff', '--rows', '0..15', '--max', '1e5', '--out', 'w.json'],
  ['--vectors', '(1,0) (0,1) (1,1)x2', '--max', '10'],
  ['--rule', 'game.yaml', '--timeout', '500'],
  ['--moves', '1,2', '--at', '3', '--at', '4'],
];

describe('the quick command-line reader', () => {
  it.each(LINES.map((l) => [l.join(' '), l]))('reads %s as yargs does', async (_, args) => {
    expect(quickParse(args, EXPLORE_OPTIONS), 'taken by the quick reader').not.toBeNull();
    const quick = await parseCommandLine(args);
    const full = await parseCommandLine(args, undefined, false, false);
    expect(quick).toEqual(full);
  });

  it('leaves to yargs what it is not sure of', () => {
    for (const args of [['-h'], ['--help'], ['--version'], ['--move', '1'], ['--moves', '1', 'extra'], ['--max', '-5', '--moves', '1'], ['--format', 'xml', '--moves', '1'], ['--misere=yes']]) {
      expect(quickParse(args, EXPLORE_OPTIONS), args.join(' ')).toBeNull();
    }
  });
});
