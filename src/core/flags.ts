/**
 * The command-line flag that sets each field of a request: the CLI and the
 * web page (whose input is the same words) name a field in a message by it
 * (`max 5e20: …` becomes `--max 5e20: …`).
 */
import type { InputField } from './errors.js';

/** The flag that sets each field the CLI sets (each `--` and the field's name today). */
const FLAGS: Readonly<Partial<Record<InputField, string>>> = {
  max: '--max',
  at: '--at',
  position: '--position',
  limit: '--limit',
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
  where: '--where',
  sort: '--sort',
  trusted: '--trust-module',
  timeoutMs: '--timeout',
  check: '--check',
};

/** The flag of a library field (a field no flag sets keeps its name). */
export function flagOf(field: InputField): string {
  return FLAGS[field] ?? field;
}
