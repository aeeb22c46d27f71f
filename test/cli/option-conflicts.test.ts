import { describe, expect, it } from 'vitest';
import { EXPLORE_CONFLICTS, EXPLORE_OPTIONS, REQUEST_FLAGS, parseCommandLine } from '../../src/cli/options.js';

/** Every conflict of the table, with the message the hand-written checks gave (byte for byte). */
const CASES: [string[], string][] = [
  [['--position', '3', '--max', '5'], '--position evaluates one position; --max asks for a table (give one or the other)'],
  [['--position', '3', '--checkpoint', 'k'], '--position evaluates one position; --checkpoint asks for a table (give one or the other)'],
  [['--check', 'g == 0', '--at', '5'], '--check checks a conjecture against a table; --at asks for single values (give one or the other)'],
  [['--check', 'g == 0', '--misere'], '--check checks a conjecture against a table; --misere asks for misère outcomes (give one or the other)'],
  [['--check', 'g == 0', '--plot', 'a.svg'], '--check checks a conjecture against a table; --plot asks for a picture (give one or the other)'],
  [['--emit', 'js', '--format', 'json'], '--emit writes the pattern of the game as code; --format does not apply to it (give one or the other)'],
  [['--emit', 'js', '--misere'], '--emit writes the pattern of the game as code; --misere does not apply to it (give one or the other)'],
  [['--genus', '--quotient'], 'give --genus or --quotient, not both'],
  [['--genus', '--limit', '5'], '--genus makes a table of heaps 0..max; --limit does not apply to it (give one or the other)'],
  [['--quotient', '--rows', '0..3'], '--quotient makes a table of heaps 0..max; --rows does not apply to it (give one or the other)'],
  // The first conflict in the table's order is the one told.
  [['--check', 'g == 0', '--position', '3', '--max', '5'], '--position evaluates one position; --max asks for a table (give one or the other)'],
];

describe('the conflicts of the option table', () => {
  for (const quick of [true, false]) {
    for (const [args, message] of CASES) {
      it(`${args.join(' ')}${quick ? '' : ' (through yargs)'}`, async () => {
        await expect(parseCommandLine(['--moves', '1,2,3', ...args], undefined, false, quick)).rejects.toThrow(message);
      });
    }
  }

  it('--no-misere is no conflict', async () => {
    const parsed = await parseCommandLine(['--moves', '1,2,3', '--check', 'g == 0', '--no-misere']);
    expect(parsed.command?.command).toBe('explore');
  });

  it('names only flags of the table', () => {
    for (const [flag, conflicts] of Object.entries(EXPLORE_CONFLICTS)) {
      expect(EXPLORE_OPTIONS[flag], flag).toBeDefined();
      for (const other of conflicts!.with) expect(EXPLORE_OPTIONS[other], other).toBeDefined();
    }
  });

  it('gives every request field its flags, each a flag of the table, or says it is not a flag', () => {
    for (const [field, entry] of Object.entries(REQUEST_FLAGS)) {
      if ('notAFlag' in entry) expect(entry.notAFlag, field).not.toBe('');
      else for (const flag of entry.flags) expect(EXPLORE_OPTIONS[flag], `${field}: --${flag}`).toBeDefined();
    }
  });
});
