#!/usr/bin/env node
/**
 * Checks what a heap table with no period in view says the values exclude,
 * from the values alone: `node scripts/check-exclusions.mjs VALUES.csv CLAIM.json`.
 *
 * VALUES.csv: the CSV `sg-explore ... --format csv` writes (a header naming the
 * columns `n` and `grundy`, then one row a heap, n = 0, 1, 2, ...). It must hold
 * every computed value: run both with --limit N and no --max (or --max N-1).
 * CLAIM.json: the JSON `sg-explore ... --format json` writes, with `computed`
 * and `excludedPeriods` { upTo, after, lastMismatch }.
 *
 * For each p = 1..upTo it checks that lastMismatch[p-1] = L has G(L) != G(L+p)
 * with L + p < computed, and G(n) = G(n+p) for every L < n < computed - p; and
 * that `after` is the least L. Then any period p <= upTo begins after n = after.
 *
 * Standalone on purpose: it imports nothing of sg-explore, so a bug there cannot
 * hide here. Exit 0: verified; 1: the claim is false; 2: the input cannot be read.
 */
import { readFileSync } from 'node:fs';

function fail(code, message) {
  process.stderr.write(`check-exclusions: ${message}\n`);
  process.exit(code);
}

const [valuesPath, claimPath] = process.argv.slice(2);
if (!valuesPath || !claimPath || process.argv.length > 4) fail(2, 'usage: node scripts/check-exclusions.mjs VALUES.csv CLAIM.json');

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return fail(2, `cannot read ${path}: ${error.code ?? error.message}`);
  }
}

/** G(0..) from the CSV, as exact decimal strings (values are compared, never computed with). */
function readValues(text) {
  const lines = text.split(/\r?\n/);
  const header = lines[0].split(',');
  const nAt = header.indexOf('n');
  const gAt = header.indexOf('grundy');
  if (nAt < 0 || gAt < 0) fail(2, `${valuesPath}: the header names no "n" and "grundy" columns: ${lines[0]}`);
  const values = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const cells = lines[i].split(',');
    if (cells[nAt] !== String(values.length)) fail(2, `${valuesPath}, line ${i + 1}: n is ${cells[nAt]}, expected ${values.length} (heaps from 0, one a row)`);
    if (!/^\d+$/.test(cells[gAt] ?? '')) fail(2, `${valuesPath}, line ${i + 1}: grundy is ${JSON.stringify(cells[gAt])}, not a whole number`);
    values.push(cells[gAt]);
  }
  return values;
}

function readClaim(text) {
  let claim;
  try {
    claim = JSON.parse(text);
  } catch (error) {
    fail(2, `${claimPath}: not JSON: ${error.message}`);
  }
  const x = claim?.excludedPeriods;
  if (!x || typeof x !== 'object') fail(2, `${claimPath}: no "excludedPeriods" object (a period was proven or observed, or this is no heap table)`);
  if (!Number.isSafeInteger(claim.computed) || claim.computed < 1) fail(2, `${claimPath}: "computed" is ${JSON.stringify(claim.computed)}, not a count of values`);
  if (!Number.isSafeInteger(x.upTo) || x.upTo < 1) fail(2, `${claimPath}: "excludedPeriods.upTo" is ${JSON.stringify(x.upTo)}, not a positive whole number`);
  if (!Array.isArray(x.lastMismatch) || x.lastMismatch.length !== x.upTo) fail(2, `${claimPath}: "excludedPeriods.lastMismatch" must list ${x.upTo} numbers, one for each p = 1..${x.upTo}`);
  return { computed: claim.computed, ...x };
}

const values = readValues(read(valuesPath));
const claim = readClaim(read(claimPath));
const count = claim.computed;
if (values.length < count) fail(2, `${valuesPath} holds ${values.length} values; the claim is about ${count} (write both with the same --limit and no --max)`);

let least = Infinity;
for (let p = 1; p <= claim.upTo; p++) {
  const last = claim.lastMismatch[p - 1];
  if (!Number.isSafeInteger(last) || last < 0 || last + p >= count) fail(1, `p = ${p}: last mismatch ${JSON.stringify(last)} is not an n with n + p < ${count}`);
  if (values[last] === values[last + p]) fail(1, `p = ${p}: G(${last}) = G(${last + p}) = ${values[last]}, no mismatch at n = ${last}`);
  for (let n = last + 1; n + p < count; n++) {
    if (values[n] !== values[n + p]) fail(1, `p = ${p}: G(${n}) = ${values[n]} != G(${n + p}) = ${values[n + p]}, a mismatch after the claimed last one at n = ${last}`);
  }
  least = Math.min(least, last);
}
if (claim.after !== least) fail(1, `"after" is ${JSON.stringify(claim.after)}, but the least last mismatch is ${least}`);
process.stdout.write(`verified over G(0..${count - 1}): any period p <= ${claim.upTo} begins after n = ${least}\n`);
