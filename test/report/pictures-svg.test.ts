import { describe, expect, it } from 'vitest';
import { renderHeatmap } from '../../src/pictures/heatmap.js';
import { renderSequencePlot } from '../../src/pictures/sequence-plot.js';
import { renderSweepMap } from '../../src/pictures/sweep-map.js';
import { niceTicks } from '../../src/pictures/ticks.js';
import type { SweepPoint } from '../../src/pictures/types.js';
import { byId, num, parseSvg, walk, xmlError } from '../helpers/svg.js';

/** Kayles' values (octal 0.77), computed directly: G(0..count-1). */
function kayles(count: number): Uint8Array {
  const g = new Uint8Array(count);
  const seen = new Uint8Array(256);
  for (let n = 1; n < count; n++) {
    seen.fill(0);
    for (const k of [1, 2]) for (let a = 0; 2 * a <= n - k; a++) seen[g[a]! ^ g[n - k - a]!] = 1;
    let m = 0;
    while (seen[m]) m++;
    g[n] = m;
  }
  return g;
}

/** G extended past the computed part by the known cycle (Kayles: preperiod 71, period 12). */
function periodicExtension(base: Uint8Array, count: number, preperiod: number, period: number): Uint8Array {
  const g = new Uint8Array(count);
  g.set(base.subarray(0, Math.min(count, preperiod + period)));
  // Doubling copies: 10^8 values in a few dozen memmoves, not a loop per value.
  for (let have = period; preperiod + have < count; have *= 2) g.copyWithin(preperiod + have, preperiod, preperiod + have);
  return g;
}

const KAYLES = kayles(400);

