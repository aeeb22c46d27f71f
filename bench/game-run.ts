/**
 * Child process for the take-and-break benchmark: computes one game and prints
 * one JSON line with its compute time and this process's peak memory, so
 * each game's peak RSS is its own.
 *   node dist/bench/game-run.js CODE LIMIT THREADS
 */
import { exploreAsync } from '../src/core/analyse.js';
import { installNodeHost } from '../src/host/node-host.js';
import { parseCode } from '../src/core/rules/code.js';
import { fletcher32 } from './c-sparse.js';
import { peakRssMiB } from './measure.js';
import { isCycle } from '../src/core/laws/pattern.js';

installNodeHost();
/** How many of G(0..count-1) take each value (index = value), as other solvers' frequency tables. */
function frequencies(values: ArrayLike<number>, count: number): number[] {
  const counts: number[] = [];
  for (let n = 0; n < count; n++) counts[values[n]!] = (counts[values[n]!] ?? 0) + 1;
  return Array.from(counts, (c) => c ?? 0);
}

const [code, limitText, threadsText] = process.argv.slice(2);
const started = performance.now();
const x = await exploreAsync({ game: { rule: { kind: 'take-and-break', code: parseCode(code!) } }, limit: Number(limitText), threads: Number(threadsText) });
const seconds = (performance.now() - started) / 1000;
const p = x.pattern;
process.stdout.write(
  JSON.stringify({
    code,
    seconds,
    proofSeconds: x.proofMilliseconds / 1000,
    computed: x.computed,
    checksum: fletcher32(x.values, x.computed),
    pattern: !isCycle(p) ? null : { preperiod: p.preperiod, period: p.period, proven: Boolean(p.proof), valuesNeeded: p.proof?.valuesNeeded ?? null },
    rareHeaps: x.kernel?.rareHeaps ?? null,
    runsOn: x.kernel?.runsOn ?? null,
    maxValue: Number(x.maxValue),
    frequencies: frequencies(x.values, x.computed),
    peakRssMiB: peakRssMiB(),
  }) + '\n',
);
