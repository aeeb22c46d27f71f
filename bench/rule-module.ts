/**
 * Rule modules: examples/one-more.mjs (the memory game as a module with
 * states of its own) against its built-in twin --preset one-more, on the same
 * table (--max 300, CSV), both as whole processes through the installed
 * program, interleaved, median of 3. The module runs in its sandbox (two more
 * processes), so the ratio includes their start-up. Target: within 20x.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ratio, seconds, summarize } from './measure.js';

const RUNS = 3;
const MAX = 300;
const TARGET = 20;

export function benchRuleModule(out: (line: string) => void): void {
  const program = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
  const module = fileURLToPath(new URL('../../examples/one-more.mjs', import.meta.url));
  const time = (args: string[]): number => {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, [program, ...args, '--max', String(MAX), '--format', 'csv', '--no-progress'], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
    if (child.status !== 0) throw new Error(`sg-explore ${args.join(' ')}: exit ${child.status}: ${child.stderr}`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const preset: number[] = [];
  const rule: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    preset.push(time(['--preset', 'one-more']));
    rule.push(time(['--rule', module]));
  }
  const a = summarize(rule);
  const b = summarize(preset);
  const r = a.median / b.median;
  out(`== Rule module: examples/one-more.mjs against --preset one-more, --max ${MAX} --format csv (whole processes, median of ${RUNS}, interleaved)`);
  out(`[module]  --rule examples/one-more.mjs  median ${seconds(a.median)}`);
  out(`[module]  --preset one-more              median ${seconds(b.median)}`);
  out(`[module]  ratio: ${ratio(r)} the preset's time (target: within ${TARGET}x) ${r <= TARGET ? 'MET' : 'NOT MET'}`);
}
