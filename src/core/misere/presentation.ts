/**
 * A quotient as people write it: generators a, b, c, ... (the heaps they
 * stand for), each element's normal form (its least word in degree-then-
 * lexicographic order, a monomial order, so normal forms are closed under
 * division), and the relations: each least word that is not a normal form
 * but all of whose divisors are, set equal to its element's normal form
 * (a complete rewriting system: Plambeck and Siegel's a^2 = 1, b^3 = b, ...).
 */
import type { TableMonoid } from './monoid.js';

export interface Presentation {
  /** Each generator: its letter, the element, and the smallest heap whose class it is. */
  readonly generators: readonly { readonly letter: string; readonly element: number; readonly heap: number }[];
  /** Each element's normal form, as exponents of the generators. */
  readonly normalForms: readonly (readonly number[])[];
  readonly relations: readonly { readonly left: readonly number[]; readonly right: readonly number[] }[];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export function letterOf(i: number): string {
  return i < LETTERS.length ? LETTERS[i]! : `g${i + 1}`;
}

/** A word of exponents as text: 1, a, ab^2, a^2c. */
export function wordText(exponents: readonly number[], letters: readonly string[]): string {
  const parts = exponents.map((e, i) => (e === 0 ? '' : e === 1 ? letters[i]! : `${letters[i]}^${e}`)).filter(Boolean);
  return parts.length ? parts.join('') : '1';
}

/** The generators: heaps in order, each whose class is not a product of the classes of the heaps before it. */
export function presentation(m: TableMonoid, images: readonly number[]): Presentation {
  const generators: { letter: string; element: number; heap: number }[] = [];
  const reached = new Set<number>([0]);
  for (let h = 1; h < images.length; h++) {
    const x = images[h]!;
    if (reached.has(x)) continue;
    generators.push({ letter: letterOf(generators.length), element: x, heap: h });
    // Close the reached submonoid under the new generator.
    const list = [...reached];
    for (let i = 0; i < list.length; i++) {
      const y = m.times[list[i]! * m.size + x]!;
      if (!reached.has(y)) {
        reached.add(y);
        list.push(y);
      }
    }
  }
  const g = generators.length;
  // Words in degree-then-lexicographic order (a before b: a^2 < ab < b^2), breadth first by degree.
  const normalForms: (readonly number[] | undefined)[] = new Array(m.size);
  normalForms[0] = new Array(g).fill(0);
  const elementOf = new Map<string, number>([[normalForms[0].join(','), 0]]);
  const relations: { left: number[]; right: number[] }[] = [];
  let level: number[][] = [new Array(g).fill(0)];
  while (level.length) {
    const next = new Map<string, number[]>();
    for (const word of level) {
      const x = elementOf.get(word.join(','))!;
      // Extend by letters at or after the last one used (each word once).
      let last = g - 1;
      while (last >= 0 && word[last] === 0) last--;
      for (let i = Math.max(last, 0); i < g; i++) {
        const w = word.slice();
        w[i]!++;
        next.set(w.join(','), w);
        elementOf.set(w.join(','), m.times[x * m.size + generators[i]!.element]!);
      }
    }
    level = [];
    for (const w of [...next.values()].sort(degreeLex)) {
      const y = elementOf.get(w.join(','))!;
      // Every divisor a normal form (else a smaller relation already covers it).
      const divisorsNormal = w.every((e, i) => e === 0 || isNormal(w.map((f, j) => (j === i ? f - 1 : f))));
      if (!divisorsNormal) continue;
      if (normalForms[y] === undefined) {
        normalForms[y] = w;
        level.push(w);
      } else relations.push({ left: w, right: [...normalForms[y]!] });
    }
  }
  function isNormal(w: readonly number[]): boolean {
    const y = elementOf.get(w.join(','));
    return y !== undefined && normalForms[y]?.join(',') === w.join(',');
  }
  return { generators, normalForms: normalForms.map((w) => w ?? []), relations };
}

function degreeLex(a: readonly number[], b: readonly number[]): number {
  const da = a.reduce((s, e) => s + e, 0);
  const db = b.reduce((s, e) => s + e, 0);
  if (da !== db) return da - db;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!; // more a's first
  return 0;
}
