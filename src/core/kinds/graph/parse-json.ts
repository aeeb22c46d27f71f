import { EdgeCollector, type Graph } from './graph.js';
import { InputError, quote } from '../../errors.js';

/**
 * A directed graph from parsed JSON, in either of the text forms' shapes:
 * an edge list `[["u","v"], …]` or an adjacency object `{"u": ["v","w"], …}`
 * (`"u": []` is a vertex without moves). Names are strings or numbers
 * (a number n is the vertex String(n)); like text names they must be
 * non-empty and free of whitespace and control characters.
 */
export function parseGraphJson(value: unknown): Graph {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const edges = new EdgeCollector();
  const id = (name: unknown, where: string): number => {
    const text = nameOf(name, where);
    let v = ids.get(text);
    if (v === undefined) {
      v = names.length;
      ids.set(text, v);
      names.push(text);
    }
    return v;
  };

  if (Array.isArray(value)) {
    value.forEach((pair, index) => {
      const where = `edge ${index + 1}`;
      if (!Array.isArray(pair) || pair.length !== 2) {
        throw new InputError(`JSON ${where}: ${describe(pair)} is not a pair [u, v]`, { code: 'bad-rule', value: pair });
      }
      edges.add(id(pair[0], where), id(pair[1], where));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, followers] of Object.entries(value)) {
      const where = `vertex ${quote(key)}`;
      const u = id(key, where);
      if (!Array.isArray(followers)) {
        throw new InputError(`JSON ${where}: its followers ${describe(followers)} are not a list [v, w, …]`, { code: 'bad-rule', value: followers });
      }
      for (const v of followers) edges.add(u, id(v, where));
    }
  } else {
    throw new InputError(`JSON graph: ${describe(value)} is neither an edge list [["u","v"], …] nor an object {"u": ["v", …], …}`, {
      code: 'bad-rule',
      value,
    });
  }
  if (names.length === 0) throw new InputError('JSON graph: the graph has no vertices', { code: 'empty' });
  return edges.build(names);
}

function nameOf(name: unknown, where: string): string {
  let text: string;
  if (typeof name === 'string') text = name;
  else if (typeof name === 'number' && Number.isFinite(name)) text = String(name);
  else throw new InputError(`JSON ${where}: ${describe(name)} is not a vertex name (a string or a number)`, { code: 'bad-rule', value: name });
  if (text === '') throw new InputError(`JSON ${where}: a vertex name is empty`, { code: 'bad-rule', value: name });
  if (/\s/.test(text)) throw new InputError(`JSON ${where}: ${quote(text)} contains whitespace`, { code: 'bad-rule', value: name });
  // As in the text form: a name is printed in tables, where a terminal would act on control characters.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) throw new InputError(`JSON ${where}: ${quote(text)} contains a control character`, { code: 'bad-rule', value: name });
  return text;
}

/** A JSON value shown in a one-line message. */
function describe(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return quote(text);
}
