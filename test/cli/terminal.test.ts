/**
 * The terminal as a good CLI (issue 43): no style left on after any output,
 * choice flags that name the nearest choice, play's line editing and words,
 * and a progress line that fits, says how far, and is erased on every way out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { longTest } from '../helpers/long.js';
import { privateDevice } from '../helpers/scratch.js';
import { expectBadInput, runCli } from '../helpers/cli.js';
import { runPty, sgrLeftOn } from '../helpers/pty.js';
import { runMain } from '../helpers/in-process.js';
import { EXPLORE_OPTIONS } from '../../src/cli/options.js';
import { FORMAT_NAMES } from '../../src/report/formats.js';
import { progressLine, progressParts } from '../../src/cli/progress.js';
import { progressBar } from '../../src/cli/sweep-progress.js';
import { textWidth } from '../../src/cli/wrap-wide.js';
import { PassThrough } from 'node:stream';

/** What stays on the screen: the terminal's text after carriage returns and line erasures are applied, line by line. */
const screen = (output: string) =>
  output
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.split('\r').reduce((shown, part) => (part.startsWith('\u001b[2K') || part.startsWith('\u001b[K') ? part.replace(/^\u001b\[2?K/, '') : shown.length > part.length ? part + shown.slice(part.length) : part), ''))
    .map((line) => line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').replace(/\^C/g, ''));


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
  // The quick run reads every shape and every format (shape i in format i, cycling); [long] reads the other pairs.
  shapes.forEach(([shape, args], i) => {
    FORMAT_NAMES.forEach((format, j) => {
      const quick = j === i % FORMAT_NAMES.length;
      (quick ? it : longTest)(`${shape}, --format ${format}, on a terminal${quick ? '' : ' [long]'}`, async () => {
        const run = await runPty([...args, '--format', format]);
        expect(run.timedOut).toBe(false);
        // A format a shape has no use for is refused (a position has no picture): that line must leave no style on either.
        if (run.code !== 0) expect(run.output, `exit ${run.code}`).toMatch(/does not apply/);
        expect(sgrLeftOn(run.output), run.output).toEqual([]);
      });
    });
  });

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
    expect(expectBadInput(await runCli(['--moves', '1', '--format=cvs']), '--format=cvs')).toContain(`'cvs' is not one of ${FORMAT_NAMES.join(', ')}; did you mean csv?`);
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

describe('the progress line fits the terminal, says how far and how long, and is erased on every way out', () => {
  const widthOf = (line: string) => textWidth(line);
  const parts = progressParts(1_234_567, 10_000_000, 'values', 3.7);

  it('has a percentage and the time left when the end is known, and neither when it is not', () => {
    expect(progressLine(parts, 200)).toBe('computing: 1,234,567 values of at most 10,000,000 (12%), 333,667/s, 3.7 s, ~0:26 left (no proof yet)');
    const open = progressParts(5000, Infinity, 'steps', 2);
    expect(progressLine(open, 200)).toBe('computing: 5,000 steps, 2,500/s, 2.0 s');
    // In the first second the pace says too little for a time left.
    expect(progressParts(10, 100, 'cells', 0.5).left).toBeNull();
  });

  for (const width of [40, 80, 200]) {
    it(`at ${width} columns it fits, giving up whole parts (no word cut), the percentage kept`, () => {
      for (const p of [parts, progressParts(12, 1e15, 'positions searched', 1234.5), progressParts(77, Infinity, 'heaps', 9)]) {
        const line = progressLine(p, width);
        expect(widthOf(line), line).toBeLessThanOrEqual(width);
        // Every word of the line is a whole word of the full line.
        const full = progressLine(p, 1000).split(' ');
        for (const word of line.split(' ')) expect(full.some((w) => w === word || w.replace(/,$/, '') === word.replace(/,$/, '')), `${word} in ${line}`).toBe(true);
        expect(line).toMatch(/^computing: [\d,]+ /);
        if (p.percent !== null) expect(line).toContain(`(${p.percent}%)`);
      }
    });
  }

  it('at 80 columns the line of the report (…/s, 1.6 s (no proo…) loses whole parts instead', () => {
    const line = progressLine(progressParts(5_340_287, 100_000_001, 'values', 1.6), 79);
    expect(line).toBe('computing: 5,340,287 values of at most 100,000,001 (5%), ~0:28 left');
  });

  it('the sweep bar fits 40, 80 and 200 columns with its percentage, on a terminal', async () => {
    for (const columns of [40, 80, 200]) {
      let text = '';
      const stream = Object.assign(new PassThrough(), { columns, isTTY: true });
      stream.setEncoding('utf8').on('data', (c: string) => (text += c));
      const bar = progressBar('terminal', stream, () => 5000);
      bar.update(123, 1000);
      bar.finish();
      await new Promise((resolve) => setImmediate(resolve));
      const drawn = text.split('\r\u001b[2K').filter(Boolean);
      expect(drawn).toHaveLength(1);
      expect(widthOf(drawn[0]!), drawn[0]).toBeLessThanOrEqual(columns - 1);
      expect(drawn[0]).toContain('123/1,000 rules (12%)');
      expect(text.endsWith('\r\u001b[2K')).toBe(true);
    }
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} during a long computation on a terminal: the line is erased, then one message`, async () => {
      const run = await runPty(['--code', '0.6', '--max', '100000000'], { steps: [{ after: 'computing: ', signal, delay: 0.5 }], timeout: 30 });
      expect(run.timedOut, run.output).toBe(false);
      expect(run.code).toBe(signal === 'SIGINT' ? 130 : 143);
      const lines = screen(run.output).filter((l) => l.trim() !== '');
      expect(lines, JSON.stringify(run.output.slice(-400))).toEqual([`sg-explore: stopped by ${signal} (use --checkpoint FILE to keep the work)`]);
      expect(run.output).toMatch(/computing: [\d,]+ values of at most 100,000,001 \(\d+%\)/);
    });
  }

  it('a normal end and an error end leave no progress line on the screen', async (context) => {
    // Device nodes of the test's own (a wrong rename would replace them, not the machine's /dev/null and /dev/full).
    const dir = mkdtempSync(join(tmpdir(), 'sg-terminal-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const [discard, full] = [privateDevice(dir, 'null'), privateDevice(dir, 'full')];
    if (!discard || !full) return context.skip();
    // 200,000 values: many steps of the driver on any machine, so the line (drawn at the first step) is there to be erased.
    // About 3 s of CPU (a million took 9 s, 80 s at load 20): 60 s each, and the test 150 s.
    const ok = await runPty(['--code', '0.6', '--max', '2e5', '--limit', '2e5', '--format', 'csv', '--out', discard], { timeout: 60 });
    expect(ok.code, ok.output).toBe(0);
    expect(ok.output).toContain('computing: ');
    expect(screen(ok.output).filter((l) => l.trim() !== '')).toEqual([]);
    // A write that fails after the computation (a full disk): the error ends the run after the line was drawn.
    const bad = await runPty(['--code', '0.6', '--max', '2e5', '--limit', '2e5', '--format', 'csv', '--out', full], { timeout: 60 });
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toContain('computing: ');
    expect(screen(bad.output).filter((l) => l.trim() !== '')).toEqual([`sg-explore: --out ${full}: cannot write (no space left on device)`]);
  }, 150_000);
});

describe('play on a terminal: line editing, history, Ctrl-C, help, undo, a lost start', () => {
  const LEFT = '\u001b[D';
  const UP = '\u001b[A';
  const PROMPT = 'your move> ';

  it('Left-arrow edits a move and Up brings the last one back; both are played', async () => {
    const run = await runPty(['play', '--preset', 'nim', '--position', '3', '5', '9'], {
      steps: [
        // '31', Left, ' ': the line is '3 1' (take 1 from heap 3), not '31'. Keys come one at a time, as typed.
        // Each key waits for the echo of the one before (keys that arrive in one read are a paste, which readline takes differently).
        { after: PROMPT, type: '31' },
        { after: '31', type: LEFT },
        { after: '\u001b[1D', type: ' ' },
        { after: '3 1', type: '\r' },
        // Up: '3 1' again.
        { after: PROMPT, type: UP },
        { after: '3 1', type: '\r' },
        { after: PROMPT, type: 'quit\r' },
      ],
    });
    expect(run.timedOut, run.output).toBe(false);
    expect(run.code, run.output).toBe(0);
    const screenText = screen(run.output).join('\n');
    expect(screenText).not.toContain('is not a move');
    expect(screenText).not.toContain('^[[');
    // 3 5 9, take 1 from heap 3: 3 5 8; the computer answers; Up plays take 1 from heap 3 again.
    const positions = [...screenText.matchAll(/Position: ([\d ]+)/g)].map((m) => m[1]!.trim().split(' ').map(Number));
    expect(positions.slice(0, 2)).toEqual([[3, 5, 9], [3, 5, 8]]);
    // Positions go: start, after the human's move, after the computer's, after the human's (Up) move: heap 3 down by one.
    expect(positions[3]![2]).toBe(positions[2]![2]! - 1);
    expect(run.output).toContain('Game left unfinished.');
  });

  it('Ctrl-C at the prompt: its message on a fresh line, exit 130', async () => {
    const run = await runPty(['play', '--preset', 'nim', '--position', '3', '5', '7'], { steps: [{ after: PROMPT, type: '\u0003' }] });
    expect(run.timedOut, run.output).toBe(false);
    expect(run.code).toBe(130);
    const lines = screen(run.output);
    const message = lines.findIndex((l) => l.includes('stopped by SIGINT'));
    expect(lines[message], run.output).toBe('sg-explore: stopped by SIGINT');
    expect(lines[message - 1]).toBe(`${PROMPT}`);
  });

  // play works out its start (the hint's evaluation, kept for it) before the first prompt: Ctrl-C then stops it.
  it('Ctrl-C while a long evaluation is worked out stops the program (the terminal is not held raw)', async () => {
    // A two-pile game with no theorem: its start needs a table of 10^8 cells (Wythoff's needs none).
    const run = await runPty(['play', '--vectors', '(1,0) (0,1) (1,1)x2', '--position', '9999:9999'], { steps: [{ after: 'computing: ', type: '\u0003', delay: 0.3 }], timeout: 30 });
    expect(run.timedOut, run.output).toBe(false);
    expect(run.code).toBe(130);
    const lines = screen(run.output).filter((l) => l.trim() !== '');
    expect(lines.at(-1)).toBe('sg-explore: stopped by SIGINT');
    expect(lines.some((l) => l.includes('computing'))).toBe(false);
  });

  it("help lists only the game's own ways of writing a move", async () => {
    const help = async (args: string[]) => (await runMain(['play', ...args], { stdin: 'help\nquit\n' })).stdout;
    const nim = await help(['--preset', 'nim', '--position', '3', '5']);
    expect(nim).toContain('take 4 from heap 3');
    expect(nim).not.toMatch(/-> 2:3|vertex|a split|\+ 4/);
    const kayles = await help(['--preset', 'kayles', '--position', '7']);
    expect(kayles).toContain('(a split)');
    expect(kayles).toContain('heap 3: 7 -> 1 + 4');
    expect(kayles).not.toMatch(/-> 2:3|vertex/);
    const wythoff = await help(['--preset', 'wythoff', '--position', '3:4']);
    expect(wythoff).toContain('1 -> 2:3');
    expect(wythoff).not.toMatch(/take 4 from heap|vertex|a split/);
    const graph = await help(['--graph', 'test/fixtures/graph/loopy.txt', '--position', 'a']);
    expect(graph).toContain('token 1 on a graph');
    expect(graph).not.toMatch(/take 4 from heap|-> 2:3|a split/);
    // play --help still lists every form.
    const all = (await runMain(['play', '--help'])).stdout;
    for (const form of ['take 4 from heap 3', '(a split)', '1 -> 2:3', 'vertex b', 'heap 3: 7 -> 1 + 4']) expect(all).toContain(form);
  });

  it('undo says what it took back: the human move and the computer reply', async () => {
    const both = await runMain(['play', '--preset', 'nim', '--position', '3', '5', '7'], { stdin: '3 1\nundo\nundo\nquit\n' });
    expect(both.stdout).toMatch(/Undid your move \(take 1 from heap 3\) and the computer's reply \(take \d+ from heap \d\)\./);
    expect(both.stdout).toContain('Nothing to undo.');
    // The computer's first move is not the human's to undo.
    const second = await runMain(['play', '--preset', 'kayles', '--position', '6', '--first', 'computer'], { stdin: 'undo\nquit\n' });
    expect(second.stdout).toContain('Nothing to undo.');
  });

  it('a random start that is lost for the first player says so (heaps and Wythoff pairs); one that is won does not', async () => {
    const start = async (args: string[]) => (await runMain(['play', ...args], { stdin: 'quit\n' })).stdout;
    const lost = 'This start is a P-position: whoever moves first loses with best play';
    // Seeds found by trying: Nim 3 5 ... whose nim-sum is 0, Wythoff 5:3.
    expect(await start(['--preset', 'nim', '--seed', '17'])).toContain(`${lost} (you move first).`);
    const wythoff = await start(['--preset', 'wythoff', '--seed', '52', '--first', 'computer']);
    expect(wythoff).toContain('Position: 5:3');
    expect(wythoff).toContain(`${lost} (the computer moves first).`);
    expect(await start(['--preset', 'nim', '--seed', '1'])).not.toContain(lost);
    expect(await start(['--preset', 'nim', '--position', '1', '2', '3'])).not.toContain(lost);
  });
});
