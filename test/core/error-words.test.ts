import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { HANG_GUARD_S, expectBadInput, runCli } from '../helpers/cli.js';
import { scratchDirectories } from '../helpers/scratch.js';
import { runMain } from '../helpers/in-process.js';
import { excerpt, printableMessage, quote, QUOTE_CHARS } from '../../src/core/errors.js';
import { MAX_SIZE_EXPONENT, parseCount } from '../../src/core/numbers.js';

const scratch = scratchDirectories('words');

describe('quoting what the user wrote', () => {
  it('a short value is quoted whole; a long one is cut, with its length said', () => {
    expect(quote('2^x')).toBe("'2^x'");
    const long = '7'.repeat(1_000_000);
    expect(quote(long)).toBe(`'${'7'.repeat(QUOTE_CHARS)}…' (1,000,000 characters)`);
    expect(excerpt(long, 5)).toBe('77777… (1,000,000 characters)');
  });

  it('control characters come out as visible escapes, never raw', () => {
    expect(quote('a\u001b[31mb\u0007c\u0000d\u009b')).toBe("'a\\x1b[31mb\\x07c\\x00d\\x9b'");
    expect(printableMessage(new Error('bad\ttab\rend\nnext'))).toBe('bad\\ttab\\rend next');
  });

  it('a cut never splits a character in two', () => {
    const text = '😀'.repeat(100);
    expect(quote(text)).toBe(`'${'😀'.repeat(QUOTE_CHARS / 2)}…' (200 characters)`);
    expect(quote(`x${text}`)).toBe(`'x${'😀'.repeat(QUOTE_CHARS / 2 - 1)}…' (201 characters)`);
  });
});

