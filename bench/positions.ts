/**
 * Positions: 500,000 Nim heaps of up to 10^9 from stdin. First Luogu
 * P1247's layout and answer (`--input counted --answer move`) against a
 * plain Node loop that only parses the same input and xors it, and against
 * the blogs' C++ program (compiled here with g++ -O2 when g++ is present);
 * then the whole report with every winning move as JSON against the same
 * loop. Whole processes in the same run, interleaved, medians.
 * `node dist/bench/positions.js` runs this part alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, ratio, seconds, summarize } from './measure.js';

const HEAPS = 500_000;
const RUNS = 7;

/**
 * Luogu P1247's answer as the blogs write it in C++ (cin/cout, g++ -O2): the
 * reference for `--input counted --answer move`. Written here for the bench
 * (read k and the heaps, xor them, the first heap with the xor's top bit).
 */
export const P1247_CPP = String.raw`#include <iostream>
#include <vector>
using namespace std;
int main() {
  int k;
  cin >> k;
  vector<long long> heaps(k);
  long long x = 0;
  for (int i = 0; i < k; i++) { cin >> heaps[i]; x ^= heaps[i]; }
  if (x == 0) { cout << "lose" << endl; return 0; }
  for (int i = 0; i < k; i++) {
    long long left = heaps[i] ^ x;
    if (left < heaps[i]) {
      cout << heaps[i] - left << " " << i + 1 << endl;
      heaps[i] = left;
      for (int j = 0; j < k; j++) cout << heaps[j] << (j + 1 < k ? " " : "");
      cout << endl;
      return 0;
    }
  }
  return 0;
}
`;

/** What a whole-process run printed, and how long it took. */
function timed(command: string, args: string[], input: string, env: NodeJS.ProcessEnv): { seconds: number; stdout: Buffer } {
  const fd = openSync(input, 'r');
  try {
    const started = process.hrtime.bigint();
    const child = spawnSync(command, args, { stdio: [fd, 'pipe', 'pipe'], maxBuffer: 1 << 30, env });
    if (child.status !== 0) throw new Error(`${command} ${args.join(' ')}: exit ${child.status}: ${child.stderr}`);
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, stdout: child.stdout };
  } finally {
    closeSync(fd);
  }
}

/** 500,000 heaps of 0..10^9 from a fixed LCG (the same every run). */
function benchHeaps(): number[] {
  let x = 987654321;
  const heaps: number[] = [];
  for (let i = 0; i < HEAPS; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    heaps.push(x % 1_000_000_001);
  }
  return heaps;
}

/** The tightest parse-and-xor in Node: the bytes read at once, digits folded by hand (no strings): how close the fast path comes to the floor. */
const BYTE_LOOP = "const b=require('fs').readFileSync(0);let x=0,v=0,d=false;for(let i=0;i<b.length;i++){const c=b[i];if(c>=48&&c<=57){v=v*10+c-48;d=true}else if(d){x^=v;v=0;d=false}}if(d)x^=v;console.log(x)";

const PLAIN_LOOP = "let t='';process.stdin.setEncoding('utf8').on('data',d=>t+=d).on('end',()=>{let x=0;for(const w of t.split(/\\s+/))if(w)x^=Number(w);console.log(x)})";

