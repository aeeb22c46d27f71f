import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The published results the tests check against: a copy, kept in the
 * repository (test/fixtures/published.json), of the project's collection of
 * published Grundy-value results; every entry names its source.
 */
export const ORACLE_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/published.json');
