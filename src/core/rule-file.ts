import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { NESTED_TOO_DEEPLY, lineAndColumn, nestedTooDeeply } from './rules/nesting.js';
import { InputError, quote, says, saying, type InputCode, type Wording } from './errors.js';
import { parseCount } from './numbers.js';
import type { GameSpec } from './kinds/registry.js';
import { RULE_KEYS, ruleWord } from './rule-words.js';
import type { FileValue } from './kinds/kind.js';
import { MAX_MOVE, MAX_MOVES, normaliseMoveSet } from './rules/sets.js';
import { formatCount } from './numbers.js';
import { isMessageKey } from './i18n/index.js';

/**
 * Rule files: JSON or YAML (JSON is read by the same YAML 1.2 parser, so both
 * get line and column in every message). The format is published as a JSON
 * Schema in schema/rule.schema.json. One key names the rule:
 *
 *   name: take-1-2-3          # optional
 *   description: ...          # optional
 *   max: 1e6                  # optional default --max
 *   moves: [1, 2, 3]          # or one of:
 *   all-but: [2, 3, 7]   code: "0.77"   sequence: squares   preset: kayles
 *   module: ./my-rule.mjs     # a JS module exporting options(n), beside this file
 *
 * A JS module (.mjs, .js) can also be given directly as --rule.
 */
const INFO_KEYS = ['name', 'description', 'max', '$schema'] as const;

/** Where a file a rule file names (a module, a graph) is, and how reports show it. */
export interface FileBeside {
  readonly path: string;
  readonly shown: string;
}

/** Resolve `relative` (the value of `key`) against the folder of the rule file `source` (the host resolves to an absolute path). */
export type ResolveBeside = (source: string, relative: string, key: string) => FileBeside;

/** Without a file system: the path as written, joined to the rule file's folder. */
export const joinBeside: ResolveBeside = (source, relative) => {
  const folder = source.includes('/') ? source.slice(0, source.lastIndexOf('/') + 1) : '';
  const joined = relative.startsWith('/') ? relative : folder + relative;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '.' || (part === '' && parts.length > 0)) continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..' && parts[parts.length - 1] !== '') parts.pop();
    else parts.push(part);
  }
  const path = parts.join('/') || '.';
  return { path, shown: path };
};

/** The extension of a path, lower case ("" for none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Parse rule-file text; `source` names it in messages, and files it names are found beside it by `beside`. */
export function parseRuleText(text: string, source: string, beside: ResolveBeside = joinBeside): GameSpec {
  refuseDeepNesting(text, source);
  const lines = new LineCounter();
  const root = parsedRoot(text, source, lines);
  const file = new RuleFileEntries(source, lines, root);
  const ruleKey = file.ruleKey();
  const game = file.game(ruleKey, beside);
  const defaultMax = file.defaultMax();
  const description = file.text('description');
  const { about, ...rest } = game;
  return {
    ...rest,
    name: file.text('name') ?? game.name,
    // The file's own words, when it has them, replace a preset's (and its message).
    ...(description === undefined ? { description: game.description, ...(about && { about }) } : { description }),
    defaultMax,
  };
}

/** Refused before the YAML parser sees it: nesting that deep would overflow its stack. */
function refuseDeepNesting(text: string, source: string): void {
  const deep = nestedTooDeeply(text);
  if (deep >= 0) {
    const { line, column } = lineAndColumn(text, deep);
    throw new InputError(says`${source}:${line}:${column}: ${NESTED_TOO_DEEPLY}`, { code: 'bad-rule', field: 'rule', value: source });
  }
}

