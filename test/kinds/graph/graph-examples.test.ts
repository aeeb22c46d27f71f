import { describe, expect, it } from 'vitest';
import { parseGraphText } from '../../../src/core/kinds/graph/parse.js';
import { analysePosition, parseTokens } from '../../../src/core/kinds/graph/position.js';
import { finiteFollowerValues, graphValues, graphValuesSteps, graphValueUnits, type GraphValues, INFINITE } from '../../../src/core/kinds/graph/solve.js';

/** Each vertex's value by name: a number, or 'inf(K)' with K's members. */
function valuesByName(values: GraphValues): Record<string, number | string> {
  const result: Record<string, number | string> = {};
  values.graph.names.forEach((name, v) => {
    result[name] = values.value[v] === INFINITE ? `inf(${finiteFollowerValues(values, v).join(',')})` : values.value[v];
  });
  return result;
}

function onCycle(values: GraphValues): string[] {
  return values.graph.names.filter((_, v) => values.onCycle[v] === 1);
}

function solve(text: string): GraphValues {
  return graphValues(parseGraphText(text));
}

describe('published and hand-worked values', () => {
  it('the subtraction game S = {1, 2} as a graph: values 0, 1, 2 repeating (Berlekamp, Conway & Guy, Winning Ways, ch. 4)', () => {
    const lines: string[] = ['0:'];
    for (let k = 1; k <= 30; k++) lines.push(`${k}: ${k - 1}${k >= 2 ? ` ${k - 2}` : ''}`);
    const values = solve(lines.join('\n'));
    expect(values.acyclic).toBe(true);
    for (let k = 0; k <= 30; k++) expect(values.value[values.graph.names.indexOf(String(k))]).toBe(k % 3);
  });

  it('a Nim heap as a graph (k moves to every smaller heap) has value k', () => {
    const values = solve(Array.from({ length: 12 }, (_, k) => `${k}: ${Array.from({ length: k }, (_, j) => j).join(' ')}`).join('\n'));
    expect(values.graph.names.map((_, v) => values.value[v])).toEqual(Array.from({ length: 12 }, (_, k) => k));
  });

  it('a two-cycle and a loop are ∞ with no finite follower: a draw', () => {
    const values = solve('a b\nb a\nx x\n');
    expect(valuesByName(values)).toEqual({ a: 'inf()', b: 'inf()', x: 'inf()' });
    expect(onCycle(values)).toEqual(['a', 'b', 'x']);
    expect(values.acyclic).toBe(false);
    expect(analysePosition(values, [0]).outcome).toBe('draw');
  });

  // Hand-worked with Smith's definition (as stated by Fraenkel & Yesha): c is a sink,
  // so 0; a's only follower b can move to c (value 0), so a is 0 although on a cycle;
  // b's followers a and c are both 0, so b is 1. Play: from a the only move is to b,
  // and the opponent then moves to c and wins, so a is a P-position.
  it('a cycle with an exit: finite values on the cycle', () => {
    const values = solve('a b\nb a\nb c\n');
    expect(valuesByName(values)).toEqual({ a: 0, b: 1, c: 0 });
    expect(onCycle(values)).toEqual(['a', 'b']);
    expect(analysePosition(values, [0]).outcome).toBe('second');
  });

  // x has a loop and an exit to the sink z, so x is ∞(0): the player to move wins by x→z.
  // With a token on w (value 1, w→v sink) as well: 1 is not in {0}, a draw; the draw is
  // kept only by the loop x→x (w→v leaves x alone, which the opponent wins; x→z leaves 1).
  it('a loop with an exit: ∞(0), and its sums with 0 and with 1', () => {
    const values = solve('x x\nx z\nw v\ny:\n');
    expect(valuesByName(values)).toEqual({ x: 'inf(0)', z: 0, w: 1, v: 0, y: 0 });
    const xy = analysePosition(values, parseTokens(values, 'x y'));
    expect(xy.outcome).toBe('first');
    expect(xy.nimSum).toBeUndefined();
    expect(xy.moves.map((m) => [m.token, values.graph.names[m.from], values.graph.names[m.to]])).toEqual([[0, 'x', 'z']]);
    const xw = analysePosition(values, parseTokens(values, 'x w'));
    expect(xw.outcome).toBe('draw');
    expect(xw.moves.map((m) => [m.token, values.graph.names[m.from], values.graph.names[m.to]])).toEqual([[0, 'x', 'x']]);
    const xx = analysePosition(values, parseTokens(values, 'x x'));
    expect(xx.outcome).toBe('draw');
  });

  it('finite sums: the nim-sum, and the moves to nim-sum 0', () => {
    const values = solve('0:\n1: 0\n2: 1 0\n3: 2 1 0\n');
    const position = analysePosition(values, parseTokens(values, '3 2 2'));
    expect(position.nimSum).toBe(3);
    expect(position.outcome).toBe('first');
    expect(position.moves.map((m) => [m.token, values.graph.names[m.to]])).toEqual([[0, '0'], [1, '1'], [2, '1']]);
    expect(analysePosition(values, parseTokens(values, '3 2 1')).outcome).toBe('second');
    expect(analysePosition(values, parseTokens(values, '3 2 1')).moves).toEqual([]);
  });
});

