/**
 * The command-line flag that sets each field of a request: the CLI and the
 * web page (whose input is the same words) name a field in a message by it
 * (`max 5e20: …` becomes `--max 5e20: …`).
 */
import type { InputField } from './errors.js';

/**
 * The flag that sets each field, or null where no flag does (the field keeps its name): a record over
 * every InputField, so that a field added there does not compile until it is given one or the other.
 */
const FLAGS: Readonly<Record<InputField, string | null>> = {
  max: '--max',
  at: '--at',
  position: '--position',
  limit: '--limit',
  maxRareHeaps: '--rare-heaps',
  maxRareWork: '--rare-work',
  window: '--window',
  threads: '--threads',
  rule: '--rule',
  moves: '--moves',
  code: '--code',
  vectors: '--vectors',
  preset: '--preset',
  misere: '--misere',
  genus: '--genus',
  quotient: '--quotient',
  useObserved: '--use-observed',
  emit: '--emit',
  rows: '--rows',
  checkpoint: '--checkpoint',
  resume: '--resume',
  force: '--force',
  out: '--out',
  plot: '--plot',
  format: '--format',
  rules: '--rules',
  family: '--family',
  shard: '--shard',
  merge: '--merge',
  frequencies: '--frequencies',
  where: '--where',
  sort: '--sort',
  trusted: '--trust-module',
  timeoutMs: '--timeout',
  check: '--check',
  input: '--input',
  answer: '--answer',
  words: '--words',
  game: null,
  memoryBudget: null,
};

/** The flag of a library field (a field no flag sets keeps its name). */
export function flagOf(field: InputField): string {
  return FLAGS[field] ?? field;
}