/** The document's top node, or the YAML parser's first error placed at its line and column. */
function parsedRoot(text: string, source: string, lines: LineCounter): Node | null {
  // Integers as bigints: a number of 20 digits is read exactly, never rounded to a double.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, intAsBigInt: true });
  if (doc.errors.length) {
    const error = doc.errors[0]!;
    const { line, col } = lines.linePos(error.pos[0]);
    // The YAML parser's own words, in English; the commonest kinds are also said in the reader's language around them.
    const detail = error.message.split('\n')[0]!;
    const key = `error.yaml.${error.code}`;
    throw new InputError(says`${source}:${line}:${col}: ${isMessageKey(key) ? saying(key, { detail }) : detail}`, { code: 'bad-rule', field: 'rule', value: source });
  }
  return doc.contents as Node | null;
}

/**
 * A number's exact whole value: an integer as read, any other number from its text as the flags read it
 * (3.0 and 1e3 are whole, 2.0000000000000001 is not, though a double would round it to 2); undefined for
 * anything else.
 */
function wholeValue(node: Node | null | undefined): bigint | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'bigint') return node.value;
  if (typeof node.value !== 'number') return undefined;
  try {
    const written = node.source ?? String(node.value);
    return written.trim().startsWith('-') ? -parseCount(written.trim().slice(1), 'value') : parseCount(written, 'value');
  } catch {
    return undefined;
  }
}

/** A rule file's top-level keys, each value read with its errors placed at the node (file:line:column). */
class RuleFileEntries {
  private readonly entries = new Map<string, Pair<Node, Node>>();

