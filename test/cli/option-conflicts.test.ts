import { describe, expect, it } from 'vitest';
import { COMMAND_NOT_A_FLAG, EXPLORE_OPTIONS, REQUEST_FLAGS, parseCommandLine } from '../../src/cli/options.js';
import { flagOf } from '../../src/core/flags.js';
import type { InputField } from '../../src/core/errors.js';

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
  [['--at', '5', '--max', '9'], 'give --max (a range of heaps) or --at (single heaps), not both'],
  [['--checkpoint', 'k', '--force', '--resume'], '--force and --resume contradict each other: --resume continues the checkpoint, --force starts it afresh'],
  [['--position', '3', '--plot', 'a.svg'], '--plot draws tables; a position or a misère table has no picture'],
  [['--misere', '--plot', 'a.svg'], '--plot draws tables; a position or a misère table has no picture'],
  [['--misere', '--checkpoint', 'k'], '--misere tables take --max N (heaps 0..N)'],
  [['--position', '3', '--answer', 'move', '--format', 'json'], "--answer move prints the judge's lines; --format does not apply (give one or the other)"],
  // A flag without what it needs.
  [['--resume'], '--resume needs --checkpoint FILE (the file to continue from)'],
  [['--checkpoint-every', '5'], '--checkpoint-every needs --checkpoint FILE'],
  [['--force'], '--force applies to --checkpoint FILE (to overwrite it)'],
  [['--seed', '3'], '--seed is for sg-explore play'],
  [['--program'], '--program writes a whole program with --emit LANG: give --emit too'],
  [['--position', '3', '--input', 'counted'], '--input counted says how standard input is laid out: use it with --position -'],
  [['--position', '-', '--input', 'eof'], '--input eof reads several positions: answer them with --answer (winner, move, count, moves)'],
  [['--max', '3', '--answer', 'move'], '--answer move answers positions: give --position (heaps, or - to read them from standard input)'],
  [['--position', '-', '--sentinel', '0', '--answer', 'winner'], '--sentinel shapes the layout of standard input: give --input too'],
  [['--position', '-', '--components', '2', '--answer', 'winner'], '--components shapes the layout of standard input: give --input too'],
  [['--position', '3', '--words', 'a,b'], '--words gives the words of --answer winner or --answer move: give --answer too'],
  [['--position', '3', '--prefix', 'x'], '--prefix shapes the answer: give --answer too'],
  [['--position', '3', '--answer', 'winner', '--words-separator', '|'], '--words-separator separates the phrases of --words: give --words too'],
  [['--position', '3', '--answer', 'winner', '--between', ' '], "--between joins the answers of a case's positions, which only a case with a rule of its own has (a rule's word given as -, such as --moves -)"],
  [['--position', '3', '--answer', 'count', '--move-format', '{heap}'], '--move-format writes the moves of --answer move or moves, not of --answer count'],
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

  it('--moves - outside cases read from standard input is refused by the table (the rule word\'s need)', async () => {
    await expect(parseCommandLine(['--moves', '-', '--position', '3', '--answer', 'winner'])).rejects.toThrow('--moves -: the rule comes from each case of standard input: give --position - and --input cases, until or eof');
    const parsed = await parseCommandLine(['--moves', '-', '--position', '-', '--input', 'until', '--answer', 'winner']);
    expect(parsed.command?.command === 'explore' && parsed.command.layout?.rule).toBe('moves');
  });

  it('a play flag is taken by sg-explore play, and --check is refused there', async () => {
    const parsed = await parseCommandLine(['--moves', '1,2,3', '--seed', '3'], undefined, true);
    expect(parsed.command?.command === 'explore' && parsed.command.play?.seed).toBe(3);
    await expect(parseCommandLine(['--moves', '1,2,3', '--check', 'g == 0'], undefined, true)).rejects.toThrow('--check is for tables, not for sg-explore play');
    await expect(parseCommandLine(['--moves', '1,2,3', '--genus'], undefined, true)).rejects.toThrow('--genus makes a table; sg-explore play plays the game');
  });

  it('names in its clashes and needs only flags of the table, or facts of the command line', () => {
    const facts = ['play', 'stdin', 'stdin-cases', 'case-rule'];
    const named = (fact: string | { flag: string }) => (typeof fact === 'string' ? fact : fact.flag);
    for (const [flag, entry] of Object.entries(EXPLORE_OPTIONS)) {
      for (const fact of [...(entry.needs ?? []).flatMap((n) => n.any), ...(entry.conflicts ?? []).flatMap((c) => c.with)]) {
        const name = named(fact);
        expect(EXPLORE_OPTIONS[name] !== undefined || facts.includes(name), `${flag}: ${name}`).toBe(true);
      }
    }
  });

  it('gives every field of the command a flag, or says why none sets it', () => {
    const set = new Set(Object.values(EXPLORE_OPTIONS).map((entry) => entry.field));
    for (const [field, why] of Object.entries(COMMAND_NOT_A_FLAG)) {
      expect(set.has(field as never), field).toBe(false);
      expect(why, field).not.toBe('');
    }
    expect(set.has('game')).toBe(true);
  });

  it("names a request field in messages by a flag that sets it (core/flags.ts agrees with the table)", () => {
    for (const [field, entry] of Object.entries(REQUEST_FLAGS)) {
      const flag = flagOf(field as InputField);
      if ('flags' in entry && flag !== field) expect(entry.flags.map((f) => `--${f}`), field).toContain(flag);
    }
  });

  it('gives every request field its flags, each a flag of the table, or says it is not a flag', () => {
    for (const [field, entry] of Object.entries(REQUEST_FLAGS)) {
      if ('notAFlag' in entry) expect(entry.notAFlag, field).not.toBe('');
      else for (const flag of entry.flags) expect(EXPLORE_OPTIONS[flag], `${field}: --${flag}`).toBeDefined();
    }
  });
});