describe('sequence plot', () => {
  const svg = renderSequencePlot({ title: 'Kayles (0.77) & <friends>', values: KAYLES, count: 400, cycle: { preperiod: 71, period: 12, saltus: 0 }, proven: true });
  const root = parseSvg(svg);

  it('is well-formed XML and escapes the title', () => {
    expect(xmlError(svg)).toBeNull();
    expect(svg).toContain('Kayles (0.77) &amp; &lt;friends&gt;');
  });

  it('carries the pattern in data attributes', () => {
    expect(num(root, 'data-preperiod')).toBe(71);
    expect(num(root, 'data-period')).toBe(12);
    expect(num(root, 'data-saltus')).toBe(0);
    expect(root['@data-proven']).toBe('true');
    expect(num(root, 'data-count')).toBe(400);
    const pre = byId(root, 'preperiod');
    expect([num(pre, 'data-from'), num(pre, 'data-to')]).toEqual([0, 71]);
    const first = byId(root, 'first-period');
    expect([num(first, 'data-from'), num(first, 'data-to')]).toEqual([71, 83]);
  });

  it('draws the hatched rect over exactly [0, preperiod] on the axis', () => {
    const pre = byId(root, 'preperiod');
    const left = num(root, 'data-plot-left');
    const width = num(root, 'data-plot-width');
    const [x0, x1] = [num(root, 'data-x-min'), num(root, 'data-x-max')];
    const toHeap = (px: number) => x0 + ((px - left) / width) * (x1 - x0);
    expect(toHeap(num(pre, 'x'))).toBeCloseTo(0, 1);
    expect(toHeap(num(pre, 'x') + num(pre, 'width'))).toBeCloseTo(71, 0);
    expect(pre['@fill']).toBe('url(#hatch)');
  });

  it('maps the preperiod through the log(1 + n) axis too', () => {
    const log = parseSvg(renderSequencePlot({ title: 'Kayles', values: KAYLES, count: 400, cycle: { preperiod: 71, period: 12, saltus: 0 }, proven: true, logX: true }));
    expect(log['@data-x-scale']).toBe('log1p');
    const pre = byId(log, 'preperiod');
    const left = num(log, 'data-plot-left');
    const width = num(log, 'data-plot-width');
    const xMax = num(log, 'data-x-max');
    const heap = Math.expm1(((num(pre, 'x') + num(pre, 'width') - left) / width) * Math.log1p(xMax));
    expect(heap).toBeCloseTo(71, 0);
  });

  it('marks P-positions where G = 0 (Kayles: only heap 0) and rare values when asked', () => {
    const rare = parseSvg(renderSequencePlot({ title: 'k', values: KAYLES, count: 400, cycle: null, proven: false, rare: (v) => v === 8 }));
    expect(rare['@data-preperiod']).toBe('none');
    const p = byId(rare, 'p-positions')['@d'] as string;
    expect(p.match(/M/g)).toHaveLength(1); // one tick: G(0) = 0 is Kayles' only P-position
    const r = byId(rare, 'rare-values')['@d'] as string;
    const eights = Array.from(KAYLES).filter((v) => v === 8).length;
    expect(eights).toBeGreaterThan(20);
    expect(r.match(/M/g)!.length).toBe(eights); // 400 values over 716 columns: one tick per rare value
  });

  it('extends the cycle correctly (test helper)', () => {
    const g = periodicExtension(KAYLES, 400, 71, 12);
    expect(Array.from(g)).toEqual(Array.from(KAYLES)); // Kayles is periodic from 71 with period 12
  });

  // Before the proxy test: once a Proxy has gone through summariseColumns, V8's code for
  // values[n] is polymorphic and 10^8 reads take four times as long.
  it('stays under 1 MB for 10^8 values, and shows the levels of a periodic sequence', () => {
    const count = 1e8;
    const g = periodicExtension(KAYLES, count, 71, 12);
    for (const logX of [false, true]) {
      const svg = renderSequencePlot({ title: 'Kayles, 10^8 heaps', values: g, count, cycle: { preperiod: 71, period: 12, saltus: 0 }, proven: true, logX, rare: (v) => v >= 8 });
      expect(Buffer.byteLength(svg)).toBeLessThan(1_000_000);
      expect(Buffer.byteLength(svg)).toBeLessThan(40_000); // in fact far smaller: about one path command per column
      expect(xmlError(svg)).toBeNull();
      const root = parseSvg(svg);
      expect(num(root, 'data-x-max')).toBe(1e8);
      expect(num(root, 'data-preperiod')).toBe(71);
    }
  }, 120_000);

  it('reads each value exactly once, in order', () => {
    const count = 50_000;
    const base = periodicExtension(KAYLES, count, 71, 12);
    const reads: number[] = [];
    const proxy = new Proxy(base, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.push(Number(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    for (const logX of [false, true]) {
      reads.length = 0;
      renderSequencePlot({ title: 'k', values: proxy, count, cycle: { preperiod: 71, period: 12, saltus: 0 }, proven: true, logX, rare: (v) => v === 8 });
      expect(reads.length).toBe(count);
      expect(reads.every((n, i) => n === i)).toBe(true);
    }
  });

  it('states an arithmetic-periodic pattern with its saltus, and an observed one as not proven', () => {
    const g = Array.from({ length: 200 }, (_, n) => (n < 5 ? [0, 1, 0, 2, 1][n]! : 2 * Math.floor(n / 3) + (n % 3)));
    const svg = renderSequencePlot({ title: 'a', values: g, count: 200, cycle: { preperiod: 5, period: 3, saltus: 2 }, proven: false });
    const root = parseSvg(svg);
    expect(num(root, 'data-saltus')).toBe(2);
    expect(root['@data-proven']).toBe('false');
    expect(svg).toContain('arithmetic-periodic: preperiod 5, period 3, saltus 2 (observed over 200 values, not proven)');
    expect(num(root, 'data-y-max')).toBeGreaterThanOrEqual(Math.max(...g));
  });
});

describe('nice ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceTicks(0, 400, 7)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(0, 400, 10)).toEqual([0, 50, 100, 150, 200, 250, 300, 350, 400]);
    expect(niceTicks(0, 1e8, 6)).toEqual([0, 2e7, 4e7, 6e7, 8e7, 1e8]);
    expect(niceTicks(0, 9, 5)).toEqual([0, 2, 4, 6, 8]);
  });
});

