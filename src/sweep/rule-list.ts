import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { isHeapRule, ruleText, type Rule } from '../rules/model.js';
import { RULE_WORDS, ruleWord } from '../rules/words.js';

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
  const rules: Rule[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const rule = parseRuleLine(line, `${source}:${i + 1}`);
    const key = ruleText(rule);
    if (seen.has(key)) return;
    seen.add(key);
    rules.push(rule);
  });
  return rules;
}

const WORDS = RULE_WORDS.map((w) => w.word).join(', ');

export function parseRuleLine(line: string, where: string): Rule {
  const match = /^(?:--)?([A-Za-z-]+)(?:\s*[=\s]\s*(.*))?$/.exec(line.trim());
  if (!match) throw new InputError(`${where}: expected a rule such as 'moves 1,2,3', 'all-but 2,3,7', 'code 0.77' or 'preset kayles', got '${line}'`);
  const word = ruleWord(match[1]!);
  if (!word) throw new InputError(`${where}: unknown rule word '${match[1]}' (expected one of ${WORDS}, then the rule)`);
  const { rule } = word.parse((match[2] ?? '').trim(), `${where}: ${match[1]!.toLowerCase()}`);
  if (!isHeapRule(rule)) throw new InputError(`${where}: ${ruleText(rule)} is not a heap game; sweeps explore heap rules`);
  return rule;
}

/** Read a --rules file; a file that cannot be read or a bad line is an InputError naming it. */
export async function readRuleList(path: string): Promise<Rule[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`--rules ${path}: cannot read the file (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code ?? String(error)})`);
  }
  const rules = parseRuleList(text, path);
  if (rules.length === 0) throw new InputError(`--rules ${path}: no rules in the file (one a line, such as 'moves 1,2,3')`);
  return rules;
}
