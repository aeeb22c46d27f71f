/**
 * The terminal as a good CLI (issue 43): no style left on after any output,
 * choice flags that name the nearest choice, play's line editing and words,
 * and a progress line that fits, says how far, and is erased on every way out.
 */
import { describe, expect, it } from 'vitest';
import { expectBadInput, runCli } from './helpers/cli.js';
import { runPty, sgrLeftOn } from './helpers/pty.js';
import { EXPLORE_OPTIONS } from '../src/cli/options.js';
import { FORMAT_NAMES } from '../src/report/formats.js';

describe('no style escape is left on after any output', () => {
  it('the state machine sees bold left on by a colour reset, and nothing left by a full reset', () => {
    expect(sgrLeftOn('\u001b[1mP\u001b[39m')).toEqual(['bold']);
    expect(sgrLeftOn('\u001b[1mP\u001b[22m \u001b[2;33mx\u001b[0m')).toEqual([]);
    expect(sgrLeftOn('\u001b[38;5;200mx')).toEqual(['fg 38;5;200']);
    expect(sgrLeftOn('\u001b[38;2;1;2;3mx\u001b[39m\u001b[4m')).toEqual(['underline']);
  });

  const shapes: [string, string[]][] = [
    ['heap table', ['--moves', '1,2,3', '--max', '8']],
    ['heap table with a preperiod', ['--preset', 'kayles', '--max', '100']],
    ['no period', ['--code', '0.07', '--max', '40', '--limit', '40']],
    ['position', ['--preset', 'nim', '--position', '3', '5', '7']],
    ['values at heaps', ['--moves', '1,2', '--at', '5', '6']],
    ['graph', ['--graph', 'test/fixtures/graph/loopy.txt']],
    ['two-pile grid', ['--preset', 'wythoff', '--max', '12']],
    ['misère', ['--preset', 'kayles', '--misere', '--max', '30']],
    ['misère position', ['--moves', '1,2,3', '--misere', '--position', '4', '5']],
  ];
  for (const [shape, args] of shapes) {
    for (const format of FORMAT_NAMES) {
      it(`${shape}, --format ${format}, on a terminal`, async () => {
        const run = await runPty([...args, '--format', format]);
        expect(run.timedOut).toBe(false);
        // A format a shape has no use for is refused (a position has no picture): that line must leave no style on either.
        if (run.code !== 0) expect(run.output, `exit ${run.code}`).toMatch(/does not apply/);
        expect(sgrLeftOn(run.output), run.output).toEqual([]);
      });
    }
  }

  it('the heap table is coloured on a terminal (so the check above looks at colour), and every bold ends', async () => {
    const run = await runPty(['--moves', '1,2,3', '--max', '8']);
    expect(run.output).toContain('\u001b[1m');
    // After each bold, its end comes before the line does.
    for (const line of run.output.split('\n')) expect(sgrLeftOn(line), line).toEqual([]);
  });

  it('a sweep table on a terminal leaves no style on', async () => {
    const run = await runPty(['sweep', '--family', 'subtraction', '--size', '1', '--max-move', '4']);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('\u001b[');
    expect(sgrLeftOn(run.output), run.output).toEqual([]);
  });
});

describe('a choice flag given a near miss names the nearest choice, in one line, exit 2', () => {
  const explore = Object.entries(EXPLORE_OPTIONS).filter(([, spec]) => 'choices' in spec && spec.choices);
  /** A near miss: the first two letters swapped (or, for a two-letter word, one letter doubled). */
  const nearMiss = (word: string) => (word.length > 2 ? word[1]! + word[0]! + word.slice(2) : word + word.at(-1));

  it('the option table has choice flags to test', () => expect(explore.map(([name]) => name).sort()).toEqual(['answer', 'format', 'input']));

  for (const [flag, spec] of explore) {
    const choices = (spec as { choices: readonly string[] }).choices;
    for (const choice of choices) {
      it(`--${flag} ${nearMiss(choice)} (for ${choice})`, async () => {
        const typed = nearMiss(choice);
        const run = await runCli(['--moves', '1,2', `--${flag}`, typed]);
        const line = expectBadInput(run, `--${flag} ${typed}`);
        expect(line).toBe(`sg-explore: --${flag}: '${typed}' is not one of ${choices.join(', ')}; did you mean ${choice}?`);
      });
    }
  }

  it('--format=cvs (the = form) and a value far from every choice', async () => {
    expect(expectBadInput(await runCli(['--moves', '1', '--format=cvs']), '--format=cvs')).toContain("'cvs' is not one of table, csv, json, html; did you mean csv?");
    expect(expectBadInput(await runCli(['--moves', '1', '--format', 'xyzzy']), 'xyzzy')).toBe(`sg-explore: --format: 'xyzzy' is not one of ${FORMAT_NAMES.join(', ')}`);
  });

  it("the choice flags that are checked by hand: sweep's --format and --family, play's --first and --lang", async () => {
    const cases: [string[], string][] = [
      [['sweep', '--family', 'octal', '--digits', '1', '--format', 'josnl'], "--format: 'josnl' is not one of table, csv, jsonl; did you mean jsonl?"],
      [['sweep', '--family', 'ocatl', '--digits', '1'], "--family: 'ocatl' is not one of subtraction, octal, all-but (or give --rules FILE); did you mean octal?"],
      [['play', '--preset', 'nim', '--first', 'copmuter'], "--first: 'copmuter' is not one of human, computer; did you mean computer?"],
      [['play', '--preset', 'nim', '--lang', 'ze'], "--lang: 'ze' is not one of en, zh; did you mean zh?"],
    ];
    for (const [args, words] of cases) expect(expectBadInput(await runCli(args), args.join(' '))).toBe(`sg-explore: ${words}`);
  });

  it('a heading names a rule with one space before its name (no double spaces in any heading)', async () => {
    for (const args of [['--preset', 'kayles', '--max', '20'], ['--preset', 'nim', '--max', '5'], ['--rule', 'examples/kayles.json', '--max', '20'], ['--preset', 'wythoff', '--max', '5']]) {
      const run = await runCli(args);
      expect(run.code, run.stderr).toBe(0);
      const rule = run.stdout.split('\n').find((l) => l.includes('Rule'))!;
      expect(rule, args.join(' ')).toBeDefined();
      expect(rule.replace(/^(│ )?Rule +(│)?/, '').replace(/│$/, '').trim(), args.join(' ')).not.toMatch(/\S {2,}\S/);
    }
    expect((await runCli(['--preset', 'kayles', '--max', '20'])).stdout).toContain('octal 0.77 (kayles)');
  });
});
