import { describe, expect, it } from 'vitest';
import { analyseAsync } from '../../src/index.js';
import { KINDS, kindOfShape } from '../../src/core/kinds/registry.js';
import type { Request } from '../../src/core/analyse.js';

/*
 * A kind's own shape reaches the web page through its `pageViews` (the engine
 * names no kind): each kind's example rules of that shape, viewed, list their
 * rows with the values and outcomes the example is published with, cut where asked.
 */
describe("the page's view of a kind's own shape is the kind's", () => {
  for (const kind of KINDS.filter((k) => k.pageViews)) {
    for (const example of kind.examples) {
      it(`${kind.name}: ${example.source}`, async () => {
        const result = await analyseAsync(example.request as Request);
        const view = kind.pageViews?.[result.shape];
        expect(view, result.shape).toBeDefined();
        expect(kindOfShape(result.shape)).toBe(kind);
        const shown = view!(result, 1 << 16) as unknown as { shape: string; rows: readonly (readonly unknown[])[] };
        expect(shown.shape).toBe(result.shape);
        // Rows are [name, value, outcome, ...]: the example's column.
        expect(shown.rows.map((row) => String(row[example.column === 'outcome' ? 2 : 1])).join(' ')).toBe(example.cells);
        expect((view!(result, 1) as unknown as typeof shown).rows).toHaveLength(1);
      });
    }
  }
});
