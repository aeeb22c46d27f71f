import { describe, expect, it } from 'vitest';
import { COMMAND_NOT_A_FLAG, EXPLORE_OPTIONS, REQUEST_FLAGS, RULE_FLAGS, parseCommandLine } from '../../src/cli/options.js';
import { DUEL_OPTIONS, parseDuelLine } from '../../src/cli/duel.js';
import { flagOf } from '../../src/core/flags.js';
import { SWEEP_GROUPS, SWEEP_OPTIONS, parseSweepLine } from '../../src/cli/sweep-options.js';
import { InputError, type InputField } from '../../src/core/errors.js';
import { inLanguage } from '../../src/cli/error-words.js';
import { translator } from '../../src/core/i18n/index.js';
import { FAMILY_NAMES } from '../../src/sweep/family.js';

/** Every conflict of the table, with the message the hand-written checks gave (byte for byte). */
const CASES: [string[], string][] = [
  [['--position', '3', '--max', '5'], '--position evaluates one position; --max asks for a table (give one or the other)'],
  [['--position', '3', '--checkpoint', 'k'], '--position evaluates one position; --checkpoint asks for a table (give one or the other)'],
  [['--check', 'g == 0', '--at', '5'], '--check checks a conjecture against a table; --at asks for single values (give one or the other)'],
  [['--check', 'g == 0', '--misere'], '--check checks a conjecture against a table; --misere asks for misère outcomes (give one or the other)'],
  [['--check', 'g == 0', '--plot', 'a.svg'], '--check checks a conjecture against a table; --plot asks for a picture (give one or the other)'],
  [['--emit', 'js', '--format', 'json'], '--emit writes the pattern of the game as code; --format does not apply to it (give one or the other)'],
  [['--emit', 'js', '--misere'], "--emit writes the pattern of the game as code; --misere does not apply to it (give one or the other; --emit LANG --program writes a whole misère program for Nim, by Bouton's misère rule)"],
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

describe("the clashes and needs of sweep's option table", () => {
  const cases: [string[], string][] = [
    [['--from', 'a.jsonl', '--resume'], '--resume does not apply to --from (it reads results; nothing is computed)'],
    [['--merge', 'a.jsonl', '--threads', '2'], '--threads does not apply to --merge (it reads results; nothing is computed)'],
    [['--merge', 'a.jsonl', '--yes'], '--yes applies to a sweep that computes'],
    [['--rules', 'r.txt', '--digits', '2'], '--digits describes a --family; it does not apply to --rules'],
    [['--family', 'octal', '--digits', '2', '--max-move', '3'], '--max-move applies to --family subtraction and all-but, not octal (octal codes take --digits)'],
    [['--family', 'All-But', '--size', '2', '--max-move', '3', '--prefix', '4'], '--prefix applies to --family octal, not all-but'],
    [['--family', 'octal'], '--family octal needs --digits D (or a range such as 1-3)'],
    [['--family', 'subtraction', '--size', '2'], '--family subtraction needs --max-move M (the largest move a set may hold)'],
    [['--family', 'octal', '--digits', '1', '--resume'], '--resume needs --out FILE (the results file to continue)'],
    [['--family', 'octal', '--digits', '1', '--frequencies', 'f.jsonl'], '--frequencies applies to --rules FILE (a list of rules), not to a --family'],
    [['--family', 'octal', '--digits', '1', '--partial'], '--partial applies to --merge'],
    // Its group: exactly one source; then the family's values.
    [['--limit', '5'], `sweep: say what to sweep: --family ${FAMILY_NAMES.join('|')}, --rules FILE, or --from/--merge FILE... (see sg-explore sweep --help)`],
    [['--family', 'octal', '--rules', 'r.txt'], 'sweep: give one of --family, --rules, --from, --merge (not --family and --rules)'],
    [['--from', 'a', '--merge', 'b', '--family', 'nope'], 'sweep: give one of --family, --rules, --from, --merge (not --family and --from and --merge)'],
    [['--family', ' Nope ', '--size', '2'], `--family: 'nope' is not one of ${FAMILY_NAMES.join(', ')} (or give --rules FILE)`],
  ];
  for (const [args, message] of cases) {
    it(args.join(' '), async () => {
      await expect(parseSweepLine(args)).rejects.toThrow(message);
    });
  }

  it("names its sources in one group of the table, each a flag of it that --help's usage line shows, in its order", async () => {
    const [sources] = SWEEP_GROUPS;
    for (const flag of sources.exactlyOne) expect(SWEEP_OPTIONS[flag], flag).toBeDefined();
    const usage = (await parseSweepLine(['--help'])).output!.split('\n')[0]!;
    expect([...usage.matchAll(/--([a-z-]+)/g)].map((m) => m[1])).toEqual(sources.exactlyOne);
    // Every flag that sets the command's source or files, and no other, is one of the group or describes a family.
    const setters = Object.entries(SWEEP_OPTIONS).filter(([, e]) => e.field === 'source' || e.field === 'files').map(([flag]) => flag);
    for (const flag of setters) expect((sources.exactlyOne as readonly string[]).includes(flag) || (SWEEP_OPTIONS as Record<string, { conflicts?: unknown }>)[flag]!.conflicts !== undefined, flag).toBe(true);
  });

  it('takes what each source takes', async () => {
    expect((await parseSweepLine(['--family', 'octal', '--digits', '1-2', '--prefix', '4'])).command).toMatchObject({ mode: 'sweep', source: { family: { kind: 'octal', digits: { from: 1, to: 2 }, prefix: 4 } } });
    expect((await parseSweepLine(['--merge', 'a.jsonl', 'b.jsonl', '--partial'])).command).toMatchObject({ mode: 'view', files: ['a.jsonl', 'b.jsonl'], partial: true });
    expect((await parseSweepLine(['--rules', 'r.txt', '--out', 'o.csv', '--resume'])).command).toMatchObject({ mode: 'sweep', source: { rulesFile: 'r.txt' }, resume: true });
  });
});

describe('what sg-explore play refuses is the option table\'s (refusedIn), said in play\'s language', () => {
  const refused = Object.entries(EXPLORE_OPTIONS).filter(([, entry]) => entry.refusedIn?.with.includes('play'));
  const args: Record<string, string[]> = { input: ['--input', 'heaps', '--position', '-'], answer: ['--answer', 'winner', '--position', '3'], format: ['--format', 'csv'], out: ['--out', 'x.csv'] };

  it('refuses --out, --format, --answer and --input, and each only in play', async () => {
    expect(refused.map(([flag]) => flag).sort()).toEqual(Object.keys(args).sort());
    for (const [flag] of refused) {
      const error = await parseCommandLine(['--preset', 'nim', ...args[flag]!], undefined, true).catch((e: unknown) => e);
      expect(error, flag).toBeInstanceOf(InputError);
      const named = flag === 'out' || flag === 'format' ? '--out, --format' : `--${flag}`;
      expect((error as Error).message, flag).toBe(`play talks on the terminal: ${named} do not apply here`);
      expect((inLanguage(error, translator('zh')) as Error).message, flag).toBe(`play 在终端上对弈：这里不能用 ${named}`);
      expect((await parseCommandLine(['--preset', 'nim', ...args[flag]!])).command?.command, flag).toBe('explore');
    }
  });

  it('tells a clash of the table first (it says more)', async () => {
    await expect(parseCommandLine(['--preset', 'nim', '--answer', 'winner', '--position', '3', '--format', 'json'], undefined, true)).rejects.toThrow("--answer winner prints the judge's lines; --format does not apply (give one or the other)");
    await expect(parseCommandLine(['--preset', 'nim', '--format', 'json', '--emit', 'js'], undefined, true)).rejects.toThrow('--emit writes code; sg-explore play plays the game (give one or the other)');
  });
});

describe('sg-explore duel takes the flags its option entries mark (duel: true), and no other of the table', () => {
  it('passes on each marked flag, and refuses each other one by name', async () => {
    const own = Object.entries(EXPLORE_OPTIONS).filter(([flag]) => !RULE_FLAGS.includes(flag) && !Object.hasOwn(DUEL_OPTIONS, flag));
    const marked = own.filter(([, entry]) => entry.duel).map(([flag]) => flag);
    expect(marked).toEqual(expect.arrayContaining(['input', 'answer', 'misere']));
    for (const [flag, entry] of own) {
      const args = ['--preset', 'nim', `--${flag}`, ...(entry.type === 'boolean' ? [] : ['1']), '--solution', 'true'];
      const outcome = await parseDuelLine(args, undefined as never).then(() => 'taken', (error: Error) => error.message);
      if (entry.duel) expect(outcome, flag).not.toMatch(/^duel does not take/);
      else expect(outcome, flag).toMatch(new RegExp(`^duel does not take --${flag}\\b`));
    }
  });
});

describe("duel's help lists the game's flags its entries mark (duel: 'listed')", () => {
  it("shows each marked flag, the layout and the answer (Contest:) first, each in the table's order; and every Contest: flag duel takes", async () => {
    const { duelHelp } = await import('../../src/cli/duel.js');
    const shown = [...duelHelp(200).matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]!).filter((flag) => !Object.hasOwn(DUEL_OPTIONS, flag));
    const listed = Object.keys(EXPLORE_OPTIONS).filter((flag) => EXPLORE_OPTIONS[flag]!.duel === 'listed');
    const contest = listed.filter((flag) => EXPLORE_OPTIONS[flag]!.group === 'Contest:');
    expect(shown).toEqual([...contest, ...listed.filter((flag) => !contest.includes(flag))]);
    for (const [flag, entry] of Object.entries(EXPLORE_OPTIONS)) if (entry.duel && entry.group === 'Contest:') expect(shown, flag).toContain(flag);
    expect(shown).toEqual(['input', 'sentinel', 'components', 'answer', 'words', 'words-separator', 'prefix', 'between', 'move-format', 'misere']);
  });
});
