import { describe, expect, it } from 'vitest';
import { analyseAsync } from '../../src/index.js';
import { KINDS, kindOfShape, type KindPageView } from '../../src/core/kinds/registry.js';
import { english } from '../../src/core/i18n/index.js';
import type { Request } from '../../src/core/analyse.js';

/*
 * A table of a kind's own shape reaches the web page through its `pageViews`
 * (the engine names no kind): each kind's example rules of that shape, viewed,
 * give the values and outcomes the example is published with, cut where asked.
 */

/** The example's cells as the view gives them: a list's rows are [name, value, outcome, ...]; a table's values are in its CSV's row order. */
function cellsOf(view: KindPageView, column: 'grundy' | 'outcome'): string[] {
  if (view.shape === 'graph') return view.rows.map((row) => String(row[column === 'outcome' ? 2 : 1]));
  return Array.from(view.values, (v) => (column === 'outcome' ? (v === 0 ? 'P' : 'N') : String(v)));
}

/** How much of the table a view holds when the budget allows one row and one cell. */
function cutTo(view: KindPageView): number {
  return view.shape === 'graph' ? view.rows.length : view.values.length;
}

describe("the page's view of a kind's own shape is the kind's", () => {
  for (const kind of KINDS.filter((k) => k.pageViews)) {
    for (const example of kind.examples) {
      it(`${kind.name}: ${example.source}`, async () => {
        const result = await analyseAsync(example.request as Request);
        const own = kind.pageViews?.[result.shape];
        expect(own, result.shape).toBeDefined();
        expect(kindOfShape(result.shape)).toBe(kind);
        const shown = own!.view(result, { rows: 1 << 16, cells: 1 << 22, t: english }) as KindPageView;
        expect(shown.shape).toBe(result.shape);
        const cells = example.cells.split(' ');
        expect(cellsOf(shown, example.column ?? 'grundy')).toEqual(cells);
        expect(own!.rows?.(result) ?? BigInt(cells.length)).toBe(BigInt(cells.length));
        const least = own!.view(result, { rows: 1, cells: 1, t: english }) as KindPageView;
        // A list keeps its first row; a table of numbers its top-left cell, and a heap's start positions are all sent.
        expect(cutTo(least)).toBe(least.shape === 'memory' ? cells.length : 1);
      });
    }
  }
});
