import { describe, expect, it } from 'vitest';
import { runMain } from './helpers/in-process.js';
import { expectBadInput } from './helpers/cli.js';
import { int, mulberry32 } from './helpers/random.js';

/** A human who types `lines` one after another (illegal ones are refused and the game goes on). */
const play = (args: string[], lines: string[]) => runMain(['play', ...args], { stdin: lines.join('\n') + '\n' });

describe('sg-explore play through a pipe', () => {
  it('Nim 3 5 7, human first: the computer wins whatever the human plays (20 random humans)', async () => {
    const random = mulberry32(357);
    for (let t = 0; t < 20; t++) {
      const moves = Array.from({ length: 400 }, () => `${int(random, 1, 3)} ${int(random, 1, 7)}`);
      const run = await play(['--preset', 'nim', '--position', '3', '5', '7'], moves);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('The computer wins.');
      expect(run.stdout).not.toContain('You win');
    }
  });

  it('a human who follows the hints wins from a winning start', async () => {
    // 1 2 4 has nim-sum 7: the human to move wins by taking 1 from heap 3, then answering in kind.
    const run = await play(['--preset', 'nim', '--position', '1', '2', '4'], ['3 1', '1 1', '2 1', '2 2', '3 1', '3 2', '3 3', '1 1', '2 1']);
    expect(run.stdout).toContain('You win!');
  });

  it('illegal input gets a one-line reason and a new prompt, never a crash', async () => {
    const run = await play(['--moves', '1,2,3', '--position', '5', '7'], ['take 9 from heap 1', '7 1', 'hello', '1 -> 9', 'quit']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Not a move: you cannot take 9 from heap 1 (5) under this rule');
    expect(run.stdout).toContain('Not a move: there is no heap 7');
    expect(run.stdout).toContain("Not a move: 'hello' is not a move or a command");
    expect(run.stdout).toContain('Not a move: 5 cannot become 9 in one move');
    expect(run.stdout.match(/your move> /g)!.length).toBe(5);
  });

  it('hint explains the nim-sum and lists the winning moves; undo goes back', async () => {
    const run = await play(['--moves', '1,2,3', '--position', '5', '7'], ['hint', '1 1', 'undo', 'quit']);
    expect(run.stdout).toContain('their nim-sum (xor) is 2');
    expect(run.stdout).toContain('Winning moves: take 2 from heap 1; take 2 from heap 2');
    const positions = run.stdout.match(/Position: [^\n]*/g)!;
    expect(positions.at(-1)).toBe('Position: 5 7');
  });

  it('splits, two-pile games and misère play', async () => {
    const kayles = await play(['--preset', 'kayles', '--position', '7'], ['1 -> 2 4', 'quit']);
    expect(kayles.stdout).toContain('Position: 2 4');
    const wythoff = await play(['--preset', 'wythoff', '--position', '3:4'], ['1 -> 2:3', 'quit']);
    expect(wythoff.stdout).toContain('Position: 2:3');
    // Misère Nim 1 1 1 with the computer first: it must take a heap, leaving 1 1; the human takes one, the computer takes the last and loses.
    const misere = await play(['--preset', 'nim', '--position', '1', '1', '1', '--misere', '--first', 'computer'], ['1 1', '2 1', '3 1']);
    expect(misere.stdout).toContain('You win!');
  });

  it('a random start from a seed is the same every time, and says its seed', async () => {
    const a = await play(['--preset', 'nim', '--seed', '42'], ['quit']);
    const b = await play(['--preset', 'nim', '--seed', '42'], ['quit']);
    expect(a.stdout).toContain('--seed 42');
    expect(a.stdout.match(/Position: [^\n]*/)![0]).toBe(b.stdout.match(/Position: [^\n]*/)![0]);
  });

  it('bad flags are one line, exit 2', async () => {
    expectBadInput(await runMain(['play', '--preset', 'nim', '--first', 'robot']), '--first robot', { pattern: /--first: 'robot' is not human or computer/ });
    expectBadInput(await runMain(['--preset', 'nim', '--seed', '3']), '--seed outside play', { pattern: /--seed is for sg-explore play/ });
  });
});
