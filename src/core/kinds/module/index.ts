/**
 * Rule modules: a JS module exporting options(n) (a heap game), or states
 * of its own (start, options(state)). The module runs in the host's sandbox
 * (src/host/module/); the core holds what is platform-free: the rule, its
 * words, and how its answers become results.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import type { Message } from '../../i18n/index.js';
import { fail } from '../../rules/check.js';
import { moduleSandbox } from './platform.js';
import type { HeapKind } from '../../heap/heap-kind.js';
import { tableOptions, tableUpTo } from '../../heap/option-table.js';
import { HEAP_FORM } from '../../contest/form.js';
import { listedOptions, tooMuch } from '../../heap/heap-options.js';
import type { GameKind, RuleWord } from '../kind.js';
import { moduleText, type CustomRule } from './rule.js';
import { STATES_CONJECTURES } from './conjecture.js';

/** The files a module may be written in. */
export const MODULE_EXTENSIONS = ['.mjs', '.js'];

const words: readonly RuleWord[] = [
  {
    word: 'module',
    argument: 'FILE',
    example: 'my-rule.mjs',
    order: 70,
    aliases: [],
    describe: `a JS module exporting options(n) (${MODULE_EXTENSIONS.join(', ')})`,
    flag: false,
    sweepable: false,
    fileValue: { form: 'file', extensions: MODULE_EXTENSIONS },
    schema: {
      description: 'A JS module (.mjs or .js, relative to this file) exporting options(n): the options of a heap of n, each an array of heap sizes below n.',
      type: 'string',
      pattern: '\\.(mjs|js)$',
    },
    parse: (path, _where, shown) => ({ rule: { kind: 'custom', module: path, shown: shown ?? path } }),
  },
];

const OPTIONS_ELSEWHERE: Message = { key: 'error.misere.module' };

/** A heap module's options live in its sandbox: positions get the values, not the options. */
const heap: HeapKind<CustomRule> = {
  moves: (rule) => ({
    text: moduleText(rule),
    options: () => {
      throw new InputError(says`${mention('misere')} ${saying('error.misere.with', { what: OPTIONS_ELSEWHERE })}`, { code: 'not-applicable', value: true });
    },
    optionsElsewhere: OPTIONS_ELSEWHERE,
    optionsIn: (x, n) => (x.optionTable && n <= x.optionTable.upTo ? tableOptions(x.optionTable, n).map((o) => o.to.map(Number)) : null),
    splits: false,
    nim: false,
    // Its options as its sandbox recorded them (for the heaps of the table, as far as they fit).
    withValue: (x, n, target, limit, budget) => {
      const table = x.optionTable;
      if (!table || n > BigInt(table.upTo)) return { notListed: table ? `the options of a rule module are recorded for heaps up to ${table.upTo} only (its values and the outcome are known)` : 'the options of a rule module are not listed here (its values and the outcome are)' };
      const all = tableOptions(table, Number(n));
      if (all.length > budget) return tooMuch(n, budget);
      return listedOptions(all.filter((o) => o.to.reduce((v, h) => v ^ x.valueAt(h), 0n) === target), all.length, limit);
    },
    asData: (largest, x) => (x?.optionTable ? { kind: 'table', table: largest === null ? x.optionTable : tableUpTo(x.optionTable, Number(largest)) } : null),
  }),
};

export const moduleKind: GameKind<CustomRule> = {
  name: 'module',
  // A module is the user's own code: the files of examples/ are its examples (test/examples.test.ts runs them).
  examples: [],
  conjectures: { states: STATES_CONJECTURES },
  ruleKinds: ['custom'],
  words,
  text: moduleText,
  fileOf: (rule) => ({ word: 'module', path: rule.module, shown: rule.shown ?? rule.module }),
  check(rule, where) {
    if (typeof rule.module !== 'string' || rule.module === '') fail(`${where}.module`, 'the path of a JS module', rule.module);
    return rule;
  },
  heap,
  // A state as JSON (a heap module's states are numbers, JSON too).
  // duel draws heap sizes, a heap module's states (a module with states of its own refuses them, naming its states).
  judge: { token: 'json', width: 1, words: 'a state as JSON', positionText: (tokens) => tokens[0]!, written: (shown) => shown, draw: HEAP_FORM.draw },
  prepare(request) {
    const modules = moduleSandbox();
    if (!modules) throw new InputError(`${moduleText(request.game.rule)}: rule modules run in a sandbox that only the Node host has`, { code: 'not-applicable', field: 'rule', value: request.game.rule });
    return modules.prepare(request);
  },
  play() {
    throw new InputError(says`play: ${saying('error.play.module')}`, { code: 'not-applicable', field: 'rule' });
  },
};
