/**
 * Records (only with SG_BENCH_RECORDS=1: minutes of work and about 1.3 GB):
 * Flammenkamp's .1777 to its proof (period 60,620,715, last exceptional
 * value 160,949,017), run as the README's recipe runs it: with a checkpoint
 * every 20 s, killed with SIGKILL part-way, then resumed. The resumed run
 * must reach the same proof; the bench prints both runs' times and the
 * resumed run's peak RSS.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seconds } from './measure.js';

/** Seconds the first run computes before it is killed. */
const KILL_AFTER = 45;

export async function benchRecords(out: (line: string) => void): Promise<void> {
  if (process.env.SG_BENCH_RECORDS !== '1') {
    out('[records] skipped: set SG_BENCH_RECORDS=1 to prove .1777 with a kill -9 and a resume (minutes, about 1.3 GB)');
    return;
  }
  const program = fileURLToPath(new URL('../../dist/sg-explore.cjs', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-records-'));
  const args = ['--code', '0.1777', '--limit', '6e8', '--checkpoint', join(dir, '1777.ckpt'), '--checkpoint-every', '20', '--format', 'json', '--out', join(dir, '1777.json'), '--no-progress'];
  try {
    out('== Records: .1777 to its proof, killed with SIGKILL part-way and resumed (the README recipe)');
    const started = performance.now();
    const first = spawn(process.execPath, [program, ...args], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER * 1000));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const killedAt = (performance.now() - started) / 1000;
    const resumed = performance.now();
    const second = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, program, ...args, '--resume'], { encoding: 'utf8' });
    const resumeSeconds = (performance.now() - resumed) / 1000;
    if (second.status !== 0) throw new Error(`the resumed run failed: ${second.stderr}`);
    const peakKb = Number(/(\d+)\s*$/.exec(second.stderr)?.[1] ?? NaN);
    const report = JSON.parse(readFileSync(join(dir, '1777.json'), 'utf8')) as { computed: number; pattern: { preperiod: number; period: number; proven: boolean; lastExceptional: number } };
    const p = report.pattern;
    const right = p.proven && p.period === 60_620_715 && p.lastExceptional === 160_949_017;
    out(`[records]  killed after ${seconds(killedAt)}, resumed to the proof in ${seconds(resumeSeconds)}; ${report.computed.toLocaleString('en-US')} values; peak RSS ${(peakKb / 1024).toFixed(0)} MiB (the resumed run)`);
    out(`[records]  period ${p.period}, last exceptional value ${p.lastExceptional}, proven ${p.proven}: ${right ? 'Flammenkamp\'s result' : 'MISMATCH with Flammenkamp\'s result'}`);
    if (!right) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
