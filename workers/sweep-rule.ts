/**
 * Piscina worker for sweeps: runs a batch of rules (or answers the start-up
 * probe). All the work is in src/sweep/run-rule.ts.
 */
import { handleSweepTask } from '../src/sweep/run-rule.js';

export default handleSweepTask;
