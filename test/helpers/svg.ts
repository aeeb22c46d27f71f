import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type Node = Record<string, unknown>;

/** Validates with fast-xml-parser's XMLValidator; returns the error text, or null when well-formed. */
export function xmlError(xml: string): string | null {
  const r = XMLValidator.validate(xml);
  return r === true ? null : `${r.err.code} at ${r.err.line}:${r.err.col}: ${r.err.msg}`;
}

/** Parses an SVG document; attributes are keys starting with '@', element order is kept per name. */
export function parseSvg(xml: string): Node {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseAttributeValue: false, isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute });
  const doc = parser.parse(xml) as Node;
  return (doc.svg as Node[])[0]!;
}

/** Every element under `node` (depth first) with its tag name. */
export function* walk(node: Node, name = 'svg'): Generator<{ name: string; node: Node }> {
  yield { name, node };
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('@') || k === '#text' || !Array.isArray(v)) continue;
    for (const child of v) if (child && typeof child === 'object') yield* walk(child as Node, k);
  }
}

/** The element with this id. */
export function byId(root: Node, id: string): Node {
  for (const { node } of walk(root)) if (node['@id'] === id) return node;
  throw new Error(`no element with id ${id}`);
}

export function num(node: Node, attr: string): number {
  const v = node[`@${attr}`];
  if (typeof v !== 'string') throw new Error(`no attribute ${attr}`);
  return Number(v);
}