describe('errors that never echo unbounded input', () => {
  it('a 10 MB bad token gives a short line, with control characters escaped', async () => {
    const run = await runMain(['--moves', '1,2', '--position', '-'], { stdin: `5 \u001b[2J\u0007\u0000${'x'.repeat(10_000_000)}` });
    const line = expectBadInput(run, '10 MB token');
    expect(line.length).toBeLessThan(200);
    expect(line).toContain('(10,000,006 characters)');
    expect(line).toContain("'\\x1b[2J\\x07\\x00xxx");
    expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('a long bad flag value and a long unknown flag are cut too', async () => {
    const long = 'y'.repeat(100_000);
    for (const args of [['--moves', '1,2', '--max', long], ['--moves', long], ['--preset', long], ['--moves', '1', `--${long}`], ['sweep', '--family', long]]) {
      const line = expectBadInput(await runMain(args), args.join(' ').slice(0, 30));
      expect(line.length, line.slice(0, 100)).toBeLessThan(400);
    }
  });

  it('a heap written out and a heap written as a power meet the same bound, refused at once', async () => {
    const digits = (n: number) => '1' + '0'.repeat(n - 1);
    // 10^4096 is the largest size: written out it has 4,097 digits.
    expect(parseCount(digits(MAX_SIZE_EXPONENT + 1), '--at')).toBe(10n ** BigInt(MAX_SIZE_EXPONENT));
    expect(parseCount(`10^${MAX_SIZE_EXPONENT}`, '--at')).toBe(10n ** BigInt(MAX_SIZE_EXPONENT));
    expect(parseCount(`1e${MAX_SIZE_EXPONENT}`, '--at')).toBe(10n ** BigInt(MAX_SIZE_EXPONENT));
    const bound = new RegExp(`is larger than 10\\^${MAX_SIZE_EXPONENT}, the largest size sg-explore takes`);
    for (const text of [digits(MAX_SIZE_EXPONENT + 2), `10^${MAX_SIZE_EXPONENT + 1}`, '10^5000', `1e${MAX_SIZE_EXPONENT + 1}`, '2^99999999999', '99^99999999', `${'9'.repeat(MAX_SIZE_EXPONENT + 1)}`]) {
      expect(() => parseCount(text, '--at'), text.slice(0, 20)).toThrow(bound);
    }
    // Ten million digits on stdin: refused with the same words, at once (well under a second on a quiet machine).
    const started = performance.now();
    const run = await runMain(['--moves', '1,2', '--position', '-'], { stdin: digits(10_000_000) });
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_S * 1000);
    expectBadInput(run, '10-million-digit heap', { pattern: bound });
    expectBadInput(await runMain(['--moves', '1,2', '--position', '10^5000']), '10^5000', { pattern: bound });
  });
});

describe("messages in the user's terms", () => {
  it("'-' among other heaps is named as the user wrote it", async () => {
    const line = expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '-']), '--position 3 -', { pattern: /--position: '-' reads every heap from standard input, so it comes alone/ });
    expect(line).not.toMatch(/stdin'|\\x00|\u0000/);
    expectBadInput(await runMain(['--moves', '1,2', '--max', '-']), '--max -', { pattern: /--max: '-' is not a whole number/ });
  });

  it("--out - is standard output, not a file named '-'", async () => {
    // Run in a scratch folder: were '-' taken as a file name, the file would land there.
    const dir = scratch.fresh('out-dash');
    const run = await runCli(['--moves', '1,2', '--max', '3', '--format', 'csv', '--out', '-'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(run.stdout).toBe('n,grundy,outcome\r\n0,0,P\r\n1,1,N\r\n2,2,N\r\n3,0,P\r\n');
    expectBadInput(await runCli(['sweep', '--family', 'octal', '--digits', '1', '--out=-'], { cwd: dir }), 'sweep --out=-', { pattern: /--out -: a sweep appends to a results file/ });
  });

  it('a pair whose parts are size words parses; one too large says why', async () => {
    const run = await runMain(['--preset', 'wythoff', '--position', '2^3:5', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).components[0].state).toEqual([8, 5]);
    // One Wythoff position is Wythoff's theorem's at any size; a sum of two needs the table of values.
    expect((await runMain(['--preset', 'wythoff', '--position', '1e18:5'])).code).toBe(0);
    expectBadInput(await runMain(['--preset', 'wythoff', '--position', '1e12:5', '0:1']), '1e12:5 0:1', { pattern: /--position: a table up to 1000000000000:5 has 6,000,000,000,006 cells, more than/ });
    expectBadInput(await runMain(['--preset', 'wythoff', '--position', '1e18:5', '0:1']), '1e18:5 0:1', { pattern: /'1e18:5': 1000000000000000000 is larger than 9,007,199,254,740,991, the most a pair may hold/ });
    expectBadInput(await runMain(['--preset', 'wythoff', '--position', '3:x']), '3:x', { pattern: /'x' is not a whole number/ });
  });

  it('a negative number is refused as negative, naming its flag', async () => {
    const negative = /is negative: sizes, heaps and piles are whole numbers, 0 or more/;
    expectBadInput(await runMain(['--preset', 'wythoff', '--position', '-3:5']), '-3:5', { pattern: new RegExp(`^sg-explore: --position: '-3:5' ${negative.source}`) });
    expectBadInput(await runMain(['--preset', 'wythoff', '--position', '3:-5']), '3:-5', { pattern: negative });
    expectBadInput(await runMain(['--moves', '1,2', '--max', '-5']), '--max -5', { pattern: /--max: '-5' is negative/ });
    expectBadInput(await runMain(['--moves', '1,2', '--max=-5']), '--max=-5', { pattern: /--max: '-5' is negative/ });
    expectBadInput(await runMain(['--preset', 'nim', '--position', '3', '-4']), 'heap -4', { pattern: /--position: '-4' is negative/ });
  });

  it('--at names --at when the value is out of reach', async () => {
    const line = expectBadInput(await runMain(['--preset', 'officers', '--at', '10^18', '--limit', '5000']), 'officers --at 10^18', { pattern: /^sg-explore: --at 1e18: no period was proven/ });
    expect(line).not.toContain('--max');
  });

  it('JSON says why it leaves the values out', async () => {
    const run = await runMain(['--moves', '1,2', '--max', '2^20', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.values).toBeNull();
    expect(report.valuesOmitted).toBe('the table has 1,048,577 heaps, more than the 1,048,576 a JSON report lists; for the values use --format csv (one row a heap) or --at N');
    // ... and says it on stderr, where a person sees it; a table that fits says nothing.
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`sg-explore: note: "values" is null in this JSON: ${report.valuesOmitted}\n`);
    const listed = await runMain(['--moves', '1,2', '--max', '1048575', '--format', 'json']);
    expect(JSON.parse(listed.stdout).values).toHaveLength(1_048_576);
    expect(listed.stderr).toBe('');
  });

  it('a mistyped subcommand gets the subcommand suggested', async () => {
    expectBadInput(await runMain(['sweeep', '--family', 'octal']), 'sweeep', { pattern: /unknown command 'sweeep' \(did you mean 'sweep'\?\)/ });
    expectBadInput(await runMain(['plya']), 'plya', { pattern: /unknown command 'plya' \(did you mean 'play'\?\)/ });
    // A word far from every command is an unexpected argument, not an option.
    expectBadInput(await runMain(['banana', '--moves', '1']), 'banana', { pattern: /unexpected argument 'banana'/ });
  });
});
