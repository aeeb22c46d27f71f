import { describe, expect, it } from 'vitest';
import { parseGraphText } from '../../../src/core/kinds/graph/parse.js';
import { analysePosition, parseTokens } from '../../../src/core/kinds/graph/position.js';
import { positionReport, positionText } from '../../../src/core/kinds/graph/position-report.js';
import { graphCsv, graphJson, graphTable } from '../../../src/core/kinds/graph/report.js';
import { graphValues } from '../../../src/core/kinds/graph/solve.js';

// a ↔ b with exit b → c: a 0, b 1, c 0 (hand-worked in graph-examples); x: loop and exit to z: ∞(0);
// p ↔ q: ∞ with no finite follower (a draw); "s,t" is a name needing CSV quotes.
const values = graphValues(parseGraphText('a b\nb a\nb c\nx x\nx z\np q\nq p\n"s,t": a\n'));

describe('graph reports', () => {
  it('CSV: vertex,grundy,outcome with inf(K) for ∞, CRLF lines, RFC 4180 quoting', () => {
    expect([...graphCsv(values)].join('')).toBe(
      [
        'vertex,grundy,outcome',
        'a,0,P',
        'b,1,N',
        'c,0,P',
        'x,inf(0),N',
        'z,0,P',
        'p,inf,D',
        'q,inf,D',
        '"""s,t""",1,N',
        '',
      ].join('\r\n'),
    );
  });

  it('JSON: a summary, then one vertex a line', () => {
    const text = [...graphJson(values)].join('');
    const lines = text.split('\n');
    expect(lines[0]).toBe('{"shape":"graph","vertices":8,"edges":8,"acyclic":false,"onCycle":5,"infinite":3,"values":[');
    expect(lines[4]).toBe('{"vertex":"x","grundy":"inf","finiteFollowers":[0],"outcome":"N","onCycle":true},');
    const parsed = JSON.parse(text);
    expect(parsed.values).toHaveLength(8);
    expect(parsed.values[0]).toEqual({ vertex: 'a', grundy: 0, outcome: 'P', onCycle: true });
    expect(parsed.values[5]).toEqual({ vertex: 'p', grundy: 'inf', finiteFollowers: [], outcome: 'D', onCycle: true });
    expect(parsed.values[7]).toEqual({ vertex: '"s,t"', grundy: 1, outcome: 'N', onCycle: false });
  });

  it('JSON of an acyclic graph', () => {
    const parsed = JSON.parse([...graphJson(graphValues(parseGraphText('a b\n')))].join(''));
    expect(parsed).toEqual({
      shape: 'graph', vertices: 2, edges: 1, acyclic: true, onCycle: 0, infinite: 0,
      values: [{ vertex: 'a', grundy: 1, outcome: 'N', onCycle: false }, { vertex: 'b', grundy: 0, outcome: 'P', onCycle: false }],
    });
  });

  it('table: values with ∞(K), outcomes, and the vertices on a cycle', () => {
    expect([...graphTable(values)].join('')).toBe(
      [
        "8 vertices, 8 edges; 5 on a cycle, 3 valued ∞ (Smith's generalised values)",
        'vertex  value  outcome  cycle',
        'a       0      P        yes',
        'b       1      N        yes',
        'c       0      P',
        'x       ∞(0)   N        yes',
        'z       0      P',
        'p       ∞      D        yes',
        'q       ∞      D        yes',
        '"s,t"   1      N',
        '',
      ].join('\n'),
    );
  });

  it('position report: winning moves, drawing moves, and a lost position', () => {
    const win = analysePosition(values, parseTokens(values, 'x z'));
    expect(positionText(values, win)).toEqual([
      'tokens: x (∞(0)), z (0)',
      "outcome: the player to move wins (N): one token has value ∞(0), the others' nim-sum 0 is in its set",
      'winning moves: token 1 x → z',
    ]);
    expect(positionReport(values, win)).toEqual({
      tokens: [{ vertex: 'x', grundy: 'inf', finiteFollowers: [0] }, { vertex: 'z', grundy: 0 }],
      outcome: 'first',
      movesAre: 'winning',
      moves: [{ token: 1, from: 'x', to: 'z' }],
    });
    const draw = analysePosition(values, parseTokens(values, 'x p'));
    expect(positionText(values, draw)).toEqual([
      'tokens: x (∞(0)), p (∞)',
      'outcome: a draw with best play (D): 2 tokens have value ∞',
      'moves that keep the draw: token 1 x → x; token 1 x → z; token 2 p → q',
    ]);
    const lost = analysePosition(values, parseTokens(values, 'b "s,t"'));
    expect(positionText(values, lost)).toEqual(['tokens: b (1), "s,t" (1)', 'outcome: the player to move loses (P): nim-sum 0']);
    expect(positionReport(values, lost)).toMatchObject({ outcome: 'second', nimSum: 0, movesAre: 'none', moves: [] });
  });

  it('tokens must name vertices of the graph', () => {
    expect(() => parseTokens(values, 'a nowhere')).toThrow("token 'nowhere' is not a vertex of the graph");
    expect(() => parseTokens(values, '  ')).toThrow('a position needs at least one token (a vertex name)');
    expect(() => parseTokens(values, 'nowhere')).toThrow(expect.objectContaining({ code: 'unknown-name', field: 'position', value: 'nowhere' }));
    expect(() => analysePosition(values, [99])).toThrow(expect.objectContaining({ code: 'bad-value', field: 'position', value: 99 }));
  });
});
