/**
 * What a rule module's checkpoint is tied to: the module's source and every
 * local file it imports (followed from import/export ... from '...' and
 * import('...') with a literal path, transitively), so that a resume never
 * mixes values of an old helper with those of a new one. A checkpoint whose
 * files have changed is refused, naming the first that changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, mention, says } from '../../core/errors.js';
import { describeFsError } from '../files/fs-errors.js';
import { checkpointKeyOf } from '../checkpoint.js';

/** A module whose imports reach more files than this is surely not a rule: stop following. */
const MOST_FILES = 1000;
const IMPORTED = /\b(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*[,)]/g;

function sourceOf(file: string, module: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new InputError(`rule module ${module}: cannot read ${file === module ? 'it' : file} (${describeFsError(error)})`);
  }
}

function localTarget(specifier: string, from: string): string | null {
  let path: string;
  if (specifier.startsWith('file:')) {
    try {
      path = fileURLToPath(specifier);
    } catch {
      return null;
    }
  } else if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) path = resolve(dirname(from), specifier);
  else return null; // node: builtins and packages
  return existsSync(path) && statSync(path).isFile() ? path : null;
}

/** The module and the local files it imports, each with the first 16 hex digits of its SHA-256. */
export function moduleFiles(module: string): { path: string; digest: string }[] {
  const root = resolve(module);
  const found: { path: string; digest: string }[] = [];
  const seen = new Set([root]);
  const queue = [root];
  while (queue.length && found.length < MOST_FILES) {
    const file = queue.shift()!;
    const source = sourceOf(file, module);
    found.push({ path: file, digest: createHash('sha256').update(source).digest('hex').slice(0, 16) });
    if (!/\.(m?js|cjs)$/i.test(file)) continue;
    for (const match of source.toString('utf8').matchAll(IMPORTED)) {
      const target = localTarget(match[1] ?? match[2]!, file);
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return found;
}

const FILES_TAG = ' files ';

/** A module's digest, and those of the files it imports by their paths from its folder ('/' between parts). */
export interface ModuleDigests {
  readonly main: string;
  readonly imported: ReadonlyMap<string, string>;
}

/** Read and hash the module and every local file it imports (once a run: the key and the resume check share them). */
export function moduleDigests(module: string): ModuleDigests {
  const [main, ...imported] = moduleFiles(module);
  const folder = dirname(main!.path);
  return { main: main!.digest, imported: new Map(imported.map((f) => [relative(folder, f.path).split(sep).join('/'), f.digest])) };
}

/** The checkpoint key: the rule, the module's digest, and the files it imports (named from its folder). */
export function moduleCheckpointKey(rule: string, { main, imported }: ModuleDigests): string {
  return `${rule} sha256:${main}${imported.size ? FILES_TAG + JSON.stringify(Object.fromEntries(imported)) : ''}`;
}

/**
 * Before a resume: the checkpoint was taken with the module and the files it
 * imports as they are now; otherwise it is refused, naming the file.
 */
export function checkModuleFiles(checkpoint: string, module: string, { main, imported: now }: ModuleDigests): void {
  const saved = checkpointKeyOf(checkpoint);
  if (saved === undefined) return; // not a checkpoint at all: loading it says so
  const digest = / sha256:([0-9a-f]{16})/.exec(saved)?.[1];
  const tagged = saved.indexOf(FILES_TAG + '{');
  let then: Record<string, string> = {};
  try {
    if (tagged >= 0) then = JSON.parse(saved.slice(tagged + FILES_TAG.length)) as Record<string, string>;
  } catch {
    return;
  }
  const changed = (what: string) =>
    InputError.about('mismatch', 'checkpoint', checkpoint, checkpoint, says`${what} since the checkpoint was saved, so its values may not be this module's: start afresh with ${mention('force')} (or undo the change)`);
  if (digest !== undefined && digest !== main) throw changed(`${module} has changed`);
  for (const [file, was] of Object.entries(then)) {
    if (!now.has(file)) throw changed(`${file}, which the module imported, is no longer imported (or is gone)`);
    if (now.get(file) !== was) throw changed(`${file}, which the module imports, has changed`);
  }
  for (const file of now.keys()) if (!(file in then)) throw changed(`the module imports ${file}, which it did not`);
}
