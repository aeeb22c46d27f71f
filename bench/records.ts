/**
 * Records (only with SG_BENCH_RECORDS=1: minutes of work and about 750 MB):
 * Flammenkamp's .1777 to its proof (period 60,620,715, last exceptional
 * value 160,949,017), run as docs/options.md's recipe runs it: with a checkpoint
 * every 20 s, killed with SIGKILL part-way, then resumed. The resumed run
 * must reach the same proof; the bench prints both runs' times and the
 * resumed run's peak RSS. Then the whole 3-digit octal tables (0.ddd and
 * 4.ddd, issue 24's target: both under 10 minutes together), each sweep a
 * process of its own, with the solved games the published tables list proven
 * (0.354 and 0.376 among them) counted from the rows.
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
    out('[records] skipped: set SG_BENCH_RECORDS=1 to prove .1777 with a kill -9 and a resume (minutes, about 750 MB)');
    return;
  }
  const program = fileURLToPath(new URL('../../dist/sg-explore.cjs', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-records-'));
  const args = ['--code', '0.1777', '--limit', '6e8', '--checkpoint', join(dir, '1777.ckpt'), '--checkpoint-every', '20', '--format', 'json', '--out', join(dir, '1777.json'), '--no-progress'];
  try {
    out('== Records: .1777 to its proof, killed with SIGKILL part-way and resumed (the docs/options.md recipe)');
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
  benchOctalTables(out, program);
}

/** The two 3-digit octal sweeps at their default limits, timed as whole processes. */
function benchOctalTables(out: (line: string) => void, program: string): void {
  out('== Records: the whole 3-digit octal tables, sweep --family octal --digits 1-3 (and with --prefix 4), default limits, all cores');
  let total = 0;
  for (const prefix of [[], ['--prefix', '4']]) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [program, 'sweep', '--family', 'octal', '--digits', '1-3', ...prefix, '--format', 'jsonl'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const secs = (performance.now() - started) / 1000;
    total += secs;
    if (run.status !== 0) {
      out(`[tables]  ${prefix.length ? '4.ddd' : '0.ddd'}: the sweep failed: ${run.stderr.trim().split('\n').pop()}`);
      process.exitCode = 1;
      continue;
    }
    const rows = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { rule: string; proven: boolean; preperiod: number | null; period: number | null });
    const proven = rows.filter((r) => r.proven).length;
    // The two published proofs that need more than 2^20 values (the sparse stretch).
    const status = (code: string) => {
      const r = rows.find((row) => row.rule === `octal ${code}`);
      return `${code} ${r?.proven ? `proven (${r.preperiod}, ${r.period})` : 'NOT proven'}`;
    };
    const longest = prefix.length ? '' : `; ${status('0.354')}, ${status('0.376')}`;
    out(`[tables]  ${prefix.length ? '4.ddd' : '0.ddd'}: ${rows.length} rules in ${seconds(secs)}, ${proven} proven${longest}`);
  }
  out(`[tables]  both sweeps: ${seconds(total)} [target: under 600 s together]`);
}
