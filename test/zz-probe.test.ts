import { it } from 'vitest';
import { explore } from '../src/core/analyse.js';
import { parseCode } from '../src/core/rules/code.js';
import { unsolvedStatistics } from '../src/core/heap/statistics.js';
const cases: [string, number][] = (process.env.PROBE ?? '.04:17,.06:17').split(',').map((s) => { const [c, e] = s.split(':'); return [c!, 2 ** Number(e)]; });
it('probe', () => {
  for (const [c, n] of cases) {
    const t = performance.now();
    const x = explore({ game: { rule: { kind: 'take-and-break', code: parseCode(c) } }, limit: n, max: BigInt(n - 1) });
    const s = unsolvedStatistics(x.values, x.computed);
    console.log(c, JSON.stringify(s), 'mask hex', s.rareMask.toString(16), 'kernel', JSON.stringify(x.kernel), ((performance.now() - t) / 1000).toFixed(1), 's', x.pattern.kind);
  }
}, 600000);
