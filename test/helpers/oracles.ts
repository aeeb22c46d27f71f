import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the published results live: ../shared/oracles/published.json beside
 * the repository (/work/main and /work/shared, and in CI). A clone elsewhere
 * points SG_EXPLORE_ORACLES at the file. A missing file fails the suite; it is
 * not skipped.
 */
export const ORACLE_PATH = process.env.SG_EXPLORE_ORACLES ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/oracles/published.json');
