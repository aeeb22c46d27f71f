import { describe, expect, it } from 'vitest';
import { analyse, analyseAsync, analyseSync, type Request } from '../../src/core/analyse.js';
import { drive } from '../../src/core/driver.js';
import { KINDS } from '../../src/core/kinds/registry.js';
import { presetGame } from '../../src/core/presets.js';
import type { ValueArray } from '../../src/core/kernels/store.js';

const wythoff = presetGame('wythoff');
const fibonacci = presetGame('fibonacci-nim');

describe('analyse(request): one entry for every kind, a result with a shape', () => {
  it('answers each kind of request with its shape and real values', async () => {
    const bash = analyseSync({ game: { rule: { kind: 'subtraction', moves: [1, 2, 3] } }, max: 20n });
    expect(bash.shape).toBe('heap');
    if (bash.shape === 'heap') expect([...bash.values.subarray(0, 9)]).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0]);
    const grid = analyseSync({ game: wythoff, max: 10n });
    expect(grid.shape).toBe('grid');
    // Wythoff's P-positions (⌊kφ⌋, ⌊kφ²⌋): (1,2), (3,5), (4,7), (6,10).
    if (grid.shape === 'grid') for (const [x, y] of [[1, 2], [3, 5], [4, 7], [6, 10]]) expect(grid.value(x!, y!)).toBe(0);
    const fib = analyseSync({ game: fibonacci, max: 30n });
    // Fibonacci Nim: the first player loses exactly at the Fibonacci numbers.
    if (fib.shape === 'memory') expect(fib.pPositions.filter((n) => n > 0)).toEqual([1, 2, 3, 5, 8, 13, 21]);
    else expect.fail(`shape ${fib.shape}`);
    const misere = analyseSync({ game: presetGame('bash:3'), misere: true, max: 12n });
    // Misère Bash: P exactly at n ≡ 1 (mod 4).
    if (misere.shape === 'misere') expect([...misere.outcomes].flatMap((o, n) => (o === 0 ? [n] : []))).toEqual([1, 5, 9]);
    else expect.fail(`shape ${misere.shape}`);
    const nim = await analyseAsync({ game: presetGame('nim'), position: ['3', '6', '9'] });
    if (nim.shape === 'position') {
      expect(nim.nimSum).toBe(12n);
      expect(nim.winningMoves.map((m) => `${m.from}->${m.to.join('+')}`)).toEqual(['9->5']);
    } else expect.fail(`shape ${nim.shape}`);
    const pair = await analyseAsync({ game: wythoff, position: ['3:5'] });
    if (pair.shape === 'position') expect(pair.outcome).toBe('P');
    else expect.fail(`shape ${pair.shape}`);
    const graph = (await analyseAsync({ game: { rule: { kind: 'graph', text: 'a b\nb c\n' } } })) as { shape: string };
    expect(graph.shape).toBe('graph');
  });

  it('a checkpoint of a position holds its table, and resuming from it gives the same answer', async () => {
    const request: Request = { game: presetGame('kayles'), position: ['40', '17'] };
    let saved: ValueArray | null = null;
    const first = await drive(analyse(request), { onCheckpoint: (values) => (saved = values.slice()), checkpointEveryMs: 0 });
    expect(saved).not.toBeNull();
    expect(saved!.length).toBeGreaterThan(40);
    const again = await analyseAsync({ ...request, resume: saved! });
    expect(again).toMatchObject({ shape: 'position', outcome: (first as { outcome: string }).outcome });
  });

  it('every kind is registered once, owns its rule kinds, and has words or presets that name it', () => {
    const owners = KINDS.flatMap((k) => k.ruleKinds);
    expect(new Set(owners).size).toBe(owners.length);
    for (const kind of KINDS) expect(kind.words.length > 0 || kind.name === 'capped-heap' || kind.name === 'bash', kind.name).toBe(true);
  });
});
