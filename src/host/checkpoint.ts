import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { InputError, mention, quote, says, type InputCode, type Wording } from '../core/errors.js';
import { OutputError } from './sink.js';
import { valueView, type ValueArray } from '../core/kernels/store.js';
import { describeFsError } from './files/fs-errors.js';
import { discard, release, removeStaleTemporaries, temporaryBeside } from './files/temporary.js';
import { resolveOutputTarget } from './files/output-file.js';
import { notRegular } from './files/input-file.js';

/**
 * Checkpoints of a long computation: the rule and the values computed so far.
 * Every kernel rebuilds its own state from the values, and a heap game's
 * run replays the proof attempts they went through (explore.ts: schedule),
 * so they are all a resumed run needs to finish bit-identical to an
 * uninterrupted one.
 *
 * Format: one JSON header line, then the values as little-endian unsigned
 * integers of `bytesPerValue` bytes. The checksum covers the header's
 * fields as well as the values: a width or count edited to fit the same
 * bytes would read other values (version 1 covered only the values, so its
 * checkpoints are refused, not trusted). Written to a temporary file, synced,
 * then renamed over the old checkpoint: a kill at any moment leaves the
 * previous checkpoint or the new one, never a torn file; a full disk leaves
 * the previous one.
 */
const FORMAT = 'sg-explore-checkpoint';
const VERSION = 2;

interface Header {
  format: string;
  version: number;
  rule: string;
  count: number;
  bytesPerValue: number;
  checksum: number;
}

/** FNV-1a over `bytes`, going on from `h`. */
function fnv1a(bytes: Uint8Array, h = 0x811c9dc5): number {
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** The checksum of a checkpoint: every header field that decides a value (in a fixed order), then the values. */
function checksum(header: Omit<Header, 'checksum'>, body: Uint8Array): number {
  const fields = JSON.stringify([header.format, header.version, header.rule, header.count, header.bytesPerValue]);
  return fnv1a(body, fnv1a(Buffer.from(fields + '\n', 'utf8')));
}

function bytesOf(values: ValueArray): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

const DAMAGED = 'damaged (size or checksum does not match its header)';

/** Why a checkpoint of another version is not read. */
function versionWords(version: unknown): Wording {
  if (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version < VERSION) {
    return says`written by an earlier version of sg-explore (checkpoint version ${version}; this one reads version ${VERSION}, whose checksum also covers the header), so it cannot be verified; start afresh (${mention('force')} in place of ${mention('resume')})`;
  }
  const which = typeof version === 'number' && Number.isSafeInteger(version) ? `checkpoint version ${version}` : 'no checkpoint version number';
  return says`${which}, not ${VERSION} (written by another version of sg-explore); start afresh (${mention('force')} in place of ${mention('resume')}), or resume with the version that wrote it`;
}

/** A checkpoint file refused: `checkpoint PATH: reason`. */
function refuse(code: InputCode, path: string, reason: Wording): InputError {
  return InputError.about(code, 'checkpoint', path, path, reason);
}

export function saveCheckpoint(path: string, rule: string, values: ValueArray): void {
  const bytes = bytesOf(values);
  const fields = { format: FORMAT, version: VERSION, rule, count: values.length, bytesPerValue: values.BYTES_PER_ELEMENT };
  const header: Header = { ...fields, checksum: checksum(fields, bytes) };
  const target = resolveOutputTarget(path, mention('checkpoint')).path;
  const temporary = temporaryBeside(target);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx');
    writeSync(fd, JSON.stringify(header) + '\n');
    for (let offset = 0; offset < bytes.length; offset += 1 << 26) writeSync(fd, bytes, offset, Math.min(1 << 26, bytes.length - offset));
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
    release(temporary);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    discard(temporary);
    const kept = existsSync(target) ? '; the previous checkpoint is kept' : '';
    throw new OutputError(says`${mention('checkpoint')} ${path}: cannot save it (${describeFsError(error)})${kept}`);
  }
}

/**
 * Before any work: the checkpoint can be written where asked, and an
 * existing one is not overwritten by a fresh run unless --force says so.
 */
