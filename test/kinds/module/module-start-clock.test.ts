import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as SandboxModule from '../../../src/host/module/sandbox.js';
import { runMain } from '../../helpers/in-process.js';

/**
 * --timeout times the module's own calls, not the sandbox's start-up. The start-up is made slow on purpose
 * (the real sandbox, started SLOW_START_MS late), so the check does not depend on how fast this machine starts
 * processes: a watchdog that charged the start-up would fail every run, and the module's own loading has
 * --timeout (a few hundred times what it takes on a quiet machine) to spare on a loaded one.
 */
const SLOW_START_MS = 1200;
const TIMEOUT_MS = 500;
const starts = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../../src/host/module/sandbox.js', async (importOriginal) => {
  const real = await importOriginal<typeof SandboxModule>();
  const startSandbox: typeof real.startSandbox = (job, options, handlers) => {
    starts.count++;
    let sandbox: SandboxModule.Sandbox | undefined;
    let stopped = false;
    let ready: () => void = () => {};
    const started = new Promise<void>((resolve) => (ready = resolve));
    const timer = setTimeout(() => {
      if (!stopped) sandbox = real.startSandbox(job, options, handlers);
      ready();
    }, SLOW_START_MS);
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
        ready();
        sandbox?.stop();
      },
      interrupt: () => sandbox?.interrupt(),
      drained: async (graceMs) => {
        await started;
        await sandbox?.drained(graceMs);
      },
    };
  };
  return { ...real, startSandbox };
});

const scratch = mkdtempSync(join(tmpdir(), 'sg-start-clock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the --timeout watchdog and a slow sandbox start-up', () => {
  it(`does not charge the start-up to the module (started ${SLOW_START_MS} ms late, --timeout ${TIMEOUT_MS})`, async () => {
    const module = join(scratch, 'take-one.mjs');
    writeFileSync(module, 'export function options(n) { return n > 0 ? [[n - 1]] : []; }\n');
    const r = await runMain(['--rule', module, '--max', '5', '--timeout', String(TIMEOUT_MS), '--format', 'csv']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split(/\r?\n/).slice(1).map((line) => line.split(',')[1])).toEqual(['0', '1', '0', '1', '0', '1']);
    expect(starts.count, 'the slow start-up was used').toBe(1);
  });

  it('still charges the loading: top-level code that never ends is stopped while loading', async () => {
    const module = join(scratch, 'endless.mjs');
    writeFileSync(module, 'for (;;) {}\nexport function options(n) { return []; }\n');
    const r = await runMain(['--rule', module, '--max', '5', '--timeout', String(TIMEOUT_MS)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/loading it ran past --timeout 500 ms/);
    expect(starts.count).toBe(2);
  });
});
