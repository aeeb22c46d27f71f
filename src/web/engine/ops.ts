/** Every operation the engine worker serves, by name. */
import { exploreOps } from './explore-ops.js';
import { playOps } from './play-ops.js';
import { formOps } from './form-ops.js';
import type { Op } from './protocol.js';

export const OPS: Readonly<Record<string, Op>> = { ...exploreOps, ...playOps, ...formOps };