export function checkCheckpointTarget(path: string, options: { resume: boolean; force: boolean }): void {
  const target = resolveOutputTarget(path, mention('checkpoint'));
  if (target.kind !== 'replace') throw refuse('bad-file', path, 'is not a regular file');
  if (target.existing && !options.resume && !options.force) {
    throw refuse('file-exists', path, says`the file exists; add ${mention('resume')} to continue from it, or ${mention('force')} to start afresh and overwrite it`);
  }
  removeStaleTemporaries(target.path);
  const probe = temporaryBeside(target.path);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw refuse('bad-file', path, `cannot write there (${describeFsError(error)})`);
  } finally {
    discard(probe);
  }
}

/** A rule's text in a mismatch is shown this far: enough for both sides' differences (a grid's columns come last), not a damaged file's megabyte. */
const RULE_CHARS = 200;

export function loadCheckpoint(path: string, rule: string): ValueArray {
  let fd: number | undefined;
  try {
    // Looked at before it is opened: opening a FIFO would wait, signals unheard, for a writer.
    const why = notRegular(statSync(path));
    if (why) throw refuse('bad-file', path, why);
    fd = openSync(path, 'r');
    const line = headerLine(fd);
    let header: Header;
    try {
      header = JSON.parse(line?.text ?? '') as Header;
    } catch {
      throw refuse('bad-file', path, 'not a sg-explore checkpoint');
    }
    if (typeof header !== 'object' || header === null || header.format !== FORMAT) throw refuse('bad-file', path, `not a sg-explore checkpoint (version ${VERSION})`);
    if (header.version !== VERSION) throw refuse('bad-file', path, versionWords(header.version));
    if (header.rule !== rule) throw refuse('mismatch', path, `it is for ${quote(header.rule, undefined, RULE_CHARS)}, not ${quote(rule, undefined, RULE_CHARS)}`);
    if (![1, 2, 4].includes(header.bytesPerValue) || !Number.isSafeInteger(header.count) || header.count < 0) throw refuse('bad-file', path, DAMAGED);
    // The values are read straight into a buffer of their own (aligned for their width): a record's checkpoint
    // is hundreds of megabytes, and a second copy of it would be the run's largest cost in memory.
    const length = statSync(path).size - line!.bodyAt;
    if (length !== header.count * header.bytesPerValue) throw refuse('bad-file', path, DAMAGED);
    const body = new Uint8Array(new ArrayBuffer(length));
    for (let at = 0; at < length; ) {
      const read = readSync(fd, body, at, Math.min(1 << 26, length - at), line!.bodyAt + at);
      if (read === 0) throw refuse('bad-file', path, DAMAGED);
      at += read;
    }
    if (checksum(header, body) !== header.checksum) throw refuse('bad-file', path, DAMAGED);
    return valueView(body.buffer, header.bytesPerValue);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw refuse('bad-file', path, `cannot read it (${describeFsError(error)})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A checkpoint's first line (its JSON header) and where the values after it start; undefined when no line ends within a megabyte. */
function headerLine(fd: number): { readonly text: string; readonly bodyAt: number } | undefined {
  const chunks: Buffer[] = [];
  for (let at = 0; at < 1 << 20; ) {
    const chunk = Buffer.alloc(1 << 16);
    const read = readSync(fd, chunk, 0, chunk.length, at);
    if (read === 0) return undefined;
    const newline = chunk.subarray(0, read).indexOf(10);
    chunks.push(chunk.subarray(0, newline < 0 ? read : newline));
    if (newline >= 0) return { text: Buffer.concat(chunks).toString('utf8'), bodyAt: at + newline + 1 };
    at += read;
  }
  return undefined;
}

/** The key (`rule`) a checkpoint was saved for, or undefined when the file is no readable checkpoint. */
export function checkpointKeyOf(path: string): string | undefined {
  let fd: number | undefined;
  try {
    if (notRegular(statSync(path))) return undefined; // a FIFO's open would wait: loading it says what it is
    fd = openSync(path, 'r');
    const line = headerLine(fd);
    if (!line) return undefined;
    const header = JSON.parse(line.text) as Partial<Header>;
    return header?.format === FORMAT && typeof header.rule === 'string' ? header.rule : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
