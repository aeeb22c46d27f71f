import { escapeControls } from '../../errors.js';

/**
 * What a rule module threw, in one line: its own message, or, for an act
 * the sandbox refused (Node's ERR_ACCESS_DENIED, or src/host/module/confine.ts's
 * like it, whose `resource` for the network and processes says the act), which act it was.
 */
export function thrownText(error: unknown): string {
  const { code, permission, resource, target } = (error ?? {}) as { code?: unknown; permission?: unknown; resource?: unknown; target?: unknown };
  if (code === 'ERR_ACCESS_DENIED') {
    // `target`: where a link inside the module's folder leads (src/host/module/confine.ts).
    const where = (typeof resource === 'string' && resource ? ` ${resource}` : '') + (typeof target === 'string' ? `, which leads to ${target}` : '');
    const act =
      permission === 'FileSystemRead'
        ? `reading${where || ' a file'} (a module may read only its own folder)`
        : permission === 'FileSystemWrite'
          ? `writing${where || ' a file'}`
          : permission === 'ChildProcess'
            ? 'starting a process'
            : permission === 'WorkerThreads'
              ? 'starting a worker thread'
              : permission === 'Network'
                ? `${resource || 'using the network'} (a module may not use the network)`
                : permission === 'Process'
                  ? `${resource || 'acting on another process'} (a module may act only on its own process)`
                  : `this (${String(permission ?? 'unknown')})`;
    // A path or host name is the module's text: no raw control characters reach the terminal.
    return escapeControls(`the sandbox refused ${act}; run with --trust-module to lift its limits`);
  }
  let text: string;
  try {
    text = error instanceof Error ? String(error.message) : String(error);
  } catch {
    text = 'something that cannot be shown as text';
  }
  // One short line, with no raw control characters reaching the terminal.
  const line = escapeControls(text.split('\n')[0]!);
  return line.length > 300 ? line.slice(0, 297) + '...' : line;
}