/** Wythoff's game on an n × n board, row-major. */
function wythoff(n: number): Uint16Array {
  const g = new Uint16Array(n * n);
  const seen = new Uint8Array(4 * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      seen.fill(0);
      for (let k = 1; k <= x; k++) seen[g[y * n + x - k]!] = 1;
      for (let k = 1; k <= y; k++) seen[g[(y - k) * n + x]!] = 1;
      for (let k = 1; k <= Math.min(x, y); k++) seen[g[(y - k) * n + x - k]!] = 1;
      let m = 0;
      while (seen[m]) m++;
      g[y * n + x] = m;
    }
  return g;
}

describe('heat map', () => {
  const phi = (1 + Math.sqrt(5)) / 2;
  const lines = [{ slope: phi, intercept: 0, label: 'y = φx' }, { slope: 1 / phi, intercept: 0, label: 'y = x/φ' }];

  it('shows the grid, the P-positions and the Beatty lines', () => {
    const n = 60;
    const g = wythoff(n);
    const p: [number, number][] = [];
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (g[y * n + x] === 0) p.push([x, y]);
    // Wythoff's P-positions are (floor(kφ), floor(kφ²)) and mirror images.
    for (let k = 1; Math.floor(k * phi * phi) < n; k++) expect(p).toContainEqual([Math.floor(k * phi), Math.floor(k * phi * phi)]);
    const svg = renderHeatmap({ title: "Wythoff's game", size: n, value: g, pPositions: p, lines });
    expect(xmlError(svg)).toBeNull();
    const root = parseSvg(svg);
    expect(num(root, 'data-grid-width')).toBe(n);
    expect(num(root, 'data-block')).toBe(1);
    expect(num(root, 'data-p-count')).toBe(p.length);
    expect(num(root, 'data-value-max')).toBe(Math.max(...g));
    const dots = (byId(root, 'p-positions').path as Record<string, string>[])[0]!['@d']!;
    expect(dots.match(/M/g)).toHaveLength(p.length);
    const drawn = [...walk(byId(root, 'lines'))].filter((e) => e.name === 'path').map((e) => num(e.node, 'data-slope'));
    expect(drawn).toEqual([phi, 1 / phi].map((s) => expect.closeTo(s, 6)));
    expect(svg).toContain('y = x/φ');
  });

  it('takes a function and averages blocks of a large grid, keeping the file small', () => {
    const n = 3000;
    const svg = renderHeatmap({ title: 'xor', size: { width: n, height: n }, value: (x, y) => x ^ y, pPositions: Array.from({ length: n }, (_, i) => [i, i] as [number, number]) });
    const root = parseSvg(svg);
    expect(num(root, 'data-block')).toBe(6); // ceil(3000 / 512)
    expect(Buffer.byteLength(svg)).toBeLessThan(1_000_000);
    expect(xmlError(svg)).toBeNull();
  });
});

describe('heat map geometry', () => {
  it('keeps cells square on a 30 × 10 grid and draws a falling line only where it crosses the grid', () => {
    const svg = renderHeatmap({ title: 'r', size: { width: 30, height: 10 }, value: (x, y) => x + y, pPositions: [[0, 0]], lines: [{ slope: -1, intercept: 8, label: 'x + y = 8' }] });
    const root = parseSvg(svg);
    expect(num(root, 'data-plot-width') / num(root, 'data-plot-height')).toBeCloseTo(3, 3);
    const line = [...walk(byId(root, 'lines'))].find((e) => e.name === 'path')!.node;
    const cell = num(root, 'data-plot-width') / 30;
    const [x0, , x1] = (line['@d'] as string).slice(1).split(/[ L]/).map(Number);
    // y = 8 - x through cell centres leaves the grid at y = -1/2, i.e. x = 8.5 (pixel centre of x = 9).
    expect((x1! - num(root, 'data-plot-left')) / cell - 0.5).toBeCloseTo(8.5, 1);
    expect((x0! - num(root, 'data-plot-left')) / cell - 0.5).toBeCloseTo(-0.5, 1);
  });
});

