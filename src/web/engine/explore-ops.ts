/** The explore area's operations in the worker (the explore view's owner fills this in). */
import type { Op } from './protocol.js';

export const exploreOps: Record<string, Op> = {};