describe('deep graphs (no recursion)', () => {
  it('a path of 300,000 vertices: values alternate 0, 1', () => {
    const n = 300_000;
    const lines = ['p0:'];
    for (let k = 1; k < n; k++) lines.push(`p${k} p${k - 1}`);
    const values = solve(lines.join('\n'));
    expect(values.acyclic).toBe(true);
    for (const k of [0, 1, 2, n - 2, n - 1]) expect(values.value[values.graph.names.indexOf(`p${k}`)]).toBe(k % 2);
  });

  // c0 → c1 → … → c(L-1) → c0 with an exit c0 → s (a sink), L odd: by hand, the even
  // c2, c4, … are 0, the odd ones 1 (their follower is 0), and c0 (followers c1 = 1, s = 0) is 2.
  it('a cycle of 200,001 vertices with one exit: every value finite', () => {
    const L = 200_001;
    const lines = ['c0 s'];
    for (let k = 0; k < L; k++) lines.push(`c${k} c${(k + 1) % L}`);
    const values = solve(lines.join('\n'));
    const at = (name: string) => values.value[values.graph.names.indexOf(name)];
    expect([at('s'), at('c0'), at('c1'), at('c2'), at('c3'), at(`c${L - 2}`), at(`c${L - 1}`)]).toEqual([0, 2, 1, 0, 1, 1, 0]);
    expect(values.onCycle.reduce((s, c) => s + c, 0)).toBe(L);
  });

  it('the stepped computation yields progress and gives the same values', () => {
    const lines: string[] = [];
    for (let k = 0; k < 300_000; k++) lines.push(`c${k} c${(k + 1) % 300_000}`, `c${k} t${k % 7}`);
    const graph = parseGraphText(lines.join('\n'));
    const steps = graphValuesSteps(graph);
    const phases = new Set<string>();
    let step = steps.next();
    while (!step.done) {
      expect(step.value.done).toBeLessThanOrEqual(step.value.total);
      phases.add(step.value.phase);
      step = steps.next();
    }
    // Only 7 sinks: the retrograde pass is too short to report.
    expect([...phases]).toEqual(['prepare', 'cycles', 'labels']);
    expect(Array.from(step.value.value)).toEqual(Array.from(graphValues(graph).value));

    // The driver's form: units add up to at most the ceiling, and the result is the same.
    const { units, size } = graphValueUnits(graph);
    let total = 0;
    let next = units.next();
    while (!next.done) {
      total += next.value;
      next = units.next();
    }
    expect(size).toEqual({ unit: 'vertex steps', ceiling: 4 * graph.names.length });
    expect(total).toBeGreaterThan(2 * graph.names.length);
    expect(total).toBeLessThanOrEqual(size.ceiling);
    expect(Array.from(next.value.value)).toEqual(Array.from(step.value.value));
  });
});
