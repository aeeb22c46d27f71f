/**
 * Positions: 500,000 Nim heaps of up to 10^9 from stdin, with every winning
 * move (`--preset nim --position - --format json`), against a plain Node
 * loop that only parses the same input and xors it, both as whole processes
 * in the same run (median of 5, interleaved).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, ratio, seconds, summarize } from './measure.js';

const HEAPS = 500_000;
const RUNS = 5;

export function benchPositions(out: (line: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-pos-'));
  try {
    let x = 987654321;
    const heaps: number[] = [];
    for (let i = 0; i < HEAPS; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      heaps.push(x % 1_000_000_001);
    }
    const input = join(dir, 'heaps.txt');
    writeFileSync(input, heaps.join(' ') + '\n');
    const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
    const plain = "let t='';process.stdin.setEncoding('utf8').on('data',d=>t+=d).on('end',()=>{let x=0;for(const w of t.split(/\\s+/))if(w)x^=Number(w);console.log(x)})";
    const time = (args: string[]): number => {
      const fd = openSync(input, 'r');
      try {
        const started = process.hrtime.bigint();
        const child = spawnSync(process.execPath, args, { stdio: [fd, 'pipe', 'pipe'], maxBuffer: 1 << 30 });
        if (child.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${child.status}: ${child.stderr}`);
        return Number(process.hrtime.bigint() - started) / 1e9;
      } finally {
        closeSync(fd);
      }
    };
    const ours: number[] = [];
    const loop: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(time([cli, '--preset', 'nim', '--position', '-', '--format', 'json']));
      loop.push(time(['-e', plain]));
    }
    const a = summarize(ours);
    const b = summarize(loop);
    out(`== Positions: ${count(HEAPS)} Nim heaps of up to 10^9 from stdin, every winning move, JSON (whole processes, median of ${RUNS})`);
    out(`[positions]  sg-explore --preset nim --position - --format json  median ${seconds(a.median)}`);
    out(`[positions]  plain node loop (parse and xor only)  median ${seconds(b.median)}`);
    out(`[positions]  ratio: ${ratio(a.median / b.median)} the plain loop's time`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