export function benchPositions(out: (line: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-pos-'));
  try {
    const heaps = benchHeaps();
    const input = join(dir, 'heaps.txt');
    writeFileSync(input, heaps.join(' ') + '\n');
    const counted = join(dir, 'p1247.txt');
    writeFileSync(counted, `${HEAPS}\n${heaps.join(' ')}\n`);
    // As the installed program runs (bin/sg-explore): without NODE_EXTRA_CA_CERTS, for every node process alike.
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    const node = process.execPath;
    const program = fileURLToPath(new URL('../sg-explore.cjs', import.meta.url));
    const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

    // 1. The judge's answer (P1247's layout), against the plain loop and the C++ program, interleaved.
    let cpp: string | null = null;
    const gpp = spawnSync('g++', ['--version'], { stdio: 'ignore' });
    if (!gpp.error && gpp.status === 0) {
      writeFileSync(join(dir, 'p1247.cpp'), P1247_CPP);
      const built = spawnSync('g++', ['-O2', '-o', join(dir, 'p1247'), join(dir, 'p1247.cpp')], { encoding: 'utf8' });
      if (built.status === 0) cpp = join(dir, 'p1247');
      else out(`[positions]  g++ failed, no C++ reference: ${built.stderr.split('\n')[0]}`);
    } else out('[positions]  no g++: the C++ reference is left out');
    const answerArgs = [program, '--preset', 'nim', '--position', '-', '--input', 'counted', '--answer', 'move'];
    const ours: number[] = [];
    const loop: number[] = [];
    const bytesLoop: number[] = [];
    const native: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const a = timed(node, answerArgs, counted, env);
      const b = timed(node, ['-e', PLAIN_LOOP], counted, env);
      const t = timed(node, ['-e', BYTE_LOOP], counted, env);
      const c = cpp ? timed(cpp, [], counted, env) : null;
      if (c && !a.stdout.equals(c.stdout)) throw new Error('sg-explore and the C++ program answer P1247 differently');
      if (i === 0) continue; // a warm-up
      ours.push(a.seconds);
      loop.push(b.seconds);
      bytesLoop.push(t.seconds);
      if (c) native.push(c.seconds);
    }
    const a = summarize(ours);
    const b = summarize(loop);
    out(`== P1247: ${count(HEAPS)} Nim heaps of up to 10^9, a count first, from stdin to the judge's answer (whole processes, median of ${RUNS}, interleaved)`);
    out(`[p1247]  sg-explore --preset nim --position - --input counted --answer move  median ${seconds(a.median)}`);
    out(`[p1247]  plain node loop (parse and xor only)  median ${seconds(b.median)}`);
    out(`[p1247]  ratio: ${ratio(a.median / b.median)} the plain loop's time (target 1.5x at most)`);
    const t = summarize(bytesLoop);
    out(`[p1247]  node byte loop (readFileSync, digits folded by hand, xor only)  median ${seconds(t.median)}`);
    out(`[p1247]  ratio: ${ratio(a.median / t.median)} the byte loop's time (no target: the floor of parsing in Node)`);
    if (cpp) {
      const c = summarize(native);
      out(`[p1247]  C++ (cin/cout, g++ -O2), the same answer byte for byte  median ${seconds(c.median)}`);
      out(`[p1247]  ratio: ${ratio(a.median / c.median)} the C++ program's time (target 3x at most)`);
    }

    // 2. The whole report as JSON (every winning move), against the same loop.
    const report: number[] = [];
    const loop2: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = timed(node, [cli, '--preset', 'nim', '--position', '-', '--format', 'json'], input, env);
      bytes = r.stdout.length;
      report.push(r.seconds);
      loop2.push(timed(node, ['-e', PLAIN_LOOP], input, env).seconds);
    }
    const r = summarize(report);
    const l = summarize(loop2);
    out(`== Positions: ${count(HEAPS)} Nim heaps of up to 10^9 from stdin, every winning move, JSON (whole processes, median of ${RUNS})`);
    out(`[positions]  sg-explore --preset nim --position - --format json  median ${seconds(r.median)}, ${(bytes / 1e6).toFixed(1)} MB of JSON`);
    out(`[positions]  plain node loop (parse and xor only)  median ${seconds(l.median)}`);
    out(`[positions]  ratio: ${ratio(r.median / l.median)} the plain loop's time`);

    // 3. A misère sum of 100,000 Kayles heaps through the misère quotient, against the same heaps in normal play.
    const kayles = join(dir, 'kayles.txt');
    let seed = 12345;
    const kaylesHeaps = Array.from({ length: 100_000 }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), 1 + ((seed >>> 16) % 40)));
    writeFileSync(kayles, kaylesHeaps.join(' ') + '\n');
    const misere: number[] = [];
    const normal: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      misere.push(timed(node, [program, '--preset', 'kayles', '--misere', '--position', '-'], kayles, env).seconds);
      normal.push(timed(node, [program, '--preset', 'kayles', '--position', '-'], kayles, env).seconds);
    }
    const mi = summarize(misere);
    const no = summarize(normal);
    out(`== Misère sums: 100,000 Kayles heaps of 1..40 from stdin (whole processes, median of ${RUNS})`);
    out(`[misere]  sg-explore --preset kayles --misere --position - (through the quotient Q_40)  median ${seconds(mi.median)} (target: under 1 s)`);
    out(`[misere]  the same heaps in normal play (values and nim-sum)  median ${seconds(no.median)}`);
    out(`[misere]  ratio: ${ratio(mi.median / no.median)} normal play's time`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node dist/bench/positions.js` runs this part of the bench alone.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) benchPositions((line) => console.log(line));
