/**
 * Output paths in bounded memory: `--moves 1,2,3 --max N --format csv` with
 * stdout a file, stdout a pipe, and --out FILE, each in its own process with
 * its peak RSS, against a bare `node -e ""` (its RSS is the floor any run
 * pays) measured in the same run. SG_BENCH_QUICK=1 writes 10^7 rows instead of 10^8.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRINT_PEAK_RSS, count, ratio, seconds } from './measure.js';

const ROWS = process.env.SG_BENCH_QUICK ? 10_000_000 : 100_000_000;
const runner = fileURLToPath(new URL('./output-run.js', import.meta.url));

interface Run {
  readonly seconds: number;
  readonly peakRssMiB: number;
  readonly bytes: number;
}

function runOnce(args: readonly string[], stdout: 'pipe' | number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [runner, ...args], { stdio: ['ignore', stdout, 'pipe'] });
    let bytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => (bytes += chunk.length));
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => {
      const last = stderr.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr}`));
      const report = JSON.parse(last) as { seconds: number; peakRssMiB: number };
      resolve({ seconds: report.seconds, peakRssMiB: report.peakRssMiB, bytes });
    });
  });
}

function bareNodeRss(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PRINT_PEAK_RSS], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (text += c));
    child.once('error', reject);
    child.once('close', () => resolve(Number(text)));
  });
}

export async function benchOutput(out: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-out-'));
  const args = ['--moves', '1,2,3', '--max', String(ROWS - 1), '--format', 'csv'];
  out(`== Output in bounded memory: sg-explore ${args.join(' ')} (${count(ROWS)} rows), each in its own process`);
  try {
    const floor = await bareNodeRss();
    out(`[memory]  node -e "" peak RSS ${floor.toFixed(0)} MiB (the floor every process pays)`);
    const file = join(dir, 'stdout.csv');
    const fd = openSync(file, 'w');
    let toFile: Run;
    try {
      toFile = await runOnce(args, fd);
    } finally {
      closeSync(fd);
    }
    const size = statSync(file).size;
    rmSync(file);
    const piped = await runOnce(args, 'pipe');
    const outFile = join(dir, 'out.csv');
    const viaOut = await runOnce([...args, '--out', outFile], 'pipe');
    rmSync(outFile);
    for (const [label, run, bytes] of [['stdout to a file', toFile, size], ['stdout to a pipe', piped, piped.bytes], ['--out FILE', viaOut, size]] as const) {
      out(
        `[output]  ${label}: ${(bytes / 1e9).toFixed(2)} GB in ${seconds(run.seconds)} (${(ROWS / run.seconds / 1e6).toFixed(1)} M rows/s); ` +
          `peak RSS ${run.peakRssMiB.toFixed(0)} MiB = ${ratio(run.peakRssMiB / floor)} node's floor (target: under 200 MiB)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
