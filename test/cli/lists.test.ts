/**
 * Every list the CLI shows comes from the registry that owns it: the rule
 * flags (the kinds' words), the subcommands, the report formats, the emit
 * languages, a sweep's families and formats. Each expectation is made from
 * the registry, so a kind, format or command added there shows up here.
 */
import { describe, expect, it } from 'vitest';
import { RULE_FLAGS } from '../../src/cli/options.js';
import { SUBCOMMANDS, SUBCOMMAND_NAMES } from '../../src/cli/commands.js';
import { FORMAT_NAMES } from '../../src/report/formats.js';
import { EMIT_LANGUAGES } from '../../src/core/emit/models.js';
import { FAMILY_NAMES } from '../../src/sweep/family.js';
import { VIEW_FORMATS } from '../../src/sweep/format.js';
import { runMain } from '../helpers/in-process.js';
import { helpPresets, listPresets } from '../../src/core/presets.js';
import { RULE_FILE_EXTENSIONS, ruleWord } from '../../src/core/rule-words.js';
import { MODULE_EXTENSIONS } from '../../src/core/kinds/module/index.js';
import { KINDS } from '../../src/core/kinds/registry.js';

/** "--a, --b or --c": the form the messages list flags in. */
const inWords = (words: readonly string[]) => `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;

describe('the CLI lists what the registries hold', () => {
  it('a stray word and a missing rule are answered with every rule flag (--graph too)', async () => {
    const flags = inWords(RULE_FLAGS.map((f) => `--${f}`));
    expect(RULE_FLAGS).toContain('graph');
    const stray = await runMain(['--moves', '1,2', 'extra']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toBe(`sg-explore: unexpected argument 'extra' (rules are given with ${flags})\n`);
    const none = await runMain(['--max', '5']);
    expect(none.stderr).toBe(`sg-explore: no rule given: use ${flags} (see --help)\n`);
  });

  it('--help points to every subcommand, and lists every format and emit language', async () => {
    const help = (await runMain(['--help'])).stdout.replace(/\s+/g, ' ');
    for (const name of SUBCOMMAND_NAMES) expect(help.toLowerCase()).toContain(`${SUBCOMMANDS[name]}: sg-explore ${name} --help`);
    for (const name of FORMAT_NAMES) expect(help).toContain(`"${name}"`);
    expect(help).toContain(EMIT_LANGUAGES.join(', '));
  });

  it('a mistyped subcommand is answered with every subcommand', async () => {
    const typo = await runMain([`${SUBCOMMAND_NAMES[0]!}x`]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`did you mean '${SUBCOMMAND_NAMES[0]}'?); the commands are ${SUBCOMMAND_NAMES.slice(0, -1).join(', ')} and ${SUBCOMMAND_NAMES.at(-1)}`);
  });

  it("a sweep's --help and refusals list its families and formats", async () => {
    const help = (await runMain(['sweep', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`a family of rules: ${FAMILY_NAMES.join(', ')}`);
    expect(help).toContain(`${VIEW_FORMATS[0]} (default), ${inWords(VIEW_FORMATS.slice(1))}`);
    const format = await runMain(['sweep', '--family', FAMILY_NAMES[0]!, '--format', 'xml']);
    expect(format.stderr).toContain(`'xml' is not one of ${VIEW_FORMATS.join(', ')}`);
    const nothing = await runMain(['sweep']);
    expect(nothing.stderr).toContain(`--family ${FAMILY_NAMES.join('|')}`);
  });

  it("--preset's help names the presets the kinds mark inHelp, in --preset list's order, each as the list writes it (less an optional parameter)", async () => {
    const marked = KINDS.flatMap((kind) => (kind.presets ?? []) as readonly { name: string; order: number; inHelp?: boolean }[]).filter((p) => p.inHelp);
    expect(marked.length).toBeGreaterThan(1);
    const usages = listPresets().map((p) => p.usage);
    const shown = helpPresets();
    expect(shown.map((s) => s.split(':')[0])).toEqual([...marked].sort((a, b) => a.order - b.order).map((p) => p.name));
    for (const name of shown) expect(usages.some((u) => u === name || u.startsWith(`${name}[`)), name).toBe(true);
    expect(ruleWord('preset')!.describe).toBe(`a named game: ${shown.join(', ')}, ... ('list' shows them all)`);
    const zh = (await runMain(['play', '--help', '--lang', 'zh'])).stdout.replace(/\s+/g, '');
    expect(zh).toContain(`预设游戏的名称：${shown.join('、')}等`);
  });

  it("--rule's words (and play's, in both languages) list the rule-file extensions and the module's", async () => {
    const help = (await runMain(['--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`a rule file (${RULE_FILE_EXTENSIONS.join(', ')}) or a JS module exporting options(n) (${MODULE_EXTENSIONS.join(', ')})`);
    const zh = (await runMain(['play', '--help', '--lang', 'zh'])).stdout.replace(/\s+/g, '');
    expect(zh).toContain(`规则文件（${RULE_FILE_EXTENSIONS.join('、')}），或JS模块（${MODULE_EXTENSIONS.join('、')}，导出options(n)）`);
  });
});
