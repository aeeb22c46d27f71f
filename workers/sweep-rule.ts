/**
 * Piscina worker for sweeps: runs a batch of rules (or answers the start-up
 * probe). All the work is in src/sweep/task.ts; `taskJobs` is exported too,
 * for tests that wrap this worker.
 */
import { handleSweepTask } from '../src/sweep/task.js';
import { installNodeHost } from '../src/host/node-host.js';

// Free memory sets each rule's budget, and 0.x codes run on WebAssembly, as in the main thread.
installNodeHost();

export { taskJobs } from '../src/sweep/task.js';
export default handleSweepTask;
