import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readInputFile } from '../host/files/input-file.js';
import { describeFsError } from '../host/files/fs-errors.js';
import { MAX_RULE_LIST_BYTES } from '../core/file-limits.js';
import { formatCount } from '../core/numbers.js';
import { InputError, mention, quote, says, type Words } from '../core/errors.js';
import { kindOf, ruleText, type GameSpec, type Rule } from '../core/kinds/registry.js';
import { RULE_WORDS, ruleWord } from '../core/rule-words.js';
import type { Family } from './family.js';
import { utf8Text } from '../core/utf8.js';

/**
 * A list of rules, one a line, in the CLI's words:
 *
 *   moves 1,2,3        all-but 2,3,7        code 0.77        preset kayles
 *
 * The canonical texts sweeps write are accepted too (`subtraction {1,2,3}`,
 * `all-but {2,3,7}`, `octal 0.77`, `hexadecimal 0.F`, `take-and-break 4!.0`),
 * so a results file's rule column can be fed back in. Blank lines and
 * `#` comments are ignored; a repeated rule is kept once, where it first appears.
 */
export function parseRuleList(text: string, source: string): Rule[] {
  return parseRuleListLines(text, source).rules;
}

/** A list's rules, and the line of the file each was read from (1-based). */
export interface RuleList {
  readonly rules: Rule[];
  readonly lines: number[];
}

export function parseRuleListLines(text: string, source: string): RuleList {
  const rules: Rule[] = [];
  const lines: number[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const rule = parseRuleLine(line, `${source}:${i + 1}`);
    const key = ruleText(rule);
    if (seen.has(key)) return;
    seen.add(key);
    rules.push(rule);
    lines.push(i + 1);
  });
  return { rules, lines };
}

/**
 * What a results file records of a list: a digest of its rules' canonical
 * texts in order, so that comments, spacing and the words used do not count,
 * and any other change does.
 */
export function ruleListDigest(rules: readonly Rule[]): string {
  const hash = createHash('sha256');
  for (const rule of rules) hash.update(ruleText(rule) + '\n');
  return `sha256:${hash.digest('hex')}`;
}

/** A list's line names its rule in words, not by a file (a module is no sweep's rule). */
const LIST_WORDS = RULE_WORDS.filter((w) => w.fileValue.form !== 'file');
const WORDS = LIST_WORDS.map((w) => w.word).join(', ');

export function parseRuleLine(line: string, where: string): Rule {
  const match = /^(?:--)?([A-Za-z-]+)(?:\s*[=\s]\s*(.*))?$/.exec(line.trim());
  if (!match) throw new InputError(`${where}: expected a rule such as 'moves 1,2,3', 'all-but 2,3,7', 'code 0.77' or 'preset kayles', got ${quote(line)}`);
  const word = ruleWord(match[1]!);
  if (!word || !LIST_WORDS.includes(word)) throw new InputError(`${where}: unknown rule word ${quote(match[1])} (expected one of ${WORDS}, then the rule)`);
  const { rule } = word.parse((match[2] ?? '').trim(), `${where}: ${match[1]!.toLowerCase()}`) as GameSpec;
  if (!kindOf(rule).heap?.sweep) throw new InputError(`${where}: ${ruleText(rule)} is not a heap game; sweeps explore heap rules`);
  return rule as Rule;
}

/** Read a --rules file; a file that cannot be read or a bad line is an InputError naming it. */
export async function readRuleList(path: string): Promise<RuleList> {
  let bytes: Buffer;
  try {
    bytes = await readInputFile(path, MAX_RULE_LIST_BYTES);
  } catch (error) {
    throw InputError.about('bad-file', 'rules', path, path, `cannot read the file (${describeFsError(error)})`);
  }
  if (bytes.length > MAX_RULE_LIST_BYTES) throw InputError.about('too-large', 'rules', path, path, `the file is over ${formatCount(MAX_RULE_LIST_BYTES)} bytes; a list of rules is at most ${formatCount(MAX_RULE_LIST_BYTES)} (is it the right file?)`);
  const text = utf8Text(bytes);
  const list = parseRuleListLines(text, path);
  if (list.rules.length === 0) throw InputError.about('empty', 'rules', path, path, "no rules in the file (one a line, such as 'moves 1,2,3')");
  return list;
}

type ListFamily = Extract<Family, { readonly kind: 'list' }>;

/** Line `number` of the list's file as it reads now (for a message; the rule's canonical text if the file cannot be read). */
function lineNow(list: ListFamily, index: number): string {
  const number = list.lines?.[index];
  try {
    if (number !== undefined) return utf8Text(readFileSync(list.source)).split(/\r?\n/)[number - 1]!.trim();
  } catch {
    /* gone since: say what was read */
  }
  return ruleText(list.rules[index]!);
}

const REDO = says`the list changed since that sweep began: restore it, or sweep it into another ${mention('out')} file`;

/** A results file's row disagrees with the --rules list at its index: the first line that differs, with both texts. */
export function listRowChanged(list: ListFamily, index: number, swept: string, out: string): Words {
  if (index >= list.rules.length) return says`${mention('rules')} ${list.source}: it holds ${list.rules.length} rules now, but ${out} has rule #${index} ${quote(swept)}; ${REDO}`;
  const where = list.lines?.[index] === undefined ? `${list.source}` : `${list.source}:${list.lines[index]}`;
  return says`${mention('rules')} ${where} reads ${quote(lineNow(list, index))} now, but ${out} was swept with ${quote(swept)} there (rule #${index}); ${REDO}`;
}

/** The rules swept so far (up to rule #lastIndex) agree with the list, but its digest differs: the change is further on. */
export function listChangedAfter(list: ListFamily, lastIndex: number, out: string): Words {
  const line = lastIndex >= 0 ? list.lines?.[lastIndex] : undefined;
  const agree = lastIndex < 0 ? 'no rule of it was swept yet' : `the rules swept so far agree with it${line === undefined ? '' : ` up to line ${line}`}, so a line after that differs`;
  return says`${mention('rules')} ${list.source}: the list is not the one ${out} was started with (its digest differs; ${agree}); ${REDO}`;
}
