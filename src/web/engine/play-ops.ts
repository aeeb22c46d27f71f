/** The play area's operations in the worker (the play view's owner fills this in). */
import type { Op } from './protocol.js';

export const playOps: Record<string, Op> = {};
