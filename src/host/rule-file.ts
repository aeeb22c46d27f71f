/**
 * Rule files on disk: `--rule FILE`, a YAML or JSON rule file (parsed by
 * src/core/rule-file.ts), or a file a word takes directly (a rule module,
 * .mjs or .js). Files a rule file names are found beside it, and must exist.
 */
import { fsPromises } from './builtins.js';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { InputError, mention, quote, says, type Wording } from '../core/errors.js';
import { formatCount } from '../core/numbers.js';
import type { GameSpec } from '../core/kinds/registry.js';
import { FILE_WORDS, RULE_FILE_EXTENSIONS } from '../core/rule-words.js';
import { parseRuleText, type FileBeside } from '../core/rule-file.js';
import { checkJsonSyntax } from '../core/rules/strict-json.js';
import { lineAndColumn } from '../core/rules/nesting.js';
import { firstNonUtf8, utf8Text } from '../core/utf8.js';
import { describeFsError } from './files/fs-errors.js';
import { checkRegularFile, readInputFile } from './files/input-file.js';
import { MAX_RULE_FILE_BYTES } from '../core/file-limits.js';

/** Reads a rule file, checks it, and returns the game it describes. */
export async function loadRuleFile(path: string): Promise<GameSpec> {
  const extension = extname(path).toLowerCase();
  const direct = FILE_WORDS.find((w) => w.fileValue.extensions.includes(extension));
  if (direct) return direct.parse(await existingFile(path), 'rule', path) as GameSpec;
  if (!RULE_FILE_EXTENSIONS.includes(extension)) {
    const others = FILE_WORDS.map((w) => `, or a ${w.fileValue.extensions.join('/')} ${w.word}`).join('');
    throw InputError.about('unknown-name', 'rule', path, path, `unknown file type '${extension || '(none)'}' (expected ${RULE_FILE_EXTENSIONS.join(', ')}${others})`);
  }
  let bytes: Buffer;
  try {
    bytes = await readInputFile(path, MAX_RULE_FILE_BYTES);
  } catch (error) {
    throw InputError.about('bad-file', 'rule', path, path, `cannot read the file (${describeFsError(error)})`);
  }
  if (bytes.length > MAX_RULE_FILE_BYTES) {
    // Its size as it is now (it may have grown while read): the reading stopped at the limit.
    const size = (await fsPromises().stat(path)).size;
    const is = size > MAX_RULE_FILE_BYTES ? formatCount(size) : `over ${formatCount(MAX_RULE_FILE_BYTES)}`;
    throw InputError.about('too-large', 'rule', path, path, `the file is ${is} bytes; a rule file is at most ${formatCount(MAX_RULE_FILE_BYTES)} (is it the right file?)`);
  }
  // Text that is not UTF-8 is refused where it stops being so, not read with U+FFFD in its place.
  const bad = firstNonUtf8(bytes);
  const text = utf8Text(bad < 0 ? bytes : bytes.subarray(0, bad));
  if (bad >= 0) {
    const { line, column } = lineAndColumn(text, text.length);
    throw new InputError(`${path}:${line}:${column}: not UTF-8 text: the byte ${quote(utf8Text(bytes.subarray(bad, bad + 1)))} is not part of a UTF-8 character`, { code: 'bad-rule', field: 'rule', value: path });
  }
  if (extension === '.json') {
    const mistake = checkJsonSyntax(text);
    if (mistake) throw new InputError(says`${path}:${mistake.line}:${mistake.column}: not valid JSON: ${mistake.message}`, { code: 'bad-rule', field: 'rule', value: path });
  }
  const named: { key: string; file: FileBeside }[] = [];
  const game = parseRuleText(text, path, (source, relative, key) => {
    const file = { path: resolve(dirname(source), relative), shown: normalize(join(dirname(source), relative)) };
    named.push({ key, file });
    return file;
  });
  for (const { key, file } of named) await existingFile(file.path, `${path}: ${key}`);
  return game;
}

async function existingFile(path: string, what: Wording = mention('rule')): Promise<string> {
  try {
    await fsPromises().access(path);
    // A module is read by its sandbox as a file: a FIFO there would hold it for ever.
    await checkRegularFile(path);
  } catch (error) {
    throw new InputError(says`${what} ${path}: cannot read the file (${describeFsError(error)})`, { code: 'bad-file', field: 'rule', value: path, reason: `cannot read the file (${describeFsError(error)})` });
  }
  return resolve(path);
}
