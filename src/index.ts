/**
 * The library on Node: the platform-free core (src/core/) with the Node host
 * installed (memory budgets, WebAssembly, worker pools, rule modules, files).
 * A browser takes src/browser.ts instead (the package's `browser` condition).
 */
import { installNodeHost } from './host/node-host.js';

installNodeHost();

export * from './browser.js';
// What only Node has: files and worker pools.
export { loadRuleFile } from './host/rule-file.js';
export { sweepFamily, type FamilySweepOptions, type RowOutput, type SweepOutcome } from './sweep/sweep.js';
export { familyRules, type Family } from './sweep/family.js';
export { IndexSet } from './sweep/index-set.js';
export type { SweepRow } from './sweep/row.js';
