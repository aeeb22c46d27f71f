import { spawn } from 'node:child_process';
import { BIN, ROOT, cliEnv } from './cli.js';

/**
 * The built binary on a real pseudo-terminal (python3's pty module), as a
 * person at a terminal runs it: stdin, stdout and stderr are all the
 * terminal, so colour, line editing and the progress line are on. Keys are
 * typed once the output so far shows a text; a step may send a signal instead.
 */
export interface PtyStep {
  /** Wait until the output (after the previous step's match) contains this. */
  readonly after: string;
  /** What to type (escape sequences as the terminal sends them: '\u001b[A' is Up). */
  readonly type?: string;
  /** A signal to send to the program instead of typing. */
  readonly signal?: NodeJS.Signals;
  /** Seconds to wait after the match before typing or signalling. */
  readonly delay?: number;
}

export interface PtyRun {
  /** Everything the terminal showed, as the program wrote it (plus the terminal's own echo and CR before LF). */
  readonly output: string;
  readonly code: number | null;
  readonly signal: string | null;
  /** A step's text never came, or the program outlived the timeout (it was killed). */
  readonly timedOut: boolean;
}

const DRIVER = String.raw`
import json, os, pty, sys, time, select, signal, fcntl, termios, struct, base64
cfg = json.loads(sys.stdin.read())
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack('HHHH', 24, cfg['columns'], 0, 0))
    os.execve(cfg['argv'][0], cfg['argv'], cfg['env'])
out = b''
seen = 0
steps = cfg['steps']
deadline = time.time() + cfg['timeout']
timed_out = False
status = None
def drain(wait):
    global out
    r, _, _ = select.select([fd], [], [], wait)
    if not r:
        return True
    try:
        data = os.read(fd, 65536)
    except OSError:
        return False
    if not data:
        return False
    out += data
    return True
open_ = True
while open_:
    if time.time() > deadline:
        timed_out = True
        os.kill(pid, signal.SIGKILL)
        break
    if steps:
        step = steps[0]
        at = out.find(step['after'].encode(), seen)
        if at >= 0:
            seen = at + len(step['after'].encode())
            steps.pop(0)
            time.sleep(step.get('delay', 0))
            if step.get('signal'):
                os.kill(pid, getattr(signal, step['signal']))
            if step.get('type') is not None:
                os.write(fd, step['type'].encode())
            continue
    open_ = drain(0.05)
while True:
    try:
        r, _, _ = select.select([fd], [], [], 0.2)
        if not r:
            if os.waitpid(pid, os.WNOHANG)[0]:
                break
            continue
        data = os.read(fd, 65536)
        if not data:
            break
        out += data
    except OSError:
        break
_, status = os.waitpid(pid, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
sig = signal.Signals(os.WTERMSIG(status)).name if os.WIFSIGNALED(status) else None
print(json.dumps({'out': base64.b64encode(out).decode(), 'code': code, 'signal': sig, 'timedOut': timed_out or bool(steps)}))
`;

export interface PtyOptions {
  readonly steps?: readonly PtyStep[];
  readonly env?: NodeJS.ProcessEnv;
  /** The terminal's width (default 80). */
  readonly columns?: number;
  /** Seconds before the program is killed (default 20). */
  readonly timeout?: number;
}

/** Run the built binary with `args` on a pseudo-terminal; colour is on (NO_COLOR removed). */
export function runPty(args: readonly string[], options: PtyOptions = {}): Promise<PtyRun> {
  const env = { ...cliEnv({ TERM: 'xterm-256color', ...options.env }) };
  if (!options.env || !('NO_COLOR' in options.env)) delete env.NO_COLOR;
  const config = { argv: [process.execPath, BIN, ...args], env, columns: options.columns ?? 80, steps: options.steps ?? [], timeout: options.timeout ?? 20 };
  return new Promise((done, reject) => {
    const child = spawn('python3', ['-c', DRIVER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', () => {
      try {
        const r = JSON.parse(stdout) as { out: string; code: number | null; signal: string | null; timedOut: boolean };
        done({ output: Buffer.from(r.out, 'base64').toString('utf8'), code: r.code, signal: r.signal, timedOut: r.timedOut });
      } catch {
        reject(new Error(`the pty driver failed: ${stderr || stdout}`));
      }
    });
    child.stdin.end(JSON.stringify(config));
  });
}

/** SGR attributes left on, by name, after `text` is written to a terminal that starts with none; [] when all are back to default. */
export function sgrLeftOn(text: string): string[] {
  const on = new Map<string, string>();
  for (const [, params] of text.matchAll(/\u001b\[([0-9;:]*)m/g)) {
    const codes = params === '' ? [0] : params!.split(/[;:]/).map(Number);
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i]!;
      if (c === 0) on.clear();
      else if (c === 1) on.set('bold', 'on');
      else if (c === 2) on.set('dim', 'on');
      else if (c === 22) (on.delete('bold'), on.delete('dim'));
      else if (c === 3) on.set('italic', 'on');
      else if (c === 23) on.delete('italic');
      else if (c === 4) on.set('underline', 'on');
      else if (c === 24) on.delete('underline');
      else if (c === 5 || c === 6) on.set('blink', 'on');
      else if (c === 25) on.delete('blink');
      else if (c === 7) on.set('inverse', 'on');
      else if (c === 27) on.delete('inverse');
      else if (c === 8) on.set('hidden', 'on');
      else if (c === 28) on.delete('hidden');
      else if (c === 9) on.set('strike', 'on');
      else if (c === 29) on.delete('strike');
      else if ((c >= 30 && c <= 37) || (c >= 90 && c <= 97)) on.set('fg', String(c));
      else if (c === 39) on.delete('fg');
      else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) on.set('bg', String(c));
      else if (c === 49) on.delete('bg');
      else if (c === 38 || c === 48) {
        // 38;5;n or 38;2;r;g;b: the colour's own numbers follow.
        on.set(c === 38 ? 'fg' : 'bg', codes.slice(i, i + (codes[i + 1] === 2 ? 5 : 3)).join(';'));
        i += codes[i + 1] === 2 ? 4 : 2;
      }
    }
  }
  return [...on.entries()].map(([k, v]) => (v === 'on' ? k : `${k} ${v}`));
}
