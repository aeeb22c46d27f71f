/**
 * Positions a theorem answers, at contest sizes: Wythoff at 10^18:10^18 and
 * Fibonacci Nim at 10^18 (and Nim, Bash for comparison), each a whole
 * process of the installed program against a bare `node -e ""`, interleaved
 * in the same run; the ratio of medians is the figure (a bare node start is
 * 30-130 ms here depending on load). Target: 1.3x.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ratio, seconds, summarize } from './measure.js';

const RUNS = 15;
const TARGET = 1.3;

export function benchTheoremPositions(out: (line: string) => void): void {
  const program = fileURLToPath(new URL('../../dist/sg-explore.cjs', import.meta.url));
  const cases: [string, string[]][] = [
    ['Wythoff 10^18:10^18', ['--preset', 'wythoff', '--position', '10^18:10^18']],
    ['Fibonacci Nim 10^18', ['--preset', 'fibonacci-nim', '--position', '10^18']],
    ['Nim 10^18 5 7', ['--preset', 'nim', '--position', '10^18', '5', '7']],
    ['bash:10^18 at 10^18', ['--preset', 'bash:10^18', '--position', '10^18']],
  ];
  const once = (args: string[]): number => {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${child.status}: ${child.stderr}`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  out(`== Theorem positions at 10^18: whole processes against a bare node -e "" (median of ${RUNS}, interleaved)`);
  for (const [what, args] of cases) {
    once([program, ...args]);
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(once([program, ...args]));
      bare.push(once(['-e', '']));
    }
    const a = summarize(ours);
    const b = summarize(bare);
    const x = a.median / b.median;
    out(`[theorem]  ${what}: ${seconds(a.median)} vs node -e "" ${seconds(b.median)}: ${ratio(x)} (${x <= TARGET ? `within the ${TARGET}x target` : `MISSES the ${TARGET}x target`})`);
  }
}
