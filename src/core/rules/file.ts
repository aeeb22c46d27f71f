import { access, readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { InputError, quote } from '../errors.js';
import { parseCount } from '../numbers.js';
import type { GameSpec } from './model.js';
import { ruleWord } from './words.js';
import { MAX_MOVE, MAX_MOVES, normaliseMoveSet } from './sets.js';
import { formatCount } from '../numbers.js';
import { checkJsonSyntax } from './strict-json.js';
import { describeFsError } from '../../host/files/fs-errors.js';

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
export const RULE_KEYS = ['moves', 'all-but', 'code', 'sequence', 'vectors', 'preset', 'module'] as const;
const MODULE_EXTENSIONS = ['.mjs', '.js'];
const INFO_KEYS = ['name', 'description', 'max', '$schema'] as const;
/** Rule files are a few lines; anything this large is a mistake (a data file given as --rule). */
export const MAX_RULE_FILE_BYTES = 1 << 20;

/** Reads a rule file, checks it, and returns the game it describes. */
export async function loadRuleFile(path: string): Promise<GameSpec> {
  const extension = extname(path).toLowerCase();
  if (MODULE_EXTENSIONS.includes(extension)) return { rule: { kind: 'custom', module: await existingFile(path), shown: path } };
  if (!['.json', '.yaml', '.yml'].includes(extension)) {
    throw new InputError(`--rule ${path}: unknown file type '${extension || '(none)'}' (expected .json, .yaml, .yml, or a .mjs/.js module)`);
  }
  let text: string;
  try {
    const size = (await stat(path)).size;
    if (size > MAX_RULE_FILE_BYTES) {
      throw new InputError(`--rule ${path}: the file is ${formatCount(size)} bytes; a rule file is at most ${formatCount(MAX_RULE_FILE_BYTES)} (is it the right file?)`);
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`--rule ${path}: cannot read the file (${describeFsError(error)})`);
  }
  if (extension === '.json') {
    const mistake = checkJsonSyntax(text);
    if (mistake) throw new InputError(`${path}:${mistake.line}:${mistake.column}: not valid JSON: ${mistake.message}`);
  }
  const game = parseRuleText(text, path);
  if (game.rule.kind === 'custom') await existingFile(game.rule.module, `${path}: module`);
  return game;
}

async function existingFile(path: string, what = '--rule'): Promise<string> {
  try {
    await access(path);
  } catch (error) {
    throw new InputError(`${what} ${path}: cannot read the file (${describeFsError(error)})`);
  }
  return resolve(path);
}

/** Parse rule-file text; `source` names it in messages. */
export function parseRuleText(text: string, source: string): GameSpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (node: { range?: [number, number, number] | null } | null | undefined): string => {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = lines.linePos(offset);
    return `${source}:${line}:${col}`;
  };
  const fail = (node: Node | null | undefined, message: string): never => {
    throw new InputError(`${at(node)}: ${message}`);
  };
  if (doc.errors.length) {
    const error = doc.errors[0]!;
    const { line, col } = lines.linePos(error.pos[0]);
    throw new InputError(`${source}:${line}:${col}: ${error.message.split('\n')[0]}`);
  }
  const root = doc.contents;
  if (!isMap(root)) return fail(root, 'expected a mapping with a rule key (one of moves, all-but, preset)');

  const entries = new Map<string, Pair<Node, Node>>();
  for (const pair of root.items as Pair<Node, Node>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : fail(pair.key, 'keys must be plain names');
    if (![...RULE_KEYS, ...INFO_KEYS].includes(key as never)) {
      fail(pair.key, `unknown key ${quote(key)} (expected one of: ${[...INFO_KEYS, ...RULE_KEYS].join(', ')})`);
    }
    entries.set(key, pair);
  }
  const ruleKeys = RULE_KEYS.filter((k) => entries.has(k));
  if (ruleKeys.length === 0) fail(root, `no rule: expected one of the keys ${RULE_KEYS.join(', ')}`);
  if (ruleKeys.length > 1) fail(entries.get(ruleKeys[1]!)!.key, `give one rule key, not both '${ruleKeys[0]}' and '${ruleKeys[1]}'`);

  const text_ = (key: string): string | undefined => {
    const pair = entries.get(key);
    if (!pair) return undefined;
    const value = pair.value;
    if (!isScalar(value) || typeof value.value !== 'string') return fail(value ?? pair.key, `${key}: expected text`);
    return value.value;
  };
  const moveList = (key: string, allowEmpty: boolean): number[] => {
    const value = entries.get(key)!.value;
    if (!isSeq(value)) return fail(value, `${key}: expected a list of positive whole numbers, such as [1, 2, 3]`);
    if (value.items.length > MAX_MOVES) return fail(value, `${key}: ${formatCount(value.items.length)} moves; a set holds at most ${formatCount(MAX_MOVES)}`);
    const numbers = (value.items as Node[]).map((item) => {
      const v = isScalar(item) ? item.value : undefined;
      const written = isScalar(item) ? item.source ?? String(item.value) : '';
      if (typeof v === 'number' && v > MAX_MOVE) return fail(item, `${key}: ${written} is too large (a move takes at most ${formatCount(MAX_MOVE)} tokens)`);
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
        return fail(item, `${key}: expected a positive whole number, got ${isScalar(item) ? (typeof v === 'string' ? JSON.stringify(v) : written) : 'a ' + (isSeq(item) ? 'list' : 'mapping')}`);
      }
      return v;
    });
    try {
      return normaliseMoveSet(numbers, key, allowEmpty);
    } catch (error) {
      return fail(value, (error as Error).message);
    }
  };

  /** [[1,0],[0,1],[1,1,3]]: vectors, a third number capping the multiple. */
  const vectorList = (node: Node | null): string => {
    if (!isSeq(node)) return fail(node, 'vectors: expected a list of vectors such as [[1, 0], [0, 1], [1, 1]] (a third number caps the multiple)');
    return (node.items as Node[])
      .map((item) => {
        const numbers = isSeq(item) ? (item.items as Node[]).map((x) => (isScalar(x) ? x.value : undefined)) : [];
        if (numbers.length < 2 || numbers.length > 3 || numbers.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 0)) {
          return fail(item, 'vectors: each vector is [dx, dy] or [dx, dy, cap], whole numbers >= 0');
        }
        return numbers.join(',');
      })
      .join(';');
  };

  /** The rule key's value as the words the one rule parser reads (a list becomes "1,2,3"). */
  const ruleWords = (key: string): string => {
    const node = entries.get(key)!.value;
    switch (key) {
      case 'moves':
      case 'all-but':
        return moveList(key, key === 'all-but').join(',');
      case 'vectors':
        return vectorList(node);
      case 'code':
        // YAML reads 0.77 as a number (and 0.70 as 0.7): take the text as written.
        return isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number') ? String(node.source ?? node.value) : fail(node, 'code: expected a code such as "0.77"');
      default:
        return text_(key)!;
    }
  };

  const ruleKey = ruleKeys[0]!;
  let game: GameSpec;
  if (ruleKey === 'module') {
    const module = text_('module')!;
    if (!MODULE_EXTENSIONS.includes(extname(module).toLowerCase())) fail(entries.get('module')!.value, `module: expected a .mjs or .js file, got ${quote(module)}`);
    game = { rule: { kind: 'custom', module: resolve(dirname(source), module), shown: normalize(join(dirname(source), module)) } };
  } else {
    const words = ruleWords(ruleKey);
    try {
      game = ruleWord(ruleKey)!.parse(words, ruleKey);
    } catch (error) {
      return fail(entries.get(ruleKey)!.value, (error as Error).message);
    }
  }
  let defaultMax: bigint | undefined;
  const maxPair = entries.get('max');
  if (maxPair) {
    const v = isScalar(maxPair.value) ? maxPair.value.value : undefined;
    if (typeof v !== 'number' && typeof v !== 'string') return fail(maxPair.value, 'max: expected a whole number such as 1000, 1e6 or "2^20"');
    try {
      defaultMax = parseCount(String(v), 'max');
    } catch (error) {
      return fail(maxPair.value, (error as Error).message);
    }
  }
  return {
    ...game,
    name: text_('name') ?? game.name,
    description: text_('description') ?? game.description,
    defaultMax,
  };
}
