/**
 * Every answer says its ground, and proven grounds answer positions of any
 * size: Nim (Bouton), Bash (Bachet), a proven period, Wythoff, Fibonacci Nim,
 * misère one-heap tables with a proven period; an observed law only with
 * --use-observed, and then saying so.
 */
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { referenceOptions } from '../oracles/reference.js';
import { int, mulberry32 } from '../helpers/random.js';

const run = async (args: string[]) => {
  const result = await runMain(args);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
};
/** JSON with its integers kept exact (10^18 is beyond a double): each as a string. */
const json = async (args: string[]) => JSON.parse((await run([...args, '--format', 'json'])).replace(/(?<=(?:":\s?|\[|,\s?))(\d{16,})(?=[,\]\s}])/g, '"$1"'));

describe('the ground of each component', () => {
  it('Nim at 10^18: Bouton (1901), G(n) = n, the one winning move', async () => {
    const report = await json(['--preset', 'nim', '--position', '10^18', '5', '7']);
    expect(report.components.map((c: { ground: string }) => c.ground)).toEqual(['theorem', 'theorem', 'theorem']);
    expect(report.grounds.theorem.theorem).toMatch(/^Bouton \(1901\)/);
    expect(report.components[0].grundy).toBe('1000000000000000000');
    expect(report.winningMoves).toEqual([{ component: 1, from: '1000000000000000000', to: [2], take: '999999999999999998' }]);
  });

  it('Bash for any m up to 10^18 (Bachet): bash:65536 at 10^18 is 10^18 mod 65537, at once', async () => {
    const at = await json(['--preset', 'bash:65536', '--at', '10^18']);
    expect(at.at[0].value).toBe(Number(10n ** 18n % 65537n));
    expect(at.pattern.method).toBe('theorem');
    expect(at.pattern.proof).toMatch(/^Bachet \(1612\)/);
    const m = 10n ** 18n - 7n;
    const position = await json(['--preset', `bash:${m}`, '--position', '10^18', '3']);
    // G(10^18) = 10^18 mod (m + 1) = 6, G(3) = 3: nim-sum 5; the move takes heap 1 to value 3, i.e. 3 tokens.
    expect(position.components.map((c: { grundy: number }) => c.grundy)).toEqual([6, 3]);
    expect(position.winningMoves).toEqual([{ component: 1, from: '1000000000000000000', to: ['999999999999999997'], take: 3 }]);
    expect(position.grounds.theorem.theorem).toContain(`G(n) = n mod ${m + 1n}`);
  });

  it('a proven period answers a heap of 10^18; the table answers the small heap; both are named', async () => {
    const report = await json(['--moves', '1,3,4', '--position', '10^18', '5']);
    expect(report.components.map((c: { ground: string }) => c.ground)).toEqual(['period', 'table']);
    expect(report.grounds.period.proof).toMatch(/^window-repetition: period 7 from n = 0/);
    expect(report.grounds.table.over).toMatch(/^heaps 0\.\.\d+$/);
    const text = await run(['--moves', '1,3,4', '--position', '10^18', '5']);
    expect(text).toMatch(/Grounds +G\(1000000000000000000\): proven period \(window-repetition:\s+period\s+7/);
  });

  it('an observed law answers beyond the table only with --use-observed, and says it is not proven', async () => {
    // Take a power of two: G(n) = n mod 3 is observed, but no theorem proves it for an infinite set.
    const refused = await runMain(['--preset', 'take-a-power-of-two', '--position', '10^12']);
    expectBadInput(refused, 'an unproven heap far out');
    const report = await json(['--preset', 'take-a-power-of-two', '--position', '10^12', '--use-observed']);
    expect(report.components[0]).toEqual({ state: 1000000000000, grundy: Number(10n ** 12n % 3n), ground: 'law' });
    expect(report.grounds.law).toMatchObject({ kind: 'law', law: 'period 3 from n = 0', proven: false });
    const text = await run(['--preset', 'take-a-power-of-two', '--position', '10^12', '--use-observed']);
    expect(text).toMatch(/law observed up to [\d,]+, not proven/);
  });
});

describe('pair games answered by their theorems at any size', () => {
  it("Wythoff at 10^18: (⌊kφ⌋, ⌊kφ²⌋) for k = 10^18 is P; a pile one more is N with its winning moves", async () => {
    const p = await run(['--preset', 'wythoff', '--position', '1618033988749894848:2618033988749894848']);
    expect(p).toMatch(/a P-position/);
    expect(p).toMatch(/theorem: Wythoff \(1907\)/);
    const n = await json(['--preset', 'wythoff', '--position', '1618033988749894848:2618033988749894849']);
    expect(n.outcome).toBe('N');
    expect(n.winningMoves.map((m: { to: string[][] }) => m.to[0]!.join(':'))).toContain('1618033988749894848:2618033988749894848');
  });

  it('Fibonacci Nim takes a single start heap: 21 loses, 25 wins by taking 1 or 4 (smallest first)', async () => {
    expect((await json(['--preset', 'fibonacci-nim', '--position', '21'])).outcome).toBe('P');
    const heap25 = await json(['--preset', 'fibonacci-nim', '--position', '25']);
    expect(heap25.winningMoves.map((m: { take: number }) => m.take)).toEqual([1, 4]);
    expect(heap25.grounds.theorem.theorem).toMatch(/^Whinihan \(1963\)/);
    const schwenk = await json(['--preset', 'fibonacci-nim:3', '--position', '10^18']);
    expect(schwenk.grounds.theorem.theorem).toMatch(/^Schwenk \(1970\)/);
  });

  it('a sum of several pair components still comes from the table (the theorems name P-positions, not values)', async () => {
    const report = await json(['--preset', 'wythoff', '--position', '3:5', '4:7']);
    expect(report.components.map((c: { ground: string }) => c.ground)).toEqual(['table', 'table']);
    expect(report.nimSum).toBe(0);
  });
});

describe('misère one-heap positions of any size', () => {
  /** Misère outcome (true: the player to move loses) of heaps 0..max by brute force over the options. */
  const misereLost = (moves: number[], max: number): boolean[] => {
    const lost: boolean[] = [];
    for (let n = 0; n <= max; n++) {
      const options = referenceOptions({ kind: 'subtraction', moves }, n);
      lost.push(options.length > 0 && options.every(([m]) => !lost[m ?? 0]));
    }
    return lost;
  };

  it('random subtraction sets: a heap near 10^18 has the outcome and winning takes of a small heap with the same residue', async () => {
    const random = mulberry32(23);
    for (let t = 0; t < 12; t++) {
      const moves = [...new Set(Array.from({ length: int(random, 1, 3) }, () => int(random, 1, 9)))].sort((a, b) => a - b);
      const report = await json(['--moves', moves.join(','), '--misere', '--position', '10^18']);
      // Misère outcomes of a finite set are periodic with a period dividing lcm-like bounds; find it by brute force on 0..2000.
      const lost = misereLost(moves, 2000);
      let period = 1;
      while (!lost.slice(1000).every((v, i) => i + 1000 + period > 2000 || v === lost[i + 1000 + period])) period++;
      const small = 1000 + Number((10n ** 18n - 1000n) % BigInt(period));
      expect(report.outcome, `${moves} ${small}`).toBe(lost[small] ? 'P' : 'N');
      expect(report.components[0].ground).toBe('period');
      const takes = moves.filter((s) => lost[small - s]);
      expect(report.winningMoves.map((m: { take: number | string }) => Number(m.take)), `${moves}`).toEqual(report.outcome === 'P' ? [] : takes);
    }
  });

  it('Bash in misère play (Bachet): P exactly at n ≡ 1 (mod m+1), for m and n up to 10^18', async () => {
    const p = await json(['--preset', 'bash:10^18', '--misere', '--position', '1']);
    expect(p.outcome).toBe('P');
    const n = await json(['--preset', 'bash:999', '--misere', '--position', '10^18']);
    expect(n.outcome).toBe('N');
    expect(n.winningMoves[0].take).toBe(Number((10n ** 18n - 1n) % 1000n));
    expect(n.grounds.theorem.theorem).toMatch(/misère/);
  });

  it('--misere --at lists each heap with its ground', async () => {
    const report = await json(['--moves', '1,2,3', '--misere', '--at', '10^18+1', '5']).catch(() => null);
    expect(report).toBeNull(); // 10^18+1 is no size
    const at = await json(['--moves', '1,2,3', '--misere', '--at', '1000000000000000001', '5']);
    expect(at.at).toEqual([
      { n: '1000000000000000001', outcome: 'P', ground: { kind: 'period', proof: 'window-repetition: period 4 from n = 0' } },
      { n: 5, outcome: 'P', ground: expect.objectContaining({ kind: 'table' }) },
    ]);
  });
});
