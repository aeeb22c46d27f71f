import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraphJson } from '../../../src/core/kinds/graph/parse-json.js';
import { parseGraphText } from '../../../src/core/kinds/graph/parse.js';
import { graphCsv } from '../../../src/core/kinds/graph/report.js';
import { graphValues } from '../../../src/core/kinds/graph/solve.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/graph/${name}`, import.meta.url));

describe('graph fixtures: one graph in three forms', () => {
  const expected = fixture('loopy.csv').toString('utf8');
  it('text (read as bytes), adjacency JSON and edge-list JSON give the same CSV', () => {
    const csv = (graph: ReturnType<typeof parseGraphText>) => [...graphCsv(graphValues(graph))].join('');
    expect(csv(parseGraphText(fixture('loopy.txt')))).toBe(expected);
    expect(csv(parseGraphJson(JSON.parse(fixture('loopy.json').toString('utf8'))))).toBe(expected);
    expect(csv(parseGraphJson(JSON.parse(fixture('loopy-edges.json').toString('utf8'))))).toBe(expected);
  });
});
