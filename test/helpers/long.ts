import { it } from 'vitest';

/**
 * Tests that take minutes on two cores (a quotient of order 360, hundreds of thousands of cases under a small heap,
 * a sweep that stretches to its proof). `npm test` leaves them out, so that it stays a few minutes; `npm run
 * test:long` (which .ci/run runs too) runs them, and only them, picked by the `[long]` in their names.
 */
export const LONG_TESTS = process.env.SG_EXPLORE_LONG_TESTS === '1';

/** `it` for a long test: give it a name ending in `[long]`, which `npm run test:long` selects. */
export const longTest: typeof it = LONG_TESTS ? it : it.skip;
