#!/usr/bin/env node
/**
 * Compares the value frequencies of a run with R. Rogalski's published tables
 * (github.com/rogalski-wmii-uni-lodz-pl/octal, results/GAME/N: how many of
 * the heaps 1..N have each value), power of two by power of two:
 *
 *   node scripts/compare-rogalski.mjs RUN.jsonl [TABLES.json]
 *
 * RUN.jsonl: what `sg-explore --code 0.167 --limit 2^20 --format powers` writes
 * (one JSON line per power of two N: rule, heaps = N, frequencies over heaps 1..N).
 * TABLES.json: his tables gathered in one file, {"games": {"0.167": {"N": {"value": count}}}}.
 * They are public data kept outside this repository; without the argument the
 * file is looked for in $SG_ROGALSKI_FREQUENCIES, then ../shared/oracles/rogalski-frequencies.json
 * beside the repository.
 *
 * Standalone: it imports nothing of sg-explore. Exit 0: every power both hold agrees;
 * 1: some power differs (the first differing value is named); 2: a file cannot be read;
 * 3: nothing was compared (no tables file, or no power of the run in it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function fail(code, message) {
  process.stderr.write(`compare-rogalski: ${message}\n`);
  process.exit(code);
}

const args = process.argv.slice(2);
if (args.length < 1 || args.length > 2) fail(2, 'usage: node scripts/compare-rogalski.mjs RUN.jsonl [TABLES.json]');
const [runPath] = args;
const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tablesPath = args[1] ?? process.env.SG_ROGALSKI_FREQUENCIES ?? join(repository, '..', 'shared', 'oracles', 'rogalski-frequencies.json');
if (!existsSync(tablesPath)) {
  fail(3, `no tables file at ${tablesPath}: nothing compared (Rogalski's tables are public data kept outside the repository; give their path as the second argument or in SG_ROGALSKI_FREQUENCIES)`);
}

function readJson(path, text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(2, `${path}: not JSON: ${error.message}`);
  }
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return fail(2, `cannot read ${path}: ${error.code ?? error.message}`);
  }
}

const tables = readJson(tablesPath, read(tablesPath))?.games;
if (!tables || typeof tables !== 'object') fail(2, `${tablesPath}: no "games" object`);

/** The code a rule's canonical text names ("octal 0.167" -> "0.167"). */
const codeOf = (rule) => String(rule).replace(/^octal\s+/, '');

/** The first value whose counts differ, as words, or null when the two tables agree. */
function firstDifference(ours, theirs) {
  const values = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].map(Number).sort((a, b) => a - b);
  for (const v of values) {
    const a = ours[v] ?? 0;
    const b = theirs[v] ?? 0;
    if (a !== b) return `value ${v}: ${a} heaps here, ${b} in Rogalski's table`;
  }
  return null;
}

let compared = 0;
let differ = 0;
const lines = read(runPath).split('\n');
lines.forEach((line, i) => {
  if (line.trim() === '') return;
  const record = readJson(`${runPath}, line ${i + 1}`, line);
  if (record.final) return; // over every computed value: no power of two
  if (!Number.isSafeInteger(record.heaps) || typeof record.frequencies !== 'object' || record.frequencies === null) {
    fail(2, `${runPath}, line ${i + 1}: no "heaps" and "frequencies" (write the run with --format powers)`);
  }
  const code = codeOf(record.rule);
  const theirs = tables[code]?.[String(record.heaps)];
  if (!theirs) return;
  compared++;
  const difference = firstDifference(record.frequencies, theirs);
  if (difference) differ++;
  process.stdout.write(`${code} heaps 1..${record.heaps}: ${difference ? `DIFFERS, ${difference}` : `same (${Object.keys(theirs).length} values)`}\n`);
});
if (compared === 0) fail(3, `no power of two in ${runPath} has a table in ${tablesPath}: nothing compared`);
process.stdout.write(`${compared} powers compared, ${differ === 0 ? 'all agree' : `${differ} differ`}\n`);
process.exit(differ === 0 ? 0 : 1);