describe('sweep map', () => {
  const points: SweepPoint[] = [
    { rule: '0.07', kind: 'periodic', preperiod: 0, period: 1 },
    { rule: '0.77', kind: 'periodic', preperiod: 71, period: 12 },
    { rule: '0.137', kind: 'periodic', preperiod: 53, period: 34 },
    { rule: '0.5', kind: 'periodic', preperiod: 0, period: 1 },
    { rule: 'all-but 2,3', kind: 'arithmetic-periodic', preperiod: 4, period: 6 },
    { rule: '0.6', kind: 'none', preperiod: null, period: null },
    { rule: '4.x <bad>', kind: 'error', preperiod: null, period: null },
  ];
  const svg = renderSweepMap({ title: 'octal codes', points });
  const root = parseSvg(svg);
  const groups = [...walk(root)].filter((e) => e.name === 'g' && e.node['@data-kind'] !== undefined).map((e) => e.node);
  const titleOf = (g: Record<string, unknown>) => String((g.title as unknown[])[0]);

  it('is well-formed and names every rule in a hover title', () => {
    expect(xmlError(svg)).toBeNull();
    expect(num(root, 'data-rules')).toBe(7);
    const titles = groups.map(titleOf).join('\n');
    for (const p of points) expect(titles).toContain(p.rule);
  });

  it('groups rules with the same kind, preperiod and period into one marker', () => {
    expect(groups).toHaveLength(6);
    const origin = groups.find((g) => g['@data-preperiod'] === '0')!;
    expect(num(origin, 'data-count')).toBe(2);
    expect(titleOf(origin)).toBe('periodic, preperiod 0, period 1 (2 rules): 0.07, 0.5');
  });

  it('draws an empty sweep and one with only errors', () => {
    for (const pts of [[], [{ rule: 'x', kind: 'error', preperiod: null, period: null }]] as SweepPoint[][]) {
      const s = renderSweepMap({ title: 'e', points: pts });
      expect(xmlError(s)).toBeNull();
      expect(s).not.toMatch(/NaN|Infinity|undefined/);
    }
  });

  it('places markers on log(1 + preperiod) and log(period), shaped by kind', () => {
    const kayles = groups.find((g) => g['@data-preperiod'] === '71')!;
    const circle = (kayles.circle as Record<string, string>[])[0]!;
    const left = num(root, 'data-plot-left');
    const width = num(root, 'data-plot-width');
    const frac = (num({ '@v': circle['@cx']! }, 'v') - left) / width;
    // 4 % padding at either end of the axis.
    expect((frac - 0.04) / 0.92).toBeCloseTo(Math.log1p(71) / Math.log1p(num(root, 'data-x-max')), 2);
    const arith = groups.find((g) => g['@data-kind'] === 'arithmetic-periodic')!;
    expect(arith.path).toBeDefined(); // a triangle, not a circle
    expect(arith.circle).toBeUndefined();
  });
});

describe('--plot and --format html through the CLI', () => {
  it("--plot FILE.svg marks the report's own preperiod and period; --format html holds the picture", async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runMain } = await import('../helpers/in-process.js');
    const dir = mkdtempSync(join(tmpdir(), 'sg-plot-'));
    try {
      const svgPath = join(dir, 'kayles.svg');
      const run = await runMain(['--preset', 'kayles', '--format', 'json', '--plot', svgPath]);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout);
      const svg = readFileSync(svgPath, 'utf8');
      expect(svg).toContain(`data-preperiod="${report.pattern.preperiod}"`);
      expect(svg).toContain(`data-period="${report.pattern.period}"`);
      const page = await runMain(['--moves', '2,5,7', '--max', '100', '--format', 'html']);
      expect(page.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(page.stdout).toContain('<svg');
      expect(page.stdout).toContain('data-period="22"');
      const grid = await runMain(['--preset', 'wythoff', '--max', '30', '--plot', join(dir, 'w.svg'), '--format', 'csv']);
      expect(grid.code, grid.stderr).toBe(0);
      expect(readFileSync(join(dir, 'w.svg'), 'utf8')).toMatch(/^<\?xml|^<svg/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