  constructor(
    private readonly source: string,
    private readonly lines: LineCounter,
    private readonly root: Node | null,
  ) {
    if (!isMap(root)) this.fail(root, saying('error.file.mapping'));
    for (const pair of root.items as Pair<Node, Node>[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : this.fail(pair.key, saying('error.file.plainKeys'));
      if (![...RULE_KEYS, ...INFO_KEYS].includes(key as never)) {
        this.fail(pair.key, saying('error.file.unknownKey', { key: quote(key), keys: [...INFO_KEYS, ...RULE_KEYS].join(', ') }), 'unknown-name');
      }
      this.entries.set(key, pair);
    }
  }

  private at(node: { range?: [number, number, number] | null } | null | undefined): string {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = this.lines.linePos(offset);
    return `${this.source}:${line}:${col}`;
  }

  private fail(node: Node | null | undefined, message: Wording, code: InputCode = 'bad-rule'): never {
    throw new InputError(says`${this.at(node)}: ${message}`, { code, field: 'rule', value: this.source });
  }

  /** An error of a value's own parser, placed at the value (its words kept: they may be said in another language). */
  private failWith(node: Node | null | undefined, error: unknown): never {
    return this.fail(node, error instanceof InputError ? error.words : (error as Error).message);
  }

  /** The one key that names the rule (none, or two, refused). */
  ruleKey(): string {
    const ruleKeys = RULE_KEYS.filter((k) => this.entries.has(k));
    if (ruleKeys.length === 0) this.fail(this.root, saying('error.file.noRule', { keys: RULE_KEYS.join(', ') }));
    if (ruleKeys.length > 1) this.fail(this.entries.get(ruleKeys[1]!)!.key, saying('error.file.twoRules', { first: ruleKeys[0]!, second: ruleKeys[1]! }));
    return ruleKeys[0]!;
  }

  /** A key's text value (undefined when the key is absent; anything but text refused). */
  text(key: string): string | undefined {
    const pair = this.entries.get(key);
    if (!pair) return undefined;
    const value = pair.value;
    if (!isScalar(value) || typeof value.value !== 'string') return this.fail(value ?? pair.key, saying('error.file.text', { key }));
    return value.value;
  }

  private moveList(key: string, allowEmpty: boolean): number[] {
    const value = this.entries.get(key)!.value;
    if (!isSeq(value)) return this.fail(value, saying('error.file.list', { key }));
    if (value.items.length > MAX_MOVES) return this.fail(value, says`${key}: ${saying('error.moves.tooMany', { count: formatCount(value.items.length), most: formatCount(MAX_MOVES) })}`);
    const numbers = (value.items as Node[]).map((item) => this.move(key, item));
    try {
      return normaliseMoveSet(numbers, key, allowEmpty);
    } catch (error) {
      return this.failWith(value, error);
    }
  }

  /** One move of a list: a whole number from 1 to MAX_MOVE. */
  private move(key: string, item: Node): number {
    const v = isScalar(item) ? item.value : undefined;
    const written = isScalar(item) ? item.source ?? String(item.value) : '';
    const n = wholeValue(item);
    if (n !== undefined && n > BigInt(MAX_MOVE)) return this.fail(item, saying('error.file.moveTooLarge', { key, value: written, most: formatCount(MAX_MOVE) }));
    if (n === undefined || n < 1n) {
      return this.fail(item, saying('error.file.notPositive', { key, got: isScalar(item) ? (typeof v === 'string' ? JSON.stringify(v) : written) : { key: isSeq(item) ? ('error.file.aList' as const) : ('error.file.aMapping' as const) } }));
    }
    return Number(n);
  }

  /** [[1,0],[0,1],[1,1,3]]: vectors, a third number capping the multiple. */
  private vectorList(node: Node | null): string {
    if (!isSeq(node)) return this.fail(node, saying('error.file.vectors'));
    return (node.items as Node[])
      .map((item) => {
        const numbers = isSeq(item) ? (item.items as Node[]).map(wholeValue) : [];
        if (numbers.length < 2 || numbers.length > 3 || numbers.some((x) => x === undefined || x < 0n)) {
          return this.fail(item, saying('error.file.vector'));
        }
        return numbers.join(',');
      })
      .join(';');
  }

  /** The rule key's value as the words the one rule parser reads (a list becomes "1,2,3"). */
  private ruleWords(key: string, form: FileValue): string {
    const node = this.entries.get(key)!.value;
    switch (form.form) {
      case 'numbers':
        return this.moveList(key, form.allowEmpty).join(',');
      case 'vectors':
        return this.vectorList(node);
      case 'as-written':
        // YAML reads 0.77 as a number (and 0.70 as 0.7): take the text as written.
        return isScalar(node) && ['string', 'number', 'bigint'].includes(typeof node.value) ? String(node.source ?? node.value) : this.fail(node, saying('error.file.code', { key }));
      case 'text':
      case 'file':
        return this.text(key)!;
    }
  }

  /** The game the rule key names: a file beside this one, or its value read as the flag's words. */
  game(ruleKey: string, beside: ResolveBeside): GameSpec {
    const word = ruleWord(ruleKey)!;
    if (word.fileValue.form === 'file') {
      const written = this.text(ruleKey)!;
      const extensions = word.fileValue.extensions;
      if (extensions && !extensions.includes(extensionOf(written))) {
        this.fail(this.entries.get(ruleKey)!.value, `${ruleKey}: expected ${extensions.length === 2 ? `a ${extensions[0]} or ${extensions[1]}` : `a ${extensions.join(', ')}`} file, got ${quote(written)}`);
      }
      const file = beside(this.source, written, ruleKey);
      return word.parse(file.path, ruleKey, file.shown) as GameSpec;
    }
    const words = this.ruleWords(ruleKey, word.fileValue);
    try {
      return word.parse(words, ruleKey) as GameSpec;
    } catch (error) {
      return this.failWith(this.entries.get(ruleKey)!.value, error);
    }
  }

  /** The file's default --max, read as the flag would read it. */
  defaultMax(): bigint | undefined {
    const maxPair = this.entries.get('max');
    if (!maxPair) return undefined;
    const node = maxPair.value;
    const v = isScalar(node) ? node.value : undefined;
    if (typeof v !== 'number' && typeof v !== 'bigint' && typeof v !== 'string') return this.fail(node, saying('error.file.max'));
    try {
      // The text the flag would be given: an integer exactly, any other number as written (1e309, 2.5).
      return parseCount(typeof v === 'number' ? (node as { source?: string }).source ?? String(v) : String(v), 'max');
    } catch (error) {
      return this.failWith(maxPair.value, error);
    }
  }
}
