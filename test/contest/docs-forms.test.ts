import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, cliEnv } from '../helpers/cli.js';
import { withoutProgressLines } from '../helpers/progress-lines.js';

/**
 * docs/contest.md's "Every judge's form": each layout, each answer, each kind
 * of component. The docs tests run every command; here each one's output is
 * compared with what the page shows under it, and the forms it must show are
 * checked to be there.
 */
const page = readFileSync(join(ROOT, 'docs/contest.md'), 'utf8');
const section = page.slice(page.indexOf("### Every judge's form"));
const block = /```console\n([^]*?)```/.exec(section)![1]!;
const examples = block.split(/^\$ /m).filter((e) => e.trim() !== '').map((e) => {
  const [command, ...output] = e.split('\n');
  return { command: command!, output: output.join('\n') };
});

describe("docs/contest.md: every judge's form", () => {
  it('shows each layout, each answer and each kind of component', () => {
    const all = examples.map((e) => e.command).join('\n');
    for (const layout of ['heaps', 'until', 'eof', 'cases']) expect(all).toContain(`--input ${layout}`);
    for (const flag of ['--sentinel', '--components', '--moves -', '--between', '--words-separator', '--prefix', '--move-format']) expect(all).toContain(flag);
    for (const answer of ['winner', 'move ', 'count', 'moves']) expect(all).toContain(`--answer ${answer}`);
    for (const kind of ['--preset nim', '--preset wythoff', '--graph', '--rule examples/one-more.mjs', '--preset fibonacci-nim']) expect(all).toContain(kind);
    // --input counted is the page's first example (P1247).
    expect(page).toContain('--input counted --answer move');
  });

  for (const { command, output } of examples) {
    it(command.replace(/^printf '[^']*' \| /, ''), () => {
      const run = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', env: cliEnv({ PATH: `${join(ROOT, 'bin')}:${process.env.PATH}` }) });
      expect(withoutProgressLines(run.stderr)).toBe('');
      expect(run.stdout).toBe(output);
    });
  }
});
